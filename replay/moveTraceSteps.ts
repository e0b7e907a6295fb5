import { sourceText, valueText } from './moveTraceText';
import { failingFrame, type MoveTrace, type TraceSource, type TraceStep } from './moveTrace';

/**
 * Stepping through a stepping trace (`steps: true`) both ways, as a debugger does: into (the next
 * instruction, whatever frame), over (the next one in this frame or a caller), out (the next one
 * in a caller), and the same backwards; to the start and to the abort. Pure: positions are
 * indices into `trace.steps`; a move that goes nowhere answers `null`.
 */
export type StepMove =
  'into' | 'over' | 'out' | 'backInto' | 'backOver' | 'backOut' | 'start' | 'abort';

/** A stepping trace indexed once: each step's call depth and where the failure was raised. */
export interface StepIndex {
  steps: readonly TraceStep[];
  /** `frames[step.frame].depth` of each step. */
  depths: Int32Array;
  /** The last step of the frame that aborted or failed; `null` when nothing failed. */
  abort: number | null;
}

/** Indexes a trace's steps (none when it was fetched without `steps: true`). */
export function stepIndex(trace: MoveTrace): StepIndex {
  const steps = trace.steps ?? [];
  const depths = new Int32Array(steps.length);
  steps.forEach((step, index) => {
    depths[index] = trace.frames[step.frame]?.depth ?? 0;
  });
  const failed = failingFrame(trace);
  let abort: number | null = null;
  if (failed !== null) {
    for (let index = steps.length - 1; index >= 0; index -= 1) {
      if (steps[index]?.frame === failed.id) {
        abort = index;
        break;
      }
    }
    // A native raised it: its caller's call is the last instruction that ran.
    if (abort === null && steps.length > 0) abort = steps.length - 1;
  }
  return { steps, depths, abort };
}

function forward(index: StepIndex, at: number, stop: (depth: number) => boolean): number {
  for (let next = at + 1; next < index.steps.length; next += 1) {
    if (stop(index.depths[next] ?? 0)) return next;
  }
  // Execution ended deeper (an abort in a callee): stop where it ended.
  return index.steps.length - 1;
}

function backward(index: StepIndex, at: number, stop: (depth: number) => boolean): number {
  for (let previous = at - 1; previous >= 0; previous -= 1) {
    if (stop(index.depths[previous] ?? 0)) return previous;
  }
  return 0;
}

/**
 * Where a move from step `at` lands, or `null` when it goes nowhere (at an end, or no abort).
 *
 * - `into` / `backInto`: the next / previous instruction.
 * - `over` / `backOver`: the next / previous instruction at this depth or shallower (a call's
 *   callee is skipped; backwards from a frame's first instruction, its caller's call).
 * - `out` / `backOut`: the next instruction in a caller / the call that entered this frame.
 * - `start` / `abort`: the first instruction / the last one of the frame that failed.
 *
 * When execution ends deeper than the current frame (a callee aborts), `over` and `out` stop at
 * the last instruction that ran.
 *
 * @example
 * ```ts
 * const index = stepIndex(trace);
 * const next = stepTarget(index, 0, 'over'); // null at the last step
 * ```
 */
export function stepTarget(index: StepIndex, at: number, move: StepMove): number | null {
  const count = index.steps.length;
  if (count === 0 || at < 0 || at >= count) return null;
  const depth = index.depths[at] ?? 0;
  let target: number | null;
  switch (move) {
    case 'into':
      target = at + 1 < count ? at + 1 : null;
      break;
    case 'backInto':
      target = at > 0 ? at - 1 : null;
      break;
    case 'over':
      target = forward(index, at, (each) => each <= depth);
      break;
    case 'out':
      target = forward(index, at, (each) => each < depth);
      break;
    case 'backOver':
      target = backward(index, at, (each) => each <= depth);
      break;
    case 'backOut':
      target = backward(index, at, (each) => each < depth);
      break;
    case 'start':
      target = 0;
      break;
    case 'abort':
      target = index.abort;
      break;
  }
  return target === at ? null : target;
}

/**
 * The step a frame starts at: its first instruction; for a frame without steps of its own (a
 * native), the call in its caller that ran it; `null` when the trace has no step for either.
 */
export function firstStepOfFrame(trace: MoveTrace, frameId: number): number | null {
  const steps = trace.steps ?? [];
  const own = steps.findIndex((step) => step.frame === frameId);
  if (own >= 0) return own;
  const frame = trace.frames[frameId];
  if (frame === undefined || frame.parent < 0) return steps.length > 0 ? 0 : null;
  // Frames are numbered in call order, so the frame is the parent's n-th callee and ran from the
  // parent's n-th call instruction.
  const nth = trace.frames.filter(
    (each) => each.parent === frame.parent && each.id < frameId,
  ).length;
  let calls = 0;
  for (let index = 0; index < steps.length; index += 1) {
    const step = steps[index];
    if (step?.frame !== frame.parent || !/^Call/.test(step.instruction)) continue;
    if (calls === nth) return index;
    calls += 1;
  }
  return firstStepOfFrame(trace, frame.parent);
}

/** One source line around a step's, for the stepper's listing. */
export interface SourceLine {
  number: number;
  text: string;
  current: boolean;
}

/**
 * The lines of `source`'s file around its line (`around` on each side), from `trace.sources`;
 * empty when the trace does not carry the file.
 */
export function sourceAround(trace: MoveTrace, source: TraceSource, around = 3): SourceLine[] {
  const text = trace.sources?.[source.file];
  if (text === undefined) return [];
  const lines = text.split('\n');
  const from = Math.max(1, source.line - around);
  const to = Math.min(lines.length, source.line + around);
  const shown: SourceLine[] = [];
  for (let number = from; number <= to; number += 1) {
    shown.push({ number, text: lines[number - 1] ?? '', current: number === source.line });
  }
  return shown;
}

/**
 * The position in words, for a screen reader and the stepper's heading: `Step 3 of 19:
 * 0xcafe::chain::b, offset 0, MoveLoc(0), chain.move:9, depth 2`.
 *
 * @param name - how to print a function (the app shortens long addresses); as it is by default.
 */
export function describeStep(
  trace: MoveTrace,
  at: number,
  name: (fn: string) => string = (fn) => fn,
): string {
  const steps = trace.steps ?? [];
  const step = steps[at];
  if (step === undefined) return 'No instruction steps.';
  const frame = trace.frames[step.frame];
  const where = step.source === undefined ? '' : `, ${sourceText(step.source)}`;
  return `Step ${at + 1} of ${steps.length}: ${frame ? name(frame.function) : `frame ${step.frame}`}, offset ${step.offset}, ${step.instruction}${where}, depth ${frame?.depth ?? 0}`;
}

/** A step's locals as text, one per slot: a value on one line, or `unset` (never set, or moved out). */
export function localTexts(step: TraceStep): string[] {
  return step.locals.map((value) => (value === null ? 'unset' : valueText(value)));
}
