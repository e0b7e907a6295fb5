import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { statePath, transactionClock, transactionMachine } from '../../machines';
import { startTransaction } from './support/harness';
import type { Responder, TransactionActorId } from './support/harness';
import {
  afterExpiryUsec,
  beforeExpiryUsec,
  committedAbort,
  committedSuccess,
  errors,
  HASH,
  pendingTransaction,
  sampleBuilt,
  sampleDraft,
  sampleInput,
  simulationFailure,
  simulationSuccess,
} from './support/transactionSamples';

/** Every actor answers at once, successfully. */
const happy: Record<TransactionActorId, Responder> = {
  buildTransaction: () => sampleBuilt,
  simulateTransaction: () => simulationSuccess,
  signTransaction: () => ({ status: 'APPROVED', authenticatorHex: '0x00', hash: HASH }),
  signAndSubmitTransaction: () => ({ status: 'APPROVED', hash: HASH }),
  submitTransaction: () => ({ hash: HASH }),
  waitForTransaction: () => committedSuccess,
  lookupTransaction: () => ({ status: 'found', transaction: committedSuccess }),
};

const settled = (actor: ReturnType<typeof startTransaction>['actor']) =>
  waitFor(actor, (snapshot) => !snapshot.hasTag('busy'), { timeout: 1000 });

describe('run', () => {
  it('advances through every step to committed', async () => {
    const { actor, fakes } = startTransaction({ responders: happy });
    actor.send({ type: 'run' });
    const snapshot = await waitFor(actor, (s) => s.hasTag('outcome'));
    expect(snapshot.value).toBe('committed');
    expect(fakes.callOrder()).toEqual([
      'buildTransaction',
      'simulateTransaction',
      'signTransaction',
      'submitTransaction',
      'waitForTransaction',
    ]);
    expect(snapshot.context.mode).toBe('step');
    expect(snapshot.context.committed).toMatchObject({
      version: '42',
      success: true,
      gasUsed: '12',
    });
    expect(snapshot.context.outcome?.details.summary).toContain('Committed at version 42');
  });

  it('passes each step what the previous one produced', async () => {
    const { actor, fakes } = startTransaction({ responders: happy });
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.hasTag('outcome'));
    const input = (id: TransactionActorId) => fakes.calls.find((call) => call.id === id)?.input;
    expect(input('buildTransaction')).toEqual({ draft: sampleDraft });
    expect(input('simulateTransaction')).toEqual({ built: sampleBuilt });
    expect(input('submitTransaction')).toEqual({
      built: sampleBuilt,
      signature: { authenticatorHex: '0x00', hash: HASH },
    });
    expect(input('waitForTransaction')).toEqual({ hash: HASH, timeoutSecs: 1 });
  });

  it('stops at a simulation failure and goes on with another run', async () => {
    const { actor, fakes } = startTransaction({
      responders: {
        ...happy,
        simulateTransaction: () => simulationFailure,
        waitForTransaction: () => committedAbort,
      },
    });
    actor.send({ type: 'run' });
    let snapshot = await settled(actor);
    expect(snapshot.value).toEqual({ simulated: 'failure' });
    expect(snapshot.hasTag('error')).toBe(true);
    expect(snapshot.context.simulation?.vmStatus).toContain('EINSUFFICIENT_BALANCE');
    expect(fakes.callOrder()).not.toContain('signTransaction');

    actor.send({ type: 'run' });
    snapshot = await waitFor(actor, (s) => s.hasTag('outcome'));
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.outcome?.details).toMatchObject({
      vmStatus: committedAbort.vm_status,
      gasUsed: '9',
    });
  });

  it('stops at a build error with a message that says what to check', async () => {
    const { actor } = startTransaction({
      responders: { buildTransaction: () => Promise.reject(errors.transport) },
    });
    actor.send({ type: 'run' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('buildError');
    expect(snapshot.context.outcome?.details.summary).toMatch(
      /Could not reach the node at http:\/\/127\.0\.0\.1:8080\/v1/,
    );
    expect(snapshot.context.outcome?.details.cause).toContain('ECONNREFUSED');
  });

  it('stops when the node refuses the transaction, keeping its codes', async () => {
    const { actor, fakes } = startTransaction({
      responders: { ...happy, submitTransaction: () => Promise.reject(errors.sequenceTooOld) },
    });
    actor.send({ type: 'run' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('submitRejected');
    expect(snapshot.context.outcome?.details).toMatchObject({
      errorCode: 'vm_error',
      vmErrorCode: 3,
      vmErrorName: 'SEQUENCE_NUMBER_TOO_OLD',
      httpStatus: 400,
    });
    expect(fakes.callOrder()).not.toContain('waitForTransaction');
  });
});

describe('stepping', () => {
  it('waits for each event and ignores events that do not apply', async () => {
    const { actor } = startTransaction({ responders: happy });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'build' });
    expect((await settled(actor)).value).toBe('built');
    actor.send({ type: 'simulate' });
    expect((await settled(actor)).value).toEqual({ simulated: 'success' });
    actor.send({ type: 'sign' });
    expect((await settled(actor)).value).toBe('signed');
    actor.send({ type: 'submit' });
    expect((await waitFor(actor, (s) => s.hasTag('outcome'))).value).toBe('committed');
  });

  it('can sign without simulating', async () => {
    const { actor, fakes } = startTransaction({ responders: happy });
    actor.send({ type: 'build' });
    await settled(actor);
    actor.send({ type: 'sign' });
    expect((await settled(actor)).value).toBe('signed');
    expect(fakes.callOrder()).toEqual(['buildTransaction', 'signTransaction']);
  });

  it('updates the draft only while editing', async () => {
    const { actor } = startTransaction({ responders: happy });
    actor.send({ type: 'draft.update', draft: { options: { maxGasAmount: '5000' } } });
    expect(actor.getSnapshot().context.draft.options).toEqual({ maxGasAmount: '5000' });
    expect(actor.getSnapshot().context.draft.payload).toEqual(sampleDraft.payload);
    actor.send({ type: 'build' });
    await settled(actor);
    actor.send({ type: 'draft.update', draft: { sender: '0xdead' } });
    expect(actor.getSnapshot().context.draft.sender).toBe(sampleDraft.sender);
  });
});

describe('cancel while busy returns to the previous stable state', () => {
  it.each([
    ['building', [] as const, 'editing'],
    ['simulating', ['build'] as const, 'built'],
    ['signing', ['build'] as const, 'built'],
  ])('from %s', async (busy, before, expected) => {
    const { actor, fakes } = startTransaction();
    for (const type of before) {
      actor.send({ type });
      await fakes.resolve('buildTransaction', sampleBuilt);
    }
    actor.send({
      type: busy === 'building' ? 'build' : busy === 'simulating' ? 'simulate' : 'sign',
    });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'cancel' });
    expect(statePath(actor.getSnapshot().value)).toBe(expected);
    expect(fakes.calls.at(-1)?.aborted).toBe(true);
  });

  it('from a re-simulation back to the simulated state', async () => {
    const { actor, fakes } = startTransaction({
      responders: { buildTransaction: happy.buildTransaction },
    });
    actor.send({ type: 'build' });
    await settled(actor);
    actor.send({ type: 'simulate' });
    await fakes.resolve('simulateTransaction', simulationFailure);
    actor.send({ type: 'simulate' });
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toEqual({ simulated: 'failure' });
  });

  it('from submitting back to signed, and a run stops there', async () => {
    const { actor, fakes } = startTransaction({
      responders: {
        buildTransaction: happy.buildTransaction,
        simulateTransaction: happy.simulateTransaction,
        signTransaction: happy.signTransaction,
      },
    });
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.matches('submitting'));
    actor.send({ type: 'cancel' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('signed');
    expect(snapshot.context.mode).toBe('step');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(actor.getSnapshot().value).toBe('signed');
    expect(fakes.calls.filter((call) => call.id === 'submitTransaction')).toHaveLength(1);
  });

  it('from pending to timedOut: the transaction may still commit', async () => {
    const { actor } = startTransaction({
      responders: { ...happy, waitForTransaction: () => new Promise(() => {}) },
    });
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.matches('pending'));
    actor.send({ type: 'cancel' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('timedOut');
    expect(snapshot.context.outcome?.details.summary).toMatch(/Stopped waiting/);
    expect(snapshot.context.outcome?.details.hash).toBe(HASH);
  });
});

describe('edit and retry start a new attempt with the draft kept', () => {
  it('retry runs the same draft again as attempt 2', async () => {
    let submits = 0;
    const { actor, fakes } = startTransaction({
      responders: {
        ...happy,
        submitTransaction: () =>
          submits++ === 0 ? Promise.reject(errors.mempoolFull) : { hash: HASH },
      },
    });
    actor.send({ type: 'draft.update', draft: { options: { gasUnitPrice: '150' } } });
    actor.send({ type: 'run' });
    let snapshot = await settled(actor);
    expect(snapshot.value).toBe('submitRejected');
    expect(snapshot.context.outcome?.details.errorCode).toBe('mempool_is_full');

    actor.send({ type: 'retry' });
    snapshot = await waitFor(actor, (s) => s.hasTag('outcome'));
    expect(snapshot.value).toBe('committed');
    expect(snapshot.context).toMatchObject({ attempt: 2, retryOf: 1 });
    expect(snapshot.context.draft.options.gasUnitPrice).toBe('150');
    expect(fakes.callOrder().filter((id) => id === 'buildTransaction')).toHaveLength(2);
  });

  it('edit goes back to editing, clears the attempt and keeps the draft', async () => {
    const { actor } = startTransaction({ responders: happy });
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.hasTag('outcome'));
    actor.send({ type: 'edit' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context).toMatchObject({
      attempt: 2,
      retryOf: null,
      built: null,
      simulation: null,
      hash: null,
      committed: null,
      outcome: null,
      draft: sampleDraft,
    });
    expect(snapshot.context.timing.enteredAt).toEqual({ editing: expect.any(Number) });
  });

  it('edit from a stable state keeps the attempt', async () => {
    const { actor } = startTransaction({ responders: happy });
    actor.send({ type: 'build' });
    await settled(actor);
    actor.send({ type: 'edit' });
    expect(actor.getSnapshot().context).toMatchObject({ attempt: 1, built: null });
  });
});

describe('timedOut and recheck', () => {
  async function timedOutActor(lookup: Responder) {
    const started = startTransaction({
      responders: {
        ...happy,
        waitForTransaction: () => Promise.reject(errors.waitTimeout),
        lookupTransaction: lookup,
      },
    });
    started.actor.send({ type: 'run' });
    const snapshot = await settled(started.actor);
    expect(snapshot.value).toBe('timedOut');
    expect(snapshot.context.outcome?.details.summary).toMatch(/wait ran out/);
    started.actor.send({ type: 'recheck' });
    return started;
  }

  it('committed when the chain committed it', async () => {
    const { actor, fakes } = await timedOutActor(() => ({
      status: 'found',
      transaction: committedSuccess,
    }));
    expect((await settled(actor)).value).toBe('committed');
    expect(fakes.calls.find((call) => call.id === 'lookupTransaction')?.input).toEqual({
      hash: HASH,
    });
  });

  it('failed when it committed with success: false', async () => {
    const { actor } = await timedOutActor(() => ({ status: 'found', transaction: committedAbort }));
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.committed?.gasUsed).toBe('9');
  });

  it('back to pending (waiting again) when still pending', async () => {
    const { actor, fakes } = await timedOutActor(() => ({
      status: 'found',
      transaction: pendingTransaction,
    }));
    await waitFor(actor, (s) => s.matches('pending'));
    expect(fakes.callOrder().filter((id) => id === 'waitForTransaction')).toHaveLength(2);
  });

  it('expired when unknown after the expiration time', async () => {
    const { actor } = await timedOutActor(() => ({
      status: 'notFound',
      ledgerTimestampUsec: afterExpiryUsec,
    }));
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('expired');
    expect(snapshot.hasTag('error')).toBe(true);
    expect(snapshot.context.outcome?.details.ledgerTimestampUsec).toBe(afterExpiryUsec);
  });

  it('stays timedOut, "not seen yet", when unknown before the expiration time', async () => {
    const { actor } = await timedOutActor(() => ({
      status: 'notFound',
      ledgerTimestampUsec: beforeExpiryUsec,
    }));
    await waitFor(actor, (s) => s.context.outcome?.step === 'lookup');
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('timedOut');
    expect(snapshot.context.outcome?.details).toMatchObject({ notSeenYet: true });
    expect(snapshot.context.outcome?.details.summary).toMatch(/^Not seen yet/);
  });

  it('stays timedOut when the node cannot be reached', async () => {
    const { actor } = await timedOutActor(() => Promise.reject(errors.transport));
    await waitFor(actor, (s) => s.context.outcome?.step === 'lookup');
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(actor.getSnapshot().context.outcome?.details.source).toBe('transport');
  });
});

describe('signers', () => {
  it('a wallet offering only sign-and-submit goes signing → pending directly', async () => {
    const { actor, fakes } = startTransaction({
      responders: happy,
      input: { signingMode: 'signAndSubmit' },
    });
    const seen: string[] = [];
    actor.subscribe((snapshot) => seen.push(statePath(snapshot.value)));
    actor.send({ type: 'run' });
    const snapshot = await waitFor(actor, (s) => s.hasTag('outcome'));
    expect(snapshot.value).toBe('committed');
    expect(fakes.callOrder()).toEqual([
      'buildTransaction',
      'simulateTransaction',
      'signAndSubmitTransaction',
      'waitForTransaction',
    ]);
    expect(seen).toContain('signing.signAndSubmit');
    expect(seen).not.toContain('signed');
    expect(snapshot.context.walletRequests).toEqual([
      { request: 'signAndSubmitTransaction', status: 'APPROVED', attempt: 1 },
    ]);
  });

  it('signer.change switches the signing route', async () => {
    const { actor } = startTransaction();
    actor.send({ type: 'signer.change', signingMode: 'signAndSubmit' });
    expect(actor.getSnapshot().context.signingMode).toBe('signAndSubmit');
  });

  it('a rejection keeps the wallet request status', async () => {
    const { actor } = startTransaction({
      responders: { ...happy, signTransaction: () => Promise.reject(errors.adapterRejection) },
    });
    actor.send({ type: 'run' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('rejected');
    expect(snapshot.context.outcome?.details.walletStatus).toBe('REJECTED');
    expect(snapshot.context.walletRequests).toEqual([
      { request: 'signTransaction', status: 'REJECTED', attempt: 1 },
    ]);
  });

  it('a sign-and-submit refused by the node is submitRejected', async () => {
    const { actor } = startTransaction({
      responders: {
        ...happy,
        signAndSubmitTransaction: () => Promise.reject(errors.adapterNodeError),
      },
      input: { signingMode: 'signAndSubmit' },
    });
    actor.send({ type: 'run' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('submitRejected');
    expect(snapshot.context.outcome?.details).toMatchObject({
      vmErrorCode: 6,
      vmErrorName: 'TRANSACTION_EXPIRED',
    });
  });
});

describe('clock and timing', () => {
  it('records when each state was entered and how long each step took', async () => {
    const readings = [100, 110, 135, 140, 190, 191, 230, 231, 300, 450];
    let index = 0;
    const { actor } = startTransaction({ responders: happy, now: () => readings[index++] ?? 999 });
    actor.send({ type: 'run' });
    const { context } = await waitFor(actor, (s) => s.hasTag('outcome'));
    expect(context.timing.enteredAt).toEqual({
      editing: 100,
      building: 110,
      built: 135,
      simulating: 140,
      'simulated.success': 190,
      signing: 191,
      signed: 230,
      submitting: 231,
      pending: 300,
      committed: 450,
    });
    expect(context.timing.stepDurationsMs).toEqual({
      building: 25,
      simulating: 50,
      signing: 39,
      submitting: 69,
      pending: 150,
    });
    expect(context.timing.attemptStartedAt).toBe(100);
  });

  it('refuses to run without a clock, and without effects lands in buildError', async () => {
    const noClock = createActor(transactionMachine, { input: sampleInput });
    const failures: unknown[] = [];
    noClock.subscribe({ error: (error) => failures.push(error) });
    noClock.start();
    expect(noClock.getSnapshot().status).toBe('error');
    expect(String(failures[0])).toContain('recordStateEntry not provided');

    const noEffects = createActor(
      transactionMachine.provide({ actions: transactionClock(() => 0) }),
      {
        input: sampleInput,
      },
    ).start();
    noEffects.send({ type: 'build' });
    const snapshot = await waitFor(noEffects, (s) => !s.hasTag('busy'));
    expect(snapshot.value).toBe('buildError');
    expect(snapshot.context.outcome?.details.cause).toBe('buildTransaction not provided');
  });
});

describe('states carry the contract', () => {
  const nodes = getStateNodes(transactionMachine.root);
  const top = (name: string) => transactionMachine.root.states[name];

  it('every state has a description', () => {
    for (const node of nodes) expect(node.description, node.id).toBeTruthy();
  });

  it('tags busy, outcome and error as DESIGN.md says', () => {
    const tagged = (tag: string) =>
      Object.keys(transactionMachine.root.states)
        .filter((name) => top(name)?.tags.includes(tag))
        .sort();
    expect(tagged('busy')).toEqual([
      'building',
      'pending',
      'rechecking',
      'signing',
      'simulating',
      'submitting',
    ]);
    expect(tagged('outcome')).toEqual([
      'buildError',
      'committed',
      'expired',
      'failed',
      'rejected',
      'simulationError',
      'submitRejected',
      'timedOut',
    ]);
    expect(tagged('error')).toEqual([
      'buildError',
      'expired',
      'failed',
      'rejected',
      'simulationError',
      'submitRejected',
    ]);
    expect(top('simulated')?.states.failure?.tags).toEqual(['error']);
  });
});
