import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { redactSecrets, toJsonValue } from '../../machines';

describe('toJsonValue', () => {
  it('turns what JSON cannot hold into JSON', () => {
    const error = new Error('outer', {
      cause: Object.assign(new Error('inner'), { code: 'ECONNREFUSED' }),
    });
    expect(
      toJsonValue({
        amount: 18_446_744_073_709_551_615n,
        bytes: new Uint8Array([0, 1, 255]),
        skipped: undefined,
        fn: () => 1,
        list: [1, undefined, Number.NaN, Infinity],
        error,
      }),
    ).toEqual({
      amount: '18446744073709551615',
      bytes: '0x0001ff',
      list: [1, null, 'NaN', 'Infinity'],
      error: {
        name: 'Error',
        message: 'outer',
        cause: { name: 'Error', message: 'inner', code: 'ECONNREFUSED' },
      },
    });
  });

  it('cuts cycles but keeps shared values', () => {
    const shared = { n: 1 };
    const cyclic: Record<string, unknown> = { a: shared, b: shared, big: 1n };
    cyclic.self = cyclic;
    expect(toJsonValue(cyclic)).toEqual({ a: { n: 1 }, b: { n: 1 }, big: '1', self: '[cycle]' });
  });

  it('returns null for nothing', () => {
    expect(toJsonValue(undefined)).toBeNull();
    expect(toJsonValue(() => 1)).toBeNull();
  });
});

describe('redactSecrets', () => {
  it('removes private keys by key name and by AIP-80 form, and nothing else', () => {
    const key = `ed25519-priv-0x${'ab'.repeat(32)}`;
    expect(
      redactSecrets({
        privateKey: '0x1234',
        nested: [{ mnemonic: 'word '.repeat(12) }, `key is ${key}!`],
        publicKey: '0xed',
        sender: '0xa11ce',
      }),
    ).toEqual({
      privateKey: '[redacted]',
      nested: [{ mnemonic: '[redacted]' }, 'key is [redacted]!'],
      publicKey: '0xed',
      sender: '0xa11ce',
    });
  });
});

describe('redactSecrets fast paths', () => {
  // The patterns as they were run on every string before the fast paths (the reference).
  const AIP80 = /\b[a-z0-9]+-priv-0x[0-9a-f]+/gi;
  const HEX32 = /\b(?:0x)?[0-9a-f]{64}\b(?!::)/gi;
  const WHOLE = /^(?:0x)?[0-9a-f]+$/i;
  const PHRASE = /\b[a-z]{3,8}(?: [a-z]{3,8}){11,}\b/g;
  const reference = (text: string) => {
    const redacted = text.replace(AIP80, '[redacted]').replace(PHRASE, '[redacted]');
    return WHOLE.test(redacted) ? redacted : redacted.replace(HEX32, '[redacted]');
  };

  it('redact every string exactly as running each pattern would', () => {
    const pieces = fc.constantFrom(
      'ab'.repeat(32),
      'AB'.repeat(32),
      '0x',
      '-',
      ' ',
      'ed25519-priv-0x',
      'Secp256k1-PRIV-0x',
      '::m',
      'word',
      'abandon',
      'x',
      '1',
      'f',
      '\n',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        expect(redactSecrets(text)).toBe(reference(text));
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (text) => {
        expect(redactSecrets(text)).toBe(reference(text));
      }),
    );
  });
});
