import type { WorkbenchRun } from '../machines';
import { failingPath, parseMoveTrace, type MoveTrace, type TraceFrame } from './moveTrace';

/**
 * A run's own Move trace (`WorkbenchRun.moveTrace`): the trace of its committed execution, or of
 * its simulation when it never committed, kept in History and in exported runs without its
 * instruction steps (a stepping trace is fetched again on request). Its values are already
 * summarized by the chain (TRACE_LIMITS in localnet/move/vm/traceTypes.ts).
 */

/**
 * Frames a run keeps with its trace. A run's header is written on every save, so a trace of
 * tens of thousands of frames would cost megabytes a save; past this the first frames in call
 * order are kept, with the failing path whole (`truncated.frames`).
 */
export const RUN_TRACE_FRAMES = 2_000;

/** The trace without `steps`, and `truncated.steps` false (none are kept); frames capped. */
export function compactMoveTrace(trace: MoveTrace, maxFrames = RUN_TRACE_FRAMES): MoveTrace {
  const capped = capFrames(trace, maxFrames);
  if (capped.steps === undefined && !capped.truncated.steps) return capped;
  const { steps: _steps, ...rest } = capped;
  return { ...rest, truncated: { ...capped.truncated, steps: false } };
}

/**
 * The first `max` frames and the failing path, renumbered in call order (a parent still comes
 * before its children). Reads, writes and events of a dropped frame go to its nearest kept
 * ancestor, whose gas already includes the dropped frame's.
 */
function capFrames(trace: MoveTrace, max: number): MoveTrace {
  if (trace.frames.length <= max) return trace;
  const keep = new Set<number>(failingPath(trace));
  for (let id = 0; id < max; id += 1) keep.add(id);
  const renumbered = new Map<number, number>();
  trace.frames.forEach((frame) => {
    if (keep.has(frame.id)) renumbered.set(frame.id, renumbered.size);
  });
  const keptAncestor = (id: number): number => {
    let at = id;
    while (!renumbered.has(at)) at = (trace.frames[at] as TraceFrame).parent;
    return renumbered.get(at) as number;
  };
  const frames: TraceFrame[] = trace.frames
    .filter((frame) => keep.has(frame.id))
    .map((frame) => ({
      ...frame,
      id: renumbered.get(frame.id) as number,
      parent: frame.parent < 0 ? frame.parent : keptAncestor(frame.parent),
      events: [],
      reads: [],
      writes: [],
    }));
  const attach = <T extends { frame: number }>(list: T[], field: 'events' | 'reads' | 'writes') =>
    list.map((entry, index) => {
      const frame = keptAncestor(entry.frame);
      (frames[frame] as TraceFrame)[field].push(index);
      return { ...entry, frame };
    });
  return {
    ...trace,
    frames,
    events: attach(trace.events, 'events'),
    reads: attach(trace.reads, 'reads'),
    writes: attach(trace.writes, 'writes'),
    truncated: { ...trace.truncated, frames: true },
  };
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
