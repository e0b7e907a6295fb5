/**
 * Signature checks in process (localnet/executor/signatures.ts): Ed25519 through node:crypto,
 * multi-signature bitmaps, every account authenticator scheme (Ed25519, MultiEd25519, SingleKey
 * Ed25519 and Secp256k1, MultiKey), forged and short signatures, and the authentication keys they
 * derive, compared with the SDK's own derivation.
 */
import type { AnyPublicKey, AnySignature, Ed25519Signature } from '@aptos-labs/ts-sdk';
import {
  Account,
  AccountAuthenticatorEd25519,
  AccountAuthenticatorMultiEd25519,
  AccountAuthenticatorMultiKey,
  AccountAuthenticatorNoAccountAuthenticator,
  AccountAuthenticatorSingleKey,
  Ed25519PrivateKey,
  MultiEd25519PublicKey,
  MultiEd25519Signature,
  MultiKey,
  MultiKeySignature,
  SigningSchemeInput,
} from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { must } from '../../localnet/encoding.ts';
import {
  authenticationKeyOf,
  bitmapIndices,
  ed25519KeyAndSignature,
  isNoAccountAuthenticator,
  verifyAuthenticator,
  verifyEd25519,
} from '../../localnet/executor/signatures.ts';

const MESSAGE = new TextEncoder().encode('a message to sign');
const OTHER = new TextEncoder().encode('another message');

const keys = () => [0, 1, 2].map(() => Ed25519PrivateKey.generate());

function multiEd25519(
  privateKeys: Ed25519PrivateKey[],
  threshold: number,
  signWith: number[],
  message = MESSAGE,
) {
  const publicKey = new MultiEd25519PublicKey({
    publicKeys: privateKeys.map((key) => key.publicKey()),
    threshold,
  });
  const signature = new MultiEd25519Signature({
    signatures: signWith.map((i) => must(privateKeys[i]).sign(message)),
    bitmap: MultiEd25519Signature.createBitmap({ bits: signWith }),
  });
  return new AccountAuthenticatorMultiEd25519(publicKey, signature);
}

function multiKey(members: Account[], required: number, signWith: number[], message = MESSAGE) {
  const key = new MultiKey({
    publicKeys: members.map((m) => m.publicKey),
    signaturesRequired: required,
  });
  const signatures = new MultiKeySignature({
    signatures: signWith.map((i) => must(members[i]).sign(message) as AnySignature),
    bitmap: MultiKeySignature.createBitmap({ bits: signWith }),
  });
  return new AccountAuthenticatorMultiKey(key, signatures);
}

describe('verifyEd25519', () => {
  it('verifies a genuine signature and refuses a wrong message, key or length', () => {
    const key = Ed25519PrivateKey.generate();
    const publicKey = key.publicKey().toUint8Array();
    const signature = key.sign(MESSAGE).toUint8Array();
    expect(verifyEd25519(publicKey, MESSAGE, signature)).toBe(true);
    expect(verifyEd25519(publicKey, OTHER, signature)).toBe(false);
    expect(
      verifyEd25519(Ed25519PrivateKey.generate().publicKey().toUint8Array(), MESSAGE, signature),
    ).toBe(false);
    expect(verifyEd25519(publicKey.subarray(0, 31), MESSAGE, signature)).toBe(false);
    expect(verifyEd25519(new Uint8Array([...publicKey, 0]), MESSAGE, signature)).toBe(false);
    expect(verifyEd25519(publicKey, MESSAGE, signature.subarray(0, 63))).toBe(false);
    expect(verifyEd25519(publicKey, MESSAGE, new Uint8Array([...signature, 0]))).toBe(false);
  });

  it('answers false, not a throw, for a key node:crypto cannot read', () => {
    // Not a point on the curve: createPublicKey or verify throws inside.
    expect(verifyEd25519(new Uint8Array(32).fill(0xff), MESSAGE, new Uint8Array(64))).toBe(false);
  });
});

describe('bitmapIndices', () => {
  it('reads bit 0 as the high bit of byte 0, across bytes', () => {
    expect(bitmapIndices(new Uint8Array([0b1010_0000, 0, 0, 0]))).toEqual([0, 2]);
    expect(bitmapIndices(new Uint8Array([0b0000_0001, 0b1000_0001]))).toEqual([7, 8, 15]);
    expect(bitmapIndices(new Uint8Array([0xff]))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(bitmapIndices(new Uint8Array([0, 0]))).toEqual([]);
    expect(bitmapIndices(new Uint8Array())).toEqual([]);
  });
});

describe('verifyAuthenticator by scheme', () => {
  it('Ed25519: against any one of the messages it may have signed', () => {
    const account = Account.generate();
    const auth = new AccountAuthenticatorEd25519(
      account.publicKey as never,
      account.sign(MESSAGE) as Ed25519Signature,
    );
    expect(verifyAuthenticator(auth, [MESSAGE])).toBe(true);
    expect(verifyAuthenticator(auth, [OTHER, MESSAGE])).toBe(true);
    expect(verifyAuthenticator(auth, [OTHER])).toBe(false);
    expect(verifyAuthenticator(auth, [])).toBe(false);
  });

  it('MultiEd25519: k of n, each signature at its bitmap index', () => {
    const privateKeys = keys();
    expect(verifyAuthenticator(multiEd25519(privateKeys, 2, [0, 2]), [MESSAGE])).toBe(true);
    expect(verifyAuthenticator(multiEd25519(privateKeys, 2, [0, 1, 2]), [MESSAGE])).toBe(true);
    // Too few signatures for the threshold.
    expect(verifyAuthenticator(multiEd25519(privateKeys, 2, [1]), [MESSAGE])).toBe(false);
    // Signed something else.
    expect(verifyAuthenticator(multiEd25519(privateKeys, 2, [0, 2], OTHER), [MESSAGE])).toBe(false);
    // Signatures in the wrong slots: the bitmap says 0 and 1, the signatures are 0 and 2's.
    const genuine = multiEd25519(privateKeys, 2, [0, 2]);
    const shifted = new AccountAuthenticatorMultiEd25519(
      genuine.public_key,
      new MultiEd25519Signature({
        signatures: genuine.signature.signatures,
        bitmap: MultiEd25519Signature.createBitmap({ bits: [0, 1] }),
      }),
    );
    expect(verifyAuthenticator(shifted, [MESSAGE])).toBe(false);
    // One of two signatures forged.
    const forged = new AccountAuthenticatorMultiEd25519(
      genuine.public_key,
      new MultiEd25519Signature({
        signatures: [must(genuine.signature.signatures[0]), must(privateKeys[2]).sign(OTHER)],
        bitmap: genuine.signature.bitmap,
      }),
    );
    expect(verifyAuthenticator(forged, [MESSAGE])).toBe(false);
  });

  it('MultiEd25519: a bitmap bit past the keys or a count that differs is refused', () => {
    const privateKeys = keys();
    const genuine = multiEd25519(privateKeys, 1, [0]);
    const pastKeys = new AccountAuthenticatorMultiEd25519(
      genuine.public_key,
      new MultiEd25519Signature({
        signatures: [must(privateKeys[0]).sign(MESSAGE), must(privateKeys[0]).sign(MESSAGE)],
        bitmap: new Uint8Array([0b1000_0000, 0b1000_0000, 0, 0]),
      }),
    );
    expect(verifyAuthenticator(pastKeys, [MESSAGE])).toBe(false);
    const extra = new AccountAuthenticatorMultiEd25519(
      genuine.public_key,
      new MultiEd25519Signature({
        signatures: [must(privateKeys[0]).sign(MESSAGE)],
        bitmap: new Uint8Array([0b1100_0000, 0, 0, 0]),
      }),
    );
    expect(verifyAuthenticator(extra, [MESSAGE])).toBe(false);
  });

  it('SingleKey: Ed25519 and Secp256k1', () => {
    for (const scheme of [SigningSchemeInput.Ed25519, SigningSchemeInput.Secp256k1Ecdsa]) {
      const account = Account.generate({ scheme, legacy: false });
      const auth = new AccountAuthenticatorSingleKey(
        account.publicKey as AnyPublicKey,
        account.sign(MESSAGE) as AnySignature,
      );
      expect(verifyAuthenticator(auth, [MESSAGE]), String(scheme)).toBe(true);
      expect(verifyAuthenticator(auth, [OTHER]), String(scheme)).toBe(false);
    }
  });

  it('SingleKey Ed25519 with a signature of another scheme is refused', () => {
    const ed = Account.generate({ scheme: SigningSchemeInput.Ed25519, legacy: false });
    const secp = Account.generate({ scheme: SigningSchemeInput.Secp256k1Ecdsa });
    const mixed = new AccountAuthenticatorSingleKey(
      ed.publicKey as AnyPublicKey,
      secp.sign(MESSAGE) as AnySignature,
    );
    expect(verifyAuthenticator(mixed, [MESSAGE])).toBe(false);
    const mixedBack = new AccountAuthenticatorSingleKey(
      secp.publicKey as AnyPublicKey,
      ed.sign(MESSAGE) as AnySignature,
    );
    expect(verifyAuthenticator(mixedBack, [MESSAGE])).toBe(false);
  });

  it('MultiKey: mixed schemes, k of n', () => {
    const members = [
      Account.generate({ scheme: SigningSchemeInput.Ed25519, legacy: false }),
      Account.generate({ scheme: SigningSchemeInput.Secp256k1Ecdsa }),
      Account.generate({ scheme: SigningSchemeInput.Ed25519, legacy: false }),
    ];
    expect(verifyAuthenticator(multiKey(members, 2, [0, 1]), [MESSAGE])).toBe(true);
    expect(verifyAuthenticator(multiKey(members, 2, [1, 2]), [MESSAGE])).toBe(true);
    expect(verifyAuthenticator(multiKey(members, 2, [2]), [MESSAGE])).toBe(false);
    expect(verifyAuthenticator(multiKey(members, 2, [0, 1], OTHER), [MESSAGE])).toBe(false);
    const genuine = multiKey(members, 1, [1]);
    const wrongSlot = new AccountAuthenticatorMultiKey(
      genuine.public_keys,
      new MultiKeySignature({
        signatures: genuine.signatures.signatures,
        bitmap: MultiKeySignature.createBitmap({ bits: [0] }),
      }),
    );
    expect(verifyAuthenticator(wrongSlot, [MESSAGE])).toBe(false);
    const pastKeys = new AccountAuthenticatorMultiKey(
      genuine.public_keys,
      new MultiKeySignature({
        signatures: genuine.signatures.signatures,
        bitmap: new Uint8Array([0, 0b1000_0000, 0, 0]),
      }),
    );
    expect(verifyAuthenticator(pastKeys, [MESSAGE])).toBe(false);
  });

  it('NoAccountAuthenticator never verifies', () => {
    const none = new AccountAuthenticatorNoAccountAuthenticator();
    expect(verifyAuthenticator(none, [MESSAGE])).toBe(false);
    expect(isNoAccountAuthenticator(none)).toBe(true);
  });
});

describe('authenticationKeyOf', () => {
  it('derives what the SDK derives, for each scheme; null for no authenticator', () => {
    const legacy = Account.generate();
    const ed = Account.generate({ scheme: SigningSchemeInput.Ed25519, legacy: false });
    const secp = Account.generate({ scheme: SigningSchemeInput.Secp256k1Ecdsa });
    const privateKeys = keys();
    const multi = multiEd25519(privateKeys, 2, [0, 1]);
    const members = [ed, secp];
    const mk = multiKey(members, 1, [0]);
    const cases = [
      [
        new AccountAuthenticatorEd25519(legacy.publicKey as never, legacy.sign(MESSAGE) as never),
        legacy.publicKey.authKey(),
      ],
      [
        new AccountAuthenticatorSingleKey(ed.publicKey as AnyPublicKey, ed.sign(MESSAGE) as never),
        ed.publicKey.authKey(),
      ],
      [
        new AccountAuthenticatorSingleKey(
          secp.publicKey as AnyPublicKey,
          secp.sign(MESSAGE) as never,
        ),
        secp.publicKey.authKey(),
      ],
      [multi, multi.public_key.authKey()],
      [mk, mk.public_keys.authKey()],
    ] as const;
    for (const [auth, expected] of cases) {
      expect(authenticationKeyOf(auth)).toBe(expected.toString());
      expect(isNoAccountAuthenticator(auth)).toBe(false);
    }
    expect(new Set(cases.map(([auth]) => authenticationKeyOf(auth))).size).toBe(cases.length);
    expect(authenticationKeyOf(new AccountAuthenticatorNoAccountAuthenticator())).toBeNull();
  });

  it('the legacy Ed25519 key and the SingleKey one of the same private key differ', () => {
    const privateKey = Ed25519PrivateKey.generate();
    const legacy = Account.fromPrivateKey({ privateKey, legacy: true });
    const single = Account.fromPrivateKey({ privateKey, legacy: false });
    expect(legacy.accountAddress.equals(single.accountAddress)).toBe(false);
    const a = new AccountAuthenticatorEd25519(
      legacy.publicKey as never,
      legacy.sign(MESSAGE) as never,
    );
    const b = new AccountAuthenticatorSingleKey(
      single.publicKey as AnyPublicKey,
      single.sign(MESSAGE) as never,
    );
    expect(authenticationKeyOf(a)).toBe(legacy.accountAddress.toStringLong());
    expect(authenticationKeyOf(b)).toBe(single.accountAddress.toStringLong());
  });
});

describe('ed25519KeyAndSignature', () => {
  it('gives the raw key and signature of a plain or SingleKey Ed25519 signer, null otherwise', () => {
    const legacy = Account.generate();
    const signature = legacy.sign(MESSAGE) as Ed25519Signature;
    const plain = ed25519KeyAndSignature(
      new AccountAuthenticatorEd25519(legacy.publicKey as never, signature),
    );
    expect(plain).toEqual({
      publicKey: legacy.publicKey.toUint8Array(),
      signature: signature.toUint8Array(),
    });
    const single = Account.generate({ scheme: SigningSchemeInput.Ed25519, legacy: false });
    const anySignature = single.sign(MESSAGE) as AnySignature;
    const fromSingle = ed25519KeyAndSignature(
      new AccountAuthenticatorSingleKey(single.publicKey as AnyPublicKey, anySignature),
    );
    expect(fromSingle?.publicKey).toEqual(
      (single.publicKey as AnyPublicKey).publicKey.toUint8Array(),
    );
    expect(fromSingle?.signature).toEqual(anySignature.signature.toUint8Array());
    expect(verifyEd25519(must(fromSingle).publicKey, MESSAGE, must(fromSingle).signature)).toBe(
      true,
    );
    const secp = Account.generate({ scheme: SigningSchemeInput.Secp256k1Ecdsa });
    expect(
      ed25519KeyAndSignature(
        new AccountAuthenticatorSingleKey(
          secp.publicKey as AnyPublicKey,
          secp.sign(MESSAGE) as never,
        ),
      ),
    ).toBeNull();
    // An Ed25519 SingleKey carrying a Secp256k1 signature.
    expect(
      ed25519KeyAndSignature(
        new AccountAuthenticatorSingleKey(
          single.publicKey as AnyPublicKey,
          secp.sign(MESSAGE) as never,
        ),
      ),
    ).toBeNull();
    // A Secp256k1 SingleKey carrying an Ed25519 signature.
    expect(
      ed25519KeyAndSignature(
        new AccountAuthenticatorSingleKey(
          secp.publicKey as AnyPublicKey,
          single.sign(MESSAGE) as AnySignature,
        ),
      ),
    ).toBeNull();
    expect(ed25519KeyAndSignature(multiEd25519(keys(), 1, [0]))).toBeNull();
    expect(ed25519KeyAndSignature(new AccountAuthenticatorNoAccountAuthenticator())).toBeNull();
  });
});
