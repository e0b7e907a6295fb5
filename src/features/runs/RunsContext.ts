import { createContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { transactionMachine, TransactionDraft } from '../../../machines';
import type { MoveTrace } from '../../../replay/moveTrace';
import type { LiveRun } from './liveRun';
import type { RunStore } from './runStore';

/** A new Compose run started from outside Compose (resubmit with a fix). */
export interface StartRunArgs {
  draft: TransactionDraft;
  /** The stored run this attempt retries. */
  retryOf: string | null;
  /** Send `run` at once (build, simulate, sign, submit, wait). */
  autoRun: boolean;
}

/** What {@link RunsProvider} shares. */
export interface RunsContextValue {
  /** The Compose transaction actor; it outlives page changes. */
  actorRef: ActorRefFrom<typeof transactionMachine>;
  live: LiveRun;
  store: RunStore;
  /** Replaces the Compose actor with a new one for `args.draft`. */
  startRun(args: StartRunArgs): void;
  /**
   * Keeps a Move trace the Trace tab fetched with the live run, and with each later save of it
   * while it is of the run's execution (replay/runTrace.ts: a simulation's until it commits).
   */
  keepTrace(trace: MoveTrace): void;
}

/** Holds the runs for the hooks of this folder; `null` outside {@link RunsProvider}. */
export const RunsContext = createContext<RunsContextValue | null>(null);
