import { compactAddresses, shortAddress } from '../../format/address';
import {
  childrenIndex,
  failingPath,
  subtreeEnds,
  totalInternalGas,
  type MoveTrace,
} from '../../../replay/moveTrace';

/** What the Trace tab's views share about one trace, computed once per trace. */
export interface TraceModel {
  trace: MoveTrace;
  children: number[][];
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

/** The flamegraph's layout: each frame's left edge and width, fractions of the chart's width. */
export interface FlameLayout {
  /** The frame the chart is zoomed to: full width, its callers above it at full width too. */
  root: number;
  x: Float64Array;
  width: Float64Array;
}

/** Frames drawn in the flamegraph need at least this share of the chart (0.4 %, 4 px in 1,000). */
export const MIN_BAR_WIDTH = 0.004;

/** The model of a trace: indices, the failing path and each frame's total gas. */
export function traceModel(trace: MoveTrace): TraceModel {
  const count = trace.frames.length;
  const failing = failingPath(trace);
  const onFailingPath = new Uint8Array(count);
  for (const id of failing) onFailingPath[id] = 1;
  return {
    trace,
    children: childrenIndex(trace),
    ends: subtreeEnds(trace),
    failing,
    onFailingPath,
    weights: weightsOf(trace),
  };
}

function weightsOf(trace: MoveTrace): Float64Array {
  const weights = new Float64Array(trace.frames.length);
  const price = Number(trace.gasUnitPrice);
  const perOcta = price === 0 ? 0 : Number(trace.gasScale) / price;
  trace.frames.forEach((frame, id) => {
    const { execution, io, storageOctas } = frame.gas;
    weights[id] =
      Number(execution) + Number(io) + (storageOctas === '0' ? 0 : Number(storageOctas) * perOcta);
  });
  return weights;
}

/** A frame's whole gas, exact (internal units): what its row and bar show. */
export function frameTotal(model: TraceModel, id: number): bigint {
  const frame = model.trace.frames[id];
  return frame === undefined ? 0n : totalInternalGas(frame.gas, model.trace);
}

/**
 * The icicle layout zoomed to `root` (0: the whole transaction): widths ∝ inclusive gas as a
 * share of `root`'s, children left to right in call order; `root`'s callers span the width;
 * frames outside its subtree get no width.
 */
export function flameLayout(model: TraceModel, root = 0): FlameLayout {
  const count = model.trace.frames.length;
  const x = new Float64Array(count);
  const width = new Float64Array(count);
  const { weights, children } = model;
  const rootWeight = weights[root] ?? 0;
  const share = (weight: number) => (rootWeight === 0 ? 0 : weight / rootWeight);
  for (const id of ancestorsOf(model, root)) width[id] = 1;
  const end = model.ends[root] ?? root + 1;
  for (let id = root; id < end; id += 1) {
    let left = x[id] ?? 0;
    for (const child of children[id] ?? []) {
      x[child] = left;
      const fraction = share(weights[child] ?? 0);
      width[child] = fraction;
      left += fraction;
    }
  }
  return { root, x, width };
}

/**
 * The frames open by default: every frame of a small trace (100 or fewer); otherwise the
 * transaction and its entry function, and the failing path.
 */
export function defaultExpanded(model: TraceModel): Set<number> {
  const { frames } = model.trace;
  if (frames.length <= 100) return new Set(frames.map((frame) => frame.id));
  const open = new Set<number>(model.failing);
  for (const frame of frames) if (frame.depth < 2) open.add(frame.id);
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
  for (let at = id; at >= 0; at = model.trace.frames[at]?.parent ?? -1) path.unshift(at);
  return path;
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
  return compactAddresses(fn).replace(/0x[0-9a-f]{11,}(?=::)/g, (address) => shortAddress(address));
}

/**
 * The flamegraph's first zoom: the payload (the transaction frame's one call), whose gas is
 * otherwise a sliver beside the transaction's intrinsic gas; the whole transaction otherwise.
 */
export function initialZoom(model: TraceModel): number {
  const root = model.trace.frames[0];
  const calls = model.children[0] ?? [];
  return root?.kind === 'transaction' && calls.length === 1 ? (calls[0] ?? 0) : 0;
}
