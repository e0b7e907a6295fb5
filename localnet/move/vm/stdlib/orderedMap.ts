/**
 * `std::cmp` and `0x1::ordered_map` (aptos_std) natively.
 *
 * - `cmp::compare<T>(&T, &T): Ordering` (`enum Ordering { Less, Equal, Greater }`) compares
 *   structurally, as the VM's native: integers by value, `false < true`, addresses by their bytes,
 *   vectors element by element then by length, structs field by field, enum values by variant
 *   then fields.
 * - `OrderedMap<K, V>` is `enum { SortedVectorMap { entries: vector<Entry<K, V>> } }`,
 *   `Entry { key, value }`, kept sorted by `cmp::compare` of the keys (binary search for the
 *   lower bound, as the Move code). Aborts (`0x1::ordered_map`): `EKEY_ALREADY_EXISTS` 0x10001,
 *   `EKEY_NOT_FOUND` 0x10002, `EITER_OUT_OF_BOUNDS` 0x10003 (`borrow` of a missing key);
 *   `add_all` / `new_from` / `upsert_all` with unequal lengths abort with vector's 0x20002 first,
 *   in `0x1::ordered_map` itself (`vector::zip` is inlined there);
 *   `destroy_empty` of a non-empty map is `VECTOR_OPERATION_ERROR`.
 */
import { BytecodeAbort, vmError } from '../errors.ts';
import type { NativeImpl } from '../loader.ts';
import type { Value } from '../values.ts';
import { copyValue, Ref } from '../values.ts';

const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);

/** -1, 0 or 1: `cmp::compare`'s order of two values of one type. */
export function compareValues(a: Value, b: Value): number {
  a = deref(a);
  b = deref(b);
  if (typeof a === 'bigint' || typeof a === 'number') {
    const x = BigInt(a);
    const y = BigInt(b as bigint | number);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'boolean') return a === b ? 0 : a ? 1 : -1;
  // Addresses are 0x + 64 lowercase hex digits: string order is byte order.
  if (typeof a === 'string') return a < (b as string) ? -1 : a > (b as string) ? 1 : 0;
  const xs = a as Value[];
  const ys = b as Value[];
  const n = Math.min(xs.length, ys.length);
  for (let i = 0; i < n; i += 1) {
    const c = compareValues(xs[i] as Value, ys[i] as Value);
    if (c !== 0) return c;
  }
  return xs.length < ys.length ? -1 : xs.length > ys.length ? 1 : 0;
}

const ordering = (c: number): Value => [c + 1];
const tagOf = (o: Value | undefined): number => (deref(o as Value) as Value[])[0] as number;

const CMP: Array<[string, NativeImpl]> = [
  ['compare', (_h, _t, [a, b]) => [ordering(compareValues(a as Value, b as Value))]],
  ['is_eq', (_h, _t, [o]) => [tagOf(o) === 1]],
  ['is_ne', (_h, _t, [o]) => [tagOf(o) !== 1]],
  ['is_lt', (_h, _t, [o]) => [tagOf(o) === 0]],
  ['is_le', (_h, _t, [o]) => [tagOf(o) !== 2]],
  ['is_gt', (_h, _t, [o]) => [tagOf(o) === 2]],
  ['is_ge', (_h, _t, [o]) => [tagOf(o) !== 0]],
];

const REASONS: Record<string, { name: string; doc: string }> = {
  '10001': { name: 'EKEY_ALREADY_EXISTS', doc: 'Map key already exists' },
  '10002': { name: 'EKEY_NOT_FOUND', doc: 'Map key is not found' },
  '10003': { name: 'EITER_OUT_OF_BOUNDS', doc: '' },
};
const abort = (code: bigint): never => {
  const reason = REASONS[code.toString(16)];
  throw new BytecodeAbort(
    '0x1::ordered_map',
    code,
    reason === undefined || reason.doc === '' ? null : reason,
  );
};

type Entry = [Value, Value];
/** The entries vector of `OrderedMap::SortedVectorMap` (`[tag, entries]`). */
const entriesOf = (m: Value): Entry[] => (deref(m) as Value[])[1] as unknown as Entry[];

/** `binary_search`: the first index whose key is not less than `key`. */
function lowerBound(entries: Entry[], key: Value): number {
  let l = 0;
  let r = entries.length;
  while (l !== r) {
    const mid = l + Math.floor((r - l) / 2);
    if (compareValues((entries[mid] as Entry)[0], key) < 0) l = mid + 1;
    else r = mid;
  }
  return l;
}
const find = (entries: Entry[], key: Value): number => {
  const i = lowerBound(entries, key);
  return i < entries.length && compareValues((entries[i] as Entry)[0], key) === 0 ? i : -1;
};

const add = (entries: Entry[], key: Value, value: Value): void => {
  const i = lowerBound(entries, key);
  if (i < entries.length && compareValues((entries[i] as Entry)[0], key) === 0) abort(0x10001n);
  entries.splice(i, 0, [deref(key), value]);
};
const addAll = (entries: Entry[], keys: Value[], values: Value[]): void => {
  if (keys.length !== values.length) throw new BytecodeAbort('0x1::ordered_map', 0x20002n, null);
  keys.forEach((key, i) => add(entries, key, values[i] as Value));
};
const map = (entries: Entry[]): Value => [0, entries as unknown as Value];

/**
 * `append_impl`: the sorted union, `other`'s entry replacing an equal key's; returns how many
 * entries of `self` were overwritten.
 */
function appendImpl(m: Value, other: Value): number {
  const entries = entriesOf(m);
  const incoming = entriesOf(other);
  let overwritten = 0;
  for (const e of incoming) {
    const i = lowerBound(entries, e[0]);
    if (i < entries.length && compareValues((entries[i] as Entry)[0], e[0]) === 0) {
      entries[i] = e;
      overwritten += 1;
    } else entries.splice(i, 0, e);
  }
  return overwritten;
}

// ---- `IteratorPtr` is `enum { End, Position { index } }`: `[0]` or `[1, index]`.

const END: Value = [0];
const position = (index: number): Value => [1, BigInt(index)];
/** The iterator's index, aborting `EITER_OUT_OF_BOUNDS` on `End` (the Move asserts). */
const indexOf = (it: Value | undefined): number => {
  const fields = deref(it as Value) as Value[];
  if (fields[0] === 0) abort(0x10003n);
  return Number(fields[1] as bigint);
};
const isEnd = (it: Value | undefined): boolean => (deref(it as Value) as Value[])[0] === 0;
/** `entries.borrow(i)`, the instruction failing past the end. */
const entryAt = (entries: Entry[], i: number): Entry => {
  const e = entries[i];
  if (e === undefined) throw vmError('VECTOR_OPERATION_ERROR');
  return e;
};
const lowerBoundIter = (entries: Entry[], key: Value): Value => {
  const i = lowerBound(entries, key);
  return i === entries.length ? END : position(i);
};
const isLt = (a: Value, b: Value): boolean => compareValues(a, b) < 0;

const ITERATION: Array<[string, NativeImpl]> = [
  [
    'internal_lower_bound',
    (_h, _t, [m, key]) => [lowerBoundIter(entriesOf(m as Value), key as Value)],
  ],
  [
    'internal_find',
    (_h, _t, [m, key]) => {
      const i = find(entriesOf(m as Value), key as Value);
      return [i < 0 ? END : position(i)];
    },
  ],
  [
    'internal_new_begin_iter',
    (_h, _t, [m]) => [entriesOf(m as Value).length === 0 ? END : position(0)],
  ],
  ['internal_new_end_iter', () => [END]],
  [
    'iter_next',
    (_h, _t, [it, m]) => {
      const next = indexOf(it) + 1;
      return [next < entriesOf(m as Value).length ? position(next) : END];
    },
  ],
  [
    'iter_prev',
    (_h, _t, [it, m]) => {
      const entries = entriesOf(m as Value);
      if (isEnd(it) ? entries.length === 0 : indexOf(it) === 0) abort(0x10003n);
      return [position(isEnd(it) ? entries.length - 1 : indexOf(it) - 1)];
    },
  ],
  [
    'iter_is_begin',
    (_h, _t, [it, m]) => [isEnd(it) ? entriesOf(m as Value).length === 0 : indexOf(it) === 0],
  ],
  ['iter_is_begin_from_non_empty', (_h, _t, [it]) => [!isEnd(it) && indexOf(it) === 0]],
  ['iter_is_end', (_h, _t, [it]) => [isEnd(it)]],
  [
    'iter_borrow_key',
    (_h, _t, [it, m]) => {
      const i = indexOf(it);
      return [new Ref(entryAt(entriesOf(m as Value), i) as unknown as Value[], 0)];
    },
  ],
  [
    'iter_borrow',
    (_h, _t, [it, m]) => {
      const i = indexOf(it);
      return [new Ref(entryAt(entriesOf(m as Value), i) as unknown as Value[], 1)];
    },
  ],
  [
    'iter_remove',
    (_h, _t, [it, m]) => {
      const i = indexOf(it);
      const entries = entriesOf(m as Value);
      if (i >= entries.length) throw new BytecodeAbort('0x1::vector', 0x20000n, null);
      return [(entries.splice(i, 1)[0] as Entry)[1]];
    },
  ],
  [
    'iter_replace',
    (_h, _t, [it, m, value]) => {
      const i = indexOf(it);
      const e = entryAt(entriesOf(m as Value), i);
      const old = e[1];
      e[1] = value as Value;
      return [old];
    },
  ],
  [
    'iter_add',
    (_h, _t, [it, m, key, value]) => {
      const entries = entriesOf(m as Value);
      const at = isEnd(it) ? entries.length : indexOf(it);
      if (at > 0 && !isLt(entryAt(entries, at - 1)[0], key as Value)) abort(0x10004n);
      if (at < entries.length && !isLt(key as Value, entryAt(entries, at)[0])) abort(0x10004n);
      entries.splice(at, 0, [key as Value, value as Value]);
      return [];
    },
  ],
  [
    'get',
    (_h, _t, [m, key]) => {
      const entries = entriesOf(m as Value);
      const i = find(entries, key as Value);
      return [[i < 0 ? [] : [copyValue((entries[i] as Entry)[1])]]];
    },
  ],
  [
    'remove_or_none',
    (_h, _t, [m, key]) => {
      const entries = entriesOf(m as Value);
      const i = find(entries, key as Value);
      return [[i < 0 ? [] : [(entries.splice(i, 1)[0] as Entry)[1]]]];
    },
  ],
  [
    'upsert_all',
    (_h, _t, [m, keys, values]) => {
      const ks = keys as Value[];
      const vs = values as Value[];
      if (ks.length !== vs.length) throw new BytecodeAbort('0x1::ordered_map', 0x20002n, null);
      const entries = entriesOf(m as Value);
      ks.forEach((key, n) => {
        const i = find(entries, key);
        if (i >= 0) entries[i] = [key, vs[n] as Value];
        else add(entries, key, vs[n] as Value);
      });
      return [];
    },
  ],
  [
    'borrow_front',
    (_h, _t, [m]) => {
      const e = entryAt(entriesOf(m as Value), 0) as unknown as Value[];
      return [new Ref(e, 0), new Ref(e, 1)];
    },
  ],
  [
    'borrow_back',
    (_h, _t, [m]) => {
      const entries = entriesOf(m as Value);
      // `length() - 1` underflows on an empty map before the borrow.
      if (entries.length === 0) throw vmError('ARITHMETIC_ERROR');
      const e = entries[entries.length - 1] as unknown as Value[];
      return [new Ref(e, 0), new Ref(e, 1)];
    },
  ],
  [
    'pop_front',
    (_h, _t, [m]) => {
      const entries = entriesOf(m as Value);
      if (entries.length === 0) throw new BytecodeAbort('0x1::vector', 0x20000n, null);
      return entries.shift() as Entry;
    },
  ],
  [
    'pop_back',
    (_h, _t, [m]) => {
      const entries = entriesOf(m as Value);
      if (entries.length === 0) throw vmError('VECTOR_OPERATION_ERROR');
      return entries.pop() as Entry;
    },
  ],
  [
    'prev_key',
    (_h, _t, [m, key]) => {
      const entries = entriesOf(m as Value);
      const i = lowerBound(entries, key as Value);
      return [[i === 0 ? [] : [copyValue((entries[i - 1] as Entry)[0])]]];
    },
  ],
  [
    'next_key',
    (_h, _t, [m, key]) => {
      const entries = entriesOf(m as Value);
      let i = lowerBound(entries, key as Value);
      if (i < entries.length && compareValues((entries[i] as Entry)[0], key as Value) === 0) i += 1;
      return [[i >= entries.length ? [] : [copyValue((entries[i] as Entry)[0])]]];
    },
  ],
];

const ORDERED_MAP: Array<[string, NativeImpl]> = [
  ['new', () => [map([])]],
  [
    'new_from',
    (_h, _t, [keys, values]) => {
      const entries: Entry[] = [];
      addAll(entries, keys as Value[], values as Value[]);
      return [map(entries)];
    },
  ],
  ['length', (_h, _t, [m]) => [BigInt(entriesOf(m as Value).length)]],
  ['is_empty', (_h, _t, [m]) => [entriesOf(m as Value).length === 0]],
  [
    'add',
    (_h, _t, [m, key, value]) => (add(entriesOf(m as Value), key as Value, value as Value), []),
  ],
  [
    'upsert',
    (_h, _t, [m, key, value]) => {
      const entries = entriesOf(m as Value);
      const i = find(entries, key as Value);
      if (i < 0) {
        add(entries, key as Value, value as Value);
        return [[[]]];
      }
      const old = (entries[i] as Entry)[1];
      entries[i] = [deref(key as Value), value as Value];
      return [[[old]]];
    },
  ],
  [
    'remove',
    (_h, _t, [m, key]) => {
      const entries = entriesOf(m as Value);
      const i = lowerBound(entries, key as Value);
      if (i >= entries.length) abort(0x10002n);
      if (compareValues((entries[i] as Entry)[0], key as Value) !== 0) abort(0x10002n);
      return [(entries.splice(i, 1)[0] as Entry)[1]];
    },
  ],
  ['contains', (_h, _t, [m, key]) => [find(entriesOf(m as Value), key as Value) >= 0]],
  [
    'borrow',
    (_h, _t, [m, key]) => {
      const entries = entriesOf(m as Value);
      const i = find(entries, key as Value);
      if (i < 0) abort(0x10003n);
      return [new Ref(entries[i] as unknown as Value[], 1)];
    },
  ],
  [
    'add_all',
    (_h, _t, [m, keys, values]) => (
      addAll(entriesOf(m as Value), keys as Value[], values as Value[]),
      []
    ),
  ],
  ['append', (_h, _t, [m, other]) => (appendImpl(m as Value, other as Value), [])],
  [
    'append_disjoint',
    (_h, _t, [m, other]) => {
      if (appendImpl(m as Value, other as Value) > 0) abort(0x10001n);
      return [];
    },
  ],
  [
    'trim',
    (_h, _t, [m, at]) => {
      const entries = entriesOf(m as Value);
      if ((at as bigint) > BigInt(entries.length))
        throw new BytecodeAbort('0x1::vector', 0x20000n, null);
      return [map(entries.splice(Number(at)))];
    },
  ],
  [
    'destroy_empty',
    (_h, _t, [m]) => {
      if (entriesOf(m as Value).length !== 0) throw vmError('VECTOR_OPERATION_ERROR');
      return [];
    },
  ],
  ['keys', (_h, _t, [m]) => [entriesOf(m as Value).map((e) => copyValue(e[0]))]],
  ['values', (_h, _t, [m]) => [entriesOf(m as Value).map((e) => copyValue(e[1]))]],
  [
    'to_vec_pair',
    (_h, _t, [m]) => {
      const entries = entriesOf(m as Value);
      return [entries.map((e) => e[0]), entries.map((e) => e[1])];
    },
  ],
];
ORDERED_MAP.push(...ITERATION, [
  'iter_borrow_mut',
  (ITERATION.find(([n]) => n === 'iter_borrow') as [string, NativeImpl])[1],
]);
ORDERED_MAP.push([
  'borrow_mut',
  (ORDERED_MAP.find(([n]) => n === 'borrow') as [string, NativeImpl])[1],
]);

/** `[module, function, implementation]` of `cmp` and `ordered_map`. */
export const ORDERED_NATIVES: ReadonlyArray<[string, string, NativeImpl]> = [
  ...CMP.map(([n, f]): [string, string, NativeImpl] => ['cmp', n, f]),
  ...ORDERED_MAP.map(([n, f]): [string, string, NativeImpl] => ['ordered_map', n, f]),
];
