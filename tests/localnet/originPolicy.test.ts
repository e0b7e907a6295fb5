import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChain, type Chain } from './helpers';

let chain: Chain;
beforeAll(async () => {
  chain = await startChain({ allowOrigins: ['https://tools.example'] });
});
afterAll(async () => {
  await chain.localnet.stop();
});

const EVIL = 'https://evil.example';
const origin = () => chain.localnet.urls.rest.replace(/\/v1$/, '');

function post(url: string, headers: Record<string, string>, body = '{}') {
  return fetch(url, { method: 'POST', headers, body });
}

/** A raw request with a chosen Host header (fetch does not let a caller set it). */
function withHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('origin policy', () => {
  it('keeps the read API open to any origin, as a node', async () => {
    const response = await chain.rest('', { headers: { Origin: EVIL } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(EVIL);
  });

  it('refuses the dev controls to another origin, without CORS headers', async () => {
    const response = await post(`${origin()}/workbench/snapshot`, {
      Origin: EVIL,
      'content-type': 'application/json',
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await response.json()) as { message: string }).message).toContain(
      '--allow-origin https://evil.example',
    );
    const preflight = await fetch(`${origin()}/workbench/mining`, {
      method: 'OPTIONS',
      headers: { Origin: EVIL, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses the faucet to another origin', async () => {
    const response = await post(
      `${chain.localnet.urls.faucet}/fund`,
      { Origin: EVIL, 'content-type': 'application/json' },
      JSON.stringify({ address: '0x1', amount: 1 }),
    );
    expect(response.status).toBe(403);
  });

  it('lets loopback origins on any port and --allow-origin additions use the dev controls', async () => {
    for (const allowed of [
      'http://127.0.0.1:5173',
      'http://localhost:41234',
      'https://tools.example',
    ]) {
      const response = await post(`${origin()}/workbench/snapshot`, {
        Origin: allowed,
        'content-type': 'application/json',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(allowed);
    }
  });

  it('takes only application/json bodies on the dev controls and the faucet', async () => {
    const devControl = await post(
      `${origin()}/workbench/faults`,
      { Origin: 'http://127.0.0.1:5173', 'content-type': 'text/plain' },
      JSON.stringify({ rejectNext: 1 }),
    );
    expect(devControl.status).toBe(415);
    const faucet = await post(
      `${chain.localnet.urls.faucet}/fund`,
      { 'content-type': 'text/plain' },
      JSON.stringify({ address: '0x1', amount: 1 }),
    );
    expect(faucet.status).toBe(415);
    const faults = (await (await fetch(`${origin()}/workbench/faults`)).json()) as {
      rejectNext: number;
    };
    expect(faults.rejectNext).toBe(0);
  });
});

describe('host policy', () => {
  it('refuses a non-loopback Host on every service', async () => {
    const { urls } = chain.localnet;
    for (const url of [
      `${urls.rest}`,
      `${urls.faucet}/`,
      urls.indexer.replace('/v1/graphql', '/'),
      urls.readiness,
    ]) {
      expect(await withHost(url, 'attacker.example:8080')).toBe(403);
      expect(await withHost(url, 'localhost:8080')).toBe(200);
    }
  });
});
