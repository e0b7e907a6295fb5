/**
 * `POST /workbench/trace` (issue 32): a Move trace of a committed transaction re-executed at its
 * version, of a given transaction at a version, or of a simulation on the latest state. The node's
 * REST API is untouched: traces are a dev control's answer only.
 */
import { NodeError } from '../errors.ts';
import type { DecodedTransaction } from '../executor/decode.ts';
import type { TraceMode } from '../executor/trace.ts';
import { emptyTracer, traceOf } from '../executor/trace.ts';
import { anySignatureVerifies } from '../executor/transactionSignatures.ts';
import type { MoveTrace } from '../move/vm/traceTypes.ts';
import type { Ledger } from '../storage/ledger.ts';
import type { TransactionOutput } from '../storage/types.ts';
import { admit, simulateTransaction } from './admission.ts';
import { notFound } from './history.ts';
import type { Reexecution, ReexecuteRequest } from './reexecute.ts';
import { reexecuteAt } from './reexecute.ts';

/** What to trace: a version (or a hash naming one), a transaction, or both. */
export interface TraceRequest {
  version?: bigint;
  hash?: string;
  /** BCS `SignedTransaction`: run at `version`, or simulated on the latest state without one. */
  transaction?: Uint8Array;
  /** Record every instruction too. */
  steps?: boolean;
}

/** A trace for an output that ran nothing (validation refused it): its root alone. */
function traced(
  tx: DecodedTransaction,
  output: TransactionOutput & { trace?: MoveTrace },
  simulation: boolean,
) {
  return output.trace ?? traceOf(emptyTracer(), tx, output, new Set(), simulation);
}

/**
 * Traces one execution.
 *
 * @throws NodeError `transaction_not_found` for an unknown hash, `version_not_found` past the
 *   ledger, `invalid_input` as `/workbench/reexecute` and `/v1/transactions/simulate` refuse.
 */
export function traceTransaction(
  request: TraceRequest,
  chain: {
    ledger: Ledger;
    chainId: number;
    nowMicros: bigint;
    /** How a version re-executes (a fork runs versions up to its fork point on the upstream's state). */
    reexecute?: (request: ReexecuteRequest, options: { trace: TraceMode }) => Reexecution;
  },
): MoveTrace {
  const mode: TraceMode = request.steps === true ? 'steps' : 'calls';
  let version = request.version;
  if (request.hash !== undefined) {
    const at = chain.ledger.versionOfHash(request.hash);
    if (at === undefined) {
      throw notFound(
        'transaction_not_found',
        `Transaction not found by Transaction hash(${request.hash})`,
      );
    }
    version = BigInt(at);
  }
  if (version !== undefined) {
    const given = request.transaction;
    const reexecute = chain.reexecute ?? ((at, options) => reexecuteAt(at, chain, options));
    const run = reexecute(given === undefined ? { version } : { version, transaction: given }, {
      trace: mode,
    });
    return {
      ...(run.trace as MoveTrace),
      kind: given === undefined ? 'committed' : 'reexecution',
      version: version.toString(),
    };
  }
  if (request.transaction === undefined) {
    throw new NodeError({
      code: 'invalid_input',
      message: 'Give a `version`, a `hash` or a `transaction` to trace',
    });
  }
  const decoded = admit(request.transaction);
  if (anySignatureVerifies(decoded)) {
    throw new NodeError({
      code: 'invalid_input',
      message: 'Simulated transactions must not have a valid signature',
    });
  }
  const flags = {
    estimateGasUnitPrice: false,
    estimateMaxGasAmount: false,
    estimatePrioritizedGasUnitPrice: false,
  };
  const context = { nowMicros: chain.nowMicros, chainId: chain.chainId };
  const { tx, output } = simulateTransaction(decoded, chain.ledger.reader(), flags, context, mode);
  return traced(tx, output, true);
}
