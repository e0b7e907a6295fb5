import {
  childrenIndex,
  gasUnitsText,
  totalInternalGas,
  type MoveTrace,
  type TraceFrame,
} from './moveTrace';
import { frameFailure, valueText } from './moveTraceText';

/**
 * Where two Move traces of one transaction diverge (the original execution and a re-execution
 * with changes, say more gas), frame by frame. The call trees are aligned in call order: the
 * roots together, then each aligned frame's callees matched by function (a frame's depth is its
 * parent's plus one, so function + depth), keeping their order. Pure.
 */
export type FrameAspect = 'called' | 'typeArgs' | 'args' | 'calls' | 'status' | 'returns' | 'gas';

export interface FrameDifference {
  aspect: FrameAspect;
  original: string;
  modified: string;
}

/** Two aligned frames (one side `null` when only one execution called it) and how they differ. */
export interface FramePair {
  original: TraceFrame | null;
  modified: TraceFrame | null;
  differences: FrameDifference[];
}

export interface MoveTraceDiff {
  /** Every frame of either trace once, aligned, in call order. */
  pairs: FramePair[];
  /**
   * The frame where execution first went differently, as it ran: a frame entered differently
   * (called only in one, other arguments), or one that made other calls, ended otherwise or
   * spent other execution gas of its own, found before its caller's end. (A frame whose IO or
   * storage alone differ is listed, not named: those are charged after execution.) `null` when the two are the same.
   */
  divergence: {
    /** Index in `pairs`; its `differences` say how. */
    pair: number;
    /** Frames entered the same way before it, in call order. */
    identicalFrames: number;
  } | null;
}

/** Children lists longer than this product are matched greedily instead of by LCS. */
const LCS_CELLS = 1_000_000;

function key(frame: TraceFrame): string {
  return frame.function;
}

/** Pairs two callee lists by function, keeping order (longest common subsequence). */
function alignChildren(
  a: readonly number[],
  b: readonly number[],
  keyA: (id: number) => string,
  keyB: (id: number) => string,
): Array<[number | null, number | null]> {
  const pairs: Array<[number | null, number | null]> = [];
  let start = 0;
  while (start < a.length && start < b.length && keyA(a[start] ?? 0) === keyB(b[start] ?? 0)) {
    pairs.push([a[start] ?? null, b[start] ?? null]);
    start += 1;
  }
  let endA = a.length;
  let endB = b.length;
  const tail: Array<[number | null, number | null]> = [];
  while (endA > start && endB > start && keyA(a[endA - 1] ?? 0) === keyB(b[endB - 1] ?? 0)) {
    endA -= 1;
    endB -= 1;
    tail.unshift([a[endA] ?? null, b[endB] ?? null]);
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length <= LCS_CELLS) {
    const n = midA.length;
    const m = midB.length;
    const table = new Uint32Array((n + 1) * (m + 1));
    for (let i = n - 1; i >= 0; i -= 1) {
      for (let j = m - 1; j >= 0; j -= 1) {
        table[i * (m + 1) + j] =
          keyA(midA[i] ?? 0) === keyB(midB[j] ?? 0)
            ? (table[(i + 1) * (m + 1) + j + 1] ?? 0) + 1
            : Math.max(table[(i + 1) * (m + 1) + j] ?? 0, table[i * (m + 1) + j + 1] ?? 0);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && keyA(midA[i] ?? 0) === keyB(midB[j] ?? 0)) {
        pairs.push([midA[i] ?? null, midB[j] ?? null]);
        i += 1;
        j += 1;
      } else if (
        j >= m ||
        (i < n && (table[(i + 1) * (m + 1) + j] ?? 0) >= (table[i * (m + 1) + j + 1] ?? 0))
      ) {
        pairs.push([midA[i] ?? null, null]);
        i += 1;
      } else {
        pairs.push([null, midB[j] ?? null]);
        j += 1;
      }
    }
  } else {
    // Too many to tabulate: pair each original with the next modified of its function.
    let j = 0;
    for (const id of midA) {
      let found = j;
      while (found < midB.length && keyB(midB[found] ?? 0) !== keyA(id)) found += 1;
      if (found === midB.length) {
        pairs.push([id, null]);
        continue;
      }
      for (; j < found; j += 1) pairs.push([null, midB[j] ?? null]);
      pairs.push([id, midB[found] ?? null]);
      j = found + 1;
    }
    for (; j < midB.length; j += 1) pairs.push([null, midB[j] ?? null]);
  }
  return [...pairs, ...tail];
}

const json = (value: unknown) => JSON.stringify(value);

function valuesText(values: TraceFrame['args'] | null): string {
  return values === null ? '(did not return)' : `(${values.map(valueText).join(', ')})`;
}

/** How a frame ended: `success`, the abort it raised, the VM error it raised, or its status. */
export function frameEnd(frame: TraceFrame): string {
  if (frame.abort !== undefined) return frameFailure(frame);
  if (frame.error !== undefined) {
    return `${frame.error}${frame.offset === undefined ? '' : ` at offset ${frame.offset}`}`;
  }
  return frame.status;
}

function gasText(frame: TraceFrame, trace: MoveTrace, own: boolean): string {
  return `${gasUnitsText(totalInternalGas(own ? frame.selfGas : frame.gas, trace), trace.gasScale, 4)} units`;
}

function calleesText(frames: readonly TraceFrame[]): string {
  return frames.length === 0 ? 'none' : frames.map((frame) => frame.function).join(', ');
}

/**
 * Aligns two traces of one transaction and finds where they diverge.
 *
 * @param args.original - the trace of the execution as it was (a committed version).
 * @param args.modified - the trace of the same transaction changed (a re-execution).
 * @example
 * ```ts
 * const diff = diffMoveTraces({ original, modified });
 * if (diff.divergence) console.log(diff.pairs[diff.divergence.pair]);
 * ```
 */
export function diffMoveTraces(args: { original: MoveTrace; modified: MoveTrace }): MoveTraceDiff {
  const { original, modified } = args;
  const childrenA = childrenIndex(original);
  const childrenB = childrenIndex(modified);
  const keyA = (id: number) => key(original.frames[id] as TraceFrame);
  const keyB = (id: number) => key(modified.frames[id] as TraceFrame);
  const pairs: FramePair[] = [];
  const found: { divergence: MoveTraceDiff['divergence'] } = { divergence: null };
  let entered = 0;
  const diverge = (pair: number) => {
    found.divergence ??= { pair, identicalFrames: entered };
  };

  // Only one side called it: the frame and its callees are listed, unmatched.
  const lone = (id: number, side: 'original' | 'modified') => {
    const trace = side === 'original' ? original : modified;
    const children = side === 'original' ? childrenA : childrenB;
    const stack = [id];
    while (stack.length > 0) {
      const at = stack.pop() as number;
      const frame = trace.frames[at] as TraceFrame;
      const called = `called ${frame.function}`;
      pairs.push({
        original: side === 'original' ? frame : null,
        modified: side === 'modified' ? frame : null,
        differences: [
          {
            aspect: 'called',
            original: side === 'original' ? called : 'not called',
            modified: side === 'modified' ? called : 'not called',
          },
        ],
      });
      stack.push(...[...(children[at] ?? [])].reverse());
    }
  };

  // Depth-first in execution order: a frame's entry, its callees, then its end; the first
  // difference met is where execution went differently.
  const visit = (a: number, b: number) => {
    const frameA = original.frames[a] as TraceFrame;
    const frameB = modified.frames[b] as TraceFrame;
    const index = pairs.length;
    const pair: FramePair = { original: frameA, modified: frameB, differences: [] };
    pairs.push(pair);
    const entry: FrameDifference[] = [];
    if (json(frameA.typeArgs) !== json(frameB.typeArgs)) {
      entry.push({
        aspect: 'typeArgs',
        original: `<${frameA.typeArgs.join(', ')}>`,
        modified: `<${frameB.typeArgs.join(', ')}>`,
      });
    }
    if (json(frameA.args) !== json(frameB.args)) {
      entry.push({
        aspect: 'args',
        original: valuesText(frameA.args),
        modified: valuesText(frameB.args),
      });
    }
    if (entry.length > 0) diverge(index);
    if (found.divergence === null) entered += 1;
    const onlyA: TraceFrame[] = [];
    const onlyB: TraceFrame[] = [];
    for (const [childA, childB] of alignChildren(
      childrenA[a] ?? [],
      childrenB[b] ?? [],
      keyA,
      keyB,
    )) {
      if (childA !== null && childB !== null) {
        visit(childA, childB);
        continue;
      }
      // This frame went differently here: it made a call the other did not.
      diverge(index);
      if (childA !== null) {
        onlyA.push(original.frames[childA] as TraceFrame);
        lone(childA, 'original');
      }
      if (childB !== null) {
        onlyB.push(modified.frames[childB] as TraceFrame);
        lone(childB, 'modified');
      }
    }
    const end: FrameDifference[] = [];
    if (onlyA.length + onlyB.length > 0) {
      end.push({ aspect: 'calls', original: calleesText(onlyA), modified: calleesText(onlyB) });
    }
    if (frameEnd(frameA) !== frameEnd(frameB)) {
      end.push({ aspect: 'status', original: frameEnd(frameA), modified: frameEnd(frameB) });
    }
    if (json(frameA.returns) !== json(frameB.returns)) {
      end.push({
        aspect: 'returns',
        original: valuesText(frameA.returns),
        modified: valuesText(frameB.returns),
      });
    }
    if (json(frameA.gas) !== json(frameB.gas)) {
      end.push({
        aspect: 'gas',
        original: `${gasText(frameA, original, false)} (own ${gasText(frameA, original, true)})`,
        modified: `${gasText(frameB, modified, false)} (own ${gasText(frameB, modified, true)})`,
      });
    }
    pair.differences = [...entry, ...end];
    // IO and storage are put on a frame after the fact (a write's on the slot's last writer, an
    // event's on its emitter), so only its own execution gas says it ran otherwise.
    const ranOtherwise = frameA.selfGas.execution !== frameB.selfGas.execution;
    if (end.some((each) => each.aspect !== 'gas') || ranOtherwise) diverge(index);
  };

  const rootA = original.frames[0];
  const rootB = modified.frames[0];
  if (rootA !== undefined && rootB !== undefined) visit(0, 0);
  else {
    if (rootA !== undefined) lone(0, 'original');
    if (rootB !== undefined) lone(0, 'modified');
    if (pairs.length > 0) diverge(0);
  }
  return { pairs, divergence: found.divergence };
}

/**
 * The diff in one sentence: `Identical: the same 4 frames, …` or `Identical up to frame 3;
 * diverges at 0xcafe::m::f: status ABORT … → success`.
 */
export function traceDiffSummary(diff: MoveTraceDiff): string {
  const { divergence } = diff;
  if (divergence === null) {
    return `Identical: the same ${diff.pairs.length} frame${diff.pairs.length === 1 ? '' : 's'}, arguments, returns, status and gas.`;
  }
  const pair = diff.pairs[divergence.pair];
  const name = pair?.original?.function ?? pair?.modified?.function ?? '?';
  const what = (pair?.differences ?? [])
    .map((difference) => `${difference.aspect} ${difference.original} → ${difference.modified}`)
    .join('; ');
  return `Identical up to frame ${divergence.identicalFrames}; diverges at ${name}: ${what}`;
}
