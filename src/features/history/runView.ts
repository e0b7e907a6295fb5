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

/**
 * Milliseconds the run's work took: from its first step (the first transition out of `editing`,
 * or the retry that started it) to its last transition. Time spent composing the draft before
 * the first step is not the run's. `null` for a run that never left `editing`.
 */
export function durationMs(record: WorkbenchRun): number | null {
  const first = record.transitions.find((transition) => transition.target !== 'editing');
  const last = record.transitions.at(-1);
  if (first === undefined || last === undefined) return null;
  return last.atMs - first.atMs;
}

/** `840 ms`, `12.4 s`, or `—` for a run with no step. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
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
