/**
 * The common-shape decoder (localnet/executor/decode.ts `decodeCommonShape`) against the ts-sdk
 * path (`decodeWithSdk`): on random entry-function transactions signed by one Ed25519 key the two
 * results are deeply and strictly equal (the same SDK classes, fields, bytes and hash); every other
 * shape, and every truncated or extended copy of a valid one, is left to the SDK path (`null`),
 * so `decodeSignedTransaction` keeps the SDK's objects and error messages for those.
 */
import type { Serializer } from '@aptos-labs/ts-sdk';
import {
  AccountAddress,
  AccountAuthenticatorEd25519,
  ChainId,
  Ed25519PrivateKey,
  Ed25519PublicKey,
  Ed25519Signature,
  EntryFunction,
  Identifier,
  ModuleId,
  RawTransaction,
  Script,
  SignedTransaction,
  TransactionAuthenticatorEd25519,
  TransactionAuthenticatorFeePayer,
  TransactionAuthenticatorMultiAgent,
  TransactionAuthenticatorSingleSender,
  TransactionPayloadEntryFunction,
  TransactionPayloadScript,
  TypeTagU64,
  U64,
  AccountAuthenticatorSingleKey,
  AnyPublicKey,
  AnySignature,
  type TransactionAuthenticator,
  type TransactionPayload,
  type EntryFunctionArgument,
  FixedBytes,
} from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { commonShapeLength, decodeCommonShape } from '../../localnet/executor/commonShape.ts';
import {
  DecodeError,
  decodeSignedTransaction,
  decodeWithSdk,
  splitSignedTransactions,
  TooManyTransactions,
} from '../../localnet/executor/decode.ts';
import { bcsVector } from './helpers.ts';

/** xorshift32: the same random transactions on every run. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  return {
    int: (below: number) => next() % below,
    bytes: (length: number) => Uint8Array.from({ length }, () => next() & 0xff),
    u64: () => (BigInt(next()) << 32n) | BigInt(next()),
  };
}
const random = generator(0x5eed1234);

const NAME_CHARS = 'abcdefghijklmnopqrstuvwxyz_0123456789ABCDEFé';
function name(): string {
  const length = 1 + random.int(20);
  return Array.from({ length }, () => NAME_CHARS[random.int(NAME_CHARS.length)]).join('');
}

/** An argument's bytes as the SDK writes them into an entry function (a length prefix, then them). */
class RawArgument extends FixedBytes implements EntryFunctionArgument {
  override serializeForEntryFunction(serializer: Serializer): void {
    serializer.serializeU32AsUleb128(this.value.length);
    serializer.serialize(this);
  }
}

function entryPayload(args: Uint8Array[], typeArgs = 0): TransactionPayload {
  return new TransactionPayloadEntryFunction(
    new EntryFunction(
      new ModuleId(new AccountAddress(random.bytes(32)), new Identifier(name())),
      new Identifier(name()),
      Array.from({ length: typeArgs }, () => new TypeTagU64()),
      args.map((arg) => new RawArgument(arg)),
    ),
  );
}

function rawWith(payload: TransactionPayload): RawTransaction {
  return new RawTransaction(
    new AccountAddress(random.bytes(32)),
    random.u64(),
    payload,
    random.u64(),
    random.u64(),
    random.u64(),
    new ChainId(random.int(256)),
  );
}

const ed25519 = () =>
  new TransactionAuthenticatorEd25519(
    new Ed25519PublicKey(random.bytes(32)),
    new Ed25519Signature(random.bytes(64)),
  );

const signedBytes = (raw: RawTransaction, auth: TransactionAuthenticator) =>
  new SignedTransaction(raw, auth).bcsToBytes();

/** Random arguments: 0–6 of them, each 0–127 bytes (one ULEB128 byte of length). */
function randomArgs(): Uint8Array[] {
  return Array.from({ length: random.int(7) }, () =>
    random.bytes(random.int(4) === 0 ? random.int(128) : ([1, 8, 16, 32][random.int(4)] ?? 8)),
  );
}

describe('decodeCommonShape', () => {
  it('equals the SDK path on 500 random Ed25519 entry function transactions', () => {
    for (let i = 0; i < 500; i += 1) {
      const bytes = signedBytes(rawWith(entryPayload(randomArgs())), ed25519());
      const fast = decodeCommonShape(bytes);
      expect(fast).not.toBeNull();
      expect(fast).toStrictEqual(decodeWithSdk(bytes));
      expect(decodeSignedTransaction(bytes)).toStrictEqual(fast);
    }
  });

  it('equals the SDK path for a real transfer signed by the SDK', () => {
    const key = Ed25519PrivateKey.generate();
    const raw = rawWith(
      new TransactionPayloadEntryFunction(
        EntryFunction.build(
          '0x1::aptos_account',
          'transfer',
          [],
          [new AccountAddress(random.bytes(32)), new U64(5n)],
        ),
      ),
    );
    const auth = new TransactionAuthenticatorEd25519(
      key.publicKey(),
      key.sign(raw.bcsToBytes()) as Ed25519Signature,
    );
    const bytes = signedBytes(raw, auth);
    const fast = decodeCommonShape(bytes);
    expect(fast?.entry?.functionName).toBe('transfer');
    expect(fast).toStrictEqual(decodeWithSdk(bytes));
  });

  it('leaves other shapes to the SDK path, which decodes them as before', () => {
    const others: Array<[string, Uint8Array]> = [
      ['type arguments', signedBytes(rawWith(entryPayload([random.bytes(8)], 1)), ed25519())],
      [
        'an argument of 128 bytes',
        signedBytes(rawWith(entryPayload([random.bytes(128)])), ed25519()),
      ],
      [
        'a script',
        signedBytes(
          rawWith(new TransactionPayloadScript(new Script(random.bytes(10), [], []))),
          ed25519(),
        ),
      ],
      [
        'a SingleSender authenticator',
        signedBytes(
          rawWith(entryPayload([])),
          new TransactionAuthenticatorSingleSender(
            new AccountAuthenticatorSingleKey(
              new AnyPublicKey(new Ed25519PublicKey(random.bytes(32))),
              new AnySignature(new Ed25519Signature(random.bytes(64))),
            ),
          ),
        ),
      ],
      [
        'multi-agent',
        signedBytes(
          rawWith(entryPayload([])),
          new TransactionAuthenticatorMultiAgent(
            new AccountAuthenticatorEd25519(
              new Ed25519PublicKey(random.bytes(32)),
              new Ed25519Signature(random.bytes(64)),
            ),
            [],
            [],
          ),
        ),
      ],
      [
        'fee payer',
        signedBytes(
          rawWith(entryPayload([])),
          new TransactionAuthenticatorFeePayer(
            new AccountAuthenticatorEd25519(
              new Ed25519PublicKey(random.bytes(32)),
              new Ed25519Signature(random.bytes(64)),
            ),
            [],
            [],
            {
              address: new AccountAddress(random.bytes(32)),
              authenticator: new AccountAuthenticatorEd25519(
                new Ed25519PublicKey(random.bytes(32)),
                new Ed25519Signature(random.bytes(64)),
              ),
            },
          ),
        ),
      ],
    ];
    for (const [what, bytes] of others) {
      expect(decodeCommonShape(bytes), what).toBeNull();
      expect(decodeSignedTransaction(bytes), what).toStrictEqual(decodeWithSdk(bytes));
    }
  });

  it('leaves every truncated or extended copy to the SDK path and its error', () => {
    const bytes = signedBytes(rawWith(entryPayload(randomArgs())), ed25519());
    for (let cut = 0; cut < bytes.length; cut += 1) {
      const truncated = bytes.subarray(0, cut);
      expect(decodeCommonShape(truncated)).toBeNull();
      expect(() => decodeSignedTransaction(truncated)).toThrow(DecodeError);
    }
    const extended = new Uint8Array([...bytes, 0]);
    expect(decodeCommonShape(extended)).toBeNull();
    expect(() => decodeSignedTransaction(extended)).toThrow('remaining input');
  });

  it('leaves a key or signature of another length to the SDK path and its error', () => {
    const bytes = signedBytes(rawWith(entryPayload([])), ed25519());
    // The authenticator starts 99 bytes from the end: variant 0, then the key's length 32.
    const start = bytes.length - 99;
    const badKey = bytes.slice();
    badKey[start + 1] = 31;
    expect(decodeCommonShape(badKey)).toBeNull();
    expect(() => decodeSignedTransaction(badKey)).toThrow(DecodeError);
    const badSignature = bytes.slice();
    badSignature[start + 34] = 63;
    expect(decodeCommonShape(badSignature)).toBeNull();
    expect(() => decodeSignedTransaction(badSignature)).toThrow(DecodeError);
  });
});

describe('cutting a batch (POST /transactions/batch) into transactions', () => {
  const common = () => signedBytes(rawWith(entryPayload(randomArgs())), ed25519());
  const uncommon = () =>
    [
      signedBytes(rawWith(entryPayload([random.bytes(8)], 1)), ed25519()),
      signedBytes(rawWith(entryPayload([random.bytes(128)])), ed25519()),
      signedBytes(
        rawWith(new TransactionPayloadScript(new Script(random.bytes(10), [], []))),
        ed25519(),
      ),
    ][random.int(3)] as Uint8Array;

  it('measures the common shape exactly, anywhere in a buffer, and nothing else', () => {
    for (let i = 0; i < 200; i += 1) {
      const bytes = common();
      const padded = new Uint8Array([...random.bytes(7), ...bytes, ...random.bytes(5)]);
      expect(commonShapeLength(bytes, 0)).toBe(bytes.length);
      expect(commonShapeLength(padded, 7)).toBe(bytes.length);
      // Cut short anywhere, the shape does not fit.
      expect(commonShapeLength(bytes.subarray(0, random.int(bytes.length)), 0)).toBe(-1);
      expect(commonShapeLength(uncommon(), 0)).toBe(-1);
    }
  });

  it('gives back each transaction of a mixed batch, byte for byte, in order', () => {
    for (let round = 0; round < 50; round += 1) {
      const transactions = Array.from({ length: random.int(40) }, () =>
        random.int(3) === 0 ? uncommon() : common(),
      );
      const parts = splitSignedTransactions(bcsVector(transactions), 100);
      expect(parts).toStrictEqual(transactions);
    }
    expect(splitSignedTransactions(Uint8Array.from([0]), 100)).toStrictEqual([]);
  });

  it('reads a count of 128 or more (two ULEB128 bytes)', () => {
    const transactions = Array.from({ length: 130 }, common);
    expect(splitSignedTransactions(bcsVector(transactions), 200)).toHaveLength(130);
    expect(() => splitSignedTransactions(bcsVector(transactions), 100)).toThrow(
      new TooManyTransactions(130, 100),
    );
  });

  it('refuses bytes that are not exactly a vector of signed transactions, in the node wording', () => {
    const body = bcsVector([common(), uncommon(), common()]);
    expect(() => splitSignedTransactions(new Uint8Array(0), 100)).toThrow(
      new DecodeError('unexpected end of input'),
    );
    for (let cut = 1; cut < body.length; cut += 1) {
      expect(() => splitSignedTransactions(body.subarray(0, cut), 100)).toThrow(DecodeError);
    }
    expect(() => splitSignedTransactions(new Uint8Array([...body, 0]), 100)).toThrow(
      new DecodeError('remaining input'),
    );
    // A count larger than what follows.
    const short = body.slice();
    short[0] = 4;
    expect(() => splitSignedTransactions(short, 100)).toThrow(
      new DecodeError('unexpected end of input'),
    );
  });

  it('says how many were sent and the limit when a batch is too long', () => {
    expect(new TooManyTransactions(101, 100).message).toBe(
      'Submitted too many transactions: 101, while limit: 100',
    );
  });
});
