import { describe, expect, it } from 'vitest';
import {
  atVersionUnavailable,
  reexecuteAtVersion,
  ReexecuteUnavailableError,
} from '../../replay/reexecute';
import { sampleRun } from './sampleRuns';

const committed = sampleRun({
  id: 'committed',
  state: 'failed',
  chain: { ...sampleRun({ id: 'x' }).chain, version: '42', hash: '0xabc' },
});

function answering(status: number, body: unknown) {
  const calls: { url: string; body: unknown }[] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify(body), { status });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('re-execution at the original version (client side)', () => {
  it('is offered only for a run that committed on the local network', () => {
    expect(atVersionUnavailable(committed)).toBeNull();
    expect(atVersionUnavailable(sampleRun({ id: 'never' }))).toMatch(/never committed/);
    expect(
      atVersionUnavailable({
        ...committed,
        network: { name: 'devnet', chainId: 174, nodeUrl: 'https://example.invalid/v1' },
      }),
    ).toMatch(/needs the embedded local chain; this run is on devnet/);
  });

  it('posts the version to /workbench/reexecute beside /v1 and reads the facts', async () => {
    const { fetch, calls } = answering(200, [
      {
        success: false,
        vm_status: 'Out of gas',
        gas_used: '50',
        gas_unit_price: '100',
        events: [{ type: '0x1::transaction_fee::FeeStatement', data: {} }],
        changes: [],
      },
    ]);
    const result = await reexecuteAtVersion({
      record: committed,
      nodeUrl: 'http://127.0.0.1:9999/v1/',
      fetch,
    });
    expect(calls).toEqual([
      { url: 'http://127.0.0.1:9999/workbench/reexecute', body: { version: '42' } },
    ]);
    expect(result).toEqual({
      mode: 'recorded',
      version: '42',
      facts: {
        success: false,
        vmStatus: 'Out of gas',
        gasUsed: '50',
        gasUnitPrice: '100',
        events: [{ type: '0x1::transaction_fee::FeeStatement', data: {} }],
        changes: [],
      },
    });
  });

  it('says when the node is not the embedded chain, and passes on the node’s own errors', async () => {
    const missing = answering(404, {
      message: 'Not found: POST /workbench/reexecute',
      error_code: 'web_framework_error',
      vm_error_code: null,
    });
    await expect(
      reexecuteAtVersion({ record: committed, fetch: missing.fetch }),
    ).rejects.toBeInstanceOf(ReexecuteUnavailableError);
    const gone = answering(404, {
      message: 'Ledger version not found by Ledger version(42)',
      error_code: 'version_not_found',
      vm_error_code: null,
    });
    await expect(reexecuteAtVersion({ record: committed, fetch: gone.fetch })).rejects.toThrow(
      'Re-execution at version 42 failed: Ledger version not found by Ledger version(42)',
    );
    await expect(
      reexecuteAtVersion({ record: sampleRun({ id: 'never' }), fetch: gone.fetch }),
    ).rejects.toThrow(/never committed/);
  });

  it('refuses a modified max gas that is not a whole number, before asking the chain', async () => {
    const { fetch, calls } = answering(200, []);
    await expect(
      reexecuteAtVersion({
        record: { ...committed, chain: { ...committed.chain, rawTransactionHex: '0x00' } },
        changes: { maxGasAmount: '1e6' },
        fetch,
      }),
    ).rejects.toThrow('maxGasAmount must be a whole number (decimal digits), got "1e6".');
    expect(calls).toHaveLength(0);
  });
});
