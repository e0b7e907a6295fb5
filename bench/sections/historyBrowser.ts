import { createServer, type Server } from 'node:http';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { build } from 'vite';
import { openBrowser } from '../../tests/e2e/chromium.ts';
import type {
  BurstResult,
  FloorResult,
  HistoryBench,
  SaveTimings,
} from '../browser/historySaves.ts';
import type { DirectTimings, HistoryDirect } from '../browser/historySavesDirect.ts';
import { percentile, RUN_LENGTH, SAVES, STORED, WARM_UP } from '../historyWorkload.ts';
import type { BenchSection, Metric } from '../types.ts';

/** Fresh Chromium profiles, one full pass each (plus one for the main-thread time). */
const ROUNDS = 3;
const here = (path: string) => new URL(path, import.meta.url).pathname;
/** The page's scripts: the bench page, the app's own run-store worker, the in-page comparison. */
const ENTRIES = {
  'bench.js': here('../browser/historySaves.ts'),
  'worker.js': here('../../src/features/runs/runStore.worker.ts'),
  'direct.js': here('../browser/historySavesDirect.ts'),
} as const;
type ScriptName = keyof typeof ENTRIES;

/** One script bundled (minified) as the app's build is. */
async function bundle(entry: string): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ['iife'], name: 'historyBench', fileName: () => 'bench.js' },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  for (const result of outputs) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((item) => item.type === 'chunk');
    if (chunk !== undefined && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error(`Vite produced no script for ${entry}`);
}

/**
 * Serves the page on a free loopback port. Cross-origin isolated (COOP + COEP), so
 * `performance.now()` has Chromium's fine resolution (5 µs) rather than 100 µs.
 */
async function serve(
  scripts: Record<ScriptName, string>,
): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const headers = {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cache-Control': 'no-store',
    };
    const name = request.url?.slice(1) ?? '';
    if (name in scripts) {
      response.writeHead(200, { ...headers, 'Content-Type': 'text/javascript' });
      response.end(scripts[name as ScriptName]);
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
interface RoundResult {
  saves: SaveTimings;
  burst: BurstResult;
  floors: FloorResult;
  direct: DirectTimings;
  liveQuery: { propagated: boolean; ms: number };
  mainThreadMs: number;
  /** The same for the in-page Dexie store's saves. */
  directMainThreadMs: number;
}

/**
 * One fresh profile: fill, time the saves, a burst, the floors, then the in-page store. With
 * `mainThread`, the renderer's main-thread task time over the saves is read through CDP (its
 * Performance domain may cost the page something, so that round's timings are kept apart).
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
        return (bench[key] as () => unknown)() as Promise<Awaited<ReturnType<HistoryBench[K]>>>;
      }, name);
    const directPhase = <K extends keyof HistoryDirect>(name: K) =>
      page.evaluate((key) => {
        const direct = (globalThis as { historyDirect?: HistoryDirect }).historyDirect;
        if (direct === undefined) throw new Error('The bench page did not load direct.js.');
        return direct[key]() as Promise<Awaited<ReturnType<HistoryDirect[K]>>>;
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
    const saves = await phase('timeSaves');
    const mainThreadMs = ((await taskSeconds()) - before) * 1000;
    const burst = await phase('burst');
    const floors = await phase('floors');
    // Dexie enters the page only now.
    await page.addScriptTag({ url: `${url}direct.js` });
    await page.waitForFunction(() => 'historyDirect' in globalThis);
    const liveQuery = await directPhase('liveQueryFromWorker');
    await directPhase('fillDirect');
    const beforeDirect = await taskSeconds();
    const direct = await directPhase('timeDirectSaves');
    const directMainThreadMs = ((await taskSeconds()) - beforeDirect) * 1000;
    await cdp?.send('Performance.disable');
    const { consoleErrors, pageErrors, failedRequests, externalRequests } = session.problems;
    const problems = [...consoleErrors, ...pageErrors, ...failedRequests, ...externalRequests];
    if (problems.length > 0) throw new Error(`The bench page reported: ${problems.join('; ')}`);
    return { saves, burst, floors, direct, liveQuery, mainThreadMs, directMainThreadMs };
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

const loadText = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

/**
 * Saving a transition of a live run with 1,000 runs stored, in Debian's Chromium: the app's run
 * store (the page's client, the IndexedDB work in its worker) on the browser's IndexedDB, the
 * same workload as the `history` section.
 */
export const historyBrowserSection: BenchSection = {
  name: 'history-browser',
  description: `saving a transition of a live run with ${STORED} runs stored (the run store's worker on Chromium's IndexedDB)`,
  async run() {
    const loadStart = loadText();
    console.log(`history-browser: load average at start ${loadStart}`);
    const scripts = {} as Record<ScriptName, string>;
    for (const name of Object.keys(ENTRIES) as ScriptName[]) {
      scripts[name] = await bundle(ENTRIES[name]);
    }
    const { url, server } = await serve(scripts);
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
    const loadEnd = loadText();
    console.log(`history-browser: load average at end ${loadEnd}`);
    const timed = (pick: (result: RoundResult) => readonly number[]) => (p: number) =>
      results.map((result) => percentile(sortedCopy(pick(result).slice(WARM_UP)), p));
    const call = timed((result) => result.saves.call);
    const mainJs = timed((result) =>
      result.saves.call.map((ms, index) => ms + (result.saves.reply[index] ?? 0)),
    );
    const commit = timed((result) => result.saves.commit);
    const directCommit = timed((result) => result.direct.commit);
    const bare = (kind: keyof FloorResult['bareCommits'], p: number) =>
      results.map((result) => percentile(sortedCopy(result.floors.bareCommits[kind]), p));
    const burstCall = (p: number) =>
      results.map((result) => percentile(sortedCopy(result.burst.call), p));
    /** A run's first save sends the whole record; the others only what changed. */
    const isFirst = (index: number) => index % RUN_LENGTH === 0;
    const split = (values: readonly number[], first: boolean, from = 0) =>
      sortedCopy(values.filter((_, index) => index >= from && isFirst(index) === first));
    const callBy = (first: boolean, p: number) =>
      results.map((result) => percentile(split(result.saves.call, first, WARM_UP), p));
    const burstBy = (first: boolean, p: number) =>
      results.map((result) => percentile(split(result.burst.call, first), p));
    const first = results[0];
    const target = { op: '<=', value: 1 } as const;
    return {
      metrics: [
        perRound('(a) page cost per save: in putRun p50', call(50), 'ms'),
        perRound('(a) page cost per save: in putRun p90', call(90), 'ms'),
        perRound('(a) page cost per save: in putRun p99', call(99), 'ms', target),
        perRound('(a) page cost per save: putRun + its reply handler p50', mainJs(50), 'ms'),
        perRound('(a) page cost per save: putRun + its reply handler p90', mainJs(90), 'ms'),
        perRound(
          '(a) page cost per save: putRun + its reply handler p99',
          mainJs(99),
          'ms',
          target,
        ),
        perRound('(a) page cost per save: putRun + reply max', mainJs(100), 'ms'),
        perRound('(a) in putRun p99, later saves of a run (what changed)', callBy(false, 99), 'ms'),
        perRound("(a) in putRun p99, a run's first save (whole record)", callBy(true, 99), 'ms'),
        {
          name: '(a) renderer main-thread time per save, CDP (mean, extra round, bench loop included)',
          value: round3((profiled?.mainThreadMs ?? Number.NaN) / SAVES),
          unit: 'ms',
          target,
        },
        perRound('(b) until committed (worker) p50', commit(50), 'ms'),
        perRound('(b) until committed (worker) p99', commit(99), 'ms'),
        perRound('(b) bare IndexedDB commit p50 (default durability)', bare('default', 50), 'ms'),
        perRound('(b) bare IndexedDB commit p99 (default durability)', bare('default', 99), 'ms'),
        perRound('(b) bare IndexedDB commit p50 (relaxed)', bare('relaxed', 50), 'ms'),
        perRound('(b) bare IndexedDB commit p99 (relaxed)', bare('relaxed', 99), 'ms'),
        perRound('(b) bare IndexedDB commit p50 (strict)', bare('strict', 50), 'ms'),
        perRound('(b) bare IndexedDB commit p99 (strict)', bare('strict', 99), 'ms'),
        {
          name: 'before: Dexie in the page, renderer main-thread time per save, CDP (mean)',
          value: round3((profiled?.directMainThreadMs ?? Number.NaN) / SAVES),
          unit: 'ms',
        },
        perRound('before: Dexie in the page, until committed p50', directCommit(50), 'ms'),
        perRound('before: Dexie in the page, until committed p99', directCommit(99), 'ms'),
        perRound(
          `burst (${first?.burst.saves ?? 0} saves, no await): in putRun p99`,
          burstCall(99),
          'ms',
        ),
        perRound('burst: in putRun p99, later saves of a run', burstBy(false, 99), 'ms'),
        perRound("burst: in putRun max, a run's first save", burstBy(true, 100), 'ms'),
        perRound(
          'burst: first call to last commit',
          results.map((result) => result.burst.totalMs),
          'ms',
        ),
        perRound(
          'burst: transitions lost',
          results.map(
            (result) => result.burst.expectedTransitions - result.burst.storedTransitions,
          ),
          'transitions',
          { op: '<=', value: 0 },
        ),
        perRound(
          "liveQuery in the page saw the worker's write (1 = yes)",
          results.map((result) => (result.liveQuery.propagated ? 1 : 0)),
          '',
        ),
        perRound(
          "liveQuery: from the worker save to the page's query",
          results.map((result) => result.liveQuery.ms),
          'ms',
        ),
        perRound(
          'runs stored',
          results.map((result) => result.floors.stored),
          'runs',
        ),
      ],
      notes: [
        `${ROUNDS} rounds, each a fresh Chromium profile: ${STORED} runs stored through the app's run-store worker, then ${SAVES} saves (the first ${WARM_UP} warm up) of live runs of ${RUN_LENGTH} transitions, records up to ${first?.saves.recordBytes ?? 0} bytes, each awaited to its commit before the next; value = median of the rounds, runs = each round.`,
        "(a) is what a save costs the page: the time inside putRun (diff + postMessage) and inside the page's handler of the worker's answer; the CDP figure is the renderer main thread's whole task time over the saves (TaskDuration, an extra round) divided by the saves, the bench loop and message dispatch included. (b) is the durability window: until the worker's transaction has committed; the bare commit (one small row in one transaction, awaited to `complete`) is the floor under it.",
        `"before" is the Dexie store in the page (the design before the worker), same saves, after the worker phases in the same profile. Burst: ${first?.burst.saves ?? 0} saves of whole runs handed over without waiting, every transition then read back.`,
        `${first?.floors.userAgent ?? ''}; crossOriginIsolated: ${String(first?.floors.crossOriginIsolated ?? false)}; load average at start ${loadStart}, at end ${loadEnd}, (1 min) after each round: ${loads.map((load) => load.toFixed(2)).join(' / ')}; CDP round's own putRun+reply p99 ${round3(percentile(sortedCopy((profiled?.saves.call ?? [0]).map((ms, index) => ms + (profiled?.saves.reply[index] ?? 0)).slice(WARM_UP)), 99))} ms.`,
      ],
    };
  },
};
