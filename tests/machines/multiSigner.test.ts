/**
 * Transactions with more than one signer (issue 16): `signing` asks each signer in order (sender,
 * secondary signers, fee payer), shows which signatures are collected and which are missing, and
 * a refusal names the signer that refused.
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { classifyOutcome, nextSigner, signerSlotsOf, VALIDATION_CODES } from '../../machines';
import type { SignerSlot } from '../../machines';
import { startTransaction } from './support/harness';
import type { Responder, TransactionActorId } from './support/harness';
import {
  committedSuccess,
  HASH,
  multiSignerBuilt,
  simulationSuccess,
} from './support/transactionSamples';

const approvedBy = (address: string, keyType = 'ed25519') => ({
  status: 'APPROVED',
  authenticatorHex: `0x0${address.length}`,
  hash: null,
  address,
  keyType,
  signatureCount: 1,
  verified: true,
});

const responders: Partial<Record<TransactionActorId, Responder>> = {
  buildTransaction: () => multiSignerBuilt,
  simulateTransaction: () => simulationSuccess,
  signTransaction: (input) => approvedBy((input as { signer: SignerSlot }).signer.address ?? ''),
  submitTransaction: () => ({ hash: HASH }),
  waitForTransaction: () => committedSuccess,
};

describe('multi-signer signing', () => {
  it('asks sender, secondary signer and fee payer in order, then submits every signature', async () => {
    const { actor, fakes } = startTransaction({ responders });
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.value === 'committed');
    const signCalls = fakes.calls.filter((c) => c.id === 'signTransaction');
    expect(signCalls.map((c) => (c.input as { signer: SignerSlot }).signer)).toEqual(
      multiSignerBuilt.signers,
    );
    // Each signer sees the signatures collected before it (the fee payer signs last).
    expect(signCalls.map((c) => (c.input as { signatures: unknown[] }).signatures.length)).toEqual([
      0, 1, 2,
    ]);
    const submit = fakes.calls.find((c) => c.id === 'submitTransaction')?.input as {
      signature: { authenticatorHex: string };
      signatures: Array<{ role: string; address: string; index: number }>;
    };
    expect(submit.signature.authenticatorHex).toBe('0x07');
    expect(submit.signatures.map((s) => [s.role, s.address, s.index])).toEqual([
      ['sender', '0xa11ce', 0],
      ['secondary', '0xb0b', 1],
      ['feePayer', '0xfee', 2],
    ]);
    expect(actor.getSnapshot().context.walletRequests.map((r) => r.signer?.role)).toEqual([
      'sender',
      'secondary',
      'feePayer',
    ]);
  });

  it('shows collected and missing signatures while it signs', async () => {
    const { actor, fakes } = startTransaction({
      responders: { ...responders, signTransaction: undefined },
    });
    actor.send({ type: 'build' });
    await waitFor(actor, (s) => s.value === 'built');
    actor.send({ type: 'sign' });
    await waitFor(actor, () => fakes.calls.some((c) => c.id === 'signTransaction'));
    fakes.resolve('signTransaction', approvedBy('0xa11ce'));
    await waitFor(actor, () => fakes.calls.filter((c) => c.id === 'signTransaction').length === 2);
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ signing: 'signOnly' })).toBe(true);
    expect(context.signatures.map((s) => s.role)).toEqual(['sender']);
    expect(nextSigner(context.built, context.signatures)?.role).toBe('secondary');
    expect(
      signerSlotsOf(context.built)
        .slice(context.signatures.length)
        .map((s) => s.role),
    ).toEqual(['secondary', 'feePayer']);
    // An intermediate signature is progress, not an outcome.
    expect(context.outcome).toBeNull();
  });

  it('a refusal by the second signer ends rejected, naming that signer', async () => {
    let asked = 0;
    const { actor } = startTransaction({
      responders: {
        ...responders,
        signTransaction: (input) => {
          asked += 1;
          return asked === 2
            ? { status: 'REJECTED', message: 'no' }
            : approvedBy((input as { signer: SignerSlot }).signer.address ?? '');
        },
      },
    });
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.value === 'rejected');
    const { outcome, walletRequests } = actor.getSnapshot().context;
    expect(outcome?.details.walletStatus).toBe('REJECTED');
    expect(outcome?.details.signer).toEqual({ role: 'secondary', address: '0xb0b', index: 1 });
    expect(outcome?.details.summary).toBe(
      'The second signer (secondary signer 0xb0b) rejected the request. Sign again, or edit the draft.',
    );
    expect(walletRequests.map((r) => r.status)).toEqual(['APPROVED', 'REJECTED']);
  });

  it('a fee payer that throws is named too', async () => {
    const { actor } = startTransaction({
      responders: {
        ...responders,
        signTransaction: (input) => {
          const { signer } = input as { signer: SignerSlot };
          if (signer.role === 'feePayer') throw new Error('locked');
          return approvedBy(signer.address ?? '');
        },
      },
    });
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.value === 'rejected');
    expect(actor.getSnapshot().context.outcome?.details.summary).toMatch(
      /^The third signer \(fee payer 0xfee\) did not sign/,
    );
  });

  it('cancel in the middle returns to the simulation, and signing again starts from the sender', async () => {
    const { actor, fakes } = startTransaction({
      responders: { ...responders, signTransaction: undefined },
    });
    actor.send({ type: 'run' });
    await waitFor(actor, () => fakes.calls.some((c) => c.id === 'signTransaction'));
    fakes.resolve('signTransaction', approvedBy('0xa11ce'));
    await waitFor(actor, () => fakes.calls.filter((c) => c.id === 'signTransaction').length === 2);
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().matches({ simulated: 'success' })).toBe(true);
    expect(actor.getSnapshot().context.outcome?.state).toBe('simulated.success');
    actor.send({ type: 'sign' });
    expect(actor.getSnapshot().context.signatures).toEqual([]);
    const last = fakes.calls.at(-1)?.input as { signer: SignerSlot };
    expect(last.signer.role).toBe('sender');
  });

  it('a wallet that only signs and submits still signs each signer separately', async () => {
    const { actor, fakes } = startTransaction({
      responders,
      input: { signingMode: 'signAndSubmit' },
    });
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.value === 'committed');
    expect(fakes.calls.some((c) => c.id === 'signAndSubmitTransaction')).toBe(false);
    expect(fakes.calls.filter((c) => c.id === 'signTransaction')).toHaveLength(3);
  });
});

describe('multi-signer refusals by the node', () => {
  const nodeRefusal = (code: number, name: string) => ({
    error: {
      name: 'AptosApiError',
      status: 400,
      data: {
        message: `Invalid transaction: Type: Validation Code: ${name}`,
        error_code: 'vm_error',
        vm_error_code: code,
      },
    },
  });
  const signers = multiSignerBuilt.signers ?? [];
  const signed = (count = 1) =>
    signers.map((slot) => ({
      ...slot,
      address: slot.address ?? '',
      authenticatorHex: '0x00',
      hash: null,
      signatureCount: count,
    }));
  const classify = (code: number, name: string, signatures = signed()) =>
    classifyOutcome({
      step: 'submit',
      produced: nodeRefusal(code, name),
      signers,
      signatures,
    }).details;

  it('a fee payer too poor to pay names the fee payer', () => {
    const details = classify(5, 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE');
    expect(details.vmErrorCode).toBe(5);
    expect(details.summary).toBe(
      'The node refused the transaction: INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE; the fee payer 0xfee cannot pay max gas amount × gas unit price; fund the fee payer or lower max gas amount.',
    );
  });

  it('a secondary signer without an account is named', () => {
    expect(classify(7, 'SENDING_ACCOUNT_DOES_NOT_EXIST').summary).toContain(
      'a secondary signer (0xb0b) has no account on this chain',
    );
  });

  it('a wrong key is explained as such', () => {
    expect(classify(2, 'INVALID_AUTH_KEY').summary).toContain('a signer signed with a wrong key');
  });

  it('a missing signature names the signer whose signature is missing', () => {
    const withoutFeePayer = signed().slice(0, 2);
    expect(classify(1, 'INVALID_SIGNATURE', withoutFeePayer).summary).toContain(
      'the signature of the third signer (fee payer 0xfee) is missing',
    );
    const noAccount = signed().map((s) => (s.role === 'feePayer' ? { ...s, keyType: 'none' } : s));
    expect(classify(1, 'INVALID_SIGNATURE', noAccount).summary).toContain('is missing');
  });

  it('more than 32 signatures (sender and secondary signers) are too many', () => {
    expect(classify(1, 'INVALID_SIGNATURE', signed(17)).summary).toContain(
      'too many signatures: the sender and secondary signers carry 34, and the chain accepts at most 32',
    );
    // The fee payer's signatures do not count towards the limit (as on a real node).
    expect(classify(1, 'INVALID_SIGNATURE', signed(16)).summary).toContain('does not verify');
  });

  it('a single-signer refusal keeps the catalog’s advice', () => {
    const details = classifyOutcome({
      step: 'submit',
      produced: nodeRefusal(5, 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE'),
    }).details;
    expect(details.summary).toBe(
      `The node refused the transaction: INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE. ${VALIDATION_CODES.INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE?.fix}`,
    );
  });

  it('simulation and commit say who paid the fee', () => {
    const response = {
      ...committedSuccess,
      sender: '0xa11ce',
      signature: { type: 'fee_payer_signature', fee_payer_address: '0xfee' },
    };
    const simulated = classifyOutcome({ step: 'simulate', produced: { output: [response] } });
    expect(simulated.simulation?.feePaidBy).toBe('0xfee');
    const committed = classifyOutcome({ step: 'wait', produced: { output: response } });
    expect(committed.committed?.feePaidBy).toBe('0xfee');
    const plain = classifyOutcome({
      step: 'wait',
      produced: { output: { ...committedSuccess, sender: '0xa11ce' } },
    });
    expect(plain.committed?.feePaidBy).toBe('0xa11ce');
  });
});
