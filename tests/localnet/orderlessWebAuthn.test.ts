import type { AccountAddress } from '@aptos-labs/ts-sdk';
import {
  AccountAuthenticatorSingleKey,
  AnyPublicKey,
  AnySignature,
  generateSignedTransaction,
  generateSigningMessageForTransaction,
  Secp256r1PrivateKey,
  WebAuthnSignature,
  type SimpleTransaction,
} from '@aptos-labs/ts-sdk';
import { createHash, createPrivateKey, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  buildTransfer,
  fundedAccount,
  postBcs,
  startChain,
  validationBody,
  type Chain,
} from './helpers.ts';
import { specErrors } from './openApi.ts';

let chain: Chain;

beforeAll(async () => {
  chain = await startChain();
});
afterAll(async () => {
  await chain.localnet.stop();
});

async function sequenceNumberOf(address: AccountAddress): Promise<string> {
  return (await chain.aptos.getAccountInfo({ accountAddress: address })).sequence_number;
}

describe('orderless transactions (payload_v2 with a replay protection nonce)', () => {
  it('commits by (sender, nonce), leaves the sequence number alone and prints the nonce', async () => {
    const alice = await fundedAccount(chain);
    const before = await sequenceNumberOf(alice.accountAddress);
    const transaction = await buildTransfer(chain, alice, { replayProtectionNonce: 12345n });
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: alice, transaction });
    const committed = asUser(
      await chain.aptos.waitForTransaction({ transactionHash: pending.hash }),
    );
    expect(committed.success).toBe(true);
    expect(committed.replay_protection_nonce).toBe('12345');
    expect(specErrors('UserTransaction', committed)).toEqual([]);
    expect(committed.payload).toMatchObject({
      type: 'entry_function_payload',
      function: '0x1::aptos_account::transfer',
    });
    expect(await sequenceNumberOf(alice.accountAddress)).toBe(before);
    // A sequence-number transaction of the same account still commits at that number.
    const ordered = await buildTransfer(chain, alice);
    expect(ordered.rawTransaction.sequence_number.toString()).toBe(before);
    const next = await chain.aptos.signAndSubmitTransaction({
      signer: alice,
      transaction: ordered,
    });
    await chain.aptos.waitForTransaction({ transactionHash: next.hash });
    expect(await sequenceNumberOf(alice.accountAddress)).toBe(String(BigInt(before) + 1n));
  });

  it('refuses a reused nonce with NONCE_ALREADY_USED and a far expiration with TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE', async () => {
    const bob = await fundedAccount(chain);
    const first = await buildTransfer(chain, bob, { replayProtectionNonce: 7 });
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: bob, transaction: first });
    await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
    // Another transaction (another recipient, so another hash) with the same nonce.
    const again = await buildTransfer(chain, bob, { replayProtectionNonce: 7 });
    const reused = await postBcs(
      chain,
      '/transactions',
      generateSignedTransaction({
        transaction: again,
        senderAuthenticator: chain.aptos.transaction.sign({ signer: bob, transaction: again }),
      }),
    );
    expect(reused.status).toBe(400);
    expect(reused.body).toStrictEqual(validationBody('NONCE_ALREADY_USED', 42));
    // Another nonce goes through.
    const other = await buildTransfer(chain, bob, { replayProtectionNonce: 8 });
    const ok = await chain.aptos.signAndSubmitTransaction({ signer: bob, transaction: other });
    expect((await chain.aptos.waitForTransaction({ transactionHash: ok.hash })).success).toBe(true);
    const far = await buildTransfer(chain, bob, {
      replayProtectionNonce: 9,
      expireTimestamp: Math.floor(Date.now() / 1000) + 600,
    });
    const refused = await postBcs(
      chain,
      '/transactions',
      generateSignedTransaction({
        transaction: far,
        senderAuthenticator: chain.aptos.transaction.sign({ signer: bob, transaction: far }),
      }),
    );
    expect(refused.body).toStrictEqual(
      validationBody('TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE', 44),
    );
  });
});

/** A passkey's assertion over `transaction`, signed with OpenSSL as a browser authenticator would. */
function webAuthnAuthenticator(
  privateKey: Secp256r1PrivateKey,
  transaction: SimpleTransaction,
  tamper: { challenge?: Uint8Array } = {},
): AccountAuthenticatorSingleKey {
  const challenge =
    tamper.challenge ??
    createHash('sha3-256').update(generateSigningMessageForTransaction(transaction)).digest();
  const clientDataJSON = new TextEncoder().encode(
    JSON.stringify({
      type: 'webauthn.get',
      challenge: Buffer.from(challenge).toString('base64url'),
      origin: 'http://localhost:5173',
      crossOrigin: false,
    }),
  );
  const authenticatorData = new Uint8Array(37).fill(7);
  const signed = Buffer.concat([
    authenticatorData,
    createHash('sha256').update(clientDataJSON).digest(),
  ]);
  const publicKey = privateKey.publicKey().toUint8Array();
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: Buffer.from(privateKey.toUint8Array()).toString('base64url'),
      x: Buffer.from(publicKey.subarray(1, 33)).toString('base64url'),
      y: Buffer.from(publicKey.subarray(33, 65)).toString('base64url'),
    },
    format: 'jwk',
  });
  let signature = sign('sha256', signed, { key, dsaEncoding: 'ieee-p1363' });
  // Aptos takes the low-s form only: n - s when s is high.
  const n = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
  const s = BigInt(`0x${signature.subarray(32).toString('hex')}`);
  if (s > n >> 1n) {
    signature = Buffer.concat([
      signature.subarray(0, 32),
      Buffer.from((n - s).toString(16).padStart(64, '0'), 'hex'),
    ]);
  }
  return new AccountAuthenticatorSingleKey(
    new AnyPublicKey(privateKey.publicKey()),
    new AnySignature(new WebAuthnSignature(signature, authenticatorData, clientDataJSON)),
  );
}

describe('WebAuthn (passkey) signatures', () => {
  it('commits a transfer signed by a passkey and refuses a tampered one with INVALID_SIGNATURE', async () => {
    const privateKey = Secp256r1PrivateKey.generate();
    const sender = privateKey.publicKey().authKey().derivedAddress();
    await chain.aptos.fundAccount({ accountAddress: sender, amount: 100_000_000 });
    const build = () =>
      chain.aptos.transaction.build.simple({
        sender,
        data: { function: '0x1::aptos_account::transfer', functionArguments: ['0x1', 1] },
      });

    // The challenge of another message: the client data does not match this transaction.
    const tamperedTx = await build();
    const tampered = await postBcs(
      chain,
      '/transactions',
      generateSignedTransaction({
        transaction: tamperedTx,
        senderAuthenticator: webAuthnAuthenticator(privateKey, tamperedTx, {
          challenge: new Uint8Array(32).fill(1),
        }),
      }),
    );
    expect(tampered.status).toBe(400);
    expect(tampered.body).toStrictEqual(validationBody('INVALID_SIGNATURE', 1));
    // Signed by another key (the right challenge, a wrong signature for this public key).
    const other = webAuthnAuthenticator(Secp256r1PrivateKey.generate(), tamperedTx);
    const forged = await postBcs(
      chain,
      '/transactions',
      generateSignedTransaction({
        transaction: tamperedTx,
        senderAuthenticator: new AccountAuthenticatorSingleKey(
          new AnyPublicKey(privateKey.publicKey()),
          other.signature,
        ),
      }),
    );
    expect(forged.body).toStrictEqual(validationBody('INVALID_SIGNATURE', 1));

    const transaction = await build();
    const pending = await chain.aptos.transaction.submit.simple({
      transaction,
      senderAuthenticator: webAuthnAuthenticator(privateKey, transaction),
    });
    const committed = asUser(
      await chain.aptos.waitForTransaction({ transactionHash: pending.hash }),
    );
    expect(committed.success).toBe(true);
    expect(committed.signature).toMatchObject({
      type: 'single_sender',
      signature: { type: 'web_authn' },
    });
    // The spec's `single_sender` schema contradicts itself (its `type` must also be an account
    // signature's): the signature inside is what is checked against it.
    const { signature } = committed.signature as unknown as { signature: unknown };
    expect(specErrors('Signature', signature)).toEqual([]);
  });
});
