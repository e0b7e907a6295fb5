import { assign } from 'xstate';
import { enterState } from './timing';
import type {
  TransactionContext,
  TransactionEvent,
  TransactionStatePath,
} from './transactionContext';

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
