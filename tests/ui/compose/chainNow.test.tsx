import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chainNow } from '../../../src/features/compose/run/useTransactionRun';
import { presetNetworks } from '../../../src/network/networks';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('chainNow: the time expirations are counted from', () => {
  it("uses the embedded chain's clock, which an advance moved past the wall clock", async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date'] });
    const fetch = vi.fn(async () =>
      Response.json({ now_microseconds: '1700000060000000', offset_microseconds: '60000000' }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(chainNow(new QueryClient(), presetNetworks.local)).resolves.toBe(
      1_700_000_060_000,
    );
    expect(String(fetch.mock.calls[0]?.[0 as never])).toBe('http://127.0.0.1:8080/workbench/clock');
  });

  it('falls back to the wall clock when the dev controls do not answer', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('no', { status: 404 })),
    );
    await expect(chainNow(new QueryClient(), presetNetworks.local)).resolves.toBe(
      1_700_000_000_000,
    );
  });

  it('uses the wall clock on other networks without asking them', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date'] });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(chainNow(new QueryClient(), presetNetworks.devnet)).resolves.toBe(
      1_700_000_000_000,
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});
