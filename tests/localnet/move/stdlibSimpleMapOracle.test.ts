import { describe, expect, it } from 'vitest';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import type { Op } from './frameworkOracle.ts';
import { runOn, shuffled } from './frameworkOracle.ts';

/**
 * The native `0x1::simple_map` against the framework's own bytecode (frameworkOracle.ts): the
 * same calls must give the same results, aborts and final bytes.
 */
const at = (k: bigint): Value => new Ref([k], 0);

function compare(spec: Parameters<typeof runOn>[1], create: [string, Value[]], ops: Op[]) {
  const native = runOn(false, spec, create, ops);
  const oracle = runOn(true, spec, create, ops);
  expect(native.results).toEqual(oracle.results);
  expect(native.bytes).toBe(oracle.bytes);
}

describe('natives against the framework bytecode', () => {
  it('simple_map: adds, upserts and swap-removes in the Move code’s order', () => {
    const spec = {
      pkg: 'AptosStdlib',
      module: 'simple_map',
      tys: ['u64', 'u64'],
      type: 'M::simple_map::SimpleMap<u64, u64>',
    };
    const ops: Op[] = [
      ...shuffled(12, 9).map((k): Op => ['add', (m) => [m, k, k * 3n]]),
      ['add', (m) => [m, 4n, 0n]],
      ['add_all', (m) => [m, [20n, 21n], [1n, 2n]]],
      ['add_all', (m) => [m, [22n, 4n], [1n, 2n]]],
      ['add_all', (m) => [m, [30n], []]],
      ['upsert', (m) => [m, 5n, 55n]],
      ['upsert', (m) => [m, 40n, 4n]],
      ['remove', (m) => [m, at(3n)]],
      ['remove', (m) => [m, at(99n)]],
      ['borrow', (m) => [m, at(7n)]],
      ['contains_key', (m) => [m, at(8n)]],
      ['keys', (m) => [m]],
      ['values', (m) => [m]],
      ['length', (m) => [m]],
    ];
    compare(spec, ['new', []], ops);
  });
});
