import { loadavg } from 'node:os';
import type { UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { buildHistory } from '../../tests/localnet/forkBed.ts';
import { startChain, type Chain } from '../../tests/localnet/helpers.ts';
import type { BenchSection, Metric } from '../types.ts';

const RUNS = 5;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function reexecute(chain: Chain, version: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(
    `${chain.localnet.urls.rest.replace(/\/v1$/, '')}/workbench/reexecute`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version }),
    },
  );
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`reexecute ${version}: ${response.status}`);
  return performance.now() - started;
}

/**
 * Fork mode (issue 34) against a local upstream (an embedded chain in this process, the offline
 * test bed): start a fork at the upstream's latest version, replay one transaction of its history
 * (`POST /workbench/reexecute`, the upstream's state at version − 1 read lazily), then again with
 * the cache warm. Requests and bytes are what the fork read from the upstream.
 */
export const forkSection: BenchSection = {
  name: 'fork',
  description: 'fork mode: replay one upstream transaction on a fresh fork (cold) and again (warm)',
  async run() {
    const loadStart = loadavg();
    const upstream = await startChain();
    try {
      const history = await buildHistory(upstream);
      for (let i = 0; i < 3; i += 1) await history.round(i);
      const url = upstream.localnet.urls.rest;
      const pick = (suffix: string) =>
        history.done.find((tx) =>
          (tx.payload as { function: string }).function.endsWith(suffix),
        ) as UserTransactionResponse;
      const targets = {
        transfer: pick('::aptos_account::transfer'),
        package: pick('::my_coin::mint_gold'),
        token: pick('::aptos_token::mint'),
      };
      const metrics: Metric[] = [];
      const notes: string[] = [];
      for (const [name, target] of Object.entries(targets)) {
        const starts: number[] = [];
        const cold: number[] = [];
        const warm: number[] = [];
        let requests = 0;
        let bytes = 0;
        let keys = 0;
        for (let run = 0; run < RUNS; run += 1) {
          const started = performance.now();
          const fork = await startChain({ fork: { url } });
          starts.push(performance.now() - started);
          const progress = fork.localnet.node.fork?.state.upstream.progress;
          const before = { ...(progress ?? { requests: 0, bytes: 0, keys: 0 }) };
          cold.push(await reexecute(fork, target.version));
          requests = (progress?.requests ?? 0) - before.requests;
          bytes = (progress?.bytes ?? 0) - before.bytes;
          keys = (progress?.keys ?? 0) - before.keys;
          const afterCold = progress?.requests ?? 0;
          warm.push(await reexecute(fork, target.version));
          if ((progress?.requests ?? 0) !== afterCold)
            throw new Error('a warm replay read upstream');
          await fork.localnet.stop();
        }
        metrics.push(
          {
            name: `${name}: replay on a fresh fork (cold cache)`,
            value: median(cold),
            unit: 'ms',
            runs: cold,
          },
          { name: `${name}: upstream requests (cold)`, value: requests, unit: 'requests' },
          { name: `${name}: upstream bytes (cold)`, value: bytes, unit: 'bytes' },
          { name: `${name}: state values read (cold)`, value: keys, unit: 'values' },
          {
            name: `${name}: replay again (warm cache)`,
            value: median(warm),
            unit: 'ms',
            runs: warm,
          },
        );
        notes.push(
          `${name}: ${(target.payload as { function: string }).function} at version ${target.version}; fork start median ${median(starts).toFixed(1)} ms (2 upstream requests)`,
        );
      }
      const loadEnd = loadavg();
      notes.push(
        `load average ${loadStart.map((l) => l.toFixed(2)).join(' ')} → ${loadEnd.map((l) => l.toFixed(2)).join(' ')}`,
      );
      return { metrics, notes };
    } finally {
      await upstream.localnet.stop();
    }
  },
};
