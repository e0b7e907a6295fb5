import { generateSignedTransactionForSimulation } from '@aptos-labs/ts-sdk';
import type { TransactionKind } from '../machines';
import { toHex, transactionFromHex } from '../chainActors';
import type {
  MoveTrace,
  TraceFrame,
  TraceFrameKind,
  TraceFrameStatus,
  TraceGas,
} from '../localnet/move/vm/traceTypes';

// The one shape of a trace is the chain's (localnet/move/vm/traceTypes.ts), read as types only:
// this file runs in the browser and the CLI, which never load the chain.
export type {
  MoveTrace,
  TraceAbort,
  TraceEvent,
  TraceFrame,
  TraceFrameKind,
  TraceFrameStatus,
  TraceGas,
  TraceRead,
  TraceSource,
  TraceStep,
  TraceValue,
  TraceWrite,
} from '../localnet/move/vm/traceTypes';

/** The `format` every trace carries (checked against the chain's type at compile time). */
export const MOVE_TRACE_FORMAT: MoveTrace['format'] = 'tx-workbench/move-trace@1';

/**
 * What `POST /workbench/trace` takes: a committed transaction by `version` (or `hash`); with
 * `transaction` too, that transaction modified and run at the version; `transaction` alone, a
 * simulation on the latest state. `steps` adds instruction steps.
 */
export type MoveTraceRequest =
  | { version: string; transaction?: string; steps?: boolean }
  | { hash: string; transaction?: string; steps?: boolean }
  | { transaction: string; steps?: boolean };

/** The JSON is not a Move trace; `path` says where (`frames[3].gas.io`). */
export class MoveTraceFormatError extends Error {
  override readonly name = 'MoveTraceFormatError';
  readonly path: string;

  constructor(path: string, problem: string) {
    super(`Not a Move trace: ${path === '' ? 'the value' : path} ${problem}.`);
    this.path = path;
  }
}

/** The node has no `/workbench/trace`: it is not the workbench's embedded chain. */
export class MoveTraceUnavailableError extends Error {
  override readonly name = 'MoveTraceUnavailableError';
}

const DECIMAL = /^[0-9]+$/;
const FRAME_KINDS: readonly TraceFrameKind[] = ['transaction', 'bytecode', 'native', 'script'];
const FRAME_STATUSES: readonly TraceFrameStatus[] = ['success', 'abort', 'error', 'out_of_gas'];
const TRACE_KINDS: readonly MoveTrace['kind'][] = ['committed', 'simulation', 'reexecution'];

type Json = Record<string, unknown>;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return typeof value === 'object' ? 'an object' : String(value);
}

function object(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new MoveTraceFormatError(path, `must be an object, not ${describe(value)}`);
  }
  return value as Json;
}

function array(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) {
    throw new MoveTraceFormatError(path, `must be an array, not ${describe(value)}`);
  }
  return value;
}

function string(value: unknown, path: string): string {
  if (typeof value !== 'string') {
    throw new MoveTraceFormatError(path, `must be a string, not ${describe(value)}`);
  }
  return value;
}

function decimal(value: unknown, path: string): string {
  if (typeof value !== 'string' || !DECIMAL.test(value)) {
    throw new MoveTraceFormatError(path, `must be a decimal string, not ${describe(value)}`);
  }
  return value;
}

function integer(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new MoveTraceFormatError(
      path,
      `must be a whole number from ${min} to ${max}, not ${describe(value)}`,
    );
  }
  return value;
}

function oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new MoveTraceFormatError(
      path,
      `must be one of ${allowed.join(', ')}, not ${describe(value)}`,
    );
  }
  return value as T;
}

// The checks below run for every frame (10,000 in a long trace): each tests in place and builds
// the field's path only to throw, through the helpers above, which say what is wrong.

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isDecimal(value: unknown): boolean {
  return typeof value === 'string' && DECIMAL.test(value);
}

function isWhole(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** `frames[3].gas`: where in a frame a check failed. */
function at(id: number, field: string): string {
  return field === '' ? `frames[${id}]` : `frames[${id}].${field}`;
}

function gas(value: unknown, id: number, field: 'gas' | 'selfGas'): void {
  if (
    !isRecord(value) ||
    !isDecimal(value.execution) ||
    !isDecimal(value.io) ||
    !isDecimal(value.storageOctas)
  ) {
    const record = object(value, at(id, field));
    decimal(record.execution, at(id, `${field}.execution`));
    decimal(record.io, at(id, `${field}.io`));
    decimal(record.storageOctas, at(id, `${field}.storageOctas`));
  }
}

function indices(value: unknown, id: number, field: string, length: number): void {
  if (!Array.isArray(value)) array(value, at(id, field));
  const list = value as unknown[];
  for (let index = 0; index < list.length; index += 1) {
    if (!isWhole(list[index], 0, length - 1)) {
      integer(list[index], at(id, `${field}[${index}]`), 0, Math.max(0, length - 1));
    }
  }
}

/** What every frame is checked against: the trace's table sizes and each frame's depth. */
interface FrameChecks {
  events: number;
  reads: number;
  writes: number;
  depths: Int32Array;
}

function frame(value: unknown, id: number, checks: FrameChecks): void {
  if (!isRecord(value)) object(value, at(id, ''));
  const record = value as Json;
  if (record.id !== id) throw new MoveTraceFormatError(at(id, 'id'), `must be ${id}, its index`);
  const { parent, depth } = record;
  if (!isWhole(parent, -1, id - 1)) integer(parent, at(id, 'parent'), -1, id - 1);
  if ((parent === -1) !== (id === 0)) {
    throw new MoveTraceFormatError(at(id, 'parent'), 'must be -1 for the first frame only');
  }
  if (!isWhole(depth, 0, Number.MAX_SAFE_INTEGER)) {
    integer(depth, at(id, 'depth'), 0, Number.MAX_SAFE_INTEGER);
  }
  if (depth !== (parent === -1 ? 0 : (checks.depths[parent as number] ?? 0) + 1)) {
    throw new MoveTraceFormatError(at(id, 'depth'), "must be one more than its parent's");
  }
  checks.depths[id] = depth as number;
  if (typeof record.function !== 'string') string(record.function, at(id, 'function'));
  if (!FRAME_KINDS.includes(record.kind as TraceFrameKind)) {
    oneOf(record.kind, at(id, 'kind'), FRAME_KINDS);
  }
  if (!Array.isArray(record.typeArgs)) array(record.typeArgs, at(id, 'typeArgs'));
  const typeArgs = record.typeArgs as unknown[];
  for (let index = 0; index < typeArgs.length; index += 1) {
    if (typeof typeArgs[index] !== 'string') {
      string(typeArgs[index], at(id, `typeArgs[${index}]`));
    }
  }
  if (!Array.isArray(record.args)) array(record.args, at(id, 'args'));
  if (record.returns !== null && !Array.isArray(record.returns)) {
    array(record.returns, at(id, 'returns'));
  }
  if (!FRAME_STATUSES.includes(record.status as TraceFrameStatus)) {
    oneOf(record.status, at(id, 'status'), FRAME_STATUSES);
  }
  if (record.abort !== undefined) {
    const abort = object(record.abort, at(id, 'abort'));
    decimal(abort.code, at(id, 'abort.code'));
    for (const field of ['name', 'description', 'message'] as const) {
      if (abort[field] !== undefined) string(abort[field], at(id, `abort.${field}`));
    }
  }
  if (record.error !== undefined) string(record.error, at(id, 'error'));
  if (record.offset !== undefined && !isWhole(record.offset, 0, Number.MAX_SAFE_INTEGER)) {
    integer(record.offset, at(id, 'offset'), 0, Number.MAX_SAFE_INTEGER);
  }
  if (record.callOffset !== undefined && !isWhole(record.callOffset, 0, Number.MAX_SAFE_INTEGER)) {
    integer(record.callOffset, at(id, 'callOffset'), 0, Number.MAX_SAFE_INTEGER);
  }
  gas(record.gas, id, 'gas');
  gas(record.selfGas, id, 'selfGas');
  indices(record.events, id, 'events', checks.events);
  indices(record.reads, id, 'reads', checks.reads);
  indices(record.writes, id, 'writes', checks.writes);
  if (record.source !== undefined) source(record.source, at(id, 'source'));
}

function source(value: unknown, path: string): void {
  const record = object(value, path);
  string(record.file, `${path}.file`);
  integer(record.line, `${path}.line`, 1, Number.MAX_SAFE_INTEGER);
  integer(record.column, `${path}.column`, 1, Number.MAX_SAFE_INTEGER);
}

/**
 * Checks that JSON is a Move trace (`MoveTrace`, localnet/move/vm/traceTypes.ts) and returns it
 * typed. Values inside frames (arguments, returns, changes) are taken as they are.
 *
 * @throws MoveTraceFormatError naming the first field that is wrong.
 * @example
 * ```ts
 * const trace = parseMoveTrace(JSON.parse(text));
 * ```
 */
export function parseMoveTrace(json: unknown): MoveTrace {
  const trace = object(json, '');
  if (trace.format !== MOVE_TRACE_FORMAT) {
    throw new MoveTraceFormatError('format', `must be "${MOVE_TRACE_FORMAT}"`);
  }
  oneOf(trace.kind, 'kind', TRACE_KINDS);
  if (trace.version !== undefined) decimal(trace.version, 'version');
  string(trace.hash, 'hash');
  if (typeof trace.success !== 'boolean') {
    throw new MoveTraceFormatError(
      'success',
      `must be true or false, not ${describe(trace.success)}`,
    );
  }
  string(trace.vmStatus, 'vmStatus');
  for (const field of ['gasUsed', 'gasUnitPrice', 'gasScale'] as const) {
    decimal(trace[field], field);
  }
  if (trace.gasScale === '0') throw new MoveTraceFormatError('gasScale', 'must not be 0');
  const fee = object(trace.fee, 'fee');
  for (const field of [
    'totalGasUnits',
    'executionGasUnits',
    'ioGasUnits',
    'storageFeeOctas',
  ] as const) {
    decimal(fee[field], `fee.${field}`);
  }
  const frames = array(trace.frames, 'frames');
  const events = array(trace.events, 'events');
  const reads = array(trace.reads, 'reads');
  const writes = array(trace.writes, 'writes');
  const inFrames = (value: unknown, path: string) =>
    integer(value, path, 0, Math.max(0, frames.length - 1));
  events.forEach((item, index) => {
    const event = object(item, `events[${index}]`);
    inFrames(event.frame, `events[${index}].frame`);
    object(event.event, `events[${index}].event`);
  });
  reads.forEach((item, index) => {
    const read = object(item, `reads[${index}]`);
    inFrames(read.frame, `reads[${index}].frame`);
    for (const field of ['kind', 'address', 'path'] as const) {
      string(read[field], `reads[${index}].${field}`);
    }
    integer(read.bytes, `reads[${index}].bytes`, 0, Number.MAX_SAFE_INTEGER);
  });
  writes.forEach((item, index) => {
    const write = object(item, `writes[${index}]`);
    inFrames(write.frame, `writes[${index}].frame`);
    object(write.change, `writes[${index}].change`);
  });
  const checks: FrameChecks = {
    events: events.length,
    reads: reads.length,
    writes: writes.length,
    depths: new Int32Array(frames.length),
  };
  for (let index = 0; index < frames.length; index += 1) frame(frames[index], index, checks);
  if (trace.steps !== undefined) {
    array(trace.steps, 'steps').forEach((item, index) => {
      const step = object(item, `steps[${index}]`);
      inFrames(step.frame, `steps[${index}].frame`);
      integer(step.offset, `steps[${index}].offset`, 0, Number.MAX_SAFE_INTEGER);
      string(step.instruction, `steps[${index}].instruction`);
      array(step.stack, `steps[${index}].stack`);
      array(step.locals, `steps[${index}].locals`);
      decimal(step.gasLeft, `steps[${index}].gasLeft`);
      if (step.source !== undefined) source(step.source, `steps[${index}].source`);
    });
  }
  if (trace.sources !== undefined) {
    for (const [file, text] of Object.entries(object(trace.sources, 'sources'))) {
      string(text, `sources["${file}"]`);
    }
  }
  const truncated = object(trace.truncated, 'truncated');
  for (const field of ['frames', 'steps'] as const) {
    if (typeof truncated[field] !== 'boolean') {
      throw new MoveTraceFormatError(`truncated.${field}`, 'must be true or false');
    }
  }
  return trace as unknown as MoveTrace;
}

/**
 * The BCS of a built transaction signed for simulation (signatures zeroed, as the SDK simulates;
 * no public key, so the chain skips the authentication key check), `0x` hex: what
 * `POST /workbench/trace` takes as `transaction`.
 *
 * @param args.rawTransactionHex - the SDK's `SimpleTransaction` (or `MultiAgentTransaction`) BCS.
 */
export function simulationTransactionHex(args: {
  rawTransactionHex: string;
  kind?: TransactionKind;
}): string {
  const transaction = transactionFromHex(args.rawTransactionHex, args.kind);
  return toHex(generateSignedTransactionForSimulation({ transaction }));
}

/**
 * Asks the embedded chain for a trace: `POST /workbench/trace` beside the node's `/v1`, then
 * checks the answer is a trace.
 *
 * @param nodeUrl - the full node URL (ending in `/v1`).
 * @param request - a version or hash (committed), with `transaction` (modified at that version),
 *   or `transaction` alone (a simulation on the latest state).
 * @param options.fetch - the fetch to use (tests); the global one by default.
 * @throws MoveTraceUnavailableError when the node has no such route (not the embedded chain).
 * @example
 * ```ts
 * const trace = await fetchMoveTrace('http://127.0.0.1:8080/v1', { version: '42' });
 * ```
 */
export async function fetchMoveTrace(
  nodeUrl: string,
  request: MoveTraceRequest,
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<MoveTrace> {
  const origin = nodeUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  const response = await (options.fetch ?? fetch)(`${origin}/workbench/trace`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const json: unknown = await response.json().catch(() => null);
  const field = (name: string) =>
    typeof json === 'object' && json !== null && name in json
      ? String((json as Record<string, unknown>)[name])
      : null;
  if (response.status === 404 && field('error_code') === null) {
    throw new MoveTraceUnavailableError(
      `${origin} has no /workbench/trace: a Move trace needs the workbench's embedded chain (npm run localnet).`,
    );
  }
  if (!response.ok) {
    throw new Error(`The trace failed: ${field('message') ?? `HTTP ${response.status}`}`);
  }
  return parseMoveTrace(json);
}

/** Each frame's children ids, in call order. */
export function childrenIndex(trace: MoveTrace): number[][] {
  const children: number[][] = trace.frames.map(() => []);
  for (const frame of trace.frames) {
    if (frame.parent >= 0) children[frame.parent]?.push(frame.id);
  }
  return children;
}

/**
 * One past each frame's last descendant: frames are in call order, so a frame's subtree is
 * `frames[id + 1 .. end[id] - 1]`.
 */
export function subtreeEnds(trace: MoveTrace): Int32Array {
  const ends = new Int32Array(trace.frames.length);
  for (let id = trace.frames.length - 1; id >= 0; id -= 1) {
    const end = Math.max(ends[id] ?? 0, id + 1);
    ends[id] = end;
    const parent = trace.frames[id]?.parent ?? -1;
    if (parent >= 0 && (ends[parent] ?? 0) < end) ends[parent] = end;
  }
  return ends;
}

/** The frame where the failure was raised: the first with an abort or an error, else `null`. */
export function failingFrame(trace: MoveTrace): TraceFrame | null {
  return (
    trace.frames.find((frame) => frame.abort !== undefined || frame.error !== undefined) ?? null
  );
}

/** The ids from the root to the failing frame (empty when nothing failed). */
export function failingPath(trace: MoveTrace): number[] {
  const path: number[] = [];
  for (let frame = failingFrame(trace); frame; frame = trace.frames[frame.parent] ?? null) {
    path.unshift(frame.id);
  }
  return path;
}

/**
 * A frame's gas in internal units, all of it: execution + IO + the storage fee at the trace's
 * gas unit price (what the transaction's `gas_used` counts), for widths and totals.
 */
export function totalInternalGas(gas: TraceGas, trace: MoveTrace): bigint {
  const price = BigInt(trace.gasUnitPrice);
  const storage = price === 0n ? 0n : (BigInt(gas.storageOctas) * BigInt(trace.gasScale)) / price;
  return BigInt(gas.execution) + BigInt(gas.io) + storage;
}

/**
 * Internal gas as gas units for display: a decimal string with up to `decimals` places, rounded
 * half up (`1234567` at scale 1,000,000 → `"1.23"`).
 */
export function gasUnitsText(internal: string | bigint, gasScale: string, decimals = 2): string {
  const scale = BigInt(gasScale);
  const factor = 10n ** BigInt(decimals);
  const scaled = (BigInt(internal) * factor * 2n + scale) / (scale * 2n);
  const whole = (scaled / factor).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (decimals === 0) return whole;
  const fraction = (scaled % factor).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** An abort code as Move code names it: `0x10003` (category 1, reason 3). */
export function abortCodeHex(code: string): string {
  return `0x${BigInt(code).toString(16)}`;
}
