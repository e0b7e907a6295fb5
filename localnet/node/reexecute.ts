import type { Json } from '../encoding.ts';
import { NodeError } from '../errors.ts';
import type { DecodedTransaction } from '../executor/decode.ts';
import { decodeSignedTransaction } from '../executor/decode.ts';
import { execute } from '../executor/execute.ts';
import type { TraceMode } from '../executor/trace.ts';
import { emptyTracer, traceOf } from '../executor/trace.ts';
import type { MoveTrace } from '../move/vm/traceTypes.ts';
import { validate, validationFailureOutput } from '../executor/validate.ts';
import { timestampValue } from '../framework/genesis.ts';
import type { Ledger } from '../storage/ledger.ts';
import type { StateReader, TransactionOutput } from '../storage/types.ts';
import { StateOverlay } from '../storage/overlay.ts';
import { resourceKey } from '../storage/types.ts';
import { admit } from './admission.ts';
import { notFound } from './history.ts';
import { simulatedJson } from './render.ts';

type JsonObject = { [key: string]: Json };

/** What to re-execute at `version`. */
export type ReexecuteRequest =
  /** The committed user transaction at `version`, from its recorded signed bytes. */
  | { version: bigint }
  /** Any signed transaction (a modified draft), as if it had run at `version` instead. */
  | { version: bigint; transaction: Uint8Array };

/** The answer: the execution as `/transactions/simulate` prints it, plus where it ran. */
export interface Reexecution {
  transaction: JsonObject;
  gasUsed: bigint;
  blockHeight: number;
  /** The execution's Move trace, when one was asked for. */
  trace?: MoveTrace;
  /**
   * On a fork, for an upstream transaction: the framework functions it ran natively here, where
   * the upstream ran its framework's bytecode (`node/fork.ts`, `nativeFrameworkCalls`).
   */
  nativeFramework?: string[];
}

/**
 * Re-executes at a ledger version (issue 12, kind 3 at the original version): the state just
 * before `version` is read from the ledger as of `version - 1` (its index points at the writes of
 * every earlier transaction, which the log holds), the clock is the block's own, and the
 * transaction runs there against an overlay. The live state is only read, never written.
 *
 * A committed transaction is re-validated and executed as the miner did (sequence number exact,
 * signatures not checked again), so the answer reproduces the committed one byte for byte when
 * execution is deterministic: the recorded writes rebuild the state, the execution is computed
 * again. A modified transaction is validated as a simulation is (its signature is not checked,
 * so an unsigned draft works), against that same state and time.
 *
 * @param request - the version, and optionally the signed transaction to run there.
 * @param chain.ledger - the live ledger (read only).
 * @param chain.chainId - the chain id transactions are validated against.
 * @throws NodeError `version_not_found` past the ledger; `invalid_input` when `version` holds no
 *   user transaction and none was given, or the given bytes do not decode.
 */
export function reexecuteAt(
  request: ReexecuteRequest,
  chain: { ledger: Ledger; chainId: number },
  options: { trace?: TraceMode } = {},
): Reexecution {
  const { version } = request;
  const { ledger, chainId } = chain;
  if (version > BigInt(ledger.version)) {
    throw notFound('version_not_found', `Ledger version not found by Ledger version(${version})`);
  }
  if (version === 0n) {
    throw new NodeError({
      code: 'invalid_input',
      message: 'Version 0 is genesis: nothing runs before it; give a later version',
    });
  }
  const target = Number(version);
  const given = 'transaction' in request ? admit(request.transaction) : null;
  const blockHeight = ledger.heightOf(target);
  const timestamp = ledger.timestampOf(target);
  let tx: DecodedTransaction;
  let recorded = false;
  if (given !== null) {
    tx = given;
  } else {
    const record = ledger.record(target);
    if (record.kind !== 'user') {
      const what = record.kind === 'block_metadata' ? 'metadata' : 'state checkpoint';
      throw new NodeError({
        code: 'invalid_input',
        message: `Version ${version} is the block's ${what}, not a user transaction: give a user transaction's version, or a transaction to run there`,
      });
    }
    tx = decodeSignedTransaction(new Uint8Array(record.bytes));
    recorded = true;
  }
  const state = ledger.reader(target - 1);
  const output = executeAt({ state, timestamp, chainId, tx, recorded, trace: options.trace });
  return {
    transaction: simulatedJson(tx, output, target, timestamp, state),
    gasUsed: output.gasUsed,
    blockHeight,
    ...(output.trace === undefined ? {} : { trace: output.trace }),
  };
}

/** Runs `tx` on `state` inside a block at `timestamp`, as the miner commits one. */
export function executeAt(args: {
  state: StateReader;
  timestamp: bigint;
  chainId: number;
  tx: DecodedTransaction;
  recorded: boolean;
  trace?: TraceMode | undefined;
}): TransactionOutput & { trace?: MoveTrace } {
  const { timestamp, chainId } = args;
  const state = new StateOverlay(args.state);
  // The block's clock, as its metadata transaction set it (also for a version that is itself a
  // block's metadata, whose state before does not hold it yet).
  const clock = timestampValue(timestamp);
  state.set(resourceKey(clock.address, clock.type), clock);
  const failure = validate(args.tx, state, {
    nowSeconds: timestamp / 1_000_000n,
    chainId,
    signatures: 'skip',
    sequence: 'exact',
    // The miner does not re-check auth keys at commit; a simulation does.
    ...(args.recorded ? { authKeys: false } : {}),
  });
  if (failure !== null) {
    const refused = validationFailureOutput(failure);
    if (args.trace === undefined) return refused;
    return { ...refused, trace: traceOf(emptyTracer(), args.tx, refused, new Set(), false) };
  }
  const block = { timestampMicros: timestamp, chainId };
  return execute(args.tx, state, block, args.trace === undefined ? {} : { trace: args.trace });
}
