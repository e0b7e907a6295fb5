import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import {
  createReplayRecorder,
  replayRun,
  transactionMachine,
  type ClassifiedState,
  type TransactionEvent,
  type WorkbenchRun,
} from '../../machines';
import { classifyEvent } from '../../machines/transactionContext';
import { startTransaction, steppingClock } from '../machines/support/harness';
import type { Responder, TransactionActorId } from '../machines/support/harness';
import {
  afterExpiryUsec,
  committedAbort,
  committedSuccess,
  errors,
  HASH,
  sampleBuilt,
  simulationFailure,
  simulationSuccess,
} from '../machines/support/transactionSamples';

type Responders = Partial<Record<TransactionActorId, Responder>>;

const asError = (shape: { name: string; message: string } & Record<string, unknown>) =>
  Object.assign(new Error(shape.message), shape);

const happy: Responders = {
  buildTransaction: () => sampleBuilt,
  simulateTransaction: () => simulationSuccess,
  signTransaction: () => ({ status: 'APPROVED', authenticatorHex: '0x00', hash: HASH }),
  signAndSubmitTransaction: () => ({ status: 'APPROVED', hash: HASH }),
  submitTransaction: () => ({ hash: HASH }),
  waitForTransaction: () => committedSuccess,
  lookupTransaction: () => ({ status: 'notFound', ledgerTimestampUsec: afterExpiryUsec }),
};

/** Records a scripted session; each step waits for the machine to leave its busy states. */
async function record(
  responders: Responders,
  script: Array<TransactionEvent | 'settle' | 'pending'>,
  signingMode: 'sign' | 'signAndSubmit' = 'sign',
): Promise<WorkbenchRun[]> {
  let id = 0;
  const recorder = createReplayRecorder({
    now: steppingClock(10_000, 3),
    newRunId: (attempt) => `run-${attempt}-${++id}`,
  });
  const { actor } = startTransaction({
    responders: { ...happy, ...responders },
    inspect: recorder.inspect,
    input: { signingMode },
  });
  for (const step of script) {
    if (step === 'settle') await waitFor(actor, (s) => !s.hasTag('busy'));
    else if (step === 'pending') await waitFor(actor, (s) => s.matches('pending'));
    else actor.send(step);
  }
  actor.stop();
  // What a file or IndexedDB gives back: JSON.
  return JSON.parse(JSON.stringify(recorder.runs())) as WorkbenchRun[];
}

const run: Array<TransactionEvent | 'settle'> = [{ type: 'run' }, 'settle'];

describe('deterministic re-run (kind 2)', () => {
  it.each<[string, Responders, Array<TransactionEvent | 'settle'>, string]>([
    ['committed', {}, run, 'committed'],
    [
      'simulated.failure',
      { simulateTransaction: () => simulationFailure },
      run,
      'simulated.failure',
    ],
    ['failed (abort on chain)', { waitForTransaction: () => committedAbort }, run, 'failed'],
    [
      'failed (out of gas, thrown by the wait)',
      {
        waitForTransaction: () => {
          throw asError(errors.waitFailed);
        },
      },
      run,
      'failed',
    ],
    [
      'submitRejected (SEQUENCE_NUMBER_TOO_OLD)',
      {
        submitTransaction: () => {
          throw asError(errors.sequenceTooOld);
        },
      },
      run,
      'submitRejected',
    ],
    [
      'timedOut → recheck → expired',
      {
        waitForTransaction: () => {
          throw asError(errors.waitTimeout);
        },
      },
      [...run, { type: 'recheck' }, 'settle'],
      'expired',
    ],
    [
      'rejected (wallet status)',
      { signTransaction: () => ({ status: 'REJECTED' }) },
      run,
      'rejected',
    ],
    [
      'rejected (adapter string)',
      {
        signTransaction: () => {
          throw errors.adapterRejection;
        },
      },
      run,
      'rejected',
    ],
    [
      'buildError (node unreachable)',
      {
        buildTransaction: () => {
          throw asError(errors.transport);
        },
      },
      run,
      'buildError',
    ],
  ])('replays a run that ended %s identical', async (_name, responders, script, state) => {
    const [recorded] = await record(responders, script);
    expect(recorded.state).toBe(state);
    const result = await replayRun(recorded);
    expect(result.divergence).toBeNull();
    expect(result.identical).toBe(true);
    expect(result.replayed?.transitions).toHaveLength(recorded.transitions.length);
    expect(result.replayed?.state).toBe(state);
  });

  it('replays a step-by-step run with a cancel while pending (no answer recorded)', async () => {
    const [recorded] = await record({ waitForTransaction: () => new Promise(() => {}) }, [
      { type: 'build' },
      'settle',
      { type: 'sign' },
      'settle',
      { type: 'submit' },
      'pending',
      { type: 'cancel' },
    ]);
    expect(recorded.state).toBe('timedOut');
    expect((await replayRun(recorded)).identical).toBe(true);
  });

  it('replays a sign-and-submit wallet run', async () => {
    const [recorded] = await record({}, run, 'signAndSubmit');
    expect(recorded.transitions.map((t) => t.target)).toContain('signing.signAndSubmit');
    expect((await replayRun(recorded)).identical).toBe(true);
  });

  it('replays a retry (attempt 2) from the outcome it left, linked to attempt 1', async () => {
    const runs = await record(
      {
        submitTransaction: (() => {
          let calls = 0;
          return () => {
            calls += 1;
            if (calls === 1) throw asError(errors.sequenceTooOld);
            return { hash: HASH };
          };
        })(),
      },
      [...run, { type: 'retry' }, 'settle'],
    );
    expect(runs.map((r) => r.state)).toEqual(['submitRejected', 'committed']);
    expect(runs[1].retryOf).toBe(runs[0].id);
    expect(runs[1].transitions[0]).toMatchObject({ source: 'submitRejected', target: 'building' });
    for (const recorded of runs) expect((await replayRun(recorded)).identical).toBe(true);
  });

  it('shows the first divergence when the classifier changed', async () => {
    const [recorded] = await record({ simulateTransaction: () => simulationFailure }, run);
    // A "classifier" that calls every simulation a success.
    const changed = transactionMachine.provide({
      guards: {
        isClassifiedAs: ({ context, event }, params: { state: ClassifiedState }) => {
          const classified = classifyEvent(context, event).state;
          return (
            (classified === 'simulated.failure' ? 'simulated.success' : classified) === params.state
          );
        },
      },
    });
    const result = await replayRun(recorded, { machine: changed });
    expect(result.identical).toBe(false);
    const index = recorded.transitions.findIndex((t) => t.target === 'simulated.failure');
    expect(result.divergence).toMatchObject({
      index,
      fields: ['target'],
      expected: { target: 'simulated.failure' },
      actual: { target: 'simulated.success' },
    });
  });

  it('refuses a record without replay data', async () => {
    const [recorded] = await record({}, run);
    const { replay: _replay, ...bare } = recorded;
    await expect(replayRun(bare)).rejects.toThrow(/no replay data/);
  });
});
