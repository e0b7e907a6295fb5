import type { WorkbenchRun } from '../../machines';
import { emptyTiming, RUN_RECORD_SCHEMA_VERSION } from '../../machines';

/** A small valid run record for store and file tests. */
export function sampleRun(overrides: Partial<WorkbenchRun> & { id: string }): WorkbenchRun {
  const draft = {
    sender: '0xa11ce',
    payload: {
      function: '0x1::aptos_account::transfer' as const,
      typeArguments: [],
      functionArguments: ['0xb0b', '1000'],
    },
    options: { maxGasAmount: '2000' },
  };
  return {
    schemaVersion: RUN_RECORD_SCHEMA_VERSION,
    retryOf: null,
    attempt: 1,
    network: { name: 'local', chainId: 4, nodeUrl: 'http://127.0.0.1:8080/v1' },
    draft,
    startedAt: 1_700_000_000_000,
    transitions: [
      {
        seq: 1,
        atMs: 0,
        event: { type: 'xstate.init' },
        source: null,
        target: 'editing',
        eventless: false,
      },
      {
        seq: 2,
        atMs: 4,
        event: { type: 'run' },
        source: 'editing',
        target: 'building',
        eventless: false,
      },
    ],
    droppedTransitions: 0,
    chain: {
      built: null,
      rawTransactionHex: null,
      simulation: null,
      hash: null,
      version: null,
      success: null,
      vmStatus: null,
      gasUsed: null,
      events: [],
      changes: [],
    },
    walletRequests: [],
    outcome: null,
    state: 'building',
    tags: ['busy'],
    timing: emptyTiming(),
    replay: { input: { draft, signingMode: 'sign' }, answers: [] },
    ...overrides,
  };
}
