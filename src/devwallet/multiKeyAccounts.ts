import {
  Account,
  Ed25519PrivateKey,
  Ed25519PublicKey,
  MultiEd25519Account,
  MultiEd25519PublicKey,
  MultiKey,
  MultiKeyAccount,
  Secp256k1PrivateKey,
} from '@aptos-labs/ts-sdk';
import type { PrivateKey, PublicKey } from '@aptos-labs/ts-sdk';

/** The library's limits for accounts with several keys (MultiEd25519 and MultiKey). */
export const MULTI_KEY_LIMITS = { minKeys: 2, maxKeys: 32, maxSignatures: 32 } as const;

/** A key of a multi-key account: its private key when this wallet holds it, else its public key. */
export type AccountKey = { privateKey: PrivateKey } | { publicKey: PublicKey };

/** Why a key set and threshold cannot make an account; each message says what to change. */
export class MultiKeyLimitError extends Error {
  override readonly name = 'MultiKeyLimitError';
}

function publicKeyOf(key: AccountKey): PublicKey {
  return 'privateKey' in key ? key.privateKey.publicKey() : key.publicKey;
}

/**
 * Checks a key set and threshold against the library's limits before anything is built or
 * signed: 2 to 32 keys, no key twice, a threshold from 1 to the key count, and enough private
 * keys here to reach the threshold.
 *
 * @throws MultiKeyLimitError naming the limit and what to change.
 */
export function checkMultiKeyLimits(args: {
  kind: 'multiEd25519' | 'multiKey';
  keys: readonly AccountKey[];
  threshold: number;
}): void {
  const { kind, keys, threshold } = args;
  const label = kind === 'multiEd25519' ? 'A multi-Ed25519 account' : 'A multi-key account';
  if (keys.length < MULTI_KEY_LIMITS.minKeys) {
    throw new MultiKeyLimitError(
      `${label} needs at least ${MULTI_KEY_LIMITS.minKeys} keys; it has ${keys.length}. Add a key, or use a single-key account.`,
    );
  }
  if (keys.length > MULTI_KEY_LIMITS.maxKeys) {
    throw new MultiKeyLimitError(
      `${label} holds at most ${MULTI_KEY_LIMITS.maxKeys} keys; it has ${keys.length}. Remove ${keys.length - MULTI_KEY_LIMITS.maxKeys}.`,
    );
  }
  const seen = new Map<string, number>();
  keys.forEach((key, index) => {
    const hex = publicKeyOf(key).toString();
    const first = seen.get(hex);
    if (first !== undefined) {
      throw new MultiKeyLimitError(
        `Keys ${first + 1} and ${index + 1} are the same key (${hex}); every key of ${label.charAt(0).toLowerCase()}${label.slice(1)} must be different.`,
      );
    }
    seen.set(hex, index);
  });
  if (!Number.isInteger(threshold) || threshold < 1) {
    throw new MultiKeyLimitError(
      `The threshold must be a whole number of at least 1; got ${threshold}.`,
    );
  }
  if (threshold > keys.length) {
    throw new MultiKeyLimitError(
      `The threshold (${threshold}) is above the number of keys (${keys.length}); lower it to at most ${keys.length}.`,
    );
  }
  if (kind === 'multiKey' && threshold > MULTI_KEY_LIMITS.maxSignatures) {
    throw new MultiKeyLimitError(
      `A multi-key account signs with at most ${MULTI_KEY_LIMITS.maxSignatures} signatures; the threshold is ${threshold}.`,
    );
  }
  const held = keys.filter((key) => 'privateKey' in key).length;
  if (held < threshold) {
    throw new MultiKeyLimitError(
      `Signing needs ${threshold} keys to reach the threshold; this wallet holds ${held}. Import ${threshold - held} more private key${threshold - held === 1 ? '' : 's'}.`,
    );
  }
}

/**
 * A multi-Ed25519 account (the SDK's `MultiEd25519Account`) that signs with the first
 * `threshold` private keys it holds, after {@link checkMultiKeyLimits}.
 */
export function multiEd25519Account(args: {
  keys: readonly AccountKey[];
  threshold: number;
}): MultiEd25519Account {
  checkMultiKeyLimits({ kind: 'multiEd25519', ...args });
  const publicKeys = args.keys.map(publicKeyOf);
  const ed25519Keys = publicKeys.filter((key) => key instanceof Ed25519PublicKey);
  const signers = args.keys
    .flatMap((key) => ('privateKey' in key ? [key.privateKey] : []))
    .slice(0, args.threshold);
  const ed25519Signers = signers.filter((key) => key instanceof Ed25519PrivateKey);
  if (ed25519Keys.length !== publicKeys.length || ed25519Signers.length !== signers.length) {
    throw new MultiKeyLimitError('Every key of a multi-Ed25519 account must be an Ed25519 key.');
  }
  return new MultiEd25519Account({
    publicKey: new MultiEd25519PublicKey({ publicKeys: ed25519Keys, threshold: args.threshold }),
    signers: ed25519Signers,
  });
}

/**
 * A multi-key account (the SDK's `MultiKeyAccount`, Ed25519 and Secp256k1 keys mixed) that signs
 * with the first `threshold` private keys it holds, after {@link checkMultiKeyLimits}.
 */
export function multiKeyAccount(args: {
  keys: readonly AccountKey[];
  threshold: number;
}): MultiKeyAccount {
  checkMultiKeyLimits({ kind: 'multiKey', ...args });
  const signerAccounts = args.keys
    .flatMap((key) => ('privateKey' in key ? [key.privateKey] : []))
    .slice(0, args.threshold)
    .map((privateKey) => {
      if (!(privateKey instanceof Ed25519PrivateKey || privateKey instanceof Secp256k1PrivateKey)) {
        throw new MultiKeyLimitError('A multi-key account here takes Ed25519 and Secp256k1 keys.');
      }
      return Account.fromPrivateKey({ privateKey, legacy: false });
    });
  const multiKey = new MultiKey({
    publicKeys: args.keys.map(publicKeyOf),
    signaturesRequired: args.threshold,
  });
  return new MultiKeyAccount({ multiKey, signers: signerAccounts });
}
