import { describe, expect, it } from 'vitest';
import { MoveAbort, VmStatusError } from '../../../localnet/framework/context.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import { call as callNative } from './nativeHarness.ts';

/** `0x1::smart_vector` natives against `smart_vector.move`'s unit tests and big_vector's layout. */
const call = (name: string, args: Value[]): Value[] =>
  callNative(`smart_vector::${name}`, args, ['u64']);
const r = (v: Value) => new Ref([v], 0);
const at = (v: Value, i: bigint): Value => {
  const [ref] = call('borrow', [r(v), i]);
  return (ref as Ref).c[(ref as Ref).i] as Value;
};
const len = (v: Value) => call('length', [r(v)])[0];
const inline = (v: Value) => (v as Value[])[0] as Value[];
const big = (v: Value) => (((v as Value[])[1] as Value[])[0] as Value[])[0] as Value[] | undefined;
const fresh = (): Value => call('new', [])[0] as Value;
const fill = (v: Value, from: bigint, to: bigint) => {
  for (let i = from; i < to; i += 1n) call('push_back', [r(v), i]);
};

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

describe('0x1::smart_vector', () => {
  it('keeps 18 u64 inline, then a big vector of 128-element buckets (smart_vector_test)', () => {
    const v = fresh();
    fill(v, 0n, 100n);
    expect(inline(v).length).toBe(18);
    const bv = big(v) as Value[];
    expect(bv.slice(1)).toEqual([82n, 128n]);
    expect((bv[0] as Value[])[1]).toBe(1n);
    for (let j = 0n; j < 100n; j += 1n) expect(at(v, j)).toBe(j);
    for (let i = 99n; i >= 0n; i -= 1n) {
      expect(call('index_of', [r(v), r(i)])).toEqual([true, i]);
      expect(call('pop_back', [r(v)])).toEqual([i]);
    }
    expect(big(v)).toBeUndefined();
    fill(v, 0n, 100n);
    expect(call('swap_remove', [r(v), 99n])).toEqual([99n]);
    expect(call('swap_remove', [r(v), 0n])).toEqual([0n]);
    while ((len(v) as bigint) > 0n) {
      const expected = len(v);
      expect(call('swap_remove', [r(v), 0n])).toEqual([expected]);
    }
    call('destroy_empty', [v]);
  });

  it('appends, removes, swaps and reverses as the Move tests expect', () => {
    const v1 = fresh();
    const v2 = fresh();
    fill(v1, 0n, 7n);
    fill(v2, 7n, 25n);
    call('append', [r(v1), v2]);
    expect(len(v1)).toBe(25n);
    for (let i = 0n; i < 25n; i += 1n) expect(at(v1, i)).toBe(i);

    const v = fresh();
    fill(v, 0n, 101n);
    const inlineLen = inline(v).length;
    for (const i of [100n, 90n, 80n, 70n, 60n, 50n, 40n, 30n, 20n]) call('remove', [r(v), i]);
    expect(inline(v).length).toBe(inlineLen);
    call('remove', [r(v), 10n]);
    expect(inline(v).length + 1).toBe(inlineLen);
    call('remove', [r(v), 0n]);
    expect(inline(v).length + 2).toBe(inlineLen);
    expect(len(v)).toBe(90n);
    let index = 0n;
    for (let i = 0n; i < 101n; i += 1n) {
      if (i % 10n !== 0n) {
        expect(at(v, index)).toBe(i);
        index += 1n;
      }
    }

    const s = fresh();
    fill(s, 0n, 101n);
    for (let i = 0n; i < 51n; i += 1n) call('swap', [r(s), i, 100n - i]);
    for (let i = 0n; i < 101n; i += 1n) expect(at(s, i)).toBe(100n - i);

    const rv = fresh();
    fill(rv, 0n, 10n);
    call('reverse', [r(rv)]);
    expect(inline(rv)).toEqual([9n, 8n, 7n, 6n, 5n, 4n, 3n, 2n, 1n, 0n]);
    fill(rv, 10n, 100n);
    while (inline(rv).length > 0) call('remove', [r(rv), 0n]);
    call('reverse', [r(rv)]);
    const all = call('to_vector', [r(rv)])[0] as bigint[];
    for (let i = 0; i + 1 < all.length; i += 1) expect(all[i]).toBe((all[i + 1] as bigint) + 1n);
  });

  it('aborts with the module codes', () => {
    const v = fresh();
    expect(status(() => call('pop_back', [r(v)]))).toBe(
      'Move abort in 0x1::smart_vector: EVECTOR_EMPTY(0x30003): Cannot pop back from an empty vector',
    );
    expect(status(() => call('borrow', [r(v), 0n]))).toContain('EINDEX_OUT_OF_BOUNDS(0x10001)');
    expect(status(() => call('empty_with_config', [1n, 0n]))).toContain(
      'EZERO_BUCKET_SIZE(0x10004)',
    );
    fill(v, 0n, 1n);
    expect(status(() => call('destroy_empty', [v]))).toContain('EVECTOR_NOT_EMPTY(0x10002)');
    const configured = call('empty_with_config', [2n, 3n])[0] as Value;
    fill(configured, 0n, 9n);
    expect(inline(configured)).toEqual([0n, 1n]);
    expect((big(configured) as Value[]).slice(1)).toEqual([7n, 3n]);
    expect(((big(configured) as Value[])[0] as Value[])[1]).toBe(3n);
  });
});
