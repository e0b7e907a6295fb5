import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { createRunRecorder, RUN_RECORD_SCHEMA_VERSION, statePath } from '../../machines';
import { startTransaction, steppingClock } from './support/harness';
import type { Responder, TransactionActorId } from './support/harness';
import {
  committedSuccess,
  errors,
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

function recorded(responders = happy, limit?: number) {
  let id = 0;
  const recorder = createRunRecorder({
    now: steppingClock(5_000, 1),
    newRunId: (attempt) => `run-${attempt}-${++id}`,
    limit,
  });
  const started = startTransaction({ responders, inspect: recorder.inspect });
  return { ...started, recorder };
}

describe('run record', () => {
  it('lists every transition in order with event, source and target', async () => {
    const { actor, recorder } = recorded();
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.hasTag('outcome'));
    const record = recorder.current();
    expect(record).not.toBeNull();
    if (!record) return;
    expect(record.schemaVersion).toBe(RUN_RECORD_SCHEMA_VERSION);
    expect(record.id).toBe('run-1-1');
    expect(record.transitions.map((t) => [t.source, t.event.type, t.target, t.eventless])).toEqual([
      [null, 'xstate.init', 'editing', false],
      ['editing', 'run', 'building', false],
      ['building', 'xstate.done.actor.buildTransaction', 'built', false],
      ['built', 'xstate.done.actor.buildTransaction', 'simulating', true],
      ['simulating', 'xstate.done.actor.simulateTransaction', 'simulated.success', false],
      ['simulated.success', 'xstate.done.actor.simulateTransaction', 'signing.signOnly', true],
      ['signing.signOnly', 'xstate.done.actor.signTransaction', 'signed', false],
      ['signed', 'xstate.done.actor.signTransaction', 'submitting', true],
      ['submitting', 'xstate.done.actor.submitTransaction', 'pending', false],
      ['pending', 'xstate.done.actor.waitForTransaction', 'committed', false],
    ]);
    expect(record.transitions.map((t) => t.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const offsets = record.transitions.map((t) => t.atMs);
    expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
    expect(record.state).toBe('committed');
    expect(record.tags).toEqual(['outcome']);
  });

  it('keeps the chain facts and the wallet request statuses', async () => {
    const { actor, recorder } = recorded();
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.hasTag('outcome'));
    const record = recorder.current();
    expect(record?.chain).toMatchObject({
      rawTransactionHex: sampleBuilt.rawTransactionHex,
      hash: HASH,
      version: '42',
      success: true,
      vmStatus: 'Executed successfully',
      gasUsed: '12',
      simulation: { success: true, gasUsed: '12' },
    });
    expect(record?.chain.events).toHaveLength(1);
    expect(record?.walletRequests).toEqual([
      { request: 'signTransaction', status: 'APPROVED', attempt: 1 },
    ]);
    expect(record?.network.nodeUrl).toBe('http://127.0.0.1:8080/v1');
    // The machine's stepping clock reads 5 ms later at each state entry.
    expect(record?.timing.stepDurationsMs).toEqual({
      building: 5,
      simulating: 5,
      signing: 5,
      submitting: 5,
      pending: 5,
    });
  });

  it('is plain JSON', async () => {
    const { actor, recorder } = recorded({
      ...happy,
      submitTransaction: () => Promise.reject(Object.assign(new Error('boom'), { big: 10n })),
    });
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.hasTag('outcome'));
    const record = recorder.current();
    expect(JSON.parse(JSON.stringify(record))).toEqual(record);
    const failure = record?.transitions.find((t) => t.event.type.startsWith('xstate.error'));
    expect(failure?.event).toEqual({ type: 'xstate.error.actor.submitTransaction', error: 'boom' });
  });

  it('never holds a private key', async () => {
    const { actor, recorder } = recorded();
    const key = `ed25519-priv-0x${'11'.repeat(32)}`;
    actor.send({
      type: 'draft.update',
      draft: {
        options: { maxGasAmount: '100' },
        privateKey: key,
        note: `signed with ${key}`,
      } as never,
    });
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.hasTag('outcome'));
    const text = JSON.stringify(recorder.runs());
    expect(text).not.toContain('11'.repeat(32));
    expect(text).toContain('[redacted]');
  });

  it('keeps a bounded buffer and counts what it dropped', async () => {
    const { actor, recorder } = recorded(happy, 4);
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.hasTag('outcome'));
    const record = recorder.current();
    expect(record?.transitions).toHaveLength(4);
    expect(record?.droppedTransitions).toBe(6);
    expect(record?.transitions.map((t) => t.seq)).toEqual([7, 8, 9, 10]);
  });

  it('starts a new run for each attempt and links a retry to the run it retries', async () => {
    let submits = 0;
    const { actor, recorder } = recorded({
      ...happy,
      submitTransaction: () =>
        submits++ === 0 ? Promise.reject(errors.sequenceTooOld) : { hash: HASH },
    });
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.hasTag('outcome'));
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.value === 'committed');
    actor.send({ type: 'edit' });
    const runs = recorder.runs();
    expect(runs.map((run) => [run.attempt, run.state, run.retryOf])).toEqual([
      [1, 'submitRejected', null],
      [2, 'committed', 'run-1-1'],
      [3, 'editing', null],
    ]);
    expect(runs[1]?.transitions[0]).toMatchObject({
      seq: 1,
      source: 'submitRejected',
      target: 'building',
    });
    expect(runs[0]?.outcome?.details.vmErrorName).toBe('SEQUENCE_NUMBER_TOO_OLD');
    expect(runs[1]?.chain.version).toBe('42');
  });

  it('ignores other actors in the same system', async () => {
    const { actor, recorder } = recorded();
    actor.send({ type: 'build' });
    await waitFor(actor, (s) => s.value === 'built');
    expect(recorder.runs()).toHaveLength(1);
    expect(recorder.current()?.transitions.map((t) => t.target)).toEqual([
      'editing',
      'building',
      'built',
    ]);
  });
});

describe('statePath', () => {
  it.each([
    ['editing', 'editing'],
    [{ simulated: 'success' }, 'simulated.success'],
    [{ connected: { deep: 'leaf' } }, 'connected.deep.leaf'],
  ] as const)('%o → %s', (value, path) => {
    expect(statePath(value)).toBe(path);
  });
});
