import { describe, expect, it } from 'vitest';
import {
  ADDRESS_HINT,
  canonicalAddresses,
  compactAddresses,
  parseAddress,
  shortAddress,
} from '../../../src/format/address';

const long = (hex: string) => `0x${hex.padStart(64, '0')}`;

describe('parseAddress (the one address parser)', () => {
  it.each([
    ['0x1', long('1')],
    ['0xb0b', long('b0b')],
    ['0xB0B', long('b0b')],
    ['0XcAfE', long('cafe')],
    ['  0xb0b  ', long('b0b')],
    [`0x${'a'.repeat(64)}`, `0x${'a'.repeat(64)}`],
    [`0x${'0'.repeat(64)}`, `0x${'0'.repeat(64)}`],
    ['A'.repeat(64), `0x${'a'.repeat(64)}`],
  ])('accepts %s as %s', (input, address) => {
    expect(parseAddress(input)).toEqual({ ok: true, address });
  });

  it.each([
    ['', 'Address is empty.'],
    ['   ', 'Address is empty.'],
    ['0x', 'Address "0x" has no hex digits after 0x.'],
    ['b0b', 'Address "b0b" must start with 0x: type 0xb0b.'],
    [
      'a'.repeat(63),
      `Address "aaaaaaaaaaaa…aaaaaaaa" must start with 0x: type 0x${'a'.repeat(63)}.`,
    ],
    [`0x${'1'.repeat(65)}`, 'Address has 65 hex digits after 0x; at most 64 are allowed.'],
    ['0xb0g', 'Address "0xb0g" has "g", which is not a hex digit.'],
    ['0x b0b', 'Address "0x b0b" has a space, which is not a hex digit.'],
    ['alice', 'Address "alice" has "l", which is not a hex digit.'],
    ['0x1::coin', 'Address "0x1::coin" has ":", which is not a hex digit.'],
  ])('refuses %j: %s', (input, problem) => {
    expect(parseAddress(input)).toEqual({ ok: false, error: `${problem} ${ADDRESS_HINT}` });
  });

  it('names the field and never leaks SDK wording', () => {
    const result = parseAddress('0xzz', 'Recipient');
    expect(result).toEqual({
      ok: false,
      error: `Recipient "0xzz" has "z", which is not a hex digit. ${ADDRESS_HINT}`,
    });
    expect(ADDRESS_HINT).toBe(
      'An address is 0x followed by 1 to 64 hex digits (0-9, a-f), e.g. 0x1 or 0xb0b; short forms are padded with zeros.',
    );
    expect(JSON.stringify(result)).not.toMatch(/addresss|padStart|Hex string/);
  });

  it('odd lengths are fine: 0xabc pads to 64 digits', () => {
    expect(parseAddress('0xabc')).toEqual({ ok: true, address: long('abc') });
  });
});

describe('shortAddress', () => {
  it('shortens long forms and keeps short ones', () => {
    expect(shortAddress(`0x${'a'.repeat(60)}beef`)).toBe('0xaaaa…beef');
    expect(shortAddress('0x1')).toBe('0x1');
  });
});

describe('compactAddresses (short names at display) and canonicalAddresses (hover and copy)', () => {
  const cafe = long('cafe');

  it.each([
    [`${cafe}::playground::abort_with`, '0xcafe::playground::abort_with'],
    ['0x1::aptos_account::transfer', '0x1::aptos_account::transfer'],
    [`${long('1')}::coin::transfer`, '0x1::coin::transfer'],
    [`${long('0')}::m::f`, '0x0::m::f'],
    [`${long('f')}::m::f`, '0xf::m::f'],
    [`0x${'A'.repeat(64)}::M::F`, `0x${'a'.repeat(64)}::M::F`],
    [`${long('0b0b')}::m::T`, '0xb0b::m::T'],
    [`0x1::coin::CoinStore<${cafe}::usd::USD>`, '0x1::coin::CoinStore<0xcafe::usd::USD>'],
    [
      `0x1::object::Object<${long('1')}::fungible_asset::Metadata>`,
      '0x1::object::Object<0x1::fungible_asset::Metadata>',
    ],
    [
      `${cafe}::pair::Pair<${long('b0b')}::a::A, vector<${cafe}::b::B>>`,
      '0xcafe::pair::Pair<0xb0b::a::A, vector<0xcafe::b::B>>',
    ],
    [`Move abort in ${cafe}::playground: 0x2a`, 'Move abort in 0xcafe::playground: 0x2a'],
    [
      `Check the arguments against what ${cafe}::playground expects (its source documents abort code 0x2a).`,
      'Check the arguments against what 0xcafe::playground expects (its source documents abort code 0x2a).',
    ],
  ])('shortens %s', (full, short) => {
    expect(compactAddresses(full)).toBe(short);
  });

  it('leaves hashes, abort codes and what is not an address before :: as they are', () => {
    const hash = `0x00${'ab'.repeat(31)}`;
    expect(compactAddresses(`hash ${hash}`)).toBe(`hash ${hash}`);
    expect(compactAddresses('EINSUFFICIENT_BALANCE(0x010006)')).toBe(
      'EINSUFFICIENT_BALANCE(0x010006)',
    );
    expect(compactAddresses(`0x${'1'.repeat(65)}::m::f`)).toBe(`0x${'1'.repeat(65)}::m::f`);
    expect(compactAddresses('a0x0001::m::f')).toBe('a0x0001::m::f');
    expect(compactAddresses('')).toBe('');
  });

  it.each([
    ['0xcafe::playground::abort_with', `${cafe}::playground::abort_with`],
    [`${cafe}::playground::abort_with`, `${cafe}::playground::abort_with`],
    [`${long('1')}::coin::CoinStore<0xB0B::m::T>`, `0x1::coin::CoinStore<${long('b0b')}::m::T>`],
    ['0x0::m::f', '0x0::m::f'],
    ['0x10::m::f', `${long('10')}::m::f`],
  ])('writes %s in full as %s', (short, full) => {
    expect(canonicalAddresses(short)).toBe(full);
  });

  it('round-trips: the full form of the short form is the full form', () => {
    const name = `0x1::coin::CoinStore<${cafe}::usd::USD>`;
    expect(canonicalAddresses(compactAddresses(name))).toBe(name);
  });
});
