import {
  abortCodeHex,
  childrenIndex,
  failingFrame,
  failingPath,
  gasUnitsText,
  totalInternalGas,
  type MoveTrace,
  type TraceFrame,
  type TraceSource,
  type TraceValue,
} from './moveTrace';

/** Characters of one argument, and of a frame's argument list, kept on a line. */
const ARG_CHARS = 40;
const ARGS_CHARS = 100;

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A Move value on one line: strings bare, vectors in `[…]`, structs in `{…}`. */
export function valueText(value: TraceValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `[${value.map(valueText).join(', ')}]`;
  return `{ ${Object.entries(value)
    .map(([field, item]) => `${field}: ${valueText(item)}`)
    .join(', ')} }`;
}

/** `m.move:12`: the file's name (not its package path) and the line. */
export function sourceText(source: TraceSource): string {
  return `${source.file.slice(source.file.lastIndexOf('/') + 1)}:${source.line}`;
}

/** `0xcafe::m::f<T>(1, 0xb0b)`, arguments cut to fit a line. */
export function frameCall(frame: TraceFrame): string {
  if (frame.kind === 'transaction') return 'transaction';
  const types = frame.typeArgs.length === 0 ? '' : `<${frame.typeArgs.join(', ')}>`;
  const args = frame.args.map((arg) => cut(valueText(arg), ARG_CHARS)).join(', ');
  return `${frame.function}${types}(${cut(args, ARGS_CHARS)})`;
}

/** What went wrong in a frame that raised the failure, or `''`. */
export function frameFailure(frame: TraceFrame): string {
  if (frame.abort !== undefined) {
    const { code, name, message } = frame.abort;
    const named = name === undefined ? '' : ` ${name}`;
    const said = message === undefined ? '' : `: ${message}`;
    const at = frame.offset === undefined ? '' : ` at offset ${frame.offset}`;
    return `ABORT ${code} (${abortCodeHex(code)})${named}${said}${at}`;
  }
  if (frame.error !== undefined) {
    const at = frame.offset === undefined ? '' : ` at offset ${frame.offset}`;
    return `${frame.status === 'out_of_gas' ? 'OUT OF GAS' : 'ERROR'} ${frame.error}${at}`;
  }
  return '';
}

/**
 * The call tree as text, one frame a line: inclusive and own (exclusive) gas in gas units
 * (execution + IO + storage, as `gas_used` counts them), the call, `[native]`, `file.move:line`
 * when the package's source map was given, and `✗` on the failing path with the abort on the
 * frame that raised it. Ends with the failing stack, entry function first.
 *
 * @example
 * ```ts
 * for (const line of traceTreeLines(trace)) console.log(line);
 * ```
 */
export function traceTreeLines(trace: MoveTrace): string[] {
  const children = childrenIndex(trace);
  const onPath = new Set(failingPath(trace));
  const units = (gas: TraceFrame['gas']) =>
    gasUnitsText(totalInternalGas(gas, trace), trace.gasScale);
  const rows: Array<[incl: string, self: string, tree: string]> = [];
  // Frames are in call order, so one pass draws the tree (no recursion for deep traces):
  // `rails[d]` continues the branch of the open frame at depth d for its descendants.
  const rails: string[] = [];
  for (const frame of trace.frames) {
    let prefix = '';
    if (frame.parent >= 0) {
      const last = children[frame.parent]?.at(-1) === frame.id;
      prefix = `${rails.slice(1, frame.depth).join('')}${last ? '└─ ' : '├─ '}`;
      rails[frame.depth] = last ? '   ' : '│  ';
    }
    const parts = [`${onPath.has(frame.id) ? '✗ ' : ''}${frameCall(frame)}`];
    if (frame.kind === 'native') parts.push('[native]');
    const failure = frameFailure(frame);
    if (failure !== '') parts.push(failure);
    if (frame.source !== undefined) parts.push(sourceText(frame.source));
    rows.push([units(frame.gas), units(frame.selfGas), `${prefix}${parts.join('  ')}`]);
  }
  const inclWidth = Math.max(4, ...rows.map(([incl]) => incl.length));
  const selfWidth = Math.max(4, ...rows.map(([, self]) => self.length));
  const where =
    trace.kind === 'simulation'
      ? 'simulation'
      : `${trace.kind}${trace.version === undefined ? '' : ` at version ${trace.version}`}`;
  const lines = [
    `${trace.hash} (${where}): ${trace.vmStatus}`,
    `gas used ${trace.gasUsed} units: execution ${trace.fee.executionGasUnits}, io ${trace.fee.ioGasUnits}, storage fee ${trace.fee.storageFeeOctas} octas (gas unit price ${trace.gasUnitPrice})`,
    '',
    `${'incl'.padStart(inclWidth)}  ${'self'.padStart(selfWidth)}  call tree (gas units)`,
    ...rows.map(
      ([incl, self, tree]) => `${incl.padStart(inclWidth)}  ${self.padStart(selfWidth)}  ${tree}`,
    ),
  ];
  if (trace.truncated.frames) lines.push('… the trace stops here: more frames than it keeps');
  const failed = failingFrame(trace);
  if (failed !== null) {
    lines.push('', `${frameFailure(failed)} in ${failed.function}; stack, entry first:`);
    for (const id of failingPath(trace)) {
      const frame = trace.frames[id];
      if (frame === undefined || frame.kind === 'transaction') continue;
      const at = frame.source === undefined ? '' : `  ${sourceText(frame.source)}`;
      lines.push(`  ${frame.function}${at}`);
    }
  }
  return lines;
}
