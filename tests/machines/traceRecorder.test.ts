/**
 * The run recorder's rules, exactly: how each kind of event is kept in a transition, which
 * inspection events it ignores, the time offsets, and the record's chain facts, wallet requests
 * and tags. Some cases feed `recorder.inspect` by hand, as XState would, to reach events a single
 * transaction actor does not produce (a child machine, a second init, a mixed microstep).
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyEventObject, type InspectionEvent } from 'xstate';
import { createRunRecorder, walletMachine } from '../../machines';
import { startTransaction } from './support/harness';
import type { Responder, TransactionActorId } from './support/harness';
import {
  committedSuccess,
  HASH,
  sampleBuilt,
  simulationSuccess,
} from './support/transactionSamples';

const happy: Partial<Record<TransactionActorId, Responder>> = {
  buildTransaction: () => sampleBuilt,
  simulateTransaction: () => simulationSuccess,
  signTransaction: () => ({ status: 'APPROVED', authenticatorHex: '0x00', hash: HASH }),
  submitTransaction: () => ({ hash: HASH }),
  waitForTransaction: () => committedSuccess,
};

/** A clock that reads 1000, 1010, 1020, … */
function tenMsClock() {
  let now = 990;
  return () => (now += 10);
}

function recorder() {
  return createRunRecorder({ now: tenMsClock(), newRunId: (attempt) => `run-${attempt}` });
}

describe('events kept in a transition', () => {
  it('an actor’s result keeps only its type; a user event keeps its fields', async () => {
    const rec = recorder();
    const { actor } = startTransaction({ responders: happy, inspect: rec.inspect });
    actor.send({ type: 'build' });
    await waitFor(actor, (s) => s.value === 'built');
    const events = rec.current()?.transitions.map((t) => t.event);
    expect(events).toStrictEqual([
      { type: 'xstate.init', input: expect.any(Object) as unknown },
      { type: 'build' },
      { type: 'xstate.done.actor.buildTransaction' },
    ]);
  });

  it('an actor’s error keeps its message: a string, an object’s message, anything else as text', async () => {
    const cases: [thrown: unknown, kept: string][] = [
      ['plain words', 'plain words'],
      [{ name: 'Error', message: 'an object said so' }, 'an object said so'],
      [{ name: 'Error' }, ''],
      [['a', 'list'], 'a,list'],
      [42, '42'],
      [null, 'null'],
      ['x'.repeat(700), 'x'.repeat(600)],
    ];
    for (const [thrown, kept] of cases) {
      const rec = recorder();
      const { actor } = startTransaction({
        responders: {
          buildTransaction: () => {
            throw thrown;
          },
        },
        inspect: rec.inspect,
      });
      actor.send({ type: 'build' });
      await waitFor(actor, (s) => s.value === 'buildError');
      expect(rec.current()?.transitions[2]?.event).toStrictEqual({
        type: 'xstate.error.actor.buildTransaction',
        error: kept,
      });
    }
  });
});

describe('time and facts', () => {
  it('offsets are the clock’s readings minus the run’s start', async () => {
    const rec = recorder();
    const { actor } = startTransaction({ responders: happy, inspect: rec.inspect });
    actor.send({ type: 'build' });
    await waitFor(actor, (s) => s.value === 'built');
    const record = rec.current();
    // startedAt read 1000; each transition reads the clock once more.
    expect(record?.startedAt).toBe(1000);
    expect(record?.transitions.map((t) => t.atMs)).toEqual([10, 20, 30]);
  });

  it('an uncommitted run has empty events and changes; a committed one keeps them', async () => {
    const rec = recorder();
    const { actor } = startTransaction({ responders: happy, inspect: rec.inspect });
    expect(rec.current()?.chain).toStrictEqual({
      built: null,
      rawTransactionHex: null,
      simulation: null,
      hash: null,
      version: null,
      success: null,
      vmStatus: null,
      gasUsed: null,
      events: [],
      changes: [],
    });
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.hasTag('outcome'));
    expect(rec.current()?.chain.changes).toEqual([]);

    const withChanges = {
      ...committedSuccess,
      events: [{ type: '0x1::coin::Deposit', data: { amount: '5' } }],
      changes: [{ type: 'write_resource', address: '0x1' }],
    };
    const second = recorder();
    const run = startTransaction({
      responders: { ...happy, waitForTransaction: () => withChanges },
      inspect: second.inspect,
    });
    run.actor.send({ type: 'run' });
    await waitFor(run.actor, (s) => s.hasTag('outcome'));
    const chain = second.current()?.chain;
    expect(chain?.events).toEqual([{ type: '0x1::coin::Deposit', data: { amount: '5' } }]);
    expect(chain?.changes).toEqual([{ type: 'write_resource', address: '0x1' }]);
  });
});

describe('attempts', () => {
  it('each run keeps only its own attempt’s wallet requests', async () => {
    let submits = 0;
    const rec = recorder();
    const { actor } = startTransaction({
      responders: {
        ...happy,
        submitTransaction: () =>
          submits++ === 0 ? Promise.reject(new Error('Validation Code: X')) : { hash: HASH },
      },
      inspect: rec.inspect,
    });
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.hasTag('outcome'));
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.value === 'committed');
    expect(rec.runs().map((run) => run.walletRequests)).toEqual([
      [{ request: 'signTransaction', status: 'APPROVED', attempt: 1 }],
      [{ request: 'signTransaction', status: 'APPROVED', attempt: 2 }],
    ]);
  });
});

describe('inspection events it ignores', () => {
  /** An inspection event as XState builds it, for the parts the recorder reads. */
  function inspection(
    fields: Partial<Record<string, unknown>> & { type: InspectionEvent['type'] },
  ): InspectionEvent {
    return { rootId: 'root', actorRef: { sessionId: 'root' }, ...fields } as InspectionEvent;
  }

  function startedByHand() {
    const rec = recorder();
    const { actor } = startTransaction({ responders: happy });
    const snapshot = actor.getSnapshot();
    const init: AnyEventObject = { type: 'xstate.init' };
    rec.inspect(inspection({ type: '@xstate.snapshot', event: init, snapshot }));
    return { rec, snapshot };
  }

  it('records nothing for another machine', () => {
    const rec = recorder();
    const wallet = createActor(walletMachine, {
      input: { appNetwork: { name: 'local', chainId: 4 } },
      inspect: rec.inspect,
    });
    wallet.start();
    wallet.send({ type: 'wallet.detected', wallets: ['Petra'] });
    expect(rec.runs()).toEqual([]);
    expect(rec.current()).toBeNull();
    // A snapshot without a machine or a context is not a transaction's either.
    rec.inspect(
      inspection({ type: '@xstate.snapshot', event: { type: 'xstate.init' }, snapshot: {} }),
    );
    rec.inspect(
      inspection({
        type: '@xstate.snapshot',
        event: { type: 'xstate.init' },
        snapshot: { machine: { id: 'transaction' } },
      }),
    );
    expect(rec.runs()).toEqual([]);
  });

  it('a microstep before any run, or of another machine, or of a child, is not recorded', () => {
    const rec = recorder();
    const { actor } = startTransaction({ responders: happy });
    const snapshot = actor.getSnapshot();
    const step = { _transitions: [{ eventType: 'build' }], event: { type: 'build' } };
    rec.inspect(inspection({ type: '@xstate.microstep', snapshot, ...step }));
    expect(rec.runs()).toEqual([]);

    const started = startedByHand();
    started.rec.inspect(inspection({ type: '@xstate.microstep', snapshot: {}, ...step }));
    started.rec.inspect(
      inspection({
        type: '@xstate.microstep',
        snapshot,
        ...step,
        actorRef: { sessionId: 'child' },
      }),
    );
    // A microstep without transitions, and a later snapshot that is not an init.
    started.rec.inspect(
      inspection({ type: '@xstate.microstep', snapshot, _transitions: [], event: { type: 'x' } }),
    );
    started.rec.inspect(
      inspection({ type: '@xstate.snapshot', snapshot, event: { type: 'build' } }),
    );
    // A second init does not start a second run.
    started.rec.inspect(
      inspection({ type: '@xstate.snapshot', snapshot, event: { type: 'xstate.init' } }),
    );
    expect(started.rec.runs()).toHaveLength(1);
    expect(started.rec.current()?.transitions.map((t) => t.event.type)).toEqual(['xstate.init']);
  });

  it('a microstep is eventless only when every one of its transitions is', () => {
    const { rec, snapshot } = startedByHand();
    rec.inspect(
      inspection({
        type: '@xstate.microstep',
        snapshot,
        event: { type: 'build' },
        _transitions: [{ eventType: '' }, { eventType: 'build' }],
      }),
    );
    rec.inspect(
      inspection({
        type: '@xstate.microstep',
        snapshot,
        event: { type: 'build' },
        _transitions: [{ eventType: '' }],
      }),
    );
    expect(rec.current()?.transitions.map((t) => t.eventless)).toEqual([false, false, true]);
  });

  it('sorts the tags of the latest snapshot', () => {
    const { rec, snapshot } = startedByHand();
    rec.inspect(
      inspection({
        type: '@xstate.microstep',
        snapshot: { ...snapshot, tags: new Set(['zeta', 'alpha', 'mid']) },
        event: { type: 'build' },
        _transitions: [{ eventType: 'build' }],
      }),
    );
    expect(rec.current()?.tags).toEqual(['alpha', 'mid', 'zeta']);
  });
});
