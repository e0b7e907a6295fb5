/**
 * Bulletproofs range-proof verification for `ristretto255_bulletproofs::verify_range_proof(_pedersen)`,
 * as aptos-core verifies (dalek `bulletproofs` v4, `RangeProof::verify_single` over a Merlin
 * transcript named by the caller's DST):
 *
 * - Merlin: STROBE-128 over Keccak-f[1600] (`Merlin v1.0`, `dom-sep`, length-prefixed messages,
 *   64-byte challenges reduced mod ℓ);
 * - generators: `GeneratorsChain` (SHAKE256 of `GeneratorsChain` ‖ `G`/`H` ‖ party 0, each point
 *   from 64 uniform bytes); the Pedersen bases are the caller's `val_base` and `rand_base`;
 * - the proof: `A, S, T1, T2` (compressed), `t_x, t_x_blinding, e_blinding` (canonical scalars),
 *   then the inner-product proof's `L_i, R_i` pairs and `a, b`; any other shape aborts
 *   `E_DESERIALIZE_RANGE_PROOF` 0x10001; a bit length other than 8, 16, 32, 64
 *   `E_RANGE_NOT_SUPPORTED` 0x10003;
 * - the single multiscalar check of dalek's `verify_multiple` (its random batching scalar `c`
 *   is fixed here: the check holds for any `c` exactly when the proof is valid, up to a
 *   negligible chance).
 */
import { RistrettoPoint } from '@noble/curves/ed25519';
import { keccakP, shake256 } from '@noble/hashes/sha3';
import { ELL } from './ristretto.ts';

type Point = InstanceType<typeof RistrettoPoint>;

const mod = (n: bigint): bigint => ((n % ELL) + ELL) % ELL;
const le = (bytes: Uint8Array): bigint =>
  bytes.reduceRight((acc, b) => (acc << 8n) | BigInt(b), 0n);
const text = (s: string): Uint8Array => new TextEncoder().encode(s);
function inverse(n: bigint): bigint {
  let result = 1n;
  let b = mod(n);
  for (let e = ELL - 2n; e > 0n; e >>= 1n) {
    if ((e & 1n) === 1n) result = (result * b) % ELL;
    b = (b * b) % ELL;
  }
  return result;
}

// ---- Merlin over STROBE-128

const R = 166;
const FLAG_I = 1;
const FLAG_A = 2;
const FLAG_C = 4;
const FLAG_M = 16;

class Strobe {
  private readonly words = new Uint32Array(50);
  private readonly st = new Uint8Array(this.words.buffer);
  private pos = 0;
  private posBegin = 0;
  private curFlags = 0;

  constructor(label: Uint8Array) {
    this.st.set([1, R + 2, 1, 0, 1, 96]);
    this.st.set(text('STROBEv1.0.2'), 6);
    keccakP(this.words);
    this.metaAd(label, false);
  }
  private runF(): void {
    this.st[this.pos] = (this.st[this.pos] as number) ^ this.posBegin;
    this.st[this.pos + 1] = (this.st[this.pos + 1] as number) ^ 0x04;
    this.st[R + 1] = (this.st[R + 1] as number) ^ 0x80;
    keccakP(this.words);
    this.pos = 0;
    this.posBegin = 0;
  }
  private absorb(data: Uint8Array): void {
    for (const byte of data) {
      this.st[this.pos] = (this.st[this.pos] as number) ^ byte;
      this.pos += 1;
      if (this.pos === R) this.runF();
    }
  }
  private squeeze(out: Uint8Array): void {
    for (let i = 0; i < out.length; i += 1) {
      out[i] = this.st[this.pos] as number;
      this.st[this.pos] = 0;
      this.pos += 1;
      if (this.pos === R) this.runF();
    }
  }
  private beginOp(flags: number, more: boolean): void {
    if (more) return;
    const oldBegin = this.posBegin;
    this.posBegin = this.pos + 1;
    this.curFlags = flags;
    this.absorb(Uint8Array.from([oldBegin, flags]));
    if ((flags & FLAG_C) !== 0 && this.pos !== 0) this.runF();
  }
  metaAd(data: Uint8Array, more: boolean): void {
    this.beginOp(FLAG_M | FLAG_A, more);
    this.absorb(data);
  }
  ad(data: Uint8Array): void {
    this.beginOp(FLAG_A, false);
    this.absorb(data);
  }
  prf(out: Uint8Array): void {
    this.beginOp(FLAG_I | FLAG_A | FLAG_C, false);
    this.squeeze(out);
  }
  get flags(): number {
    return this.curFlags;
  }
}

const u32le = (n: number): Uint8Array => Uint8Array.from([n, n >> 8, n >> 16, n >>> 24]);
const u64le = (n: bigint): Uint8Array =>
  Uint8Array.from({ length: 8 }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));

class Transcript {
  private readonly strobe = new Strobe(text('Merlin v1.0'));
  constructor(label: Uint8Array) {
    this.message('dom-sep', label);
  }
  message(label: string, message: Uint8Array): void {
    this.strobe.metaAd(text(label), false);
    this.strobe.metaAd(u32le(message.length), true);
    this.strobe.ad(message);
  }
  u64(label: string, n: bigint): void {
    this.message(label, u64le(n));
  }
  /** `validate_and_append_point`: the identity is refused (the proof does not verify). */
  point(label: string, compressed: Uint8Array): boolean {
    if (compressed.every((b) => b === 0)) return false;
    this.message(label, compressed);
    return true;
  }
  challenge(label: string): bigint {
    const out = new Uint8Array(64);
    this.strobe.metaAd(text(label), false);
    this.strobe.metaAd(u32le(64), true);
    this.strobe.prf(out);
    return mod(le(out));
  }
}

// ---- generators

const chains = new Map<string, Point[]>();
/** The first `n` points of `GeneratorsChain(label ‖ party 0)`. */
function generators(label: 'G' | 'H', n: number): Point[] {
  const cached = chains.get(label);
  if (cached !== undefined && cached.length >= n) return cached.slice(0, n);
  const input = new Uint8Array([...text('GeneratorsChain'), label.charCodeAt(0), 0, 0, 0, 0]);
  const stream = shake256(input, { dkLen: 64 * n });
  const points = Array.from({ length: n }, (_, i) =>
    RistrettoPoint.hashToCurve(stream.slice(64 * i, 64 * i + 64)),
  );
  chains.set(label, points);
  return points;
}

// ---- the proof

export interface RangeProof {
  A: Uint8Array;
  S: Uint8Array;
  T1: Uint8Array;
  T2: Uint8Array;
  tx: bigint;
  txBlinding: bigint;
  eBlinding: bigint;
  L: Uint8Array[];
  R: Uint8Array[];
  a: bigint;
  b: bigint;
}

/** `RangeProof::from_bytes`, or `null` for bytes of another shape or non-canonical scalars. */
export function parseRangeProof(bytes: Uint8Array): RangeProof | null {
  if (bytes.length % 32 !== 0) return null;
  const count = bytes.length / 32;
  if (count < 9 || (count - 9) % 2 !== 0) return null;
  const chunk = (i: number) => bytes.slice(32 * i, 32 * i + 32);
  const scalar = (i: number): bigint | null => {
    const n = le(chunk(i));
    return n < ELL ? n : null;
  };
  const rounds = (count - 9) / 2;
  if (rounds >= 32) return null;
  const scalars = [4, 5, 6, count - 2, count - 1].map(scalar);
  if (scalars.some((s) => s === null)) return null;
  const [tx, txBlinding, eBlinding, a, b] = scalars as bigint[];
  return {
    A: chunk(0),
    S: chunk(1),
    T1: chunk(2),
    T2: chunk(3),
    tx: tx as bigint,
    txBlinding: txBlinding as bigint,
    eBlinding: eBlinding as bigint,
    L: Array.from({ length: rounds }, (_, i) => chunk(7 + 2 * i)),
    R: Array.from({ length: rounds }, (_, i) => chunk(8 + 2 * i)),
    a: a as bigint,
    b: b as bigint,
  };
}

const decompress = (bytes: Uint8Array): Point | null => {
  try {
    return RistrettoPoint.fromHex(bytes);
  } catch {
    return null;
  }
};
const powers = (x: bigint, n: number): bigint[] => {
  const out: bigint[] = [];
  let p = 1n;
  for (let i = 0; i < n; i += 1) {
    out.push(p);
    p = mod(p * x);
  }
  return out;
};
const mul = (p: Point, k: bigint): Point =>
  mod(k) === 0n ? RistrettoPoint.ZERO : p.multiply(mod(k));

/** `verify_single(bp_gens, {B: valBase, B_blinding: randBase}, Transcript::new(dst), V, n)`. */
export function verifyRangeProof(
  proof: RangeProof,
  commitment: Uint8Array,
  valBase: Point,
  randBase: Point,
  n: number,
  dst: Uint8Array,
): boolean {
  if (proof.L.length !== Math.log2(n)) return false;
  const t = new Transcript(dst);
  t.message('dom-sep', text('rangeproof v1'));
  t.u64('n', BigInt(n));
  t.u64('m', 1n);
  t.message('V', commitment);
  if (!t.point('A', proof.A) || !t.point('S', proof.S)) return false;
  const y = t.challenge('y');
  const z = t.challenge('z');
  const zz = mod(z * z);
  if (!t.point('T_1', proof.T1) || !t.point('T_2', proof.T2)) return false;
  const x = t.challenge('x');
  t.message('t_x', scalarBytes(proof.tx));
  t.message('t_x_blinding', scalarBytes(proof.txBlinding));
  t.message('e_blinding', scalarBytes(proof.eBlinding));
  const w = t.challenge('w');
  // The inner-product proof's verification scalars.
  t.message('dom-sep', text('ipp v1'));
  t.u64('n', BigInt(n));
  const u: bigint[] = [];
  for (let i = 0; i < proof.L.length; i += 1) {
    if (!t.point('L', proof.L[i] as Uint8Array) || !t.point('R', proof.R[i] as Uint8Array))
      return false;
    u.push(t.challenge('u'));
  }
  const uInv = u.map(inverse);
  const allInv = uInv.reduce((acc, v) => mod(acc * v), 1n);
  const uSq = u.map((v) => mod(v * v));
  const uInvSq = uInv.map((v) => mod(v * v));
  const lgN = u.length;
  const s: bigint[] = [allInv];
  for (let i = 1; i < n; i += 1) {
    const lgI = 31 - Math.clz32(i);
    const k = 1 << lgI;
    s.push(mod((s[i - k] as bigint) * (uSq[lgN - 1 - lgI] as bigint)));
  }
  const c = 1n;
  const { a, b } = proof;
  const yInvPowers = powers(inverse(y), n);
  const twos = powers(2n, n);
  const g = s.map((si) => mod(-z - a * si));
  const h = s.map((_, i) =>
    mod(z + (yInvPowers[i] as bigint) * (zz * (twos[i] as bigint) - b * (s[n - 1 - i] as bigint))),
  );
  const sumY = powers(y, n).reduce((acc, v) => mod(acc + v), 0n);
  const sum2 = mod((1n << BigInt(n)) - 1n);
  const delta = mod((z - zz) * sumY - zz * z * sum2);
  const basepointScalar = mod(w * (proof.tx - a * b) + c * (delta - proof.tx));
  const points: Array<Point | null> = [
    decompress(proof.A),
    decompress(proof.S),
    decompress(proof.T1),
    decompress(proof.T2),
    ...proof.L.map(decompress),
    ...proof.R.map(decompress),
    randBase,
    valBase,
    ...generators('G', n),
    ...generators('H', n),
    decompress(commitment),
  ];
  if (points.some((p) => p === null)) return false;
  const scalars = [
    1n,
    x,
    mod(c * x),
    mod(c * x * x),
    ...uSq,
    ...uInvSq,
    mod(-proof.eBlinding - c * proof.txBlinding),
    basepointScalar,
    ...g,
    ...h,
    mod(c * zz),
  ];
  const check = (points as Point[]).reduce(
    (acc, p, i) => acc.add(mul(p, scalars[i] as bigint)),
    RistrettoPoint.ZERO,
  );
  return check.equals(RistrettoPoint.ZERO);
}

/** A scalar's 32 little-endian bytes. */
function scalarBytes(n: bigint): Uint8Array {
  return Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));
}
