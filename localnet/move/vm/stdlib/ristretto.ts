/**
 * `aptos_std::ristretto255` natively, with the Move wrappers' checks and the Rust natives'
 * point store (aptos-core `natives/cryptography/ristretto255_point.rs`):
 *
 * - `RistrettoPoint { handle: u64 }` indexes the transaction's point store: every new point
 *   (decompressed, computed, cloned) takes the next handle from 0, the `_assign` functions change
 *   the point behind the handle in place; past 10 000 points `E_TOO_MANY_POINTS_CREATED` (abort
 *   4). A decompression that fails takes no handle (`(u64::MAX, false)`).
 * - `Scalar { data }` is 32 little-endian bytes below ℓ; arithmetic is modulo ℓ.
 * - `point_clone` and `double_scalar_mul` need the `BULLETPROOFS` feature
 *   (`E_NATIVE_FUN_NOT_AVAILABLE` 0x30005); `multi_scalar_mul` checks `E_ZERO_POINTS` 0x10002,
 *   `E_ZERO_SCALARS` 0x10003, `E_DIFFERENT_NUM_POINTS_AND_SCALARS` 0x10001;
 *   `new_point_and_compressed_from_bytes` of a non-canonical encoding `E_NON_CANONICAL_ENCODING`
 *   0x10006.
 *
 * Curve arithmetic is `@noble/curves`' ristretto255 (RFC 9496 encoding and one-way map, the
 * same as curve25519-dalek's). Gas: the v1.48.0 schedule's `ristretto255.*` figures.
 */
import { createHash } from 'node:crypto';
import { RistrettoPoint } from '@noble/curves/ed25519';
import { BytecodeAbort } from '../errors.ts';
import type { NativeHost, NativeImpl, NativeSession } from '../loader.ts';
import type { Value } from '../values.ts';
import { Ref } from '../values.ts';
import { FEATURES } from './features.ts';

type Point = InstanceType<typeof RistrettoPoint>;

/** ℓ, the order of the group. */
export const ELL = (1n << 252n) + 27742317777372353535851937790883648493n;
const POINTS_LIMIT = 10_000;

const GAS = {
  basepointMul: 4705280,
  basepointDoubleMul: 16174400,
  pointAdd: 78480,
  pointClone: 5510,
  pointCompress: 1470400,
  pointDecompress: 1488780,
  pointEquals: 84540,
  fromUniform: 2995940,
  pointIdentity: 5510,
  pointMul: 17313960,
  pointDoubleMul: 18699070,
  pointNeg: 13230,
  pointSub: 78290,
  scalarParseArg: 5510,
  sha512PerByte: 2200,
  sha512PerHash: 119100,
  scalarAdd: 28300,
  scalarReduced: 26090,
  scalarUniform: 45760,
  scalarFromInt: 6430,
  scalarInvert: 4043600,
  scalarIsCanonical: 42270,
  scalarMul: 39140,
  scalarNeg: 26650,
  scalarSub: 38960,
} as const;

const fail = (code: bigint): never => {
  throw new BytecodeAbort('0x1::ristretto255', code, null);
};
const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);
const fields = (v: Value | undefined): Value[] => deref(v as Value) as Value[];

// ---- the transaction's point store

const stores = new WeakMap<NativeSession, Point[]>();
const storeOf = (host: NativeHost): Point[] => {
  let store = stores.get(host.session);
  if (store === undefined) stores.set(host.session, (store = []));
  return store;
};
function addPoint(host: NativeHost, point: Point): bigint {
  const store = storeOf(host);
  if (store.length >= POINTS_LIMIT) fail(4n);
  store.push(point);
  return BigInt(store.length - 1);
}
const handleOf = (p: Value | undefined): bigint => fields(p)[0] as bigint;
const pointAt = (host: NativeHost, handle: bigint): Point => storeOf(host)[Number(handle)] as Point;
const pointOf = (host: NativeHost, p: Value | undefined): Point => pointAt(host, handleOf(p));
/** A new `RistrettoPoint` value for `point`. */
export const newPoint = (host: NativeHost, point: Point): Value => [addPoint(host, point)];
/** The point behind a `RistrettoPoint` value or reference. */
export const pointValue = pointOf;

// ---- scalars and encodings

const le = (bytes: readonly number[]): bigint =>
  bytes.reduceRight((acc, b) => (acc << 8n) | BigInt(b), 0n);
const toLe = (n: bigint, length = 32): number[] =>
  Array.from({ length }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));
const scalarOf = (s: Value | undefined): bigint => le(fields(s)[0] as number[]);
const scalar = (n: bigint): Value => [toLe(((n % ELL) + ELL) % ELL)];
const mul = (p: Point, n: bigint): Point => (n === 0n ? RistrettoPoint.ZERO : p.multiply(n));

/** `point_decompress_internal`: a new handle for canonical bytes, else none taken. */
function decompress(host: NativeHost, bytes: number[]): bigint | null {
  host.charge(GAS.pointDecompress);
  if (bytes.length !== 32) return null;
  try {
    return addPoint(host, RistrettoPoint.fromHex(Uint8Array.from(bytes)));
  } catch (error) {
    if (error instanceof BytecodeAbort) throw error;
    return null;
  }
}
function isCanonical(host: NativeHost, bytes: number[]): boolean {
  host.charge(GAS.pointDecompress);
  if (bytes.length !== 32) return false;
  try {
    RistrettoPoint.fromHex(Uint8Array.from(bytes));
    return true;
  } catch {
    return false;
  }
}
const compress = (host: NativeHost, p: Value | undefined): number[] => {
  host.charge(GAS.pointCompress);
  return Array.from(pointOf(host, p).toBytes());
};

const BULLETPROOFS = FEATURES.find(([n]) => n === 'bulletproofs_enabled')?.[1] as NativeImpl;
const needBulletproofs = (host: NativeHost): void => {
  if (BULLETPROOFS(host, [], [])[0] !== true) fail(0x30005n);
};

const hex = (text: string): number[] => Array.from(Buffer.from(text, 'hex'));
const BASE_POINT = hex('e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76');
const HASH_BASE_POINT = hex('8c9240b456a9e6dc65c377a1048d745f94a08cdb7f44cbcd7b46f34048871134');
const IDENTITY = Array.from({ length: 32 }, () => 0);
const some = (v: Value): Value => [[v]];
const none = (): Value => [[]];
const sha512 = (host: NativeHost, bytes: number[]): Uint8Array => {
  host.charge(GAS.sha512PerHash + GAS.sha512PerByte * bytes.length);
  return createHash('sha512').update(Uint8Array.from(bytes)).digest();
};

/** `in_place`: the point behind `a`'s handle becomes `result`; else a new point. */
function assign(host: NativeHost, a: Value | undefined, result: Point, inPlace: boolean): Value {
  if (!inPlace) return newPoint(host, result);
  storeOf(host)[Number(handleOf(a))] = result;
  return a as Value;
}

const op =
  (impl: (host: NativeHost, args: Value[]) => Value[]): NativeImpl =>
  (host, _tys, args) =>
    impl(host, args);

export const RISTRETTO255: ReadonlyArray<[string, NativeImpl]> = [
  ['point_identity_compressed', op(() => [[IDENTITY]])],
  [
    'point_identity',
    op((host) => {
      host.charge(GAS.pointIdentity);
      return [newPoint(host, RistrettoPoint.ZERO)];
    }),
  ],
  ['basepoint_compressed', op(() => [[BASE_POINT]])],
  ['basepoint_H_compressed', op(() => [[HASH_BASE_POINT]])],
  ['basepoint_H', op((host) => [[decompress(host, HASH_BASE_POINT) as bigint]])],
  ['hash_to_point_base', op((host) => [[decompress(host, HASH_BASE_POINT) as bigint]])],
  ['basepoint', op((host) => [[decompress(host, BASE_POINT) as bigint]])],
  [
    'basepoint_mul',
    op((host, [a]) => {
      host.charge(GAS.scalarParseArg + GAS.basepointMul);
      return [newPoint(host, mul(RistrettoPoint.BASE, scalarOf(a)))];
    }),
  ],
  [
    'new_compressed_point_from_bytes',
    op((host, [b]) => [isCanonical(host, b as number[]) ? some([b as Value]) : none()]),
  ],
  [
    'new_point_from_bytes',
    op((host, [b]) => {
      const handle = decompress(host, b as number[]);
      return [handle === null ? none() : some([handle])];
    }),
  ],
  [
    'new_point_and_compressed_from_bytes',
    op((host, [b]) => {
      const handle = decompress(host, b as number[]);
      if (handle === null) fail(0x10006n);
      return [[handle as bigint], [b as Value]];
    }),
  ],
  ['compressed_point_to_bytes', op((_h, [c]) => [fields(c)[0] as Value])],
  ...(['new_point_from_sha512', 'new_point_from_sha2_512'] as const).map(
    (name): [string, NativeImpl] => [
      name,
      op((host, [input]) => {
        host.charge(GAS.fromUniform);
        const digest = sha512(host, input as number[]);
        return [newPoint(host, RistrettoPoint.hashToCurve(digest))];
      }),
    ],
  ),
  [
    'new_point_from_64_uniform_bytes',
    op((host, [b]) => {
      const bytes = b as number[];
      if (bytes.length !== 64) return [none()];
      host.charge(GAS.fromUniform);
      return [some(newPoint(host, RistrettoPoint.hashToCurve(Uint8Array.from(bytes))))];
    }),
  ],
  ['point_decompress', op((host, [c]) => [[decompress(host, fields(c)[0] as number[]) as bigint]])],
  [
    'point_clone',
    op((host, [p]) => {
      needBulletproofs(host);
      host.charge(GAS.pointClone);
      return [newPoint(host, pointOf(host, p))];
    }),
  ],
  ['point_compress', op((host, [p]) => [[compress(host, p)]])],
  ['point_to_bytes', op((_h, [c]) => [[...(fields(c)[0] as number[])]])],
  [
    'points_to_bytes',
    op((host, [ps]) => [(deref(ps as Value) as Value[]).map((p) => compress(host, p))]),
  ],
  ...([false, true] as const).flatMap((inPlace): Array<[string, NativeImpl]> => {
    const suffix = inPlace ? '_assign' : '';
    return [
      [
        `point_mul${suffix}`,
        op((host, [p, a]) => {
          host.charge(GAS.scalarParseArg + GAS.pointMul);
          return [assign(host, p, mul(pointOf(host, p), scalarOf(a)), inPlace)];
        }),
      ],
      [
        `point_add${suffix}`,
        op((host, [a, b]) => {
          host.charge(GAS.pointAdd);
          return [assign(host, a, pointOf(host, a).add(pointOf(host, b)), inPlace)];
        }),
      ],
      [
        `point_sub${suffix}`,
        op((host, [a, b]) => {
          host.charge(GAS.pointSub);
          return [assign(host, a, pointOf(host, a).subtract(pointOf(host, b)), inPlace)];
        }),
      ],
      [
        `point_neg${suffix}`,
        op((host, [a]) => {
          host.charge(GAS.pointNeg);
          return [assign(host, a, pointOf(host, a).negate(), inPlace)];
        }),
      ],
    ];
  }),
  [
    'basepoint_double_mul',
    op((host, [a, p, b]) => {
      host.charge(2 * GAS.scalarParseArg + GAS.basepointDoubleMul);
      const point = mul(pointOf(host, p), scalarOf(a)).add(mul(RistrettoPoint.BASE, scalarOf(b)));
      return [newPoint(host, point)];
    }),
  ],
  [
    'point_equals',
    op((host, [a, b]) => {
      host.charge(GAS.pointEquals);
      return [pointOf(host, a).equals(pointOf(host, b))];
    }),
  ],
  [
    'compressed_point_equals',
    op((_h, [a, b]) => [
      Buffer.from(fields(a)[0] as number[]).equals(Buffer.from(fields(b)[0] as number[])),
    ]),
  ],
  [
    'is_identity',
    op((_h, [c]) => [
      (fields(c)[0] as number[]).length === 32 && (fields(c)[0] as number[]).every((x) => x === 0),
    ]),
  ],
  [
    'double_scalar_mul',
    op((host, [s1, p1, s2, p2]) => {
      needBulletproofs(host);
      host.charge(2 * GAS.scalarParseArg + GAS.pointDoubleMul);
      const point = mul(pointOf(host, p1), scalarOf(s1)).add(mul(pointOf(host, p2), scalarOf(s2)));
      return [newPoint(host, point)];
    }),
  ],
  [
    'multi_scalar_mul',
    op((host, [ps, ss]) => {
      const points = deref(ps as Value) as Value[];
      const scalars = deref(ss as Value) as Value[];
      if (points.length === 0) fail(0x10002n);
      if (scalars.length === 0) fail(0x10003n);
      if (points.length !== scalars.length) fail(0x10001n);
      host.charge(
        GAS.pointDoubleMul * Math.ceil(points.length / 2) + GAS.scalarParseArg * scalars.length,
      );
      const sum = points.reduce(
        (acc: Point, p, i) => acc.add(mul(pointOf(host, p), scalarOf(scalars[i]))),
        RistrettoPoint.ZERO,
      );
      return [newPoint(host, sum)];
    }),
  ],
  // ---- scalars
  [
    'new_scalar_from_bytes',
    op((host, [b]) => {
      host.charge(GAS.scalarIsCanonical);
      const bytes = b as number[];
      return [bytes.length === 32 && le(bytes) < ELL ? some([bytes]) : none()];
    }),
  ],
  ...(['new_scalar_from_sha512', 'new_scalar_from_sha2_512'] as const).map(
    (name): [string, NativeImpl] => [
      name,
      op((host, [input]) => [scalar(le(Array.from(sha512(host, input as number[]))))]),
    ],
  ),
  ['new_scalar_from_u8', op((_h, [b]) => [[[b as number, ...IDENTITY.slice(1)]]])],
  ...(['new_scalar_from_u32', 'new_scalar_from_u64', 'new_scalar_from_u128'] as const).map(
    (name): [string, NativeImpl] => [
      name,
      op((host, [n]) => {
        host.charge(GAS.scalarFromInt);
        return [scalar(BigInt(n as number | bigint))];
      }),
    ],
  ),
  [
    'new_scalar_reduced_from_32_bytes',
    op((host, [b]) => {
      const bytes = b as number[];
      if (bytes.length !== 32) return [none()];
      host.charge(GAS.scalarReduced);
      return [some(scalar(le(bytes)))];
    }),
  ],
  [
    'new_scalar_uniform_from_64_bytes',
    op((host, [b]) => {
      const bytes = b as number[];
      if (bytes.length !== 64) return [none()];
      host.charge(GAS.scalarUniform);
      return [some(scalar(le(bytes)))];
    }),
  ],
  ['scalar_zero', op(() => [[IDENTITY]])],
  ['scalar_is_zero', op((_h, [s]) => [scalarBytesEqual(s, IDENTITY)])],
  ['scalar_one', op(() => [[[1, ...IDENTITY.slice(1)]]])],
  ['scalar_is_one', op((_h, [s]) => [scalarBytesEqual(s, [1, ...IDENTITY.slice(1)])])],
  ['scalar_equals', op((_h, [a, b]) => [scalarBytesEqual(a, fields(b)[0] as number[])])],
  [
    'scalar_invert',
    op((host, [s]) => {
      const n = scalarOf(s);
      if (scalarBytesEqual(s, IDENTITY)) return [none()];
      host.charge(GAS.scalarInvert);
      return [some(scalar(modPow(n, ELL - 2n)))];
    }),
  ],
  ...scalarOps(),
  ['scalar_to_bytes', op((_h, [s]) => [[...(fields(s)[0] as number[])]])],
];

function scalarBytesEqual(s: Value | undefined, bytes: readonly number[]): boolean {
  const data = fields(s)[0] as number[];
  return data.length === bytes.length && data.every((b, i) => b === bytes[i]);
}

function modPow(base: bigint, exp: bigint): bigint {
  let result = 1n;
  let b = base % ELL;
  for (let e = exp; e > 0n; e >>= 1n) {
    if ((e & 1n) === 1n) result = (result * b) % ELL;
    b = (b * b) % ELL;
  }
  return result;
}

/** `scalar_{mul,add,sub,neg}` and their `_assign` forms (`self.data = …; self`). */
function scalarOps(): Array<[string, NativeImpl]> {
  const binary: Array<[string, number, (a: bigint, b: bigint) => bigint]> = [
    ['scalar_mul', GAS.scalarMul, (a, b) => a * b],
    ['scalar_add', GAS.scalarAdd, (a, b) => a + b],
    ['scalar_sub', GAS.scalarSub, (a, b) => a - b],
  ];
  const out: Array<[string, NativeImpl]> = [];
  for (const [name, gas, f] of binary) {
    out.push([
      name,
      op((host, [a, b]) => (host.charge(gas), [scalar(f(scalarOf(a), scalarOf(b)))])),
    ]);
    out.push([
      `${name}_assign`,
      op((host, [a, b]) => {
        host.charge(gas);
        fields(a)[0] = (scalar(f(scalarOf(a), scalarOf(b))) as Value[])[0] as Value;
        return [a as Value];
      }),
    ]);
  }
  out.push(['scalar_neg', op((host, [a]) => (host.charge(GAS.scalarNeg), [scalar(-scalarOf(a))]))]);
  out.push([
    'scalar_neg_assign',
    op((host, [a]) => {
      host.charge(GAS.scalarNeg);
      fields(a)[0] = (scalar(-scalarOf(a)) as Value[])[0] as Value;
      return [a as Value];
    }),
  ]);
  return out;
}
