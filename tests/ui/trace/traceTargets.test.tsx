/**
 * Each place that shows a transaction's tabs asks the Trace tab for what it can trace: History's
 * run by its committed version on the run's network, Compose's simulation by its built bytes.
 */
import {
  AccountAddress,
  ChainId,
  EntryFunction,
  RawTransaction,
  SimpleTransaction,
  TransactionPayloadEntryFunction,
  U64,
} from '@aptos-labs/ts-sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toHex } from '../../../chainActors';
import type { BuiltTransaction } from '../../../machines';
import { RunResults } from '../../../src/features/compose/results/ResultsPanel';
import { RunDetail } from '../../../src/features/history/RunDetail';
import { resultsData } from '../../../src/features/history/runView';
import { createRunStore } from '../../../src/features/runs/runStore';
import { threeFrameAbort } from '../../fixtures/moveTraces';
import { sampleRun } from '../../runs/sampleRuns';
import { render, screen, userEvent } from '../../test-utils/render';

const local = { kind: 'local', fullnode: 'http://127.0.0.1:8080/v1' };

function committedRun(network: { name: string; nodeUrl: string }) {
  return sampleRun({
    id: `committed-${network.name}`,
    state: 'failed',
    tags: ['outcome'],
    network: { ...network, chainId: 4 },
    chain: {
      ...sampleRun({ id: 'x' }).chain,
      hash: `0x${'ab'.repeat(32)}`,
      version: '7',
      success: false,
      vmStatus: 'Move abort in 0xcafe::pricing: E_PRICE_TOO_LOW(0x10003)',
      gasUsed: '32',
    },
  });
}

function stubTrace() {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(threeFrameAbort())),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The first request: its URL and JSON body. */
function firstCall(fetch: ReturnType<typeof stubTrace>): { url: string; body: unknown } {
  const [url, init] = fetch.mock.calls[0] ?? ['', undefined];
  return { url, body: JSON.parse(String(init?.body)) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('what each place asks the Trace tab for', () => {
  it('History: a committed run by its version, on the run’s node', async () => {
    const user = userEvent.setup();
    const fetch = stubTrace();
    const record = committedRun({ name: 'local', nodeUrl: 'http://127.0.0.1:8080/v1' });
    render(
      <RunDetail record={record} store={createRunStore({ name: 'trace-a' })} retriedBy={[]} />,
    );
    await user.click(screen.getByRole('tab', { name: 'Trace' }));
    expect(await screen.findByRole('tree', { name: 'Call tree, 4 frames' })).toBeVisible();
    expect(firstCall(fetch)).toEqual({
      url: 'http://127.0.0.1:8080/workbench/trace',
      body: { version: '7' },
    });
  });

  it('History: a run on testnet says tracing needs the embedded chain, and asks nothing', async () => {
    const user = userEvent.setup();
    const fetch = stubTrace();
    const record = committedRun({
      name: 'testnet',
      nodeUrl: 'https://api.testnet.aptoslabs.com/v1',
    });
    render(
      <RunDetail record={record} store={createRunStore({ name: 'trace-b' })} retriedBy={[]} />,
    );
    await user.click(screen.getByRole('tab', { name: 'Trace' }));
    expect(await screen.findByText('Tracing needs the embedded chain')).toBeVisible();
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/workbench/trace'))).toEqual(
      [],
    );
  });

  it('Compose: a simulation by its built bytes, signature zeroed, no version', async () => {
    const user = userEvent.setup();
    const fetch = stubTrace();
    const sender = AccountAddress.from('0xb0b', { maxMissingChars: 63 });
    const raw = new RawTransaction(
      sender,
      3n,
      new TransactionPayloadEntryFunction(
        EntryFunction.build(
          `0x${'cafe'.padStart(64, '0')}::market`,
          'place_order',
          [],
          [new U64(5n)],
        ),
      ),
      2000n,
      100n,
      1n,
      new ChainId(4),
    );
    const rawTransactionHex = toHex(new SimpleTransaction(raw).bcsToBytes());
    const built: BuiltTransaction = {
      rawTransactionHex,
      sender: sender.toStringLong(),
      sequenceNumber: '3',
      maxGasAmount: '2000',
      gasUnitPrice: '100',
      expirationTimestampSecs: '1',
      chainId: 4,
    };
    const data = resultsData(
      sampleRun({
        id: 'simulated',
        state: 'simulated.failure',
        chain: {
          ...sampleRun({ id: 'x' }).chain,
          built,
          rawTransactionHex,
          simulation: {
            success: false,
            vmStatus: 'Move abort in 0xcafe::pricing: E_PRICE_TOO_LOW(0x10003)',
            gasUsed: '32',
            gasUnitPrice: '100',
            events: [],
            changes: [],
          },
        },
      }),
    );
    render(<RunResults data={data} ranOn={local} />);
    await user.click(screen.getByRole('tab', { name: 'Trace' }));
    expect(await screen.findByRole('tree', { name: 'Call tree, 4 frames' })).toBeVisible();
    const asked = firstCall(fetch).body as { transaction?: string; version?: string };
    expect(asked.version).toBeUndefined();
    // The signed transaction starts with the raw transaction's bytes.
    expect(asked.transaction?.startsWith(toHex(raw.bcsToBytes()))).toBe(true);
    expect(asked.transaction?.length).toBeGreaterThan(toHex(raw.bcsToBytes()).length);
  });
});
