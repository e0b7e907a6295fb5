import { PerformanceObserver } from 'node:perf_hooks';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { emptyTiming, type JsonValue, type WorkbenchRun } from '../../machines/index.ts';
import { createRunStore } from '../../src/features/runs/runStore.ts';
import type { BenchSection } from '../types.ts';

const STORED = 1000;
const SAVES = 2000;
const WARM_UP = 200;
/** Transitions of the long run (the recorder keeps at most 1,000). */
const LONG_RUN = 1000;

/** A committed transfer's size: write set, events and the SDK answers a real run keeps. */
function realisticRun(id: string, startedAt: number): WorkbenchRun {
  const change = (index: number): JsonValue => ({
    type: 'write_resource',
    address: `0x${index.toString(16).padStart(64, '0')}`,
    state_key_hash: `0x${'ab'.repeat(32)}`,
    data: {
      type: '0x1::fungible_asset::FungibleStore',
      data: { balance: '999878600', frozen: false, metadata: { inner: '0xa' } },
    },
  });
  const event = (index: number): JsonValue => ({
    guid: { creation_number: '0', account_address: '0x0' },
    sequence_number: '0',
    type: '0x1::fungible_asset::Deposit',
    data: { store: `0x${index.toString(16).padStart(64, '0')}`, amount: '1000' },
  });
  const changes = Array.from({ length: 6 }, (_, index) => change(index));
  const events = Array.from({ length: 3 }, (_, index) => event(index));
  const response = {
    success: true,
    vm_status: 'Executed successfully',
    gas_used: '12',
    events,
    changes,
    hash: `0x${'cd'.repeat(32)}`,
  };
  const draft = {
    sender: `0x${'a1'.repeat(32)}`,
    payload: {
      function: '0x1::aptos_account::transfer' as const,
      typeArguments: [],
      functionArguments: [`0x${'b0'.repeat(32)}`, '1000'],
    },
    options: { maxGasAmount: '2000' },
  };
  return {
    schemaVersion: 1,
    id,
    retryOf: null,
    attempt: 1,
    network: { name: 'local', chainId: 4, nodeUrl: 'http://127.0.0.1:8080/v1' },
    draft,
    startedAt,
    transitions: Array.from({ length: 10 }, (_, index) => ({
      seq: index + 1,
      atMs: index * 7,
      event: { type: index === 0 ? 'xstate.init' : 'xstate.done.actor.buildTransaction' },
      source: index === 0 ? null : 'building',
      target: 'built',
      eventless: false,
    })),
    droppedTransitions: 0,
    chain: {
      built: null,
      rawTransactionHex: `0x${'00'.repeat(180)}`,
      simulation: {
        success: true,
        vmStatus: 'Executed successfully',
        gasUsed: '12',
        gasUnitPrice: '100',
        events,
        changes,
      },
      hash: `0x${'cd'.repeat(32)}`,
      version: '1234',
      success: true,
      vmStatus: 'Executed successfully',
      gasUsed: '12',
      events,
      changes,
    },
    walletRequests: [{ request: 'signTransaction', status: 'APPROVED', attempt: 1 }],
    outcome: null,
    state: 'committed',
    tags: ['outcome'],
    timing: emptyTiming(),
    replay: {
      input: { draft, signingMode: 'sign' },
      answers: [
        { actor: 'simulateTransaction', output: [response] },
        { actor: 'waitForTransaction', output: response },
      ],
    },
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Transitions of one typical run (build, simulate, sign, submit, wait: about a dozen). */
const RUN_LENGTH = 12;

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
    const template = live.transitions[1];
    let size = 0;
    for (let save = 0; save < SAVES; save += 1) {
      const step = save % RUN_LENGTH;
      if (step === 0) {
        live = realisticRun(`live-${save}`, STORED + 1 + save);
        live.transitions = live.transitions.slice(0, 1);
        live.state = 'building';
      } else {
        live.transitions.push({ ...template, seq: step + 1, atMs: step * 7 });
        live.state = step % 2 === 0 ? 'simulating' : 'simulated.success';
        live.timing.current = { state: live.state, since: step * 7 };
        // The chain facts change on a few steps (built, simulated, committed).
        if (step % 4 === 0) live.chain = { ...live.chain, version: String(1234 + step) };
      }
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
      long.transitions.push({ ...template, seq, atMs: seq * 7 });
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
