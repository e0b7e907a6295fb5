/**
 * `aptos_std::crypto_algebra` natively, for the BLS12-381 structures of `bls12381_algebra`
 * (`Fr`, `Fq12`, `G1`, `G2`, `Gt`), following aptos-core's algebra natives:
 *
 * - `Element<S> { handle }` indexes the transaction's element store (handles from 0 in creation
 *   order); every public function first checks the `CRYPTOGRAPHY_ALGEBRA_NATIVES` feature
 *   (`error::not_implemented(0)`, 0xc0000);
 * - `Gt` is written additively: `add` multiplies in Fq12, `zero` is 1, `one` the pairing of the
 *   generators, `scalar_mul` a power; `G1`/`G2` `one` is the generator;
 * - serialization: `FormatFrLsb`/`FormatFrMsb` (32 bytes), `FormatFq12LscLsb` and `FormatGt`
 *   (576 bytes, the twelve Fq coefficients least significant first, each 48 bytes little-endian;
 *   `Gt` checks subgroup membership), `FormatG1Uncompr`/`FormatG1Compr` and the G2 ones (ZCash
 *   encoding, on-curve and subgroup checked); `hash_to` with `HashG1XmdSha256SswuRo` /
 *   `HashG2XmdSha256SswuRo` (RFC 9380);
 * - a structure, format or suite it does not know aborts `E_NOT_IMPLEMENTED` 0xc0001, as a node
 *   does for unsupported ones; vectors of different lengths `E_NON_EQUAL_LENGTHS` 0x10002.
 *
 * How it differs from a node: the BN254 structures (`bn254_algebra`) are not implemented here
 * (a node computes them; here they abort 0xc0001), and the element store has no memory limit
 * (`E_TOO_MUCH_MEMORY_USED`). Gas: the v1.48.0 schedule's `algebra.ark_bls12_381_*` figures for
 * the main operations.
 */
import { createRequire } from 'node:module';
import type { bls12_381 as Bls12381 } from '@noble/curves/bls12-381';
import { BytecodeAbort } from '../errors.ts';
import type { NativeHost, NativeImpl, NativeSession } from '../loader.ts';
import { GAS_PARAMS } from '../ops.ts';
import type { Ty } from '../ty.ts';
import { K } from '../ty.ts';
import type { Value } from '../values.ts';
import { Ref } from '../values.ts';
import { FEATURES } from './features.ts';

let loaded: typeof Bls12381 | undefined;
/** Loaded at the first call, as `cryptoCurves.ts` does (noble builds its tower on load). */
function curve(): typeof Bls12381 {
  loaded ??= (
    createRequire(import.meta.url)('@noble/curves/bls12-381') as { bls12_381: typeof Bls12381 }
  ).bls12_381;
  return loaded;
}
type G1 = InstanceType<typeof Bls12381.G1.Point>;
type G2 = InstanceType<typeof Bls12381.G2.Point>;
type Fp12 = ReturnType<typeof Bls12381.fields.Fp12.create>;
type Structure = 'Fr' | 'Fq12' | 'G1' | 'G2' | 'Gt';
interface Element {
  s: Structure;
  v: bigint | Fp12 | G1 | G2;
}

const R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;
const P =
  0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn;

const GAS = {
  frAdd: 7750,
  frMul: 18450,
  frInv: 2154500,
  fq12Add: 66860,
  fq12Mul: 1833800,
  fq12Inv: 7371220,
  g1Add: 397220,
  g2Add: 1191060,
  g1Mul: 92764630,
  g2Mul: 276674430,
  gtMul: 539056240,
  pairing: 545232400,
  pairingBase: 330790330,
  pairingPerPair: 169193110,
  g1Deser: 26490650,
  g2Deser: 37420900,
  fq12Deser: 410970,
  serialize: 89430,
} as const;

const fail = (code: bigint): never => {
  throw new BytecodeAbort('0x1::crypto_algebra', code, null);
};
const notImplemented = (): never => fail(0xc0001n);
const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);

/** The `bls12381_algebra` marker a type argument names, or `null`. */
function marker(ty: Ty | undefined): string | null {
  if (ty === undefined || ty.k !== K.STRUCT) return null;
  const { address, module, name } = ty.s;
  return address === `0x${'0'.repeat(63)}1` && module === 'bls12381_algebra' ? name : null;
}
const STRUCTURES = new Set<string>(['Fr', 'Fq12', 'G1', 'G2', 'Gt']);
const structure = (ty: Ty | undefined): Structure => {
  const name = marker(ty);
  return name !== null && STRUCTURES.has(name) ? (name as Structure) : notImplemented();
};

// ---- the transaction's element store

const stores = new WeakMap<NativeSession, Element[]>();
const storeOf = (host: NativeHost): Element[] => {
  let store = stores.get(host.session);
  if (store === undefined) stores.set(host.session, (store = []));
  return store;
};
const add = (host: NativeHost, e: Element): Value => {
  const store = storeOf(host);
  store.push(e);
  return [BigInt(store.length - 1)];
};
const get = (host: NativeHost, v: Value | undefined): Element =>
  storeOf(host)[Number((deref(v as Value) as Value[])[0] as bigint)] as Element;

const ENABLED = FEATURES.find(([n]) => n === 'cryptography_algebra_enabled')?.[1] as NativeImpl;
const gate = (host: NativeHost): void => {
  if (ENABLED(host, [], [])[0] !== true) fail(0xc0000n);
};

// ---- arithmetic by structure

const fr = (n: bigint): bigint => ((n % R) + R) % R;
const F12 = () => curve().fields.Fp12;
const gtOne = (): Fp12 => curve().pairing(curve().G1.Point.BASE, curve().G2.Point.BASE);

function zero(s: Structure): Element['v'] {
  if (s === 'Fr') return 0n;
  if (s === 'Fq12') return F12().ZERO;
  if (s === 'Gt') return F12().ONE;
  return s === 'G1' ? curve().G1.Point.ZERO : curve().G2.Point.ZERO;
}
function one(s: Structure): Element['v'] {
  if (s === 'Fr') return 1n;
  if (s === 'Fq12') return F12().ONE;
  if (s === 'Gt') return gtOne();
  return s === 'G1' ? curve().G1.Point.BASE : curve().G2.Point.BASE;
}
type Point = G1 | G2;
const isPoint = (s: Structure) => s === 'G1' || s === 'G2';

function sum(s: Structure, a: Element['v'], b: Element['v']): Element['v'] {
  if (s === 'Fr') return fr((a as bigint) + (b as bigint));
  if (s === 'Fq12') return F12().add(a as Fp12, b as Fp12);
  if (s === 'Gt') return F12().mul(a as Fp12, b as Fp12);
  return (a as G1).add(b as G1);
}
function negate(s: Structure, a: Element['v']): Element['v'] {
  if (s === 'Fr') return fr(-(a as bigint));
  if (s === 'Fq12') return F12().neg(a as Fp12);
  if (s === 'Gt') return F12().inv(a as Fp12);
  return (a as Point).negate();
}
function equal(s: Structure, a: Element['v'], b: Element['v']): boolean {
  if (s === 'Fr') return a === b;
  if (s === 'Fq12' || s === 'Gt') return F12().eql(a as Fp12, b as Fp12);
  return (a as G1).equals(b as G1);
}
function times(s: Structure, a: Element['v'], k: bigint): Element['v'] {
  if (s === 'Gt') return F12().pow(a as Fp12, k);
  const p = a as G1;
  return k === 0n ? (s === 'G1' ? curve().G1.Point.ZERO : curve().G2.Point.ZERO) : p.multiply(k);
}

// ---- serialization

const leBytes = (n: bigint, len: number): number[] =>
  Array.from({ length: len }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));
const fromLe = (bytes: readonly number[]): bigint =>
  bytes.reduceRight((acc, b) => (acc << 8n) | BigInt(b), 0n);

/** The twelve Fq coefficients of an Fq12, least significant first. */
function coefficients(x: Fp12): bigint[] {
  return [x.c0, x.c1].flatMap((f6) => [f6.c0, f6.c1, f6.c2].flatMap((f2) => [f2.c0, f2.c1]));
}
function fq12FromBytes(bytes: number[]): Fp12 | null {
  if (bytes.length !== 576) return null;
  const c = Array.from({ length: 12 }, (_, i) => fromLe(bytes.slice(48 * i, 48 * i + 48)));
  if (c.some((x) => x >= P)) return null;
  const f2 = (i: number) => ({ c0: c[i] as bigint, c1: c[i + 1] as bigint });
  const f6 = (i: number) => ({ c0: f2(i), c1: f2(i + 2), c2: f2(i + 4) });
  return F12().create({ c0: f6(0), c1: f6(6) });
}
const inGt = (x: Fp12): boolean => !F12().is0(x) && F12().eql(F12().pow(x, R), F12().ONE);

const FORMATS: Record<string, Structure> = {
  FormatFrLsb: 'Fr',
  FormatFrMsb: 'Fr',
  FormatFq12LscLsb: 'Fq12',
  FormatG1Uncompr: 'G1',
  FormatG1Compr: 'G1',
  FormatG2Uncompr: 'G2',
  FormatG2Compr: 'G2',
  FormatGt: 'Gt',
};
const formatOf = (s: Structure, ty: Ty | undefined): string => {
  const name = marker(ty);
  return name !== null && FORMATS[name] === s ? name : notImplemented();
};

function serialize(host: NativeHost, format: string, e: Element): number[] {
  host.charge(GAS.serialize);
  switch (format) {
    case 'FormatFrLsb':
      return leBytes(e.v as bigint, 32);
    case 'FormatFrMsb':
      return leBytes(e.v as bigint, 32).reverse();
    case 'FormatFq12LscLsb':
    case 'FormatGt':
      return coefficients(e.v as Fp12).flatMap((c) => leBytes(c, 48));
    default:
      return Array.from(
        (e.v as G1).toBytes(format.endsWith('Compr') && !format.endsWith('Uncompr')),
      );
  }
}

function deserialize(host: NativeHost, format: string, bytes: number[]): Element['v'] | null {
  switch (format) {
    case 'FormatFrLsb':
    case 'FormatFrMsb': {
      if (bytes.length !== 32) return null;
      const n = fromLe(format === 'FormatFrLsb' ? bytes : [...bytes].reverse());
      return n < R ? n : null;
    }
    case 'FormatFq12LscLsb':
    case 'FormatGt': {
      host.charge(GAS.fq12Deser);
      const x = fq12FromBytes(bytes);
      if (x === null) return null;
      if (format === 'FormatGt') {
        host.charge(GAS.gtMul);
        return inGt(x) ? x : null;
      }
      return x;
    }
    default: {
      const g1 = format.startsWith('FormatG1');
      const compressed = !format.endsWith('Uncompr');
      host.charge(g1 ? GAS.g1Deser : GAS.g2Deser);
      const size = (g1 ? 48 : 96) * (compressed ? 1 : 2);
      if (bytes.length !== size) return null;
      // The compression flag must match the format.
      if ((((bytes[0] as number) & 0x80) !== 0) !== compressed) return null;
      try {
        const point = (g1 ? curve().G1.Point : curve().G2.Point).fromBytes(Uint8Array.from(bytes));
        point.assertValidity();
        return point;
      } catch {
        return null;
      }
    }
  }
}

// ---- the natives

const unary =
  (gas: (s: Structure) => number, f: (s: Structure, a: Element['v']) => Element['v'] | null) =>
  (withOption: boolean): NativeImpl =>
  (host, tys, [x]) => {
    gate(host);
    const s = structure(tys[0]);
    const a = get(host, x);
    host.charge(gas(s));
    const v = f(s, a.v);
    if (!withOption) return [add(host, { s, v: v as Element['v'] })];
    return [v === null ? [[]] : [[add(host, { s, v })]]];
  };
const fieldOnly = (s: Structure): void => {
  if (s !== 'Fr' && s !== 'Fq12') notImplemented();
};
const addGas = (s: Structure): number =>
  s === 'Fr' ? GAS.frAdd : s === 'G1' ? GAS.g1Add : s === 'G2' ? GAS.g2Add : GAS.fq12Add;
const mulGas = (s: Structure): number => (s === 'Fr' ? GAS.frMul : GAS.fq12Mul);
const invGas = (s: Structure): number => (s === 'Fr' ? GAS.frInv : GAS.fq12Inv);

function fieldMul(s: Structure, a: Element['v'], b: Element['v']): Element['v'] {
  fieldOnly(s);
  return s === 'Fr' ? fr((a as bigint) * (b as bigint)) : F12().mul(a as Fp12, b as Fp12);
}
function fieldInv(s: Structure, a: Element['v']): Element['v'] | null {
  fieldOnly(s);
  if (s === 'Fr') return a === 0n ? null : fr(modPow(a as bigint, R - 2n, R));
  return F12().is0(a as Fp12) ? null : F12().inv(a as Fp12);
}
function modPow(base: bigint, exp: bigint, m: bigint): bigint {
  let result = 1n;
  let b = base % m;
  for (let e = exp; e > 0n; e >>= 1n) {
    if ((e & 1n) === 1n) result = (result * b) % m;
    b = (b * b) % m;
  }
  return result;
}

const binary =
  (
    gas: (s: Structure) => number,
    f: (s: Structure, a: Element['v'], b: Element['v']) => Element['v'],
  ): NativeImpl =>
  (host, tys, [x, y]) => {
    gate(host);
    const s = structure(tys[0]);
    const [a, b] = [get(host, x), get(host, y)];
    host.charge(gas(s));
    return [add(host, { s, v: f(s, a.v, b.v) })];
  };

const handlesOf = (v: Value | undefined): Value[] => deref(v as Value) as Value[];

export const CRYPTO_ALGEBRA: ReadonlyArray<[string, NativeImpl]> = [
  [
    'eq',
    (host, tys, [x, y]) => {
      gate(host);
      const s = structure(tys[0]);
      host.charge(GAS.frAdd);
      return [equal(s, get(host, x).v, get(host, y).v)];
    },
  ],
  [
    'from_u64',
    (host, tys, [n]) => {
      gate(host);
      const s = structure(tys[0]);
      fieldOnly(s);
      host.charge(GAS.frAdd);
      const v = s === 'Fr' ? fr(n as bigint) : fq12FromU64(n as bigint);
      return [add(host, { s, v })];
    },
  ],
  ...(
    [
      ['zero', zero],
      ['one', one],
    ] as const
  ).map(([name, f]): [string, NativeImpl] => [
    name,
    (host, tys) => {
      gate(host);
      const s = structure(tys[0]);
      host.charge(name === 'one' && s === 'Gt' ? GAS.pairing : GAS.frAdd);
      return [add(host, { s, v: f(s) })];
    },
  ]),
  ['neg', unary(addGas, negate)(false)],
  ['add', binary(addGas, sum)],
  ['sub', binary(addGas, (s, a, b) => sum(s, a, negate(s, b)))],
  ['mul', binary(mulGas, fieldMul)],
  [
    'div',
    (host, tys, [x, y]) => {
      gate(host);
      const s = structure(tys[0]);
      fieldOnly(s);
      host.charge(invGas(s) + mulGas(s));
      const inverse = fieldInv(s, get(host, y).v);
      if (inverse === null) return [[[]]];
      return [[[add(host, { s, v: fieldMul(s, get(host, x).v, inverse) })]]];
    },
  ],
  ['sqr', unary(mulGas, (s, a) => fieldMul(s, a, a))(false)],
  ['inv', unary(invGas, fieldInv)(true)],
  [
    'double',
    unary(addGas, (s, a) => {
      if (s === 'Gt') return F12().sqr(a as Fp12);
      if (!isPoint(s)) notImplemented();
      return (a as G1).double();
    })(false),
  ],
  [
    'scalar_mul',
    (host, tys, [p, k]) => {
      gate(host);
      const s = structure(tys[0]);
      if (s === 'Fr' || s === 'Fq12' || structure(tys[1]) !== 'Fr') notImplemented();
      host.charge(s === 'G1' ? GAS.g1Mul : s === 'G2' ? GAS.g2Mul : GAS.gtMul);
      return [add(host, { s, v: times(s, get(host, p).v, get(host, k).v as bigint) })];
    },
  ],
  [
    'multi_scalar_mul',
    (host, tys, [ps, ks]) => {
      gate(host);
      const s = structure(tys[0]);
      if (!isPoint(s) || structure(tys[1]) !== 'Fr') notImplemented();
      const points = handlesOf(ps);
      const scalars = handlesOf(ks);
      if (points.length !== scalars.length) fail(0x10002n);
      host.charge((s === 'G1' ? GAS.g1Mul : GAS.g2Mul) * Math.max(1, points.length));
      const total = points.reduce(
        (acc: Element['v'], p, i) =>
          sum(s, acc, times(s, get(host, p).v, get(host, scalars[i]).v as bigint)),
        zero(s),
      );
      return [add(host, { s, v: total })];
    },
  ],
  [
    'pairing',
    (host, tys, [a, b]) => {
      gate(host);
      if (structure(tys[0]) !== 'G1' || structure(tys[1]) !== 'G2' || structure(tys[2]) !== 'Gt')
        notImplemented();
      host.charge(GAS.pairing);
      const v = curve().pairing(get(host, a).v as G1, get(host, b).v as G2);
      return [add(host, { s: 'Gt', v })];
    },
  ],
  [
    'multi_pairing',
    (host, tys, [as, bs]) => {
      gate(host);
      if (structure(tys[0]) !== 'G1' || structure(tys[1]) !== 'G2' || structure(tys[2]) !== 'Gt')
        notImplemented();
      const g1s = handlesOf(as);
      const g2s = handlesOf(bs);
      if (g1s.length !== g2s.length) fail(0x10002n);
      host.charge(GAS.pairingBase + GAS.pairingPerPair * g1s.length);
      const v = g1s.reduce(
        (acc: Fp12, p, i) =>
          F12().mul(acc, curve().pairing(get(host, p).v as G1, get(host, g2s[i]).v as G2)),
        F12().ONE,
      );
      return [add(host, { s: 'Gt', v })];
    },
  ],
  [
    'deserialize',
    (host, tys, [bytes]) => {
      gate(host);
      const s = structure(tys[0]);
      const format = formatOf(s, tys[1]);
      const v = deserialize(host, format, deref(bytes as Value) as number[]);
      return [v === null ? [[]] : [[add(host, { s, v })]]];
    },
  ],
  [
    'serialize',
    (host, tys, [e]) => {
      gate(host);
      const s = structure(tys[0]);
      return [serialize(host, formatOf(s, tys[1]), get(host, e))];
    },
  ],
  [
    'order',
    (host, tys) => {
      gate(host);
      const s = structure(tys[0]);
      host.charge(GAS_PARAMS.nativeBase);
      // The order's minimal little-endian bytes: r for Fr, G1, G2, Gt; q^12 for Fq12.
      const order = s === 'Fq12' ? P ** 12n : R;
      return [leBytes(order, Math.ceil(order.toString(16).length / 2))];
    },
  ],
  [
    'upcast',
    (host, tys, [e]) => {
      gate(host);
      if (structure(tys[0]) !== 'Gt' || structure(tys[1]) !== 'Fq12') notImplemented();
      host.charge(GAS.frAdd);
      return [add(host, { s: 'Fq12', v: get(host, e).v })];
    },
  ],
  [
    'downcast',
    (host, tys, [e]) => {
      gate(host);
      if (structure(tys[0]) !== 'Fq12' || structure(tys[1]) !== 'Gt') notImplemented();
      host.charge(GAS.gtMul);
      const v = get(host, e).v as Fp12;
      return [inGt(v) ? [[add(host, { s: 'Gt', v })]] : [[]]];
    },
  ],
  [
    'hash_to',
    (host, tys, [dst, msg]) => {
      gate(host);
      const s = structure(tys[0]);
      const suite = marker(tys[1]);
      const g1 = s === 'G1' && suite === 'HashG1XmdSha256SswuRo';
      const g2 = s === 'G2' && suite === 'HashG2XmdSha256SswuRo';
      if (!g1 && !g2) notImplemented();
      const message = Uint8Array.from(deref(msg as Value) as number[]);
      const DST = Uint8Array.from(deref(dst as Value) as number[]);
      host.charge(g1 ? GAS.g1Mul : GAS.g2Mul);
      const v = (g1 ? curve().G1 : curve().G2).hashToCurve(message, { DST }) as unknown as G1;
      return [add(host, { s, v })];
    },
  ],
];

/** `Fq12::from(u64)`: the constant coefficient. */
function fq12FromU64(n: bigint): Fp12 {
  const zero2 = { c0: 0n, c1: 0n };
  return F12().create({
    c0: { c0: { c0: n, c1: 0n }, c1: zero2, c2: zero2 },
    c1: { c0: zero2, c1: zero2, c2: zero2 },
  });
}
