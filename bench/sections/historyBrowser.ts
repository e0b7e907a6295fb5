import { createServer, type Server } from 'node:http';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { build } from 'vite';
import { openBrowser } from '../../tests/e2e/chromium.ts';
import type { HistoryBench, HistorySavesResult } from '../browser/historySaves.ts';
import { percentile, RUN_LENGTH, SAVES, STORED, WARM_UP } from '../historyWorkload.ts';
import type { BenchSection, Metric } from '../types.ts';

/** Fresh Chromium profiles, one full fill-and-save pass each (plus one for the main-thread time). */
const ROUNDS = 3;
const ENTRY = new URL('../browser/historySaves.ts', import.meta.url).pathname;

/** The page's script: the run store and the workload bundled (minified) as the app's build is. */
async function bundle(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      lib: { entry: ENTRY, formats: ['iife'], name: 'historyBench', fileName: () => 'bench.js' },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  for (const result of outputs) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((item) => item.type === 'chunk');
    if (chunk !== undefined && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error(`Vite produced no script for ${ENTRY}`);
}

/**
 * Serves the page on a free loopback port. Cross-origin isolated (COOP + COEP), so
 * `performance.now()` has Chromium's fine resolution (5 µs) rather than 100 µs.
 */
async function serve(script: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const headers = {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cache-Control': 'no-store',
    };
    if (request.url === '/bench.js') {
      response.writeHead(200, { ...headers, 'Content-Type': 'text/javascript' });
      response.end(script);
    } else if (request.url === '/') {
      response.writeHead(200, { ...headers, 'Content-Type': 'text/html' });
      response.end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>history bench</title>' +
          '<link rel="icon" href="data:,"><script src="/bench.js"></script></head><body></body></html>',
      );
    } else {
      response.writeHead(404, headers);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, server };
}

/** One round's figures: the page's, and the renderer main thread's busy time over the saves. */
type RoundResult = HistorySavesResult & { mainThreadMs: number };

/**
 * One fresh profile: fill, time the saves, then the floors. With `mainThread`, the renderer's
 * main-thread task time over the saves is read through CDP (its Performance domain may cost the page
 * something, so that round's timings are kept apart from the others).
 */
async function oneRound(url: string, mainThread: boolean): Promise<RoundResult> {
  const session = await openBrowser();
  try {
    const { page } = session;
    await page.goto(url);
    await page.waitForFunction(() => 'historyBench' in globalThis);
    const phase = <K extends keyof HistoryBench>(name: K) =>
      page.evaluate((key) => {
        const bench = (globalThis as { historyBench?: HistoryBench }).historyBench;
        if (bench === undefined) throw new Error('The bench page did not load its script.');
        return bench[key]() as Promise<Awaited<ReturnType<HistoryBench[K]>>>;
      }, name);
    // The renderer's main thread: the sum of its tasks' durations (Chrome DevTools Protocol).
    const cdp = mainThread ? await session.context.newCDPSession(page) : null;
    await cdp?.send('Performance.enable');
    const taskSeconds = async () =>
      cdp === null
        ? Number.NaN
        : ((await cdp.send('Performance.getMetrics')).metrics.find(
            (metric) => metric.name === 'TaskDuration',
          )?.value ?? Number.NaN);
    await phase('fillHistory');
    const before = await taskSeconds();
    const timed = await phase('timeSaves');
    const mainThreadMs = ((await taskSeconds()) - before) * 1000;
    await cdp?.send('Performance.disable');
    const rest = await phase('floors');
    const { consoleErrors, pageErrors, failedRequests, externalRequests } = session.problems;
    const problems = [...consoleErrors, ...pageErrors, ...failedRequests, ...externalRequests];
    if (problems.length > 0) throw new Error(`The bench page reported: ${problems.join('; ')}`);
    return { ...timed, ...rest, mainThreadMs };
  } finally {
    await session.close();
  }
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const sortedCopy = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const median = (values: readonly number[]) => percentile(sortedCopy(values), 50);

/** A figure per round; the value is the rounds' median, the runs are the rounds. */
function perRound(
  name: string,
  rounds: readonly number[],
  unit: string,
  target?: Metric['target'],
): Metric {
  const runs = rounds.map(round3);
  return { name, value: round3(median(rounds)), unit, ...(target ? { target } : {}), runs };
}

/**
 * Saving a transition of a live run with 1,000 runs stored, in Debian's Chromium: the History's
 * own run store (Dexie) on the browser's IndexedDB, the same workload as the `history` section.
 */
export const historyBrowserSection: BenchSection = {
  name: 'history-browser',
  description: `saving a transition of a live run with ${STORED} runs stored (Dexie on Chromium's IndexedDB)`,
  async run() {
    const script = await bundle();
    const { url, server } = await serve(script);
    const results: RoundResult[] = [];
    const loads: number[] = [];
    let profiled: RoundResult | null = null;
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        results.push(await oneRound(url, false));
        loads.push(loadavg()[0] ?? 0);
      }
      profiled = await oneRound(url, true);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const timed = results.map((result) => sortedCopy(result.saves.slice(WARM_UP)));
    const at = (p: number) => timed.map((sorted) => percentile(sorted, p));
    const bare = (kind: keyof HistorySavesResult['bareCommits'], p: number) =>
      results.map((result) => percentile(sortedCopy(result.bareCommits[kind]), p));
    const dexie = (p: number) =>
      results.map((result) => percentile(sortedCopy(result.dexiePuts), p));
    const first = results[0];
    return {
      metrics: [
        perRound('save a transition p50', at(50), 'ms'),
        perRound('save a transition p90', at(90), 'ms'),
        perRound('save a transition p99', at(99), 'ms', { op: '<=', value: 1 }),
        perRound('save a transition max', at(100), 'ms'),
        perRound(
          'saves over 1 ms',
          timed.map((sorted) => sorted.filter((ms) => ms > 1).length),
          `of ${SAVES - WARM_UP}`,
        ),
        {
          name: 'main-thread time per save (mean, extra round)',
          value: round3((profiled?.mainThreadMs ?? Number.NaN) / SAVES),
          unit: 'ms',
        },
        perRound('bare IndexedDB commit p50 (default durability)', bare('default', 50), 'ms'),
        perRound('bare IndexedDB commit p99 (default durability)', bare('default', 99), 'ms'),
        perRound('bare IndexedDB commit p50 (relaxed)', bare('relaxed', 50), 'ms'),
        perRound('bare IndexedDB commit p50 (strict)', bare('strict', 50), 'ms'),
        perRound('bare IndexedDB commit p99 (strict)', bare('strict', 99), 'ms'),
        perRound('Dexie header-only save p50', dexie(50), 'ms'),
        perRound('Dexie header-only save p99', dexie(99), 'ms'),
        perRound(
          'runs stored',
          results.map((result) => result.stored),
          'runs',
        ),
      ],
      notes: [
        `${ROUNDS} rounds, each a fresh Chromium profile: ${STORED} runs stored, then ${SAVES} saves (the first ${WARM_UP} warm up) of live runs of ${RUN_LENGTH} transitions, records up to ${first?.recordBytes ?? 0} bytes; value = median of the rounds, runs = each round.`,
        `Bare commit: one small row in one readwrite transaction, awaited to \`complete\` (what Dexie's bulkPut awaits), 300 per durability hint, interleaved. Header-only save: the store's putRun of an unchanged one-transition run. Main-thread time: an extra round with CDP's Performance domain on, the renderer main thread's task time (TaskDuration) over the ${SAVES} saves divided by ${SAVES}; that round's own save p50 was ${round3(percentile(sortedCopy(profiled?.saves.slice(WARM_UP) ?? [0]), 50))} ms.`,
        `${first?.userAgent ?? ''}; crossOriginIsolated: ${String(first?.crossOriginIsolated ?? false)}; load average (1 min) after each round: ${loads.map((load) => load.toFixed(2)).join(' / ')}.`,
      ],
    };
  },
};
