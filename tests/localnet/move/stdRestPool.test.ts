import { describe, expect, it } from 'vitest';
import { MoveAbort, VmStatusError } from '../../../localnet/framework/context.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import { call } from './nativeHarness.ts';

/**
 * aptos_std's pool_u64 and pool_u64_unbound natives, called directly, against pool_u64.move's
 * own unit tests (test_buy_in_and_redeem, test_transfer_shares, …) and its abort codes.
 */

const ref = (v: Value) => new Ref([v], 0);
const A = `0x${'0'.repeat(63)}a`;
const B = `0x${'0'.repeat(63)}b`;
const C = `0x${'0'.repeat(63)}c`;

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

describe('0x1::pool_u64', () => {
  const P = (name: string, args: Value[]) => call(`pool_u64::${name}`, args);

  it('buys in and redeems as test_buy_in_and_redeem', () => {
    const pool = P('new', [5n])[0] as Value[];
    const r = ref(pool);
    expect(P('buy_in', [r, A, 1000n])).toEqual([1000n]);
    expect(P('buy_in', [r, B, 2000n])).toEqual([2000n]);
    P('update_total_coins', [r, 5000n]);
    expect(P('buy_in', [r, C, 1000n])).toEqual([600n]);
    expect(P('balance', [r, A])).toEqual([1666n]);
    expect(P('shareholders', [r])).toEqual([[A, B, C]]);
    expect(P('redeem_shares', [r, B, 2000n])).toEqual([3333n]);
    // simple_map::remove swaps C into B's slot; the holders' vector keeps its order.
    expect(pool[3]).toEqual([
      [
        [A, 1000n],
        [C, 600n],
      ],
    ]);
    expect(pool[4]).toEqual([A, C]);
    expect(P('total_coins', [r])).toEqual([6000n - 3333n]);
    expect(P('total_shares', [r])).toEqual([1600n]);
    expect(P('shareholders_count', [r])).toEqual([2n]);
    expect(P('contains', [r, B])).toEqual([false]);
    expect(P('shares', [r, B])).toEqual([0n]);
  });

  it('transfers shares and aborts with pool_u64.move’s codes', () => {
    const pool = P('create_with_scaling_factor', [2n, 10n])[0] as Value[];
    const r = ref(pool);
    expect(P('buy_in', [r, A, 10n])).toEqual([100n]);
    expect(P('buy_in', [r, B, 0n])).toEqual([0n]);
    P('transfer_shares', [r, A, B, 40n]);
    expect(pool[3]).toEqual([
      [
        [A, 60n],
        [B, 40n],
      ],
    ]);
    expect(P('amount_to_shares_with_total_coins', [r, 10n, 20n])).toEqual([50n]);
    expect(P('shares_to_amount_with_total_coins', [r, 50n, 20n])).toEqual([10n]);
    expect(status(() => P('transfer_shares', [r, A, C, 61n]))).toMatch(
      /^Move abort in 0x1::pool_u64: EINSUFFICIENT_SHARES\(0x10004\)/,
    );
    expect(status(() => P('redeem_shares', [r, C, 1n]))).toMatch(
      /ESHAREHOLDER_NOT_FOUND\(0x10001\)/,
    );
    expect(status(() => P('buy_in', [r, C, 1n]))).toMatch(/ETOO_MANY_SHAREHOLDERS\(0x30002\)/);
    expect(status(() => P('destroy_empty', [pool]))).toMatch(/EPOOL_IS_NOT_EMPTY\(0x30003\)/);
    expect(status(() => P('multiply_then_divide', [r, 1n, 1n, 0n]))).toMatch(/\(0x10004\)/);
    expect(status(() => P('multiply_then_divide', [r, 1n << 63n, 4n, 1n]))).toBe(
      'ARITHMETIC_ERROR',
    );
  });
});

describe('0x1::pool_u64_unbound', () => {
  const P = (name: string, args: Value[]) => call(`pool_u64_unbound::${name}`, args);

  it('keeps shares as u128 table items and counts them', () => {
    const pool = P('new', [])[0] as Value[];
    const r = ref(pool);
    expect(P('buy_in', [r, A, 1000n])).toEqual([1000n]);
    expect(P('buy_in', [r, B, 3000n])).toEqual([3000n]);
    P('update_total_coins', [r, 8000n]);
    expect(P('shares', [r, B])).toEqual([3000n]);
    expect(P('balance', [r, B])).toEqual([6000n]);
    expect(P('shareholders_count', [r])).toEqual([2n]);
    expect(P('redeem_shares', [r, A, 1000n])).toEqual([2000n]);
    expect(P('contains', [r, A])).toEqual([false]);
    expect(P('shareholders_count', [r])).toEqual([1n]);
    expect(P('total_shares', [r])).toEqual([3000n]);
    expect(P('shares_to_amount_with_total_stats', [r, 1000n, 9000n, 3000n])).toEqual([3000n]);
    expect(status(() => P('redeem_shares', [r, B, 3001n]))).toMatch(
      /^Move abort in 0x1::pool_u64_unbound: EINSUFFICIENT_SHARES\(0x10004\)/,
    );
    P('update_total_coins', [r, 0n]);
    expect(status(() => P('destroy_empty', [pool]))).toMatch(
      /^Move abort in 0x1::table_with_length/,
    );
  });

  it('scales the first buy-in in u128', () => {
    const pool = P('create_with_scaling_factor', [1n << 40n])[0] as Value[];
    expect(P('buy_in', [ref(pool), A, 1n << 40n])).toEqual([1n << 80n]);
    expect(P('amount_to_shares', [ref(pool), 1n])).toEqual([1n << 40n]);
  });
});
