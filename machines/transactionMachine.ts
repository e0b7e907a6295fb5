/**
 * Kept as one piece: the transaction machine is one XState definition (`setup(...)`
 * `.createMachine(...)`); its states, guards and actions are the contract DESIGN.md names.
 */
import { and, assertEvent, assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { ClassifiedState } from './outcomeTypes';
import { nextSigner, signerSlotsOf } from './signers';
import { emptyTiming } from './timing';
import { transactionActors } from './transactionActors';
import { attemptResults, classifyEvent, outcomeUpdate, required } from './transactionContext';
import type {
  StableState,
  TransactionContext,
  TransactionEvent,
  TransactionInput,
  TransactionStatePath,
  TransactionTag,
} from './transactionContext';
import type { BuiltTransaction } from './types';

/**
 * How every outcome is left, the same for all eight: `edit` starts the next attempt in `editing`,
 * `retry` runs it again from `building`. One constant rather than eight copies of the same lines.
 */
const outcomeExits = {
  edit: {
    target: '#transaction.editing',
    actions: { type: 'startAttempt', params: { retry: false } },
  },
  retry: {
    target: '#transaction.building',
    actions: [{ type: 'startAttempt', params: { retry: true } }, 'startRun'],
  },
} as const;

/**
 * `cancel` while simulating or signing, the same in both: back to the stable state the step
 * started from (`simulated.success`, `simulated.failure`, else `built`).
 */
const cancelToLastStable = [
  {
    guard: { type: 'wasStable', params: { state: 'simulated.success' } },
    target: '#transaction.simulated.success',
    actions: 'stopRun',
  },
  {
    guard: { type: 'wasStable', params: { state: 'simulated.failure' } },
    target: '#transaction.simulated.failure',
    actions: 'stopRun',
  },
  { target: '#transaction.built', actions: 'stopRun' },
] as const;

/**
 * The transaction lifecycle: `editing` → `building` → `built` → `simulating` → `simulated` →
 * `signing` → `signed` → `submitting` → `pending` → one outcome (DESIGN.md).
 *
 * Each step's actor result is routed by `classifyOutcome` (through the `isClassifiedAs` guard):
 * the guarded transitions of an `onDone` / `onError` list the states that result can lead to, the
 * last one unguarded as the fallback.
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
    /** A new `signing` starts with no signature collected. */
    clearSignatures: assign({ signature: null, signatures: [] }),
    assignBuilt: assign((_, params: { built: BuiltTransaction }) => ({ built: params.built })),
    /** Keeps the classified result of the step whose actor just finished. */
    assignOutcome: assign(({ context, event }) => outcomeUpdate(context, event)),
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
    /** Sign-and-submit only for one signer: a wallet cannot submit what others still sign. */
    isSignAndSubmitMode: ({ context }) =>
      context.signingMode === 'signAndSubmit' && signerSlotsOf(context.built).length <= 1,
    /** A signer signed, and more signers follow it. */
    isSignedWithMoreSigners: ({ context, event }) =>
      classifyEvent(context, event).state === 'signed' &&
      context.signatures.length + 1 < signerSlotsOf(context.built).length,
    /** The classifier sends the finished actor's result to `state`. */
    isClassifiedAs: ({ context, event }, params: { state: ClassifiedState }) =>
      classifyEvent(context, event).state === params.state,
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
      entry: [
        { type: 'recordStateEntry', params: { state: 'editing' } },
        { type: 'rememberStable', params: { state: 'editing' } },
        'clearResults',
      ],
      on: {
        'draft.update': { actions: 'assignDraft' },
        build: { target: 'building' },
        run: { target: 'building', actions: 'startRun' },
      },
    },
    building: {
      description: 'Building the raw transaction: ABI, sequence number, gas and expiration.',
      tags: ['busy'],
      entry: { type: 'recordStateEntry', params: { state: 'building' } },
      invoke: {
        id: 'buildTransaction',
        src: 'buildTransaction',
        input: ({ context }) => ({ draft: context.draft }),
        onDone: {
          target: 'built',
          actions: { type: 'assignBuilt', params: ({ event }) => ({ built: event.output }) },
        },
        onError: { target: 'buildError', actions: 'assignOutcome' },
      },
      on: { cancel: { target: 'editing', actions: 'stopRun' } },
    },
    built: {
      description: 'Built: the raw transaction (BCS) is ready to simulate or sign.',
      entry: [
        { type: 'recordStateEntry', params: { state: 'built' } },
        { type: 'rememberStable', params: { state: 'built' } },
      ],
      always: { guard: 'isRunning', target: 'simulating' },
      on: {
        simulate: { target: 'simulating' },
        sign: [
          { guard: 'isSignAndSubmitMode', target: 'signing.signAndSubmit' },
          { target: 'signing.signOnly' },
        ],
        run: { target: 'simulating', actions: 'startRun' },
        edit: { target: 'editing' },
      },
    },
    simulating: {
      description: 'Asking the node to simulate the transaction without committing it.',
      tags: ['busy'],
      entry: { type: 'recordStateEntry', params: { state: 'simulating' } },
      invoke: {
        id: 'simulateTransaction',
        src: 'simulateTransaction',
        input: ({ context }) => ({ built: required(context.built, 'built transaction') }),
        onDone: [
          {
            guard: { type: 'isClassifiedAs', params: { state: 'simulated.success' } },
            target: 'simulated.success',
            actions: 'assignOutcome',
          },
          {
            guard: { type: 'isClassifiedAs', params: { state: 'simulated.failure' } },
            target: 'simulated.failure',
            actions: 'assignOutcome',
          },
          { target: 'simulationError', actions: 'assignOutcome' },
        ],
        onError: { target: 'simulationError', actions: 'assignOutcome' },
      },
      on: { cancel: cancelToLastStable },
    },
    simulated: {
      description: 'Simulated: the VM status and gas are known.',
      initial: 'success',
      on: {
        simulate: { target: 'simulating' },
        sign: [
          { guard: 'isSignAndSubmitMode', target: 'signing.signAndSubmit' },
          { target: 'signing.signOnly' },
        ],
        run: [
          { guard: 'isSignAndSubmitMode', target: 'signing.signAndSubmit', actions: 'startRun' },
          { target: 'signing.signOnly', actions: 'startRun' },
        ],
        edit: { target: 'editing' },
      },
      states: {
        success: {
          description: 'The simulation succeeded; the transaction would commit as it is.',
          entry: [
            { type: 'recordStateEntry', params: { state: 'simulated.success' } },
            { type: 'rememberStable', params: { state: 'simulated.success' } },
          ],
          always: [
            {
              guard: and(['isRunning', 'isSignAndSubmitMode']),
              target: '#transaction.signing.signAndSubmit',
            },
            { guard: 'isRunning', target: '#transaction.signing.signOnly' },
          ],
        },
        failure: {
          description:
            'The simulation failed (VM status kept). A run stops here; sign anyway to see it fail on chain.',
          tags: ['error'],
          entry: [
            { type: 'recordStateEntry', params: { state: 'simulated.failure' } },
            { type: 'rememberStable', params: { state: 'simulated.failure' } },
            'stopRun',
          ],
        },
      },
    },
    signing: {
      description:
        'Collecting one signature per signer, in order: the sender, each secondary signer, the fee payer.',
      tags: ['busy'],
      entry: [{ type: 'recordStateEntry', params: { state: 'signing' } }, 'clearSignatures'],
      initial: 'signOnly',
      on: { cancel: cancelToLastStable },
      states: {
        signOnly: {
          description:
            'The next missing signer signs; once every signer has, the workbench submits.',
          tags: ['busy'],
          invoke: {
            id: 'signTransaction',
            src: 'signTransaction',
            input: ({ context }) => {
              const built = required(context.built, 'built transaction');
              const signer = nextSigner(built, context.signatures);
              if (signer === null || signerSlotsOf(built).length === 1) return { built };
              return { built, signer, signatures: context.signatures };
            },
            onDone: [
              {
                guard: 'isSignedWithMoreSigners',
                target: 'signOnly',
                reenter: true,
                actions: 'assignOutcome',
              },
              {
                guard: { type: 'isClassifiedAs', params: { state: 'signed' } },
                target: '#transaction.signed',
                actions: 'assignOutcome',
              },
              { target: '#transaction.rejected', actions: 'assignOutcome' },
            ],
            onError: { target: '#transaction.rejected', actions: 'assignOutcome' },
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
            onDone: [
              {
                guard: { type: 'isClassifiedAs', params: { state: 'pending' } },
                target: '#transaction.pending',
                actions: 'assignOutcome',
              },
              {
                guard: { type: 'isClassifiedAs', params: { state: 'submitRejected' } },
                target: '#transaction.submitRejected',
                actions: 'assignOutcome',
              },
              { target: '#transaction.rejected', actions: 'assignOutcome' },
            ],
            onError: [
              {
                guard: { type: 'isClassifiedAs', params: { state: 'submitRejected' } },
                target: '#transaction.submitRejected',
                actions: 'assignOutcome',
              },
              { target: '#transaction.rejected', actions: 'assignOutcome' },
            ],
          },
        },
      },
    },
    signed: {
      description: 'Signed: the signed transaction is ready to submit.',
      entry: [
        { type: 'recordStateEntry', params: { state: 'signed' } },
        { type: 'rememberStable', params: { state: 'signed' } },
      ],
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
      entry: { type: 'recordStateEntry', params: { state: 'submitting' } },
      invoke: {
        id: 'submitTransaction',
        src: 'submitTransaction',
        input: ({ context }) => ({
          built: required(context.built, 'built transaction'),
          signature: required(context.signature, 'signature'),
          ...(context.signatures.length > 1 ? { signatures: context.signatures } : {}),
        }),
        onDone: [
          {
            guard: { type: 'isClassifiedAs', params: { state: 'pending' } },
            target: 'pending',
            actions: 'assignOutcome',
          },
          { target: 'submitRejected', actions: 'assignOutcome' },
        ],
        onError: { target: 'submitRejected', actions: 'assignOutcome' },
      },
      on: { cancel: { target: 'signed', actions: 'stopRun' } },
    },
    pending: {
      description: 'Accepted by the node; waiting for the chain to commit it.',
      tags: ['busy'],
      entry: { type: 'recordStateEntry', params: { state: 'pending' } },
      invoke: {
        id: 'waitForTransaction',
        src: 'waitForTransaction',
        input: ({ context }) => ({
          hash: required(context.hash, 'transaction hash'),
          timeoutSecs: context.draft.options.waitTimeoutSecs ?? null,
        }),
        onDone: [
          {
            guard: { type: 'isClassifiedAs', params: { state: 'committed' } },
            target: 'committed',
            actions: 'assignOutcome',
          },
          {
            guard: { type: 'isClassifiedAs', params: { state: 'failed' } },
            target: 'failed',
            actions: 'assignOutcome',
          },
          { target: 'timedOut', actions: 'assignOutcome' },
        ],
        onError: [
          {
            guard: { type: 'isClassifiedAs', params: { state: 'failed' } },
            target: 'failed',
            actions: 'assignOutcome',
          },
          { target: 'timedOut', actions: 'assignOutcome' },
        ],
      },
      on: {
        // Already on the wire: stop watching; the outcome is unknown until a recheck.
        cancel: { target: 'timedOut', actions: ['stopRun', 'assignWaitStopped'] },
      },
    },
    rechecking: {
      description: 'Asking the chain about the transaction by its hash.',
      tags: ['busy'],
      entry: { type: 'recordStateEntry', params: { state: 'rechecking' } },
      invoke: {
        id: 'lookupTransaction',
        src: 'lookupTransaction',
        input: ({ context }) => ({ hash: required(context.hash, 'transaction hash') }),
        onDone: [
          {
            guard: { type: 'isClassifiedAs', params: { state: 'committed' } },
            target: 'committed',
            actions: 'assignOutcome',
          },
          {
            guard: { type: 'isClassifiedAs', params: { state: 'failed' } },
            target: 'failed',
            actions: 'assignOutcome',
          },
          {
            guard: { type: 'isClassifiedAs', params: { state: 'pending' } },
            target: 'pending',
            actions: 'assignOutcome',
          },
          {
            guard: { type: 'isClassifiedAs', params: { state: 'expired' } },
            target: 'expired',
            actions: 'assignOutcome',
          },
          { target: 'timedOut', actions: 'assignOutcome' },
        ],
        onError: { target: 'timedOut', actions: 'assignOutcome' },
      },
      on: { cancel: { target: 'timedOut', actions: 'stopRun' } },
    },
    committed: {
      description: 'Committed with success.',
      tags: ['outcome'],
      entry: [{ type: 'recordStateEntry', params: { state: 'committed' } }, 'stopRun'],
      on: outcomeExits,
    },
    failed: {
      description: 'Committed with `success: false`: VM status kept, gas charged.',
      tags: ['outcome', 'error'],
      entry: [{ type: 'recordStateEntry', params: { state: 'failed' } }, 'stopRun'],
      on: outcomeExits,
    },
    timedOut: {
      description:
        'The wait ran out (or was stopped) before an outcome; it is unknown. Recheck asks the chain again.',
      tags: ['outcome'],
      entry: [
        { type: 'recordStateEntry', params: { state: 'timedOut' } },
        { type: 'rememberStable', params: { state: 'timedOut' } },
        'stopRun',
      ],
      on: { ...outcomeExits, recheck: { target: 'rechecking' } },
    },
    expired: {
      description:
        'The chain’s clock passed the expiration without the transaction: it will never commit.',
      tags: ['outcome', 'error'],
      entry: [{ type: 'recordStateEntry', params: { state: 'expired' } }, 'stopRun'],
      on: outcomeExits,
    },
    rejected: {
      description: 'The wallet said no; its request status is kept.',
      tags: ['outcome', 'error'],
      entry: [{ type: 'recordStateEntry', params: { state: 'rejected' } }, 'stopRun'],
      on: outcomeExits,
    },
    submitRejected: {
      description: 'The node refused the transaction; `error_code` and `vm_error_code` are kept.',
      tags: ['outcome', 'error'],
      entry: [{ type: 'recordStateEntry', params: { state: 'submitRejected' } }, 'stopRun'],
      on: outcomeExits,
    },
    buildError: {
      description: 'Building failed (node unreachable, unknown function, bad arguments).',
      tags: ['outcome', 'error'],
      entry: [{ type: 'recordStateEntry', params: { state: 'buildError' } }, 'stopRun'],
      on: outcomeExits,
    },
    simulationError: {
      description: 'The simulation could not run (node unreachable or refused it).',
      tags: ['outcome', 'error'],
      entry: [{ type: 'recordStateEntry', params: { state: 'simulationError' } }, 'stopRun'],
      on: outcomeExits,
    },
  },
});

/** A snapshot of the transaction machine. */
export type TransactionSnapshot = SnapshotFrom<typeof transactionMachine>;
