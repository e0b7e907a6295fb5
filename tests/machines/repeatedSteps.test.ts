import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { classifyOutcome, statePath } from '../../machines';
import { flush, startTransaction } from './support/harness';
import {
  afterExpiryUsec,
  beforeExpiryUsec,
  errors,
  HASH,
  sampleBuilt,
  simulationSuccess,
} from './support/transactionSamples';

describe('timing of repeated steps', () => {
  it('adds up each step: simulate twice, recheck twice', async () => {
    // One reading per state entry, in this order.
    const readings = [
      0, // editing
      10, // building
      30, // built
      100, // simulating
      107, // simulated.success
      200, // simulating again
      220, // simulated.success
      300, // signing
      301, // signed
      400, // submitting
      404, // pending
      500, // timedOut
      600, // rechecking
      650, // timedOut (not seen yet)
      700, // rechecking again
      790, // expired
    ];
    let index = 0;
    const { actor, fakes } = startTransaction({
      responders: {
        buildTransaction: () => sampleBuilt,
        simulateTransaction: () => simulationSuccess,
        signTransaction: () => ({ status: 'APPROVED', authenticatorHex: '0x00', hash: HASH }),
        submitTransaction: () => ({ hash: HASH }),
      },
      now: () => readings[index++] ?? Number.NaN,
    });
    actor.send({ type: 'build' });
    await waitFor(actor, (s) => s.matches('built'));
    actor.send({ type: 'simulate' });
    await waitFor(actor, (s) => s.matches({ simulated: 'success' }));
    actor.send({ type: 'simulate' });
    await flush();
    await waitFor(actor, (s) => s.matches({ simulated: 'success' }));
    actor.send({ type: 'sign' });
    await waitFor(actor, (s) => s.matches('signed'));
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('pending'));
    await fakes.reject('waitForTransaction', errors.waitTimeout);
    actor.send({ type: 'recheck' });
    await fakes.resolve('lookupTransaction', {
      status: 'notFound',
      ledgerTimestampUsec: beforeExpiryUsec,
    });
    expect(statePath(actor.getSnapshot().value)).toBe('timedOut');
    actor.send({ type: 'recheck' });
    await fakes.resolve('lookupTransaction', {
      status: 'notFound',
      ledgerTimestampUsec: afterExpiryUsec,
    });
    const { context, value } = actor.getSnapshot();
    expect(value).toBe('expired');
    expect(index).toBe(readings.length);
    expect(context.timing.stepDurationsMs).toEqual({
      building: 20,
      simulating: 7 + 20,
      signing: 1,
      submitting: 4,
      pending: 96,
      rechecking: 50 + 90,
    });
    // The latest entry into each state, and the attempt's start.
    expect(context.timing.enteredAt.simulating).toBe(200);
    expect(context.timing.enteredAt.rechecking).toBe(700);
    expect(context.timing.attemptStartedAt).toBe(0);
    expect(context.timing.current).toEqual({ state: 'expired', since: 790 });
  });
});

describe('a sign result that is not APPROVED', () => {
  it.each(['REJECTED', 'CANCELLED', 'INVALID', 'PENDING', undefined])(
    'status %s with an authenticator is a refusal, never a signature',
    async (status) => {
      const output = { status, authenticatorHex: '0x0020aa', hash: HASH, message: 'no' };
      const classified = classifyOutcome({ step: 'sign', produced: { output } });
      expect(classified.state).toBe('rejected');
      expect(classified.signature).toBeUndefined();
      expect(classified.details.walletStatus).toBe(status ?? 'INVALID');

      const { actor } = startTransaction({
        responders: { buildTransaction: () => sampleBuilt, signTransaction: () => output },
      });
      actor.send({ type: 'build' });
      await waitFor(actor, (s) => s.matches('built'));
      actor.send({ type: 'sign' });
      const snapshot = await waitFor(actor, (s) => s.hasTag('outcome'));
      expect(snapshot.value).toBe('rejected');
      expect(snapshot.context.signature).toBeNull();
      expect(snapshot.context.hash).toBeNull();
      expect(snapshot.can({ type: 'submit' })).toBe(false);
      actor.stop();
    },
  );
});
