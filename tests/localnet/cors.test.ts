import { Aptos, AptosConfig, Network } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_HEADERS } from '../../localnet/http/router.ts';
import { startChain, type Chain } from './helpers';

let chain: Chain;
beforeAll(async () => {
  chain = await startChain();
});
afterAll(async () => {
  await chain.localnet.stop();
});

// The SDK's browser client sends credentials; with credentials a browser refuses any `*`.
describe('CORS for the workbench page', () => {
  const origin = 'http://127.0.0.1:5173';

  it('answers a preflight with the origin echoed and credentials allowed', async () => {
    const response = await chain.rest('', {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-aptos-client',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-headers')).toBe(ALLOWED_HEADERS);
  });

  it('allows only the headers the SDK sends and only GET and POST, whatever a preflight asks', async () => {
    const response = await chain.rest('/transactions', {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'DELETE',
        'Access-Control-Request-Headers': 'x-evil, cookie, content-type',
      },
    });
    expect(response.status).toBe(204);
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
    expect(allowed).toStrictEqual([
      'content-type',
      'x-aptos-client',
      'x-aptos-typescript-sdk-origin-method',
      'authorization',
    ]);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
  });

  it('the SDK in a page works with exactly those headers: its own request headers are all allowed', async () => {
    const seen = new Set<string>();
    // The SDK's own HTTP client, taken from a default config.
    const defaultProvider = new AptosConfig({}).client.provider;
    const aptos = new Aptos(
      new AptosConfig({
        network: Network.CUSTOM,
        fullnode: chain.localnet.urls.rest,
        indexer: chain.localnet.urls.indexer,
        client: {
          provider: (request) => {
            for (const name of Object.keys(request.headers ?? {})) seen.add(name.toLowerCase());
            return defaultProvider(request);
          },
        },
      }),
    );
    await aptos.getLedgerInfo();
    await aptos.view({
      payload: { function: '0x1::timestamp::now_microseconds', functionArguments: [] },
    });
    await aptos.getIndexerLastSuccessVersion();
    const allowed = ALLOWED_HEADERS.split(/,\s*/);
    expect(seen.size).toBeGreaterThan(0);
    for (const name of seen) expect(allowed).toContain(name);
  });

  it('exposes the X-Aptos headers by name on a cross-origin read', async () => {
    const response = await chain.rest('', { headers: { Origin: origin } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-expose-headers')).toContain(
      'x-aptos-ledger-version',
    );
    expect(response.headers.get('access-control-expose-headers')).not.toContain('*');
  });

  it('answers an error body with the same CORS headers', async () => {
    const response = await chain.rest('/transactions/by_hash/0x12', {
      headers: { Origin: origin },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
  });
});
