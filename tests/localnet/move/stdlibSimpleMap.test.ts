import { describe, expect, it } from 'vitest';
import { MoveAbort, VmStatusError } from '../../../localnet/framework/context.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import { call as callNative } from './nativeHarness.ts';

/** `0x1::simple_map` (`SimpleMap { data: vector<Element { key, value }> }`) against simple_map.move. */
const call = (id: string, args: Value[]): Value[] => callNative(id, args, ['u64', 'u64']);
const r = (v: Value) => new Ref([v], 0);

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

describe('0x1::simple_map', () => {
  it('new_from / add_all add in order; to_vec_pair splits the data', () => {
    const [m] = call('simple_map::new_from', [
      [3n, 1n],
      [30n, 10n],
    ]);
    call('simple_map::add_all', [r(m as Value), [2n], [20n]]);
    expect(m).toEqual([
      [
        [3n, 30n],
        [1n, 10n],
        [2n, 20n],
      ],
    ]);
    expect(call('simple_map::to_vec_pair', [m as Value])).toEqual([
      [3n, 1n, 2n],
      [30n, 10n, 20n],
    ]);
    // The inlined vector::zip checks the lengths before any add, aborting in simple_map (as the
    // framework bytecode does, stdlibMapsOracle); a repeated key aborts there too.
    expect(status(() => call('simple_map::new_from', [[1n], []]))).toContain(
      'Move abort in 0x1::simple_map: EKEY_NOT_FOUND(0x20002): Map key is not found',
    );
    expect(
      status(() =>
        call('simple_map::new_from', [
          [1n, 1n],
          [1n, 2n],
        ]),
      ),
    ).toBe('Move abort in 0x1::simple_map: EKEY_ALREADY_EXISTS(0x10001): Map key already exists');
  });

  it('remove swaps the last element into the hole (swap_remove), as a node stores it', () => {
    const [m] = call('simple_map::new_from', [
      [1n, 2n, 3n, 4n],
      [10n, 20n, 30n, 40n],
    ]);
    expect(call('simple_map::remove', [r(m as Value), r(2n)])).toEqual([2n, 20n]);
    expect(call('simple_map::keys', [r(m as Value)])).toEqual([[1n, 4n, 3n]]);
    expect(call('simple_map::remove', [r(m as Value), r(3n)])).toEqual([3n, 30n]);
    expect(call('simple_map::keys', [r(m as Value)])).toEqual([[1n, 4n]]);
    expect(status(() => call('simple_map::remove', [r(m as Value), r(9n)]))).toBe(
      'Move abort in 0x1::simple_map: EKEY_NOT_FOUND(0x10002): Map key is not found',
    );
    // destroy_empty is `vector::destroy_empty` of the data: the instruction fails.
    expect(status(() => call('simple_map::destroy_empty', [m as Value]))).toBe(
      'VECTOR_OPERATION_ERROR',
    );
  });
});
