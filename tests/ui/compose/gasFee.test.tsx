import { describe, expect, it } from 'vitest';
import { formatSignedOctas, gasFee } from '../../../src/features/compose/results/gasFee';

describe('gasFee', () => {
  it('multiplies gas used by the unit price in octas and APT', () => {
    expect(gasFee({ gasUsed: '1204', gasUnitPrice: '100' })).toEqual({
      gasUsed: '1204',
      gasUnitPrice: '100',
      feeOctas: '120400',
      feeApt: '0.001204',
    });
  });

  it('never loses precision on u64 values', () => {
    const fee = gasFee({ gasUsed: '18446744073709551615', gasUnitPrice: '10000000000' });
    expect(fee?.feeOctas).toBe('184467440737095516150000000000');
    expect(fee?.feeApt).toBe('1,844,674,407,370,955,161,500');
  });

  it('is zero for zero gas', () => {
    expect(gasFee({ gasUsed: '0', gasUnitPrice: '100' })?.feeOctas).toBe('0');
  });

  it('is null when a figure is missing or not an unsigned integer', () => {
    expect(gasFee({ gasUsed: null, gasUnitPrice: '100' })).toBeNull();
    expect(gasFee({ gasUsed: '10', gasUnitPrice: undefined })).toBeNull();
    expect(gasFee({ gasUsed: '-1', gasUnitPrice: '100' })).toBeNull();
    expect(gasFee({ gasUsed: '1.5', gasUnitPrice: '100' })).toBeNull();
  });
});

describe('formatSignedOctas', () => {
  it('signs and formats octas as APT', () => {
    expect(formatSignedOctas('-25000000')).toBe('-0.25');
    expect(formatSignedOctas('150000000')).toBe('+1.5');
    expect(formatSignedOctas('0')).toBe('0');
  });
});
