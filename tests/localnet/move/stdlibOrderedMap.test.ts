import { describe, expect, it } from 'vitest';
import { MoveAbort, VmStatusError } from '../../../localnet/framework/context.ts';
import { parseTy } from '../../../localnet/move/vm/ty.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref, serialize } from '../../../localnet/move/vm/values.ts';
import { toJson } from '../../../localnet/move/vm/valuesJson.ts';
import { call as callNative, ONE, session } from './nativeHarness.ts';

/** `std::cmp` and `0x1::ordered_map` natives against `ordered_map.move`'s unit tests. */
const call = (id: string, args: Value[], tys: string[] = ['u64', 'u64']): Value[] =>
  callNative(id, args, tys);
const r = (v: Value) => new Ref([v], 0);
const from = (keys: bigint[], values: bigint[]) =>
  call('ordered_map::new_from', [keys, values])[0] as Value;
const keys = (m: Value) => call('ordered_map::keys', [r(m)])[0];

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

describe('std::cmp', () => {
  it('compares structurally (numbers by value, vectors by element then length)', () => {
    const cmp = (a: Value, b: Value, ty: string) =>
      ((call('cmp::compare', [r(a), r(b)], [ty])[0] as Value[])[0] as number) - 1;
    expect(cmp(256n, 1n, 'u64')).toBe(1);
    expect(cmp(2, 3, 'u8')).toBe(-1);
    expect(cmp([1n, 2n], [1n, 2n, 0n], 'vector<u64>')).toBe(-1);
    expect(cmp([2n], [1n, 9n], 'vector<u64>')).toBe(1);
    expect(cmp(false, true, 'bool')).toBe(-1);
    expect(cmp(ONE, ONE, 'address')).toBe(0);
    const [ordering] = call('cmp::compare', [r(1n), r(2n)], ['u64']);
    expect(call('cmp::is_lt', [r(ordering as Value)], [])).toEqual([true]);
    expect(call('cmp::is_ge', [r(ordering as Value)], [])).toEqual([false]);
  });
});

describe('0x1::ordered_map', () => {
  it('keeps keys sorted through add, upsert and remove (test_map_small, test_upsert_test)', () => {
    const m = call('ordered_map::new', [])[0] as Value;
    for (const k of [1n, 2n]) call('ordered_map::add', [r(m), k, k]);
    expect(call('ordered_map::upsert', [r(m), 3n, 3n])).toEqual([[[]]]);
    call('ordered_map::add', [r(m), 4n, 4n]);
    expect(call('ordered_map::upsert', [r(m), 4n, 8n])).toEqual([[[4n]]]);
    call('ordered_map::add', [r(m), 0n, 0n]);
    expect(keys(m)).toEqual([0n, 1n, 2n, 3n, 4n]);
    expect(call('ordered_map::values', [r(m)])[0]).toEqual([0n, 1n, 2n, 3n, 8n]);
    expect(call('ordered_map::remove', [r(m), r(2n)])).toEqual([2n]);
    expect(call('ordered_map::contains', [r(m), r(2n)])).toEqual([false]);
    const [ref] = call('ordered_map::borrow_mut', [r(m), r(3n)]);
    (ref as Ref).c[(ref as Ref).i] = 33n;
    expect(call('ordered_map::values', [r(m)])[0]).toEqual([0n, 1n, 33n, 8n]);
    // The state a node stores: the enum and its entries.
    const ty = parseTy('0x1::ordered_map::OrderedMap<u64, u64>');
    expect(toJson(ty, m, session.layout)).toEqual({
      __variant__: 'SortedVectorMap',
      entries: [
        { key: '0', value: '0' },
        { key: '1', value: '1' },
        { key: '3', value: '33' },
        { key: '4', value: '8' },
      ],
    });
    expect(serialize(ty, m, session.layout)[0]).toBe(0);
    expect(status(() => call('ordered_map::add', [r(m), 1n, 1n]))).toBe(
      'Move abort in 0x1::ordered_map: EKEY_ALREADY_EXISTS(0x10001): Map key already exists',
    );
    expect(status(() => call('ordered_map::remove', [r(m), r(7n)]))).toBe(
      'Move abort in 0x1::ordered_map: EKEY_NOT_FOUND(0x10002): Map key is not found',
    );
    expect(status(() => call('ordered_map::borrow', [r(m), r(7n)]))).toBe(
      'Move abort in 0x1::ordered_map: EITER_OUT_OF_BOUNDS(0x10003): ',
    );
    expect(status(() => call('ordered_map::destroy_empty', [m]))).toBe('VECTOR_OPERATION_ERROR');
  });

  it('appends as test_append; append_disjoint aborts on a shared key', () => {
    const cases: Array<[bigint[], bigint[]]> = [
      [
        [1n, 2n, 3n],
        [4n, 5n],
      ],
      [
        [1n, 3n, 5n],
        [2n, 4n],
      ],
      [
        [2n, 4n],
        [1n, 3n, 5n],
      ],
      [[], [1n, 2n]],
    ];
    for (const [a, b] of cases) {
      const m = from(
        a,
        a.map((k) => k * 10n),
      );
      call('ordered_map::append', [
        r(m),
        from(
          b,
          b.map((k) => k * 10n),
        ),
      ]);
      expect(m).toEqual(
        from(
          [...a, ...b].sort(),
          [...a, ...b].sort().map((k) => k * 10n),
        ),
      );
    }
    // `append` overwrites: the other map's value wins (append_impl's `overwritten`).
    const m = from([1n, 2n], [10n, 20n]);
    call('ordered_map::append', [r(m), from([2n, 3n], [21n, 30n])]);
    expect(m).toEqual(from([1n, 2n, 3n], [10n, 21n, 30n]));
    expect(status(() => call('ordered_map::append_disjoint', [r(m), from([1n], [10n])]))).toContain(
      'EKEY_ALREADY_EXISTS(0x10001)',
    );
    call('ordered_map::append_disjoint', [r(m), from([0n], [0n])]);
    expect(keys(m)).toEqual([0n, 1n, 2n, 3n]);
    expect(status(() => from([1n, 2n], [1n]))).toBe(
      // vector::zip is inlined: a node reports vector's code in ordered_map, by its error map.
      'Move abort in 0x1::ordered_map: EKEY_NOT_FOUND(0x20002): Map key is not found',
    );
    const big = from([1n, 2n, 3n, 4n], [1n, 2n, 3n, 4n]);
    const rest = call('ordered_map::trim', [r(big), 1n])[0] as Value;
    expect(keys(big)).toEqual([1n]);
    expect(keys(rest)).toEqual([2n, 3n, 4n]);
    expect(call('ordered_map::to_vec_pair', [rest])).toEqual([
      [2n, 3n, 4n],
      [2n, 3n, 4n],
    ]);
  });
});
