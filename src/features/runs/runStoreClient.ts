import type { WorkbenchRun } from '../../../machines';
import type { RunStore } from './runStore';
import {
  fromWireError,
  sameJson,
  type CallRequest,
  type ClientPort,
  type RunDetails,
  type StoreMessage,
} from './runStoreProtocol';

/** What this page last sent of a run, so the next save sends only what changed. */
interface SentRun {
  lastSeq: number;
  firstSeq: number;
  details: RunDetails;
}

/** Runs whose last save this page remembers (the live run and a few before it). */
const TRACKED_RUNS = 8;

/**
 * Where the page keeps, synchronously, the saves the worker has not confirmed when the page goes
 * (`pagehide`: a reload, a closed tab, a navigation). A worker dies with its page, so a save
 * posted a moment before a reload may never reach IndexedDB; the journal (localStorage in the
 * app) holds it until the next page hands it to the worker.
 */
export interface RunJournal {
  read(): WorkbenchRun[];
  write(records: WorkbenchRun[]): void;
  clear(): void;
}

/** `CallRequest` without its `id` (distributed over the union). */
type Call = CallRequest extends infer R ? (R extends CallRequest ? Omit<R, 'id'> : never) : never;

/**
 * The page's run store: the same {@link RunStore}, with the IndexedDB work in a worker
 * (`runStore.worker.ts`, {@link serveRunStore}). A save costs the page a diff and one
 * `postMessage` of what changed (the header and the new transitions; the draft, chain facts and
 * replay answers only when they changed); the worker writes it at once, in order, and the
 * returned promise settles when its transaction has committed (or failed). Reads wait for the
 * writes sent before them.
 *
 * @param port - the worker (or a `MessagePort` in tests).
 * @returns the store.
 * @example
 * ```ts
 * const store = createRunStoreClient(new Worker(new URL('./runStore.worker.ts', import.meta.url), { type: 'module' }));
 * void store.putRun(record); // returns at once; settles on commit
 * ```
 */
export function createRunStoreClient(
  port: ClientPort,
  options: {
    journal?: RunJournal;
    /** Calls `keep` when the page goes; the default listens to `pagehide`. */
    onPageHide?: (keep: () => void) => void;
  } = {},
): RunStore {
  const { journal } = options;
  const sent = new Map<string, SentRun>();
  /** Each run's latest record whose save the worker has not confirmed yet. */
  const unconfirmed = new Map<string, { saveId: number; record: WorkbenchRun }>();
  /** Whether the journal holds records (written at `pagehide`, or left by the page before). */
  let journaled = false;
  /**
   * The page is going (`pagehide`): saves after it are not kept. What happens then is the
   * teardown's doing (a request the unload aborts ends a wait as `timedOut`), not the run's; the
   * record stays as it was when the page went. Cleared if the page comes back (`pageshow`).
   */
  let leaving = false;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners = new Set<() => void>();
  let nextId = 1;
  let closed = false;

  port.onmessage = ({ data }: { data: StoreMessage }) => {
    for (const reply of data.replies) {
      const request = waiting.get(reply.id);
      if (request === undefined) continue;
      waiting.delete(reply.id);
      if ('error' in reply) request.reject(fromWireError(reply.error));
      else request.resolve(reply.value);
    }
    if (data.changed) for (const listener of listeners) listener();
  };

  // The worker failed (its script did not load, or it threw): every request waiting fails with
  // a message the History page shows, rather than waiting for ever.
  port.onerror = (event) => {
    const error = new Error(
      `The run history's worker failed${event.message ? `: ${event.message}` : ''}; runs may not be saved. Reload the page.`,
    );
    const requests = [...waiting.values()];
    waiting.clear();
    for (const request of requests) request.reject(error);
  };

  function settle<T>(id: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  }

  function call<T>(request: Call): Promise<T> {
    if (closed) return Promise.reject(new Error('The run history is closed.'));
    const id = nextId++;
    const reply = settle<T>(id);
    try {
      port.postMessage({ ...request, id } as CallRequest);
    } catch (error) {
      waiting.delete(id);
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return reply;
  }

  function putRun(record: WorkbenchRun): Promise<void> {
    if (closed) return Promise.reject(new Error('The run history is closed.'));
    if (leaving) return Promise.resolve();
    const { transitions, draft, chain, replay, ...header } = record;
    const before = sent.get(record.id);
    const lastSeq = before?.lastSeq ?? 0;
    // The new transitions are at the end: walk back to the last one sent.
    let from = transitions.length;
    while (from > 0 && (transitions[from - 1]?.seq ?? 0) > lastSeq) from -= 1;
    const appended = from === 0 ? transitions : transitions.slice(from);
    const firstSeq = transitions[0]?.seq ?? before?.firstSeq ?? 1;
    const same =
      before !== undefined &&
      sameJson(before.details.draft, draft) &&
      sameJson(before.details.chain, chain) &&
      sameJson(before.details.replay, replay);
    const fresh: RunDetails = { draft, chain, ...(replay === undefined ? {} : { replay }) };
    const details = same ? null : fresh;
    const id = nextId++;
    const reply = settle<undefined>(id).then(() => undefined);
    try {
      port.postMessage({
        id,
        op: 'save',
        runId: record.id,
        full: before === undefined,
        header,
        details,
        transitions: appended,
        firstSeq,
      });
    } catch (error) {
      // Not sent (e.g. a value that cannot be cloned): nothing changes, the next save sends it again.
      waiting.delete(id);
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    if (before === undefined) {
      sent.set(record.id, { lastSeq: appended.at(-1)?.seq ?? 0, firstSeq, details: fresh });
      if (sent.size > TRACKED_RUNS) {
        const oldest = sent.keys().next().value as string;
        sent.delete(oldest);
        void call({ op: 'forget', runId: oldest });
      }
    } else {
      before.lastSeq = Math.max(lastSeq, appended.at(-1)?.seq ?? 0);
      before.firstSeq = firstSeq;
      if (details !== null) before.details = details;
    }
    unconfirmed.set(record.id, { saveId: id, record });
    reply.then(
      () => {
        if (unconfirmed.get(record.id)?.saveId === id) unconfirmed.delete(record.id);
        if (journaled) keepJournal();
      },
      // A failed save stays unconfirmed: the journal keeps it if the page goes now.
      () => undefined,
    );
    return reply;
  }

  /** Writes what is still unconfirmed to the journal (or clears it when nothing is). */
  function keepJournal(): void {
    if (journal === undefined) return;
    if (unconfirmed.size === 0) {
      journal.clear();
      journaled = false;
    } else {
      journal.write([...unconfirmed.values()].map((entry) => entry.record));
      journaled = true;
    }
  }

  if (journal !== undefined) {
    // What the page before this one could not confirm: saved first, before any read is answered.
    const left = journal.read();
    journaled = left.length > 0;
    for (const record of left) void putRun(record).catch(() => undefined);
    const going = () => {
      leaving = true;
      keepJournal();
    };
    if (options.onPageHide) options.onPageHide(going);
    else if (typeof addEventListener === 'function') {
      addEventListener('pagehide', going);
      addEventListener('pageshow', () => (leaving = false));
    }
  }

  return {
    getRun: async (id) =>
      (await call<WorkbenchRun | null>({ op: 'getRun', runId: id })) ?? undefined,
    listRuns: (filter = {}) => call({ op: 'listRuns', filter }),
    putRun,
    putRuns: (records) => call({ op: 'putRuns', records }),
    deleteRun: (id) => call({ op: 'deleteRun', runId: id }),
    clear: () => call({ op: 'clear' }),
    count: () => call({ op: 'count' }),
    maxRuns: () => call({ op: 'maxRuns' }),
    setMaxRuns: async (value) => {
      if (!Number.isInteger(value) || value < 1) {
        throw new RangeError(`The history keeps at least one run; got ${value}.`);
      }
      await call({ op: 'setMaxRuns', value });
    },
    lastPrune: () => call({ op: 'lastPrune' }),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => {
      if (closed) return;
      const terminate = () => port.terminate?.();
      void call({ op: 'close' }).then(terminate, terminate);
      closed = true;
    },
  };
}
