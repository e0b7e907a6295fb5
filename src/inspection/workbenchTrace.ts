import type { AnyActorRef, AnyEventObject, InspectionEvent, StateValue } from 'xstate';
import {
  redactSecrets,
  statePath,
  toJsonValue,
  type JsonValue,
  type TraceTransition,
} from '../../machines';

/** The machines the workbench traces. */
export type TracedMachine = 'transaction' | 'wallet';

/**
 * One transition of a traced machine as a run record has it, timed by the wall clock (`at`, ms
 * since the epoch), with the context it left behind (JSON copy, secrets redacted).
 */
export type TracedTransition = Omit<TraceTransition, 'atMs'> & { at: number; context: JsonValue };

/** The lanes of the sequence view. */
export type Lane = 'app' | 'transaction' | 'wallet' | 'node';

/** One message between lanes: an event sent, an invoked actor, a wallet request, an HTTP call. */
export interface TraceMessage {
  id: number;
  at: number;
  /** When it finished (invoked actors, HTTP calls), else `null`. */
  endAt: number | null;
  from: Lane;
  to: Lane;
  kind: 'event' | 'invoke' | 'done' | 'error' | 'http';
  label: string;
  /** HTTP status, a wallet request's status, or `error`. */
  status: string | null;
  /** The transition it caused or happened during: `{ machine, seq }`. */
  machine: TracedMachine;
  seq: number | null;
}

/** An HTTP call the workbench's ts-sdk client made. */
export interface HttpCall {
  method: string;
  url: string;
  status: number | null;
  startedAt: number;
  durationMs: number;
}

/** Everything traced so far; arrays are appended to, never rewritten (read with `version`). */
export interface WorkbenchTraceSnapshot {
  version: number;
  transitions: Record<TracedMachine, TracedTransition[]>;
  dropped: Record<TracedMachine, number>;
  messages: TraceMessage[];
  droppedMessages: number;
}

/** Transitions (per machine) and messages kept; the oldest go first. */
export const TRACE_LIMIT = 10_000;

/** Invoked actors that talk to a wallet rather than to the node. */
export const WALLET_ACTORS: ReadonlySet<string> = new Set([
  'signTransaction',
  'signAndSubmitTransaction',
]);

// XState hands inspectors its internal snapshot and actor objects; these views name the few
// fields read here.
interface SnapshotView {
  value: StateValue;
  context: unknown;
}
type ActorView = AnyActorRef & { _parent?: AnyActorRef };

function eventOf(event: { type: string }): TracedTransition['event'] {
  const copy = redactSecrets(toJsonValue(event));
  const type = String(event.type);
  if (copy === null || typeof copy !== 'object' || Array.isArray(copy)) return { type };
  // Actor outputs can be large (whole transactions); the context keeps what matters of them.
  if (type.startsWith('xstate.done.actor.')) return { type };
  if (type.startsWith('xstate.error.actor.')) {
    const error = copy.error;
    const message =
      error !== null && typeof error === 'object' && !Array.isArray(error)
        ? String(error.message ?? '')
        : String(error);
    return { type, error: message.slice(0, 600) };
  }
  return { ...copy, type };
}

function outputStatus(event: { output?: unknown }): string | null {
  const output = event.output as { status?: unknown } | null | undefined;
  return typeof output?.status === 'string' ? output.status : null;
}

/**
 * Records the transaction and wallet machines (through XState's inspection API), the actors they
 * invoke and the HTTP calls of the workbench's ts-sdk client, for the visualizer. Small on
 * purpose: it is loaded with the app, the visualizer only when opened.
 */
export function createWorkbenchTrace(options: { now?: () => number; limit?: number } = {}) {
  const now = options.now ?? Date.now;
  const limit = options.limit ?? TRACE_LIMIT;
  const snapshot: WorkbenchTraceSnapshot = {
    version: 0,
    transitions: { transaction: [], wallet: [] },
    dropped: { transaction: 0, wallet: 0 },
    messages: [],
    droppedMessages: 0,
  };
  const roots: Record<TracedMachine, string | null> = { transaction: null, wallet: null };
  const states: Record<TracedMachine, string | null> = { transaction: null, wallet: null };
  const seqs: Record<TracedMachine, number> = { transaction: 0, wallet: 0 };
  /** Messages waiting for the transition their event causes. */
  const awaiting = new WeakMap<object, TraceMessage>();
  const openInvokes = new Map<string, TraceMessage>();
  /** Actors start while the transition that invokes them is taken, before it is reported. */
  const starting: Record<TracedMachine, TraceMessage[]> = { transaction: [], wallet: [] };
  const listeners = new Set<() => void>();
  let nextMessage = 1;

  function changed() {
    snapshot.version += 1;
    for (const listener of listeners) listener();
  }

  function push<T>(list: T[], item: T): boolean {
    list.push(item);
    if (list.length <= limit) return false;
    list.splice(0, list.length - limit);
    return true;
  }

  function addMessage(message: Omit<TraceMessage, 'id'>): TraceMessage {
    const full = { ...message, id: nextMessage++ };
    if (push(snapshot.messages, full)) snapshot.droppedMessages += 1;
    return full;
  }

  function record(
    machine: TracedMachine,
    inspected: { snapshot: unknown; event: AnyEventObject },
    eventless: boolean,
  ) {
    const view = inspected.snapshot as SnapshotView;
    const target = statePath(view.value);
    seqs[machine] += 1;
    const transition: TracedTransition = {
      seq: seqs[machine],
      at: now(),
      event: eventOf(inspected.event),
      source: states[machine],
      target,
      eventless,
      context: redactSecrets(toJsonValue(view.context)),
    };
    if (push(snapshot.transitions[machine], transition)) snapshot.dropped[machine] += 1;
    states[machine] = target;
    const message = awaiting.get(inspected.event);
    if (message) message.seq = transition.seq;
    for (const started of starting[machine].splice(0)) started.seq = transition.seq;
    changed();
  }

  function lanesOf(machine: TracedMachine, actorId: string): { from: Lane; to: Lane } {
    if (machine === 'wallet') return { from: 'wallet', to: 'wallet' };
    return { from: 'transaction', to: WALLET_ACTORS.has(actorId) ? 'wallet' : 'node' };
  }

  function inspectorFor(machine: TracedMachine) {
    return (inspection: InspectionEvent) => {
      const actor = inspection.actorRef as ActorView;
      const isRoot = actor.sessionId === inspection.rootId;
      if (
        inspection.type === '@xstate.snapshot' &&
        isRoot &&
        inspection.event.type === 'xstate.init'
      ) {
        // Reported again when React (re)subscribes to the same actor: record its start once.
        if (roots[machine] === inspection.rootId) return;
        // A new actor (another network, a new Compose session): a new trace.
        roots[machine] = inspection.rootId;
        states[machine] = null;
        seqs[machine] = 0;
        snapshot.transitions[machine] = [];
        snapshot.dropped[machine] = 0;
        record(machine, inspection, false);
        return;
      }
      if (inspection.rootId !== roots[machine]) return;
      if (inspection.type === '@xstate.microstep' && isRoot) {
        // The initial transition is recorded once, from the `xstate.init` snapshot above.
        if (inspection._transitions.length === 0 || inspection.event.type === 'xstate.init') return;
        record(
          machine,
          inspection,
          inspection._transitions.every((transition) => transition.eventType === ''),
        );
        return;
      }
      if (
        inspection.type === '@xstate.actor' &&
        !isRoot &&
        actor._parent?.sessionId === inspection.rootId
      ) {
        const lanes = lanesOf(machine, actor.id);
        const message = addMessage({
          at: now(),
          endAt: null,
          ...lanes,
          kind: 'invoke',
          label: actor.id,
          status: null,
          machine,
          seq: null,
        });
        starting[machine].push(message);
        openInvokes.set(`${machine}:${actor.id}`, message);
        changed();
        return;
      }
      if (inspection.type !== '@xstate.event' || !isRoot) return;
      const { event } = inspection;
      const type = String(event.type);
      const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
      if (done) {
        const [, outcome, actorId = ''] = done;
        const started = openInvokes.get(`${machine}:${actorId}`);
        openInvokes.delete(`${machine}:${actorId}`);
        const at = now();
        if (started) started.endAt = at;
        const lanes = lanesOf(machine, actorId);
        const message = addMessage({
          at,
          endAt: null,
          from: lanes.to,
          to: lanes.from,
          kind: outcome === 'done' ? 'done' : 'error',
          label: `${actorId} ${outcome === 'done' ? 'done' : 'failed'}`,
          status: outcome === 'done' ? outputStatus(event as { output?: unknown }) : 'error',
          machine,
          seq: null,
        });
        awaiting.set(event, message);
      } else if (!type.startsWith('xstate.')) {
        const fromChild = inspection.sourceRef !== undefined && inspection.sourceRef !== actor;
        const message = addMessage({
          at: now(),
          endAt: null,
          from: fromChild || type.startsWith('wallet.') ? 'wallet' : 'app',
          to: machine,
          kind: 'event',
          label: type,
          status: null,
          machine,
          seq: null,
        });
        awaiting.set(event, message);
      }
      changed();
    };
  }

  return {
    /** Pass as `inspect` when creating the transaction machine's actor. */
    inspectTransaction: inspectorFor('transaction'),
    /** Pass as `inspect` when creating the wallet machine's actor. */
    inspectWallet: inspectorFor('wallet'),
    /** Records one HTTP call of the ts-sdk client (see `recordingClient`). */
    recordHttp(call: HttpCall) {
      const path = new URL(call.url, 'http://node').pathname;
      const busy = [...openInvokes.keys()].some((key) => key.startsWith('transaction:'));
      addMessage({
        at: call.startedAt,
        endAt: call.startedAt + call.durationMs,
        from: busy ? 'transaction' : 'app',
        to: 'node',
        kind: 'http',
        label: `${call.method} ${path}`,
        status: call.status === null ? 'failed' : String(call.status),
        machine: 'transaction',
        seq: seqs.transaction || null,
      });
      changed();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): WorkbenchTraceSnapshot => snapshot,
    getVersion: () => snapshot.version,
  };
}

/** The trace the app records into. */
export type WorkbenchTrace = ReturnType<typeof createWorkbenchTrace>;

/** The app's one trace, shared by the actors' inspectors, the ts-sdk client and the visualizer. */
export const workbenchTrace: WorkbenchTrace = createWorkbenchTrace();
