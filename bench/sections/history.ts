import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { emptyTiming, type JsonValue, type WorkbenchRun } from '../../machines/index.ts';
import { createRunStore } from '../../src/features/runs/runStore.ts';
import type { BenchSection } from '../types.ts';

const STORED = 1000;
const SAVES = 2000;

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

/**
 * Saving a transition of a live run (one `putRun` of its whole record) with 1,000 runs stored,
 * through the History's own Dexie code over fake-indexeddb (an in-memory IndexedDB in Node).
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
    const live = realisticRun('live', STORED + 1);
    await store.putRun(live);
    const durations: number[] = [];
    for (let save = 0; save < SAVES; save += 1) {
      live.transitions.push({ ...live.transitions[1], seq: live.transitions.length + 1 });
      if (live.transitions.length > 40) live.transitions.splice(1, 30);
      const started = performance.now();
      await store.putRun(live);
      durations.push(performance.now() - started);
    }
    const stored = await store.count();
    store.close();
    const sorted = durations.slice(200).sort((a, b) => a - b);
    const round = (value: number) => Math.round(value * 1000) / 1000;
    return {
      metrics: [
        { name: 'save a transition p50', value: round(percentile(sorted, 50)), unit: 'ms' },
        {
          name: 'save a transition p99',
          value: round(percentile(sorted, 99)),
          unit: 'ms',
          target: { op: '<=', value: 1 },
        },
        { name: 'runs stored', value: stored, unit: 'runs' },
      ],
      notes: [
        `${SAVES} saves (the first 200 warm up), each one put of the whole record (${JSON.stringify(live).length} bytes).`,
        'fake-indexeddb stands in for the browser’s IndexedDB; Chromium adds its own commit latency.',
      ],
    };
  },
};
