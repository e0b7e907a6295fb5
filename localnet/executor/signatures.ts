import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { AccountAuthenticator, AnyPublicKey, Ed25519PublicKey } from '@aptos-labs/ts-sdk';
import {
  AccountAuthenticatorAbstraction,
  AccountAuthenticatorEd25519,
  AccountAuthenticatorMultiEd25519,
  AccountAuthenticatorMultiKey,
  AccountAuthenticatorSingleKey,
  AnyPublicKeyVariant,
  Ed25519Signature,
  WebAuthnSignature,
  type AnySignature,
} from '@aptos-labs/ts-sdk';
import type { LongAddress } from '../encoding.ts';
import { memoize, sha3, sha3Hex, toHex, must } from '../encoding.ts';
import {
  abstractionAuthKey,
  abstractionDigestVerifies,
  abstractionProof,
} from './abstractionProof.ts';

const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
/**
 * Public keys parsed for OpenSSL, by hex. A client can sign with a new key every request; each
 * parsed key is about 1.5 KB, so at most `ED25519_KEY_CACHE_LIMIT` (about 6 MB) are kept.
 */
export const ED25519_KEY_CACHE_LIMIT = 4_096;
export const ed25519Key = memoize(ED25519_KEY_CACHE_LIMIT, (hex: string): KeyObject =>
  createPublicKey({
    key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  }),
);

/** Ed25519 through OpenSSL (`node:crypto`): about 30× faster here than the SDK's pure-JS verify. */
export function verifyEd25519(
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  try {
    return verify(null, message, ed25519Key(Buffer.from(publicKey).toString('hex')), signature);
  } catch {
    return false;
  }
}

/** The signer indices a multi-signature bitmap sets, in order (bit 0 is the high bit of byte 0). */
export function bitmapIndices(bitmap: Uint8Array): number[] {
  const indices: number[] = [];
  for (let byte = 0; byte < bitmap.length; byte += 1) {
    for (let bit = 0; bit < 8; bit += 1) {
      if ((must(bitmap[byte]) & (0x80 >> bit)) !== 0) indices.push(byte * 8 + bit);
    }
  }
  return indices;
}

const SPKI_P256_PREFIX = Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex');
/** Half the order of P-256: a signature's `s` above it is the malleable twin, which Aptos refuses. */
const P256_HALF_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n >> 1n;

/**
 * A WebAuthn (passkey) signature, as a node checks it (`aptos-crypto` webauthn): the client data
 * JSON's `challenge` is the base64url SHA3-256 of the signing message, and the P-256 signature
 * (64 bytes r ‖ s, low s) verifies over `authenticator_data ‖ sha256(client_data_json)` with
 * SHA-256, through OpenSSL (`node:crypto`).
 */
export function verifyWebAuthn(
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: WebAuthnSignature,
): boolean {
  const clientDataJson = signature.clientDataJSON.toUint8Array();
  let clientData: unknown;
  try {
    clientData = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(clientDataJson));
  } catch {
    return false;
  }
  const challenge =
    typeof clientData === 'object' && clientData !== null && 'challenge' in clientData
      ? clientData.challenge
      : undefined;
  if (challenge !== Buffer.from(sha3(message)).toString('base64url')) return false;
  const raw = signature.signature.toUint8Array();
  if (publicKey.length !== 65 || raw.length !== 64) return false;
  if (BigInt(toHex(raw.subarray(32))) > P256_HALF_ORDER) return false;
  const clientDataHash = createHash('sha256').update(clientDataJson).digest();
  try {
    const key = createPublicKey({
      key: Buffer.concat([SPKI_P256_PREFIX, publicKey]),
      format: 'der',
      type: 'spki',
    });
    return verify(
      'sha256',
      Buffer.concat([signature.authenticatorData.toUint8Array(), clientDataHash]),
      { key, dsaEncoding: 'ieee-p1363' },
      raw,
    );
  } catch {
    return false;
  }
}

function verifyAny(publicKey: AnyPublicKey, message: Uint8Array, signature: AnySignature): boolean {
  if (signature.signature instanceof WebAuthnSignature) {
    return (
      publicKey.variant === AnyPublicKeyVariant.Secp256r1 &&
      verifyWebAuthn(publicKey.publicKey.toUint8Array(), message, signature.signature)
    );
  }
  if (publicKey.variant === AnyPublicKeyVariant.Ed25519) {
    const inner = signature.signature;
    if (!(inner instanceof Ed25519Signature)) return false;
    return verifyEd25519(
      (publicKey.publicKey as Ed25519PublicKey).toUint8Array(),
      message,
      inner.toUint8Array(),
    );
  }
  // Secp256k1 and others: the SDK's verify (rare on a local chain, so speed does not matter).
  try {
    return publicKey.verifySignature({ message, signature });
  } catch {
    return false;
  }
}

/** A k-of-n signature: one signature per bitmap bit, at least `required`, each verifying. */
function verifyBitmap<S>(
  bitmap: Uint8Array,
  signatures: S[],
  required: number,
  verifyAt: (index: number, signature: S) => boolean,
): boolean {
  const indices = bitmapIndices(bitmap);
  if (indices.length !== signatures.length || indices.length < required) return false;
  return indices.every((index, i) => verifyAt(index, must(signatures[i])));
}

function verifyOne(authenticator: AccountAuthenticator, message: Uint8Array): boolean {
  if (authenticator instanceof AccountAuthenticatorEd25519) {
    return verifyEd25519(
      authenticator.public_key.toUint8Array(),
      message,
      authenticator.signature.toUint8Array(),
    );
  }
  if (authenticator instanceof AccountAuthenticatorMultiEd25519) {
    const { publicKeys, threshold } = authenticator.public_key;
    const { signatures, bitmap } = authenticator.signature;
    return verifyBitmap(bitmap, signatures, threshold, (index, signature) => {
      const key = publicKeys[index];
      return (
        key !== undefined && verifyEd25519(key.toUint8Array(), message, signature.toUint8Array())
      );
    });
  }
  if (authenticator instanceof AccountAuthenticatorSingleKey) {
    return verifyAny(authenticator.public_key, message, authenticator.signature);
  }
  if (authenticator instanceof AccountAuthenticatorMultiKey) {
    const { publicKeys, signaturesRequired } = authenticator.public_keys;
    const { signatures, bitmap } = authenticator.signatures;
    return verifyBitmap(bitmap, signatures, signaturesRequired, (index, signature) => {
      const key = publicKeys[index];
      return key !== undefined && verifyAny(key, message, signature);
    });
  }
  if (authenticator instanceof AccountAuthenticatorAbstraction) {
    // Account abstraction: the digest only; the registered function authenticates (abstraction.ts).
    return abstractionDigestVerifies(authenticator, message);
  }
  return false;
}

/** True when the authenticator's signature verifies against one of the messages it may have signed. */
export function verifyAuthenticator(
  authenticator: AccountAuthenticator,
  messages: Uint8Array[],
): boolean {
  return messages.some((message) => verifyOne(authenticator, message));
}

/**
 * The most signatures a transaction may carry across its sender and secondary signers (a real
 * node's `MAX_NUM_OF_SIGS`; the fee payer's do not count). More fail as INVALID_SIGNATURE.
 */
export const MAX_NUM_OF_SIGS = 32;

/** Signatures inside one account authenticator: k of a k-of-n account, else 1 (0 for none). */
export function numberOfSignatures(authenticator: AccountAuthenticator): number {
  if (authenticator instanceof AccountAuthenticatorMultiEd25519) {
    return authenticator.signature.signatures.length;
  }
  if (authenticator instanceof AccountAuthenticatorMultiKey) {
    return authenticator.signatures.signatures.length;
  }
  return isNoAccountAuthenticator(authenticator) ? 0 : 1;
}

/** True for `NoAccountAuthenticator` (simulation without a public key). */
export function isNoAccountAuthenticator(authenticator: AccountAuthenticator): boolean {
  return !(
    authenticator instanceof AccountAuthenticatorEd25519 ||
    authenticator instanceof AccountAuthenticatorMultiEd25519 ||
    authenticator instanceof AccountAuthenticatorSingleKey ||
    authenticator instanceof AccountAuthenticatorMultiKey ||
    authenticator instanceof AccountAuthenticatorAbstraction
  );
}

const SCHEME = { ed25519: 0, multiEd25519: 1, singleKey: 2, multiKey: 3 } as const;

/**
 * The authentication key the authenticator's public key derives:
 * `sha3_256(public key bytes ‖ scheme)`; `null` for `NoAccountAuthenticator`.
 */
export function authenticationKeyOf(authenticator: AccountAuthenticator): LongAddress | null {
  let keyBytes: Uint8Array;
  let scheme: number;
  if (authenticator instanceof AccountAuthenticatorEd25519) {
    keyBytes = authenticator.public_key.toUint8Array();
    scheme = SCHEME.ed25519;
  } else if (authenticator instanceof AccountAuthenticatorMultiEd25519) {
    keyBytes = authenticator.public_key.toUint8Array();
    scheme = SCHEME.multiEd25519;
  } else if (authenticator instanceof AccountAuthenticatorSingleKey) {
    keyBytes = authenticator.public_key.bcsToBytes();
    scheme = SCHEME.singleKey;
  } else if (authenticator instanceof AccountAuthenticatorMultiKey) {
    keyBytes = authenticator.public_keys.bcsToBytes();
    scheme = SCHEME.multiKey;
  } else if (authenticator instanceof AccountAuthenticatorAbstraction) {
    // `V1` stands for no key (the prologue allows a missing one); `DerivableV1` for its address.
    const proof = abstractionProof(authenticator);
    return proof === null || proof === 'malformed' ? null : abstractionAuthKey(proof);
  } else {
    return null;
  }
  return sha3Hex(keyBytes, new Uint8Array([scheme])) as LongAddress;
}

/** The raw key and signature of a lone Ed25519 signer (plain or SingleKey); `null` otherwise. */
export function ed25519KeyAndSignature(
  authenticator: AccountAuthenticator,
): { publicKey: Uint8Array; signature: Uint8Array } | null {
  if (authenticator instanceof AccountAuthenticatorEd25519) {
    return {
      publicKey: authenticator.public_key.toUint8Array(),
      signature: authenticator.signature.toUint8Array(),
    };
  }
  if (
    authenticator instanceof AccountAuthenticatorSingleKey &&
    authenticator.public_key.variant === AnyPublicKeyVariant.Ed25519 &&
    authenticator.signature.signature instanceof Ed25519Signature
  ) {
    return {
      publicKey: authenticator.public_key.publicKey.toUint8Array(),
      signature: authenticator.signature.signature.toUint8Array(),
    };
  }
  return null;
}
