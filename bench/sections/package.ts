import { spawn } from 'node:child_process';
import { createTempProject, type TempProject } from '../../tests/package/tempProject.ts';
import type { BenchSection, Metric } from '../types.ts';

const SINGLE_ROUNDS = 5;
const PARALLEL_ROUNDS = 3;
const PARALLEL = 4;

/** Runs in the fresh project: imports the installed package, starts a chain, reports, waits. */
const MEASURE = `
const started = performance.now();
const { startLocalnet } = await import('@tx-workbench/localnet');
const imported = performance.now();
const localnet = await startLocalnet({ ephemeral: true, ports: 'auto', mining: { mode: 'instant' } });
const ready = performance.now();
if ((await fetch(localnet.urls.readiness)).status !== 200) throw new Error('readiness did not answer');
console.log(JSON.stringify({
  importMs: imported - started,
  startMs: ready - imported,
  sinceProcessMs: ready,
  rssBytes: process.memoryUsage().rss,
  rest: localnet.urls.rest,
}));
process.on('SIGTERM', () => void localnet.stop().then(() => process.exit(0)));
`;

interface Report {
  importMs: number;
  startMs: number;
  sinceProcessMs: number;
  rssBytes: number;
  rest: string;
  /** Wall ms from this side's spawn to the report. */
  wallMs: number;
}

/** Starts `count` chains in their own processes at once; resolves when all reported, then stops them. */
async function startChains(project: TempProject, count: number): Promise<Report[]> {
  const spawnedAt = performance.now();
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['measure.mjs'], {
      cwd: project.dir,
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const reports = await Promise.all(
    children.map(
      (child) =>
        new Promise<Report>((resolve, reject) => {
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            if (!out.includes('\n')) return;
            const report = JSON.parse(out.split('\n')[0] ?? '') as Omit<Report, 'wallMs'>;
            resolve({ ...report, wallMs: performance.now() - spawnedAt });
          });
          child.once('exit', (code) => reject(new Error(`a chain exited (${code}) before ready`)));
        }),
    ),
  );
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.removeAllListeners('exit');
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  return reports;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const ms = (value: number) => Math.round(value * 10) / 10;

/**
 * The chain as a user's test starts it: packed, installed with the ts-sdk in a fresh project
 * outside the repository, one chain per process (`ports: 'auto'`, instant mining).
 */
export const packageSection: BenchSection = {
  name: 'package',
  description:
    'the installed @tx-workbench/localnet: one chain, then 4 at once in their own processes',
  async run() {
    const project = await createTempProject();
    try {
      project.write('measure.mjs', MEASURE);
      await startChains(project, 1); // warm the file cache
      const single: Report[] = [];
      for (let round = 0; round < SINGLE_ROUNDS; round += 1)
        single.push(...(await startChains(project, 1)));
      const parallel: Report[][] = [];
      for (let round = 0; round < PARALLEL_ROUNDS; round += 1)
        parallel.push(await startChains(project, PARALLEL));
      const allReady = parallel.map((reports) => Math.max(...reports.map((r) => r.wallMs)));
      const parallelRss = parallel.flat().map((report) => report.rssBytes);
      const metrics: Metric[] = [
        {
          name: 'one chain: startLocalnet to ready',
          value: ms(median(single.map((r) => r.startMs))),
          unit: 'ms',
          target: { op: '<=', value: 1_000 },
          runs: single.map((r) => ms(r.startMs)),
        },
        {
          name: 'one chain: import of the package',
          value: ms(median(single.map((r) => r.importMs))),
          unit: 'ms',
          runs: single.map((r) => ms(r.importMs)),
        },
        {
          name: 'one chain: process spawn to ready',
          value: ms(median(single.map((r) => r.wallMs))),
          unit: 'ms',
          runs: single.map((r) => ms(r.wallMs)),
        },
        {
          name: 'one chain: RSS when ready',
          value: mib(median(single.map((r) => r.rssBytes))),
          unit: 'MiB',
          runs: single.map((r) => mib(r.rssBytes)),
        },
        {
          name: `${PARALLEL} chains at once: spawn to all ready`,
          value: ms(median(allReady)),
          unit: 'ms',
          runs: allReady.map(ms),
        },
        {
          name: `${PARALLEL} chains at once: startLocalnet to ready, slowest`,
          value: ms(median(parallel.map((reports) => Math.max(...reports.map((r) => r.startMs))))),
          unit: 'ms',
          target: { op: '<=', value: 1_000 },
          runs: parallel.map((reports) => ms(Math.max(...reports.map((r) => r.startMs)))),
        },
        {
          name: `${PARALLEL} chains at once: RSS each (median)`,
          value: mib(median(parallelRss)),
          unit: 'MiB',
          runs: [Math.min(...parallelRss), Math.max(...parallelRss)].map(mib),
        },
      ];
      return {
        metrics,
        notes: [
          `project ${project.dir}: the packed package and @aptos-labs/ts-sdk installed with npm`,
          'startLocalnet to ready: the call until every service listens (readiness answers 200 just after); import: loading the package and the ts-sdk',
          `${PARALLEL} at once: ${PARALLEL} processes spawned together on this machine's cores; RSS runs: smallest / largest of ${PARALLEL * PARALLEL_ROUNDS}`,
        ],
      };
    } finally {
      project.remove();
    }
  },
};
