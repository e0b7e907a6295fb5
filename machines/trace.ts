import type { AnyEventObject, InspectionEvent, StateValue } from 'xstate';
import { cloneJson, redactSecrets, toJsonValue } from './json';
import { statePath } from './statePath';
import type { StateTiming } from './timing';
import type { StepOutcome, TransactionContext } from './transactionContext';
import type {
  BuiltTransaction,
  JsonValue,
  NetworkInfo,
  SimulationResult,
  TransactionDraft,
  WalletRequestRecord,
} from './types';

/**
 * Version of the {@link RunRecord} layout; bump it (with a migration) when the layout changes.
 * 2: a stored or exported run may carry `moveTrace` (`WorkbenchRun`).
 */
export const RUN_RECORD_SCHEMA_VERSION = 2;

/** Default bound on the transitions one record keeps. */
export const DEFAULT_TRANSITION_LIMIT = 1000;

/** One transition of the transaction machine, in the order it happened. */
export interface TraceTransition {
  /** 1, 2, 3… within the run; never reused, so dropped entries leave a visible gap. */
  seq: number;
  /** Milliseconds since the run started, from the recorder's clock. */
  atMs: number;
  /** The event, JSON-safe and without secrets; actor outputs are left to {@link ChainFacts}. */
  event: { type: string } & { [key: string]: JsonValue };
  /** State path before (`simulated.success`), `null` for the run's first entry. */
  source: string | null;
  /** State path after. */
  target: string;
  /** True for an eventless step (`run` moving on by itself). */
  eventless: boolean;
}

/** What the chain said about the run's transaction. */
export interface ChainFacts {
  built: BuiltTransaction | null;
  /** BCS of the raw transaction, `0x` hex (also in `built`). */
  rawTransactionHex: string | null;
  simulation: SimulationResult | null;
  hash: string | null;
  version: string | null;
  success: boolean | null;
  vmStatus: string | null;
  gasUsed: string | null;
  events: JsonValue[];
  changes: JsonValue[];
}

/** The run record of DESIGN.md: plain JSON with a schema version. */
export interface RunRecord {
  schemaVersion: typeof RUN_RECORD_SCHEMA_VERSION;
  id: string;
  /** The run this one retries, or `null`. */
  retryOf: string | null;
  attempt: number;
  network: NetworkInfo;
  draft: TransactionDraft;
  /** Clock reading (ms) when the run started. */
  startedAt: number;
  transitions: TraceTransition[];
  /** How many of the oldest transitions were dropped to respect the limit. */
  droppedTransitions: number;
  chain: ChainFacts;
  walletRequests: WalletRequestRecord[];
  /** The last classified result (summary and details). */
  outcome: StepOutcome | null;
  /** The state the run is in (or ended in). */
  state: string;
  /** Tags of that state. */
  tags: string[];
  timing: StateTiming;
}

/** Options of {@link createRunRecorder}. */
export interface RunRecorderOptions {
  /** Milliseconds; the same clock the app gives the machine. */
  now: () => number;
  /** A fresh id for each run (attempt); e.g. `crypto.randomUUID()` in the app. */
  newRunId: (attempt: number) => string;
  /** Maximum transitions a record keeps; the oldest go first. */
  limit?: number;
}

/** Collects run records from a transaction actor's inspection events. */
export interface RunRecorder {
  /** Pass as `createActor(logic, { inspect: recorder.inspect })`. */
  inspect: (event: InspectionEvent) => void;
  /** Every run recorded so far, oldest first (JSON-safe copies). */
  runs: () => RunRecord[];
  /** The latest run, or `null` before the actor started. */
  current: () => RunRecord | null;
}

interface MutableRun {
  record: Omit<RunRecord, 'state' | 'tags' | 'chain' | 'walletRequests' | 'outcome' | 'timing'>;
  seq: number;
  context: TransactionContext;
  state: string;
  /** Tags of the latest snapshot; sorted into the record only when a record is asked for. */
  tags: ReadonlySet<string>;
}

interface MachineSnapshotView {
  value: StateValue;
  context: TransactionContext;
  tags: Set<string>;
  machine?: { id?: string };
}

function asTransactionSnapshot(snapshot: unknown): MachineSnapshotView | null {
  const view = snapshot as Partial<MachineSnapshotView> | null;
  if (!view || view.machine?.id !== 'transaction' || view.context === undefined) return null;
  return view as MachineSnapshotView;
}

function traceEvent(event: AnyEventObject): TraceTransition['event'] {
  const type = String(event.type);
  if (type.startsWith('xstate.done.actor.')) return { type };
  if (type.startsWith('xstate.error.actor.')) {
    const error = toJsonValue(event.error);
    const message =
      typeof event.error === 'string'
        ? event.error
        : error !== null && typeof error === 'object' && !Array.isArray(error)
          ? String(error.message ?? '')
          : String(error);
    // Redacted before it is cut, so the cut never leaves part of a key behind.
    const redacted = redactSecrets(message);
    return { type, error: typeof redacted === 'string' ? redacted.slice(0, 600) : redacted };
  }
  const copy = redactSecrets(toJsonValue(event));
  return copy !== null && typeof copy === 'object' && !Array.isArray(copy)
    ? { ...copy, type }
    : { type };
}

function chainFacts(context: TransactionContext): ChainFacts {
  const committed = context.committed;
  return {
    built: context.built,
    rawTransactionHex: context.built?.rawTransactionHex ?? null,
    simulation: context.simulation,
    hash: context.hash,
    version: committed?.version ?? null,
    success: committed?.success ?? null,
    vmStatus: committed?.vmStatus ?? null,
    gasUsed: committed?.gasUsed ?? null,
    events: committed?.events ?? [],
    changes: committed?.changes ?? [],
  };
}

function finish(run: MutableRun): RunRecord {
  const record: RunRecord = {
    ...run.record,
    chain: chainFacts(run.context),
    walletRequests: run.context.walletRequests.filter((r) => r.attempt === run.record.attempt),
    outcome: run.context.outcome,
    state: run.state,
    tags: [...run.tags].sort(),
    timing: run.context.timing,
  };
  // Every string that enters a record is redacted, wherever an actor, a wallet or the user put it
  // (outputs, errors, wallet answers, the draft); transitions were redacted when recorded. The
  // copies are independent of the machine's context, so callers may store or mutate them.
  const { transitions, ...rest } = record;
  // redactSecrets keeps the shape of JSON data; the record is JSON by construction.
  const redacted = redactSecrets(rest as unknown as JsonValue) as unknown as typeof rest;
  return { ...redacted, transitions: cloneJson(transitions) };
}

/**
 * Records each attempt of a transaction actor as a {@link RunRecord}, from XState's inspection
 * API. A new record starts whenever the machine starts a new attempt (`edit`/`retry` from an
 * outcome); a retry links to the run it retries.
 *
 * @param options.now - the clock (ms) for time offsets.
 * @param options.newRunId - ids for new runs.
 * @param options.limit - transitions kept per run (default 1000); older ones are dropped and
 *   counted in `droppedTransitions`.
 * @returns the recorder; hand `recorder.inspect` to `createActor`.
 * @example
 * ```ts
 * const recorder = createRunRecorder({ now: Date.now, newRunId: () => crypto.randomUUID() });
 * const actor = createActor(logic, { input, inspect: recorder.inspect }).start();
 * actor.send({ type: 'run' });
 * // later: recorder.current() → { schemaVersion: 1, transitions: [...], chain: {...}, ... }
 * ```
 */
export function createRunRecorder(options: RunRecorderOptions): RunRecorder {
  const limit = Math.max(1, options.limit ?? DEFAULT_TRANSITION_LIMIT);
  const runs: MutableRun[] = [];
  const runIdByAttempt = new Map<number, string>();

  function startRun(snapshot: MachineSnapshotView, event: AnyEventObject, source: string | null) {
    const context = snapshot.context;
    const id = options.newRunId(context.attempt);
    runIdByAttempt.set(context.attempt, id);
    const run: MutableRun = {
      record: {
        schemaVersion: RUN_RECORD_SCHEMA_VERSION,
        id,
        retryOf: context.retryOf === null ? null : (runIdByAttempt.get(context.retryOf) ?? null),
        attempt: context.attempt,
        network: context.network,
        draft: context.draft,
        startedAt: options.now(),
        transitions: [],
        droppedTransitions: 0,
      },
      seq: 0,
      context,
      state: statePath(snapshot.value),
      tags: snapshot.tags,
    };
    runs.push(run);
    record(run, snapshot, event, source, false);
  }

  function record(
    run: MutableRun,
    snapshot: MachineSnapshotView,
    event: AnyEventObject,
    source: string | null,
    eventless: boolean,
  ) {
    const target = statePath(snapshot.value);
    run.seq += 1;
    run.record.transitions.push({
      seq: run.seq,
      atMs: options.now() - run.record.startedAt,
      event: traceEvent(event),
      source,
      target,
      eventless,
    });
    if (run.record.transitions.length > limit) {
      run.record.transitions.shift();
      run.record.droppedTransitions += 1;
    }
    run.context = snapshot.context;
    run.record.draft = snapshot.context.draft;
    run.state = target;
    run.tags = snapshot.tags;
  }

  function inspect(inspection: InspectionEvent) {
    if (inspection.actorRef.sessionId !== inspection.rootId) return;
    if (inspection.type === '@xstate.snapshot' && inspection.event.type === 'xstate.init') {
      const snapshot = asTransactionSnapshot(inspection.snapshot);
      if (snapshot && runs.length === 0) startRun(snapshot, inspection.event, null);
      return;
    }
    if (inspection.type !== '@xstate.microstep' || inspection._transitions.length === 0) return;
    const snapshot = asTransactionSnapshot(inspection.snapshot);
    const current = runs.at(-1);
    if (!snapshot || !current) return;
    const source = current.state;
    const eventless = inspection._transitions.every((transition) => transition.eventType === '');
    if (snapshot.context.attempt !== current.record.attempt) {
      startRun(snapshot, inspection.event, source);
    } else {
      record(current, snapshot, inspection.event, source, eventless);
    }
  }

  return {
    inspect,
    runs: () => runs.map(finish),
    current: () => {
      const last = runs.at(-1);
      return last ? finish(last) : null;
    },
  };
}
