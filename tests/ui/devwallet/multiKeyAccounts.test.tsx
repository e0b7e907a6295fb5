/**
 * Multi-Ed25519 and multi-key accounts (issue 16): the library's limits are checked before
 * anything is signed, each with its own message, and a valid account signs with the keys that
 * reach its threshold.
 */
import {
  AccountAuthenticatorMultiEd25519,
  AccountAuthenticatorMultiKey,
  Ed25519PrivateKey,
  Secp256k1PrivateKey,
} from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import {
  checkMultiKeyLimits,
  MultiKeyLimitError,
  multiEd25519Account,
  multiKeyAccount,
} from '../../../src/devwallet/multiKeyAccounts';
import type { AccountKey } from '../../../src/devwallet/multiKeyAccounts';

const ed = (count: number): AccountKey[] =>
  Array.from({ length: count }, () => ({ privateKey: Ed25519PrivateKey.generate() }));

const limitError = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MultiKeyLimitError);
    return (error as Error).message;
  }
  throw new Error('expected a MultiKeyLimitError');
};

describe('the library’s limits, checked before signing', () => {
  it('threshold above the key count', () => {
    expect(limitError(() => multiEd25519Account({ keys: ed(3), threshold: 4 }))).toBe(
      'The threshold (4) is above the number of keys (3); lower it to at most 3.',
    );
    expect(limitError(() => multiKeyAccount({ keys: ed(2), threshold: 3 }))).toBe(
      'The threshold (3) is above the number of keys (2); lower it to at most 2.',
    );
  });

  it('more than 32 keys', () => {
    expect(limitError(() => multiEd25519Account({ keys: ed(33), threshold: 2 }))).toBe(
      'A multi-Ed25519 account holds at most 32 keys; it has 33. Remove 1.',
    );
    expect(limitError(() => multiKeyAccount({ keys: ed(33), threshold: 2 }))).toBe(
      'A multi-key account holds at most 32 keys; it has 33. Remove 1.',
    );
    // 32 is allowed.
    expect(() =>
      checkMultiKeyLimits({ kind: 'multiKey', keys: ed(32), threshold: 32 }),
    ).not.toThrow();
  });

  it('fewer than 2 keys', () => {
    expect(limitError(() => multiEd25519Account({ keys: ed(1), threshold: 1 }))).toBe(
      'A multi-Ed25519 account needs at least 2 keys; it has 1. Add a key, or use a single-key account.',
    );
    expect(limitError(() => multiKeyAccount({ keys: [], threshold: 1 }))).toContain(
      'needs at least 2 keys; it has 0',
    );
  });

  it('duplicate keys', () => {
    const [first, second] = ed(2);
    if (first === undefined || second === undefined) throw new Error('two keys');
    const message = limitError(() =>
      multiEd25519Account({ keys: [first, second, first], threshold: 2 }),
    );
    expect(message).toMatch(
      /^Keys 1 and 3 are the same key \(0x[0-9a-f]{64}\); every key of a multi-Ed25519 account must be different\.$/,
    );
  });

  it('a threshold below 1, and too few private keys to reach the threshold', () => {
    expect(limitError(() => multiEd25519Account({ keys: ed(2), threshold: 0 }))).toBe(
      'The threshold must be a whole number of at least 1; got 0.',
    );
    const keys: AccountKey[] = [
      ...ed(1),
      { publicKey: Ed25519PrivateKey.generate().publicKey() },
      { publicKey: Ed25519PrivateKey.generate().publicKey() },
    ];
    expect(limitError(() => multiEd25519Account({ keys, threshold: 2 }))).toBe(
      'Signing needs 2 keys to reach the threshold; this wallet holds 1. Import 1 more private key.',
    );
  });
});

describe('accounts that reach their threshold', () => {
  const message = new Uint8Array([1, 2, 3]);

  it('a 2-of-3 multi-Ed25519 account signs with two keys', () => {
    const account = multiEd25519Account({ keys: ed(3), threshold: 2 });
    const signature = account.sign(message);
    expect(signature.signatures).toHaveLength(2);
    expect(account.publicKey.verifySignature({ message, signature })).toBe(true);
    const authenticator = account.signWithAuthenticator(message);
    expect(authenticator).toBeInstanceOf(AccountAuthenticatorMultiEd25519);
  });

  it('a 2-of-3 multi-key account mixes Ed25519 and Secp256k1 keys', () => {
    const account = multiKeyAccount({
      keys: [
        { privateKey: Secp256k1PrivateKey.generate() },
        { publicKey: Ed25519PrivateKey.generate().publicKey() },
        { privateKey: Ed25519PrivateKey.generate() },
      ],
      threshold: 2,
    });
    const authenticator = account.signWithAuthenticator(message);
    expect(authenticator).toBeInstanceOf(AccountAuthenticatorMultiKey);
    expect(account.publicKey.verifySignature({ message, signature: account.sign(message) })).toBe(
      true,
    );
  });
});
