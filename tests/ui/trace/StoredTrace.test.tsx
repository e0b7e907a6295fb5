import { afterEach, describe, expect, it, vi } from 'vitest';
import { TraceTab } from '../../../src/features/trace';
import { threeFrameAbort } from '../../fixtures/moveTraces';
import { render, screen, within } from '../../test-utils/render';

const local = { kind: 'local', fullnode: 'http://127.0.0.1:8080/v1' };
const stored = { ...threeFrameAbort(), kind: 'committed' as const, version: '42' };

function tree() {
  return screen.getByRole('tree', { name: /^Call tree/ });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TraceTab with a run’s stored trace', { timeout: 20_000 }, () => {
  it('shows the stored trace when the run is on a network that does not trace', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(
      <TraceTab
        target={{
          network: { kind: 'testnet', fullnode: 'https://api.testnet.aptoslabs.com/v1' },
          request: { version: '42' },
          stored,
        }}
      />,
    );
    expect(screen.getByText('The trace stored with this run')).toBeVisible();
    expect(screen.getByText(/The run ran on testnet, whose nodes do not trace/)).toBeVisible();
    expect(within(tree()).getAllByRole('treeitem')).toHaveLength(4);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('falls back to it when the chain cannot answer (offline), without Step through', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(<TraceTab target={{ network: local, request: { version: '42' }, stored }} />);
    expect(await screen.findByText('The trace stored with this run')).toBeVisible();
    expect(screen.getByText(/The chain cannot trace it now/)).toBeVisible();
    const detail = screen.getByRole('region', { name: 'Frame detail' });
    expect(within(detail).queryByRole('button', { name: 'Step through' })).toBeNull();
  });

  it('prefers it to another chain’s transaction at that version', async () => {
    const other = { ...stored, hash: `0x${'77'.repeat(32)}` };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(other))),
    );
    const onTrace = vi.fn();
    render(<TraceTab target={{ network: local, request: { version: '42' }, stored, onTrace }} />);
    expect(await screen.findByText(/holds another transaction at version 42/)).toBeVisible();
    expect(screen.getByText(new RegExp(stored.hash))).toBeVisible();
    // Told anyway: the run keeps only a trace of its own execution (replay/runTrace.ts).
    expect(onTrace).toHaveBeenCalledWith(other);
  });

  it('shows what the chain answers for the same transaction, and hands it on to be kept', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(stored))),
    );
    const onTrace = vi.fn();
    render(<TraceTab target={{ network: local, request: { version: '42' }, onTrace }} />);
    const detail = await screen.findByRole('region', { name: 'Frame detail' }, { timeout: 10_000 });
    expect(screen.queryByText('The trace stored with this run')).toBeNull();
    expect(within(detail).getByRole('button', { name: 'Step through' })).toBeVisible();
    expect(onTrace).toHaveBeenCalledWith(stored);
  });
});
