import { describe, expect, it } from 'vitest';
import { MoveAbort, VmStatusError } from '../../../localnet/framework/context.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import { call } from './nativeHarness.ts';

/**
 * math64, math128, fixed_point32, fixed_point64, comparator, any and copyable_any natives against
 * the results and abort codes of their Move modules (values from the modules' unit tests).
 */

const one = (id: string, args: Value[], tys: string[] = []): Value =>
  call(id, args, tys)[0] as Value;
const raw = (fp: Value): bigint => (fp as Value[])[0] as bigint;

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

describe('math64 and math128', () => {
  it('computes as the Move code, with its abort codes', () => {
    expect(one('math64::pow', [10n, 18n])).toBe(1_000_000_000_000_000_000n);
    expect(one('math64::pow', [10n, 0n])).toBe(1n);
    expect(one('math64::pow', [0n, 5n])).toBe(0n);
    expect(status(() => call('math64::pow', [2n, 64n]))).toBe('ARITHMETIC_ERROR');
    expect(status(() => call('math64::pow', [2n, 10n ** 18n]))).toBe('ARITHMETIC_ERROR');
    const maxU64 = (1n << 64n) - 1n;
    expect(one('math64::average', [maxU64, maxU64])).toBe(maxU64);
    expect(one('math64::clamp', [5n, 10n, 3n])).toBe(3n);
    expect(status(() => call('math64::floor_log2', [0n]))).toBe(
      'Move abort in 0x1::math64: EINVALID_ARG_FLOOR_LOG2(0x10001): Cannot log2 the value 0',
    );
    expect(status(() => call('math128::mul_div', [1n, 1n, 0n]))).toBe(
      'Move abort in 0x1::math128: 0x10004',
    );
    const tmp = 1n << 127n;
    expect(one('math128::mul_div', [tmp, tmp, tmp])).toBe(tmp);
    expect(one('math128::ceil_div', [(1n << 128n) - 9n, 11n])).toBe(
      30934760629176223951215873402888019223n,
    );
    for (const [a, b, g] of [
      [20n, 8n, 4n],
      [0n, 0n, 0n],
      [0n, 50n, 50n],
      [1071n, 462n, 21n],
    ] as const)
      expect(one('math128::gcd', [a, b])).toBe(g);
  });

  it('takes floor_log2, log2 and log2_64 bit for bit (math128.move test_log2, test_log2_64)', () => {
    for (let idx = 0; idx < 128; idx += 1) {
      const x = 1n << BigInt(idx);
      expect(one('math128::floor_log2', [x])).toBe(idx);
      expect(one('math128::floor_log2', [(1n << BigInt(idx + 1)) - 1n])).toBe(idx);
      expect(raw(one('math128::log2', [x]))).toBe(BigInt(idx) << 32n);
      expect(raw(one('math128::log2_64', [x]))).toBe(BigInt(idx) << 64n);
    }
    const approx = (x: bigint, y: bigint, digits: bigint) => {
      const [hi, lo] = x > y ? [x, y] : [y, x];
      expect((hi - lo) * 10n ** digits < hi).toBe(true);
    };
    for (let idx = 10n; idx <= 128n; idx += 1n) {
      const res = raw(one('math128::log2', [(1n << idx) - 1n]));
      const t1 = (1n << 32n) / (1n << idx);
      const t2 = (t1 * t1) >> 32n;
      const t3 = (t2 * t1) >> 32n;
      approx(res, (idx << 32n) - ((t1 + t2 / 2n + t3 / 3n) << 32n) / 2977044472n, 8n);
    }
    expect(raw(one('math64::log2', [1n << 40n]))).toBe(40n << 32n);
    expect(one('math128::sqrt', [(1n << 127n) - 1n])).toBe(13043817825332782212n);
  });
});

describe('fixed_point32 and fixed_point64', () => {
  it('follows std::fixed_point32', () => {
    const half = one('fixed_point32::create_from_rational', [1n, 2n]);
    expect(raw(half)).toBe(1n << 31n);
    expect(one('fixed_point32::multiply_u64', [10n, half])).toBe(5n);
    expect(one('fixed_point32::divide_u64', [10n, half])).toBe(20n);
    const oneAndHalf = one('fixed_point32::create_from_rational', [3n, 2n]);
    expect(call('fixed_point32::floor', [oneAndHalf])).toEqual([1n]);
    expect(call('fixed_point32::ceil', [oneAndHalf])).toEqual([2n]);
    expect(call('fixed_point32::round', [oneAndHalf])).toEqual([2n]);
    expect(status(() => call('fixed_point32::divide_u64', [1n, [0n]]))).toBe(
      'Move abort in 0x1::fixed_point32: EDIVISION_BY_ZERO(0x10004): A division by zero was encountered',
    );
    expect(status(() => call('fixed_point32::create_from_rational', [1n, 0n]))).toContain(
      'EDENOMINATOR(0x10001)',
    );
    expect(status(() => call('fixed_point32::create_from_rational', [1n, 1n << 40n]))).toContain(
      'ERATIO_OUT_OF_RANGE(0x20005)',
    );
    expect(status(() => call('fixed_point32::create_from_u64', [1n << 32n]))).toContain('0x20005');
    expect(
      status(() => call('fixed_point32::multiply_u64', [(1n << 64n) - 1n, [2n << 32n]])),
    ).toContain('EMULTIPLICATION(0x20003)');
  });

  it('follows aptos_std::fixed_point64', () => {
    const third = one('fixed_point64::create_from_rational', [1n, 3n]);
    expect(raw(third)).toBe((1n << 64n) / 3n);
    expect(one('fixed_point64::multiply_u128', [300n, third])).toBe(99n);
    expect(status(() => call('fixed_point64::sub', [[1n], [2n]]))).toContain('0x10006');
    expect(raw(one('fixed_point64::create_from_u128', [7n]))).toBe(7n << 64n);
    expect(call('fixed_point64::almost_equal', [[10n], [12n], [2n]])).toEqual([true]);
  });
});

describe('comparator, any and copyable_any', () => {
  it('compares BCS bytes (so 256u64 is smaller than 1u64, as on a node)', () => {
    const cmp = (a: Value, b: Value, ty: string) =>
      (one('comparator::compare', [new Ref([a], 0), new Ref([b], 0)], [ty]) as Value[])[0];
    expect(cmp(1n, 2n, 'u64')).toBe(1);
    expect(cmp(256n, 1n, 'u64')).toBe(1);
    expect(cmp(7n, 7n, 'u64')).toBe(0);
    const str = (s: string): Value => [Array.from(Buffer.from(s))];
    // The length prefix comes first: "beta" (4 bytes) is smaller than "alpha" (5), as in
    // comparator.move's test_strings; "beta" is smaller than "betaa".
    expect(cmp(str('beta'), str('alpha'), '0x1::string::String')).toBe(1);
    expect(cmp(str('alpha'), str('beta'), '0x1::string::String')).toBe(2);
    expect(cmp(str('beta'), str('betaa'), '0x1::string::String')).toBe(1);
    expect(call('comparator::is_smaller_than', [new Ref([[1]], 0)])).toEqual([true]);
  });

  it('packs values with their type name and unpacks only the same type', () => {
    const packed = one('any::pack', [300n], ['u64']);
    expect(packed).toEqual([[Array.from(Buffer.from('u64'))], [44, 1, 0, 0, 0, 0, 0, 0]]);
    expect(call('any::unpack', [packed], ['u64'])).toEqual([300n]);
    expect(status(() => call('any::unpack', [packed], ['u8']))).toBe(
      'Move abort in 0x1::any: ETYPE_MISMATCH(0x10001): The type provided for `unpack` is not the same as was given for `pack`.',
    );
    const copyable = one(
      'copyable_any::pack',
      [[Array.from(Buffer.from('x'))]],
      ['0x1::string::String'],
    );
    expect(Buffer.from(((copyable as Value[])[0] as Value[])[0] as number[]).toString()).toBe(
      '0x1::string::String',
    );
  });
});
