/// <reference lib="dom" />
import { createRunStore } from '../../src/features/runs/runStore.ts';
import { nextLiveRecord, realisticRun, RUN_LENGTH, SAVES, STORED } from '../historyWorkload.ts';

/**
 * The Chromium half of `npm run bench history-browser`: bundled by Vite and run in a page served
 * from 127.0.0.1, so the History's own run store (Dexie) writes to the browser's real IndexedDB.
 * Node calls its phases (`historyBench.fillHistory()`, `timeSaves()`, `floors()`) through
 * `page.evaluate` and gets the raw timings back.
 */

/** What the page hands back to Node: every save's duration in ms, in order. */
export interface HistorySavesResult {
  saves: number[];
  /** Bare IndexedDB commits of one small row, per durability hint, for the floor under a save. */
  bareCommits: Record<'default' | 'relaxed' | 'strict', number[]>;
  /** Dexie's own bulkPut of one small row (default durability). */
  dexiePuts: number[];
  stored: number;
  recordBytes: number;
  crossOriginIsolated: boolean;
  userAgent: string;
}

const BARE_COMMITS = 300;

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

let store: ReturnType<typeof createRunStore> | null = null;

/** Phase 1: the history filled with {@link STORED} runs (one import). */
async function fillHistory(): Promise<void> {
  store = createRunStore({ name: 'bench-history' });
  await store.putRuns(
    Array.from({ length: STORED }, (_, index) => realisticRun(`stored-${index}`, index)),
  );
}

/** Phase 2: the timed saves; Node reads the renderer's main-thread time around this phase. */
async function timeSaves(): Promise<{ saves: number[]; recordBytes: number }> {
  if (store === null) throw new Error('fillHistory() must run first.');
  const saves: number[] = [];
  let live = realisticRun('live-0', STORED + 1);
  for (let save = 0; save < SAVES; save += 1) {
    live = nextLiveRecord(save, live);
    const started = performance.now();
    await store.putRun(live);
    saves.push(performance.now() - started);
    // As in the Node section: the pruning a new run's first save queued runs while its next step
    // waits for the network, untimed.
    if (save % RUN_LENGTH === 0) await store.lastPrune();
  }
  return { saves, recordBytes: JSON.stringify(live).length };
}

/** Phase 3: the floors under a save, and the count. */
async function floors(): Promise<Omit<HistorySavesResult, 'saves' | 'recordBytes'>> {
  if (store === null) throw new Error('fillHistory() must run first.');
  const stored = await store.count();
  store.close();

  const bare = await openBare('bench-bare');
  const bareCommits: HistorySavesResult['bareCommits'] = { default: [], relaxed: [], strict: [] };
  for (let round = 0; round < BARE_COMMITS; round += 1) {
    // Interleaved, so the machine's load falls on the three alike.
    for (const durability of ['default', 'relaxed', 'strict'] as const) {
      const started = performance.now();
      await bareCommit(bare, round, durability);
      bareCommits[durability].push(performance.now() - started);
    }
  }
  bare.close();

  const dexieStore = createRunStore({ name: 'bench-dexie-put' });
  // The header row alone, through the same Dexie bulkPut path (a run seen for the first time).
  const dexiePuts: number[] = [];
  const one = realisticRun('one', 1);
  one.transitions = one.transitions.slice(0, 1);
  await dexieStore.putRun(one);
  for (let round = 0; round < BARE_COMMITS; round += 1) {
    one.state = round % 2 === 0 ? 'simulating' : 'simulated.success';
    const started = performance.now();
    await dexieStore.putRun(one);
    dexiePuts.push(performance.now() - started);
  }
  dexieStore.close();

  return {
    bareCommits,
    dexiePuts,
    stored,
    crossOriginIsolated: globalThis.crossOriginIsolated,
    userAgent: navigator.userAgent,
  };
}

/** The page's phases, called one by one from Node. */
export interface HistoryBench {
  fillHistory: typeof fillHistory;
  timeSaves: typeof timeSaves;
  floors: typeof floors;
}

(globalThis as { historyBench?: HistoryBench }).historyBench = { fillHistory, timeSaves, floors };
