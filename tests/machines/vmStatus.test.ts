import { describe, expect, it } from 'vitest';
import {
  explainValidationCode,
  explainVmStatus,
  parseMoveAbort,
  VALIDATION_CODES,
} from '../../machines/vmStatus';

describe('parseMoveAbort', () => {
  it('reads module, name, code and description of a named abort', () => {
    const abort = parseMoveAbort(
      'Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins to complete transaction',
    );
    expect(abort).toEqual({
      address: '0x1',
      module: 'coin',
      name: 'EINSUFFICIENT_BALANCE',
      code: '65542',
      codeHex: '0x10006',
      category: expect.stringMatching(/^INVALID_ARGUMENT/),
      reason: '6',
      description: 'Not enough coins to complete transaction',
    });
  });

  it('keeps a description that ends with a period', () => {
    const abort = parseMoveAbort(
      'Move abort in 0x1::fungible_asset: EINSUFFICIENT_BALANCE(0x10004): Insufficient balance to withdraw or transfer.',
    );
    expect(abort?.module).toBe('fungible_asset');
    expect(abort?.description).toBe('Insufficient balance to withdraw or transfer.');
  });

  it('reads the short form without a name (playground abort_with)', () => {
    expect(parseMoveAbort('Move abort in 0xcafe::playground: 0x2a')).toEqual({
      address: '0xcafe',
      module: 'playground',
      name: null,
      code: '42',
      codeHex: '0x2a',
      category: null,
      reason: '42',
      description: null,
    });
  });

  it('reads a named abort without a description', () => {
    const abort = parseMoveAbort('Move abort in 0xcafe::playground: ENO_VALUE(0x60001)');
    expect(abort?.name).toBe('ENO_VALUE');
    expect(abort?.category).toMatch(/^NOT_FOUND/);
    expect(abort?.description).toBeNull();
  });

  it('is null for anything else', () => {
    expect(parseMoveAbort('Out of gas')).toBeNull();
    expect(parseMoveAbort('Move abort somewhere')).toBeNull();
    expect(parseMoveAbort('')).toBeNull();
  });
});

describe('explainVmStatus', () => {
  it('explains success', () => {
    expect(explainVmStatus('Executed successfully')).toMatchObject({ kind: 'success', fix: null });
  });

  it('explains an abort with its parts and a fix', () => {
    const explained = explainVmStatus(
      'Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins to complete transaction',
    );
    expect(explained.kind).toBe('abort');
    expect(explained.title).toBe('Move abort in 0x1::coin');
    expect(explained.explanation).toContain('EINSUFFICIENT_BALANCE (code 0x10006)');
    expect(explained.explanation).toContain('Not enough coins');
    expect(explained.fix).toMatch(/Fund the account or lower the amount/);
  });

  it('explains an unnamed abort', () => {
    const explained = explainVmStatus('Move abort in 0xcafe::playground: 0x2a');
    expect(explained.kind).toBe('abort');
    expect(explained.explanation).toContain('code 0x2a');
    expect(explained.fix).toContain('0xcafe::playground');
  });

  it('explains out of gas', () => {
    const explained = explainVmStatus('Out of gas');
    expect(explained.kind).toBe('outOfGas');
    expect(explained.explanation).toContain('gas used = max gas amount');
    expect(explained.fix).toMatch(/Raise max gas amount/);
  });

  it.each(Object.keys(VALIDATION_CODES))('explains the bare validation status %s', (name) => {
    const explained = explainVmStatus(name);
    expect(explained.kind).toBe('validation');
    expect(explained.validation?.name).toBe(name);
    expect(explained.fix).toBe(explainValidationCode({ name }).fix);
    expect(explained.fix).not.toBe('');
  });

  it('passes through an unknown status', () => {
    expect(explainVmStatus('Something new')).toMatchObject({
      kind: 'other',
      title: 'Something new',
    });
  });
});

describe('explainValidationCode', () => {
  // Every code LOCALNET.md lists, by number.
  const localnetCodes: [number, string][] = [
    [1, 'INVALID_SIGNATURE'],
    [2, 'INVALID_AUTH_KEY'],
    [3, 'SEQUENCE_NUMBER_TOO_OLD'],
    [5, 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE'],
    [6, 'TRANSACTION_EXPIRED'],
    [7, 'SENDING_ACCOUNT_DOES_NOT_EXIST'],
    [13, 'MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND'],
    [14, 'MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS'],
    [15, 'GAS_UNIT_PRICE_BELOW_MIN_BOUND'],
    [16, 'GAS_UNIT_PRICE_ABOVE_MAX_BOUND'],
    [23, 'BAD_CHAIN_ID'],
  ];

  it.each(localnetCodes)('explains vm_error_code %i (%s) with a cause and a fix', (code, name) => {
    const byCode = explainValidationCode({ code });
    expect(byCode.name).toBe(name);
    expect(byCode.likelyCause.length).toBeGreaterThan(20);
    expect(byCode.fix.length).toBeGreaterThan(10);
    expect(explainValidationCode({ name })).toBe(byCode);
  });

  it('says what to do about a stale sequence number', () => {
    expect(explainValidationCode({ name: 'SEQUENCE_NUMBER_TOO_OLD' }).fix).toMatch(
      /Remove the sequence number override/,
    );
  });

  it('falls back for an unknown code', () => {
    const unknown = explainValidationCode({ code: 999 });
    expect(unknown.name).toBe('code 999');
    expect(unknown.fix).toBeTruthy();
  });
});
