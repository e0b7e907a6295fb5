import { describe, expect, it } from 'vitest';
import { MoveAbort, VmStatusError } from '../../../localnet/framework/context.ts';
import { parseTy } from '../../../localnet/move/vm/ty.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref, serialize } from '../../../localnet/move/vm/values.ts';
import { call as callNative, session } from './nativeHarness.ts';

/** `0x1::ordered_map`'s iterators and the functions built on them, against ordered_map.move. */
const call = (id: string, args: Value[], tys: string[] = ['u64', 'u64']): Value[] =>
  callNative(id, args, tys);
const r = (v: Value) => new Ref([v], 0);
const from = (keys: bigint[], values: bigint[]) =>
  call('ordered_map::new_from', [keys, values])[0] as Value;
const keys = (m: Value) => call('ordered_map::keys', [r(m)])[0];
const deref = (v: Value) => (v as Ref).c[(v as Ref).i];
const END: Value = [0];

function status(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof MoveAbort) return error.vmStatus;
    if (error instanceof VmStatusError) return error.status;
    throw error;
  }
  return 'ok';
}
const ITER_OUT = 'Move abort in 0x1::ordered_map: EITER_OUT_OF_BOUNDS(0x10003): ';

describe('0x1::ordered_map iterators', () => {
  it('walks forward and back as test_iterator and validate_iteration', () => {
    const m = from([1n, 3n, 5n], [10n, 30n, 50n]);
    let it = call('ordered_map::internal_new_begin_iter', [r(m)])[0] as Value;
    expect(it).toEqual([1, 0n]);
    const seen: Value[] = [];
    while (!(call('ordered_map::iter_is_end', [r(it), r(m)])[0] as boolean)) {
      seen.push(deref(call('ordered_map::iter_borrow_key', [r(it), r(m)])[0] as Value) as Value);
      it = call('ordered_map::iter_next', [it, r(m)])[0] as Value;
    }
    expect(seen).toEqual([1n, 3n, 5n]);
    expect(it).toEqual(END);
    expect(status(() => call('ordered_map::iter_next', [it, r(m)]))).toBe(ITER_OUT);
    const last = call('ordered_map::iter_prev', [it, r(m)])[0] as Value;
    expect(deref(call('ordered_map::iter_borrow', [last, r(m)])[0] as Value)).toBe(50n);
    const first = call('ordered_map::internal_new_begin_iter', [r(m)])[0] as Value;
    expect(call('ordered_map::iter_is_begin', [r(first), r(m)])).toEqual([true]);
    expect(call('ordered_map::iter_is_begin_from_non_empty', [r(first)])).toEqual([true]);
    expect(status(() => call('ordered_map::iter_prev', [first, r(m)]))).toBe(ITER_OUT);
    const empty = call('ordered_map::new', [])[0] as Value;
    // An end iterator of an empty map is also its beginning.
    expect(call('ordered_map::iter_is_begin', [r(END), r(empty)])).toEqual([true]);
    expect(call('ordered_map::iter_is_begin_from_non_empty', [r(END)])).toEqual([false]);
    expect(status(() => call('ordered_map::iter_borrow_key', [r(END), r(m)]))).toBe(ITER_OUT);
  });

  it('finds, lower-bounds, and edits through iterators (iter_add in order only)', () => {
    const m = from([2n, 4n], [20n, 40n]);
    expect(call('ordered_map::internal_find', [r(m), r(3n)])).toEqual([END]);
    expect(call('ordered_map::internal_lower_bound', [r(m), r(3n)])).toEqual([[1, 1n]]);
    expect(call('ordered_map::internal_lower_bound', [r(m), r(5n)])).toEqual([END]);
    const at4 = call('ordered_map::internal_find', [r(m), r(4n)])[0] as Value;
    expect(call('ordered_map::iter_replace', [at4, r(m), 41n])).toEqual([40n]);
    const [mut] = call('ordered_map::iter_borrow_mut', [at4, r(m)]);
    (mut as Ref).c[(mut as Ref).i] = 42n;
    const lb3 = call('ordered_map::internal_lower_bound', [r(m), r(3n)])[0] as Value;
    call('ordered_map::iter_add', [lb3, r(m), 3n, 30n]);
    call('ordered_map::iter_add', [END, r(m), 9n, 90n]);
    expect(call('ordered_map::values', [r(m)])[0]).toEqual([20n, 30n, 42n, 90n]);
    expect(status(() => call('ordered_map::iter_add', [[1, 0n], r(m), 5n, 0n]))).toBe(
      "Move abort in 0x1::ordered_map: ENEW_KEY_NOT_IN_ORDER(0x10004): New key used in replace_key_inplace doesn't respect the order",
    );
    expect(status(() => call('ordered_map::iter_add', [[1, 9n], r(m), 99n, 0n]))).toBe(
      'VECTOR_OPERATION_ERROR',
    );
    expect(call('ordered_map::iter_remove', [[1, 1n], r(m)])).toEqual([30n]);
    expect(keys(m)).toEqual([2n, 4n, 9n]);
    expect(status(() => call('ordered_map::iter_remove', [END, r(m)]))).toBe(ITER_OUT);
    // The iterator's BCS as a node writes it: variant index, then the index.
    const ty = parseTy('0x1::ordered_map::IteratorPtr');
    expect([...serialize(ty, [1, 2n], session.layout)]).toEqual([1, 2, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('get, remove_or_none, upsert_all, prev_key and next_key', () => {
    const m = from([1n, 3n], [10n, 30n]);
    expect(call('ordered_map::get', [r(m), r(3n)])).toEqual([[[30n]]]);
    expect(call('ordered_map::get', [r(m), r(2n)])).toEqual([[[]]]);
    expect(call('ordered_map::prev_key', [r(m), r(3n)])).toEqual([[[1n]]]);
    expect(call('ordered_map::prev_key', [r(m), r(1n)])).toEqual([[[]]]);
    expect(call('ordered_map::prev_key', [r(m), r(7n)])).toEqual([[[3n]]]);
    expect(call('ordered_map::next_key', [r(m), r(1n)])).toEqual([[[3n]]]);
    expect(call('ordered_map::next_key', [r(m), r(2n)])).toEqual([[[3n]]]);
    expect(call('ordered_map::next_key', [r(m), r(3n)])).toEqual([[[]]]);
    call('ordered_map::upsert_all', [r(m), [3n, 2n], [31n, 20n]]);
    expect(call('ordered_map::values', [r(m)])[0]).toEqual([10n, 20n, 31n]);
    expect(status(() => call('ordered_map::upsert_all', [r(m), [1n], []]))).toContain(
      'Move abort in 0x1::ordered_map: EKEY_NOT_FOUND(0x20002)',
    );
    expect(call('ordered_map::remove_or_none', [r(m), r(2n)])).toEqual([[[20n]]]);
    expect(call('ordered_map::remove_or_none', [r(m), r(2n)])).toEqual([[[]]]);
  });

  it('front and back: borrow, pop, and the failures of an empty map', () => {
    const m = from([1n, 2n, 3n], [10n, 20n, 30n]);
    const [k, v] = call('ordered_map::borrow_front', [r(m)]);
    expect([deref(k as Value), deref(v as Value)]).toEqual([1n, 10n]);
    const [bk] = call('ordered_map::borrow_back', [r(m)]);
    expect(deref(bk as Value)).toBe(3n);
    expect(call('ordered_map::pop_front', [r(m)])).toEqual([1n, 10n]);
    expect(call('ordered_map::pop_back', [r(m)])).toEqual([3n, 30n]);
    expect(keys(m)).toEqual([2n]);
    const empty = call('ordered_map::new', [])[0] as Value;
    expect(status(() => call('ordered_map::borrow_front', [r(empty)]))).toBe(
      'VECTOR_OPERATION_ERROR',
    );
    expect(status(() => call('ordered_map::borrow_back', [r(empty)]))).toBe('ARITHMETIC_ERROR');
    expect(status(() => call('ordered_map::pop_front', [r(empty)]))).toContain(
      'EINDEX_OUT_OF_BOUNDS(0x20000)',
    );
    expect(status(() => call('ordered_map::pop_back', [r(empty)]))).toBe('VECTOR_OPERATION_ERROR');
  });
});
