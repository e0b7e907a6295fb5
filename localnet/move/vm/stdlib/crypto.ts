/**
 * aptos_std's signature modules, natively, with the framework's layouts (`bytes: vector<u8>`
 * wrappers, `framework/vmBridge.ts`), semantics and abort codes. The curve arithmetic is
 * `@noble/curves` (the ts-sdk's copy); the checks around it follow aptos-core's natives:
 *
 * - `ed25519`: sizes 32 / 64 (`E_WRONG_PUBKEY_SIZE` 0x10001, `E_WRONG_SIGNATURE_SIZE` 0x10002;
 *   `new_validated_public_key_from_bytes` / `public_key_validate` of another size abort with the
 *   native's raw code 1).
 *   Validation = the point decompresses (non-canonical y accepted, as curve25519-dalek) and is not
 *   of small order. `signature_verify_strict` = aptos-crypto's: S < ℓ, A and R decompress and are
 *   not of small order, and the cofactorless `[S]B − [k]A` encodes to R's bytes (ed25519-dalek's
 *   `verify_strict`). `signature_verify_strict_t<T>` signs BCS(`SignedMessage<T> { type_info,
 *   inner }`); a non-struct T aborts as `type_info::type_of` (0x10001 from `0x1::type_info`).
 * - `multi_ed25519`: the Move checks (`E_WRONG_PUBKEY_SIZE`, `E_WRONG_SIGNATURE_SIZE`), v1
 *   validation (every 32-byte chunk valid, at most 32), v2 additionally the threshold format;
 *   verification as `MultiEd25519PublicKey/Signature::try_from` + `verify_arbitrary_msg`
 *   (bitmap MSB first, popcount = signatures, last bit < n, popcount ≥ threshold, each
 *   signature strict against its key).
 * - `secp256k1`: 64-byte signature and raw key (`E_DESERIALIZE` 0x10001); `ecdsa_recover` aborts
 *   0x10001 as the native does (message not 32 bytes, recovery id ≥ 4, r or s ≥ n) and returns
 *   none when recovery fails (r or s zero, no point). High-s signatures are accepted (the native
 *   does; callers must handle malleability).
 *
 * Gas: aptos-gas-schedule's `signature.*` and `secp256k1.*` internal units, charged as the
 * natives do (the Move wrappers' own instructions are not charged: an approximation).
 */
import { ed25519 } from '@noble/curves/ed25519';
import { createHash } from 'node:crypto';
import type { LongAddress } from '../../../encoding.ts';
import { BytecodeAbort } from '../errors.ts';
import type { NativeHost, NativeImpl } from '../loader.ts';
import type { Ty } from '../ty.ts';
import { K, T, tyString } from '../ty.ts';
import type { Value } from '../values.ts';
import { Ref, serialize } from '../values.ts';

const FRAMEWORK = `0x${'0'.repeat(63)}1` as LongAddress;

export const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);
export const bytesOf = (v: Value | undefined): Uint8Array =>
  Uint8Array.from(deref(v as Value) as number[]);
/** The `bytes` field of a `{ bytes: vector<u8> }` wrapper (by value or reference). */
export const inner = (v: Value | undefined): Uint8Array =>
  Uint8Array.from((deref(v as Value) as Value[])[0] as number[]);
export const wrap = (bytes: Uint8Array | number[]): Value => [Array.from(bytes)];
export const some = (v: Value): Value => [[v]];
export const none: () => Value = () => [[]];

export type Reason = { name: string; doc: string };
export const aborter =
  (module: string, reasons: Record<string, Reason>) =>
  (code: bigint): never => {
    throw new BytecodeAbort(`0x1::${module}`, code, reasons[code.toString(16)] ?? null);
  };

/** aptos-gas-schedule `aptos_framework.rs` (internal gas units). */
export const CRYPTO_GAS = {
  base: 551,
  perPubkeyDeserialize: 139688,
  perPubkeySmallOrderCheck: 23342,
  perSigDeserialize: 1378,
  perSigStrictVerify: 981492,
  perMsgHashingBase: 11910,
  perMsgByteHashing: 220,
  secp256k1Base: 551,
  secp256k1EcdsaRecover: 5918360,
} as const;

const sha3 = (bytes: Uint8Array): number[] =>
  Array.from(createHash('sha3-256').update(bytes).digest());
const authKey = (pk: Uint8Array, scheme: number): number[] =>
  sha3(Uint8Array.from([...pk, scheme]));

// ---------------------------------------------------------------------------------------------
// Ed25519 primitives

const Point = ed25519.Point;
const L = Point.Fn.ORDER;
const le = (bytes: Uint8Array): bigint => {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i] as number);
  return n;
};
type EdPoint = ReturnType<typeof Point.fromBytes>;
/** curve25519-dalek's `decompress` (any y < 2^255), or null. */
function decompress(bytes: Uint8Array): EdPoint | null {
  if (bytes.length !== 32) return null;
  try {
    return Point.fromBytes(bytes, true);
  } catch {
    return null;
  }
}
/** `public_key_validate_internal`: on the curve and not of small order. */
const validPoint = (bytes: Uint8Array): boolean => {
  const point = decompress(bytes);
  return point !== null && !point.isSmallOrder();
};
/** aptos-crypto's Ed25519 `verify_arbitrary_msg` (ed25519-dalek `verify_strict`). */
export function ed25519VerifyStrict(sig: Uint8Array, pk: Uint8Array, msg: Uint8Array): boolean {
  if (sig.length !== 64 || pk.length !== 32) return false;
  const rBytes = sig.subarray(0, 32);
  const s = le(sig.subarray(32));
  if (s >= L) return false;
  const a = decompress(pk);
  const r = decompress(rBytes);
  if (a === null || r === null || a.isSmallOrder() || r.isSmallOrder()) return false;
  const k =
    le(new Uint8Array(createHash('sha512').update(rBytes).update(pk).update(msg).digest())) % L;
  const expected = Point.BASE.multiplyUnsafe(s).subtract(a.multiplyUnsafe(k));
  return Buffer.from(expected.toBytes()).equals(Buffer.from(rBytes));
}

/** `type_info::type_of<T>()` (a non-struct T aborts as it does: 0x10001 from `0x1::type_info`). */
function typeInfoOf(ty: Ty): Value {
  if (ty.k !== K.STRUCT) throw new BytecodeAbort('0x1::type_info', 0x10001n, null);
  const name = tyString(ty).split('::').slice(2).join('::');
  return [ty.s.address, Array.from(Buffer.from(ty.s.module)), Array.from(Buffer.from(name))];
}
const TYPE_INFO = T.struct({ address: FRAMEWORK, module: 'type_info', name: 'TypeInfo' });

/** BCS of `ed25519::SignedMessage<T> { type_info: TypeInfo, inner: T }`, as the Move code. */
function signedMessage(host: NativeHost, ty: Ty, data: Value): Uint8Array {
  const layout = host.layout.bind(host);
  const head = serialize(TYPE_INFO, typeInfoOf(ty), layout);
  const body = serialize(ty, deref(data), layout);
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
}

const chargeVerify = (host: NativeHost, sigs: number, msgLength: number) =>
  host.charge(
    sigs *
      (CRYPTO_GAS.perSigStrictVerify +
        CRYPTO_GAS.perMsgHashingBase +
        CRYPTO_GAS.perMsgByteHashing * msgLength),
  );

/** `ed25519::signature_verify_strict_internal` with its gas. */
function ed25519Native(host: NativeHost, sig: Uint8Array, pk: Uint8Array, msg: Uint8Array) {
  host.charge(CRYPTO_GAS.base + CRYPTO_GAS.perPubkeyDeserialize);
  if (decompress(pk) === null) return false;
  host.charge(CRYPTO_GAS.perSigDeserialize);
  if (sig.length !== 64 || le(sig.subarray(32)) >= L) return false;
  chargeVerify(host, 1, msg.length);
  return ed25519VerifyStrict(sig, pk, msg);
}

// ---------------------------------------------------------------------------------------------
// 0x1::ed25519

const ED_REASONS: Record<string, Reason> = {
  '1': {
    name: 'E_WRONG_PUBKEY_SIZE',
    doc: 'Wrong number of bytes were given as input when deserializing an Ed25519 public key.',
  },
  '10001': {
    name: 'E_WRONG_PUBKEY_SIZE',
    doc: 'Wrong number of bytes were given as input when deserializing an Ed25519 public key.',
  },
  '10002': {
    name: 'E_WRONG_SIGNATURE_SIZE',
    doc: 'Wrong number of bytes were given as input when deserializing an Ed25519 signature.',
  },
};
const edAbort = aborter('ed25519', ED_REASONS);

/** `public_key_validate_internal`: a key not of 32 bytes aborts with the native's raw code 1. */
const edValidate = (host: NativeHost, bytes: Uint8Array): Value => {
  host.charge(CRYPTO_GAS.base + CRYPTO_GAS.perPubkeyDeserialize);
  if (bytes.length !== 32) edAbort(1n);
  host.charge(CRYPTO_GAS.perPubkeySmallOrderCheck);
  return validPoint(bytes) ? some(wrap(bytes)) : none();
};
export const copyBytes: NativeImpl = (_h, _t, [v]) => [wrap(inner(v))];
export const toBytes: NativeImpl = (_h, _t, [v]) => [Array.from(inner(v))];

export const ED25519: Array<[string, NativeImpl]> = [
  [
    'new_unvalidated_public_key_from_bytes',
    (_h, _t, [b]) => {
      const bytes = bytesOf(b);
      if (bytes.length !== 32) edAbort(0x10001n);
      return [wrap(bytes)];
    },
  ],
  ['new_validated_public_key_from_bytes', (host, _t, [b]) => [edValidate(host, bytesOf(b))]],
  [
    'new_signature_from_bytes',
    (_h, _t, [b]) => {
      const bytes = bytesOf(b);
      if (bytes.length !== 64) edAbort(0x10002n);
      return [wrap(bytes)];
    },
  ],
  ['public_key_to_unvalidated', copyBytes],
  ['public_key_into_unvalidated', copyBytes],
  ['unvalidated_public_key_to_bytes', toBytes],
  ['validated_public_key_to_bytes', toBytes],
  ['signature_to_bytes', toBytes],
  ['public_key_validate', (host, _t, [pk]) => [edValidate(host, inner(pk))]],
  [
    'signature_verify_strict',
    (host, _t, [sig, pk, msg]) => [ed25519Native(host, inner(sig), inner(pk), bytesOf(msg))],
  ],
  [
    'signature_verify_strict_t',
    (host, tys, [sig, pk, data]) => [
      ed25519Native(host, inner(sig), inner(pk), signedMessage(host, tys[0] as Ty, data as Value)),
    ],
  ],
  ['new_signed_message', (_h, tys, [data]) => [[typeInfoOf(tys[0] as Ty), data as Value]]],
  ['unvalidated_public_key_to_authentication_key', (_h, _t, [pk]) => [authKey(inner(pk), 0)]],
  ['validated_public_key_to_authentication_key', (_h, _t, [pk]) => [authKey(inner(pk), 0)]],
];

// ---------------------------------------------------------------------------------------------
// 0x1::multi_ed25519

const MAX_KEYS = 32;
const MULTI_REASONS: Record<string, Reason> = {
  '10001': {
    name: 'E_WRONG_PUBKEY_SIZE',
    doc: 'Wrong number of bytes were given as input when deserializing an Ed25519 public key.',
  },
  '10002': {
    name: 'E_WRONG_SIGNATURE_SIZE',
    doc: 'Wrong number of bytes were given as input when deserializing an Ed25519 signature.',
  },
};
const multiAbort = aborter('multi_ed25519', MULTI_REASONS);

/** `check_and_get_threshold`: the threshold when 1 ≤ n ≤ 32, len % 32 = 1, 1 ≤ t ≤ n. */
function threshold(bytes: Uint8Array): number | null {
  const len = bytes.length;
  if (len === 0) return null;
  const n = Math.floor(len / 32);
  const t = bytes[len - 1] as number;
  if (n === 0 || n > MAX_KEYS || len % 32 !== 1) return null;
  if (t === 0 || t > n) return null;
  return t;
}

/** `public_key_validate_internal` (v1): every whole 32-byte chunk valid, at most 32 of them. */
function multiValidateV1(host: NativeHost, bytes: Uint8Array): boolean {
  host.charge(CRYPTO_GAS.base);
  const n = Math.floor(bytes.length / 32);
  if (n > MAX_KEYS) return false;
  let valid = 0;
  for (let i = 0; i < n; i++) if (validPoint(bytes.subarray(32 * i, 32 * i + 32))) valid++;
  const checked = valid === n ? valid : valid + 1;
  host.charge(checked * (CRYPTO_GAS.perPubkeyDeserialize + CRYPTO_GAS.perPubkeySmallOrderCheck));
  return valid === n;
}
const multiValidate = (host: NativeHost, bytes: Uint8Array): Value =>
  bytes.length % 32 === 1 && multiValidateV1(host, bytes) ? some(wrap(bytes)) : none();
const multiValidateV2 = (host: NativeHost, bytes: Uint8Array): Value =>
  threshold(bytes) !== null && multiValidateV1(host, bytes) ? some(wrap(bytes)) : none();

const bit = (bitmap: Uint8Array, i: number): boolean =>
  (((bitmap[i >> 3] as number) >> (7 - (i & 7))) & 1) === 1;

/** aptos-crypto's MultiEd25519 `try_from`s and `verify_arbitrary_msg`, with the native's gas. */
export function multiEd25519VerifyStrict(
  host: NativeHost | null,
  sig: Uint8Array,
  pk: Uint8Array,
  msg: Uint8Array,
): boolean {
  host?.charge(CRYPTO_GAS.base + CRYPTO_GAS.perPubkeyDeserialize * Math.floor(pk.length / 32));
  const t = threshold(pk);
  if (t === null) return false;
  const n = Math.floor(pk.length / 32);
  const keys = Array.from({ length: n }, (_, i) => pk.subarray(32 * i, 32 * i + 32));
  if (keys.some((key) => decompress(key) === null)) return false;
  const numSigs = Math.floor(sig.length / 64);
  host?.charge(CRYPTO_GAS.perSigDeserialize * numSigs);
  if (sig.length % 64 !== 4 || numSigs === 0 || numSigs > MAX_KEYS) return false;
  const bitmap = sig.subarray(sig.length - 4);
  const set = Array.from({ length: 32 }, (_, i) => i).filter((i) => bit(bitmap, i));
  if (set.length !== numSigs) return false;
  const sigs = Array.from({ length: numSigs }, (_, i) => sig.subarray(64 * i, 64 * i + 64));
  if (sigs.some((one) => le(one.subarray(32)) >= L)) return false;
  if (host !== null) chargeVerify(host, numSigs, msg.length);
  if ((set[set.length - 1] as number) >= n || set.length < t) return false;
  return sigs.every((one, i) =>
    ed25519VerifyStrict(one, keys[set[i] as number] as Uint8Array, msg),
  );
}

export const MULTI_ED25519: Array<[string, NativeImpl]> = [
  [
    'new_unvalidated_public_key_from_bytes',
    (_h, _t, [b]) => {
      const bytes = bytesOf(b);
      if (Math.floor(bytes.length / 32) > MAX_KEYS) multiAbort(0x10001n);
      if (bytes.length % 32 !== 1) multiAbort(0x10001n);
      return [wrap(bytes)];
    },
  ],
  ['new_validated_public_key_from_bytes', (host, _t, [b]) => [multiValidate(host, bytesOf(b))]],
  [
    'new_validated_public_key_from_bytes_v2',
    (host, _t, [b]) => [multiValidateV2(host, bytesOf(b))],
  ],
  [
    'new_signature_from_bytes',
    (_h, _t, [b]) => {
      const bytes = bytesOf(b);
      if (bytes.length % 64 !== 4) multiAbort(0x10002n);
      return [wrap(bytes)];
    },
  ],
  ['public_key_to_unvalidated', copyBytes],
  ['public_key_into_unvalidated', copyBytes],
  ['unvalidated_public_key_to_bytes', toBytes],
  ['validated_public_key_to_bytes', toBytes],
  ['signature_to_bytes', toBytes],
  ['public_key_validate', (host, _t, [pk]) => [multiValidate(host, inner(pk))]],
  ['public_key_validate_v2', (host, _t, [pk]) => [multiValidateV2(host, inner(pk))]],
  [
    'signature_verify_strict',
    (host, _t, [sig, pk, msg]) => [
      multiEd25519VerifyStrict(host, inner(sig), inner(pk), bytesOf(msg)),
    ],
  ],
  [
    'signature_verify_strict_t',
    (host, tys, [sig, pk, data]) => [
      multiEd25519VerifyStrict(
        host,
        inner(sig),
        inner(pk),
        signedMessage(host, tys[0] as Ty, data as Value),
      ),
    ],
  ],
  ['unvalidated_public_key_to_authentication_key', (_h, _t, [pk]) => [authKey(inner(pk), 1)]],
  ['validated_public_key_to_authentication_key', (_h, _t, [pk]) => [authKey(inner(pk), 1)]],
  [
    'unvalidated_public_key_num_sub_pks',
    (_h, _t, [pk]) => [Math.floor(inner(pk).length / 32) & 0xff],
  ],
  [
    'validated_public_key_num_sub_pks',
    (_h, _t, [pk]) => [Math.floor(inner(pk).length / 32) & 0xff],
  ],
  [
    'unvalidated_public_key_threshold',
    (_h, _t, [pk]) => {
      const t = threshold(inner(pk));
      return [t === null ? none() : some(t)];
    },
  ],
  [
    'validated_public_key_threshold',
    (_h, _t, [pk]) => {
      const bytes = inner(pk);
      return [bytes[bytes.length - 1] as number];
    },
  ],
  [
    'check_and_get_threshold',
    (_h, _t, [b]) => {
      const t = threshold(bytesOf(b));
      return [t === null ? none() : some(t)];
    },
  ],
];
