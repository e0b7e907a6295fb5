import type { CommittedResult, WorkbenchRun } from '../../../machines';
import type { RunResultsData } from '../compose/results/ResultsPanel';

/** Badge colour per final state. */
export function stateColor(state: string): string {
  if (state === 'committed' || state === 'simulated.success') return 'teal';
  if (state === 'timedOut') return 'orange';
  if (state === 'editing' || state === 'built' || state === 'signed') return 'gray';
  if (
    ['building', 'simulating', 'signing', 'submitting', 'pending', 'rechecking'].some((s) =>
      state.startsWith(s),
    )
  ) {
    return 'blue';
  }
  return 'red';
}

/** `0x1234…cdef` for long hex strings. */
export function shortHex(value: string, keep = 6): string {
  return value.length > keep * 2 + 3 ? `${value.slice(0, keep + 2)}…${value.slice(-keep)}` : value;
}

/** Milliseconds from the run's start to its last transition. */
export function durationMs(record: WorkbenchRun): number {
  return record.transitions.at(-1)?.atMs ?? 0;
}

/** The committed transaction of a record, when the chain executed it. */
export function committedOf(record: WorkbenchRun): CommittedResult | null {
  const { chain } = record;
  if (chain.hash === null || chain.version === null || chain.success === null) return null;
  return {
    hash: chain.hash,
    version: chain.version,
    success: chain.success,
    vmStatus: chain.vmStatus ?? '',
    gasUsed: chain.gasUsed ?? '0',
    events: chain.events,
    changes: chain.changes,
  };
}

/** A stored record as the Compose result components read a live run. */
export function resultsData(record: WorkbenchRun): RunResultsData {
  return {
    built: record.chain.built,
    simulation: record.chain.simulation,
    committed: committedOf(record),
    outcome: record.outcome,
    draft: record.draft,
    timing: record.timing,
    attempt: record.attempt,
  };
}

/** Whether the run ended in a failure (the replay buttons are offered on those). */
export function isFailure(record: WorkbenchRun): boolean {
  return record.tags.includes('error') || record.state === 'timedOut';
}
