/**
 * `std::vector` functions beyond the basic ones in `natives.ts`: `move_range` (a native on a node,
 * `aptos-move/framework/move-stdlib/src/natives/vector.rs`) and the Move functions built on
 * `swap`, `push_back` and `pop_back` (`last`, `replace`, `reverse_slice`, `rotate`, `range`, …),
 * each with the Move code's order of checks:
 *
 * - aborts in `0x1::vector`: `EINDEX_OUT_OF_BOUNDS` 0x20000, `EINVALID_RANGE` 0x20001,
 *   `EINVALID_STEP` 0x20003; `move_range` out of bounds aborts with the native's own code 1;
 * - a `swap` the Move code makes out of bounds is `VECTOR_OPERATION_ERROR`, an overflowing
 *   `+` is `ARITHMETIC_ERROR`, as the bytecode instructions fail.
 *
 * Gas: `move_range` charges the schedule's `move_range.base` and `per_index_moved`; the Move
 * functions charge about one loop iteration (`PER_ELEMENT`) per element they touch.
 */
import { BytecodeAbort, vmError } from '../errors.ts';
import type { NativeHost, NativeImpl } from '../loader.ts';
import type { Value } from '../values.ts';
import { Ref, valueEquals } from '../values.ts';

const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);
const vec = (v: Value | undefined): Value[] => deref(v as Value) as Value[];
const abort = (code: bigint): never => {
  throw new BytecodeAbort('0x1::vector', code, null);
};
const U64_MAX = (1n << 64n) - 1n;
/** About one iteration of a Move loop over a vector. */
const PER_ELEMENT = 735;
/** `move_stdlib.vector.move_range.{base, per_index_moved}` (gas schedule v1.48.0). */
const MOVE_RANGE_BASE = 40_000;
const MOVE_RANGE_PER_INDEX = 100;
/** `move_stdlib.mem.swap.base`. */
const MEM_SWAP = 15_000;

/** The Move `reverse_slice`: swaps inward from both ends, each swap bounds-checked. */
function reverseSlice(host: NativeHost, items: Value[], left: bigint, right: bigint): void {
  if (left > right) abort(0x20001n);
  if (left === right) return;
  let l = left;
  let r = right - 1n;
  // The first swap takes the highest index: it fails before any element moves.
  if (l < r && r >= BigInt(items.length)) throw vmError('VECTOR_OPERATION_ERROR');
  host.charge(PER_ELEMENT * Number((r - l + 2n) / 2n));
  while (l < r) {
    const a = Number(l);
    const b = Number(r);
    [items[a], items[b]] = [items[b] as Value, items[a] as Value];
    l += 1n;
    r -= 1n;
  }
}

function rotateSlice(
  host: NativeHost,
  items: Value[],
  left: bigint,
  rot: bigint,
  right: bigint,
): bigint {
  reverseSlice(host, items, left, rot);
  reverseSlice(host, items, rot, right);
  reverseSlice(host, items, left, right);
  const split = left + (right - rot);
  if (split > U64_MAX) throw vmError('ARITHMETIC_ERROR');
  return split;
}

function rangeWithStep(host: NativeHost, start: bigint, end: bigint, step: bigint): Value[] {
  if (step === 0n) abort(0x20003n);
  const count = start < end ? (end - start + step - 1n) / step : 0n;
  // Charged before building, so a huge range runs out of gas instead of memory.
  host.charge(PER_ELEMENT * Number(count));
  const out: Value[] = [];
  for (let at = start; at < end; at += step) {
    out.push(at);
    // The Move loop adds `step` after each push: past u64 it is an arithmetic error.
    if (at + step > U64_MAX) throw vmError('ARITHMETIC_ERROR');
  }
  return out;
}

/** `[function, implementation]` of the `std::vector` functions here. */
export const VECTOR: ReadonlyArray<[string, NativeImpl]> = [
  [
    'move_range',
    (host, _t, [from, removal, length, to, insert]) => {
      host.charge(MOVE_RANGE_BASE);
      const source = vec(from);
      const target = vec(to);
      const at = removal as bigint;
      const n = length as bigint;
      const into = insert as bigint;
      if (at + n > BigInt(source.length) || into > BigInt(target.length)) abort(1n);
      host.charge(
        MOVE_RANGE_PER_INDEX *
          Number(BigInt(source.length) - at + (BigInt(target.length) - into) + n),
      );
      target.splice(Number(into), 0, ...source.splice(Number(at), Number(n)));
      return [];
    },
  ],
  [
    'last',
    (_h, _t, [v]) => {
      const items = vec(v);
      if (items.length === 0) abort(0x20000n);
      return [new Ref(items, items.length - 1)];
    },
  ],
  [
    'last_mut',
    (_h, _t, [v]) => {
      const items = vec(v);
      if (items.length === 0) abort(0x20000n);
      return [new Ref(items, items.length - 1)];
    },
  ],
  [
    'replace',
    (host, _t, [v, i, value]) => {
      const items = vec(v);
      if ((i as bigint) >= BigInt(items.length)) abort(0x20000n);
      // `mem::replace` of the element: one `mem::swap`.
      host.charge(MEM_SWAP);
      const old = items[Number(i)] as Value;
      items[Number(i)] = value as Value;
      return [old];
    },
  ],
  [
    'reverse_slice',
    (host, _t, [v, left, right]) => (
      reverseSlice(host, vec(v), left as bigint, right as bigint),
      []
    ),
  ],
  [
    'reverse_append',
    (host, _t, [v, other]) => {
      const source = other as Value[];
      host.charge(PER_ELEMENT * source.length);
      vec(v).push(...source.reverse());
      return [];
    },
  ],
  [
    'trim_reverse',
    (host, _t, [v, n]) => {
      const items = vec(v);
      if ((n as bigint) > BigInt(items.length)) abort(0x20000n);
      const evicted = items.splice(Number(n)).reverse();
      host.charge(PER_ELEMENT * evicted.length);
      return [evicted];
    },
  ],
  [
    'remove_value',
    (host, _t, [v, value]) => {
      const items = vec(v);
      const index = items.findIndex((item) => valueEquals(item, value as Value));
      host.charge(PER_ELEMENT * (index < 0 ? items.length : items.length - index));
      return [index < 0 ? [] : items.splice(index, 1)];
    },
  ],
  [
    'rotate',
    (host, _t, [v, rot]) => {
      const items = vec(v);
      return [rotateSlice(host, items, 0n, rot as bigint, BigInt(items.length))];
    },
  ],
  [
    'rotate_slice',
    (host, _t, [v, left, rot, right]) => [
      rotateSlice(host, vec(v), left as bigint, rot as bigint, right as bigint),
    ],
  ],
  ['range', (host, _t, [start, end]) => [rangeWithStep(host, start as bigint, end as bigint, 1n)]],
  [
    'range_with_step',
    (host, _t, [start, end, step]) => [
      rangeWithStep(host, start as bigint, end as bigint, step as bigint),
    ],
  ],
];

const swapRefs = (left: Value | undefined, right: Value | undefined): void => {
  const a = left as Ref;
  const b = right as Ref;
  [a.c[a.i], b.c[b.i]] = [b.c[b.i] as Value, a.c[a.i] as Value];
};

/** `std::mem`: `swap` (a native on a node) and `replace` (Move: one swap). */
export const MEM: ReadonlyArray<[string, NativeImpl]> = [
  ['swap', (host, _t, [left, right]) => (host.charge(MEM_SWAP), swapRefs(left, right), [])],
  [
    'replace',
    (host, _t, [ref, value]) => {
      host.charge(MEM_SWAP);
      const cell: Value[] = [value as Value];
      swapRefs(ref, new Ref(cell, 0));
      return [cell[0] as Value];
    },
  ],
];
