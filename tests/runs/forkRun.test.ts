/**
 * A replay on a fork as a run (issue 34): the record `replay/forkRun.ts` builds is a valid run
 * (the schema's optional `forkReplay`), keeps the network and version, and a run without it
 * still loads; a run file with a wrong `forkReplay` is refused by name.
 */
import type { UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { compareWithCommitted } from '../../replay/forkReplay';
import { forkRun } from '../../replay/forkRun';
import { factsOf } from '../../replay/resimulate';
import { parseRunFile, serializeRunFile } from '../../schemas/runFile';
import { sampleRun } from './sampleRuns';

const committed = {
  type: 'user_transaction',
  version: '42',
  hash: `0x${'ab'.repeat(32)}`,
  sender: `0x${'a1'.repeat(32)}`,
  sequence_number: '3',
  max_gas_amount: '50',
  gas_unit_price: '100',
  gas_used: '50',
  success: false,
  vm_status: 'Out of gas',
  payload: {
    type: 'entry_function_payload',
    function: '0x1::aptos_account::transfer',
    type_arguments: [],
    arguments: ['0xb0b', '1', { inner: '0x1' }],
  },
  events: [],
  changes: [],
} as unknown as UserTransactionResponse;

const place = {
  networkName: 'mainnet',
  chainId: 1,
  upstream: 'https://api.mainnet.aptoslabs.com/v1',
  forkVersion: '42',
};

describe('a fork replay as a run', () => {
  it('is a valid run with the network and version, identical when the facts are', () => {
    const replayed = factsOf(committed);
    const run = forkRun({
      id: 'replay-1',
      startedAt: 1,
      committed,
      replayed,
      comparison: compareWithCommitted({ committed, replayed }),
      place,
      mode: 'recorded',
      nativeFramework: ['0x1::coin::transfer'],
    });
    const [loaded] = parseRunFile(serializeRunFile([run])).runs;
    expect(loaded?.network).toEqual({
      name: 'mainnet',
      chainId: 1,
      nodeUrl: 'https://api.mainnet.aptoslabs.com/v1',
    });
    expect(loaded?.chain.version).toBe('42');
    expect(loaded?.state).toBe('failed');
    expect(loaded?.draft.payload.functionArguments).toEqual(['0xb0b', '1', '{"inner":"0x1"}']);
    expect(loaded?.forkReplay).toEqual({
      upstream: place.upstream,
      forkVersion: '42',
      version: '42',
      hash: committed.hash,
      mode: 'recorded',
      identical: true,
      nativeFramework: ['0x1::coin::transfer'],
    });
    expect(loaded?.outcome?.details.summary).toContain('identical to the committed result');
  });

  it('keeps a fix’s changes and what differs, as a retry of the replay', () => {
    const replayed = { ...factsOf(committed), success: true, vmStatus: 'Executed successfully' };
    const run = forkRun({
      id: 'fix-1',
      startedAt: 2,
      retryOf: 'replay-1',
      committed,
      replayed,
      comparison: compareWithCommitted({ committed, replayed }),
      place,
      mode: 'modified',
      changes: { maxGasAmount: '2000' },
      nativeFramework: [],
    });
    const [loaded] = parseRunFile(serializeRunFile([run])).runs;
    expect(loaded?.retryOf).toBe('replay-1');
    expect(loaded?.attempt).toBe(2);
    expect(loaded?.draft.options.maxGasAmount).toBe('2000');
    expect(loaded?.chain.hash).toBeNull();
    expect(loaded?.forkReplay).toMatchObject({
      mode: 'modified',
      changes: { maxGasAmount: '2000' },
      identical: false,
      differences: ['VM status'],
    });
  });

  it('still loads runs without it, and refuses a malformed one by its path', () => {
    expect(parseRunFile(serializeRunFile([sampleRun({ id: 'old' })])).runs).toHaveLength(1);
    const bad = { ...sampleRun({ id: 'bad' }), forkReplay: { upstream: 'x', mode: 'guess' } };
    expect(() => parseRunFile(serializeRunFile([bad as never]))).toThrow(/forkReplay/);
  });
});
