import { describe, expect, it } from 'vitest';
import {
  argumentParams,
  parseAbiType,
  parseArgument,
  parseTypeArgument,
  resolveGenerics,
  type ByteEncoding,
  type MoveType,
} from '../../../../src/features/compose/composer/moveArguments';

const long = (hex: string) => `0x${hex.padStart(64, '0')}`;

function parse(abiType: string, text: string, encoding?: ByteEncoding) {
  return parseArgument({ type: parseAbiType(abiType), text, encoding });
}

function errorOf(abiType: string, text: string, encoding?: ByteEncoding): string {
  const result = parse(abiType, text, encoding);
  if (result.ok) throw new Error(`expected an error for ${abiType} ${JSON.stringify(text)}`);
  return result.error;
}

describe('parseAbiType', () => {
  it('reads every supported ABI type', () => {
    expect(parseAbiType('&signer')).toEqual({ kind: 'signer' });
    expect(parseAbiType('u64')).toEqual({ kind: 'integer', name: 'u64' });
    expect(parseAbiType('vector<vector<u8>>')).toEqual({
      kind: 'vector',
      inner: { kind: 'vector', inner: { kind: 'integer', name: 'u8' } },
    });
    expect(parseAbiType('0x1::string::String')).toEqual({ kind: 'string' });
    expect(parseAbiType('0x1::object::Object<T0>')).toEqual({ kind: 'object', inner: 'T0' });
    expect(parseAbiType('0x1::option::Option<address>')).toEqual({
      kind: 'option',
      inner: { kind: 'address' },
    });
    expect(parseAbiType('T1')).toEqual({ kind: 'generic', index: 1 });
    expect(parseAbiType('0xcafe::playground::Stored')).toEqual({
      kind: 'struct',
      name: `${long('cafe')}::playground::Stored`,
    });
  });

  it('drops the leading signer parameters only', () => {
    expect(argumentParams(['&signer', 'address', 'u64'])).toEqual(['address', 'u64']);
    expect(argumentParams(['&signer', '&signer', 'u64'])).toEqual(['u64']);
    expect(argumentParams(['signer'])).toEqual([]);
    expect(argumentParams(['address'])).toEqual(['address']);
  });
});

describe('address', () => {
  it('accepts short and long forms and emits the long form', () => {
    expect(parse('address', '0x1')).toEqual({ ok: true, value: long('1') });
    expect(parse('address', ' 0xCAFE ')).toEqual({ ok: true, value: long('cafe') });
    expect(parse('address', long('b0b'))).toEqual({ ok: true, value: long('b0b') });
  });

  it.each([
    // The app's one address message (src/format/address.ts).
    ['', /^address is empty\./],
    ['cafe', /^address "cafe" must start with 0x: type 0xcafe\./],
    ['0x', /^address "0x" has no hex digits after 0x\./],
    [`0x${'1'.repeat(65)}`, /^address has 65 hex digits after 0x; at most 64 are allowed\./],
    ['0xzz', /^address "0xzz" has "z", which is not a hex digit\./],
  ])('refuses %j', (text, message) => {
    const error = errorOf('address', text);
    expect(error).toMatch(message);
    expect(error).toContain('e.g. 0x1');
  });
});

describe('bool', () => {
  it('accepts true and false', () => {
    expect(parse('bool', 'true')).toEqual({ ok: true, value: true });
    expect(parse('bool', ' False ')).toEqual({ ok: true, value: false });
  });
  it.each(['', 'yes', '1'])('refuses %j', (text) => {
    expect(errorOf('bool', text)).toMatch(/^bool must be true or false; got /);
  });
});

describe('unsigned integers', () => {
  it.each([
    ['u8', '255'],
    ['u16', '65535'],
    ['u32', '4294967295'],
    ['u64', '18446744073709551615'],
    ['u128', '340282366920938463463374607431768211455'],
    ['u256', (2n ** 256n - 1n).toString()],
  ])('accepts the maximum of %s as a decimal string', (type, max) => {
    expect(parse(type, max)).toEqual({ ok: true, value: max });
    expect(parse(type, '0')).toEqual({ ok: true, value: '0' });
  });

  it('normalises leading zeros without losing precision', () => {
    expect(parse('u64', '000018446744073709551615')).toEqual({
      ok: true,
      value: '18446744073709551615',
    });
  });

  it.each([
    ['u8', '256', 'u8 must be a whole number from 0 to 255; got 256'],
    ['u16', '65536', 'u16 must be a whole number from 0 to 65535; got 65536'],
    ['u32', '4294967296', 'u32 must be a whole number from 0 to 4294967295; got 4294967296'],
    [
      'u64',
      '18446744073709551616',
      'u64 must be a whole number from 0 to 18446744073709551615; got 18446744073709551616',
    ],
    ['u128', (2n ** 128n).toString(), `u128 must be a whole number from 0 to ${2n ** 128n - 1n}`],
    ['u256', (2n ** 256n).toString(), `u256 must be a whole number from 0 to ${2n ** 256n - 1n}`],
  ])('refuses %s out of range', (type, text, message) => {
    expect(errorOf(type, text)).toContain(message);
  });

  it.each([
    ['u8', '-1', 'got -1'],
    ['u64', '-5', 'got -5'],
    ['u64', '', 'got nothing'],
    ['u64', 'abc', 'got "abc"'],
    ['u64', '1.5', '(no decimals)'],
    ['u64', '1e3', '(write the digits out, no exponent)'],
    ['u128', '0x10', 'got "0x10"'],
    ['u32', '1 000', 'got "1 000"'],
  ])('refuses %s %j', (type, text, fragment) => {
    const error = errorOf(type, text);
    expect(error).toMatch(new RegExp(`^${type} must be a whole number from 0 to \\d+`));
    expect(error).toContain(fragment);
  });

  it('supports the signed widths too', () => {
    expect(parse('i8', '-128')).toEqual({ ok: true, value: '-128' });
    expect(errorOf('i8', '128')).toBe('i8 must be a whole number from -128 to 127; got 128');
  });
});

describe('vector<T>', () => {
  it('reads comma-separated items, one per line, brackets, and empty', () => {
    expect(parse('vector<u64>', '1, 2,3')).toEqual({ ok: true, value: ['1', '2', '3'] });
    expect(parse('vector<u64>', '1\n2\n3')).toEqual({ ok: true, value: ['1', '2', '3'] });
    expect(parse('vector<u64>', '[4, 5]')).toEqual({ ok: true, value: ['4', '5'] });
    expect(parse('vector<u64>', '')).toEqual({ ok: true, value: [] });
    expect(parse('vector<address>', '0x1\n0xb0b')).toEqual({
      ok: true,
      value: [long('1'), long('b0b')],
    });
    expect(parse('vector<bool>', 'true,false')).toEqual({ ok: true, value: [true, false] });
  });

  it('reads nested vectors as lines of comma-separated items', () => {
    expect(parse('vector<vector<u8>>', '0x0102\n0x')).toEqual({
      ok: true,
      value: [['1', '2'], []],
    });
    expect(parse('vector<vector<u16>>', '1,2\n3')).toEqual({
      ok: true,
      value: [['1', '2'], ['3']],
    });
  });

  it('reads vector<String> one per line, keeping commas', () => {
    expect(parse('vector<0x1::string::String>', 'a, b\nc')).toEqual({
      ok: true,
      value: ['a, b', 'c'],
    });
  });

  it('names the bad item and what is allowed', () => {
    expect(errorOf('vector<u8>', '0x1')).toMatch(/even number of digits/);
    expect(errorOf('vector<u64>', '1, x')).toBe(
      'item 2: u64 must be a whole number from 0 to 18446744073709551615; got "x"',
    );
    expect(errorOf('vector<address>', '0x1\nnope')).toMatch(
      /^item 2: address "nope" has "n", which is not a hex digit\./,
    );
  });

  it.each([
    ['1,,2', /item 2 of the list is empty; separate items with single commas/],
    ['1,', /item 2 of the list is empty/],
    ['[1, 2', /unmatched bracket/],
    ['1\n\n2', /item 2 of the list is empty; separate items with one per line/],
  ])('refuses the malformed list %j', (text, message) => {
    expect(errorOf('vector<u64>', text)).toMatch(message);
  });
});

describe('vector<u8>', () => {
  it('reads hex into byte values (decimal strings)', () => {
    expect(parse('vector<u8>', '0x48690aff')).toEqual({
      ok: true,
      value: ['72', '105', '10', '255'],
    });
    expect(parse('vector<u8>', '0x')).toEqual({ ok: true, value: [] });
    expect(parse('vector<u8>', '0XAB')).toEqual({ ok: true, value: ['171'] });
  });

  it('encodes UTF-8 text itself', () => {
    expect(parse('vector<u8>', 'Hi é', 'utf8')).toEqual({
      ok: true,
      value: ['72', '105', '32', '195', '169'],
    });
    // In UTF-8 mode, hex-looking text is just text.
    expect(parse('vector<u8>', '0x01', 'utf8')).toEqual({
      ok: true,
      value: ['48', '120', '48', '49'],
    });
  });

  it.each([
    ['abcd', /must start with 0x; got "abcd".*or switch to UTF-8 text/],
    ['0xabc', /even number of digits \(two per byte\); got 3/],
    ['0xzz', /only contain 0-9 and a-f; got "0xzz"/],
  ])('refuses the bad hex %j', (text, message) => {
    expect(errorOf('vector<u8>', text)).toMatch(message);
  });

  it('refuses text that is not valid UTF-8', () => {
    expect(errorOf('vector<u8>', 'a\uD800b', 'utf8')).toMatch(/valid UTF-8.*lone surrogate/);
  });
});

describe('0x1::string::String', () => {
  it('keeps the text exactly, spaces and empty included', () => {
    expect(parse('0x1::string::String', '  hello, world ')).toEqual({
      ok: true,
      value: '  hello, world ',
    });
    expect(parse('0x1::string::String', '')).toEqual({ ok: true, value: '' });
  });
  it('refuses a lone surrogate', () => {
    expect(errorOf('0x1::string::String', '\uDC00')).toMatch(/valid UTF-8/);
  });
});

describe('0x1::object::Object<T>', () => {
  it('takes an object address, emitted in long form', () => {
    expect(parse('0x1::object::Object<0x1::fungible_asset::Metadata>', '0xa')).toEqual({
      ok: true,
      value: long('a'),
    });
  });
  it('refuses a bad address and says what an object argument is', () => {
    expect(errorOf('0x1::object::Object<T0>', 'metadata')).toMatch(
      /^Object<T0> \(an object address\) "metadata" has "m", which is not a hex digit\./,
    );
  });
});

describe('0x1::option::Option<T>', () => {
  it('is null when empty, else the inner value', () => {
    expect(parse('0x1::option::Option<u64>', '')).toEqual({ ok: true, value: null });
    expect(parse('0x1::option::Option<u64>', '  ')).toEqual({ ok: true, value: null });
    expect(parse('0x1::option::Option<u64>', '7')).toEqual({ ok: true, value: '7' });
    expect(parse('0x1::option::Option<address>', '0x1')).toEqual({ ok: true, value: long('1') });
    expect(parse('0x1::option::Option<vector<u8>>', '0x01')).toEqual({ ok: true, value: ['1'] });
  });
  it('refuses a bad inner value and says empty means none', () => {
    const error = errorOf('0x1::option::Option<u8>', '300');
    expect(error).toMatch(/^Option: leave empty for none, or give a whole number from 0 to 255\./);
    expect(error).toContain('u8 must be a whole number from 0 to 255; got 300');
  });
});

describe('type arguments and generics', () => {
  it('parses type arguments with the SDK and canonicalises them', () => {
    expect(parseTypeArgument({ text: ' u64 ', label: 'T0' })).toEqual({
      ok: true,
      value: { tag: 'u64', type: { kind: 'integer', name: 'u64' } },
    });
    const coin = parseTypeArgument({ text: '0x1::aptos_coin::AptosCoin', label: 'T0' });
    expect(coin.ok && coin.value.tag).toBe('0x1::aptos_coin::AptosCoin');
    const playground = parseTypeArgument({ text: '0xcafe::playground::Stored', label: 'T0' });
    expect(playground.ok && playground.value.tag).toBe(`${long('cafe')}::playground::Stored`);
  });

  it.each([
    ['', /^T0 is empty\. Use a Move type such as u64/],
    ['u65', /^T0 is not a Move type \('u65', unknown type\)\. Use a Move type/],
    ['vector<u8', /^T0 is not a Move type .*no matching '>' for '<'/],
    ['0x1::coin', /^T0 is not a Move type .*unexpected struct format/],
    ['signer', /^T0 cannot be signer or a reference/],
    ['T1', /^T0 is not a Move type/],
  ])('refuses the type argument %j', (text, message) => {
    const result = parseTypeArgument({ text, label: 'T0' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('resolves T0 to the chosen type argument', () => {
    const u8 = parseTypeArgument({ text: 'u8', label: 'T0' });
    if (!u8.ok) throw new Error(u8.error);
    const resolved = resolveGenerics(parseAbiType('vector<T0>'), [u8.value]);
    expect(resolved).toEqual({
      ok: true,
      value: { kind: 'vector', inner: { kind: 'integer', name: 'u8' } },
    });
    if (resolved.ok)
      expect(parseArgument({ type: resolved.value, text: '0x0a' })).toEqual({
        ok: true,
        value: ['10'],
      });
  });

  it('asks for the type argument when T0 is missing or invalid', () => {
    expect(resolveGenerics(parseAbiType('T0'), [null])).toEqual({
      ok: false,
      error: "This argument's type is T0: set type argument T0 to a valid type first.",
    });
  });

  it('refuses arguments of a struct type and lists what is allowed', () => {
    const coin: MoveType = { kind: 'struct', name: '0x1::aptos_coin::AptosCoin' };
    const result = parseArgument({ type: coin, text: 'x' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatch(/^0x1::aptos_coin::AptosCoin cannot be entered as an argument/);
      expect(result.error).toContain('0x1::option::Option<T>');
    }
  });
});
