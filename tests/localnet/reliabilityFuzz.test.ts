import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caseOf,
  describeFailure,
  replayHint,
  runCase,
  runFuzz,
} from '../../bench/reliability/fuzzRest.ts';
import type { ChainUrls } from '../../bench/reliability/chainProcess.ts';
import { postJson, submit, transfer, waitFor, fund } from '../../bench/reliability/client.ts';
import { Ed25519Signer } from '../../localnet/index.ts';
import { startChain, type Chain } from './helpers.ts';

/**
 * The request fuzz of every service (bench/reliability/fuzzRest.ts) with a fixed seed: a few
 * hundred cases in `npm test`; `npm run reliability` runs 100,000. A failure prints its seed and
 * the command that replays it.
 */
const RUNS = Number(process.env.REST_FUZZ_RUNS ?? 400);
const SEED = Number(process.env.REST_FUZZ_SEED ?? 15);

let chain: Chain;
let urls: ChainUrls;
beforeAll(async () => {
  // The default cadence: a fresh chain starts with its first 10 blocks, committed at once.
  chain = await startChain({ blockTimeMs: 250 });
  urls = chain.localnet.urls;
}, 30_000);
afterAll(async () => {
  await chain.localnet.stop();
});

describe('request fuzz (fixed seed)', () => {
  it('answers every case with a 2xx or a 4xx in the node error body, within 2 s, never a 5xx', async () => {
    const stats = await runFuzz({ urls, seed: SEED, runs: RUNS, concurrency: 2 });
    const report = stats.failures.map(
      (failure) => `${describeFailure(failure)}\n  replay: ${replayHint(failure.seed)}`,
    );
    expect(report).toStrictEqual([]);
    expect(stats.cases).toBe(RUNS);
    // The seed covers every family, and some cases succeed while most are refused.
    expect(Object.keys(stats.byKind).length).toBeGreaterThanOrEqual(9);
    expect(stats.byStatus['400']).toBeGreaterThan(RUNS / 10);
    expect(stats.byStatus['200']).toBeGreaterThan(0);
  }, 120_000);

  it('still commits a transfer afterwards', async () => {
    const origin = urls.rest.replace(/\/v1$/, '');
    await postJson(`${origin}/workbench/faults/clear`, {});
    await postJson(`${origin}/workbench/mining`, { mode: 'instant' });
    const signer = Ed25519Signer.generate();
    await fund(urls, [signer.address], 100_000_000n);
    const answer = await submit(
      urls,
      transfer(signer, { to: signer.address, amount: 1n, sequenceNumber: 0n }),
    );
    expect(answer.status).toBe(202);
    const state = await waitFor(urls, (answer.body as { hash: string }).hash, 10_000);
    expect(state.state).toBe('committed');
  }, 30_000);

  it('makes the same case from the same seed (a failing seed replays alone)', () => {
    for (const seed of [1, 2026, -7, 123_456_789]) {
      expect(
        JSON.stringify(caseOf(seed), (_k, v: unknown) => (v instanceof Uint8Array ? [...v] : v)),
      ).toBe(
        JSON.stringify(caseOf(seed), (_k, v: unknown) => (v instanceof Uint8Array ? [...v] : v)),
      );
    }
    expect(replayHint(42)).toBe('FUZZ_SEED=42 FUZZ_RUNS=1 npm run reliability -- --only fuzz');
  });
});

describe('cases the fuzz found', () => {
  it('a broken %-escape in a path parameter is a 400 naming the parameter, not a 500', async () => {
    for (const path of [
      '/v1/transactions/by_hash/%zz',
      '/v1/accounts/%E0%A4%A/resources',
      '/v1/accounts/0x1/module/%',
      '/v1/accounts/0x1/balance/%zz',
      '/v1/accounts/0x1/resource/%ff',
    ]) {
      const response = await fetch(`${urls.rest.replace(/\/v1$/, '')}${path}`);
      expect(response.status, path).toBe(400);
      const body = (await response.json()) as { message: string; error_code: string };
      expect(body.error_code).toBe('web_framework_error');
      expect(body.message).toMatch(/^failed to parse path `\w+`: invalid percent-encoding/);
    }
  });

  it('the dev controls refuse a clock jump past ten years and timers past an hour', async () => {
    const origin = urls.rest.replace(/\/v1$/, '');
    const tooFar = await postJson(`${origin}/workbench/clock/advance`, {
      seconds: Number.MAX_SAFE_INTEGER,
    });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body).toStrictEqual({
      message: '`seconds` must be at most 315360000 (ten years)',
      error_code: 'invalid_input',
      vm_error_code: null,
    });
    expect(
      (await postJson(`${origin}/workbench/clock/advance`, { seconds: 315_360_000 })).status,
    ).toBe(200);
    for (const body of [
      { mode: 'interval', intervalMs: 3_600_001 },
      { mode: 'interval', intervalMs: 250, idleBlockMs: 2 ** 40 },
    ]) {
      const answer = await postJson(`${origin}/workbench/mining`, body);
      expect(answer.status).toBe(400);
      expect((answer.body as { message: string }).message).toMatch(/must be at most 3600000$/);
    }
    const delay = await postJson(`${origin}/workbench/faults`, { delayCommitsMs: 3_600_001 });
    expect(delay.status).toBe(400);
    const ok = await runCase(urls, {
      kind: 'check',
      service: 'rest',
      method: 'POST',
      path: '/workbench/faults',
      headers: { 'content-type': 'application/json' },
      body: new TextEncoder().encode('{"delayCommitsMs":3600000}'),
    });
    expect(ok).toMatchObject({ ok: true, status: 200 });
    await postJson(`${origin}/workbench/faults/clear`, {});
  });
});
