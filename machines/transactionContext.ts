import type { EventObject } from 'xstate';
import { classifyOutcome } from './classifyOutcome';
import type {
  Classification,
  ClassifiedState,
  OutcomeDetails,
  OutcomeStep,
  Produced,
} from './outcomeTypes';
import type { StateTiming } from './timing';
import { nextSigner, signerSlotsOf } from './signers';
import { STEP_OF_ACTOR } from './transactionActors';
import type {
  BuiltTransaction,
  CollectedSignature,
  CommittedResult,
  NetworkInfo,
  SignatureResult,
  SigningMode,
  SimulationResult,
  TransactionDraft,
  WalletRequestRecord,
} from './types';

/** Input of the transaction machine. */
export interface TransactionInput {
  draft: TransactionDraft;
  network: NetworkInfo;
  /** Defaults to `sign`: the workbench submits what the signer signed. */
  signingMode?: SigningMode;
}

/**
 * Events of the transaction machine (DESIGN.md). `signer.change` is an addition: the connected
 * signer's capability (sign, or only sign-and-submit) can change while a draft is open.
 */
export type TransactionEvent =
  | { type: 'draft.update'; draft: Partial<TransactionDraft> }
  | { type: 'build' }
  | { type: 'simulate' }
  | { type: 'sign' }
  | { type: 'submit' }
  | { type: 'run' }
  | { type: 'cancel' }
  | { type: 'edit' }
  | { type: 'retry' }
  | { type: 'recheck' }
  | { type: 'signer.change'; signingMode: SigningMode };

/** Tags: `busy` waits for I/O, `outcome` ends an attempt, `error` is a failure. */
export type TransactionTag = 'busy' | 'outcome' | 'error';

/** Every state path of the transaction machine that context timing records. */
export type TransactionStatePath =
  | 'editing'
  | 'building'
  | 'built'
  | 'simulating'
  | 'simulated.success'
  | 'simulated.failure'
  | 'signing'
  | 'signed'
  | 'submitting'
  | 'pending'
  | 'rechecking'
  | 'committed'
  | 'failed'
  | 'timedOut'
  | 'expired'
  | 'rejected'
  | 'submitRejected'
  | 'buildError'
  | 'simulationError';

/** Stable (not busy) states a `cancel` can return to. */
export type StableState =
  'editing' | 'built' | 'simulated.success' | 'simulated.failure' | 'signed' | 'timedOut';

/** The last classified result of a step, kept for the UI and the run record. */
export interface StepOutcome {
  step: OutcomeStep;
  state: ClassifiedState;
  details: OutcomeDetails;
}

/** Context of the transaction machine; JSON-safe throughout. */
export interface TransactionContext {
  network: NetworkInfo;
  draft: TransactionDraft;
  signingMode: SigningMode;
  /** 1 for the first attempt; `edit` or `retry` from an outcome start the next one. */
  attempt: number;
  /** The attempt this one retries (`retry`), or `null`. */
  retryOf: number | null;
  /** `run` advances through every step until the first failure; `step` waits for each event. */
  mode: 'step' | 'run';
  /** Where `cancel` returns to. */
  lastStable: StableState;
  built: BuiltTransaction | null;
  simulation: SimulationResult | null;
  /** The sender's signature. */
  signature: SignatureResult | null;
  /**
   * Signatures collected so far in this `signing`, in order (sender, secondary signers, fee
   * payer); the built transaction's `signers` says which are still missing.
   */
  signatures: CollectedSignature[];
  /** Hash of the transaction the node accepted. */
  hash: string | null;
  committed: CommittedResult | null;
  outcome: StepOutcome | null;
  walletRequests: WalletRequestRecord[];
  timing: StateTiming;
}

/** What a new attempt starts without: the results of the previous one. */
export const attemptResults = {
  built: null,
  simulation: null,
  signature: null,
  signatures: [],
  hash: null,
  committed: null,
  outcome: null,
} satisfies Partial<TransactionContext>;

/** A context value a step needs; its absence is a bug in the machine, not a user error. */
export function required<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`transaction machine: no ${what} in context`);
  return value;
}

const ACTOR_EVENT = /^xstate\.(done|error)\.actor\.(.+)$/;

/** The step whose actor sent a done or error event (`xstate.done.actor.simulateTransaction`). */
function stepOf(event: EventObject): OutcomeStep {
  const id = ACTOR_EVENT.exec(event.type)?.[2];
  const step =
    id !== undefined && Object.hasOwn(STEP_OF_ACTOR, id)
      ? STEP_OF_ACTOR[id as keyof typeof STEP_OF_ACTOR]
      : undefined;
  if (step === undefined) throw new Error(`transaction machine: ${event.type} is no step's result`);
  return step;
}

function producedBy(event: EventObject): Produced {
  if ('output' in event) return { output: event.output };
  if ('error' in event) return { error: event.error };
  return { error: new Error(`unexpected event ${event.type}`) };
}

/**
 * Each result is classified once, although every guarded transition and the assignment ask: the
 * classifier is pure, so its answer for one event object never changes.
 */
const classified = new WeakMap<EventObject, Classification>();

/**
 * The classifier's verdict on an actor's done or error event, for the step that actor performs.
 *
 * @param context - the machine's context (expiration and node URL).
 * @param event - `xstate.done.actor.<id>` or `xstate.error.actor.<id>`.
 * @returns the classification.
 */
export function classifyEvent(context: TransactionContext, event: EventObject): Classification {
  const known = classified.get(event);
  if (known) return known;
  const step = stepOf(event);
  const multiSigner = signerSlotsOf(context.built).length > 1;
  const signer =
    step === 'sign' && multiSigner ? nextSigner(context.built, context.signatures) : null;
  const result = classifyOutcome({
    step,
    produced: producedBy(event),
    expirationTimestampSecs: context.built?.expirationTimestampSecs ?? null,
    nodeUrl: context.network.nodeUrl,
    ...(signer === null ? {} : { signer }),
    ...(multiSigner || context.built?.feePayerAddress
      ? { signers: signerSlotsOf(context.built), signatures: context.signatures }
      : {}),
  });
  classified.set(event, result);
  return result;
}

/**
 * The context update for a classified result: the outcome, the data it carries, and the wallet
 * request it answered.
 *
 * @param context - the machine's context.
 * @param event - the actor's done or error event.
 * @returns the fields to assign.
 */
export function outcomeUpdate(
  context: TransactionContext,
  event: EventObject,
): Partial<TransactionContext> {
  const step = stepOf(event);
  const result = classifyEvent(context, event);
  // A signature that more signers follow is progress, not an outcome: the step's last verdict
  // (the simulation's, where `cancel` returns) stays until the last signer answers.
  const moreSigners =
    step === 'sign' &&
    result.state === 'signed' &&
    context.signatures.length + 1 < signerSlotsOf(context.built).length;
  const update: Partial<TransactionContext> = moreSigners
    ? {}
    : { outcome: { step, state: result.state, details: result.details } };
  if (result.simulation) update.simulation = result.simulation;
  if (result.signature && step === 'sign') {
    const slot = nextSigner(context.built, context.signatures) ?? {
      role: 'sender' as const,
      address: context.draft.sender,
      index: context.signatures.length,
    };
    const { address, ...signature } = result.signature;
    const collected: CollectedSignature = {
      ...signature,
      role: slot.role,
      address: address ?? slot.address ?? '',
      index: slot.index,
    };
    update.signatures = [...context.signatures, collected];
    if (slot.role === 'sender') {
      update.signature = { authenticatorHex: signature.authenticatorHex, hash: signature.hash };
    }
  }
  if (result.committed) update.committed = result.committed;
  const hash = result.hash ?? result.signature?.hash ?? result.committed?.hash;
  if (hash) update.hash = hash;
  if (step === 'sign' || step === 'signAndSubmit') {
    update.walletRequests = [
      ...context.walletRequests,
      {
        request: step === 'sign' ? 'signTransaction' : 'signAndSubmitTransaction',
        status: result.details.walletStatus ?? null,
        attempt: context.attempt,
        ...(result.details.signer ? { signer: result.details.signer } : {}),
      },
    ];
  }
  return update;
}
