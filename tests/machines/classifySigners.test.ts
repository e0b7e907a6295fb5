/**
 * The classifier's whole answer (`toStrictEqual`) where signers matter: a signature and what the
 * signer said about itself, a refusal naming the signer, the fee payer of a simulation, and the
 * node's refusals of a transaction with more than one signer, told apart by its signers.
 */
import { describe, expect, it } from 'vitest';
import { classifyOutcome, VALIDATION_CODES } from '../../machines';
import type { ClassifyArgs, CollectedSignature, SignerSlot } from '../../machines';

const sender: SignerSlot = { role: 'sender', address: '0xa11ce', index: 0 };
const secondary: SignerSlot = { role: 'secondary', address: '0xb0b', index: 1 };
const feePayer: SignerSlot = { role: 'feePayer', address: '0xfee', index: 2 };
const signers = [sender, secondary, feePayer];

const sign = (output: unknown, signer: SignerSlot | null = secondary) =>
  classifyOutcome({ step: 'sign', produced: { output }, ...(signer === null ? {} : { signer }) });

describe('sign, one signer of several', () => {
  it('keeps the signature and what the signer said about itself', () => {
    expect(
      sign({
        status: 'APPROVED',
        authenticatorHex: '0x01',
        hash: '0xh',
        address: '0xb0b2',
        keyType: 'multiKey',
        signatureCount: 3,
        verified: false,
      }),
    ).toStrictEqual({
      state: 'signed',
      signature: {
        authenticatorHex: '0x01',
        hash: '0xh',
        address: '0xb0b2',
        keyType: 'multiKey',
        signatureCount: 3,
        verified: false,
      },
      details: {
        summary: 'Signed by the second signer (secondary signer 0xb0b2).',
        source: 'wallet',
        walletStatus: 'APPROVED',
        signer: secondary,
      },
    });
  });

  it('names the slot’s address when the wallet names none, and keeps only well-typed fields', () => {
    expect(
      sign({
        status: 'APPROVED',
        authenticatorHex: '0x02',
        signatureCount: '3',
        verified: 'yes',
        keyType: { variant: 3 },
      }),
    ).toStrictEqual({
      state: 'signed',
      signature: { authenticatorHex: '0x02', hash: null },
      details: {
        summary: 'Signed by the second signer (secondary signer 0xb0b).',
        source: 'wallet',
        walletStatus: 'APPROVED',
        signer: secondary,
      },
    });
    expect(
      sign({ status: 'APPROVED', authenticatorHex: '0x03', verified: true }).signature,
    ).toEqual({
      authenticatorHex: '0x03',
      hash: null,
      verified: true,
    });
  });

  it('one signer alone is ready to submit, without a signer in the details', () => {
    expect(sign({ status: 'APPROVED', authenticatorHex: '0x04', hash: null }, null)).toStrictEqual({
      state: 'signed',
      signature: { authenticatorHex: '0x04', hash: null },
      details: { summary: 'Signed; ready to submit.', source: 'wallet', walletStatus: 'APPROVED' },
    });
  });

  it.each([
    ['REJECTED', 'The second signer (secondary signer 0xb0b) rejected the request'],
    ['CANCELLED', 'The second signer (secondary signer 0xb0b) cancelled the request'],
    ['PENDING', 'The second signer (secondary signer 0xb0b) did not answer the request'],
    ['INVALID', 'The second signer (secondary signer 0xb0b) found the request invalid'],
    ['APPROVED', 'The second signer (secondary signer 0xb0b) did not sign'],
  ])('a %s answer names the signer', (status, sentence) => {
    expect(sign({ status, message: 'from the wallet' })).toStrictEqual({
      state: 'rejected',
      details: {
        summary: `${sentence}. Sign again, or edit the draft.`,
        source: 'wallet',
        walletStatus: status,
        cause: 'from the wallet',
        signer: secondary,
      },
    });
  });

  it('a cancelled request without a signer is the wallet’s', () => {
    expect(sign({ status: 'CANCELLED' }, null).details.summary).toBe(
      'The wallet request was cancelled. Sign again, or edit the draft.',
    );
  });

  it('a signer whose wallet throws is named, with the cause', () => {
    expect(
      classifyOutcome({ step: 'sign', produced: { error: new Error('locked') }, signer: feePayer }),
    ).toStrictEqual({
      state: 'rejected',
      details: {
        summary:
          'The third signer (fee payer 0xfee) did not sign. Check that the wallet is unlocked and on this network, then retry.',
        source: 'wallet',
        cause: 'locked',
        signer: feePayer,
      },
    });
  });
});

describe('simulate: who pays the fee', () => {
  const simulated = (response: Record<string, unknown>) =>
    classifyOutcome({
      step: 'simulate',
      produced: {
        output: [{ success: true, vm_status: 'Executed successfully', gas_used: '5', ...response }],
      },
    }).details.summary;

  it('names a fee payer other than the sender', () => {
    expect(
      simulated({
        sender: '0xa11ce',
        signature: { type: 'fee_payer_signature', fee_payer_address: '0xfee' },
      }),
    ).toBe('Simulation succeeded using 5 gas units, paid by the fee payer 0xfee.');
  });

  it('says nothing more when the sender pays, itself or as its own fee payer', () => {
    expect(simulated({ sender: '0xa11ce' })).toBe('Simulation succeeded using 5 gas units.');
    expect(
      simulated({
        sender: '0xa11ce',
        signature: { type: 'fee_payer_signature', fee_payer_address: '0xa11ce' },
      }),
    ).toBe('Simulation succeeded using 5 gas units.');
    // A fee payer signature without its address: the sender pays.
    expect(simulated({ sender: '0xa11ce', signature: { type: 'fee_payer_signature' } })).toBe(
      'Simulation succeeded using 5 gas units.',
    );
    expect(simulated({})).toBe('Simulation succeeded using 5 gas units.');
  });
});

describe('the node’s refusals of a transaction with more than one signer', () => {
  const collected = (slot: SignerSlot, extra: Partial<CollectedSignature> = {}) =>
    ({
      ...slot,
      address: slot.address ?? '',
      authenticatorHex: '0x00',
      hash: null,
      ...extra,
    }) as CollectedSignature;
  const all = signers.map((slot) => collected(slot));
  const refusal = (code: number, name: string) => ({
    error: {
      name: 'AptosApiError',
      status: 400,
      message: 'Request failed',
      data: {
        message: `Invalid transaction: Type: Validation Code: ${name}`,
        error_code: 'vm_error',
        vm_error_code: code,
      },
    },
  });
  const summary = (
    code: number,
    name: string,
    extra: Partial<Pick<ClassifyArgs, 'signers' | 'signatures'>> = {},
  ) =>
    classifyOutcome({
      step: 'submit',
      produced: refusal(code, name),
      signers,
      signatures: all,
      ...extra,
    }).details.summary;
  const refused = (name: string, advice: string) =>
    `The node refused the transaction: ${name}; ${advice}.`;
  const catalog = (name: string) =>
    `The node refused the transaction: ${name}. ${VALIDATION_CODES[name]?.fix ?? ''}`;

  it('counts the signatures of the sender and secondary signers, not the fee payer’s', () => {
    const heavy = [
      collected(sender, { signatureCount: 16 }),
      collected(secondary, { signatureCount: 17 }),
      collected(feePayer, { signatureCount: 32 }),
    ];
    expect(summary(1, 'INVALID_SIGNATURE', { signatures: heavy })).toBe(
      refused(
        'INVALID_SIGNATURE',
        'too many signatures: the sender and secondary signers carry 33, and the chain accepts at most 32; use fewer secondary signers or lower a multi-key account’s threshold',
      ),
    );
    const atLimit = [
      collected(sender, { signatureCount: 16 }),
      collected(secondary, { signatureCount: 16 }),
      collected(feePayer, { signatureCount: 32 }),
    ];
    expect(summary(1, 'INVALID_SIGNATURE', { signatures: atLimit })).toContain(
      'one of the signatures does not verify',
    );
    // A signature without a count is one.
    const one = [
      collected(sender, { signatureCount: 32 }),
      collected(secondary),
      collected(feePayer),
    ];
    expect(summary(1, 'INVALID_SIGNATURE', { signatures: one })).toContain('carry 33');
  });

  it('names the first signer whose signature is missing or empty', () => {
    expect(summary(1, 'INVALID_SIGNATURE', { signatures: [all[0] as CollectedSignature] })).toBe(
      refused(
        'INVALID_SIGNATURE',
        'the signature of the second signer (secondary signer 0xb0b) is missing; every signer must sign before the transaction is submitted',
      ),
    );
    // Matched by position, not by count: the secondary signer's signature sits at another index.
    const misplaced = [collected(sender), collected(secondary, { index: 5 }), collected(feePayer)];
    expect(summary(1, 'INVALID_SIGNATURE', { signatures: misplaced })).toContain(
      'the signature of the second signer',
    );
    const empty = [
      collected(sender),
      collected(secondary, { keyType: 'none' }),
      collected(feePayer),
    ];
    expect(summary(1, 'INVALID_SIGNATURE', { signatures: empty })).toContain(
      'the signature of the second signer (secondary signer 0xb0b) is missing',
    );
  });

  it('says one signature does not verify when all are there', () => {
    expect(summary(1, 'INVALID_SIGNATURE')).toBe(
      refused(
        'INVALID_SIGNATURE',
        'one of the signatures does not verify over this transaction: a signer signed other bytes (another fee payer address or secondary signer list) or its signature was altered; sign again with every signer',
      ),
    );
  });

  it('explains a wrong key', () => {
    expect(summary(2, 'INVALID_AUTH_KEY')).toBe(
      refused(
        'INVALID_AUTH_KEY',
        'a signer signed with a wrong key: the key does not match its account’s authentication key; check that each role is signed by the account it names',
      ),
    );
  });

  it('names the fee payer that cannot pay: the one that signed, else the slot’s', () => {
    const advice = (payer: string) =>
      refused(
        'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE',
        `the fee payer ${payer} cannot pay max gas amount × gas unit price; fund the fee payer or lower max gas amount`,
      );
    const signedBy = [
      collected(sender),
      collected(secondary),
      collected(feePayer, { address: '0xf2' }),
    ];
    expect(summary(5, 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE', { signatures: signedBy })).toBe(
      advice('0xf2'),
    );
    expect(summary(5, 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE', { signatures: [] })).toBe(
      advice('0xfee'),
    );
    // Without a fee payer the sender pays: the catalog's fix.
    expect(
      summary(5, 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE', {
        signers: [sender, secondary],
        signatures: [],
      }),
    ).toBe(catalog('INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE'));
  });

  it('names every secondary signer when one has no account, or gives the catalog’s fix', () => {
    const third: SignerSlot = { role: 'secondary', address: null, index: 2 };
    expect(
      summary(7, 'SENDING_ACCOUNT_DOES_NOT_EXIST', { signers: [sender, secondary, third] }),
    ).toBe(
      refused(
        'SENDING_ACCOUNT_DOES_NOT_EXIST',
        'a secondary signer (0xb0b, ?) has no account on this chain; create or fund it first, or remove it',
      ),
    );
    expect(summary(7, 'SENDING_ACCOUNT_DOES_NOT_EXIST', { signers: [sender, feePayer] })).toBe(
      catalog('SENDING_ACCOUNT_DOES_NOT_EXIST'),
    );
  });

  it('a sender and a fee payer are two signers', () => {
    expect(
      summary(2, 'INVALID_AUTH_KEY', { signers: [sender, feePayer], signatures: [] }),
    ).toContain('; a signer signed with a wrong key');
  });

  it('gives the catalog’s fix for the other codes, and for one signer', () => {
    expect(summary(6, 'TRANSACTION_EXPIRED')).toBe(catalog('TRANSACTION_EXPIRED'));
    expect(summary(2, 'INVALID_AUTH_KEY', { signers: [sender], signatures: [] })).toBe(
      catalog('INVALID_AUTH_KEY'),
    );
  });

  it('explains a simulated validation failure the same way, and only a bare status', () => {
    const simulated = (vmStatus: string) =>
      classifyOutcome({
        step: 'simulate',
        produced: { output: [{ success: false, vm_status: vmStatus, gas_used: '0' }] },
        signers,
        signatures: [],
      }).details.summary;
    expect(simulated('INVALID_AUTH_KEY')).toBe(
      'Simulation failed: INVALID_AUTH_KEY; a signer signed with a wrong key: the key does not match its account’s authentication key; check that each role is signed by the account it names. Submitting it would fail the same way.',
    );
    expect(simulated('Validation Code: INVALID_AUTH_KEY')).toBe(
      `Simulation failed: Validation Code: INVALID_AUTH_KEY. Submitting it would fail the same way. ${VALIDATION_CODES.INVALID_AUTH_KEY?.fix}`,
    );
  });
});
