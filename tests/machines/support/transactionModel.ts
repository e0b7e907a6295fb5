import { createTestModel } from 'xstate/graph';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { signerSlotsOf, transactionClock, transactionMachine } from '../../../machines';
import type { TransactionActorId, TransactionContext } from '../../../machines';
import { steppingClock } from './harness';
import { toModelMachine } from './modelMachine';
import {
  afterExpiryUsec,
  beforeExpiryUsec,
  committedAbort,
  committedSuccess,
  errors,
  HASH,
  multiSignerBuilt,
  pendingTransaction,
  sampleBuilt,
  sampleInput,
  simulationFailure,
  simulationSuccess,
} from './transactionSamples';

const done = (id: TransactionActorId, output: unknown) => ({
  type: `xstate.done.actor.${id}`,
  output,
  actorId: id,
});
const failure = (id: TransactionActorId, error: unknown) => ({
  type: `xstate.error.actor.${id}`,
  error,
  actorId: id,
});

/**
 * Sample payloads: every event that carries data, one sample per route it can take, each with the
 * name the contract table ({@link ./transactionContract}) knows it by.
 */
export const namedSampleEvents: ReadonlyArray<readonly [string, AnyEventObject]> = [
  ['draft.update', { type: 'draft.update', draft: { options: { maxGasAmount: '5000' } } }],
  ['signer.change:sign', { type: 'signer.change', signingMode: 'sign' }],
  ['signer.change:signAndSubmit', { type: 'signer.change', signingMode: 'signAndSubmit' }],
  ['build:built', done('buildTransaction', sampleBuilt)],
  ['build:multiSigner', done('buildTransaction', multiSignerBuilt)],
  ['build:networkFailed', failure('buildTransaction', errors.transport)],
  ['simulate:success', done('simulateTransaction', simulationSuccess)],
  ['simulate:failure', done('simulateTransaction', simulationFailure)],
  ['simulate:noTransaction', done('simulateTransaction', [])],
  ['simulate:networkFailed', failure('simulateTransaction', errors.transport)],
  [
    'sign:approved',
    done('signTransaction', { status: 'APPROVED', authenticatorHex: '0x00', hash: HASH }),
  ],
  ['sign:cancelled', done('signTransaction', { status: 'CANCELLED' })],
  ['sign:walletSaidNo', failure('signTransaction', errors.adapterRejection)],
  ['signAndSubmit:approved', done('signAndSubmitTransaction', { status: 'APPROVED', hash: HASH })],
  ['signAndSubmit:rejected', done('signAndSubmitTransaction', { status: 'REJECTED' })],
  [
    'signAndSubmit:walletCouldNotReachNode',
    done('signAndSubmitTransaction', {
      status: 'INVALID',
      message: 'Could not build the transaction against http://127.0.0.1:8080/v1: fetch failed.',
    }),
  ],
  ['signAndSubmit:nodeRefused', failure('signAndSubmitTransaction', errors.adapterNodeError)],
  ['signAndSubmit:walletSaidNo', failure('signAndSubmitTransaction', errors.adapterRejection)],
  ['submit:accepted', done('submitTransaction', { hash: HASH })],
  ['submit:noHash', done('submitTransaction', {})],
  ['submit:nodeRefused', failure('submitTransaction', errors.sequenceTooOld)],
  ['wait:committed', done('waitForTransaction', committedSuccess)],
  ['wait:aborted', done('waitForTransaction', committedAbort)],
  ['wait:stillPending', done('waitForTransaction', pendingTransaction)],
  ['wait:timedOut', failure('waitForTransaction', errors.waitTimeout)],
  ['wait:failedTransaction', failure('waitForTransaction', errors.waitFailed)],
  [
    'lookup:committed',
    done('lookupTransaction', { status: 'found', transaction: committedSuccess }),
  ],
  ['lookup:aborted', done('lookupTransaction', { status: 'found', transaction: committedAbort })],
  [
    'lookup:pending',
    done('lookupTransaction', { status: 'found', transaction: pendingTransaction }),
  ],
  [
    'lookup:notFoundAfterExpiry',
    done('lookupTransaction', { status: 'notFound', ledgerTimestampUsec: afterExpiryUsec }),
  ],
  [
    'lookup:notFoundBeforeExpiry',
    done('lookupTransaction', { status: 'notFound', ledgerTimestampUsec: beforeExpiryUsec }),
  ],
  ['lookup:networkFailed', failure('lookupTransaction', errors.transport)],
];

export const sampleEvents: AnyEventObject[] = namedSampleEvents.map(([, event]) => event);

const nameOf = new Map(namedSampleEvents.map(([name, event]) => [JSON.stringify(event), name]));

/** The contract's name of an event: the sample's name, or the type of a payload-free event. */
export function eventName(event: AnyEventObject): string {
  return nameOf.get(JSON.stringify(event)) ?? event.type;
}

/** Context that decides routes stays in the key; timings and results stay out (finite graph). */
export function serializeState(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as TransactionContext;
  return JSON.stringify({
    value: snapshot.value,
    mode: context.mode,
    signingMode: context.signingMode,
    lastStable: context.lastStable,
    signers: signerSlotsOf(context.built).length,
    collected: context.signatures.length,
  });
}

export const modelMachine = toModelMachine(transactionMachine).provide({
  actions: transactionClock(steppingClock()),
});

/** The test model of the transaction machine, built from the machine itself. */
export const model = createTestModel(modelMachine, {
  input: sampleInput,
  events: sampleEvents,
  serializeState,
});
