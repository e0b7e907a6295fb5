/// <reference lib="dom" />
import type { WorkbenchRun } from '../../machines/index.ts';
import { createRunStoreClient } from '../../src/features/runs/runStoreClient.ts';
import type { ClientPort } from '../../src/features/runs/runStoreProtocol.ts';
import { nextLiveRecord, realisticRun, RUN_LENGTH, SAVES, STORED } from '../historyWorkload.ts';

/**
 * The Chromium half of `npm run bench history-browser`: bundled by Vite and run in a page served
 * from 127.0.0.1, with the app's own run store as the app has it: the page's client
 * (`runStoreClient.ts`, no Dexie in the page) and the app's worker (`runStore.worker.ts`, served
 * as `/worker.js`) writing to the browser's real IndexedDB. Node calls its phases
 * (`historyBench.fillHistory()`, `timeSaves()`, `burst()`, `floors()`) through `page.evaluate`
 * and gets the raw timings back. `historySavesDirect.ts` (`/direct.js`, loaded last) times the
 * Dexie store in the page, the design before the worker, for comparison.
 */

/** Every save of the timed phase, in order (ms). */
export interface SaveTimings {
  /** Time in `putRun` itself: the diff and the `postMessage` (what the recorder's save pays). */
  call: number[];
  /** Time in the page's handler of the worker's answer to that save. */
  reply: number[];
  /** From the call to the promise settling: the worker's transaction has committed. */
  commit: number[];
  recordBytes: number;
}

/** What the page hands back for the floors and checks. */
export interface FloorResult {
  /** Bare IndexedDB commits of one small row, per durability hint, for the floor under a save. */
  bareCommits: Record<'default' | 'relaxed' | 'strict', number[]>;
  stored: number;
  crossOriginIsolated: boolean;
  userAgent: string;
}

/** Whole runs handed over as fast as the recorder can (no await between saves). */
export interface BurstResult {
  saves: number;
  /** `putRun` call times (ms). */
  call: number[];
  /** From the first call to the last commit (ms). */
  totalMs: number;
  /** Transitions read back, against those handed over. */
  storedTransitions: number;
  expectedTransitions: number;
}

const BARE_COMMITS = 300;
const BURST_RUNS = 20;

function openBare(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('rows');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`could not open ${name}`));
  });
}

/** One readwrite transaction putting one row, resolved on `complete` (what Dexie awaits). */
function bareCommit(
  db: IDBDatabase,
  key: number,
  durability: IDBTransactionDurability,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction('rows', 'readwrite', { durability });
    tx.objectStore('rows').put({ key, state: 'simulating', atMs: key * 7 }, key);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('transaction failed'));
  });
}

/** Time the page spends in the client's message handler, summed. */
let replyMs = 0;

/** The app's worker, with the page's handler of its messages timed. */
function timedWorker(): ClientPort {
  const worker = new Worker('/worker.js', { name: 'run-history' });
  return {
    postMessage: (message) => worker.postMessage(message),
    set onmessage(handler: ClientPort['onmessage']) {
      worker.onmessage =
        handler &&
        ((event: MessageEvent) => {
          const started = performance.now();
          handler(event as Parameters<NonNullable<ClientPort['onmessage']>>[0]);
          replyMs += performance.now() - started;
        });
    },
    get onmessage() {
      return null;
    },
    terminate: () => worker.terminate(),
  };
}

let store: ReturnType<typeof createRunStoreClient> | null = null;
const opened = () => {
  if (store === null) throw new Error('fillHistory() must run first.');
  return store;
};

/** Phase 1: the history filled with {@link STORED} runs (one import). */
async function fillHistory(): Promise<void> {
  store = createRunStoreClient(timedWorker());
  await store.putRuns(
    Array.from({ length: STORED }, (_, index) => realisticRun(`stored-${index}`, index)),
  );
}

/** Phase 2: the timed saves, each awaited; Node reads the renderer's main-thread time around it. */
async function timeSaves(): Promise<SaveTimings> {
  const runs = opened();
  const timings: SaveTimings = { call: [], reply: [], commit: [], recordBytes: 0 };
  let live = realisticRun('live-0', STORED + 1);
  for (let save = 0; save < SAVES; save += 1) {
    live = nextLiveRecord(save, live);
    // The recorder hands over a fresh copy per transition (no part shared with the last save).
    const copy = structuredClone(live);
    const replyBefore = replyMs;
    const started = performance.now();
    const committed = runs.putRun(copy);
    const called = performance.now();
    await committed;
    timings.commit.push(performance.now() - started);
    timings.call.push(called - started);
    timings.reply.push(replyMs - replyBefore);
    // As in the Node section: the pruning a new run's first save queued runs while its next step
    // waits for the network, untimed.
    if (save % RUN_LENGTH === 0) await runs.lastPrune();
  }
  timings.recordBytes = JSON.stringify(live).length;
  return timings;
}

/** Phase 3: whole runs handed over without waiting, then every transition read back. */
async function burst(): Promise<BurstResult> {
  const runs = opened();
  const call: number[] = [];
  const pending: Promise<void>[] = [];
  const last: WorkbenchRun[] = [];
  const started = performance.now();
  let live = realisticRun('burst-seed', 0);
  for (let save = 0; save < BURST_RUNS * RUN_LENGTH; save += 1) {
    live = nextLiveRecord(save, live);
    live.id = `burst-${Math.floor(save / RUN_LENGTH)}`;
    // The recorder hands over a fresh copy per transition; so does the burst.
    const copy = structuredClone(live);
    const before = performance.now();
    pending.push(runs.putRun(copy));
    call.push(performance.now() - before);
    if (save % RUN_LENGTH === RUN_LENGTH - 1) last.push(copy);
  }
  await Promise.all(pending);
  const totalMs = performance.now() - started;
  let storedTransitions = 0;
  for (const record of last)
    storedTransitions += (await runs.getRun(record.id))?.transitions.length ?? 0;
  return {
    saves: pending.length,
    call,
    totalMs,
    storedTransitions,
    expectedTransitions: last.reduce((sum, record) => sum + record.transitions.length, 0),
  };
}

/** Phase 4: the floors under a save, and the count. */
async function floors(): Promise<FloorResult> {
  const stored = await opened().count();
  const bare = await openBare('bench-bare');
  const bareCommits: FloorResult['bareCommits'] = { default: [], relaxed: [], strict: [] };
  for (let round = 0; round < BARE_COMMITS; round += 1) {
    // Interleaved, so the machine's load falls on the three alike.
    for (const durability of ['default', 'relaxed', 'strict'] as const) {
      const started = performance.now();
      await bareCommit(bare, round, durability);
      bareCommits[durability].push(performance.now() - started);
    }
  }
  bare.close();
  return {
    bareCommits,
    stored,
    crossOriginIsolated: globalThis.crossOriginIsolated,
    userAgent: navigator.userAgent,
  };
}

/** Saves a new run through the worker (the direct page watches for it with a liveQuery). */
async function saveOne(id: string): Promise<void> {
  const record = realisticRun(id, Date.now());
  record.transitions = record.transitions.slice(0, 1);
  await opened().putRun(record);
}

/** The page's phases, called one by one from Node. */
export interface HistoryBench {
  fillHistory: typeof fillHistory;
  timeSaves: typeof timeSaves;
  burst: typeof burst;
  floors: typeof floors;
  saveOne: typeof saveOne;
}

(globalThis as { historyBench?: HistoryBench }).historyBench = {
  fillHistory,
  timeSaves,
  burst,
  floors,
  saveOne,
};
