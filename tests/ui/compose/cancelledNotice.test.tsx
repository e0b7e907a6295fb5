/**
 * What Compose says after Cancel: the notice is read from the run's last transition, taken here
 * from real runs of the transaction machine cancelled in each step.
 */
import { describe, expect, it } from 'vitest';
import { waitFor as settled } from 'xstate';
import {
  createRunRecorder,
  type TraceTransition,
  type TransactionEvent,
  type TransactionSnapshot,
} from '../../../machines';
import { cancelNotice } from '../../../src/features/compose/run/CancelledNotice';
import {
  startTransaction,
  type Responder,
  type TransactionActorId,
} from '../../machines/support/harness';
import { HASH, sampleBuilt, simulationSuccess } from '../../machines/support/transactionSamples';

const answers: Partial<Record<TransactionActorId, Responder>> = {
  buildTransaction: () => sampleBuilt,
  simulateTransaction: () => simulationSuccess,
  signTransaction: () => ({ status: 'APPROVED', authenticatorHex: '0x00', hash: HASH }),
  submitTransaction: () => ({ hash: HASH }),
};

/** Runs `steps` with every actor but `waiting` answering, then cancels while `waiting` runs. */
async function cancelledIn(
  waiting: TransactionActorId,
  steps: TransactionEvent[],
  busyIn: Parameters<TransactionSnapshot['matches']>[0],
): Promise<TraceTransition> {
  const recorder = createRunRecorder({ now: () => 0, newRunId: () => 'run-1' });
  const responders: Partial<Record<TransactionActorId, Responder>> = Object.fromEntries(
    Object.entries(answers).filter(([id]) => id !== waiting),
  );
  const { actor } = startTransaction({ responders, inspect: recorder.inspect });
  for (const event of steps) {
    actor.send(event);
    await settled(actor, (snapshot) => snapshot.matches(busyIn) || !snapshot.hasTag('busy'));
  }
  expect(actor.getSnapshot().matches(busyIn)).toBe(true);
  actor.send({ type: 'cancel' });
  actor.stop();
  const last = recorder.current()?.transitions.at(-1);
  if (!last) throw new Error('nothing recorded');
  expect(last.event.type).toBe('cancel');
  return last;
}

describe('the notice after Cancel', () => {
  it('says building was cancelled and nothing was sent', async () => {
    const last = await cancelledIn('buildTransaction', [{ type: 'build' }], 'building');
    expect(last.target).toBe('editing');
    expect(cancelNotice(last)).toEqual({
      title: 'Building cancelled',
      text: 'Nothing was sent. The draft is back in editing.',
    });
  });

  it('says the simulation was cancelled and the outcome shown is the earlier step’s', async () => {
    const last = await cancelledIn(
      'simulateTransaction',
      [{ type: 'build' }, { type: 'simulate' }],
      'simulating',
    );
    expect(cancelNotice(last)?.title).toBe('Simulation cancelled');
    expect(cancelNotice(last)?.text).toContain(`back at ${last.target}`);
  });

  it('says signing was cancelled and the dev wallet’s prompt withdrawn', async () => {
    const last = await cancelledIn(
      'signTransaction',
      [{ type: 'build' }, { type: 'simulate' }, { type: 'sign' }],
      'signing',
    );
    expect(last.target).toBe('simulated.success');
    const notice = cancelNotice(last);
    expect(notice?.title).toBe('Signing cancelled');
    expect(notice?.text).toMatch(/prompt was withdrawn.*back at simulated\.success/);
  });

  it('says a cancelled submit may still commit', async () => {
    const last = await cancelledIn(
      'submitTransaction',
      [{ type: 'build' }, { type: 'simulate' }, { type: 'sign' }, { type: 'submit' }],
      'submitting',
    );
    expect(last.target).toBe('signed');
    expect(cancelNotice(last)?.text).toMatch(/can still commit/);
  });

  it('says nothing when the wait was stopped (timedOut says it), or when the run moved on', async () => {
    const last = await cancelledIn(
      'waitForTransaction',
      [{ type: 'build' }, { type: 'simulate' }, { type: 'sign' }, { type: 'submit' }],
      'pending',
    );
    expect(last.target).toBe('timedOut');
    expect(cancelNotice(last)).toBeNull();
    expect(
      cancelNotice({ event: { type: 'edit' }, source: 'simulated.success', target: 'editing' }),
    ).toBeNull();
    expect(cancelNotice(undefined)).toBeNull();
  });
});
