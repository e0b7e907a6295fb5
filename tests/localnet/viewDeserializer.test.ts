import {
  AccountAddress,
  Deserializer,
  RawTransaction,
  TransactionAuthenticator,
  U64,
} from '@aptos-labs/ts-sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeSignedTransaction, ViewDeserializer } from '../../localnet/executor/decode.ts';
import { Ed25519Signer } from '../../localnet/index.ts';

/*
 * The chain decodes BCS through ViewDeserializer (views of one copy) instead of the SDK's
 * Deserializer (a copy per field). Both must agree on every input: the same values, the same
 * errors, the same bytes consumed.
 */

const OPS = [
  'U8',
  'U16',
  'U32',
  'U64',
  'U128',
  'U256',
  'I8',
  'I16',
  'I32',
  'I64',
  'Bool',
  'Bytes',
  'Str',
  'Uleb128AsU32',
  'Fixed3',
  'OptionStr',
] as const;
type Op = (typeof OPS)[number];

function apply(d: Deserializer, op: Op): unknown {
  switch (op) {
    case 'Fixed3':
      return Array.from(d.deserializeFixedBytes(3));
    case 'Bytes':
      return Array.from(d.deserializeBytes());
    case 'OptionStr':
      return d.deserializeOptionStr() ?? null;
    default: {
      const value = d[`deserialize${op}`]();
      return typeof value === 'bigint' ? `${value}n` : value;
    }
  }
}

/**
 * Runs the ops until the first error; returns what each returned, then the error or what is left.
 * After an error the position is not compared: the SDK has read half of a u64 by then, and no
 * caller reads on after an error.
 */
function trace(d: Deserializer, ops: Op[]): unknown[] {
  const out: unknown[] = [];
  for (const op of ops) {
    try {
      out.push(apply(d, op));
    } catch (error) {
      out.push(`error: ${(error as Error).message}`);
      return out;
    }
  }
  out.push(`remaining ${d.remaining()}`);
  return out;
}

function signedTransfer(signer: Ed25519Signer, amount: bigint, sequence: bigint): Uint8Array {
  return signer.signEntryFunction({
    function: '0x1::aptos_account::transfer',
    args: [AccountAddress.from(`0x${'ca'.repeat(32)}`), new U64(amount)],
    sequenceNumber: sequence,
    expirationSecs: 1_900_000_000n,
    chainId: 4,
    maxGasAmount: 2_000n,
  });
}

function decodeWith(make: (bytes: Uint8Array) => Deserializer, bytes: Uint8Array): string {
  try {
    const d = make(bytes);
    const raw = RawTransaction.deserialize(d);
    const auth = TransactionAuthenticator.deserialize(d);
    return `${Buffer.from(raw.bcsToBytes()).toString('hex')}|${Buffer.from(auth.bcsToBytes()).toString('hex')}|${d.remaining()}`;
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

describe('ViewDeserializer', () => {
  it('agrees with the SDK Deserializer on any op sequence over any bytes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 64 }),
        fc.array(fc.constantFrom(...OPS), { maxLength: 24 }),
        (bytes, ops) => {
          expect(trace(new ViewDeserializer(bytes), ops)).toEqual(
            trace(new Deserializer(bytes), ops),
          );
        },
      ),
      { numRuns: 2_000, seed: 13 },
    );
  });

  it('reads long and overflowing ULEB128 lengths as the SDK does', () => {
    for (const bytes of [
      [0x80, 0x01],
      [0xff, 0xff, 0xff, 0xff, 0x0f],
      [0xff, 0xff, 0xff, 0xff, 0x1f],
      [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00],
      [0xff],
    ]) {
      const input = new Uint8Array(bytes);
      expect(trace(new ViewDeserializer(input), ['Uleb128AsU32'])).toEqual(
        trace(new Deserializer(input), ['Uleb128AsU32']),
      );
    }
    expect(new ViewDeserializer(new Uint8Array([0x80, 0x01])).deserializeUleb128AsU32()).toBe(128);
  });

  it('decodes signed transactions, and damaged ones, exactly as the SDK does', () => {
    const signer = Ed25519Signer.generate();
    const valid = signedTransfer(signer, 12_345n, 7n);
    expect(decodeWith((b) => new ViewDeserializer(b), valid)).toBe(
      decodeWith((b) => new Deserializer(b), valid),
    );
    expect(decodeWith((b) => new ViewDeserializer(b), valid)).not.toMatch(/^error/);
    fc.assert(
      fc.property(
        fc.nat({ max: valid.length - 1 }),
        fc.integer({ min: 0, max: 255 }),
        fc.nat({ max: valid.length }),
        (at, byte, cut) => {
          const damaged = valid.slice(0, cut === 0 ? valid.length : cut);
          if (at < damaged.length) damaged[at] = byte;
          expect(decodeWith((b) => new ViewDeserializer(b), damaged)).toBe(
            decodeWith((b) => new Deserializer(b), damaged),
          );
        },
      ),
      { numRuns: 1_000, seed: 29 },
    );
  });

  it('keeps its own copy: changing the input afterwards changes nothing decoded', () => {
    const signer = Ed25519Signer.generate();
    const bytes = signedTransfer(signer, 1n, 0n);
    const decoded = decodeSignedTransaction(bytes);
    const args = decoded.entry?.args.map((arg) => Array.from(arg));
    bytes.fill(0);
    expect(decoded.entry?.args.map((arg) => Array.from(arg))).toEqual(args);
    expect(decoded.sender).toBe(signer.address);
  });
});
