import {
  emptyTiming,
  RUN_RECORD_SCHEMA_VERSION,
  type JsonValue,
  type WorkbenchRun,
} from '../machines/index.ts';

/**
 * The history bench's workload, shared by the Node section (`sections/history.ts`, over
 * fake-indexeddb) and the Chromium page (`browser/historySaves.ts`, the browser's IndexedDB), so
 * both save the same records in the same order. No Node built-ins: it is bundled for the page.
 */

/** Runs stored before the timed saves. */
export const STORED = 1000;
/** Saves timed, the first {@link WARM_UP} of them not counted. */
export const SAVES = 2000;
export const WARM_UP = 200;
/** Transitions of one typical run (build, simulate, sign, submit, wait: about a dozen). */
export const RUN_LENGTH = 12;

/** A committed transfer's size: write set, events and the SDK answers a real run keeps. */
export function realisticRun(id: string, startedAt: number): WorkbenchRun {
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
    schemaVersion: RUN_RECORD_SCHEMA_VERSION,
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

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A later transition of a run (building → built), copied with a new `seq`. */
export const TEMPLATE = realisticRun('template', 0).transitions[1];

/**
 * The record a live run passes to its `save`-th save: a new run every {@link RUN_LENGTH} saves
 * (one transition, state `building`), else the previous record with one transition appended and
 * its small parts changed (and the chain facts on a few steps), as the recorder does.
 */
export function nextLiveRecord(save: number, previous: WorkbenchRun): WorkbenchRun {
  const step = save % RUN_LENGTH;
  if (step === 0) {
    const live = realisticRun(`live-${save}`, STORED + 1 + save);
    live.transitions = live.transitions.slice(0, 1);
    live.state = 'building';
    return live;
  }
  const live = previous;
  live.transitions.push({ ...TEMPLATE, seq: step + 1, atMs: step * 7 });
  live.state = step % 2 === 0 ? 'simulating' : 'simulated.success';
  live.timing.current = { state: live.state, since: step * 7 };
  // The chain facts change on a few steps (built, simulated, committed).
  if (step % 4 === 0) live.chain = { ...live.chain, version: String(1234 + step) };
  return live;
}
