/**
 * The classifier's whole answer (`toStrictEqual`) for refusals the other classifier tests leave
 * aside: a wallet that throws without a signer, the node's validation refusal through a wallet
 * that signs and submits, a network failure there, and a pending transaction without its hash.
 */
import { describe, expect, it } from 'vitest';
import { classifyOutcome, VALIDATION_CODES } from '../../machines';
import type { SignerSlot } from '../../machines';

const NODE = 'http://127.0.0.1:8080/v1';

const refusal = (code: number, name: string) => ({
  name: 'AptosApiError',
  status: 400,
  message: 'Request failed',
  data: {
    message: `Invalid transaction: Type: Validation Code: ${name}`,
    error_code: 'vm_error',
    vm_error_code: code,
  },
});

describe('refusals', () => {
  it('a wallet that throws, one signer: the wallet did not sign, no signer kept', () => {
    expect(
      classifyOutcome({ step: 'sign', produced: { error: new Error('locked') } }),
    ).toStrictEqual({
      state: 'rejected',
      details: {
        summary:
          'The wallet did not sign. Check that the wallet is unlocked and on this network, then retry.',
        source: 'wallet',
        cause: 'locked',
      },
    });
  });

  it('the node’s refusal through a wallet that signs and submits gives the catalog’s fix', () => {
    expect(
      classifyOutcome({
        step: 'signAndSubmit',
        produced: { error: refusal(3, 'SEQUENCE_NUMBER_TOO_OLD') },
        nodeUrl: NODE,
      }),
    ).toStrictEqual({
      state: 'submitRejected',
      details: {
        summary: `The node refused the transaction: SEQUENCE_NUMBER_TOO_OLD. ${VALIDATION_CODES.SEQUENCE_NUMBER_TOO_OLD?.fix}`,
        source: 'node',
        cause: 'Request failed',
        httpStatus: 400,
        errorCode: 'vm_error',
        vmErrorCode: 3,
        vmErrorName: 'SEQUENCE_NUMBER_TOO_OLD',
      },
    });
  });

  it('a network failure while a wallet signs and submits says so', () => {
    const error = new TypeError('fetch failed');
    (error as { cause?: unknown }).cause = {
      code: 'ECONNREFUSED',
      message: 'connect ECONNREFUSED',
    };
    expect(
      classifyOutcome({ step: 'signAndSubmit', produced: { error }, nodeUrl: NODE }).details
        .summary,
    ).toBe(
      `Could not reach the node at ${NODE} while signing and submitting. Check that the node is running and that the URL is right, then retry.`,
    );
  });

  it('signers without signatures yet: the sender’s is the first missing', () => {
    const signers: SignerSlot[] = [
      { role: 'sender', address: '0xa11ce', index: 0 },
      { role: 'feePayer', address: '0xfee', index: 1 },
    ];
    expect(
      classifyOutcome({
        step: 'submit',
        produced: { error: refusal(1, 'INVALID_SIGNATURE') },
        signers,
      }).details.summary,
    ).toBe(
      'The node refused the transaction: INVALID_SIGNATURE; the signature of the first signer (sender 0xa11ce) is missing; every signer must sign before the transaction is submitted.',
    );
  });
});

describe('lookup', () => {
  it('a pending transaction without its hash waits again, with an empty hash', () => {
    expect(
      classifyOutcome({
        step: 'lookup',
        produced: { output: { status: 'found', transaction: { type: 'pending_transaction' } } },
      }),
    ).toStrictEqual({
      state: 'pending',
      hash: '',
      details: { summary: 'Still pending on the chain; waiting again.', source: 'chain', hash: '' },
    });
  });
});
