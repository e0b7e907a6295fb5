import { describe, expect, it } from 'vitest';
import { ledgerTime } from '../../../src/features/chain/LedgerCard';
import { formatUnits, multiplyAmounts } from '../../../src/format/amounts';
import { parseTransactionRef } from '../../../src/queries/chainQueries';

describe('parseTransactionRef', () => {
  const hash = 'AB'.repeat(32);
  it.each([
    [`0x${hash}`, { kind: 'hash', hash: `0x${hash.toLowerCase()}` }],
    [hash, { kind: 'hash', hash: `0x${hash.toLowerCase()}` }],
    ['  42 ', { kind: 'version', version: '42' }],
    ['18446744073709551615', { kind: 'version', version: '18446744073709551615' }],
  ])('reads %j', (input, expected) => {
    expect(parseTransactionRef(input)).toEqual(expected);
  });

  it.each(['', '0x12', 'xyz', '-1', '1.5', `0x${'g'.repeat(64)}`])(
    'refuses %j, saying what is allowed',
    (input) => {
      const result = parseTransactionRef(input);
      expect(result).toHaveProperty('error');
      expect('error' in result && result.error).toMatch(/64 hex characters.*ledger version/);
    },
  );
});

describe('amounts', () => {
  it.each([
    ['0', '0'],
    ['1', '0.00000001'],
    ['100000000', '1'],
    ['123456789', '1.23456789'],
    ['18446744073709551615', '184,467,440,737.09551615'],
  ])('formats %s octas as %s APT without losing precision', (octas, apt) => {
    expect(formatUnits(octas)).toBe(apt);
  });

  it('refuses what is not an unsigned integer', () => {
    expect(() => formatUnits('1.5')).toThrow(/Not an unsigned integer/);
  });

  it('multiplies u64 amounts past 2^53', () => {
    expect(multiplyAmounts('2000000', '10000000000')).toBe('20000000000000000');
    expect(multiplyAmounts('9007199254740993', '3')).toBe('27021597764222979');
  });
});

describe('ledgerTime', () => {
  it('reads microseconds as an ISO date, and time 0 as genesis', () => {
    expect(ledgerTime('1795298389000000')).toBe('2026-11-21T21:59:49.000Z');
    expect(ledgerTime('0')).toBe('genesis (no block yet)');
  });
});
