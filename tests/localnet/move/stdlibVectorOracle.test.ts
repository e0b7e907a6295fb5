import { describe, expect, it } from 'vitest';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import type { Op } from './frameworkOracle.ts';
import { runOn } from './frameworkOracle.ts';

/**
 * The native `std::vector` functions that are Move code on a node against vector.mv's bytecode
 * (frameworkOracle.ts): the same calls must give the same results, failures and final vector.
 */
const SPEC = { pkg: 'MoveStdlib', module: 'vector', tys: ['u64'], type: 'vector<u64>' };
const at = (k: bigint): Value => new Ref([k], 0);
const U64_MAX = (1n << 64n) - 1n;

describe('std::vector against the framework bytecode', () => {
  it('rotations, reversals, ranges, trims and their failures', () => {
    const ops: Op[] = [
      ['rotate', (v) => [v, 3n]],
      ['rotate_slice', (v) => [v, 1n, 4n, 9n]],
      ['rotate_slice', (v) => [v, 1n, 9n, 4n]],
      ['rotate', (v) => [v, 20n]],
      ['reverse_slice', (v) => [v, 2n, 7n]],
      ['reverse_slice', (v) => [v, 7n, 2n]],
      ['reverse_slice', (v) => [v, 9n, 12n]],
      ['reverse_slice', (v) => [v, 30n, 31n]],
      ['reverse_append', (v) => [v, [100n, 101n, 102n]]],
      ['last', (v) => [v]],
      ['last_mut', (v) => [v]],
      ['replace', (v) => [v, 0n, 7n]],
      ['replace', (v) => [v, 99n, 7n]],
      ['remove_value', (v) => [v, at(101n)]],
      ['remove_value', (v) => [v, at(1000n)]],
      ['index_of', (v) => [v, at(7n)]],
      ['contains', (v) => [v, at(5n)]],
      ['slice', (v) => [v, 2n, 5n]],
      ['slice', (v) => [v, 5n, 2n]],
      ['trim_reverse', (v) => [v, 8n]],
      ['trim_reverse', (v) => [v, 80n]],
      ['swap_remove', (v) => [v, 1n]],
      ['swap_remove', (v) => [v, 50n]],
      ['range', () => [3n, 9n]],
      ['range_with_step', () => [0n, 20n, 7n]],
      ['range_with_step', () => [0n, 20n, 0n]],
      ['range_with_step', () => [U64_MAX - 3n, U64_MAX, 2n]],
      ['is_empty', (v) => [v]],
    ];
    const native = runOn(false, SPEC, ['range', [0n, 10n]], ops);
    const oracle = runOn(true, SPEC, ['range', [0n, 10n]], ops);
    expect(native.results).toEqual(oracle.results);
    expect(native.bytes).toBe(oracle.bytes);
  });
});
