import type { AnyActorRef, EventObject, fromPromise, PromiseActorLogic } from 'xstate';

/**
 * What a promise actor's function receives: xstate's `fromPromise` arguments (`input`, `system`,
 * `self`, `emit`, and `signal`, aborted when the actor is stopped before its promise settles).
 */
export type PromiseActorArgs<TOutput, TInput, TEmitted extends EventObject> = Parameters<
  Parameters<typeof fromPromise<TOutput, TInput, TEmitted>>[0]
>[0];

type AnyActorSystem = AnyActorRef['system'];

/** The platform's `AbortController` (browser and Node); `chainActors/` compiles without either lib. */
interface AbortControllerLike {
  readonly signal: PromiseActorArgs<unknown, unknown, EventObject>['signal'];
  abort: () => void;
}
declare const AbortController: new () => AbortControllerLike;

const RESOLVE = 'xstate.promise.resolve';
const REJECT = 'xstate.promise.reject';
const STOP = 'xstate.stop';

/** xstate's relay of an actor's event to itself (`fromPromise` uses the same internal call). */
type Relay = (source: AnyActorRef, target: AnyActorRef, event: EventObject) => void;

function relay(system: AnyActorSystem, self: AnyActorRef, event: EventObject & { data: unknown }) {
  const internal = (system as { _relay?: Relay })._relay;
  if (internal) internal.call(system, self, self, event);
  else self.send(event);
}

/**
 * xstate's `fromPromise`, the same logic and events (`xstate.promise.resolve` / `reject`, the
 * same inspection events), except that the `AbortSignal` is made only when the function reads
 * it. `fromPromise` makes an `AbortController` for every invocation (five per transaction, each
 * an `EventTarget`), and the chain actors never read the signal.
 *
 * @param creator - the actor's function, as for `fromPromise`.
 * @returns promise actor logic, interchangeable with `fromPromise`'s.
 * @example
 * ```ts
 * const wait = promiseActor<TransactionResponse, WaitForTransactionInput>(({ input }) => …);
 * ```
 */
export function promiseActor<TOutput, TInput, TEmitted extends EventObject = EventObject>(
  creator: (args: PromiseActorArgs<TOutput, TInput, TEmitted>) => PromiseLike<TOutput>,
): PromiseActorLogic<TOutput, TInput, TEmitted> {
  const controllers = new WeakMap<AnyActorRef, AbortControllerLike>();
  return {
    config: creator,
    transition: (state, event, scope) => {
      if (state.status !== 'active') return state;
      switch (event.type) {
        case RESOLVE:
          return { ...state, status: 'done', output: event.data as TOutput, input: undefined };
        case REJECT:
          return { ...state, status: 'error', error: event.data, input: undefined };
        case STOP:
          controllers.get(scope.self)?.abort();
          controllers.delete(scope.self);
          return { ...state, status: 'stopped', input: undefined };
        default:
          return state;
      }
    },
    start: (state, { self, system, emit }) => {
      if (state.status !== 'active') return;
      let controller: AbortControllerLike | undefined;
      const args: PromiseActorArgs<TOutput, TInput, TEmitted> = {
        input: state.input as TInput,
        system,
        self,
        emit,
        get signal() {
          if (controller === undefined) {
            controller = new AbortController();
            controllers.set(self, controller);
          }
          return controller.signal;
        },
      };
      Promise.resolve(creator(args)).then(
        (response) => {
          if (self.getSnapshot().status !== 'active') return;
          controllers.delete(self);
          relay(system, self, { type: RESOLVE, data: response });
        },
        (error: unknown) => {
          if (self.getSnapshot().status !== 'active') return;
          controllers.delete(self);
          relay(system, self, { type: REJECT, data: error });
        },
      );
    },
    getInitialSnapshot: (_, input) => ({
      status: 'active',
      output: undefined,
      error: undefined,
      input,
    }),
    getPersistedSnapshot: (snapshot) => snapshot,
    restoreSnapshot: (snapshot) => snapshot as never,
  };
}
