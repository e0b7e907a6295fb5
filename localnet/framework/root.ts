import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { LongAddress } from '../encoding.ts';
import { concatBytes, sha3, toHex } from '../encoding.ts';

/**
 * The root (faucet) account's Ed25519 private key. DEV ONLY, published on purpose like anvil's
 * well-known keys: anyone can sign for this account. Never use it on a real network.
 */
export const ROOT_PRIVATE_KEY =
  '0x5f0c9b1a0de1a6f6d4ad55c6e8b0b0a6e9d1c1b2f7c4a3e8d5b6a7c8d9e0f1a2' as const;

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

function publicKeyOf(privateKeyHex: string): Uint8Array {
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, Buffer.from(privateKeyHex.slice(2), 'hex')]),
    format: 'der',
    type: 'pkcs8',
  });
  const spki = createPublicKey(key).export({ format: 'der', type: 'spki' });
  return new Uint8Array(spki.subarray(spki.length - 32));
}

export const ROOT_PUBLIC_KEY = publicKeyOf(ROOT_PRIVATE_KEY);

/** The root account's address: the Ed25519 authentication key of its public key. */
export const ROOT_ADDRESS = toHex(
  sha3(concatBytes([ROOT_PUBLIC_KEY, new Uint8Array([0])])),
) as LongAddress;
