import { describe, expect, it } from 'vitest';
import { emptyBigVector } from '../../../localnet/move/vm/stdlib/bigVector.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import type { Op } from './frameworkOracle.ts';
import { runOn } from './frameworkOracle.ts';

/**
 * big_vector's natives against its own bytecode (frameworkOracle.ts): the same results, aborts,
 * final value and table items (the buckets) after each sequence of calls. The vector is made by
 * the friend `empty` on the bytecode side and by its native equivalent on the other.
 */
const at = (k: bigint): Value => new Ref([k], 0);

function compare(bucketSize: bigint, ops: Op[]) {
  const spec = {
    pkg: 'AptosStdlib',
    module: 'big_vector',
    tys: ['u64'],
    type: 'M::big_vector::BigVector<u64>',
    nativeCreate: (session: Parameters<typeof emptyBigVector>[0]) =>
      emptyBigVector(session, bucketSize),
  };
  const native = runOn(false, spec, ['empty', [bucketSize]], ops);
  const oracle = runOn(true, spec, ['empty', [bucketSize]], ops);
  expect(native.results).toEqual(oracle.results);
  expect(native.bytes).toBe(oracle.bytes);
  expect(native.items).toEqual(oracle.items);
  return native.results;
}
const push = (from: number, to: number): Op[] =>
  Array.from({ length: to - from }, (_, i): Op => ['push_back', (v) => [v, BigInt(from + i)]]);

describe('big_vector against the framework bytecode', () => {
  it('pushes, pops, removes and swap-removes across buckets', () => {
    const results = compare(3n, [
      ...push(0, 11),
      ['remove', (v) => [v, 1n]],
      ['swap_remove', (v) => [v, 2n]],
      ['swap_remove', (v) => [v, 8n]],
      ['pop_back', (v) => [v]],
      ['borrow', (v) => [v, 4n]],
      ['borrow_mut', (v) => [v, 7n]],
      ['borrow', (v) => [v, 7n]],
      ['remove', (v) => [v, 40n]],
      ['index_of', (v) => [v, at(9n)]],
      ['index_of', (v) => [v, at(99n)]],
      ['contains', (v) => [v, at(5n)]],
      ['length', (v) => [v]],
      ['is_empty', (v) => [v]],
      ['to_vector', (v) => [v]],
    ]);
    expect(results.at(-1)).toEqual([[0n, 2n, 10n, 4n, 5n, 6n, 7n]]);
    expect(results[18]).toMatch(/EINDEX_OUT_OF_BOUNDS\(0x10001\)/);
  });

  it('swaps within and across buckets, reverses, and empties', () => {
    compare(4n, [
      ...push(0, 10),
      ['swap', (v) => [v, 1n, 2n]],
      ['swap', (v) => [v, 0n, 9n]],
      ['swap', (v) => [v, 3n, 10n]],
      ['reverse', (v) => [v]],
      ['to_vector', (v) => [v]],
      ['destroy_empty', (v) => [v.c[v.i] as Value]],
      ...Array.from({ length: 11 }, (): Op => ['pop_back', (v) => [v]]),
      ['is_empty', (v) => [v]],
    ]);
  });
});
