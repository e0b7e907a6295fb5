/// <reference lib="dom" />
import { Dexie, liveQuery } from 'dexie';
import { createRunStore } from '../../src/features/runs/runStore.ts';
import { nextLiveRecord, realisticRun, RUN_LENGTH, SAVES, STORED } from '../historyWorkload.ts';
import type { HistoryBench } from './historySaves.ts';

/**
 * Loaded last by the `history-browser` page (`/direct.js`; it brings Dexie into the page, which
 * the worker phases must not have): the Dexie store in the page itself, the design before the
 * worker, timed the same way, and a check that a liveQuery in the page sees the worker's writes.
 */

/** Each direct save: time in the call, and until its transaction committed (ms). */
export interface DirectTimings {
  call: number[];
  commit: number[];
}

let store: ReturnType<typeof createRunStore> | null = null;

async function fillDirect(): Promise<void> {
  store = createRunStore({ name: 'bench-direct' });
  await store.putRuns(
    Array.from({ length: STORED }, (_, index) => realisticRun(`stored-${index}`, index)),
  );
}

/** Each save awaited; an async putRun returns before its work (microtasks), so `call` is ~0. */
async function timeDirectSaves(): Promise<DirectTimings> {
  if (store === null) throw new Error('fillDirect() must run first.');
  const timings: DirectTimings = { call: [], commit: [] };
  let live = realisticRun('live-0', STORED + 1);
  for (let save = 0; save < SAVES; save += 1) {
    live = nextLiveRecord(save, live);
    // The recorder hands over a fresh copy per transition (no part shared with the last save).
    const copy = structuredClone(live);
    const started = performance.now();
    const committed = store.putRun(copy);
    const called = performance.now();
    await committed;
    timings.commit.push(performance.now() - started);
    timings.call.push(called - started);
    if (save % RUN_LENGTH === 0) await store.lastPrune();
  }
  store.close();
  return timings;
}

/** Whether a liveQuery in the page sees a run the worker wrote (Dexie's BroadcastChannel). */
async function liveQueryFromWorker(): Promise<{ propagated: boolean; ms: number }> {
  const bench = (globalThis as { historyBench?: HistoryBench }).historyBench;
  if (bench === undefined) throw new Error('The bench page did not load its script.');
  const db = new Dexie('transaction-workbench-runs');
  await db.open();
  const id = `watched-${Date.now()}`;
  let found = false;
  let emitted = false;
  let wake: () => void = () => undefined;
  // The header row of a run the worker is about to write (pruning leaves the newest alone).
  const subscription = liveQuery(() => db.table('entries').get([id, 0])).subscribe((row) => {
    emitted = true;
    found ||= row !== undefined;
    wake();
  });
  const until = async (done: () => boolean, deadline: number) => {
    while (!done() && performance.now() < deadline) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  };
  try {
    await until(() => emitted, performance.now() + 3000);
    const started = performance.now();
    await bench.saveOne(id);
    await until(() => found, started + 3000);
    return { propagated: found, ms: performance.now() - started };
  } finally {
    subscription.unsubscribe();
    db.close();
  }
}

/** The direct page's phases. */
export interface HistoryDirect {
  fillDirect: typeof fillDirect;
  timeDirectSaves: typeof timeDirectSaves;
  liveQueryFromWorker: typeof liveQueryFromWorker;
}

(globalThis as { historyDirect?: HistoryDirect }).historyDirect = {
  fillDirect,
  timeDirectSaves,
  liveQueryFromWorker,
};
