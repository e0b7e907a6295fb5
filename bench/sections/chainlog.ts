import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTO_PORT_ARGS } from '../../localnet/config.ts';
import type { BenchSection, Metric } from '../types.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const progress = (message: string) => console.error(`  … ${message}`);

interface WorkerResult {
  transactions: number;
  totalTransactions: number;
  ledgerVersion: number;
  seconds: number;
  rssBefore: number;
  rssAfter: number;
  heapBefore: number;
  heapAfter: number;
}

/** Commits `count` transfers into `dataDir` in a child process (bench/chainlogWorker.ts). */
function load(dataDir: string, count: number): WorkerResult {
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'bench/chainlogWorker.ts', dataDir, String(count), '5000'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 24, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = child.stdout.trim().split('\n').at(-1);
  if (child.status !== 0 || line === undefined) throw new Error(`load failed: ${child.stdout}`);
  return JSON.parse(line) as WorkerResult;
}

/**
 * Starts `npm run localnet` (the cached bundle) on the data dir; resolves with the ms from spawn
 * to the first 200 of `GET /v1`, and a stop function (SIGTERM: a clean stop writes a checkpoint).
 */
async function restart(dataDir: string): Promise<{ readyMs: number; stop: () => Promise<void> }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['scripts/localnet.mjs', '--data-dir', dataDir, ...AUTO_PORT_ARGS],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  const rest = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /REST\s+(http\S+)/.exec(output)?.[1];
      if (found !== undefined) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`localnet exited with ${code}: ${output}`)));
  });
  for (;;) {
    const status = await fetch(rest)
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const readyMs = performance.now() - started;
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { readyMs, stop };
}

const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

export const chainlogSection: BenchSection = {
  name: 'chainlog',
  description:
    'chain history on disk: RSS growth per committed transaction over 100,000, restart ready after them',
  async run() {
    const COUNT = Number(process.env.BENCH_CHAINLOG_COUNT ?? 100_000);
    const dir = mkdtempSync(join(tmpdir(), 'bench-chainlog-'));
    const dataDir = join(dir, 'data');
    try {
      // Builds the cached bundle if a source changed, so no restart below pays for it.
      spawnSync(process.execPath, ['scripts/localnet.mjs', '--help'], { cwd: ROOT });
      progress(`committing ${COUNT} transfers in process (after 1,000 funding and 5,000 warm-up)`);
      const result = load(dataDir, COUNT);
      const logBytes = statSync(join(dataDir, 'chain.log')).size;
      progress(
        'restart after the load process exited without stopping (log tail after the last checkpoint)',
      );
      const crashed = await restart(dataDir);
      await crashed.stop();
      progress('restarts after a clean stop');
      const clean: number[] = [];
      for (let i = 0; i < 2; i += 1) {
        const started = await restart(dataDir);
        clean.push(round(started.readyMs));
        await started.stop();
      }
      const rssPerTx = (result.rssAfter - result.rssBefore) / result.transactions;
      const heapPerTx = (result.heapAfter - result.heapBefore) / result.transactions;
      const metrics: Metric[] = [
        {
          name: `RSS growth per committed transaction (over ${result.transactions} tx, after GC)`,
          value: round(rssPerTx),
          unit: 'B/tx',
          target: { op: '<=', value: 2048 },
        },
        {
          name: 'JS heap + external growth per committed transaction',
          value: round(heapPerTx),
          unit: 'B/tx',
        },
        {
          name: `restart ready after ${result.totalTransactions} tx (killed: log tail replayed)`,
          value: round(crashed.readyMs),
          unit: 'ms',
          target: { op: '<=', value: 3_000 },
        },
        {
          name: 'restart ready after a clean stop (checkpoint at the end)',
          value: Math.max(...clean),
          unit: 'ms',
          target: { op: '<=', value: 3_000 },
          runs: clean,
        },
        {
          name: 'committed in process through submit',
          value: round(result.transactions / result.seconds),
          unit: 'tx/s',
        },
        { name: 'log size', value: round(logBytes / 1e6, 1), unit: 'MB' },
      ];
      return {
        metrics,
        notes: [
          `RSS ${round(result.rssBefore / 1e6, 1)} MB → ${round(result.rssAfter / 1e6, 1)} MB (after global.gc()), ledger version ${result.ledgerVersion}`,
          'load: 1,000 funded accounts sending 0x1::aptos_account::transfer round robin, 2,000 submits per batch through LocalNode.submit (signature checks included), instant mining, durable data dir',
          'restart: spawn of `node scripts/localnet.mjs --data-dir …` to the first 200 of GET /v1',
        ],
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
