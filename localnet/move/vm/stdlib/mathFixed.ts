/**
 * `aptos_std::math_fixed` (`FixedPoint32`) and `math_fixed64` (`FixedPoint64`) natively, step by
 * step as their Move code computes: `exp` by the 2^(1/4999) (2^(1/580)) power and Taylor terms,
 * `pow` by squaring in u256, `sqrt` by `math128::sqrt`'s Newton steps, `log2_plus_*` and
 * `ln_plus_32ln2` through `math128::log2` / `log2_64` (their abort on 0 is math128's 0x10001).
 * Move's checked `*`, `+`, `-` and casts fail with `ARITHMETIC_ERROR`, `<<` drops high bits;
 * `exp` past its range aborts `EOVERFLOW_EXP` 0x30001, `mul_div` by zero 0x10004 (the inline
 * `math64/math128::mul_div`, in the calling module).
 */
import { BytecodeAbort, vmError } from '../errors.ts';
import type { NativeImpl } from '../loader.ts';
import { GAS_PARAMS } from '../ops.ts';
import type { Value } from '../values.ts';
import { Ref } from '../values.ts';
import { log2Fixed } from './math.ts';

const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);
const raw = (fp: Value | undefined): bigint => (deref(fp as Value) as Value[])[0] as bigint;
/** About the Move loops and arithmetic these functions run. */
const STEP = 735;

const max = (bits: bigint) => (1n << bits) - 1n;
/** A checked result of a `bits`-wide operation (`*`, `+`, `-`, `as`). */
const fit = (x: bigint, bits: bigint): bigint => {
  if (x < 0n || x > max(bits)) throw vmError('ARITHMETIC_ERROR');
  return x;
};
/** `x << s` in `bits` bits: the high bits are dropped. */
const shl = (x: bigint, s: bigint, bits: bigint): bigint => (x << s) & max(bits);

/** `math128::sqrt`: Newton from `1 << ((floor_log2(x) + 1) >> 1)`, five steps, then the min. */
function sqrt128(x: bigint): bigint {
  if (x === 0n) return 0n;
  const floorLog2 = BigInt(x.toString(2).length - 1);
  let res = 1n << ((floorLog2 + 1n) >> 1n);
  for (let i = 0; i < 5; i += 1) res = (res + x / res) >> 1n;
  const other = x / res;
  return res < other ? res : other;
}

function mulDiv(module: string, a: bigint, b: bigint, c: bigint, bits: bigint): bigint {
  if (c === 0n) throw new BytecodeAbort(`0x1::${module}`, 0x10004n, null);
  return fit((a * b) / c, bits);
}

// ---- math_fixed (u128 arithmetic)

const LN2_32 = 2977044472n;

function powRaw32(x0: bigint, n0: bigint): bigint {
  let res = 1n << 64n;
  let x = shl(x0, 32n, 128n);
  for (let n = n0; n !== 0n; n >>= 1n) {
    if ((n & 1n) !== 0n) res = fit(res * x, 256n) >> 64n;
    x = fit((x * x) >> 64n, 128n);
  }
  return fit(res >> 32n, 128n);
}

function expRaw32(x: bigint): bigint {
  const shift = x / LN2_32;
  if (shift > 31n) throw new BytecodeAbort('0x1::math_fixed', 0x30001n, null);
  const remainder = x % LN2_32;
  const bigfactor = 595528n;
  const exponent = remainder / bigfactor;
  const rest = remainder % bigfactor;
  let power = powRaw32(4295562865n, exponent);
  power = fit(power + (fit(fit(power * 1241009291n, 128n) * exponent, 128n) >> 64n), 128n);
  const taylor1 = fit(power * rest, 128n) >> (32n - shift);
  const taylor2 = fit(taylor1 * rest, 128n) >> 32n;
  const taylor3 = fit(taylor2 * rest, 128n) >> 32n;
  return fit(shl(power, shift, 128n) + taylor1 + taylor2 / 2n + taylor3 / 6n, 128n);
}

// ---- math_fixed64 (u256 arithmetic)

const LN2_64 = 12786308645202655660n;

function powRaw64(x0: bigint, n0: bigint): bigint {
  let res = 1n << 64n;
  let x = x0;
  for (let n = n0; n !== 0n; n >>= 1n) {
    if ((n & 1n) !== 0n) res = fit(res * x, 256n) >> 64n;
    x = fit(x * x, 256n) >> 64n;
  }
  return res;
}

function expRaw64(x: bigint): bigint {
  const shift = x / LN2_64;
  if (shift > 63n) throw new BytecodeAbort('0x1::math_fixed64', 0x30001n, null);
  const remainder = x % LN2_64;
  const bigfactor = 22045359733108027n;
  const exponent = remainder / bigfactor;
  const rest = remainder % bigfactor;
  let power = powRaw64(18468802611690918839n, exponent);
  power = fit(power - (fit(fit(power * 219071715585908898n, 256n) * exponent, 256n) >> 128n), 256n);
  const taylors = [fit(power * rest, 256n) >> (64n - shift)];
  for (let i = 1; i < 6; i += 1) taylors.push(fit((taylors[i - 1] as bigint) * rest, 256n) >> 64n);
  const divisors = [1n, 2n, 6n, 24n, 120n, 720n];
  return fit(
    taylors.reduce(
      (sum, t, i) => fit(sum + t / (divisors[i] as bigint), 256n),
      shl(power, shift, 256n),
    ),
    256n,
  );
}

const charged =
  (steps: number, impl: (args: Value[]) => bigint): NativeImpl =>
  (host, _tys, args) => {
    host.charge(GAS_PARAMS.nativeBase + STEP * steps);
    return [[impl(args)]];
  };

export const MATH_FIXED: ReadonlyArray<[string, NativeImpl]> = [
  ['sqrt', charged(8, ([x]) => fit(sqrt128(raw(x) << 32n), 64n))],
  ['exp', charged(40, ([x]) => fit(expRaw32(raw(x)), 64n))],
  ['log2_plus_32', charged(40, ([x]) => log2Fixed('math128', raw(x), 32, 32))],
  [
    'ln_plus_32ln2',
    charged(40, ([x]) => fit((log2Fixed('math128', raw(x), 32, 32) * LN2_32) >> 32n, 64n)),
  ],
  ['pow', charged(20, ([x, n]) => fit(powRaw32(raw(x), n as bigint), 64n))],
  ['mul_div', charged(4, ([x, y, z]) => mulDiv('math_fixed', raw(x), raw(y), raw(z), 64n))],
];

export const MATH_FIXED64: ReadonlyArray<[string, NativeImpl]> = [
  [
    'sqrt',
    charged(8, ([x]) => {
      const y = raw(x);
      if (y === 0n) return 0n;
      const z = shl(sqrt128(y), 32n, 128n);
      return fit((z + (y << 64n) / z) >> 1n, 128n);
    }),
  ],
  ['exp', charged(60, ([x]) => fit(expRaw64(raw(x)), 128n))],
  ['log2_plus_64', charged(70, ([x]) => log2Fixed('math128', raw(x), 63, 64))],
  [
    'ln_plus_32ln2',
    charged(70, ([x]) => fit((log2Fixed('math128', raw(x), 63, 64) * LN2_64) >> 64n, 128n)),
  ],
  ['pow', charged(20, ([x, n]) => fit(powRaw64(raw(x), n as bigint), 128n))],
  ['mul_div', charged(4, ([x, y, z]) => mulDiv('math_fixed64', raw(x), raw(y), raw(z), 128n))],
];
