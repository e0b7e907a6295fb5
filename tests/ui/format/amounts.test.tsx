import { describe, expect, it } from 'vitest';
import { formatApt, formatUnits, unitsText, parseAmount } from '../../../src/format/amounts';

describe('parseAmount', () => {
  it.each([
    ['1', '100000000'],
    ['1.5', '150000000'],
    ['0.00000001', '1'],
    ['.25', '25000000'],
    ['12345678901.12345678', '1234567890112345678'],
    [' 2 ', '200000000'],
    ['1,000', '100000000000'],
    ['1_000.5', '100050000000'],
  ])('reads %j (APT by default) as %s octas', (input, octas) => {
    expect(parseAmount(input)).toEqual({ octas });
  });

  it.each([
    ['0.1 APT', '10000000'],
    ['0.1apt', '10000000'],
    ['250 octas', '250'],
    ['1 octa', '1'],
    ['10000000 OCTAS', '10000000'],
  ])('reads %j with its unit as %s octas', (input, octas) => {
    expect(parseAmount(input)).toEqual({ octas });
    expect(parseAmount(input, { bareUnit: 'octas' })).toEqual({ octas });
  });

  it('reads a bare number as octas where octas are the default (Move u64 arguments)', () => {
    expect(parseAmount('10000000', { bareUnit: 'octas' })).toEqual({ octas: '10000000' });
    expect(parseAmount('1.5', { bareUnit: 'octas' })).toEqual({
      error: 'Octas are whole numbers (1 APT = 100000000 octas); drop the decimals.',
    });
  });

  it.each([
    ['', /Enter an amount/],
    ['abc', /Enter an amount/],
    ['-1', /Enter an amount/],
    ['1e3', /Enter an amount/],
    ['1 BTC', /Enter an amount/],
    ['1,5', /Enter an amount/],
    ['0.000000001', /8 decimals/],
    ['0', /more than 0/],
    ['0 octas', /more than 0/],
    ['184467440737.09551616', /u64/],
    ['18446744073709551616 octas', /u64/],
  ])('refuses %j', (input, message) => {
    const result = parseAmount(input);
    expect('error' in result && result.error).toMatch(message);
  });

  it('accepts 0 where zero is an amount', () => {
    expect(parseAmount('0', { allowZero: true })).toEqual({ octas: '0' });
  });

  it('keeps the largest u64 exactly (no floating point)', () => {
    expect(parseAmount('184467440737.09551615')).toEqual({ octas: '18446744073709551615' });
    expect(parseAmount('18446744073709551615 octas')).toEqual({ octas: '18446744073709551615' });
  });

  it('round-trips through formatUnits for every scale of amount', () => {
    for (const octas of ['1', '10', '12345678', '100000000', '18446744073709551615']) {
      expect(parseAmount(formatUnits(octas, 8, { group: false }))).toEqual({ octas });
    }
  });
});

describe('formatApt', () => {
  it.each([
    ['10000000', '0.1 APT (10,000,000 octas)'],
    ['100000000', '1 APT (100,000,000 octas)'],
    ['1', '0.00000001 APT (1 octa)'],
    ['0', '0 APT (0 octas)'],
    ['18446744073709551615', '184,467,440,737.09551615 APT (18,446,744,073,709,551,615 octas)'],
  ])('shows %s octas as %s', (octas, text) => {
    expect(formatApt(octas)).toBe(text);
  });
});

describe('unitsText', () => {
  it('agrees the noun with the count', () => {
    expect(unitsText('1')).toBe('1 unit');
    expect(unitsText('-1')).toBe('-1 unit');
    expect(unitsText('+1')).toBe('+1 unit');
    expect(unitsText('10')).toBe('10 units');
    expect(unitsText('0')).toBe('0 units');
    expect(unitsText('18446744073709551615')).toBe('18446744073709551615 units');
  });
});
