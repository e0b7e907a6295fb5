import { describe, expect, it } from 'vitest';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import type { Op } from './frameworkOracle.ts';
import { runOn, shuffled } from './frameworkOracle.ts';

/**
 * The native `0x1::ordered_map` against the framework's own bytecode (frameworkOracle.ts): the
 * same calls must give the same results, aborts and final bytes.
 */
const at = (k: bigint): Value => new Ref([k], 0);
const END: Value = [0];
const pos = (i: bigint): Value => [1, i];
const other = (keys: bigint[]): Value => [0, keys.map((k) => [k, k + 1000n])];
const SPEC = {
  pkg: 'AptosFramework',
  module: 'ordered_map',
  tys: ['u64', 'u64'],
  type: 'M::ordered_map::OrderedMap<u64, u64>',
};

describe('0x1::ordered_map against the framework bytecode', () => {
  it('edits, merges, iterators and their failures', () => {
    const ops: Op[] = [
      ...shuffled(20, 5).map((k): Op => ['add', (m) => [m, k * 2n, k]]),
      ['add', (m) => [m, 4n, 0n]],
      ['upsert', (m) => [m, 4n, 9n]],
      ['upsert_all', (m) => [m, [1n, 4n], [1n, 2n]]],
      ['upsert_all', (m) => [m, [1n], []]],
      ['add_all', (m) => [m, [3n, 2n], [1n, 2n]]],
      ['append', (m) => [m, other([3n, 4n, 50n])]],
      ['append', (m) => [m, other([])]],
      ['append_disjoint', (m) => [m, other([5n, 51n])]],
      ['append_disjoint', (m) => [m, other([6n, 52n])]],
      ['remove', (m) => [m, at(7n)]],
      ['remove', (m) => [m, at(6n)]],
      ['remove_or_none', (m) => [m, at(8n)]],
      ['remove_or_none', (m) => [m, at(9n)]],
      ['get', (m) => [m, at(10n)]],
      ['get', (m) => [m, at(11n)]],
      ['borrow', (m) => [m, at(11n)]],
      ['contains', (m) => [m, at(12n)]],
      ['prev_key', (m) => [m, at(1n)]],
      ['prev_key', (m) => [m, at(13n)]],
      ['next_key', (m) => [m, at(52n)]],
      ['next_key', (m) => [m, at(12n)]],
      ['borrow_front', (m) => [m]],
      ['borrow_back', (m) => [m]],
      ['internal_lower_bound', (m) => [m, at(15n)]],
      ['internal_find', (m) => [m, at(15n)]],
      ['internal_new_begin_iter', (m) => [m]],
      ['iter_next', (m) => [pos(3n), m]],
      ['iter_next', (m) => [END, m]],
      ['iter_prev', (m) => [END, m]],
      ['iter_prev', (m) => [pos(0n), m]],
      ['iter_is_begin', (m) => [new Ref([pos(0n)], 0), m]],
      ['iter_borrow_key', (m) => [new Ref([pos(99n)], 0), m]],
      ['iter_replace', (m) => [pos(2n), m, 77n]],
      ['iter_add', (m) => [pos(1n), m, 3n, 3n]],
      ['iter_add', (m) => [pos(1n), m, 100n, 3n]],
      ['iter_add', (m) => [END, m, 1000n, 3n]],
      ['iter_remove', (m) => [pos(4n), m]],
      ['iter_remove', (m) => [END, m]],
      ['pop_front', (m) => [m]],
      ['pop_back', (m) => [m]],
      ['keys', (m) => [m]],
      ['values', (m) => [m]],
      ['length', (m) => [m]],
      ['trim', (m) => [m, 5n]],
      ['trim', (m) => [m, 50n]],
    ];
    const native = runOn(false, SPEC, ['new', []], ops);
    const oracle = runOn(true, SPEC, ['new', []], ops);
    expect(native.results).toEqual(oracle.results);
    expect(native.bytes).toBe(oracle.bytes);
  });
});
