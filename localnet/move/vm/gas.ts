/**
 * The gas model (documented in localnet/CHAIN.md, "Gas"). Internal units are 1,000,000 per gas
 * unit; fees are gas units × gas unit price, in octas. Every figure below is the on-chain gas
 * schedule of release v1.48.0 (aptos-networks `gas/v1.48.0.json`, its `txn.*` entries):
 *
 * - intrinsic: `min_transaction_gas_units` for a transaction up to `large_transaction_cutoff`
 *   bytes, plus `intrinsic_gas_per_byte` above;
 * - io: per state slot read (once per slot and transaction) plus per byte read; per slot written
 *   plus per byte of its key and value (BCS); per byte of each event and of the transaction;
 * - storage: per new slot plus per byte of its key and value, and per byte a slot grows, in
 *   octas (`storage_fee_per_state_slot`, `storage_fee_per_state_byte`).
 *
 * Execution of Move bytecode is charged by the instruction table (`ops.ts`, the same release).
 * Framework code this chain runs natively is charged an approximation: `entryCall` per entry
 * function, 0.45 units per withdraw or deposit, 0.1 per view.
 */
export const GAS = {
  scale: 1_000_000,
  intrinsic: 27_600_000,
  freeBytes: 600,
  perByte: 11_580,
  entryCall: 1_500_000,
  viewCall: 100_000,
  readSlot: 3_023_850,
  readByte: 1_510,
  writeSlot: 895_680,
  writeByte: 890,
  eventByte: 890,
  transactionByte: 890,
  storagePerSlotOctas: 400_000n,
  storagePerByteOctas: 400n,
  minGasUnitPrice: 100n,
  maxGasUnitPrice: 10_000_000_000n,
  /** `maximum_number_of_gas_units`. */
  maxGasAmount: 20_000_000n,
  maxTransactionBytes: 65_536,
  /** `estimate_gas_price` on an idle chain. */
  estimate: { deprioritized: 100, regular: 100, prioritized: 150 },
} as const;

/** Intrinsic gas in whole units (rounded up), the floor for `max_gas_amount`. */
export function intrinsicGasUnits(transactionBytes: number): bigint {
  const internal = GAS.intrinsic + Math.max(0, transactionBytes - GAS.freeBytes) * GAS.perByte;
  return BigInt(Math.ceil(internal / GAS.scale));
}

export class OutOfGas extends Error {
  override readonly name = 'OutOfGas';
}

/**
 * Meters one transaction. Internal units stay `number`: they are bounded by max_gas_amount
 * (≤ 20,000,000 units × 1,000,000), well inside 2^53.
 */
export class GasMeter {
  execution = 0;
  io = 0;
  private readonly limit: number;

  constructor(
    maxGasAmount: bigint,
    readonly transactionBytes: number,
  ) {
    this.limit = Number(maxGasAmount) * GAS.scale;
    this.execution = GAS.intrinsic + Math.max(0, transactionBytes - GAS.freeBytes) * GAS.perByte;
  }

  get used(): number {
    return this.execution + this.io;
  }

  private check(): void {
    if (this.used > this.limit) throw new OutOfGas();
  }

  chargeExecution(internal: number): void {
    this.execution += internal;
    this.check();
  }

  chargeIo(internal: number): void {
    this.io += internal;
    this.check();
  }

  /** Internal units left before the limit (the bytecode interpreter counts down from it). */
  remaining(): number {
    return this.limit - this.used;
  }

  /** Whole gas units used so far, rounded up. */
  units(): bigint {
    return BigInt(Math.ceil(this.used / GAS.scale));
  }
}
