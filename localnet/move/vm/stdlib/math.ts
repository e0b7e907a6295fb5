/**
 * Pure aptos_std / std modules, natively, with the Move code's results and abort codes:
 *
 * - `math64`, `math128`: `floor_log2` of 0 aborts `0x10001`, `mul_div` by 0 `0x10004` (an
 *   inline function in newer frameworks, public in older ones), `log2` (`FixedPoint32`) and
 *   `math128::log2_64` (`FixedPoint64`) by the framework's bit-by-bit algorithm, so results are
 *   the same to the last bit; the rest of the modules are in `natives.ts`.
 * - `std::fixed_point32` and `aptos_std::fixed_point64`: `FixedPoint32 { value: u64 }`,
 *   `FixedPoint64 { value: u128 }`; aborts `EDENOMINATOR` 0x10001, `EDIVISION` 0x20002,
 *   `EMULTIPLICATION` 0x20003, `EDIVISION_BY_ZERO` 0x10004, `ERATIO_OUT_OF_RANGE` 0x20005,
 *   fixed_point32's `ERAW_VALUE_TOO_LARGE` 0x20006 and fixed_point64's `ENEGATIVE_RESULT` 0x10006.
 * - `comparator`: `compare<T>(&T, &T): Result { inner: u8 }` over the BCS bytes (EQUAL 0,
 *   SMALLER 1, GREATER 2: byte by byte, then the shorter is smaller).
 * - `any` and `copyable_any`: `Any { type_name: String, data: vector<u8> }` (the type's name and
 *   BCS bytes); `unpack` of another type aborts `ETYPE_MISMATCH` 0x10001.
 */
import { BytecodeAbort, vmError } from '../errors.ts';
import type { NativeHost, NativeImpl } from '../loader.ts';
import type { Ty } from '../ty.ts';
import { tyString } from '../ty.ts';
import type { Value } from '../values.ts';
import { deserialize, Ref, serialize, ValueError } from '../values.ts';

const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);
const big = (v: Value | undefined): bigint => deref(v as Value) as bigint;
const raw = (fp: Value | undefined): bigint => (deref(fp as Value) as Value[])[0] as bigint;

type Reason = { name: string; doc: string };
const aborter =
  (module: string, reasons: Record<string, Reason> = {}) =>
  (code: bigint): never => {
    throw new BytecodeAbort(`0x1::${module}`, code, reasons[code.toString(16)] ?? null);
  };

// ---------------------------------------------------------------------------------------------
// math64 / math128 (what natives.ts does not have)

const EINVALID_ARG_FLOOR_LOG2 = { name: 'EINVALID_ARG_FLOOR_LOG2', doc: 'Cannot log2 the value 0' };

const floorLog2 = (module: string, x: bigint): number => {
  if (x === 0n) aborter(module, { '10001': EINVALID_ARG_FLOOR_LOG2 })(0x10001n);
  return x.toString(2).length - 1;
};

/** `log2(x)` in fixed point with `frac` fractional bits, normalized to `norm` bits first. */
export function log2Fixed(module: string, x: bigint, norm: number, frac: number): bigint {
  const integer = floorLog2(module, x);
  const n = BigInt(norm);
  let y = x >= 1n << n ? x >> BigInt(integer - norm) : x << BigInt(norm - integer);
  let fraction = 0n;
  for (let delta = 1n << BigInt(frac - 1); delta !== 0n; delta >>= 1n) {
    y = (y * y) >> n;
    if (y >= 2n << n) {
      fraction += delta;
      y >>= 1n;
    }
  }
  return (BigInt(integer) << BigInt(frac)) + fraction;
}

const mathNatives = (module: 'math64' | 'math128', bits: bigint): Array<[string, NativeImpl]> => {
  const max = (1n << bits) - 1n;
  const divByZero = aborter(module);
  return [
    [
      'pow',
      (_h, _t, [n, e]) => {
        // The Move loop squares n about log2(e) times: with n >= 2 an exponent past the width
        // overflows (ARITHMETIC_ERROR) before it ends.
        const base = big(n);
        const exp = big(e);
        if (base <= 1n) return [exp === 0n ? 1n : base];
        if (exp >= bits) throw vmError('ARITHMETIC_ERROR');
        const r = base ** exp;
        if (r > max) throw vmError('ARITHMETIC_ERROR');
        return [r];
      },
    ],
    [
      'clamp',
      (_h, _t, [x, lower, upper]) => {
        // min(upper, max(lower, x))
        const low = big(x) > big(lower) ? big(x) : big(lower);
        return [big(upper) < low ? big(upper) : low];
      },
    ],
    ['floor_log2', (_h, _t, [x]) => [floorLog2(module, big(x))]],
    ['log2', (_h, _t, [x]) => [[log2Fixed(module, big(x), 32, 32)]]],
    [
      'mul_div',
      (_h, _t, [a, b, c]) => {
        if (big(c) === 0n) divByZero(0x10004n);
        const r = (big(a) * big(b)) / big(c);
        if (r > max) throw vmError('ARITHMETIC_ERROR');
        return [r];
      },
    ],
    [
      'ceil_div',
      (_h, _t, [x, y]) => {
        if (big(x) === 0n) {
          if (big(y) === 0n) divByZero(0x10004n);
          return [0n];
        }
        if (big(y) === 0n) throw vmError('ARITHMETIC_ERROR');
        return [(big(x) - 1n) / big(y) + 1n];
      },
    ],
    [
      'gcd',
      (_h, _t, [a, b]) => {
        let [large, small] = big(a) > big(b) ? [big(a), big(b)] : [big(b), big(a)];
        while (small !== 0n) [large, small] = [small, large % small];
        return [large];
      },
    ],
    ...(module === 'math128'
      ? ([['log2_64', (_h, _t, [x]) => [[log2Fixed(module, big(x), 63, 64)]]]] as Array<
          [string, NativeImpl]
        >)
      : []),
  ];
};

// ---------------------------------------------------------------------------------------------
// fixed_point32 / fixed_point64

const FIXED_REASONS: Record<string, Reason> = {
  '10001': { name: 'EDENOMINATOR', doc: 'The denominator provided was zero' },
  '20002': {
    name: 'EDIVISION',
    doc: 'The quotient value would be too large to be held in a `u64`',
  },
  '20003': {
    name: 'EMULTIPLICATION',
    doc: 'The multiplied value would be too large to be held in a `u64`',
  },
  '10004': { name: 'EDIVISION_BY_ZERO', doc: 'A division by zero was encountered' },
  '20005': {
    name: 'ERATIO_OUT_OF_RANGE',
    doc: 'The computed ratio when converting to a `FixedPoint32` would be unrepresentable',
  },
  '20006': {
    name: 'ERAW_VALUE_TOO_LARGE',
    doc: 'Intermediate raw value is too large to be held in a `u64`',
  },
  '10006': { name: 'ENEGATIVE_RESULT', doc: 'Abort code on calculation result is negative.' },
};
const reasonsFor = (bits: 32 | 64): Record<string, Reason> => {
  if (bits === 32) return FIXED_REASONS;
  const out: Record<string, Reason> = {};
  for (const [k, r] of Object.entries(FIXED_REASONS)) {
    out[k] = { name: r.name, doc: r.doc.replace('`u64`', '`u128`').replace('32', '64') };
  }
  return out;
};

function fixedNatives(bits: 32 | 64): Array<[string, NativeImpl]> {
  const module = bits === 32 ? 'fixed_point32' : 'fixed_point64';
  const abort = aborter(module, reasonsFor(bits));
  const b = BigInt(bits);
  const max = (1n << (2n * b)) - 1n;
  const fp = (value: bigint): Value => [value];
  const int = bits === 32 ? 'u64' : 'u128';
  const floor = (v: bigint) => v >> b;
  const ceil = (v: bigint) => {
    const floored = floor(v) << b;
    return v === floored ? floored >> b : (floored + (1n << b)) >> b;
  };
  const list: Array<[string, NativeImpl]> = [
    [
      `multiply_${int}`,
      (_h, _t, [val, m]) => {
        const product = (big(val) * raw(m)) >> b;
        if (product > max) abort(0x20003n);
        return [product];
      },
    ],
    [
      `divide_${int}`,
      (_h, _t, [val, d]) => {
        if (raw(d) === 0n) abort(0x10004n);
        const quotient = (big(val) << b) / raw(d);
        if (quotient > max) abort(0x20002n);
        return [quotient];
      },
    ],
    [
      'create_from_rational',
      (_h, _t, [n, d]) => {
        const numerator = big(n);
        const denominator = bits === 32 ? big(d) << 32n : big(d);
        if (denominator === 0n) abort(0x10001n);
        const quotient = (numerator << (bits === 32 ? 64n : 64n)) / denominator;
        if (quotient === 0n && numerator !== 0n) abort(0x20005n);
        if (quotient > max) abort(0x20005n);
        return [fp(quotient)];
      },
    ],
    ['create_from_raw_value', (_h, _t, [v]) => [fp(big(v))]],
    ['get_raw_value', (_h, _t, [x]) => [raw(x)]],
    ['is_zero', (_h, _t, [x]) => [raw(x) === 0n]],
    ['min', (_h, _t, [x, y]) => [fp(raw(x) < raw(y) ? raw(x) : raw(y))]],
    ['max', (_h, _t, [x, y]) => [fp(raw(x) > raw(y) ? raw(x) : raw(y))]],
    [
      `create_from_${int}`,
      (_h, _t, [v]) => {
        const value = big(v) << b;
        if (value > max) abort(0x20005n);
        return [fp(value)];
      },
    ],
    ['floor', (_h, _t, [x]) => [floor(raw(x))]],
    ['ceil', (_h, _t, [x]) => [ceil(raw(x))]],
    [
      'round',
      (_h, _t, [x]) => {
        const v = raw(x);
        const floored = floor(v) << b;
        return [v < floored + (1n << (b - 1n)) ? floored >> b : ceil(v)];
      },
    ],
    [
      'add',
      (_h, _t, [x, y]) => {
        const sum = raw(x) + raw(y);
        if (sum > max) abort(bits === 32 ? 0x20006n : 0x20005n);
        return [fp(sum)];
      },
    ],
    ['less', (_h, _t, [x, y]) => [raw(x) < raw(y)]],
  ];
  if (bits === 32) {
    list.push([
      'multiply_u64_return_fixpoint32',
      (_h, _t, [val, m]) => {
        const product = big(val) * raw(m);
        if (product > max) abort(0x20003n);
        return [fp(product)];
      },
    ]);
  } else {
    list.push(
      [
        'sub',
        (_h, _t, [x, y]) => {
          if (raw(x) < raw(y)) abort(0x10006n);
          return [fp(raw(x) - raw(y))];
        },
      ],
      ['less_or_equal', (_h, _t, [x, y]) => [raw(x) <= raw(y)]],
      ['greater', (_h, _t, [x, y]) => [raw(x) > raw(y)]],
      ['greater_or_equal', (_h, _t, [x, y]) => [raw(x) >= raw(y)]],
      ['equal', (_h, _t, [x, y]) => [raw(x) === raw(y)]],
      [
        'almost_equal',
        (_h, _t, [x, y, precision]) => {
          const diff = raw(x) > raw(y) ? raw(x) - raw(y) : raw(y) - raw(x);
          return [diff <= raw(precision)];
        },
      ],
    );
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// comparator

const bcsOf = (host: NativeHost, ty: Ty, v: Value): Uint8Array =>
  serialize(ty, deref(v), host.layout.bind(host));

const COMPARATOR: Array<[string, NativeImpl]> = [
  [
    'compare',
    (host, tys, [left, right]) => {
      const a = bcsOf(host, tys[0] as Ty, left as Value);
      const c = bcsOf(host, tys[0] as Ty, right as Value);
      return [[compareBytes(a, c)]];
    },
  ],
  [
    'compare_u8_vector',
    (_h, _t, [left, right]) => [
      [
        compareBytes(
          Uint8Array.from(deref(left as Value) as number[]),
          Uint8Array.from(deref(right as Value) as number[]),
        ),
      ],
    ],
  ],
  ['is_equal', (_h, _t, [r]) => [(deref(r as Value) as Value[])[0] === 0]],
  ['is_smaller_than', (_h, _t, [r]) => [(deref(r as Value) as Value[])[0] === 1]],
  ['is_greater_than', (_h, _t, [r]) => [(deref(r as Value) as Value[])[0] === 2]],
];

/** `comparator::compare_u8_vector`: 0 equal, 1 smaller, 2 greater. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    if ((a[i] as number) < (b[i] as number)) return 1;
    if ((a[i] as number) > (b[i] as number)) return 2;
  }
  return a.length < b.length ? 1 : a.length > b.length ? 2 : 0;
}

// ---------------------------------------------------------------------------------------------
// any / copyable_any

const anyNatives = (module: 'any' | 'copyable_any'): Array<[string, NativeImpl]> => {
  const mismatch = () =>
    aborter(module, {
      '10001': {
        name: 'ETYPE_MISMATCH',
        doc: 'The type provided for `unpack` is not the same as was given for `pack`.',
      },
    })(0x10001n);
  const name = (ty: Ty): number[] => Array.from(Buffer.from(tyString(ty), 'utf8'));
  return [
    [
      'pack',
      (host, tys, [x]) => [
        [[name(tys[0] as Ty)], Array.from(bcsOf(host, tys[0] as Ty, x as Value))],
      ],
    ],
    [
      'unpack',
      (host, tys, [x]) => {
        const [typeName, data] = deref(x as Value) as [Value[], number[]];
        const want = name(tys[0] as Ty);
        const have = typeName[0] as number[];
        if (want.length !== have.length || want.some((c, i) => c !== have[i])) mismatch();
        try {
          return [deserialize(tys[0] as Ty, Uint8Array.from(data), host.layout.bind(host))];
        } catch (error) {
          if (error instanceof ValueError) throw new BytecodeAbort('0x1::from_bcs', 0x10001n, null);
          throw error;
        }
      },
    ],
    ['type_name', (_h, _t, [x]) => [new Ref(deref(x as Value) as Value[], 0)]],
  ];
};

/** `[module, function, implementation]` of the natives here. */
export const MATH_NATIVES: ReadonlyArray<[string, string, NativeImpl]> = [
  ...mathNatives('math64', 64n).map(([n, f]): [string, string, NativeImpl] => ['math64', n, f]),
  ...mathNatives('math128', 128n).map(([n, f]): [string, string, NativeImpl] => ['math128', n, f]),
  ...fixedNatives(32).map(([n, f]): [string, string, NativeImpl] => ['fixed_point32', n, f]),
  ...fixedNatives(64).map(([n, f]): [string, string, NativeImpl] => ['fixed_point64', n, f]),
  ...COMPARATOR.map(([n, f]): [string, string, NativeImpl] => ['comparator', n, f]),
  ...anyNatives('any').map(([n, f]): [string, string, NativeImpl] => ['any', n, f]),
  ...anyNatives('copyable_any').map(([n, f]): [string, string, NativeImpl] => [
    'copyable_any',
    n,
    f,
  ]),
];
