import { describe, expect, it } from 'vitest';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import type { Op } from './frameworkOracle.ts';
import { runOn } from './frameworkOracle.ts';

/**
 * The natives of stdRest.ts (result, bit_vector, acl, pool_u64, pool_u64_unbound, …) against the
 * framework's own bytecode (frameworkOracle.ts): the same calls give the same results, aborts,
 * final bytes and table items.
 */
const A = `0x${'0'.repeat(63)}a`;
const B = `0x${'0'.repeat(63)}b`;
const C = `0x${'0'.repeat(63)}c`;
const D = `0x${'0'.repeat(63)}d`;
const read = (v: Value) => new Ref([v], 0);

function compare(spec: Parameters<typeof runOn>[1], create: [string, Value[]], ops: Op[]) {
  const native = runOn(false, spec, create, ops);
  const oracle = runOn(true, spec, create, ops);
  expect(native.results).toEqual(oracle.results);
  expect(native.bytes).toBe(oracle.bytes);
  expect(native.items).toEqual(oracle.items);
  return native;
}

describe('MoveStdlib natives against the framework bytecode', () => {
  it('bit_vector: set, shift_left, longest sequence and EINDEX', () => {
    const spec = {
      pkg: 'MoveStdlib',
      module: 'bit_vector',
      tys: [],
      type: 'M::bit_vector::BitVector',
    };
    const ops: Op[] = [
      ...[0n, 2n, 3n, 4n, 7n, 9n].map((i): Op => ['set', (v) => [v, i]]),
      ['set', (v) => [v, 10n]],
      ['unset', (v) => [v, 0n]],
      ['longest_set_sequence_starting_at', (v) => [v, 2n]],
      ['longest_set_sequence_starting_at', (v) => [v, 10n]],
      ['shift_left', (v) => [v, 2n]],
      ['is_index_set', (v) => [v, 1n]],
      ['length', (v) => [v]],
      ['shift_left', (v) => [v, 12n]],
    ];
    const run = compare(spec, ['new', [10n]], ops);
    expect(run.results[6]).toMatch(/EINDEX/);
    expect(runOn(false, spec, ['new', [1023n]], []).bytes.length).toBeGreaterThan(0);
  });

  it('acl: add, remove and their aborts', () => {
    const spec = { pkg: 'MoveStdlib', module: 'acl', tys: [], type: 'M::acl::ACL' };
    const ops: Op[] = [
      ['add', (l) => [l, A]],
      ['add', (l) => [l, B]],
      ['add', (l) => [l, C]],
      ['add', (l) => [l, B]],
      ['remove', (l) => [l, A]],
      ['remove', (l) => [l, A]],
      ['contains', (l) => [l, C]],
      ['assert_contains', (l) => [l, A]],
      ['assert_contains', (l) => [l, B]],
    ];
    compare(spec, ['empty', []], ops);
  });

  it('result: the struct API and unwrap on both variants', () => {
    const spec = {
      pkg: 'MoveStdlib',
      module: 'result',
      tys: ['u64', 'vector<u8>'],
      type: 'M::result::Result<u64, vector<u8>>',
    };
    const ops: Op[] = [
      ['is_ok', (r) => [r]],
      ['is_err', (r) => [r]],
      ['test_variant$Result$Err', (r) => [r]],
      ['borrow$Result$0$0', (r) => [r]],
      ['borrow$Result$0$1', (r) => [r]],
      ['borrow_mut$Result$0$1', (r) => [r]],
    ];
    compare(spec, ['pack$Result$Ok', [5n]], ops);
    compare(spec, ['pack$Result$Err', [[1, 2]]], ops);
    const unwrap: Op[] = [
      ['unwrap', (r) => [r.c[r.i] as Value]],
      ['unwrap_err', (r) => [r.c[r.i] as Value]],
      ['unpack$Result$Err', (r) => [r.c[r.i] as Value]],
    ];
    compare(spec, ['pack$Result$Ok', [5n]], unwrap);
    compare(spec, ['pack$Result$Err', [[3]]], unwrap);
  });
});

describe('pool natives against the framework bytecode', () => {
  const poolOps = (shares: (n: bigint) => bigint): Op[] => [
    ['buy_in', (p) => [p, A, 1000n]],
    ['buy_in', (p) => [p, B, 2000n]],
    ['buy_in', (p) => [p, D, 0n]],
    ['update_total_coins', (p) => [p, 5000n]],
    ['buy_in', (p) => [p, C, 1000n]],
    ['balance', (p) => [read(p.c[p.i] as Value), A]],
    ['redeem_shares', (p) => [p, B, shares(2000n)]],
    ['transfer_shares', (p) => [p, A, D, shares(400n)]],
    ['transfer_shares', (p) => [p, A, D, shares(601n)]],
    ['redeem_shares', (p) => [p, B, shares(1n)]],
    ['transfer_shares', (p) => [p, C, A, shares(600n)]],
    ['shares', (p) => [p, A]],
    ['shares_to_amount', (p) => [p, shares(300n)]],
    ['amount_to_shares', (p) => [p, 77n]],
    ['amount_to_shares_with_total_coins', (p) => [p, 77n, 0n]],
    ['multiply_then_divide', (p) => [p, shares(3n), shares(5n), shares(0n)]],
    ['shareholders_count', (p) => [p]],
    ['total_shares', (p) => [p]],
    ['total_coins', (p) => [p]],
  ];

  it('pool_u64: buy-ins, redemptions, transfers, the shareholder limit', () => {
    const spec = { pkg: 'AptosStdlib', module: 'pool_u64', tys: [], type: 'M::pool_u64::Pool' };
    const ops: Op[] = [
      ...poolOps((n) => n),
      ['shareholders', (p) => [p]],
      ['buy_in', (p) => [p, B, 1n]],
      ['buy_in', (p) => [p, C, 1n]],
    ];
    const run = compare(spec, ['create_with_scaling_factor', [3n, 7n]], ops);
    const limited = run.results.filter((r) => typeof r === 'string' && r.includes('(0x30002)'));
    expect(limited).toHaveLength(2);
    expect(run.results[6]).toEqual([476n]);
  });

  it('pool_u64_unbound: the same calls with u128 shares in a table', () => {
    const spec = {
      pkg: 'AptosStdlib',
      module: 'pool_u64_unbound',
      tys: [],
      type: 'M::pool_u64_unbound::Pool',
    };
    const ops: Op[] = [
      ...poolOps((n) => n * 7n),
      ['shares_to_amount_with_total_stats', (p) => [p, 5n, 100n, 9n]],
    ];
    const run = compare(spec, ['create_with_scaling_factor', [7n]], ops);
    expect(run.items.length).toBeGreaterThan(0);
  });
});
