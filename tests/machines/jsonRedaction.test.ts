/**
 * What keeps keys out of exports (`redactSecrets`) and what keeps records JSON-safe without the
 * engine's JSON (`toJsonValue`'s and `cloneJson`'s plain-data path, which the run recorder takes
 * on every transition).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redactSecrets, toJsonValue } from '../../machines';
import { cloneJson } from '../../machines/json';
import type { JsonValue } from '../../machines';

const KEY_HEX = 'ab'.repeat(32);
const AIP80 = `ed25519-priv-0x${KEY_HEX}`;
const PHRASE =
  'abandon ability able about above absent absorb abstract absurd abuse access accident';

describe('redactSecrets', () => {
  it('keeps numbers, booleans and null, alone and inside arrays and objects', () => {
    for (const value of [0, 7, -2.5, true, false, null]) expect(redactSecrets(value)).toBe(value);
    const record: JsonValue = { n: 1, ok: false, none: null, list: [2, true, null, 'x'] };
    expect(redactSecrets(record)).toStrictEqual(record);
  });

  it('returns copies: the value given is never changed', () => {
    const value: JsonValue = { privateKey: 'k', list: [{ seed: 's' }] };
    const copy = redactSecrets(value);
    expect(value).toStrictEqual({ privateKey: 'k', list: [{ seed: 's' }] });
    expect(copy).not.toBe(value);
    expect((copy as { list: JsonValue[] }).list).not.toBe((value as { list: JsonValue[] }).list);
  });

  it.each([
    'privateKey',
    'PRIVATE_KEY',
    'clientSecret',
    'mnemonic',
    'seedHex',
    'recoveryPhrase',
    'Password',
  ])('redacts the whole value under %j, whatever it holds', (key) => {
    for (const value of ['0x12', 42, true, null, ['a'], { inner: 'x' }] as JsonValue[]) {
      expect(redactSecrets({ [key]: value, other: 1 })).toStrictEqual({
        [key]: '[redacted]',
        other: 1,
      });
    }
    // Asked again (the answer per key is remembered): the same.
    expect(redactSecrets({ [key]: 'again' })).toStrictEqual({ [key]: '[redacted]' });
  });

  it('keeps values under keys that name no secret', () => {
    const value: JsonValue = {
      publicKey: '0xed',
      sender: '0xa11ce',
      keyType: 'ed25519',
      hash: '0x1',
    };
    expect(redactSecrets(value)).toStrictEqual(value);
    expect(redactSecrets(value)).toStrictEqual(value);
  });

  it('redacts keys, phrases and 32-byte hex inside strings at any depth', () => {
    expect(
      redactSecrets({
        cause: [`signing with ${AIP80} failed`],
        nested: { deeper: { note: `phrase: ${PHRASE}.` } },
        text: `raw key ${KEY_HEX} in a message`,
      }),
    ).toStrictEqual({
      cause: ['signing with [redacted] failed'],
      nested: { deeper: { note: 'phrase: [redacted].' } },
      text: 'raw key [redacted] in a message',
    });
  });

  it('redacts an AIP-80 key of any length, and one that is the whole string', () => {
    expect(redactSecrets('ed25519-priv-0x1f')).toBe('[redacted]');
    expect(redactSecrets(AIP80)).toBe('[redacted]');
    expect(redactSecrets(`secp256k1-priv-0x${KEY_HEX}`)).toBe('[redacted]');
  });

  it('keeps hex that is the whole string (a hash, an address, BCS), however long', () => {
    for (const hex of [KEY_HEX, `0x${KEY_HEX}`, `0x${'cd'.repeat(100)}`, '0x1']) {
      expect(redactSecrets(hex)).toBe(hex);
    }
    // A module path is not a key.
    expect(redactSecrets(`call 0x${KEY_HEX}::coin::transfer`)).toBe(
      `call 0x${KEY_HEX}::coin::transfer`,
    );
  });

  it('keeps short text and fewer than twelve words', () => {
    const words = PHRASE.split(' ').slice(0, 11).join(' ');
    expect(redactSecrets(words)).toBe(words);
    expect(redactSecrets('Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006)')).toBe(
      'Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006)',
    );
    // 64 characters without a dash or a space and not only hex: text, kept.
    const notKey = `z${KEY_HEX.slice(1)}`;
    expect(notKey).toHaveLength(64);
    expect(redactSecrets(notKey)).toBe(notKey);
    // Twelve words with a key beside them, both gone; a hex key after a short prefix too.
    expect(redactSecrets(`${PHRASE} ${AIP80}`)).toBe('[redacted] [redacted]');
    expect(redactSecrets(`k=${KEY_HEX}`)).toBe('k=[redacted]');
  });

  it('keeps text that becomes short once a key is gone', () => {
    expect(redactSecrets(`a-${AIP80}`)).toBe('a-[redacted]');
    expect(redactSecrets(`${AIP80} ${KEY_HEX}`)).toBe('[redacted] [redacted]');
  });
});

describe('the plain-data path (no engine JSON for plain data)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** `value` nested `levels` objects deep. */
  const nested = (levels: number, leaf: unknown = 'leaf'): unknown => {
    let value = leaf;
    for (let i = 0; i < levels; i += 1) value = { next: value };
    return value;
  };

  it('copies strings, booleans, numbers, null, arrays and plain objects itself', () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    const value = {
      s: 'text',
      b: true,
      f: false,
      n: -0,
      z: null,
      list: ['a', 1, false, null, undefined, () => 1, Symbol('s')],
      bare: Object.assign(Object.create(null) as object, { k: 'v' }),
      skipped: undefined,
      fn: () => 1,
      sym: Symbol('t'),
      deep: nested(31),
    };
    const expected = {
      s: 'text',
      b: true,
      f: false,
      n: 0,
      z: null,
      list: ['a', 1, false, null, null, null, null],
      bare: { k: 'v' },
      deep: nested(31),
    };
    expect(toJsonValue(value)).toStrictEqual(expected);
    expect(cloneJson(value)).toStrictEqual(expected);
    expect(toJsonValue('alone')).toBe('alone');
    expect(toJsonValue(false)).toBe(false);
    expect(stringify).not.toHaveBeenCalled();
  });

  it('hands the engine what plain data cannot hold', () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    for (const value of [
      1n,
      [1n],
      { n: 1n },
      Number.NaN,
      [Infinity],
      new Uint8Array([1]),
      new Date(0),
      { toJSON: () => 'j' },
      nested(34),
      [nested(33)],
      JSON.parse('{"__proto__": {"x": 1}}') as unknown,
    ]) {
      stringify.mockClear();
      toJsonValue(value);
      expect(stringify, String(value)).toHaveBeenCalled();
    }
  });

  it('copies 33 levels itself and hands deeper values to the engine', () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    toJsonValue(nested(33));
    expect(stringify).not.toHaveBeenCalled();
    toJsonValue(nested(34));
    expect(stringify).toHaveBeenCalledTimes(1);
    stringify.mockClear();
    expect(cloneJson(nested(34))).toStrictEqual(nested(34));
    expect(stringify).toHaveBeenCalledTimes(1);
  });

  it('writes -0 as 0 on the engine’s path too, as JSON does', () => {
    const copy = toJsonValue({ zero: -0, list: [-0], amount: 1n }) as {
      zero: number;
      list: number[];
      amount: string;
    };
    expect(copy.amount).toBe('1');
    expect(Object.is(copy.zero, 0)).toBe(true);
    expect(Object.is(copy.list[0], 0)).toBe(true);
  });

  it('hands a value to the engine when the plain copy fails part-way, never half a copy', () => {
    // A getter that fails on its first read (a lazily loaded field): the engine reads it again.
    let reads = 0;
    const value = {
      early: 'kept',
      get lazy() {
        reads += 1;
        if (reads === 1) throw new Error('not loaded yet');
        return 'loaded';
      },
    };
    expect(toJsonValue(value)).toStrictEqual({ early: 'kept', lazy: 'loaded' });
    expect(reads).toBe(2);
  });

  it('returns fresh objects and arrays, never the ones given', () => {
    const inner = { a: [1] };
    const copy = toJsonValue({ inner }) as { inner: { a: number[] } };
    expect(copy.inner).not.toBe(inner);
    expect(copy.inner.a).not.toBe(inner.a);
    const cloned = cloneJson({ inner });
    expect(cloned.inner).not.toBe(inner);
  });
});
