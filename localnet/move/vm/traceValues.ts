/**
 * Values in a trace: REST JSON cut at `TRACE_LIMITS` (the trace stays small whatever a frame
 * passes), and a generic rendering for values whose type is not at hand (a native without an ABI,
 * the operand stack and locals of a step).
 */
import type { Json, LongAddress } from '../../encoding.ts';
import { shortAddress } from '../../encoding.ts';
import { Closure } from './closures.ts';
import type { TraceValue } from './traceTypes.ts';
import { TRACE_LIMITS } from './traceTypes.ts';
import type { Ty } from './ty.ts';
import type { LayoutResolver, Value } from './values.ts';
import { Ref } from './values.ts';
import { toJson } from './valuesJson.ts';

const more = (n: number): string => `… ${n} more`;

function cutString(text: string): string {
  return text.length <= TRACE_LIMITS.chars
    ? text
    : `${text.slice(0, TRACE_LIMITS.chars)}${more(text.length - TRACE_LIMITS.chars)}`;
}

/** `json` cut at the limits: vectors and structs keep their first items, strings their start. */
export function summarize(json: Json, depth = 0): TraceValue {
  if (typeof json === 'string') return cutString(json);
  if (json === null || typeof json !== 'object') return json;
  if (depth >= TRACE_LIMITS.depth) return '…';
  if (Array.isArray(json)) {
    const kept = json.slice(0, TRACE_LIMITS.items).map((item) => summarize(item, depth + 1));
    if (json.length > TRACE_LIMITS.items) kept.push(more(json.length - TRACE_LIMITS.items));
    return kept;
  }
  const out: { [field: string]: TraceValue } = {};
  const keys = Object.keys(json);
  for (const key of keys.slice(0, TRACE_LIMITS.items)) {
    out[key] = summarize(json[key] as Json, depth + 1);
  }
  if (keys.length > TRACE_LIMITS.items) out['…'] = more(keys.length - TRACE_LIMITS.items);
  return out;
}

/**
 * A value without its type: integers as numbers (up to u32) or decimal strings, addresses short,
 * structs and vectors as arrays, a reference as `&` and what it points at (`&local[i]` for one of
 * `locals`), a function value as `fn 0x…::m::f`.
 */
export function genericValue(
  v: Value | undefined,
  locals?: readonly Value[],
  depth = 0,
): TraceValue {
  if (v === undefined) return null;
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'string') return shortAddress(v as LongAddress);
  if (typeof v !== 'object') return v;
  if (v instanceof Ref) {
    if (locals !== undefined && v.c === locals) return `&local[${v.i}]`;
    const target = JSON.stringify(genericValue(v.c[v.i], undefined, depth + 1));
    return cutString(`&${target}`);
  }
  if (v instanceof Closure) return `fn ${shortAddress(v.address)}::${v.module}::${v.name}`;
  if (depth >= TRACE_LIMITS.depth) return '…';
  const kept = v.slice(0, TRACE_LIMITS.items).map((item) => genericValue(item, locals, depth + 1));
  if (v.length > TRACE_LIMITS.items) kept.push(more(v.length - TRACE_LIMITS.items));
  return kept;
}

/** A value as the REST API prints one of type `ty`; generic when it does not render as one. */
export function typedValue(ty: Ty | undefined, v: Value, layout: LayoutResolver): TraceValue {
  if (ty === undefined) return genericValue(v);
  try {
    return summarize(toJson(ty, v, layout));
  } catch {
    // A value the type does not describe (a moved-from local, an ABI that is approximate).
    return genericValue(v);
  }
}
