import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'content-type,x-aptos-client',
    );
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
