/**
 * The transaction machine's bookkeeping, exactly: step durations (enterState) and the context
 * update for a classified result (outcomeUpdate): which fields it sets, the hash it takes, and the
 * wallet request it records.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { emptyTiming, enterState } from '../../machines';
import { classifyEvent, outcomeUpdate } from '../../machines/transactionContext';
import { startTransaction } from './support/harness';
import { committedSuccess, HASH, simulationSuccess } from './support/transactionSamples';

describe('enterState', () => {
  it('adds up the time spent in timed steps only, and keeps the first entry time', () => {
    let timing = emptyTiming();
    expect(timing).toStrictEqual({
      attemptStartedAt: null,
      enteredAt: {},
      stepDurationsMs: {},
      current: null,
    });
    timing = enterState(timing, 'editing', 100);
    timing = enterState(timing, 'building', 110);
    timing = enterState(timing, 'built', 135); // building: 25
    timing = enterState(timing, 'simulating', 140);
    timing = enterState(timing, 'simulated.success', 150); // simulating: 10
    timing = enterState(timing, 'simulating', 160);
    timing = enterState(timing, 'simulated.success', 167); // simulating: +7
    timing = enterState(timing, 'timedOut', 170);
    timing = enterState(timing, 'rechecking', 180);
    timing = enterState(timing, 'timedOut', 175); // a clock that went back counts 0
    expect(timing).toStrictEqual({
      attemptStartedAt: 100,
      enteredAt: {
        editing: 100,
        building: 110,
        built: 135,
        simulating: 160,
        'simulated.success': 167,
        timedOut: 175,
        rechecking: 180,
      },
      stepDurationsMs: { building: 25, simulating: 17, rechecking: 0 },
      current: { state: 'timedOut', since: 175 },
    });
  });

  it('leaving an untimed state keeps the same durations object', () => {
    const timing = enterState(enterState(emptyTiming(), 'editing', 1), 'built', 2);
    expect(enterState(timing, 'editing', 3).stepDurationsMs).toBe(timing.stepDurationsMs);
  });
});

/** An actor's done or error event, as XState sends it. */
const actorEvent = (event: AnyEventObject): AnyEventObject => event;

describe('outcomeUpdate', () => {
  const context = () => startTransaction().actor.getSnapshot().context;

  it('a simulation sets the outcome and the simulation, no hash, no wallet request', () => {
    const event = actorEvent({
      type: 'xstate.done.actor.simulateTransaction',
      output: simulationSuccess,
    });
    const update = outcomeUpdate(context(), event);
    expect(Object.keys(update).sort()).toEqual(['outcome', 'simulation']);
    expect(update.outcome?.step).toBe('simulate');
    expect(update.outcome?.state).toBe('simulated.success');
  });

  it('a signature sets the signature, its hash, and a signTransaction request', () => {
    const event = actorEvent({
      type: 'xstate.done.actor.signTransaction',
      output: { status: 'APPROVED', authenticatorHex: '0x00', hash: HASH },
    });
    const update = outcomeUpdate(context(), event);
    expect(update.signature).toStrictEqual({ authenticatorHex: '0x00', hash: HASH });
    expect(update.hash).toBe(HASH);
    expect(update.walletRequests).toStrictEqual([
      { request: 'signTransaction', status: 'APPROVED', attempt: 1 },
    ]);
  });

  it('sign and submit records a signAndSubmitTransaction request, with its status or null', () => {
    const approved = outcomeUpdate(
      context(),
      actorEvent({
        type: 'xstate.done.actor.signAndSubmitTransaction',
        output: { hash: HASH },
      }),
    );
    expect(approved.hash).toBe(HASH);
    expect(approved.walletRequests).toStrictEqual([
      { request: 'signAndSubmitTransaction', status: 'APPROVED', attempt: 1 },
    ]);
    const failed = outcomeUpdate(
      context(),
      actorEvent({
        type: 'xstate.error.actor.signAndSubmitTransaction',
        error: new Error('fetch failed'),
      }),
    );
    expect(failed.hash).toBeUndefined();
    expect(failed.walletRequests).toStrictEqual([
      { request: 'signAndSubmitTransaction', status: null, attempt: 1 },
    ]);
  });

  it('a committed wait takes the committed transaction’s hash', () => {
    const update = outcomeUpdate(
      context(),
      actorEvent({
        type: 'xstate.done.actor.waitForTransaction',
        output: { ...committedSuccess, hash: `0x${'cd'.repeat(32)}` },
      }),
    );
    expect(update.hash).toBe(`0x${'cd'.repeat(32)}`);
    expect(update.committed?.version).toBe(committedSuccess.version);
    expect(update.walletRequests).toBeUndefined();
  });

  it('an event that is no step’s result is a bug, said so', () => {
    expect(() => classifyEvent(context(), { type: 'xstate.done.actor.unknownActor' })).toThrow(
      "transaction machine: xstate.done.actor.unknownActor is no step's result",
    );
    expect(() => classifyEvent(context(), { type: 'toString' })).toThrow(
      "transaction machine: toString is no step's result",
    );
    expect(() =>
      classifyEvent(context(), actorEvent({ type: 'xstate.done.actor.toString', output: 1 })),
    ).toThrow("transaction machine: xstate.done.actor.toString is no step's result");
  });

  it('an actor event with neither output nor error is classified as an error', () => {
    const result = classifyEvent(context(), { type: 'xstate.error.actor.buildTransaction' });
    expect(result.state).toBe('buildError');
    expect(result.details.cause).toBe('unexpected event xstate.error.actor.buildTransaction');
  });
});
