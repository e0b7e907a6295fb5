/**
 * Decoding and signing messages in process (localnet/executor/decode.ts): every field of a
 * decoded signed transaction against what built it, each authenticator kind and payload kind, the
 * node's wording for bad BCS, and the messages each signer may have signed, compared with the
 * SDK's own signing message and hash.
 */
import {
  Account,
  AccountAddress,
  AccountAuthenticatorEd25519,
  AccountAuthenticatorMultiEd25519,
  AccountAuthenticatorSingleKey,
  ChainId,
  Ed25519PrivateKey,
  EntryFunction,
  generateSigningMessageForTransaction,
  generateUserTransactionHash,
  MultiAgentTransaction,
  MultiEd25519Account,
  MultiEd25519PublicKey,
  MultiSig,
  MultiSigTransactionPayload,
  RawTransaction,
  Script,
  SignedTransaction,
  SigningSchemeInput,
  SimpleTransaction,
  TransactionAuthenticatorEd25519,
  TransactionAuthenticatorMultiAgent,
  TransactionAuthenticatorMultiEd25519,
  TransactionAuthenticatorSingleSender,
  TransactionExecutableEntryFunction,
  TransactionExtraConfigV1,
  TransactionInnerPayloadV1,
  TransactionPayloadMultiSig,
  TransactionPayloadScript,
  TypeTagU64,
  U64,
  type TransactionPayload,
} from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { must } from '../../localnet/encoding.ts';
import {
  bcsWording,
  DecodeError,
  decodeSignedTransaction,
  signingMessages,
} from '../../localnet/executor/decode.ts';
import { userTransactionHash } from '../../localnet/executor/commonShape.ts';
import { rawTransaction, signed, signedMulti, someone } from './inProcess.ts';

const alice = Account.generate();
const bob = Account.generate();
const carol = Account.generate();

function decodeError(bytes: Uint8Array): string {
  try {
    decodeSignedTransaction(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as Error).name).toBe('DecodeError');
    return (error as Error).message;
  }
  throw new Error('expected a DecodeError');
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('decodeSignedTransaction', () => {
  it('reads every field the validator and executor use', () => {
    const to = someone();
    const raw = rawTransaction(alice.accountAddress, '0x1::coin::transfer', [to, new U64(77n)], {
      sequenceNumber: 12n,
      maxGasAmount: 3_456n,
      gasUnitPrice: 150n,
      expirationSecs: 1_700_000_000n,
      chainId: 4,
      typeArgs: [new TypeTagU64()],
    });
    const transaction = new SimpleTransaction(raw);
    const senderAuthenticator = alice.signTransactionWithAuthenticator(transaction);
    const bytes = new SignedTransaction(
      raw,
      new TransactionAuthenticatorEd25519(
        (senderAuthenticator as AccountAuthenticatorEd25519).public_key,
        (senderAuthenticator as AccountAuthenticatorEd25519).signature,
      ),
    ).bcsToBytes();
    const tx = decodeSignedTransaction(bytes);
    expect(tx.bytes).toBe(bytes);
    expect(tx.hash).toBe(generateUserTransactionHash({ transaction, senderAuthenticator }));
    expect(tx.hash).toBe(userTransactionHash(bytes));
    expect(hex(tx.rawBytes)).toBe(hex(raw.bcsToBytes()));
    expect(tx.sender).toBe(alice.accountAddress.toStringLong());
    expect(tx.sequenceNumber).toBe(12n);
    expect(tx.maxGasAmount).toBe(3_456n);
    expect(tx.gasUnitPrice).toBe(150n);
    expect(tx.expirationSecs).toBe(1_700_000_000n);
    expect(tx.chainId).toBe(4);
    expect(tx.payloadKind).toBe('entry_function');
    expect(tx.entry).toEqual({
      module: `0x${'0'.repeat(63)}1`,
      moduleName: 'coin',
      functionName: 'transfer',
      typeArgs: ['u64'],
      args: [to.bcsToBytes(), new U64(77n).bcsToBytes()],
    });
    expect(tx.senderSigner.address).toBe(tx.sender);
    expect(tx.senderSigner.authenticator).toBeInstanceOf(AccountAuthenticatorEd25519);
    expect(tx.secondarySigners).toEqual([]);
    expect(tx.feePayer).toBeNull();
  });

  it('a SingleSender and a MultiEd25519 sender are one signer each', () => {
    const single = Account.generate({ scheme: SigningSchemeInput.Secp256k1Ecdsa });
    const tx = signed(
      single,
      rawTransaction(single.accountAddress, '0x1::aptos_account::transfer', [
        someone(),
        new U64(1n),
      ]),
    );
    expect(tx.senderSigner.address).toBe(single.accountAddress.toStringLong());
    expect(tx.senderSigner.authenticator).toBeInstanceOf(AccountAuthenticatorSingleKey);
    expect(tx.authenticator).toBeInstanceOf(TransactionAuthenticatorSingleSender);
    expect(tx.secondarySigners).toEqual([]);
    expect(tx.feePayer).toBeNull();
    const keys = [Ed25519PrivateKey.generate(), Ed25519PrivateKey.generate()];
    const multi = new MultiEd25519Account({
      publicKey: new MultiEd25519PublicKey({
        publicKeys: keys.map((k) => k.publicKey()),
        threshold: 1,
      }),
      signers: [must(keys[1])],
    });
    const multiTx = signed(
      multi as unknown as Account,
      rawTransaction(multi.accountAddress, '0x1::aptos_account::transfer', [
        someone(),
        new U64(1n),
      ]),
    );
    expect(multiTx.authenticator).toBeInstanceOf(TransactionAuthenticatorMultiEd25519);
    expect(multiTx.senderSigner.authenticator).toBeInstanceOf(AccountAuthenticatorMultiEd25519);
    expect(multiTx.senderSigner.address).toBe(multi.accountAddress.toStringLong());
    expect(multiTx.secondarySigners).toEqual([]);
    expect(multiTx.feePayer).toBeNull();
  });

  it('multi-agent: secondary signers in order with their authenticators; no fee payer', () => {
    const raw = rawTransaction(alice.accountAddress, '0x1::aptos_account::transfer', [
      someone(),
      new U64(1n),
    ]);
    const tx = signedMulti({ sender: alice, raw, secondary: [bob, carol] });
    expect(tx.secondarySigners.map((s) => s.address)).toEqual([
      bob.accountAddress.toStringLong(),
      carol.accountAddress.toStringLong(),
    ]);
    expect(tx.secondarySigners.map((s) => hex(s.authenticator.bcsToBytes()))).not.toContain(
      hex(tx.senderSigner.authenticator.bcsToBytes()),
    );
    expect(tx.feePayer).toBeNull();
    expect(tx.senderSigner.address).toBe(alice.accountAddress.toStringLong());
  });

  it('fee payer: its address and authenticator, with or without secondary signers', () => {
    const raw = rawTransaction(alice.accountAddress, '0x1::aptos_account::transfer', [
      someone(),
      new U64(1n),
    ]);
    const tx = signedMulti({ sender: alice, raw, feePayer: carol });
    expect(tx.feePayer?.address).toBe(carol.accountAddress.toStringLong());
    expect(tx.secondarySigners).toEqual([]);
    expect(hex(must(tx.feePayer).authenticator.bcsToBytes())).not.toBe(
      hex(tx.senderSigner.authenticator.bcsToBytes()),
    );
    const withSecondary = signedMulti({ sender: alice, raw, secondary: [bob], feePayer: carol });
    expect(withSecondary.secondarySigners.map((s) => s.address)).toEqual([
      bob.accountAddress.toStringLong(),
    ]);
    expect(withSecondary.feePayer?.address).toBe(carol.accountAddress.toStringLong());
  });

  it('refuses secondary signer addresses and authenticators of different lengths', () => {
    const raw = rawTransaction(alice.accountAddress, '0x1::aptos_account::transfer', [
      someone(),
      new U64(1n),
    ]);
    const one = signedMulti({ sender: alice, raw, secondary: [bob] });
    const auth = one.authenticator as TransactionAuthenticatorMultiAgent;
    const bytes = new SignedTransaction(
      raw,
      new TransactionAuthenticatorMultiAgent(
        auth.sender,
        [bob.accountAddress, carol.accountAddress],
        auth.secondary_signers,
      ),
    ).bcsToBytes();
    expect(decodeError(bytes)).toBe(
      'secondary signer addresses and authenticators differ in length',
    );
  });

  it('names the payload kind: script, multisig, payload v2', () => {
    const entry = EntryFunction.build(
      '0x1::aptos_account',
      'transfer',
      [],
      [someone(), new U64(1n)],
    );
    const withPayload = (payload: TransactionPayload) => {
      const raw = new RawTransaction(
        alice.accountAddress,
        0n,
        payload,
        1_000n,
        100n,
        2_000_000_000n,
        new ChainId(4),
      );
      return decodeSignedTransaction(signBytes(raw));
    };
    const script = withPayload(
      new TransactionPayloadScript(new Script(new Uint8Array([1]), [], [])),
    );
    expect(script.payloadKind).toBe('script');
    expect(script.entry).toBeNull();
    const multisig = withPayload(
      new TransactionPayloadMultiSig(
        new MultiSig(bob.accountAddress, new MultiSigTransactionPayload(entry)),
      ),
    );
    expect(multisig.payloadKind).toBe('multisig');
    expect(multisig.entry).toBeNull();
    const v2 = withPayload(
      new TransactionInnerPayloadV1(
        new TransactionExecutableEntryFunction(entry),
        new TransactionExtraConfigV1(),
      ) as unknown as TransactionPayload,
    );
    // A `payload_v2` entry function runs as one; its nonce (here none) makes it orderless.
    expect(v2.payloadKind).toBe('entry_function');
    expect(v2.entry?.functionName).toBe(entry.function_name.identifier);
    expect(v2.nonce).toBeNull();
    const orderless = withPayload(
      new TransactionInnerPayloadV1(
        new TransactionExecutableEntryFunction(entry),
        new TransactionExtraConfigV1(undefined, 0xcafebabedeadbeefn),
      ) as unknown as TransactionPayload,
    );
    expect(orderless.nonce).toBe(0xcafebabedeadbeefn);
    expect(script.nonce).toBeNull();
    // With a multisig address it stays `payload_v2` (not run here).
    const v2Multisig = withPayload(
      new TransactionInnerPayloadV1(
        new TransactionExecutableEntryFunction(entry),
        new TransactionExtraConfigV1(bob.accountAddress, 1n),
      ) as unknown as TransactionPayload,
    );
    expect(v2Multisig.payloadKind).toBe('payload_v2');
    expect(v2Multisig.entry).toBeNull();
  });

  it('answers in the node’s words for bad bytes', () => {
    const bytes = signed(
      alice,
      rawTransaction(alice.accountAddress, '0x1::aptos_account::transfer', [
        someone(),
        new U64(1n),
      ]),
    ).bytes;
    expect(decodeError(bytes.subarray(0, bytes.length - 1))).toBe('unexpected end of input');
    expect(decodeError(new Uint8Array([...bytes, 0]))).toBe('remaining input');
    expect(decodeError(new Uint8Array())).toBe('unexpected end of input');
  });
});

function signBytes(raw: RawTransaction): Uint8Array {
  const transaction = new SimpleTransaction(raw);
  const auth = alice.signTransactionWithAuthenticator(transaction) as AccountAuthenticatorEd25519;
  return new SignedTransaction(
    raw,
    new TransactionAuthenticatorEd25519(auth.public_key, auth.signature),
  ).bcsToBytes();
}

describe('bcsWording', () => {
  it('maps the ts-sdk deserializer’s messages to the node’s', () => {
    expect(bcsWording('Reached to the end of buffer')).toBe('unexpected end of input');
    expect(bcsWording('Buffer has remaining bytes')).toBe('remaining input');
    expect(bcsWording('Invalid boolean value')).toBe('expected boolean');
    expect(bcsWording('Overflow while parsing uleb128-encoded uint32 value')).toBe(
      'ULEB128-encoded integer did not fit in the target size',
    );
    expect(bcsWording('Unknown variant index for TransactionAuthenticator: 7')).toBe(
      'invalid value: integer `7`, expected variant index 0 <= i < 5',
    );
    expect(bcsWording('Unknown variant index for AccountAuthenticator: 9')).toBe(
      'invalid value: integer `9`, expected variant index 0 <= i < 6',
    );
    expect(bcsWording('Unknown variant index for TypeTag: 12')).toBe(
      'invalid value: integer `12`, expected variant index 0 <= i < 11',
    );
    expect(bcsWording('Unknown variant index for TransactionPayload: 5')).toBe(
      'invalid value: integer `5`, expected variant index 0 <= i < 5',
    );
    expect(bcsWording('Unknown variant index for ScriptTransactionArgument: 10')).toBe(
      'invalid value: integer `10`, expected variant index 0 <= i < 10',
    );
    expect(bcsWording('Unknown variant index for TransactionArgument: 11')).toBe(
      'invalid value: integer `11`, expected variant index 0 <= i < 10',
    );
    expect(bcsWording('Unknown variant index for Something: 3')).toBe(
      'invalid value: integer `3`, expected variant index',
    );
    // Only the whole message is mapped.
    expect(bcsWording('x Unknown variant index for TypeTag: 12')).toBe(
      'x Unknown variant index for TypeTag: 12',
    );
    expect(bcsWording('Unknown variant index for TypeTag: 12 x')).toBe(
      'Unknown variant index for TypeTag: 12 x',
    );
    expect(bcsWording('Reached to the end of buffer!')).toBe('Reached to the end of buffer!');
    expect(bcsWording('something else')).toBe('something else');
  });

  it('is what a bad authenticator variant decodes to', () => {
    const bytes = signed(
      alice,
      rawTransaction(alice.accountAddress, '0x1::aptos_account::transfer', [
        someone(),
        new U64(1n),
      ]),
    ).bytes;
    const rawLength = decodeSignedTransaction(bytes).rawBytes.length;
    const bad = new Uint8Array(bytes);
    bad[rawLength] = 9;
    expect(decodeError(bad)).toBe('invalid value: integer `9`, expected variant index 0 <= i < 5');
  });
});

describe('signingMessages', () => {
  const raw = () =>
    rawTransaction(alice.accountAddress, '0x1::aptos_account::transfer', [someone(), new U64(1n)]);

  it('a single signer signs the salted raw transaction, as the SDK builds it', () => {
    const r = raw();
    const tx = signed(alice, r);
    const messages = signingMessages(tx, 'sender');
    expect(messages.map(hex)).toEqual([
      hex(generateSigningMessageForTransaction(new SimpleTransaction(r))),
    ]);
  });

  it('multi-agent: one RawTransactionWithData message for every signer', () => {
    const r = raw();
    const tx = signedMulti({ sender: alice, raw: r, secondary: [bob, carol] });
    const expected = hex(
      generateSigningMessageForTransaction(
        new MultiAgentTransaction(r, [bob.accountAddress, carol.accountAddress]),
      ),
    );
    expect(signingMessages(tx, 'sender').map(hex)).toEqual([expected]);
  });

  it('fee payer: the fee payer signs with its address only; the others may also have signed with 0x0', () => {
    const r = raw();
    const tx = signedMulti({ sender: alice, raw: r, secondary: [bob], feePayer: carol });
    const real = hex(
      generateSigningMessageForTransaction(
        new MultiAgentTransaction(r, [bob.accountAddress], carol.accountAddress),
      ),
    );
    const zero = hex(
      generateSigningMessageForTransaction(
        new MultiAgentTransaction(r, [bob.accountAddress], AccountAddress.ZERO),
      ),
    );
    expect(signingMessages(tx, 'fee_payer').map(hex)).toEqual([real]);
    expect(signingMessages(tx, 'sender').map(hex)).toEqual([real, zero]);
    const plain = signedMulti({ sender: alice, raw: r, feePayer: carol });
    expect(signingMessages(plain, 'fee_payer').map(hex)).toEqual([
      hex(generateSigningMessageForTransaction(new SimpleTransaction(r, carol.accountAddress))),
    ]);
  });
});
