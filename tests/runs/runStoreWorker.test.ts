import { MessageChannel } from 'node:worker_threads';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { TraceTransition, WorkbenchRun } from '../../machines';
import { createRunStore, type RunStore } from '../../src/features/runs/runStore';
import { createRunStoreClient, type RunJournal } from '../../src/features/runs/runStoreClient';
import { serveRunStore } from '../../src/features/runs/runStoreHost';
import type {
  ClientPort,
  HostPort,
  SaveRequest,
  StoreRequest,
} from '../../src/features/runs/runStoreProtocol';
import { sampleRun } from './sampleRuns';

/**
 * The page's run store over the worker protocol: the client on one end of a real MessageChannel
 * (structured clone, as between a page and its worker), the host with the real Dexie store over
 * fake-indexeddb on the other.
 */

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
});

interface Rig {
  client: RunStore;
  engine: RunStore;
  factory: IDBFactory;
  /** Every request the page posted. */
  posted: StoreRequest[];
  /** How many writes reached the Dexie store. */
  engineSaves: () => number;
  /** Makes the Dexie store's next `count` saves fail as a full disk would. */
  failNext: (count: number) => void;
}

function rig(name = 'runs', options: Parameters<typeof createRunStoreClient>[1] = {}): Rig {
  const factory = new IDBFactory();
  const engine = createRunStore({ name, indexedDB: factory, keyRange: IDBKeyRange });
  let saves = 0;
  let failures = 0;
  const flaky: RunStore = {
    ...engine,
    putRun: async (record) => {
      saves += 1;
      if (failures > 0) {
        failures -= 1;
        const error = new Error('The quota has been exceeded.');
        error.name = 'QuotaExceededError';
        throw error;
      }
      await engine.putRun(record);
    },
  };
  const { port1, port2 } = new MessageChannel();
  serveRunStore(port1 as unknown as HostPort, flaky);
  const posted: StoreRequest[] = [];
  const page: ClientPort = {
    postMessage: (message) => {
      posted.push(message);
      port2.postMessage(message);
    },
    set onmessage(handler: ClientPort['onmessage']) {
      // Node's MessagePort takes `onmessage` as the browser's does; its types do not say so.
      (port2 as unknown as ClientPort).onmessage = handler;
    },
    get onmessage() {
      return null;
    },
  };
  const client = createRunStoreClient(page, options);
  cleanups.push(() => {
    engine.close();
    port1.close();
    port2.close();
  });
  return {
    client,
    engine,
    factory,
    posted,
    engineSaves: () => saves,
    failNext: (count) => (failures = count),
  };
}

const step = (seq: number, target = `step${seq}`): TraceTransition => ({
  seq,
  atMs: seq * 3,
  event: { type: 'xstate.done.actor.step' },
  source: 'building',
  target,
  eventless: false,
});

/** The record after `count` transitions, as the recorder hands it over (a fresh copy each time). */
function liveRecord(id: string, count: number, chainHash: string | null = null): WorkbenchRun {
  const base = sampleRun({ id });
  return {
    ...structuredClone(base),
    transitions: Array.from({ length: count }, (_, index) => step(index + 1)),
    state: `step${count}`,
    chain: { ...base.chain, hash: chainHash },
  };
}

/** A second Dexie store on the same database: what a reload of the page would read. */
function reopened(r: Rig, name = 'runs'): RunStore {
  const store = createRunStore({ name, indexedDB: r.factory, keyRange: IDBKeyRange });
  cleanups.push(() => store.close());
  return store;
}

const saves = (r: Rig) => r.posted.filter((m): m is SaveRequest => m.op === 'save');

describe('run store through its worker (protocol over a MessageChannel, Dexie over fake-indexeddb)', () => {
  it('sends only what changed: the header and the new transitions, the details when they changed', async () => {
    const r = rig();
    await r.client.putRun(liveRecord('a', 2));
    await r.client.putRun(liveRecord('a', 3));
    await r.client.putRun(liveRecord('a', 4, '0xabc'));
    const [first, second, third] = saves(r);
    expect(first?.full).toBe(true);
    expect(first?.transitions.map((t) => t.seq)).toEqual([1, 2]);
    expect(first?.details).not.toBeNull();
    expect(second?.full).toBe(false);
    expect(second?.transitions.map((t) => t.seq)).toEqual([3]);
    expect(second?.details).toBeNull();
    expect(third?.transitions.map((t) => t.seq)).toEqual([4]);
    expect(third?.details?.chain.hash).toBe('0xabc');
    expect(await reopened(r).getRun('a')).toEqual(liveRecord('a', 4, '0xabc'));
  });

  it('keeps every transition, in order, when many arrive faster than the writes commit', async () => {
    const r = rig();
    const pending: Promise<void>[] = [];
    for (let count = 1; count <= 300; count += 1) {
      pending.push(r.client.putRun(liveRecord('fast', count, count >= 150 ? '0xfeed' : null)));
      // A second run interleaved with the first.
      if (count % 3 === 0) pending.push(r.client.putRun(liveRecord('other', count / 3)));
    }
    await Promise.all(pending);
    // Saves that arrived while a write was committing joined the next one (no timer).
    expect(r.engineSaves()).toBeLessThan(pending.length);
    const stored = await reopened(r).getRun('fast');
    expect(stored?.transitions.map((t) => t.seq)).toEqual(
      Array.from({ length: 300 }, (_, index) => index + 1),
    );
    expect(stored?.state).toBe('step300');
    expect(stored?.chain.hash).toBe('0xfeed');
    expect((await reopened(r).getRun('other'))?.transitions).toHaveLength(100);
  });

  it('answers a read after the writes sent before it', async () => {
    const r = rig();
    void r.client.putRun(liveRecord('a', 1));
    void r.client.putRun(liveRecord('a', 2));
    const read = await r.client.getRun('a');
    expect(read?.transitions).toHaveLength(2);
    expect(await r.client.count()).toBe(1);
    expect((await r.client.listRuns())[0]?.id).toBe('a');
  });

  it('surfaces a failed write with its name and loses nothing: the next save writes it again', async () => {
    const r = rig();
    await r.client.putRun(liveRecord('a', 2));
    r.failNext(1);
    const failed = r.client.putRun(liveRecord('a', 3, '0x1'));
    await expect(failed).rejects.toMatchObject({
      name: 'QuotaExceededError',
      message: 'The quota has been exceeded.',
    });
    expect((await reopened(r).getRun('a'))?.transitions).toHaveLength(2);
    // The page sent transition 3 once; the worker kept it and writes it with transition 4.
    await r.client.putRun(liveRecord('a', 4, '0x1'));
    expect(
      saves(r)
        .at(-1)
        ?.transitions.map((t) => t.seq),
    ).toEqual([4]);
    expect(await reopened(r).getRun('a')).toEqual(liveRecord('a', 4, '0x1'));
  });

  it('fails every waiting save with a clear message when the worker itself fails', async () => {
    const silent: ClientPort = {
      // A worker that never answers (its script failed to load).
      postMessage: () => undefined,
      onmessage: null,
    };
    const client = createRunStoreClient(silent);
    const first = client.putRun(liveRecord('a', 1));
    const second = client.count();
    silent.onerror?.({ message: 'Uncaught SyntaxError' });
    await expect(first).rejects.toThrow(
      "The run history's worker failed: Uncaught SyntaxError; runs may not be saved. Reload the page.",
    );
    await expect(second).rejects.toThrow(/worker failed/);
  });

  it('drops the rows of transitions the recorder dropped past its limit', async () => {
    const r = rig();
    await r.client.putRun(liveRecord('long', 3));
    const later = { ...liveRecord('long', 5), droppedTransitions: 2 };
    later.transitions = later.transitions.slice(2);
    await r.client.putRun(later);
    expect((await reopened(r).getRun('long'))?.transitions.map((t) => t.seq)).toEqual([3, 4, 5]);
  });

  it('tells subscribers after a write commits, and forwards imports, deletes and the bound', async () => {
    const r = rig();
    let changes = 0;
    r.client.subscribe(() => (changes += 1));
    await r.client.putRun(liveRecord('a', 1));
    expect(changes).toBeGreaterThanOrEqual(1);
    await r.client.putRuns([
      sampleRun({ id: 'b', startedAt: 1 }),
      sampleRun({ id: 'c', startedAt: 2 }),
    ]);
    expect(await r.client.count()).toBe(3);
    await r.client.deleteRun('b');
    await r.client.setMaxRuns(1);
    expect(await r.client.count()).toBe(1);
    expect(await r.client.maxRuns()).toBe(1);
    expect((await r.client.lastPrune())?.count).toBe(1);
    await expect(r.client.setMaxRuns(0)).rejects.toThrow(RangeError);
    await r.client.clear();
    expect(await r.client.count()).toBe(0);
    expect(changes).toBeGreaterThanOrEqual(5);
  });

  it('sends a run in full again after the page stopped tracking it (many runs)', async () => {
    const r = rig();
    for (let index = 0; index < 12; index += 1) await r.client.putRun(liveRecord(`r${index}`, 1));
    expect(r.posted.some((m) => m.op === 'forget' && m.runId === 'r0')).toBe(true);
    await r.client.putRun(liveRecord('r0', 3));
    expect(saves(r).at(-1)?.full).toBe(true);
    expect((await reopened(r).getRun('r0'))?.transitions).toHaveLength(3);
  });

  it('keeps a save the worker never confirmed in the journal when the page goes, and the next page saves it', async () => {
    // The page goes before its worker took the save (a reload a moment after a transition).
    let kept: WorkbenchRun[] = [];
    const journal: RunJournal = {
      read: () => kept,
      write: (records) => (kept = structuredClone(records)),
      clear: () => (kept = []),
    };
    let pageHide = () => {};
    const deadWorker: ClientPort = {
      postMessage: () => {},
      onmessage: null,
    };
    const first = createRunStoreClient(deadWorker, {
      journal,
      onPageHide: (keep) => (pageHide = keep),
    });
    void first.putRun(liveRecord('lost', 2));
    void first.putRun(liveRecord('lost', 3));
    pageHide();
    expect(kept.map((record) => record.transitions.length)).toEqual([3]);
    // What the teardown causes after the page went (an aborted wait ending timedOut) is not kept.
    await first.putRun(liveRecord('lost', 4));
    pageHide();
    expect(kept.map((record) => record.transitions.length)).toEqual([3]);

    // The next page hands it to its worker first; once committed the journal is empty.
    const r = rig('journal', { journal, onPageHide: () => {} });
    const next = r.client;
    expect(await next.getRun('lost')).toEqual(liveRecord('lost', 3));
    expect(kept).toEqual([]);
    expect(await reopened(r, 'journal').getRun('lost')).toEqual(liveRecord('lost', 3));
  });
});
