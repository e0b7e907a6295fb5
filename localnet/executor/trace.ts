/**
 * A traced execution (issue 32): the recorder the executor hands the VM (`MoveTracer`, through
 * the session's `tracer`), and the `MoveTrace` JSON it becomes once the transaction's output is
 * known (its writes and events exactly as the REST API prints them).
 */
import type { LongAddress } from '../encoding.ts';
import { findModule } from '../framework/registry.ts';
import type { NativeAbi } from '../move/vm/trace.ts';
import { MoveTracer } from '../move/vm/trace.ts';
import type { MoveTrace, TraceFrame } from '../move/vm/traceTypes.ts';
import { MOVE_TRACE_FORMAT } from '../move/vm/traceTypes.ts';
import { parseTy } from '../move/vm/ty.ts';
import type { StateKey, TransactionOutput } from '../storage/types.ts';
import { changeJson, eventJson } from './changes.ts';
import type { DecodedTransaction } from './decode.ts';
import { GAS, type GasMeter } from './gas.ts';

/** `calls`: the call tree with gas, reads, writes and events; `steps`: every instruction too. */
export type TraceMode = 'calls' | 'steps';

const abis = new Map<string, NativeAbi | null>();

/** A framework function's parameter and return types, from the registry's ABI (parsed once). */
function nativeAbi(address: LongAddress, module: string, name: string): NativeAbi | undefined {
  const id = `${address}::${module}::${name}`;
  let abi = abis.get(id);
  if (abi === undefined) {
    const fn = findModule(address, module)?.functions.find((f) => f.name === name);
    try {
      abi =
        fn === undefined
          ? null
          : {
              params: fn.params.map((p) => parseTy(p, true)),
              returns: fn.returns.map((r) => parseTy(r, true)),
            };
    } catch {
      abi = null;
    }
    abis.set(id, abi);
  }
  return abi ?? undefined;
}

/** The recorder for one transaction on `meter`. */
export function createTracer(meter: GasMeter, mode: TraceMode): MoveTracer {
  return new MoveTracer({
    gas: () => ({ execution: meter.execution, io: meter.io }),
    nativeAbi,
    steps: mode === 'steps',
  });
}

/** The recorder of a transaction that did not run (refused by validation): its root alone. */
export function emptyTracer(): MoveTracer {
  return new MoveTracer({ gas: () => ({ execution: 0, io: 0 }), nativeAbi, steps: false });
}

/**
 * The trace of `tx` once executed: `epilogueKeys` were last written by the epilogue (sequence
 * number, fee), so the root holds them.
 */
export function traceOf(
  tracer: MoveTracer,
  tx: DecodedTransaction,
  output: TransactionOutput,
  epilogueKeys: ReadonlySet<StateKey>,
  simulation: boolean,
): MoveTrace {
  tracer.finishGas();
  const frames: TraceFrame[] = tracer.frames;
  const writes = output.writes.map((write, i) => {
    const frame = epilogueKeys.has(write.key) ? 0 : tracer.writerOf(write.key);
    frames[frame]?.writes.push(i);
    return { frame, change: changeJson(write) };
  });
  const events = output.events.map((event, i) => {
    const frame = tracer.eventFrame(event);
    frames[frame]?.events.push(i);
    return { frame, event: eventJson(event) };
  });
  tracer.reads.forEach((read, i) => frames[read.frame]?.reads.push(i));
  const root = frames[0] as TraceFrame;
  root.returns = output.success ? [] : null;
  if (!output.success) {
    const abort = output.vmStatus.startsWith('Move abort');
    const outOfGas = output.vmStatus === 'Out of gas';
    root.status = abort ? 'abort' : outOfGas ? 'out_of_gas' : 'error';
    // Raised outside every frame (charging the writes, validation, the epilogue): the root's.
    if (!abort && frames.every((f) => f.error === undefined)) {
      root.error = outOfGas ? 'OUT_OF_GAS' : output.vmStatus;
    }
  }
  const steps = tracer.stepper;
  return {
    format: MOVE_TRACE_FORMAT,
    kind: simulation ? 'simulation' : 'committed',
    hash: tx.hash,
    success: output.success,
    vmStatus: output.vmStatus,
    gasUsed: output.gasUsed.toString(),
    gasUnitPrice: tx.gasUnitPrice.toString(),
    gasScale: GAS.scale.toString(),
    fee: {
      totalGasUnits: output.fee.totalGasUnits.toString(),
      executionGasUnits: output.fee.executionGasUnits.toString(),
      ioGasUnits: output.fee.ioGasUnits.toString(),
      storageFeeOctas: output.fee.storageFeeOctas.toString(),
    },
    frames,
    reads: tracer.reads,
    writes,
    events,
    ...(steps === null ? {} : { steps: steps.steps }),
    truncated: { frames: tracer.truncatedFrames, steps: steps?.truncated ?? false },
  };
}
