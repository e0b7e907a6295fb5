import { describe, expect, it } from 'vitest';
import { MoveAbort, VmStatusError } from '../../../localnet/framework/context.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import { call, charged } from './nativeHarness.ts';
import { failure } from './vmWorld.ts';

/** `std::vector`'s functions beyond the basic natives, against `vector.move`'s code and tests. */
const r = (v: Value) => new Ref([v], 0);
const U64_MAX = (1n << 64n) - 1n;

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
const OUT_OF_BOUNDS =
  'Move abort in 0x1::vector: EINDEX_OUT_OF_BOUNDS(0x20000): The index into the vector is out of bounds';

describe('0x1::vector', () => {
  it('move_range moves a block between vectors and charges per index moved (native)', () => {
    const from = [1n, 2n, 3n, 4n, 5n];
    const to = [10n, 20n];
    const before = charged();
    expect(call('vector::move_range', [r(from), 1n, 3n, r(to), 1n], ['u64'])).toEqual([]);
    expect(from).toEqual([1n, 5n]);
    expect(to).toEqual([10n, 2n, 3n, 4n, 20n]);
    // base 40,000 + 100 × ((5 - 1) + (2 - 1) + 3)
    expect(charged() - before).toBe(40_000 + 100 * 8);
    // The native's own code 1 (not categorized), past either end.
    expect(status(() => call('vector::move_range', [r([1n]), 1n, 1n, r([]), 0n], ['u64']))).toBe(
      'Move abort in 0x1::vector: 0x1',
    );
    expect(status(() => call('vector::move_range', [r([1n]), 0n, 1n, r([]), 1n], ['u64']))).toBe(
      'Move abort in 0x1::vector: 0x1',
    );
  });

  it('last, last_mut and replace borrow or swap in place, aborting on an empty vector', () => {
    const v = [1n, 2n, 3n];
    const [last] = call('vector::last_mut', [r(v)], ['u64']);
    (last as Ref).c[(last as Ref).i] = 30n;
    expect(v).toEqual([1n, 2n, 30n]);
    expect(call('vector::replace', [r(v), 0n, 9n], ['u64'])).toEqual([1n]);
    expect(v).toEqual([9n, 2n, 30n]);
    expect(status(() => call('vector::last', [r([])], ['u64']))).toBe(OUT_OF_BOUNDS);
    expect(status(() => call('vector::replace', [r(v), 3n, 0n], ['u64']))).toBe(OUT_OF_BOUNDS);
  });

  it('reverse_slice, rotate and rotate_slice as the Move code (test_rotate, test_rotate_slice)', () => {
    const v = [1n, 2n, 3n, 4n, 5n];
    call('vector::reverse_slice', [r(v), 1n, 4n], ['u64']);
    expect(v).toEqual([1n, 4n, 3n, 2n, 5n]);
    const w = [1n, 2n, 3n, 4n, 5n];
    expect(call('vector::rotate', [r(w), 2n], ['u64'])).toEqual([3n]);
    expect(w).toEqual([3n, 4n, 5n, 1n, 2n]);
    const x = [1n, 2n, 3n, 4n, 5n];
    expect(call('vector::rotate_slice', [r(x), 1n, 2n, 5n], ['u64'])).toEqual([4n]);
    expect(x).toEqual([1n, 3n, 4n, 5n, 2n]);
    expect(status(() => call('vector::reverse_slice', [r(v), 3n, 2n], ['u64']))).toBe(
      'Move abort in 0x1::vector: EINVALID_RANGE(0x20001): The index into the vector is out of bounds',
    );
    // The Move code's `swap` past the end fails as the instruction does; a one-element slice
    // past the end swaps nothing, so it succeeds.
    expect(status(() => call('vector::reverse_slice', [r(v), 3n, 7n], ['u64']))).toBe(
      'VECTOR_OPERATION_ERROR',
    );
    expect(status(() => call('vector::reverse_slice', [r(v), 9n, 10n], ['u64']))).toBe('ok');
    expect(status(() => call('vector::rotate', [r([1n]), 2n], ['u64']))).toBe(
      'VECTOR_OPERATION_ERROR',
    );
  });

  it('reverse_append, trim_reverse and remove_value', () => {
    const v = [1n, 2n];
    call('vector::reverse_append', [r(v), [3n, 4n]], ['u64']);
    expect(v).toEqual([1n, 2n, 4n, 3n]);
    expect(call('vector::trim_reverse', [r(v), 1n], ['u64'])).toEqual([[3n, 4n, 2n]]);
    expect(v).toEqual([1n]);
    expect(status(() => call('vector::trim_reverse', [r(v), 2n], ['u64']))).toBe(OUT_OF_BOUNDS);
    const w = [5n, 6n, 5n];
    expect(call('vector::remove_value', [r(w), r(5n)], ['u64'])).toEqual([[5n]]);
    expect(w).toEqual([6n, 5n]);
    expect(call('vector::remove_value', [r(w), r(7n)], ['u64'])).toEqual([[]]);
  });

  it('range and range_with_step: EINVALID_STEP, an overflowing step, out of gas before memory', () => {
    expect(call('vector::range', [2n, 5n])).toEqual([[2n, 3n, 4n]]);
    expect(call('vector::range_with_step', [0n, 10n, 4n])).toEqual([[0n, 4n, 8n]]);
    expect(call('vector::range', [5n, 5n])).toEqual([[]]);
    expect(status(() => call('vector::range_with_step', [0n, 10n, 0n]))).toBe(
      'Move abort in 0x1::vector: EINVALID_STEP(0x20003): The step provided in `range` is invalid, must be greater than zero.',
    );
    expect(status(() => call('vector::range_with_step', [U64_MAX - 1n, U64_MAX, 2n]))).toBe(
      'ARITHMETIC_ERROR',
    );
    const before = charged();
    call('vector::range', [0n, 100n]);
    expect(charged() - before).toBe(735 * 100);
  });

  it('insert takes the index before the element (insert(self, i, e))', () => {
    const v = [1n, 3n];
    call('vector::insert', [r(v), 1n, 2n], ['u64']);
    expect(v).toEqual([1n, 2n, 3n]);
    const entries: Value[] = [[5n, 50n]];
    call('vector::insert', [r(entries), 0n, [4n, 40n]], ['0x1::ordered_map::Entry<u64, u64>']);
    expect(entries).toEqual([
      [4n, 40n],
      [5n, 50n],
    ]);
    expect(failure(() => call('vector::insert', [r(v), 4n, 0n], ['u64']))).toBe(OUT_OF_BOUNDS);
  });

  it('slice aborts EINVALID_SLICE_RANGE; swap_remove past the end is the swap failing', () => {
    expect(call('vector::slice', [r([1n, 2n, 3n]), 1n, 3n], ['u64'])).toEqual([[2n, 3n]]);
    expect(status(() => call('vector::slice', [r([1n]), 1n, 0n], ['u64']))).toBe(
      'Move abort in 0x1::vector: EINVALID_SLICE_RANGE(0x20004): The range in `slice` is invalid.',
    );
    expect(status(() => call('vector::swap_remove', [r([]), 0n], ['u64']))).toBe(OUT_OF_BOUNDS);
    expect(status(() => call('vector::swap_remove', [r([1n]), 1n], ['u64']))).toBe(
      'VECTOR_OPERATION_ERROR',
    );
  });

  it('std::mem: swap exchanges two slots, replace returns the old value (mem.swap.base each)', () => {
    const pair: Value[] = [1n, 2n];
    const before = charged();
    call('mem::swap', [new Ref(pair, 0), new Ref(pair, 1)], ['u64']);
    expect(pair).toEqual([2n, 1n]);
    expect(call('mem::replace', [new Ref(pair, 0), 9n], ['u64'])).toEqual([2n]);
    expect(pair).toEqual([9n, 1n]);
    expect(charged() - before).toBe(2 * 15_000);
  });
});
