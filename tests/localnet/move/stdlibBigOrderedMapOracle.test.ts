import { describe, expect, it } from 'vitest';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import type { Op } from './frameworkOracle.ts';
import { runOn, shuffled } from './frameworkOracle.ts';

/**
 * The native `0x1::big_ordered_map` against the framework's own bytecode (frameworkOracle.ts),
 * with storage_slots_allocator and ordered_map's friend replace_key_inplace from their bytecode at
 * 0x1: the same operations must give the same results and leave the same bytes, the map value and
 * every table item the session wrote.
 */
const SPEC = {
  pkg: 'AptosFramework',
  module: 'big_ordered_map',
  tys: ['u64', 'u64'],
  type: 'M::big_ordered_map::BigOrderedMap<u64, u64>',
  deps: [
    ['AptosStdlib', 'storage_slots_allocator'],
    ['AptosFramework', 'ordered_map'],
  ] as Array<[string, string]>,
};
const at = (k: bigint): Value => new Ref([k], 0);

describe('0x1::big_ordered_map against the framework bytecode', () => {
  it('the same splits, merges, slots and results for adds, upserts and removes', () => {
    const keys = shuffled(80, 3);
    const ops: Op[] = [
      ...keys.map((k): Op => ['add', (m) => [m, k, k * 2n]]),
      ['upsert', (m) => [m, 5n, 1n]],
      ['add_all', (m) => [m, [1000n], []]],
      ['add_all', (m) => [m, [1001n, 5n], [1n, 2n]]],
      ['add', (m) => [m, 5n, 1n]],
      ['prev_key', (m) => [m, at(40n)]],
      ['next_key', (m) => [m, at(80n)]],
      ['borrow_back', (m) => [m]],
      ['internal_find', (m) => [m, at(33n)]],
      ...shuffled(80, 11)
        .slice(0, 70)
        .map((k): Op => ['remove', (m) => [m, at(k)]]),
      ['remove', (m) => [m, at(keys[0] as bigint)]],
      ['remove_or_none', (m) => [m, at(keys[1] as bigint)]],
      ['compute_length', (m) => [m]],
      ['keys', (m) => [m]],
      ['pop_back', (m) => [m]],
      ['pop_front', (m) => [m]],
    ];
    for (const create of [
      ['new_with_config', [4, 3, false]],
      ['new_with_config', [5, 4, true]],
      ['new', []],
    ] as Array<[string, Value[]]>) {
      const native = runOn(false, SPEC, create, ops);
      const oracle = runOn(true, SPEC, create, ops);
      expect(native.results).toEqual(oracle.results);
      expect(native.bytes).toBe(oracle.bytes);
      expect(native.items).toEqual(oracle.items);
    }
  });
});
