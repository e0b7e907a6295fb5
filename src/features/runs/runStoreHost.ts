import type { WorkbenchRun } from '../../../machines';
import type { RunStore } from './runStore';
import {
  toWireError,
  type CallRequest,
  type HostPort,
  type SaveRequest,
  type StoreReply,
  type StoreRequest,
} from './runStoreProtocol';

/** A save waiting for its write: the latest record of the run and every request it answers. */
interface PendingSave {
  record: WorkbenchRun;
  ids: number[];
}

/**
 * The worker's side of the run store: applies each save the page sends to its copy of the run
 * and writes it with the Dexie store ({@link createRunStore}) at once. Writes (saves, imports,
 * deletes, the bound) run one after another in the order they arrived; a save that arrives while
 * the write before it is still committing joins the run's next write (no timer: the next write
 * starts the moment the previous one completes), and every request is answered when the
 * transaction holding it has committed. A failed write is reported to each of its requests; the
 * worker keeps the run's rows in its copy, so the run's next save writes them again.
 *
 * @param port - `self` in the worker (or a `MessagePort` in tests).
 * @param engine - the Dexie store that owns the database.
 */
export function serveRunStore(port: HostPort, engine: RunStore): void {
  /** The page's live runs as the worker knows them (the page says when to forget one). */
  const copies = new Map<string, WorkbenchRun>();
  /** Saves not yet started, by run. */
  const pending = new Map<string, PendingSave>();
  let writes: Promise<void> = Promise.resolve();
  /** Writes handed to the engine and not yet answered. */
  let busy = 0;

  let outbox: StoreReply[] = [];
  let changed = false;
  let flushing = false;
  const flush = () => {
    flushing = false;
    if (outbox.length === 0 && !changed) return;
    const replies = outbox;
    outbox = [];
    port.postMessage({ replies, changed });
    changed = false;
  };
  const reply = (answer: StoreReply) => {
    outbox.push(answer);
    if (!flushing) {
      flushing = true;
      queueMicrotask(flush);
    }
  };
  // The engine's own changes (pruning after a new run) reach the page with the next reply, or on
  // their own when no write is in flight.
  engine.subscribe(() => {
    changed = true;
    if (busy === 0 && !flushing) {
      flushing = true;
      queueMicrotask(flush);
    }
  });

  /** Runs `work` after every write before it; it never rejects (errors become replies). */
  const inOrder = (work: () => Promise<void>) => {
    busy += 1;
    writes = writes.then(work).finally(() => {
      busy -= 1;
    });
  };

  function apply(request: SaveRequest): WorkbenchRun {
    const previous = request.full ? undefined : copies.get(request.runId);
    const details =
      request.details ??
      (previous && {
        draft: previous.draft,
        chain: previous.chain,
        ...(previous.replay === undefined ? {} : { replay: previous.replay }),
      });
    if (details === undefined) {
      throw new Error(`The history worker lost track of run ${request.runId}; reload the page.`);
    }
    const kept = previous?.transitions ?? [];
    let start = 0;
    while (start < kept.length && (kept[start]?.seq ?? 0) < request.firstSeq) start += 1;
    const record: WorkbenchRun = {
      ...request.header,
      ...details,
      transitions: kept.slice(start).concat(request.transitions),
    };
    if (request.full) copies.delete(request.runId);
    copies.set(request.runId, record);
    return record;
  }

  function save(request: SaveRequest) {
    let record: WorkbenchRun;
    try {
      record = apply(request);
    } catch (error) {
      reply({ id: request.id, error: toWireError(error) });
      return;
    }
    const waiting = pending.get(request.runId);
    if (waiting !== undefined) {
      // The run's write has not started yet: this save joins it.
      waiting.record = record;
      waiting.ids.push(request.id);
      return;
    }
    pending.set(request.runId, { record, ids: [request.id] });
    inOrder(async () => {
      const job = pending.get(request.runId);
      pending.delete(request.runId);
      if (job === undefined) return;
      try {
        await engine.putRun(job.record);
        changed = true;
        for (const id of job.ids) reply({ id });
      } catch (error) {
        const wire = toWireError(error);
        for (const id of job.ids) reply({ id, error: wire });
      }
    });
  }

  const answer = (id: number, work: () => Promise<unknown>) =>
    work().then(
      (value) => reply({ id, value }),
      (error: unknown) => reply({ id, error: toWireError(error) }),
    );
  /** A write: after the writes before it, and before the ones after it. */
  const write = (id: number, work: () => Promise<unknown>) => inOrder(() => answer(id, work));
  /** A read: after the writes sent before it, without holding up the ones after it. */
  const read = (id: number, work: () => Promise<unknown>) => {
    void writes.then(() => answer(id, work));
  };

  function call(request: CallRequest) {
    const { id } = request;
    switch (request.op) {
      case 'getRun':
        return read(id, async () => (await engine.getRun(request.runId)) ?? null);
      case 'listRuns':
        return read(id, () => engine.listRuns(request.filter));
      case 'count':
        return read(id, () => engine.count());
      case 'maxRuns':
        return read(id, () => engine.maxRuns());
      case 'lastPrune':
        return read(id, () => engine.lastPrune());
      case 'putRuns':
        return write(id, () => engine.putRuns(request.records));
      case 'deleteRun':
        return write(id, () => engine.deleteRun(request.runId));
      case 'clear':
        return write(id, () => engine.clear());
      case 'setMaxRuns':
        return write(id, () => engine.setMaxRuns(request.value));
      case 'forget':
        copies.delete(request.runId);
        return reply({ id });
      case 'close':
        return write(id, async () => engine.close());
    }
  }

  port.onmessage = ({ data }: { data: StoreRequest }) => {
    if (data.op === 'save') save(data);
    else call(data);
  };
}
