/**
 * One catalog of VM statuses (issue 35): walks every status of `machines/vmStatus.ts` and checks
 * that the classifier's outcome summary gives the fix the explanation panels give (the outcome
 * card's `explainValidationCode`, the VM status panel's `explainVmStatus`).
 */
import { describe, expect, it } from 'vitest';
import {
  classifyOutcome,
  explainValidationCode,
  explainVmStatus,
  needsRebuild,
  OUT_OF_GAS,
  VALIDATION_CODES,
  validationCodeName,
  vmStatusInSentence,
} from '../../machines';

const entries = Object.values(VALIDATION_CODES);

/** The SDK's AptosApiError for a refused submission, by shape. */
const refusal = (code: number, message = 'Invalid transaction') => ({
  error: {
    name: 'AptosApiError',
    status: 400,
    message: 'Request failed',
    data: { message, error_code: 'vm_error', vm_error_code: code },
  },
});

const simulated = (vmStatus: string) =>
  classifyOutcome({
    step: 'simulate',
    produced: { output: [{ success: false, vm_status: vmStatus, gas_used: '9' }] },
  });

const committedFailure = (vmStatus: string) =>
  classifyOutcome({
    step: 'wait',
    produced: {
      output: { success: false, vm_status: vmStatus, gas_used: '12', hash: '0x1', version: '5' },
    },
  });

describe('the VM status catalog', () => {
  it('holds each validation code once, under its own name, with a cause and a fix', () => {
    expect(entries.length).toBeGreaterThanOrEqual(18);
    const codes = entries.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [key, entry] of Object.entries(VALIDATION_CODES)) {
      expect(entry.name).toBe(key);
      expect(entry.code).toEqual(expect.any(Number));
      expect(validationCodeName(entry.code ?? -1)).toBe(key);
      expect(entry.likelyCause).toMatch(/^[A-Z].{15,}\.$/);
      expect(entry.fix).toMatch(/^[A-Z].{8,}\.$/);
    }
    expect(validationCodeName(999)).toBeUndefined();
  });

  it.each(entries)('gives one fix for $name on submit: summary, outcome card, panel', (entry) => {
    const code = entry.code ?? -1;
    const details = classifyOutcome({ step: 'submit', produced: refusal(code) }).details;
    expect(details.vmErrorName).toBe(entry.name);
    expect(details.summary).toBe(`The node refused the transaction: ${entry.name}. ${entry.fix}`);
    // What the outcome card shows beside the summary, from the details it is given.
    expect(explainValidationCode({ name: details.vmErrorName ?? null, code }).fix).toBe(entry.fix);
    expect(explainValidationCode({ code })).toBe(entry);
    // What the VM status panel shows for the status as simulation reports it.
    expect(explainVmStatus(entry.name)).toMatchObject({
      kind: 'validation',
      title: `Validation failed: ${entry.name}`,
      explanation: entry.likelyCause,
      fix: entry.fix,
    });
    expect(explainVmStatus(`Validation Code: ${entry.name}`).fix).toBe(entry.fix);
  });

  it.each(entries)('gives the same fix for $name when a simulation reports it', (entry) => {
    expect(simulated(entry.name).details.summary).toBe(
      `Simulation failed: ${entry.name}. Submitting it would fail the same way. ${entry.fix}`,
    );
  });

  it('gives the same fix for out of gas in the summaries and the panel', () => {
    expect(explainVmStatus('Out of gas')).toEqual({
      kind: 'outOfGas',
      title: 'Out of gas',
      explanation: OUT_OF_GAS.likelyCause,
      fix: OUT_OF_GAS.fix,
    });
    expect(explainVmStatus('OUT_OF_GAS').fix).toBe(OUT_OF_GAS.fix);
    expect(simulated('Out of gas').details.summary).toBe(
      `Simulation failed: Out of gas. Submitting it would fail the same way. ${OUT_OF_GAS.fix}`,
    );
    expect(committedFailure('Out of gas').details.summary).toBe(
      `Committed but failed: Out of gas. Gas was charged (12 units). ${OUT_OF_GAS.fix}`,
    );
  });

  it('gives the panel’s fix for a Move abort in the summaries', () => {
    const status =
      'Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins to complete transaction';
    const fix = 'Fund the account or lower the amount, then rebuild.';
    expect(explainVmStatus(status).fix).toBe(fix);
    expect(committedFailure(status).details.summary).toBe(
      `Committed but failed: ${status}. Gas was charged (12 units). ${fix}`,
    );
    expect(simulated(status).details.summary).toBe(
      `Simulation failed: ${status}. Submitting it would fail the same way. ${fix}`,
    );
  });

  it('says to fix the cause of a status it cannot explain', () => {
    expect(committedFailure('Something new').details.summary).toBe(
      'Committed but failed: Something new. Gas was charged (12 units). Fix the cause and retry.',
    );
    expect(simulated('Something new').details.summary).toBe(
      'Simulation failed: Something new. Submitting it would fail the same way.',
    );
  });

  it('explains an unknown code the same way in the summary and the card', () => {
    const details = classifyOutcome({ step: 'submit', produced: refusal(999) }).details;
    const card = explainValidationCode({ code: 999 });
    expect(card).toEqual({
      code: 999,
      name: 'code 999',
      likelyCause: 'The node refused the transaction before executing it.',
      fix: 'Check the sender, the sequence number, the gas options and the expiration, then rebuild.',
    });
    expect(details.summary).toBe(`The node refused the transaction (vm_error). ${card.fix}`);
    expect(explainValidationCode({})).toMatchObject({ code: null, name: 'code ?' });
    expect(explainValidationCode({ name: 'SOMETHING_NEWER', code: 3 })).toMatchObject({
      code: 3,
      name: 'SOMETHING_NEWER',
      fix: card.fix,
    });
  });
});

describe('an abort whose error constant has no doc comment', () => {
  // A node writes the named form with an empty description when the constant has no doc comment.
  const status = 'Move abort in 0xcafe::m: ECOUNTER_RESOURCE_NOT_PRESENT(0x10001): ';

  it('is summarised without an empty description or a stray period', () => {
    const summary = committedFailure(status).details.summary;
    expect(summary).toBe(
      'Committed but failed: Move abort in 0xcafe::m: ECOUNTER_RESOURCE_NOT_PRESENT(0x10001). Gas was charged (12 units). Check the arguments against what 0xcafe::m expects (its source documents abort code 0x10001).',
    );
    expect(simulated(status).details.summary).toMatch(
      /^Simulation failed: Move abort in 0xcafe::m: ECOUNTER_RESOURCE_NOT_PRESENT\(0x10001\)\. Submitting/,
    );
  });

  it('is explained with no description', () => {
    const explained = explainVmStatus(status);
    expect(explained.abort?.description).toBeNull();
    expect(explained.explanation).toBe(
      'The module 0xcafe::m stopped the transaction with ECOUNTER_RESOURCE_NOT_PRESENT (code 0x10001). Category INVALID_ARGUMENT: the caller passed an argument the function refuses. Nothing it wrote is kept; gas up to the abort is charged.',
    );
  });

  it.each([
    [status, 'Move abort in 0xcafe::m: ECOUNTER_RESOURCE_NOT_PRESENT(0x10001)'],
    ['Out of gas..', 'Out of gas'],
    [
      'Move abort in 0x1::coin: E(0x1): Not enough coins. ',
      'Move abort in 0x1::coin: E(0x1): Not enough coins',
    ],
    ['A.B', 'A.B'],
  ])('quotes %j in a sentence as %j', (raw, quoted) => {
    expect(vmStatusInSentence(raw)).toBe(quoted);
  });
});

describe('needsRebuild (what replay/ re-simulates from the draft instead of the bytes)', () => {
  it.each([
    'SEQUENCE_NUMBER_TOO_OLD',
    'SEQUENCE_NUMBER_TOO_NEW',
    'TRANSACTION_EXPIRED',
    'BAD_CHAIN_ID',
  ])('holds for %s, bare or inside a node message', (name) => {
    expect(needsRebuild(name)).toBe(true);
    expect(needsRebuild(`Invalid transaction: Type: Validation Code: ${name}`)).toBe(true);
  });

  it.each(['INVALID_SIGNATURE', 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE', 'Out of gas', ''])(
    'does not hold for %j',
    (status) => {
      expect(needsRebuild(status)).toBe(false);
    },
  );
});
