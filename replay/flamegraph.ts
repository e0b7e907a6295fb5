import {
  childrenIndex,
  failingPath,
  gasUnitsText,
  totalInternalGas,
  type MoveTrace,
  type TraceFrame,
} from './moveTrace';
import { frameCall, frameFailure, sourceText } from './moveTraceText';

export interface FlamegraphOptions {
  /** Width of the SVG in px (default 1200). */
  width?: number;
  /** Height of one frame's row in px (default 20). */
  rowHeight?: number;
}

/** Frames narrower than this (px) are left out, with their callees. */
const MIN_WIDTH = 0.3;
/** Average width of a character of the 12 px monospace labels, to cut them to fit. */
const CHAR_PX = 7.3;
const TOP = 46;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A stable warm colour per module (bytecode), blue for natives, grey for the transaction. */
function fill(frame: TraceFrame, failing: boolean): string {
  if (failing)
    return frame.abort !== undefined || frame.error !== undefined ? '#c92a2a' : '#f08c8c';
  if (frame.kind === 'transaction') return '#adb5bd';
  const module = frame.function.split('::').slice(0, 2).join('::');
  let hash = 0;
  for (let i = 0; i < module.length; i += 1) hash = (hash * 31 + module.charCodeAt(i)) >>> 0;
  if (frame.kind === 'native') return `hsl(${200 + (hash % 30)}, 60%, 72%)`;
  return `hsl(${25 + (hash % 30)}, 85%, ${62 + (hash % 10)}%)`;
}

/**
 * The trace as a standalone SVG gas flamegraph (an icicle: the transaction on top, callees below,
 * each frame as wide as its inclusive gas: execution + IO + storage, as `gas_used` counts them).
 * No script, no remote font: hovering a frame shows its `<title>` (call, inclusive and own gas,
 * source line, abort). The failing path is red, natives blue.
 *
 * @example
 * ```ts
 * writeFileSync('trace.svg', flamegraphSvg(trace));
 * ```
 */
export function flamegraphSvg(trace: MoveTrace, options: FlamegraphOptions = {}): string {
  const width = options.width ?? 1200;
  const row = options.rowHeight ?? 20;
  const children = childrenIndex(trace);
  const onPath = new Set(failingPath(trace));
  const total = (frame: TraceFrame) => totalInternalGas(frame.gas, trace);
  const rootGas = trace.frames[0] === undefined ? 0n : total(trace.frames[0]);
  const scale = rootGas === 0n ? 0 : width / Number(rootGas);
  const rects: string[] = [];
  let maxDepth = 0;
  // Frames are in call order: a parent is placed before its children, which fill it from the left.
  const x = new Float64Array(trace.frames.length);
  const shown = new Uint8Array(trace.frames.length);
  for (const frame of trace.frames) {
    const w = Number(total(frame)) * scale;
    if (frame.parent >= 0 && shown[frame.parent] === 0) continue;
    if (w < MIN_WIDTH && frame.parent >= 0) continue;
    shown[frame.id] = 1;
    let next = x[frame.id] ?? 0;
    for (const kid of children[frame.id] ?? []) {
      x[kid] = next;
      const kidFrame = trace.frames[kid];
      if (kidFrame !== undefined) next += Number(total(kidFrame)) * scale;
    }
    maxDepth = Math.max(maxDepth, frame.depth);
    const y = TOP + frame.depth * row;
    const left = x[frame.id] ?? 0;
    const failing = onPath.has(frame.id);
    const call = frameCall(frame);
    const failure = frameFailure(frame);
    const where = frame.source === undefined ? '' : `  ${sourceText(frame.source)}`;
    const title = [
      `${call}${frame.kind === 'native' ? '  [native]' : ''}${where}`,
      `gas ${gasUnitsText(total(frame), trace.gasScale)} units (own ${gasUnitsText(totalInternalGas(frame.selfGas, trace), trace.gasScale)})`,
      `execution ${gasUnitsText(frame.gas.execution, trace.gasScale)}, io ${gasUnitsText(frame.gas.io, trace.gasScale)}, storage ${frame.gas.storageOctas} octas`,
      ...(failure === '' ? [] : [failure]),
    ].join('\n');
    const fits = Math.floor((w - 6) / CHAR_PX);
    // The whole name when it fits, else without the address (`market::place_order`), else cut.
    const full = `${frame.kind === 'transaction' ? 'transaction' : frame.function}${where}`;
    const short = `${frame.function.split('::').slice(1).join('::') || frame.function}${where}`;
    const label = full.length <= fits ? full : short;
    const baseline = y + row * 0.7;
    let text =
      fits < 3
        ? ''
        : `<text x="${(left + 3).toFixed(2)}" y="${baseline}">${escapeXml(label.length <= fits ? label : `${label.slice(0, fits - 1)}…`)}</text>`;
    // The frame that raised the failure is often a sliver: it is named beside it, in red.
    if (failure !== '' && label.length > fits) {
      const said = `✗ ${short}  ${failure}`;
      // Left of it when it would run past the right edge.
      const right = left + w + 4 + said.length * CHAR_PX <= width;
      text = `<text class="f" x="${(right ? left + w + 4 : left - 4).toFixed(2)}" y="${baseline}"${right ? '' : ' text-anchor="end"'}>${escapeXml(said)}</text>`;
    }
    rects.push(
      `<g><title>${escapeXml(title)}</title><rect x="${left.toFixed(2)}" y="${y}" width="${Math.max(w - 0.5, 0.5).toFixed(2)}" height="${row - 1}" rx="2" fill="${fill(frame, failing)}"/>${text}</g>`,
    );
  }
  const height = TOP + (maxDepth + 1) * row + 24;
  const heading = `${trace.success ? 'Succeeded' : 'Failed'}: ${trace.vmStatus}`;
  const summary = `gas used ${trace.gasUsed} units (execution ${trace.fee.executionGasUnits}, io ${trace.fee.ioGasUnits}, storage fee ${trace.fee.storageFeeOctas} octas); ${trace.frames.length} frames; width = inclusive gas; red = failing path, blue = native`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="fg-title fg-desc">`,
    `<title id="fg-title">Gas flamegraph of ${escapeXml(trace.hash)}</title>`,
    `<desc id="fg-desc">${escapeXml(`${heading}. ${summary}`)}</desc>`,
    '<style>text{font:12px ui-monospace,Menlo,Consolas,"DejaVu Sans Mono",monospace;fill:#111;pointer-events:none}.h{font-size:13px;font-weight:700}text.f{fill:#c92a2a;font-weight:700}g:hover rect{stroke:#111;stroke-width:1}</style>',
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text class="h" x="4" y="17">${escapeXml(heading.length > 150 ? `${heading.slice(0, 149)}…` : heading)}</text>`,
    `<text x="4" y="35">${escapeXml(summary)}</text>`,
    ...rects,
    `<text x="4" y="${height - 8}">${escapeXml(trace.hash)}${trace.truncated.frames ? ' (truncated: more frames than the trace keeps)' : ''}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
