/**
 * `machines/amounts.ts`: the one formatter of decimal-string amounts, shared by the app's display
 * and the command line. Amounts never go through `number`.
 */
import { describe, expect, it } from 'vitest';
import { APT_DECIMALS, formatUnits, groupDigits } from '../../machines';

describe('groupDigits', () => {
  it.each([
    ['', ''],
    ['7', '7'],
    ['123', '123'],
    ['1234', '1,234'],
    ['123456', '123,456'],
    ['1234567', '1,234,567'],
    ['18446744073709551615', '18,446,744,073,709,551,615'],
  ])('groups %j as %j', (digits, grouped) => {
    expect(groupDigits(digits)).toBe(grouped);
  });
});

describe('formatUnits', () => {
  it('reads octas as APT by default (8 decimals)', () => {
    expect(APT_DECIMALS).toBe(8);
    expect(formatUnits('123456789')).toBe('1.23456789');
    expect(formatUnits('100000000')).toBe('1');
    expect(formatUnits('1')).toBe('0.00000001');
    expect(formatUnits('0')).toBe('0');
  });

  it('drops the trailing zeros of the fraction, keeps the leading ones', () => {
    expect(formatUnits('120000000')).toBe('1.2');
    expect(formatUnits('100500000')).toBe('1.005');
    expect(formatUnits('5000', 6)).toBe('0.005');
  });

  it('groups the whole part in thousands unless told not to', () => {
    expect(formatUnits('123456789012345678', 8)).toBe('1,234,567,890.12345678');
    expect(formatUnits('123456789012345678', 8, { group: false })).toBe('1234567890.12345678');
    expect(formatUnits('123456700000000', 8, { group: true })).toBe('1,234,567');
  });

  it('keeps every digit of amounts wider than a number holds (u64, u128)', () => {
    expect(formatUnits('18446744073709551615')).toBe('184,467,440,737.09551615');
    expect(formatUnits('340282366920938463463374607431768211455', 0, { group: false })).toBe(
      '340282366920938463463374607431768211455',
    );
  });

  it('formats assets with any number of decimals, none included', () => {
    expect(formatUnits('1234', 0)).toBe('1,234');
    expect(formatUnits('1234', 2)).toBe('12.34');
    expect(formatUnits('1234', 4)).toBe('0.1234');
    expect(formatUnits('1234', 6)).toBe('0.001234');
  });

  it.each(['', '-1', '1.5', '1e3', ' 1', '0x10', 'abc'])('refuses %j', (amount) => {
    expect(() => formatUnits(amount)).toThrow(`Not an unsigned integer amount: ${amount}`);
  });
});
