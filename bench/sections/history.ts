import { PerformanceObserver } from 'node:perf_hooks';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRunStore } from '../../src/features/runs/runStore.ts';
import {
  nextLiveRecord,
  percentile,
  realisticRun,
  RUN_LENGTH,
  SAVES,
  STORED,
  TEMPLATE,
  WARM_UP,
} from '../historyWorkload.ts';
import type { BenchSection } from '../types.ts';

/** Transitions of the long run (the recorder keeps at most 1,000). */
const LONG_RUN = 1000;

/**
 * Saving a transition of a live run with 1,000 runs stored, through the History's own Dexie code
 * over fake-indexeddb (an in-memory IndexedDB in Node). As in the app, each save passes the whole
 * record; the store appends the new transition, rewrites the small header, and the details only
 * when they changed. Live runs follow one another, so the first save of each (and its pruning of
 * the oldest run) is measured too.
 */
export const historySection: BenchSection = {
  name: 'history',
  description: `saving a transition of a live run with ${STORED} runs stored (Dexie over fake-indexeddb)`,
  async run() {
    const store = createRunStore({
      name: 'bench',
      indexedDB: new IDBFactory(),
      keyRange: IDBKeyRange,
    });
    const runs = Array.from({ length: STORED }, (_, index) =>
      realisticRun(`stored-${index}`, index),
    );
    await store.putRuns(runs);
    const durations: number[] = [];
    const cpuTimes: number[] = [];
    /** Pauses of the young-generation collector (scavenges) during the timed saves. */
    const scavenges: number[] = [];
    let timing = false;
    const gc = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
        if (timing && kind === 1) scavenges.push(entry.duration);
      }
    });
    gc.observe({ entryTypes: ['gc'] });
    let live = realisticRun('live-0', STORED + 1);
    let size = 0;
    for (let save = 0; save < SAVES; save += 1) {
      const step = save % RUN_LENGTH;
      live = nextLiveRecord(save, live);
      timing = save >= WARM_UP;
      const cpu = process.cpuUsage();
      const started = performance.now();
      await store.putRun(live);
      durations.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      cpuTimes.push((used.user + used.system) / 1000);
      // A new run's next transition waits for the network (building fetches the sequence number
      // and the ABI); the pruning its first save queued runs then, as it does in the app.
      if (step === 0) await store.lastPrune();
    }
    timing = false;
    await new Promise((resolve) => setTimeout(resolve, 50));
    gc.disconnect();
    size = JSON.stringify(live).length;
    // One long run: 1,000 transitions (the recorder's limit), each save passing the whole record.
    const long = realisticRun('long', STORED + SAVES + 10);
    long.transitions = long.transitions.slice(0, 1);
    const longDurations: number[] = [];
    for (let seq = 2; seq <= LONG_RUN; seq += 1) {
      long.transitions.push({ ...TEMPLATE, seq, atMs: seq * 7 });
      const started = performance.now();
      await store.putRun(long);
      longDurations.push(performance.now() - started);
    }
    const longSorted = longDurations.sort((a, b) => a - b);
    const stored = await store.count();
    store.close();
    const sorted = durations.slice(WARM_UP).sort((a, b) => a - b);
    const cpuSorted = cpuTimes.slice(WARM_UP).sort((a, b) => a - b);
    const round = (value: number) => Math.round(value * 1000) / 1000;
    const scavengeMs = scavenges.reduce((sum, ms) => sum + ms, 0);
    return {
      metrics: [
        { name: 'save a transition p50', value: round(percentile(sorted, 50)), unit: 'ms' },
        {
          name: 'save a transition p99',
          value: round(percentile(sorted, 99)),
          unit: 'ms',
          target: { op: '<=', value: 1 },
        },
        { name: 'save a transition p90', value: round(percentile(sorted, 90)), unit: 'ms' },
        {
          name: 'saves over 1 ms',
          value: sorted.filter((ms) => ms > 1).length,
          unit: `of ${sorted.length}`,
        },
        { name: 'CPU per save p99', value: round(percentile(cpuSorted, 99)), unit: 'ms' },
        { name: 'scavenges during the saves', value: scavenges.length, unit: 'pauses' },
        {
          name: 'scavenge pause mean',
          value: round(scavenges.length === 0 ? 0 : scavengeMs / scavenges.length),
          unit: 'ms',
        },
        {
          name: 'long run: save p50',
          value: round(percentile(longSorted, 50)),
          unit: 'ms',
        },
        {
          name: 'long run: save p99',
          value: round(percentile(longSorted, 99)),
          unit: 'ms',
        },
        { name: 'runs stored', value: stored, unit: 'runs' },
      ],
      notes: [
        `${SAVES} saves (the first ${WARM_UP} warm up) of live runs of ${RUN_LENGTH} transitions, records up to ${size} bytes; a save is one bulkPut of the header, the new transition, and the details only when they changed.`,
        `Long run: one run saved after each of its ${LONG_RUN} transitions (the recorder's limit), where rewriting the whole record grows with the run.`,
        'A run over the bound is pruned after its first save, while its next step waits for the network (the bench waits for the store then, untimed).',
        'The tail is the machine, not the save: a save that meets a scavenge takes that pause, and on a loaded machine a pause or a preemption by another process lasts 10–60 ms, which is what the p99 shows.',
        'fake-indexeddb stands in for the browser’s IndexedDB (its rows live on the JS heap there, not in the browser); Chromium adds its own commit latency.',
      ],
    };
  },
};
