/**
 * aptos_std's `secp256k1` and `bls12381` modules, natively (see `crypto.ts` for the shared
 * wrappers and the Ed25519 modules): the framework's layouts, the natives' checks and abort codes,
 * the curve arithmetic from `@noble/curves`.
 */
import { createRequire } from 'node:module';
import type { bls12_381 as Bls12381 } from '@noble/curves/bls12-381';
import { secp256k1 } from '@noble/curves/secp256k1';
import type { NativeHost, NativeImpl } from '../loader.ts';
import type { Value } from '../values.ts';
import type { Reason } from './crypto.ts';
import {
  aborter,
  bytesOf,
  copyBytes,
  CRYPTO_GAS,
  deref,
  inner,
  none,
  some,
  toBytes,
  wrap,
} from './crypto.ts';

// ---------------------------------------------------------------------------------------------
// 0x1::secp256k1

const SECP_REASONS: Record<string, Reason> = {
  '10001': {
    name: 'E_DESERIALIZE',
    doc: 'An error occurred while deserializing, for example due to wrong input size.',
  },
};
const secpAbort = aborter('secp256k1', SECP_REASONS);
const N = secp256k1.Point.Fn.ORDER;
const be = (bytes: Uint8Array): bigint => BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);

/** `ecdsa_recover_internal`: the 64-byte raw key, null when recovery fails; aborts as the native. */
export function secp256k1Recover(
  host: NativeHost | null,
  msg: Uint8Array,
  recoveryId: number,
  sig: Uint8Array,
): Uint8Array | null {
  host?.charge(CRYPTO_GAS.secp256k1Base);
  if (msg.length !== 32 || recoveryId >= 4 || sig.length !== 64) secpAbort(0x10001n);
  const r = be(sig.subarray(0, 32));
  const s = be(sig.subarray(32));
  if (r >= N || s >= N) secpAbort(0x10001n);
  host?.charge(CRYPTO_GAS.secp256k1EcdsaRecover);
  if (r === 0n || s === 0n) return null;
  try {
    const point = new secp256k1.Signature(r, s, recoveryId).recoverPublicKey(msg);
    return point.toBytes(false).subarray(1);
  } catch {
    return null;
  }
}

const exactly64: NativeImpl = (_h, _t, [b]) => {
  const bytes = bytesOf(b);
  if (bytes.length !== 64) secpAbort(0x10001n);
  return [wrap(bytes)];
};

export const SECP256K1: Array<[string, NativeImpl]> = [
  ['ecdsa_signature_from_bytes', exactly64],
  ['ecdsa_raw_public_key_from_64_bytes', exactly64],
  ['ecdsa_raw_public_key_to_bytes', toBytes],
  ['ecdsa_signature_to_bytes', toBytes],
  [
    'ecdsa_recover',
    (host, _t, [msg, rid, sig]) => {
      const key = secp256k1Recover(host, bytesOf(msg), Number(deref(rid as Value)), inner(sig));
      return [key === null ? none() : some(wrap(key))];
    },
  ],
];

// ---------------------------------------------------------------------------------------------
// 0x1::bls12381 (min-pk: keys in G1, 48 bytes; signatures in G2, 96 bytes)

/** aptos-crypto's DSTs: every signature (normal, share, multi, aggregate) uses the PoP scheme's. */
const DST_SIG = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const DST_POP = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
/**
 * aptos-gas-schedule `bls12381.*`: the verification figures are the schedule's; the
 * deserialization, aggregation and key subgroup-check figures are approximations of it.
 */
const BLS_GAS = {
  base: 551,
  perPubkeyDeserialize: 400684,
  perPubkeyAggregate: 15439,
  perPubkeySubgroupCheck: 1360120,
  perSigDeserialize: 816072,
  perSigAggregate: 42825,
  perSigSubgroupCheck: 1692798,
  perSigVerify: 31190860,
  perPopVerify: 37862800,
  perPairing: 14751788,
  perMsgHashing: 5661040,
  perByteHashing: 183,
} as const;

let loaded: typeof Bls12381 | undefined;
/**
 * noble's BLS12-381 builds its field tower when its module loads (about 50 ms on this 2-core
 * machine, an eighth of the chain's cold start), and only these natives use it, so it is loaded
 * at the first BLS native call: through `require`, which is synchronous (noble ships CommonJS
 * beside ESM; the chain's bundle resolves it from node_modules as the sources do).
 */
function curve(): typeof Bls12381 {
  loaded ??= (
    createRequire(import.meta.url)('@noble/curves/bls12-381') as { bls12_381: typeof Bls12381 }
  ).bls12_381;
  return loaded;
}
type G1 = ReturnType<typeof Bls12381.G1.Point.fromBytes>;
type G2 = ReturnType<typeof Bls12381.longSignatures.Signature.fromBytes>;

/** `PublicKey::try_from` (noble also checks the subgroup here: stricter for invalid points). */
function g1(host: NativeHost, bytes: Uint8Array): G1 | null {
  host.charge(BLS_GAS.perPubkeyDeserialize);
  if (bytes.length !== 48) return null;
  try {
    return curve().G1.Point.fromBytes(bytes);
  } catch {
    return null;
  }
}
function g2(host: NativeHost, bytes: Uint8Array): G2 | null {
  host.charge(BLS_GAS.perSigDeserialize);
  if (bytes.length !== 96) return null;
  try {
    return curve().longSignatures.Signature.fromBytes(bytes);
  } catch {
    return null;
  }
}
/** `validate_pubkey_internal`: a point of the prime-order subgroup, not the identity. */
function blsValidate(host: NativeHost, bytes: Uint8Array): boolean {
  host.charge(BLS_GAS.base);
  const pk = g1(host, bytes);
  if (pk === null) return false;
  host.charge(BLS_GAS.perPubkeySubgroupCheck);
  return !pk.equals(curve().G1.Point.ZERO);
}
function blsSubgroup(host: NativeHost, bytes: Uint8Array): boolean {
  host.charge(BLS_GAS.base);
  const sig = g2(host, bytes);
  if (sig === null) return false;
  host.charge(BLS_GAS.perSigSubgroupCheck);
  return !sig.equals(curve().G2.Point.ZERO);
}
/** `bls12381_verify_signature_helper`. */
function blsVerify(
  host: NativeHost,
  sigBytes: Uint8Array,
  pkBytes: Uint8Array,
  msg: Uint8Array,
  checkPkSubgroup: boolean,
): boolean {
  host.charge(BLS_GAS.base);
  const pk = g1(host, pkBytes);
  if (pk === null) return false;
  if (checkPkSubgroup) {
    host.charge(BLS_GAS.perPubkeySubgroupCheck);
    if (pk.equals(curve().G1.Point.ZERO)) return false;
  }
  const sig = g2(host, sigBytes);
  if (sig === null) return false;
  host.charge(BLS_GAS.perSigVerify + BLS_GAS.perMsgHashing + BLS_GAS.perByteHashing * msg.length);
  try {
    return curve().longSignatures.verify(sig, curve().longSignatures.hash(msg, DST_SIG), pk);
  } catch {
    return false;
  }
}
const structBytes = (v: Value | undefined): Uint8Array[] =>
  (deref(v as Value) as Value[]).map((item) => inner(item));

const BLS_REASONS: Record<string, Reason> = {
  '10001': {
    name: 'EZERO_PUBKEYS',
    doc: 'The caller was supposed to input one or more public keys.',
  },
  '10002': { name: 'EWRONG_SIZE', doc: 'One of the given inputs has the wrong size.s' },
};
const blsAbort = aborter('bls12381', BLS_REASONS);

export const BLS12381: Array<[string, NativeImpl]> = [
  [
    'public_key_from_bytes',
    (host, _t, [b]) => [blsValidate(host, bytesOf(b)) ? some(wrap(bytesOf(b))) : none()],
  ],
  ['public_key_to_bytes', toBytes],
  ['proof_of_possession_from_bytes', (_h, _t, [b]) => [wrap(bytesOf(b))]],
  ['proof_of_possession_to_bytes', toBytes],
  [
    'public_key_from_bytes_with_pop',
    (host, _t, [b, pop]) => {
      const bytes = bytesOf(b);
      host.charge(BLS_GAS.base);
      const pk = g1(host, bytes);
      const proof = pk === null ? null : g2(host, inner(pop));
      if (pk === null || proof === null) return [none()];
      host.charge(BLS_GAS.perPopVerify);
      let valid = false;
      try {
        // aptos-crypto validates the key (not the identity) and signs its compressed bytes.
        valid =
          !pk.equals(curve().G1.Point.ZERO) &&
          curve().longSignatures.verify(
            proof,
            curve().longSignatures.hash(pk.toBytes(true), DST_POP),
            pk,
          );
      } catch {
        valid = false;
      }
      return [valid ? some(wrap(bytes)) : none()];
    },
  ],
  ['public_key_with_pop_to_normal', copyBytes],
  ['public_key_with_pop_to_bytes', toBytes],
  ['signature_from_bytes', (_h, _t, [b]) => [wrap(bytesOf(b))]],
  ['signature_to_bytes', toBytes],
  ['signature_subgroup_check', (host, _t, [sig]) => [blsSubgroup(host, inner(sig))]],
  [
    'aggregate_pubkeys',
    (host, _t, [pks]) => {
      host.charge(BLS_GAS.base);
      const all = structBytes(pks);
      const points: G1[] = [];
      for (const bytes of all) {
        const point = g1(host, bytes);
        if (point === null) break;
        points.push(point);
      }
      if (all.length === 0 || points.length !== all.length) blsAbort(0x10001n);
      host.charge(BLS_GAS.perPubkeyAggregate * points.length);
      const sum = points.reduce((acc, point) => acc.add(point));
      return [wrap(sum.toBytes(true))];
    },
  ],
  ['aggregate_pubkey_to_bytes', toBytes],
  [
    'aggregate_signatures',
    (host, _t, [sigs]) => {
      host.charge(BLS_GAS.base);
      const all = structBytes(sigs);
      const points: G2[] = [];
      for (const bytes of all) {
        const point = g2(host, bytes);
        if (point === null) break;
        points.push(point);
      }
      if (all.length === 0 || points.length !== all.length) return [none()];
      host.charge(BLS_GAS.perSigAggregate * points.length);
      const sum = points.reduce((acc, point) => acc.add(point));
      return [some(wrap(sum.toBytes(true)))];
    },
  ],
  ['aggr_or_multi_signature_to_bytes', toBytes],
  [
    'aggr_or_multi_signature_from_bytes',
    (_h, _t, [b]) => {
      const bytes = bytesOf(b);
      if (bytes.length !== 96) blsAbort(0x10002n);
      return [wrap(bytes)];
    },
  ],
  ['aggr_or_multi_signature_subgroup_check', (host, _t, [sig]) => [blsSubgroup(host, inner(sig))]],
  [
    'verify_aggregate_signature',
    (host, _t, [sig, pks, msgs]) => {
      host.charge(BLS_GAS.base);
      const keys = structBytes(pks);
      const messages = (deref(msgs as Value) as Value[]).map((m) => bytesOf(m));
      if (keys.length !== messages.length) return [false];
      const points: G1[] = [];
      for (const bytes of keys) {
        const point = g1(host, bytes);
        if (point === null) return [false];
        points.push(point);
      }
      const aggsig = g2(host, inner(sig));
      if (aggsig === null || messages.length === 0) return [false];
      host.charge(
        BLS_GAS.perPairing * (messages.length + 1) +
          BLS_GAS.perMsgHashing * messages.length +
          BLS_GAS.perByteHashing * messages.reduce((n, m) => n + m.length, 0),
      );
      try {
        const hashed = messages.map((m) => curve().longSignatures.hash(m, DST_SIG));
        return [curve().longSignatures.verifyBatch(aggsig, hashed, points)];
      } catch {
        return [false];
      }
    },
  ],
  [
    'verify_multisignature',
    (host, _t, [sig, pk, msg]) => [blsVerify(host, inner(sig), inner(pk), bytesOf(msg), false)],
  ],
  [
    'verify_normal_signature',
    (host, _t, [sig, pk, msg]) => [blsVerify(host, inner(sig), inner(pk), bytesOf(msg), true)],
  ],
  [
    'verify_signature_share',
    (host, _t, [sig, pk, msg]) => [blsVerify(host, inner(sig), inner(pk), bytesOf(msg), false)],
  ],
];
