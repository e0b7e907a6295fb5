import type {
  BuiltTransaction,
  CommittedResult,
  SimulationResult,
  StateTiming,
  TransactionDraft,
} from '../../../../machines';
import { TIMED_STEPS } from '../../../../machines';
import type { NodeTransaction, TimingRow } from '../../transaction';

function common(built: BuiltTransaction | null, draft: TransactionDraft) {
  return {
    type: 'user_transaction',
    sender: built?.sender ?? draft.sender,
    payload: {
      type: 'entry_function_payload',
      function: draft.payload.function,
      type_arguments: draft.payload.typeArguments,
      arguments: draft.payload.functionArguments,
    },
    ...(built
      ? {
          sequence_number: built.sequenceNumber,
          max_gas_amount: built.maxGasAmount,
          expiration_timestamp_secs: built.expirationTimestampSecs,
        }
      : {}),
  };
}

/** A run's simulation in the node's shape (what `POST /v1/transactions/simulate` answers). */
export function simulationAsNode(
  simulation: SimulationResult,
  built: BuiltTransaction | null,
  draft: TransactionDraft,
): NodeTransaction {
  const price = simulation.gasUnitPrice ?? built?.gasUnitPrice;
  return {
    ...common(built, draft),
    success: simulation.success,
    vm_status: simulation.vmStatus,
    gas_used: simulation.gasUsed,
    ...(price ? { gas_unit_price: price } : {}),
    events: simulation.events,
    changes: simulation.changes,
  };
}

/** A run's committed transaction in the node's shape (`GET /v1/transactions/by_hash`). */
export function committedAsNode(
  committed: CommittedResult,
  built: BuiltTransaction | null,
  draft: TransactionDraft,
): NodeTransaction {
  return {
    ...common(built, draft),
    hash: committed.hash,
    version: committed.version,
    success: committed.success,
    vm_status: committed.vmStatus,
    gas_used: committed.gasUsed,
    ...(built ? { gas_unit_price: built.gasUnitPrice } : {}),
    events: committed.events,
    changes: committed.changes,
  };
}

/** The attempt's step durations as Timings rows, in step order. */
export function timingRows(timing: StateTiming): TimingRow[] {
  return TIMED_STEPS.flatMap((step) => {
    const ms = timing.stepDurationsMs[step];
    return ms === undefined ? [] : [{ step, ms }];
  });
}
