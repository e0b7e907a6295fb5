/**
 * What the transaction machine hands each actor: exactly the context values the step needs (the
 * built transaction, the signature, the hash), in both signing modes and on a recheck.
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { startTransaction } from './support/harness';
import type { Responder, TransactionActorId } from './support/harness';
import {
  committedSuccess,
  errors,
  HASH,
  sampleBuilt,
  simulationSuccess,
} from './support/transactionSamples';

const SIGNATURE = { status: 'APPROVED', authenticatorHex: '0x00', hash: HASH };

const happy: Partial<Record<TransactionActorId, Responder>> = {
  buildTransaction: () => sampleBuilt,
  simulateTransaction: () => simulationSuccess,
  signTransaction: () => SIGNATURE,
  signAndSubmitTransaction: () => ({ hash: HASH }),
  submitTransaction: () => ({ hash: HASH }),
  waitForTransaction: () => committedSuccess,
  lookupTransaction: () => ({ status: 'found', transaction: committedSuccess }),
};

describe('actor inputs', () => {
  it('sign, then submit: each step gets what it needs', async () => {
    const { actor, fakes } = startTransaction({ responders: happy });
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.value === 'committed');
    const inputs = Object.fromEntries(fakes.calls.map((call) => [call.id, call.input]));
    expect(inputs.simulateTransaction).toStrictEqual({ built: sampleBuilt });
    expect(inputs.signTransaction).toStrictEqual({ built: sampleBuilt });
    expect(inputs.submitTransaction).toStrictEqual({
      built: sampleBuilt,
      signature: { authenticatorHex: '0x00', hash: HASH },
    });
    expect(inputs.waitForTransaction).toMatchObject({ hash: HASH });
  });

  it('sign and submit in one: the wallet gets the built transaction', async () => {
    const { actor, fakes } = startTransaction({
      responders: happy,
      input: { signingMode: 'signAndSubmit' },
    });
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.value === 'committed');
    const call = fakes.calls.find((c) => c.id === 'signAndSubmitTransaction');
    expect(call?.input).toStrictEqual({ built: sampleBuilt });
  });

  it('a recheck looks the hash up', async () => {
    const { actor, fakes } = startTransaction({
      responders: { ...happy, waitForTransaction: () => Promise.reject(errors.waitTimeout) },
    });
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.value === 'timedOut');
    actor.send({ type: 'recheck' });
    await waitFor(actor, (s) => s.value === 'committed');
    const call = fakes.calls.find((c) => c.id === 'lookupTransaction');
    expect(call?.input).toStrictEqual({ hash: HASH });
  });
});
