/**
 * The replay's details, exactly: the first divergence between two traces (each field, extra and
 * missing transitions), the refusals of a record that cannot be re-run, what the replay recorder
 * keeps per attempt, and a re-run's record (same id, the clock at the recorded offsets).
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import {
  createReplayRecorder,
  firstDivergence,
  ReplayError,
  replayRun,
  type TraceTransition,
  type WorkbenchRun,
} from '../../machines';
import { startTransaction, steppingClock } from './support/harness';
import type { Responder, TransactionActorId } from './support/harness';
import {
  committedSuccess,
  errors,
  HASH,
  sampleBuilt,
  simulationSuccess,
} from './support/transactionSamples';

const t = (overrides: Partial<TraceTransition> = {}): TraceTransition => ({
  seq: 1,
  atMs: 0,
  event: { type: 'run' },
  source: 'editing',
  target: 'building',
  eventless: false,
  ...overrides,
});

describe('firstDivergence', () => {
  it('none for the same traces, whatever the time offsets', () => {
    expect(firstDivergence([t(), t({ seq: 2 })], [t({ atMs: 99 }), t({ seq: 2 })])).toBeNull();
    expect(firstDivergence([], [])).toBeNull();
  });

  it('names each differing field, at the first differing index', () => {
    const base = [t(), t({ seq: 2, source: 'building', target: 'built' })];
    const changed = (overrides: Partial<TraceTransition>) => [
      base[0],
      { ...base[1], ...overrides },
    ];
    expect(firstDivergence(base, changed({ event: { type: 'edit' } }))).toStrictEqual({
      index: 1,
      expected: base[1],
      actual: { ...base[1], event: { type: 'edit' } },
      fields: ['event'],
    });
    expect(firstDivergence(base, changed({ source: 'x' }))?.fields).toEqual(['source']);
    expect(firstDivergence(base, changed({ target: 'x' }))?.fields).toEqual(['target']);
    expect(firstDivergence(base, changed({ eventless: true }))?.fields).toEqual(['eventless']);
    expect(
      firstDivergence(
        base,
        changed({ event: { type: 'e' }, source: 's', target: 't', eventless: true }),
      )?.fields,
    ).toEqual(['event', 'source', 'target', 'eventless']);
  });

  it('a shorter re-run is missing a transition; a longer one has an extra', () => {
    const one = [t()];
    const two = [t(), t({ seq: 2 })];
    expect(firstDivergence(two, one)).toStrictEqual({
      index: 1,
      expected: two[1],
      actual: null,
      fields: ['missing'],
    });
    expect(firstDivergence(one, two)).toStrictEqual({
      index: 1,
      expected: null,
      actual: two[1],
      fields: ['extra'],
    });
  });
});

const happy: Partial<Record<TransactionActorId, Responder>> = {
  buildTransaction: () => sampleBuilt,
  simulateTransaction: () => simulationSuccess,
  signTransaction: () => ({ status: 'APPROVED', authenticatorHex: '0x00', hash: HASH }),
  submitTransaction: () => ({ hash: HASH }),
  waitForTransaction: () => committedSuccess,
};

async function recorded(
  responders: Partial<Record<TransactionActorId, Responder>>,
  retryOf?: string,
) {
  const recorder = createReplayRecorder({
    now: steppingClock(10_000, 3),
    newRunId: (attempt) => `run-${attempt}`,
    ...(retryOf === undefined ? {} : { retryOf }),
  });
  const { actor } = startTransaction({ responders, inspect: recorder.inspect });
  return { actor, recorder };
}

describe('createReplayRecorder', () => {
  it('keeps each attempt’s input and its actors’ answers, outputs and errors', async () => {
    let submits = 0;
    const { actor, recorder } = await recorded({
      ...happy,
      submitTransaction: () =>
        submits++ === 0 ? Promise.reject(errors.sequenceTooOld) : { hash: HASH },
    });
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.value === 'submitRejected');
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.value === 'committed');
    const runs = recorder.runs();
    expect(runs.map((run) => run.replay?.answers.map((answer) => answer.actor))).toEqual([
      ['buildTransaction', 'simulateTransaction', 'signTransaction', 'submitTransaction'],
      [
        'buildTransaction',
        'simulateTransaction',
        'signTransaction',
        'submitTransaction',
        'waitForTransaction',
      ],
    ]);
    const failedSubmit = runs[0]?.replay?.answers[3];
    expect(failedSubmit && 'error' in failedSubmit).toBe(true);
    expect(failedSubmit).toMatchObject({ error: { name: 'AptosApiError', status: 400 } });
    expect(runs[1]?.replay?.answers[4]).toMatchObject({ output: { version: '42' } });
    expect(runs[0]?.replay?.input.signingMode).toBe('sign');
    // Without a retryOf option, a retry links to the run it retries.
    expect(runs.map((run) => run.retryOf)).toEqual([null, 'run-1']);
    // The answers handed out are a copy.
    runs[0]?.replay?.answers.pop();
    expect(recorder.runs()[0]?.replay?.answers).toHaveLength(4);
  });

  it('an attempt with no answer yet still has its input', async () => {
    const { actor, recorder } = await recorded(happy);
    expect(recorder.current()?.replay).toStrictEqual({
      input: {
        draft: actor.getSnapshot().context.draft,
        signingMode: 'sign',
      },
      answers: [],
    });
  });

  it('retryOf names the stored run the first attempt retries, and only that one', async () => {
    let submits = 0;
    const { actor, recorder } = await recorded(
      {
        ...happy,
        submitTransaction: () =>
          submits++ === 0 ? Promise.reject(errors.sequenceTooOld) : { hash: HASH },
      },
      'stored-run',
    );
    expect(recorder.current()?.retryOf).toBe('stored-run');
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.value === 'submitRejected');
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.value === 'committed');
    expect(recorder.runs().map((run) => run.retryOf)).toEqual(['stored-run', 'run-1']);
  });
});

describe('replayRun', () => {
  async function oneRun(): Promise<WorkbenchRun> {
    const { actor, recorder } = await recorded(happy);
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.value === 'committed');
    actor.stop();
    const record = recorder.current();
    if (!record) throw new Error('no record');
    return JSON.parse(JSON.stringify(record)) as WorkbenchRun;
  }

  it('re-runs under the same id, its clock at the recorded user events’ offsets', async () => {
    const record = await oneRun();
    const result = await replayRun(record);
    expect(result.identical).toBe(true);
    expect(result.compared).toBe(record.transitions.length);
    expect(result.replayed?.id).toBe(record.id);
    expect(result.replayed?.startedAt).toBe(record.startedAt);
    // The replay's clock moves only to each recorded user event's offset: the start at 0, then
    // everything after `run` at run's recorded offset (the actors answer at once).
    const runAt = record.transitions[1]?.atMs;
    expect(runAt).toBe(6);
    expect(result.replayed?.transitions.map((x) => x.atMs)).toEqual([
      0,
      ...record.transitions.slice(1).map(() => runAt),
    ]);
    expect(result.replayed?.state).toBe('committed');
    // The replay's clock drives the machine's timing too: every step took no time.
    expect(result.replayed?.timing.stepDurationsMs).toStrictEqual({
      building: 0,
      simulating: 0,
      signing: 0,
      submitting: 0,
      pending: 0,
    });
  });

  it('compares up to the longer trace when the re-run is shorter', async () => {
    const record = await oneRun();
    const longer = {
      ...record,
      transitions: [...record.transitions, t({ seq: 99, source: 'committed', target: 'editing' })],
    };
    const result = await replayRun(longer);
    expect(result.compared).toBe(record.transitions.length + 1);
    expect(result.divergence?.fields).toEqual(['missing']);
    expect(result.divergence?.index).toBe(record.transitions.length);
  });

  it('refuses a record without replay data, without transitions, or cut short', async () => {
    const record = await oneRun();
    const refusal = async (bad: WorkbenchRun) => {
      const error = await replayRun(bad).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ReplayError);
      expect((error as Error).name).toBe('ReplayError');
      return (error as Error).message;
    };
    expect(await refusal({ ...record, replay: undefined })).toBe(
      'This record has no replay data (actor answers); only runs recorded by the workbench can be re-run.',
    );
    expect(await refusal({ ...record, transitions: [] })).toBe('This record has no transitions.');
    expect(await refusal({ ...record, droppedTransitions: 3 })).toBe(
      'The record dropped its 3 oldest transitions; it cannot be re-run from the start.',
    );
  });
});
