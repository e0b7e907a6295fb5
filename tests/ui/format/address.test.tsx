import { describe, expect, it } from 'vitest';
import { ADDRESS_HINT, parseAddress, shortAddress } from '../../../src/format/address';

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
