/**
 * `POST /workbench/forks` and `GET /workbench/forks` (issue 34): the embedded chain opens forks
 * for the app, in process on free ports, one per upstream URL and version, stopped with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, startChain, type Chain } from './helpers.ts';

let chain: Chain;
let origin: string;

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${origin}/workbench/forks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  chain = await startChain();
  origin = chain.localnet.urls.rest.replace(/\/v1$/, '');
  await fundedAccount(chain);
}, 30_000);
afterAll(async () => {
  await chain?.localnet.stop();
});

describe('the fork control', () => {
  it('opens a fork of a node at a version, answers its REST URL, and reuses it', async () => {
    const version = (await (await chain.rest('')).json()) as { ledger_version: string };
    const first = await post({ url: chain.localnet.urls.rest, version: version.ledger_version });
    expect(first.status).toBe(200);
    const fork = (await first.json()) as {
      id: string;
      rest: string;
      version: string;
      chain_id: number;
    };
    expect(fork.version).toBe(version.ledger_version);
    expect(fork.chain_id).toBe(4);
    expect(fork.rest).not.toBe(chain.localnet.urls.rest);
    const info = (await (await fetch(fork.rest)).json()) as { ledger_version: string };
    expect(info.ledger_version).toBe(version.ledger_version);
    const again = (await (
      await post({ url: `${chain.localnet.urls.rest}/`, version: version.ledger_version })
    ).json()) as { id: string };
    expect(again.id).toBe(fork.id);
    const listed = (await (await fetch(`${origin}/workbench/forks`)).json()) as Array<{
      id: string;
      progress: { requests: number; bytes: number; keys: number };
    }>;
    expect(listed.map((entry) => entry.id)).toEqual([fork.id]);
    expect(listed[0]?.progress.requests).toBeGreaterThan(0);
    // A read on the fork fetches state upstream: the list counts it.
    const before = listed[0]?.progress.keys ?? 0;
    expect((await fetch(`${fork.rest}/accounts/0x1/resource/0x1::account::Account`)).status).toBe(
      200,
    );
    const after = (await (await fetch(`${origin}/workbench/forks`)).json()) as Array<{
      progress: { keys: number };
    }>;
    expect(after[0]?.progress.keys).toBeGreaterThan(before);
  });

  it('answers what the upstream said when the fork cannot open', async () => {
    const past = await post({ url: chain.localnet.urls.rest, version: '999999999' });
    expect(past.status).toBe(404);
    expect(((await past.json()) as { message: string }).message).toContain('its latest version is');
    const bad = await post({ url: 'ftp://nope', version: '1' });
    expect(bad.status).toBe(400);
  });

  it('lets the app read the native framework list of a re-execution (CORS exposes it)', async () => {
    const response = await fetch(`${origin}/workbench/forks`, {
      headers: { origin: 'http://127.0.0.1:5173' },
    });
    const exposed = response.headers.get('access-control-expose-headers') ?? '';
    expect(exposed.split(', ')).toContain('x-workbench-native-framework');
  });

  it('takes requests from loopback origins only', async () => {
    const refused = await post(
      { url: chain.localnet.urls.rest, version: '1' },
      { origin: 'https://evil.example' },
    );
    expect(refused.status).toBe(403);
  });
});
