import { compactAddresses, shortAddress } from '../../format/address';
import { totalInternalGas, type MoveTrace } from '../../../replay/moveTrace';

/**
 * What the Trace tab's views share about one trace, computed once per trace in one pass over the
 * frames into typed arrays (10,000 frames: no array or object per frame).
 */
export interface TraceModel {
  trace: MoveTrace;
  /** Each frame's first call, and the next call of its caller (`-1`: none). */
  firstChild: Int32Array;
  nextSibling: Int32Array;
  /** How many calls each frame made, and its place among its caller's calls (1-based). */
  childCount: Int32Array;
  position: Int32Array;
  /** One past each frame's last descendant (its subtree is contiguous in call order). */
  ends: Int32Array;
  /** Root → the frame that aborted or failed; empty when nothing failed. */
  failing: number[];
  onFailingPath: Uint8Array;
  /**
   * Each frame's whole gas (execution + IO + storage at the price) as a float, for layout only:
   * parsing 10,000 frames' gas as bigint costs tens of milliseconds, and shown amounts are read
   * exactly with {@link frameTotal} for the frames on screen.
   */
  weights: Float64Array;
}

/**
 * The flamegraph's layout: the bars drawn (each frame's left edge and width, fractions of the
 * chart's width), in call order and by depth.
 */
export interface FlameLayout {
  /** The frame the chart is zoomed to: full width, its callers above it at full width too. */
  root: number;
  x: Float64Array;
  width: Float64Array;
  /** The frames drawn, in call order; `shown[id]` is 1 for them. */
  ids: number[];
  shown: Uint8Array;
  /** The frames drawn at each depth, left to right. */
  rows: number[][];
}

/** Frames drawn in the flamegraph need at least this share of the chart (0.4 %, 4 px in 1,000). */
export const MIN_BAR_WIDTH = 0.004;

/** The model of a trace: indices, the failing path and each frame's total gas. */
export function traceModel(trace: MoveTrace): TraceModel {
  const { frames } = trace;
  const count = frames.length;
  const firstChild = new Int32Array(count).fill(-1);
  const nextSibling = new Int32Array(count).fill(-1);
  const lastChild = new Int32Array(count).fill(-1);
  const childCount = new Int32Array(count);
  const position = new Int32Array(count);
  const parents = new Int32Array(count);
  const weights = new Float64Array(count);
  const price = Number(trace.gasUnitPrice);
  const perOcta = price === 0 ? 0 : Number(trace.gasScale) / price;
  let failed = -1;
  for (let id = 0; id < count; id += 1) {
    const frame = frames[id];
    if (frame === undefined) continue;
    const { parent, gas } = frame;
    parents[id] = parent;
    if (parent >= 0) {
      const last = lastChild[parent] ?? -1;
      if (last < 0) firstChild[parent] = id;
      else nextSibling[last] = id;
      lastChild[parent] = id;
      const place = (childCount[parent] ?? 0) + 1;
      childCount[parent] = place;
      position[id] = place;
    } else {
      position[id] = 1;
    }
    weights[id] =
      Number(gas.execution) +
      Number(gas.io) +
      (gas.storageOctas === '0' ? 0 : Number(gas.storageOctas) * perOcta);
    if (failed < 0 && (frame.abort !== undefined || frame.error !== undefined)) failed = id;
  }
  // Backwards, every frame's end is known before its caller's.
  const ends = new Int32Array(count);
  for (let id = count - 1; id >= 0; id -= 1) {
    const end = Math.max(ends[id] ?? 0, id + 1);
    ends[id] = end;
    const parent = parents[id] ?? -1;
    if (parent >= 0 && (ends[parent] ?? 0) < end) ends[parent] = end;
  }
  const failing: number[] = [];
  const onFailingPath = new Uint8Array(count);
  for (let at = failed; at >= 0; at = parents[at] ?? -1) {
    failing.push(at);
    onFailingPath[at] = 1;
  }
  failing.reverse();
  return {
    trace,
    firstChild,
    nextSibling,
    childCount,
    position,
    ends,
    failing,
    onFailingPath,
    weights,
  };
}

/** A frame's calls, in call order. */
export function childrenOf(model: TraceModel, id: number): number[] {
  const children: number[] = [];
  for (let at = model.firstChild[id] ?? -1; at >= 0; at = model.nextSibling[at] ?? -1) {
    children.push(at);
  }
  return children;
}

/** A frame's whole gas, exact (internal units): what its row and bar show. */
export function frameTotal(model: TraceModel, id: number): bigint {
  const frame = model.trace.frames[id];
  return frame === undefined ? 0n : totalInternalGas(frame.gas, model.trace);
}

/**
 * The icicle layout zoomed to `root` (0: the whole transaction): widths ∝ inclusive gas as a
 * share of `root`'s, children left to right in call order; `root`'s callers span the width;
 * frames outside its subtree get no width. Only the bars drawn (at least {@link MIN_BAR_WIDTH},
 * under a drawn caller) and their calls are visited: a narrow frame's subtree is skipped whole.
 */
export function flameLayout(model: TraceModel, root = 0): FlameLayout {
  const { frames } = model.trace;
  const count = frames.length;
  const x = new Float64Array(count);
  const width = new Float64Array(count);
  const shown = new Uint8Array(count);
  // The left edge of each drawn frame's next call.
  const next = new Float64Array(count);
  const ids: number[] = [];
  const rows: number[][] = [];
  const draw = (id: number, depth: number) => {
    shown[id] = 1;
    ids.push(id);
    (rows[depth] ??= []).push(id);
  };
  for (const id of ancestorsOf(model, root)) {
    width[id] = 1;
    draw(id, frames[id]?.depth ?? 0);
  }
  const rootWeight = model.weights[root] ?? 0;
  if (rootWeight === 0) return { root, x, width, ids, shown, rows };
  const end = model.ends[root] ?? root + 1;
  for (let id = root + 1; id < end;) {
    const frame = frames[id];
    if (frame === undefined) break;
    const left = next[frame.parent] ?? 0;
    const fraction = (model.weights[id] ?? 0) / rootWeight;
    next[frame.parent] = left + fraction;
    if (shown[frame.parent] === 1 && fraction >= MIN_BAR_WIDTH) {
      x[id] = left;
      width[id] = fraction;
      next[id] = left;
      draw(id, frame.depth);
      id += 1;
    } else {
      id = model.ends[id] ?? id + 1;
    }
  }
  return { root, x, width, ids, shown, rows };
}

/**
 * The frames open by default: every frame of a small trace (100 or fewer); otherwise the
 * transaction and its entry function, and the failing path.
 */
export function defaultExpanded(model: TraceModel): Set<number> {
  const { frames } = model.trace;
  if (frames.length <= 100) return new Set(frames.map((frame) => frame.id));
  const open = new Set<number>(model.failing);
  if (frames.length > 0) open.add(0);
  for (const id of childrenOf(model, 0)) open.add(id);
  return open;
}

/** The frames the tree shows, in order: every frame whose ancestors are all expanded. */
export function visibleFrames(model: TraceModel, expanded: ReadonlySet<number>): number[] {
  const rows: number[] = [];
  const count = model.trace.frames.length;
  for (let id = 0; id < count;) {
    rows.push(id);
    id = expanded.has(id) ? id + 1 : (model.ends[id] ?? id + 1);
  }
  return rows;
}

/** The frame and its ancestors, root first. */
export function ancestorsOf(model: TraceModel, id: number): number[] {
  const path: number[] = [];
  for (let at = id; at >= 0; at = model.trace.frames[at]?.parent ?? -1) path.push(at);
  return path.reverse();
}

/** The frame the tab selects first: the one that failed, else the entry function, else the root. */
export function initialSelection(model: TraceModel): number {
  return model.failing.at(-1) ?? (model.trace.frames.length > 1 ? 1 : 0);
}

/**
 * A function id as the trace's views show it: addresses short (`0x55cb…beec::chain::a`); the
 * full id goes in a title beside it.
 */
export function frameName(fn: string): string {
  let name = frameNames.get(fn);
  if (name === undefined) {
    name = compactAddresses(fn).replace(/0x[0-9a-f]{11,}(?=::)/g, (address) =>
      shortAddress(address),
    );
    if (frameNames.size >= FRAME_NAMES_KEPT) frameNames.clear();
    frameNames.set(fn, name);
  }
  return name;
}

/**
 * Short names by function id: a long trace calls the same functions thousands of times, and its
 * bars, rows and path name hundreds of frames per render (two regular expressions each).
 */
const frameNames = new Map<string, string>();
const FRAME_NAMES_KEPT = 10_000;

/**
 * The flamegraph's first zoom: the payload (the transaction frame's one call), whose gas is
 * otherwise a sliver beside the transaction's intrinsic gas; the whole transaction otherwise.
 */
export function initialZoom(model: TraceModel): number {
  const root = model.trace.frames[0];
  return root?.kind === 'transaction' && model.childCount[0] === 1 ? (model.firstChild[0] ?? 0) : 0;
}
