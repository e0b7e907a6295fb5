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

describe('reading VM statuses at their edges', () => {
  it('reads addresses and codes in any case and in decimal, names with digits', () => {
    expect(parseMoveAbort('Move abort in 0xCAFE::m_2: E_2(42): doc')).toMatchObject({
      address: '0xCAFE',
      module: 'm_2',
      name: 'E_2',
      code: '42',
      codeHex: '0x2a',
      category: null,
      reason: '42',
      description: 'doc',
    });
    expect(parseMoveAbort('Move abort in 0x1::m:65537')).toMatchObject({
      name: null,
      code: '65537',
      codeHex: '0x10001',
      reason: '1',
    });
    expect(parseMoveAbort('Move abort in 0x1::m: 0xABC')?.code).toBe('2748');
  });

  it('names the category by the high bits, none for an unknown one', () => {
    const category = (hex: string) => parseMoveAbort(`Move abort in 0x1::m: ${hex}`)?.category;
    expect(category('0x10001')).toMatch(/^INVALID_ARGUMENT:/);
    expect(category('0xd0001')).toMatch(/^UNAVAILABLE:/);
    expect(category('0xe0001')).toBeNull();
    // Only the byte above the reason names the category.
    expect(category('0x1010001')).toMatch(/^INVALID_ARGUMENT:/);
    expect(parseMoveAbort('Move abort in 0x1::m: 0x1ffff')?.reason).toBe('65535');
  });

  it('keeps a description over several lines, and none that is only blanks', () => {
    expect(parseMoveAbort('Move abort in 0x1::m: E(0x1): first\nsecond')?.description).toBe(
      'first\nsecond',
    );
    expect(parseMoveAbort('Move abort in 0x1::m: E(0x1):   ')?.description).toBeNull();
    expect(parseMoveAbort('  Move abort in 0x1::m: E(0x1)  ')?.name).toBe('E');
  });

  it('refuses what is not the node’s abort form', () => {
    for (const status of [
      'Move abort in 1::m: 0x1',
      'Move abort in 0x1:m: 0x1',
      'Move abort in 0x1::9m: 0x1',
      'Move abort in 0x1::m: E(x1)',
      'Move abort in 0x1::m: E',
      'Move abort in 0x1::m: 0x1 trailing',
      'Move abort in 0xg::m: 0x1',
      'Move abort in 0x1::m-n: 0x1',
      'A Move abort in 0x1::m: 0x1',
    ]) {
      expect(parseMoveAbort(status), status).toBeNull();
    }
  });

  it('explains an abort’s description without its final period, and its category', () => {
    expect(
      explainVmStatus('Move abort in 0x1::m: ENOPE(0x60002): The thing is missing.').explanation,
    ).toBe(
      'The module 0x1::m stopped the transaction with ENOPE (code 0x60002): The thing is missing. Category NOT_FOUND: a resource or object the call needs does not exist. Nothing it wrote is kept; gas up to the abort is charged.',
    );
    expect(explainVmStatus('Move abort in 0xcafe::m: 0x2a')).toEqual({
      kind: 'abort',
      title: 'Move abort in 0xcafe::m',
      explanation:
        'The module 0xcafe::m stopped the transaction with code 0x2a. Nothing it wrote is kept; gas up to the abort is charged.',
      fix: 'Check the arguments against what 0xcafe::m expects (its source documents abort code 0x2a).',
      abort: parseMoveAbort('Move abort in 0xcafe::m: 0x2a'),
    });
  });

  it('tells out of gas only when that is the whole status', () => {
    expect(explainVmStatus('OUT OF GAS').kind).toBe('outOfGas');
    expect(explainVmStatus('  Out of gas  ').kind).toBe('outOfGas');
    expect(explainVmStatus('Not out of gas').kind).toBe('other');
    expect(explainVmStatus('Out of gas in a loop').kind).toBe('other');
  });

  it('reads a validation code after its label in any case and spacing, and nothing else', () => {
    expect(explainVmStatus('validation code:BAD_CHAIN_ID').kind).toBe('validation');
    expect(explainVmStatus('Validation Code:   BAD_CHAIN_ID').validation?.code).toBe(23);
    expect(explainVmStatus('Code: BAD_CHAIN_ID').kind).toBe('other');
    expect(explainVmStatus('X Validation Code: BAD_CHAIN_ID').kind).toBe('other');
  });

  it('names an empty status as such', () => {
    expect(explainVmStatus('   ')).toEqual({
      kind: 'other',
      title: 'No VM status',
      explanation: 'The chain reported this VM status.',
      fix: null,
    });
    expect(explainVmStatus('Executed successfully')).toEqual({
      kind: 'success',
      title: 'Executed successfully',
      explanation: 'The transaction ran to the end; its writes and events are final.',
      fix: null,
    });
  });
});

describe('names that are not statuses', () => {
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty'])(
    'finds no status named %j',
    (name) => {
      expect(explainVmStatus(name)).toMatchObject({ kind: 'other', title: name, fix: null });
      expect(explainValidationCode({ name })).toMatchObject({ code: null, name });
      expect(explainValidationCode({ name }).fix).toBe(explainValidationCode({ code: 999 }).fix);
    },
  );
});
