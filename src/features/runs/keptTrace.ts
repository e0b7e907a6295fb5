import type { WorkbenchRun } from '../../../machines';
import type { MoveTrace } from '../../../replay/moveTrace';
import { withMoveTrace } from '../../../replay/runTrace';

/** The Move trace kept with the live run: what the Trace tab fetched, and how to save it now. */
export interface KeptTrace {
  /** The record with the kept trace, when it is this run's and of its execution; else as is. */
  apply(record: WorkbenchRun): WorkbenchRun;
  /** Keeps `trace` for `record`'s run; saves the run at once when that changes it. */
  keep(record: WorkbenchRun, trace: MoveTrace): void;
  /** How the Compose session saves the live run (set once per session). */
  setSave(save: () => void): void;
}

/**
 * One holder per RunsProvider: the session's every save goes through `apply`, so a later save of
 * the live run keeps the trace for as long as it is of the run's execution (a simulation's until
 * the run commits, replay/runTrace.ts).
 *
 * @example
 * ```ts
 * const kept = createKeptTrace();
 * kept.setSave(save);
 * kept.keep(live.get(), trace);
 * ```
 */
export function createKeptTrace(): KeptTrace {
  let kept: { id: string; trace: MoveTrace } | null = null;
  let save: (() => void) | null = null;
  return {
    apply: (record) => (kept?.id === record.id ? withMoveTrace(record, kept.trace) : record),
    keep: (record, trace) => {
      if (kept?.id === record.id && kept.trace === trace) return;
      kept = { id: record.id, trace };
      if (withMoveTrace(record, trace) !== record) save?.();
    },
    setSave: (next) => {
      save = next;
    },
  };
}
