import { createActor, fromPromise } from 'xstate';
import type { AnyEventObject, InspectionEvent } from 'xstate';
import { redactSecrets, toJsonValue } from './json';
import { createRunRecorder } from './trace';
import type { RunRecord, RunRecorderOptions, TraceTransition } from './trace';
import { emptyTiming } from './timing';
import type { TransactionActorLogic } from './transactionActors';
import { transactionClock } from './transactionClock';
import {
  attemptResults,
  type StableState,
  type TransactionContext,
  type TransactionInput,
} from './transactionContext';
import { transactionMachine } from './transactionMachine';
import type { DraftArgument, JsonValue, SigningMode, TransactionDraft } from './types';
import type { MoveTrace } from '../localnet/move/vm/traceTypes';

/** One answer an invoked actor gave during a run: its output, or what it threw (JSON copies). */
export type RecordedAnswer =
  { actor: string; output: JsonValue } | { actor: string; error: JsonValue };

/** What a deterministic re-run needs beyond the trace: the start input and every actor answer. */
export interface ReplayData {
  /** Draft and signing mode when the attempt started. */
  input: { draft: TransactionDraft; signingMode: SigningMode };
  /** Actor answers in the order they arrived. */
  answers: RecordedAnswer[];
}

/**
 * A run record as the workbench stores and exports it: the transitions plus its replay data and,
 * once the Trace tab fetched it, the Move trace of its committed (or simulated) execution,
 * without instruction steps (replay/runTrace.ts).
 */
export type WorkbenchRun = RunRecord & {
  replay?: ReplayData;
  moveTrace?: MoveTrace;
  forkReplay?: ForkReplayFacts;
};

/**
 * A run that replayed a committed transaction on a fork of its network (issue 34): the run's
 * `chain` holds what the fork produced, this says where and how it compares.
 */
export interface ForkReplayFacts {
  /** The upstream node's REST URL. */
  upstream: string;
  /** The fork point: the upstream version the fork's state is read at. */
  forkVersion: string;
  /** The transaction's version; it ran on the state just before it. */
  version: string;
  hash?: string;
  /** `recorded`: the committed transaction; `modified`: the same with `changes`. */
  mode: 'recorded' | 'modified';
  changes?: {
    maxGasAmount?: string;
    gasUnitPrice?: string;
    functionArguments?: DraftArgument[];
    /** Another sender (long address) and its sequence number at that state. */
    sender?: string;
    sequenceNumber?: string;
  };
  /** Status, gas, events, balance changes and write set equal to the committed ones. */
  identical: boolean;
  /** The aspects that differ (`gas used`, …). */
  differences?: string[];
  /** Framework functions the fork ran natively where the upstream ran its bytecode. */
  nativeFramework: string[];
}

/** Options of {@link createReplayRecorder}. */
export interface ReplayRecorderOptions extends RunRecorderOptions {
  /** The stored run that the actor's first attempt retries (resubmit with a fix). */
  retryOf?: string | null;
}

/** A run recorder whose records also carry their {@link ReplayData}. */
export interface ReplayRecorder {
  inspect: (event: InspectionEvent) => void;
  runs: () => WorkbenchRun[];
  current: () => WorkbenchRun | null;
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

function answerOf(event: AnyEventObject): RecordedAnswer | null {
  if (event.type.startsWith(DONE)) {
    return {
      actor: event.type.slice(DONE.length),
      output: redactSecrets(toJsonValue((event as { output?: unknown }).output)),
    };
  }
  if (event.type.startsWith(ERROR)) {
    return {
      actor: event.type.slice(ERROR.length),
      error: redactSecrets(toJsonValue((event as { error?: unknown }).error)),
    };
  }
  return null;
}

interface ContextView {
  context?: TransactionContext;
  machine?: { id?: string };
}

/**
 * {@link createRunRecorder} plus what a deterministic re-run needs: each attempt's start input
 * and every answer its actors gave (outputs and errors, JSON copies with secrets redacted).
 *
 * @param options - the run recorder's options, and `retryOf` for an actor that retries a stored run.
 * @returns the recorder; hand `recorder.inspect` to `createActor`.
 * @example
 * ```ts
 * const recorder = createReplayRecorder({ now: Date.now, newRunId: () => crypto.randomUUID() });
 * createActor(logic, { input, inspect: recorder.inspect }).start();
 * recorder.current()?.replay?.answers; // [{ actor: 'buildTransaction', output: {...} }, ...]
 * ```
 */
export function createReplayRecorder(options: ReplayRecorderOptions): ReplayRecorder {
  const recorder = createRunRecorder(options);
  const byAttempt = new Map<number, ReplayData>();
  let firstAttempt: number | null = null;

  function dataFor(context: TransactionContext): ReplayData {
    let data = byAttempt.get(context.attempt);
    if (!data) {
      data = {
        input: { draft: context.draft, signingMode: context.signingMode },
        answers: [],
      };
      byAttempt.set(context.attempt, data);
      firstAttempt ??= context.attempt;
    }
    return data;
  }

  function inspect(inspection: InspectionEvent) {
    if (inspection.actorRef.sessionId === inspection.rootId) {
      if (inspection.type === '@xstate.snapshot' || inspection.type === '@xstate.microstep') {
        const view = inspection.snapshot as ContextView;
        if (view.machine?.id === 'transaction' && view.context) dataFor(view.context);
      } else if (inspection.type === '@xstate.event') {
        const answer = answerOf(inspection.event);
        const view = inspection.actorRef.getSnapshot() as ContextView;
        if (answer && view.context) dataFor(view.context).answers.push(answer);
      }
    }
    recorder.inspect(inspection);
  }

  function withReplay(record: RunRecord): WorkbenchRun {
    const data = byAttempt.get(record.attempt);
    const retryOf =
      record.attempt === firstAttempt && options.retryOf ? options.retryOf : record.retryOf;
    return {
      ...record,
      retryOf,
      ...(data
        ? {
            replay: {
              input: redactSecrets(
                data.input as unknown as JsonValue,
              ) as unknown as ReplayData['input'],
              answers: data.answers.slice(),
            },
          }
        : {}),
    };
  }

  return {
    inspect,
    runs: () => recorder.runs().map(withReplay),
    current: () => {
      const record = recorder.current();
      return record ? withReplay(record) : null;
    },
  };
}

/** Where a re-run first differs from the record. */
export interface ReplayDivergence {
  /** Index into the transitions (0-based). */
  index: number;
  /** The recorded transition there, or `null` when the re-run made more transitions. */
  expected: TraceTransition | null;
  /** The re-run's transition there, or `null` when it stopped early. */
  actual: TraceTransition | null;
  /** Which fields differ: `event`, `source`, `target`, `eventless`, or `missing`/`extra`. */
  fields: string[];
}

/** What {@link replayRun} found. */
export interface ReplayResult {
  identical: boolean;
  /** The first difference, or `null` when identical. */
  divergence: ReplayDivergence | null;
  /** The re-run's record of the same attempt (its transitions are the new trace). */
  replayed: WorkbenchRun | null;
  /** Transitions compared. */
  compared: number;
}

/** Options of {@link replayRun}. */
export interface ReplayOptions {
  /** The machine to re-run (default {@link transactionMachine}); tests pass a changed one. */
  machine?: typeof transactionMachine;
  /** Lets answered actors and the machine react before the next recorded event. */
  flush?: () => Promise<void>;
  /** Also sees the re-run's inspection events (after the recorder), e.g. to read its contexts. */
  inspect?: (event: InspectionEvent) => void;
}

/** Thrown when a record lacks what a re-run needs. */
export class ReplayError extends Error {
  override readonly name = 'ReplayError';
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Compares two traces transition by transition, ignoring time offsets. */
export function firstDivergence(
  expected: readonly TraceTransition[],
  actual: readonly TraceTransition[],
): ReplayDivergence | null {
  const length = Math.max(expected.length, actual.length);
  for (let index = 0; index < length; index += 1) {
    const want = expected[index] ?? null;
    const got = actual[index] ?? null;
    if (want === null || got === null) {
      return { index, expected: want, actual: got, fields: [want === null ? 'extra' : 'missing'] };
    }
    const fields: string[] = [];
    if (!sameJson(want.event, got.event)) fields.push('event');
    if (want.source !== got.source) fields.push('source');
    if (want.target !== got.target) fields.push('target');
    if (want.eventless !== got.eventless) fields.push('eventless');
    if (fields.length > 0) return { index, expected: want, actual: got, fields };
  }
  return null;
}

function replayActors(answers: readonly RecordedAnswer[]): TransactionActorLogic {
  const queues = new Map<string, RecordedAnswer[]>();
  for (const answer of answers) {
    const queue = queues.get(answer.actor) ?? [];
    queue.push(answer);
    queues.set(answer.actor, queue);
  }
  // An actor with no recorded answer left never settles: the recorded run was cancelled or cut
  // short there, and the next recorded event (or the end of the record) decides what follows.
  const answer = (name: string) =>
    fromPromise<never, unknown>(
      ({ signal }) =>
        new Promise<never>((resolve, reject) => {
          const next = queues.get(name)?.shift();
          if (!next) {
            signal.addEventListener('abort', () => reject(new ReplayError('cancelled')));
            return;
          }
          if ('error' in next) reject(next.error);
          else resolve(next.output as never);
        }),
    );
  // The recorded outputs are the actors' outputs, JSON-typed; the machine reads them as such.
  return {
    buildTransaction: answer('buildTransaction'),
    simulateTransaction: answer('simulateTransaction'),
    signTransaction: answer('signTransaction'),
    signAndSubmitTransaction: answer('signAndSubmitTransaction'),
    submitTransaction: answer('submitTransaction'),
    waitForTransaction: answer('waitForTransaction'),
    lookupTransaction: answer('lookupTransaction'),
  } as unknown as TransactionActorLogic;
}

function isExternal(transition: TraceTransition): boolean {
  return !transition.eventless && !transition.event.type.startsWith('xstate.');
}

function stateValue(path: string): string | Record<string, string> {
  const [parent, child] = path.split('.');
  return child === undefined ? path : { [parent]: child };
}

const STABLE: readonly string[] = [
  'editing',
  'built',
  'simulated.success',
  'simulated.failure',
  'signed',
  'timedOut',
];

/**
 * Replay actors settle at once, so everything an event sets off happens within a few promise
 * jobs per step; yielding this many lets it all run without reading a timer.
 */
async function settleJobs(): Promise<void> {
  for (let job = 0; job < 1000; job += 1) await Promise.resolve();
}

/**
 * Deterministic re-run of one recorded attempt: the transaction machine runs again with replay
 * actors that answer each step with the recorded output (no network, no wallet), the recorded
 * user events are sent again in order, and the new trace is compared with the recorded one
 * transition by transition (time offsets aside). A later attempt (`retry`/`edit` from an outcome)
 * starts from the outcome state it left.
 *
 * @param record - a run recorded with {@link createReplayRecorder}.
 * @param options.machine - the machine to re-run, e.g. one with a changed classifier.
 * @returns identical or the first divergence, and the new record.
 * @example
 * ```ts
 * const result = await replayRun(record);
 * if (!result.identical) console.log(result.divergence);
 * ```
 */
export async function replayRun(
  record: WorkbenchRun,
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  const replay = record.replay;
  if (!replay) {
    throw new ReplayError(
      'This record has no replay data (actor answers); only runs recorded by the workbench can be re-run.',
    );
  }
  const [first, ...rest] = record.transitions;
  if (!first) throw new ReplayError('This record has no transitions.');
  if (record.droppedTransitions > 0) {
    throw new ReplayError(
      `The record dropped its ${record.droppedTransitions} oldest transitions; it cannot be re-run from the start.`,
    );
  }
  const machine = options.machine ?? transactionMachine;
  const flush = options.flush ?? settleJobs;
  let clock = record.startedAt;
  const recorder = createReplayRecorder({
    now: () => clock,
    newRunId: (attempt) => (attempt === record.attempt ? record.id : `replay-${attempt}`),
  });
  const logic = machine.provide({
    actors: replayActors(replay.answers),
    actions: transactionClock(() => clock),
  });
  // The first attempt starts from the recorded input itself (`xstate.init` carries it).
  const recordedInput = first.event.type === 'xstate.init' ? first.event.input : undefined;
  const input = (recordedInput as TransactionInput | undefined) ?? {
    draft: replay.input.draft,
    network: record.network,
    signingMode: replay.input.signingMode,
  };
  const resumes = first.source !== null;
  const context: TransactionContext = {
    network: record.network,
    draft: replay.input.draft,
    signingMode: replay.input.signingMode,
    attempt: record.attempt - 1,
    retryOf: null,
    mode: 'step',
    lastStable: (STABLE.includes(first.source ?? '') ? first.source : 'editing') as StableState,
    ...attemptResults,
    walletRequests: [],
    timing: emptyTiming(),
  };
  const extra = options.inspect;
  const actor = createActor(logic, {
    input,
    inspect: extra
      ? (event) => {
          recorder.inspect(event);
          extra(event);
        }
      : recorder.inspect,
    ...(first.source === null
      ? {}
      : {
          snapshot: logic.getPersistedSnapshot(
            logic.resolveState({ value: stateValue(first.source), context }),
          ),
        }),
  });
  actor.start();
  try {
    const steps = resumes ? record.transitions : rest;
    for (const transition of steps) {
      if (!isExternal(transition)) continue;
      await flush();
      clock = record.startedAt + transition.atMs;
      actor.send(transition.event as Parameters<typeof actor.send>[0]);
    }
    await flush();
  } finally {
    actor.stop();
  }
  const replayed = recorder.runs().find((run) => run.attempt === record.attempt) ?? null;
  const actual = replayed?.transitions ?? [];
  const divergence = firstDivergence(record.transitions, actual);
  return {
    identical: divergence === null,
    divergence,
    replayed,
    compared: Math.max(record.transitions.length, actual.length),
  };
}
