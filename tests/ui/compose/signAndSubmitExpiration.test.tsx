import { afterEach, describe, expect, it, vi } from 'vitest';
import { localExpiration } from '../../../src/devwallet/chainClient';
import { LOCAL_NETWORK } from '../../../src/devwallet/networks';

/**
 * Sign-and-submit: the dev wallet builds the transaction itself. On the embedded chain its
 * expiration counts from the chain's clock (`GET /workbench/clock`), as sign-only mode's does.
 */
describe('the dev wallet’s expiration on the embedded chain', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts 20 s from the chain’s clock, not the browser’s', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ now_microseconds: '4000000000000000', offset_microseconds: '60000000' }),
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(localExpiration(LOCAL_NETWORK)).resolves.toBe(4_000_000_020);
    expect(fetchMock).toHaveBeenCalledWith('http://127.0.0.1:8080/workbench/clock');
  });

  it('falls back to the browser’s clock when the dev controls do not answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const before = Math.floor(Date.now() / 1000);
    const expiration = await localExpiration(LOCAL_NETWORK);
    expect(expiration).toBeGreaterThanOrEqual(before + 20);
    expect(expiration).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 20);
  });
});
