import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { devControlQueries } from '../../../src/features/chain/devControls/devControlQueries';
import {
  CHAIN_CLOCK_FRESH_MS,
  chainNow,
} from '../../../src/features/compose/run/useTransactionRun';
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

  it('counts from a recent answer plus the time since it came, and refreshes it after the call', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date', 'setTimeout'] });
    const queryClient = new QueryClient();
    const key = devControlQueries.clock(presetNetworks.local).queryKey;
    queryClient.setQueryData(key, {
      now_microseconds: '1700000060000000',
      offset_microseconds: '60000000',
      ledger_microseconds: '0',
      next_block_microseconds: '0',
    });
    const fetch = vi.fn(async () =>
      Response.json({ now_microseconds: '1700000062000000', offset_microseconds: '60000000' }),
    );
    vi.stubGlobal('fetch', fetch);
    vi.setSystemTime(1_700_000_001_500);
    await expect(chainNow(queryClient, presetNetworks.local)).resolves.toBe(1_700_000_061_500);
    expect(fetch).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks the chain when the answer is too old or was invalidated (a dev control moved the clock)', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date'] });
    const queryClient = new QueryClient();
    const key = devControlQueries.clock(presetNetworks.local).queryKey;
    const stale = {
      now_microseconds: '1700000000000000',
      offset_microseconds: '0',
      ledger_microseconds: '0',
      next_block_microseconds: '0',
    };
    const fetch = vi.fn(async () =>
      Response.json({ now_microseconds: '1700000100000000', offset_microseconds: '90000000' }),
    );
    vi.stubGlobal('fetch', fetch);
    queryClient.setQueryData(key, stale);
    vi.setSystemTime(1_700_000_000_000 + CHAIN_CLOCK_FRESH_MS + 1);
    await expect(chainNow(queryClient, presetNetworks.local)).resolves.toBe(1_700_000_100_000);
    expect(fetch).toHaveBeenCalledTimes(1);

    queryClient.setQueryData(key, stale);
    await queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
    await expect(chainNow(queryClient, presetNetworks.local)).resolves.toBe(1_700_000_100_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
