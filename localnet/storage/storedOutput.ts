import type { ChainEvent, TransactionOutput, WriteOp } from './types.ts';

// A transaction output as the durable log (log.ts) stores it, and the conversions both ways.

/** A transaction output as the log stores it (u64 amounts as decimal strings). */
export interface StoredOutput {
  success: boolean;
  vmStatus: string;
  gasUsed: string;
  writes: WriteOp[];
  events: ChainEvent[];
  fee: { total: string; execution: string; io: string; storage: string };
}

/** The output in its stored form: u64 figures as decimal strings. */
export function storeOutput(output: TransactionOutput): StoredOutput {
  return {
    success: output.success,
    vmStatus: output.vmStatus,
    gasUsed: output.gasUsed.toString(),
    writes: output.writes,
    events: output.events,
    fee: {
      total: output.fee.totalGasUnits.toString(),
      execution: output.fee.executionGasUnits.toString(),
      io: output.fee.ioGasUnits.toString(),
      storage: output.fee.storageFeeOctas.toString(),
    },
  };
}

/** The output again from its stored form. */
export function loadOutput(stored: StoredOutput): TransactionOutput {
  return {
    success: stored.success,
    vmStatus: stored.vmStatus,
    gasUsed: BigInt(stored.gasUsed),
    writes: stored.writes,
    events: stored.events,
    fee: {
      totalGasUnits: BigInt(stored.fee.total),
      executionGasUnits: BigInt(stored.fee.execution),
      ioGasUnits: BigInt(stored.fee.io),
      storageFeeOctas: BigInt(stored.fee.storage),
    },
  };
}
