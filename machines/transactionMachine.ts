import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import type { EventObject, SnapshotFrom } from 'xstate';
import type { TransactionResponse, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { classifyOutcome } from './classifyOutcome';
import type {
  Classification,
  ClassifiedState,
  OutcomeDetails,
  OutcomeStep,
  Produced,
} from './classifyOutcome';
import { emptyTiming, enterState } from './timing';
import type { StateTiming } from './timing';
import type {
  BuiltTransaction,
  CommittedResult,
  LookupOutput,
  NetworkInfo,
  SignAndSubmitOutput,
  SignatureResult,
  SigningMode,
  SignOutput,
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
  signature: SignatureResult | null;
  /** Hash of the transaction the node accepted. */
  hash: string | null;
  committed: CommittedResult | null;
  outcome: StepOutcome | null;
  walletRequests: WalletRequestRecord[];
  timing: StateTiming;
}

/** Input of `buildTransaction`. */
export interface BuildTransactionInput {
  draft: TransactionDraft;
}
/** Input of `simulateTransaction`, `signTransaction` and `signAndSubmitTransaction`. */
export interface BuiltTransactionInput {
  built: BuiltTransaction;
}
/** Input of `submitTransaction`. */
export interface SubmitTransactionInput {
  built: BuiltTransaction;
  signature: SignatureResult;
}
/** Input of `waitForTransaction`. */
export interface WaitForTransactionInput {
  hash: string;
  /** `null`: the SDK's default (20 s). */
  timeoutSecs: number | null;
}
/** Input of `lookupTransaction`. */
export interface LookupTransactionInput {
  hash: string;
}

function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} not provided`);
  });
}

/**
 * The named effects of the transaction machine. Each stub throws `'<name> not provided'`; real
 * ones come through `transactionMachine.provide({ actors })` (see `cli/` and `src/actors/`).
 */
export const transactionActors = {
  buildTransaction: notProvided<BuiltTransaction, BuildTransactionInput>('buildTransaction'),
  simulateTransaction: notProvided<UserTransactionResponse[], BuiltTransactionInput>(
    'simulateTransaction',
  ),
  signTransaction: notProvided<SignOutput, BuiltTransactionInput>('signTransaction'),
  signAndSubmitTransaction: notProvided<SignAndSubmitOutput, BuiltTransactionInput>(
    'signAndSubmitTransaction',
  ),
  submitTransaction: notProvided<{ hash: string }, SubmitTransactionInput>('submitTransaction'),
  waitForTransaction: notProvided<TransactionResponse, WaitForTransactionInput>(
    'waitForTransaction',
  ),
  lookupTransaction: notProvided<LookupOutput<TransactionResponse>, LookupTransactionInput>(
    'lookupTransaction',
  ),
};

/** The logic type of each transaction actor, for implementing them with type checks. */
export type TransactionActorLogic = typeof transactionActors;

function producedBy(event: EventObject): Produced {
  if ('output' in event) return { output: event.output };
  if ('error' in event) return { error: event.error };
  return { error: new Error(`unexpected event ${event.type}`) };
}

/**
 * Each result is classified once, although every guarded route and the assignment ask: the
 * classifier is pure, so its answer for one event object (and step) never changes.
 */
const classified = new WeakMap<EventObject, Map<OutcomeStep, Classification>>();

function classifyEvent(context: TransactionContext, event: EventObject, step: OutcomeStep) {
  const known = classified.get(event)?.get(step);
  if (known) return known;
  const result = classifyOutcome({
    step,
    produced: producedBy(event),
    expirationTimestampSecs: context.built?.expirationTimestampSecs ?? null,
    nodeUrl: context.network.nodeUrl,
  });
  const byStep = classified.get(event) ?? new Map<OutcomeStep, Classification>();
  byStep.set(step, result);
  classified.set(event, byStep);
  return result;
}

function required<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`transaction machine: no ${what} in context`);
  return value;
}

function applyClassification(
  context: TransactionContext,
  step: OutcomeStep,
  result: Classification,
): Partial<TransactionContext> {
  const update: Partial<TransactionContext> = {
    outcome: { step, state: result.state, details: result.details },
  };
  if (result.simulation) update.simulation = result.simulation;
  if (result.signature) update.signature = result.signature;
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
      },
    ];
  }
  return update;
}

const attemptResults = {
  built: null,
  simulation: null,
  signature: null,
  hash: null,
  committed: null,
  outcome: null,
} satisfies Partial<TransactionContext>;

const TARGET: Record<ClassifiedState, string> = {
  built: '#transaction.built',
  buildError: '#transaction.buildError',
  'simulated.success': '#transaction.simulated.success',
  'simulated.failure': '#transaction.simulated.failure',
  simulationError: '#transaction.simulationError',
  signed: '#transaction.signed',
  rejected: '#transaction.rejected',
  pending: '#transaction.pending',
  submitRejected: '#transaction.submitRejected',
  committed: '#transaction.committed',
  failed: '#transaction.failed',
  timedOut: '#transaction.timedOut',
  expired: '#transaction.expired',
};

/**
 * Guarded transitions to the states a step's result can lead to, in order; the last one is the
 * fallback. The classifier decides (pure), and `assignOutcome` keeps its details.
 */
function routes(step: OutcomeStep, states: readonly ClassifiedState[]) {
  return states.map((state, index) => ({
    ...(index < states.length - 1
      ? { guard: { type: 'isClassifiedAs' as const, params: { step, state } } }
      : {}),
    target: TARGET[state],
    actions: { type: 'assignOutcome' as const, params: { step } },
  }));
}

const STABLE_TARGET: Record<StableState, string> = {
  editing: '#transaction.editing',
  built: '#transaction.built',
  'simulated.success': '#transaction.simulated.success',
  'simulated.failure': '#transaction.simulated.failure',
  signed: '#transaction.signed',
  timedOut: '#transaction.timedOut',
};

/** `cancel` while busy: back to the stable state the step started from. */
function cancelRoutes(candidates: readonly StableState[]) {
  return candidates.map((state, index) => ({
    ...(index < candidates.length - 1
      ? { guard: { type: 'wasStable' as const, params: { state } } }
      : {}),
    target: STABLE_TARGET[state],
    actions: 'stopRun' as const,
  }));
}

/** Into `signing`, picking the sub-state the signer supports. */
const toSigning = [
  { guard: 'isSignAndSubmitMode' as const, target: '#transaction.signing.signAndSubmit' },
  { target: '#transaction.signing.signOnly' },
];

/** `run` into `signing`: the same routes, switching to run mode. */
const runToSigning = toSigning.map((transition) => ({
  ...transition,
  actions: 'startRun' as const,
}));

/** The `always` of `simulated.success` while running: on to `signing`. */
const runningToSigning = [
  {
    guard: and(['isRunning', 'isSignAndSubmitMode']),
    target: '#transaction.signing.signAndSubmit',
  },
  { guard: 'isRunning' as const, target: '#transaction.signing.signOnly' },
];

const entered = (state: TransactionStatePath) => ({
  type: 'recordStateEntry' as const,
  params: { state },
});
const stable = (state: StableState) => ({ type: 'rememberStable' as const, params: { state } });

const outcomeExits = {
  edit: {
    target: '#transaction.editing',
    actions: { type: 'startAttempt' as const, params: { retry: false } },
  },
  retry: {
    target: '#transaction.building',
    actions: [{ type: 'startAttempt' as const, params: { retry: true } }, 'startRun' as const],
  },
};

/**
 * The transaction lifecycle: `editing` → `building` → `built` → `simulating` → `simulated` →
 * `signing` → `signed` → `submitting` → `pending` → one outcome (DESIGN.md).
 *
 * Effects are the named actors in {@link transactionActors}; supply them, and the clock action
 * from {@link transactionClock}, with `.provide()`.
 *
 * @example
 * ```ts
 * const logic = transactionMachine.provide({
 *   actors: { buildTransaction: fromPromise(async ({ input }) => build(input.draft)), … },
 *   actions: transactionClock(() => Date.now()),
 * });
 * const actor = createActor(logic, { input: { draft, network } }).start();
 * actor.send({ type: 'run' });
 * ```
 */
export const transactionMachine = setup({
  types: {
    context: {} as TransactionContext,
    events: {} as TransactionEvent,
    input: {} as TransactionInput,
    tags: {} as TransactionTag,
  },
  actors: transactionActors,
  actions: {
    /** Reads the injected clock; see {@link transactionClock}. */
    recordStateEntry: (_, _params: { state: TransactionStatePath }) => {
      throw new Error('recordStateEntry not provided');
    },
    rememberStable: assign((_, params: { state: StableState }) => ({ lastStable: params.state })),
    startRun: assign({ mode: 'run' as const }),
    stopRun: assign({ mode: 'step' as const }),
    assignDraft: assign(({ context, event }) => {
      assertEvent(event, 'draft.update');
      return { draft: { ...context.draft, ...event.draft } };
    }),
    assignSigningMode: assign(({ event }) => {
      assertEvent(event, 'signer.change');
      return { signingMode: event.signingMode };
    }),
    clearResults: assign(attemptResults),
    assignBuilt: assign(({ event }) => ({
      built: (event as unknown as { output: BuiltTransaction }).output,
    })),
    assignOutcome: assign(({ context, event }, params: { step: OutcomeStep }) =>
      applyClassification(context, params.step, classifyEvent(context, event, params.step)),
    ),
    assignBuildError: assign(({ context, event }) =>
      applyClassification(context, 'build', classifyEvent(context, event, 'build')),
    ),
    assignWaitStopped: assign(({ context }) => ({
      outcome: {
        step: 'wait' as const,
        state: 'timedOut' as const,
        details: {
          summary: 'Stopped waiting. The transaction may still commit; recheck to ask the chain.',
          source: 'sdk' as const,
          ...(context.hash ? { hash: context.hash } : {}),
        },
      },
    })),
    startAttempt: assign(({ context }, params: { retry: boolean }) => ({
      ...attemptResults,
      attempt: context.attempt + 1,
      retryOf: params.retry ? context.attempt : null,
      mode: 'step' as const,
      timing: emptyTiming(),
    })),
  },
  guards: {
    isRunning: ({ context }) => context.mode === 'run',
    isSignAndSubmitMode: ({ context }) => context.signingMode === 'signAndSubmit',
    isClassifiedAs: ({ context, event }, params: { step: OutcomeStep; state: ClassifiedState }) =>
      classifyEvent(context, event, params.step).state === params.state,
    wasStable: ({ context }, params: { state: StableState }) => context.lastStable === params.state,
  },
}).createMachine({
  id: 'transaction',
  description:
    'One transaction attempt: compose, build, simulate, sign, submit, and wait for an outcome.',
  context: ({ input }) => ({
    network: input.network,
    draft: input.draft,
    signingMode: input.signingMode ?? 'sign',
    attempt: 1,
    retryOf: null,
    mode: 'step',
    lastStable: 'editing',
    ...attemptResults,
    walletRequests: [],
    timing: emptyTiming(),
  }),
  initial: 'editing',
  on: {
    'signer.change': { actions: 'assignSigningMode' },
  },
  states: {
    editing: {
      description: 'Composing the draft: payload and options. Nothing has been sent.',
      entry: [entered('editing'), stable('editing'), 'clearResults'],
      on: {
        'draft.update': { actions: 'assignDraft' },
        build: { target: 'building' },
        run: { target: 'building', actions: 'startRun' },
      },
    },
    building: {
      description: 'Building the raw transaction: ABI, sequence number, gas and expiration.',
      tags: ['busy'],
      entry: entered('building'),
      invoke: {
        id: 'buildTransaction',
        src: 'buildTransaction',
        input: ({ context }) => ({ draft: context.draft }),
        onDone: { target: 'built', actions: 'assignBuilt' },
        onError: { target: 'buildError', actions: 'assignBuildError' },
      },
      on: { cancel: { target: 'editing', actions: 'stopRun' } },
    },
    built: {
      description: 'Built: the raw transaction (BCS) is ready to simulate or sign.',
      entry: [entered('built'), stable('built')],
      always: { guard: 'isRunning', target: 'simulating' },
      on: {
        simulate: { target: 'simulating' },
        sign: toSigning,
        run: { target: 'simulating', actions: 'startRun' },
        edit: { target: 'editing' },
      },
    },
    simulating: {
      description: 'Asking the node to simulate the transaction without committing it.',
      tags: ['busy'],
      entry: entered('simulating'),
      invoke: {
        id: 'simulateTransaction',
        src: 'simulateTransaction',
        input: ({ context }) => ({ built: required(context.built, 'built transaction') }),
        onDone: routes('simulate', ['simulated.success', 'simulated.failure', 'simulationError']),
        onError: routes('simulate', ['simulationError']),
      },
      on: { cancel: cancelRoutes(['simulated.success', 'simulated.failure', 'built']) },
    },
    simulated: {
      description: 'Simulated: the VM status and gas are known.',
      initial: 'success',
      on: {
        simulate: { target: 'simulating' },
        sign: toSigning,
        run: runToSigning,
        edit: { target: 'editing' },
      },
      states: {
        success: {
          description: 'The simulation succeeded; the transaction would commit as it is.',
          entry: [entered('simulated.success'), stable('simulated.success')],
          always: runningToSigning,
        },
        failure: {
          description:
            'The simulation failed (VM status kept). A run stops here; sign anyway to see it fail on chain.',
          tags: ['error'],
          entry: [entered('simulated.failure'), stable('simulated.failure'), 'stopRun'],
        },
      },
    },
    signing: {
      description: 'Waiting for the signer (wallet or local key) to approve the transaction.',
      tags: ['busy'],
      entry: entered('signing'),
      initial: 'signOnly',
      on: {
        cancel: cancelRoutes(['simulated.success', 'simulated.failure', 'built']),
      },
      states: {
        signOnly: {
          description: 'The signer signs; the workbench submits afterwards.',
          tags: ['busy'],
          invoke: {
            id: 'signTransaction',
            src: 'signTransaction',
            input: ({ context }) => ({ built: required(context.built, 'built transaction') }),
            onDone: routes('sign', ['signed', 'rejected']),
            onError: routes('sign', ['rejected']),
          },
        },
        signAndSubmit: {
          description:
            'The wallet only offers sign-and-submit: it signs and submits in one request.',
          tags: ['busy'],
          invoke: {
            id: 'signAndSubmitTransaction',
            src: 'signAndSubmitTransaction',
            input: ({ context }) => ({ built: required(context.built, 'built transaction') }),
            onDone: routes('signAndSubmit', ['pending', 'rejected']),
            onError: routes('signAndSubmit', ['submitRejected', 'rejected']),
          },
        },
      },
    },
    signed: {
      description: 'Signed: the signed transaction is ready to submit.',
      entry: [entered('signed'), stable('signed')],
      always: { guard: 'isRunning', target: 'submitting' },
      on: {
        submit: { target: 'submitting' },
        run: { target: 'submitting', actions: 'startRun' },
        edit: { target: 'editing' },
      },
    },
    submitting: {
      description: 'Sending the signed transaction to the node.',
      tags: ['busy'],
      entry: entered('submitting'),
      invoke: {
        id: 'submitTransaction',
        src: 'submitTransaction',
        input: ({ context }) => ({
          built: required(context.built, 'built transaction'),
          signature: required(context.signature, 'signature'),
        }),
        onDone: routes('submit', ['pending', 'submitRejected']),
        onError: routes('submit', ['submitRejected']),
      },
      on: { cancel: cancelRoutes(['signed']) },
    },
    pending: {
      description: 'Accepted by the node; waiting for the chain to commit it.',
      tags: ['busy'],
      entry: entered('pending'),
      invoke: {
        id: 'waitForTransaction',
        src: 'waitForTransaction',
        input: ({ context }) => ({
          hash: required(context.hash, 'transaction hash'),
          timeoutSecs: context.draft.options.waitTimeoutSecs ?? null,
        }),
        onDone: routes('wait', ['committed', 'failed', 'timedOut']),
        onError: routes('wait', ['failed', 'timedOut']),
      },
      on: {
        cancel: { target: 'timedOut', actions: ['stopRun', 'assignWaitStopped'] },
      },
    },
    rechecking: {
      description: 'Asking the chain about the transaction by its hash.',
      tags: ['busy'],
      entry: entered('rechecking'),
      invoke: {
        id: 'lookupTransaction',
        src: 'lookupTransaction',
        input: ({ context }) => ({ hash: required(context.hash, 'transaction hash') }),
        onDone: routes('lookup', ['committed', 'failed', 'pending', 'expired', 'timedOut']),
        onError: routes('lookup', ['timedOut']),
      },
      on: { cancel: { target: 'timedOut', actions: 'stopRun' } },
    },
    committed: {
      description: 'Committed with success.',
      tags: ['outcome'],
      entry: [entered('committed'), 'stopRun'],
      on: outcomeExits,
    },
    failed: {
      description: 'Committed with `success: false`: VM status kept, gas charged.',
      tags: ['outcome', 'error'],
      entry: [entered('failed'), 'stopRun'],
      on: outcomeExits,
    },
    timedOut: {
      description:
        'The wait ran out (or was stopped) before an outcome; it is unknown. Recheck asks the chain again.',
      tags: ['outcome'],
      entry: [entered('timedOut'), stable('timedOut'), 'stopRun'],
      on: { ...outcomeExits, recheck: { target: 'rechecking' } },
    },
    expired: {
      description:
        'The chain’s clock passed the expiration without the transaction: it will never commit.',
      tags: ['outcome', 'error'],
      entry: [entered('expired'), 'stopRun'],
      on: outcomeExits,
    },
    rejected: {
      description: 'The wallet said no; its request status is kept.',
      tags: ['outcome', 'error'],
      entry: [entered('rejected'), 'stopRun'],
      on: outcomeExits,
    },
    submitRejected: {
      description: 'The node refused the transaction; `error_code` and `vm_error_code` are kept.',
      tags: ['outcome', 'error'],
      entry: [entered('submitRejected'), 'stopRun'],
      on: outcomeExits,
    },
    buildError: {
      description: 'Building failed (node unreachable, unknown function, bad arguments).',
      tags: ['outcome', 'error'],
      entry: [entered('buildError'), 'stopRun'],
      on: outcomeExits,
    },
    simulationError: {
      description: 'The simulation could not run (node unreachable or refused it).',
      tags: ['outcome', 'error'],
      entry: [entered('simulationError'), 'stopRun'],
      on: outcomeExits,
    },
  },
});

/** A snapshot of the transaction machine. */
export type TransactionSnapshot = SnapshotFrom<typeof transactionMachine>;

/**
 * The clock of the transaction machine, as the action implementation to pass to `.provide()`:
 * each state entry reads `now()` and records it in `context.timing`. The machine itself never
 * reads time.
 *
 * @param now - milliseconds (e.g. `Date.now` in the app, a counter in tests).
 * @returns `{ recordStateEntry }` for `transactionMachine.provide({ actions })`.
 * @example
 * ```ts
 * transactionMachine.provide({ actors, actions: transactionClock(() => performance.now()) });
 * ```
 */
export function transactionClock(now: () => number) {
  return {
    recordStateEntry: assign<
      TransactionContext,
      TransactionEvent,
      { state: TransactionStatePath },
      TransactionEvent,
      never
    >(({ context }, params) => ({ timing: enterState(context.timing, params.state, now()) })),
  };
}
