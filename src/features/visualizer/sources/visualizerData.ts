import {
  RUN_RECORD_SCHEMA_VERSION,
  type JsonValue,
  type RunRecord,
  type WorkbenchRun,
} from '../../../../machines';
import { parseRunFile, RUN_FILE_FORMAT } from '../../../../schemas/runFile';
import {
  WALLET_ACTORS,
  type Lane,
  type TracedTransition,
  type TraceMessage,
  type TracedMachine,
  type WorkbenchTraceSnapshot,
} from '../../../inspection/workbenchTrace';
import { compactAddresses } from '../../../format/address';
import type { MachineGraph } from '../graph/machineGraph';
import { buildTimeline, type SourceTransition, type Timeline } from '../timeline/timelineModel';
import type { RebuiltContexts } from './rebuildContexts';

/** A message of the sequence view, on the shown run's time axis. */
export interface SequenceMessage extends Omit<TraceMessage, 'at' | 'endAt'> {
  atMs: number;
  endMs: number | null;
}

/** Where the shown run comes from. */
export type SourceKind = 'live' | 'stored' | 'file';

/** Everything the visualizer shows of one run. */
export interface VisualizerData {
  kind: SourceKind;
  title: string;
  /** The run record's id, when there is one. */
  runId: string | null;
  timelines: Record<TracedMachine, Timeline>;
  messages: SequenceMessage[];
  droppedMessages: number;
  /** The run record shown, when the source is one (its contexts are rebuilt from it). */
  record?: WorkbenchRun;
  /** Where the contexts come from, or why some transitions have none. */
  contextNote?: string;
  /** A loaded run file that holds several runs: which one is shown (from 0), and a label each. */
  fileRuns?: { index: number; labels: string[] };
}

/** The visualizer's own export: a run with contexts, both machines and the sequence. */
export interface VisualizerFile {
  format: 'workbench-visualizer';
  version: 1;
  title: string;
  runId: string | null;
  transitions: Record<TracedMachine, SourceTransition[]>;
  dropped: Record<TracedMachine, number>;
  messages: SequenceMessage[];
  droppedMessages: number;
}

const EMPTY: Timeline = { rows: [], dropped: 0, eventTypes: [], states: [] };

function attemptOf(context: JsonValue): number | null {
  const attempt =
    context !== null && typeof context === 'object' && !Array.isArray(context)
      ? context.attempt
      : null;
  return typeof attempt === 'number' ? attempt : null;
}

/**
 * The live trace on one time axis: the Compose run's current attempt (as its run record has
 * it, with contexts), the wallet machine, and the messages since the earliest of them.
 *
 * @param trace - the workbench trace.
 * @param runId - the live run record's id, when known.
 */
export function fromWorkbenchTrace(
  trace: WorkbenchTraceSnapshot,
  runId: string | null,
): VisualizerData {
  const all = trace.transitions.transaction;
  const attempt = all.length === 0 ? null : attemptOf((all.at(-1) as TracedTransition).context);
  let first = all.length;
  while (first > 0 && attemptOf((all[first - 1] as TracedTransition).context) === attempt)
    first -= 1;
  const transaction = all.slice(first);
  const starts = [transaction[0]?.at, trace.transitions.wallet[0]?.at].filter(
    (at): at is number => at !== undefined,
  );
  const start = starts.length === 0 ? 0 : Math.min(...starts);
  const timeline = (transitions: readonly TracedTransition[], dropped: number) =>
    buildTimeline(transitions, dropped, start);
  return {
    kind: 'live',
    title:
      runId === null
        ? 'Live run'
        : `Live run ${runId}${attempt === null ? '' : ` (attempt ${attempt})`}`,
    runId,
    timelines: {
      transaction: timeline(transaction, first === 0 ? trace.dropped.transaction : 0),
      wallet: timeline(trace.transitions.wallet, trace.dropped.wallet),
    },
    messages: trace.messages
      .filter((message) => message.at >= start)
      .map(({ at, endAt, ...message }) => ({
        ...message,
        atMs: at - start,
        endMs: endAt === null ? null : endAt - start,
      }))
      // HTTP calls are reported when they end; the axis orders them by their start.
      .sort((a, b) => a.atMs - b.atMs),
    droppedMessages: trace.droppedMessages,
  };
}

const DONE = /^xstate\.(done|error)\.actor\.(.+)$/;

/**
 * The sequence of a run record, which keeps no messages: user events from the app, the actors
 * each entered state invokes (read from the machine's graph), and their results.
 */
export function messagesFromTransitions(
  transitions: readonly SourceTransition[],
  graph: MachineGraph,
): SequenceMessage[] {
  const invokes = new Map(graph.nodes.map((node) => [node.path, node.invokes]));
  const messages: SequenceMessage[] = [];
  const add = (message: Omit<SequenceMessage, 'id' | 'machine' | 'endMs'>) =>
    messages.push({ ...message, id: messages.length + 1, machine: 'transaction', endMs: null });
  const laneOf = (actor: string): Lane => (WALLET_ACTORS.has(actor) ? 'wallet' : 'node');
  for (const transition of transitions) {
    const { type } = transition.event;
    const result = DONE.exec(type);
    if (result) {
      const [, outcome, actor = ''] = result;
      const status = outcome === 'done' ? null : 'error';
      add({
        atMs: transition.atMs,
        from: laneOf(actor),
        to: 'transaction',
        kind: outcome === 'done' ? 'done' : 'error',
        label: `${actor} ${outcome === 'done' ? 'done' : 'failed'}`,
        status,
        seq: transition.seq,
      });
    } else if (!transition.eventless && !type.startsWith('xstate.')) {
      add({
        atMs: transition.atMs,
        from: 'app',
        to: 'transaction',
        kind: 'event',
        label: type,
        status: null,
        seq: transition.seq,
      });
    }
    if (transition.source === transition.target) continue;
    const parts = transition.target.split('.');
    for (let depth = 1; depth <= parts.length; depth += 1) {
      const path = parts.slice(0, depth).join('.');
      const source = transition.source ?? '';
      // Only states newly entered start their actors.
      if (source === path || source.startsWith(`${path}.`)) continue;
      for (const actor of invokes.get(path) ?? []) {
        add({
          atMs: transition.atMs,
          from: 'transaction',
          to: laneOf(actor),
          kind: 'invoke',
          label: actor,
          status: null,
          seq: transition.seq,
        });
      }
    }
  }
  return messages;
}

/** Said while a record's contexts are being rebuilt. */
export const REBUILDING_NOTE = 'Rebuilding the contexts by re-running this record…';
/** Said when every context was rebuilt. */
export const REBUILT_NOTE =
  'Contexts rebuilt by re-running this record with its recorded actor answers (run records keep none).';

/**
 * A stored run record, as the visualizer shows it. Run records keep no context per transition:
 * until {@link withRebuiltContexts} adds them, the rows have none.
 */
export function fromRunRecord(
  record: RunRecord,
  graph: MachineGraph,
  kind: SourceKind = 'stored',
): VisualizerData {
  const transitions: SourceTransition[] = record.transitions;
  const messages = messagesFromTransitions(transitions, graph);
  for (const request of record.walletRequests) {
    const done = messages.filter(
      (message) => message.to === 'transaction' && message.from === 'wallet',
    );
    const match = done.find((message) => message.label.startsWith(request.request));
    if (match) match.status = request.status;
  }
  return {
    kind,
    title: `Run ${record.id} (attempt ${record.attempt}, ${record.state})`,
    runId: record.id,
    timelines: {
      transaction: buildTimeline(transitions, record.droppedTransitions),
      wallet: EMPTY,
    },
    messages,
    droppedMessages: 0,
    record: record as WorkbenchRun,
    contextNote: REBUILDING_NOTE,
  };
}

/**
 * A run record's data with the contexts {@link rebuildContexts} rebuilt: the same rows, now
 * with a context each (up to a divergence), so the diff and context panels work.
 */
export function withRebuiltContexts(
  data: VisualizerData,
  rebuilt: RebuiltContexts,
): VisualizerData {
  return {
    ...data,
    timelines: {
      ...data.timelines,
      transaction: buildTimeline(rebuilt.transitions, data.timelines.transaction.dropped),
    },
    contextNote: rebuilt.note ?? REBUILT_NOTE,
  };
}

/** What the visualizer shows as a file of its own (Export). */
export function toVisualizerFile(data: VisualizerData): VisualizerFile {
  const transitions = (machine: TracedMachine): SourceTransition[] =>
    data.timelines[machine].rows.map((row) => ({
      seq: row.seq,
      atMs: row.atMs,
      event: row.event,
      source: row.source,
      target: row.target,
      eventless: row.eventless,
      ...(row.context === null ? {} : { context: row.context }),
    }));
  return {
    format: 'workbench-visualizer',
    version: 1,
    title: data.title,
    runId: data.runId,
    transitions: { transaction: transitions('transaction'), wallet: transitions('wallet') },
    dropped: {
      transaction: data.timelines.transaction.dropped,
      wallet: data.timelines.wallet.dropped,
    },
    messages: data.messages,
    droppedMessages: data.droppedMessages,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** How to make a file the visualizer reads, for the errors that refuse one. */
const WHAT_TO_LOAD =
  'Load a run file (History\u2019s Export, or `npx tx-workbench run draft.json --out run.json`), a single run record, or a visualizer export.';

/** A run's label in the run picker: its place, function, end state and id. */
function runLabel(run: WorkbenchRun, index: number): string {
  return `${index + 1}. ${compactAddresses(run.draft.payload.function)} \u2192 ${run.state} (${run.id.slice(0, 8)})`;
}

/**
 * Reads a file the user chose: a run file (History's export, the headless runner's `--out`), one
 * run record, or the visualizer's own export. Of a run file with several runs, the one at
 * `runIndex` is shown (the first when out of range), with every run's label in `fileRuns`.
 *
 * @throws Error saying what the file is and what to load instead.
 */
export function parseVisualizerFile(
  text: string,
  graph: MachineGraph,
  runIndex = 0,
): VisualizerData {
  let value: unknown;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch (error) {
    throw new Error(
      `The file is not JSON (${error instanceof Error ? error.message : String(error)}). ${WHAT_TO_LOAD}`,
    );
  }
  if (isObject(value) && value.format === 'workbench-visualizer' && value.version === 1) {
    const file = value as unknown as VisualizerFile;
    return {
      kind: 'file',
      title: file.title,
      runId: file.runId,
      timelines: {
        transaction: buildTimeline(file.transitions.transaction, file.dropped.transaction),
        wallet: buildTimeline(file.transitions.wallet, file.dropped.wallet),
      },
      messages: file.messages,
      droppedMessages: file.droppedMessages,
    };
  }
  if (isObject(value) && (value.format === RUN_FILE_FORMAT || Array.isArray(value.runs))) {
    // The run file's own reader: schema version, migrations, the first bad path.
    const { runs } = parseRunFile(text);
    if (runs.length === 0) throw new Error(`The run file holds no runs. ${WHAT_TO_LOAD}`);
    const index =
      Number.isInteger(runIndex) && runIndex >= 0 && runIndex < runs.length ? runIndex : 0;
    const data = fromRunRecord(runs[index] as WorkbenchRun, graph, 'file');
    return runs.length === 1 ? data : { ...data, fileRuns: { index, labels: runs.map(runLabel) } };
  }
  if (isObject(value) && typeof value.id === 'string' && Array.isArray(value.transitions)) {
    const version = value.schemaVersion;
    if (typeof version !== 'number' || version < 1 || version > RUN_RECORD_SCHEMA_VERSION) {
      throw new Error(
        `Run records of schema version ${String(version)} are not known here (1 to ${RUN_RECORD_SCHEMA_VERSION} are).`,
      );
    }
    return fromRunRecord(value as unknown as RunRecord, graph, 'file');
  }
  if (isObject(value) && isObject(value.payload)) {
    throw new Error(
      'This is a draft: a transaction not yet run, so it has no transitions to show. Run it (in Compose, or with `npx tx-workbench run draft.json --out run.json`) and load the run file.',
    );
  }
  throw new Error(`The file is not one the visualizer reads. ${WHAT_TO_LOAD}`);
}
