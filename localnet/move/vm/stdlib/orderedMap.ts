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
 *   `add_all` / `new_from` with unequal lengths abort in `0x1::vector` (0x20002) first;
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
  if (keys.length !== values.length) throw new BytecodeAbort('0x1::vector', 0x20002n, null);
  keys.forEach((key, i) => add(entries, key, values[i] as Value));
};
const map = (entries: Entry[]): Value => [0, entries as unknown as Value];

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
  [
    'append',
    (_h, _t, [m, other]) => {
      const entries = entriesOf(m as Value);
      const incoming = entriesOf(other as Value);
      // The Move merge aborts on the first equal pair; the result is the sorted union.
      for (const e of incoming) if (find(entries, e[0]) >= 0) abort(0x10001n);
      const merged = [...entries, ...incoming].sort((x, y) => compareValues(x[0], y[0]));
      entries.length = 0;
      entries.push(...merged);
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
ORDERED_MAP.push([
  'borrow_mut',
  (ORDERED_MAP.find(([n]) => n === 'borrow') as [string, NativeImpl])[1],
]);

/** `[module, function, implementation]` of `cmp` and `ordered_map`. */
export const ORDERED_NATIVES: ReadonlyArray<[string, string, NativeImpl]> = [
  ...CMP.map(([n, f]): [string, string, NativeImpl] => ['cmp', n, f]),
  ...ORDERED_MAP.map(([n, f]): [string, string, NativeImpl] => ['ordered_map', n, f]),
];
