import type { WorkbenchRun } from '../machines';
import { parseMoveTrace, type MoveTrace } from './moveTrace';

/**
 * A run's own Move trace (`WorkbenchRun.moveTrace`): the trace of its committed execution, or of
 * its simulation when it never committed, kept in History and in exported runs without its
 * instruction steps (a stepping trace is fetched again on request). Its values are already
 * summarized by the chain (TRACE_LIMITS in localnet/move/vm/traceTypes.ts).
 */

/** The trace without `steps`, and `truncated.steps` false (none are kept). */
export function compactMoveTrace(trace: MoveTrace): MoveTrace {
  if (trace.steps === undefined && !trace.truncated.steps) return trace;
  const { steps: _steps, ...rest } = trace;
  return { ...rest, truncated: { ...trace.truncated, steps: false } };
}

/**
 * Whether a trace is of this run's execution: of its committed version (and hash) once it
 * committed, else a simulation of it.
 */
export function traceIsOfRun(trace: MoveTrace, run: WorkbenchRun): boolean {
  const { version, hash } = run.chain;
  if (version !== null) {
    return (
      trace.kind === 'committed' &&
      trace.version === version &&
      (hash === null || trace.hash === hash)
    );
  }
  return trace.kind === 'simulation';
}

/**
 * The run with the trace kept, compact; the same object when it already holds that trace, or
 * when the trace is not of its execution (another chain's transaction at that version).
 *
 * @example
 * ```ts
 * const kept = withMoveTrace(record, trace);
 * if (kept !== record) await store.putRun(kept);
 * ```
 */
export function withMoveTrace(run: WorkbenchRun, trace: MoveTrace): WorkbenchRun {
  if (!traceIsOfRun(trace, run)) return run;
  const compact = compactMoveTrace(trace);
  if (run.moveTrace !== undefined && JSON.stringify(run.moveTrace) === JSON.stringify(compact)) {
    return run;
  }
  return { ...run, moveTrace: compact };
}

/** The run's stored trace, checked; `null` when it has none or it is not a trace. */
export function storedMoveTrace(run: WorkbenchRun): MoveTrace | null {
  if (run.moveTrace === undefined) return null;
  try {
    return parseMoveTrace(run.moveTrace);
  } catch {
    return null;
  }
}
