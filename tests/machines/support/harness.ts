import { createActor, fromPromise } from 'xstate';
import type { InspectionEvent } from 'xstate';
import { transactionClock, transactionMachine } from '../../../machines';
import type {
  BuildTransactionInput,
  BuiltTransaction,
  BuiltTransactionInput,
  LookupOutput,
  LookupTransactionInput,
  SignAndSubmitOutput,
  SignOutput,
  SubmitTransactionInput,
  TransactionInput,
  WaitForTransactionInput,
} from '../../../machines';
import type { TransactionResponse, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { sampleInput } from './transactionSamples';

/** Ids of the transaction machine's invoked actors (each invoke's id equals its src). */
export type TransactionActorId =
  | 'buildTransaction'
  | 'simulateTransaction'
  | 'signTransaction'
  | 'signAndSubmitTransaction'
  | 'submitTransaction'
  | 'waitForTransaction'
  | 'lookupTransaction';

/** A scripted answer: resolve with a value, or throw to reject. */
export type Responder = (input: unknown) => unknown;

interface Call {
  id: TransactionActorId;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  aborted: boolean;
}

/** Lets pending promises and the actor's reactions run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 3; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Fake actors for the transaction machine. With a responder for an id, calls answer by
 * themselves; without one, they wait until the test settles them (`resolve`/`reject`).
 */
export function createFakeTransactionActors(
  responders: Partial<Record<TransactionActorId, Responder>> = {},
) {
  const calls: Call[] = [];

  function fake<TOutput, TInput>(id: TransactionActorId) {
    return fromPromise<TOutput, TInput>(
      ({ input, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          const call: Call = {
            id,
            input,
            resolve: resolve as (value: unknown) => void,
            reject,
            aborted: false,
          };
          signal.addEventListener('abort', () => {
            call.aborted = true;
          });
          calls.push(call);
          const responder = responders[id];
          if (responder) {
            Promise.resolve()
              .then(() => responder(input))
              .then(call.resolve, call.reject);
          }
        }),
    );
  }

  const actors = {
    buildTransaction: fake<BuiltTransaction, BuildTransactionInput>('buildTransaction'),
    simulateTransaction: fake<UserTransactionResponse[], BuiltTransactionInput>(
      'simulateTransaction',
    ),
    signTransaction: fake<SignOutput, BuiltTransactionInput>('signTransaction'),
    signAndSubmitTransaction: fake<SignAndSubmitOutput, BuiltTransactionInput>(
      'signAndSubmitTransaction',
    ),
    submitTransaction: fake<{ hash: string }, SubmitTransactionInput>('submitTransaction'),
    waitForTransaction: fake<TransactionResponse, WaitForTransactionInput>('waitForTransaction'),
    lookupTransaction: fake<LookupOutput<TransactionResponse>, LookupTransactionInput>(
      'lookupTransaction',
    ),
  };

  function latest(id: TransactionActorId): Call {
    const call = calls.filter((c) => c.id === id && !c.aborted).at(-1);
    if (!call) throw new Error(`no running ${id} call`);
    return call;
  }

  return {
    actors,
    calls,
    /** Ids called so far, in order. */
    callOrder: () => calls.map((call) => call.id),
    resolve: async (id: TransactionActorId, output: unknown) => {
      latest(id).resolve(output);
      await flush();
    },
    reject: async (id: TransactionActorId, error: unknown) => {
      latest(id).reject(error);
      await flush();
    },
  };
}

/** A clock for tests: each reading advances by `step` ms. */
export function steppingClock(start = 1_000, step = 5) {
  let now = start - step;
  return () => (now += step);
}

/** A started transaction actor over fake actors and a stepping clock. */
export function startTransaction(
  options: {
    responders?: Partial<Record<TransactionActorId, Responder>>;
    input?: Partial<TransactionInput>;
    inspect?: (event: InspectionEvent) => void;
    now?: () => number;
  } = {},
) {
  const fakes = createFakeTransactionActors(options.responders);
  const logic = transactionMachine.provide({
    actors: fakes.actors,
    actions: transactionClock(options.now ?? steppingClock()),
  });
  const actor = createActor(logic, {
    input: { ...sampleInput, ...options.input },
    inspect: options.inspect,
  });
  actor.start();
  return { actor, fakes };
}
