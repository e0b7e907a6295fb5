import { describe, expect, it } from 'vitest';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import type { Op } from './frameworkOracle.ts';
import { runOn } from './frameworkOracle.ts';

/**
 * The native `0x1::storage_slots_allocator` against storage_slots_allocator.mv's bytecode
 * (frameworkOracle.ts): results, failures, the allocator's bytes and its table's items.
 */
const SPEC = {
  pkg: 'AptosStdlib',
  module: 'storage_slots_allocator',
  tys: ['u64'],
  type: 'M::storage_slots_allocator::StorageSlotsAllocator<u64>',
};
const slot = (i: bigint): Value => [i];

describe('0x1::storage_slots_allocator against the framework bytecode', () => {
  it('adds, spare slots, reuse, reservations and their failures', () => {
    const ops: Op[] = [
      ['add', (a) => [a, 5n]],
      ['add', (a) => [a, 6n]],
      ['allocate_spare_slots', (a) => [a, 2n]],
      ['get_num_spare_slot_count', (a) => [a]],
      ['add', (a) => [a, 7n]],
      ['borrow', (a) => [a, 10n]],
      ['borrow_mut', (a) => [a, 13n]],
      ['borrow', (a) => [a, 12n]],
      ['borrow', (a) => [a, 99n]],
      ['remove', (a) => [a, slot(10n)]],
      ['reserve_slot', (a) => [a]],
      ['fill_reserved_slot', (a) => [a, slot(10n), 9n]],
      ['remove_and_reserve', (a) => [a, 11n]],
      ['free_reserved_slot', (a) => [a, slot(11n), slot(12n)]],
      ['free_reserved_slot', (a) => [a, slot(11n), slot(11n)]],
      ['get_num_spare_slot_count', (a) => [a]],
      ['add', (a) => [a, 8n]],
      ['add', (a) => [a, 9n]],
      ['stored_to_index', () => [new Ref([slot(3n)], 0)]],
      ['reserved_to_index', () => [new Ref([slot(4n)], 0)]],
      ['is_null_index', () => [0n]],
      ['is_special_unused_index', () => [9n]],
      ['is_special_unused_index', () => [10n]],
    ];
    for (const reuse of [true, false]) {
      const native = runOn(false, SPEC, ['new', [reuse]], ops);
      const oracle = runOn(true, SPEC, ['new', [reuse]], ops);
      expect(native.results).toEqual(oracle.results);
      expect(native.bytes).toBe(oracle.bytes);
      expect(native.items).toEqual(oracle.items);
    }
  });
});
