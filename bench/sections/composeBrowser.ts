import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { startLocalnet } from '../../localnet/index.ts';
import { openBrowser } from '../../tests/e2e/chromium.ts';
import { percentile, STORED } from '../historyWorkload.ts';
import type { BenchSection, Metric } from '../types.ts';

/*
 * Interaction to next paint in Chromium: typing in a composer field and pressing a step button
 * of the built app, with 1,000 runs in History. The app talks to the embedded chain on the
 * Network.LOCAL ports (8080…), so run it where those ports are free (a network namespace, or no
 * `npm start`).
 */

const ROOT = new URL('../../', import.meta.url).pathname;
const OUT_DIR = join(ROOT, 'node_modules', '.cache', 'workbench', 'bench-app');
const FILL_ENTRY = new URL('../browser/composeFill.ts', import.meta.url).pathname;
/** Keystrokes timed (after {@link WARM_UP_KEYS}), and step-button presses (Build, then Edit). */
const KEYS = Number(process.env.BENCH_INP_KEYS ?? 60);
const WARM_UP_KEYS = 10;
const STEP_PAIRS = Number(process.env.BENCH_INP_STEPS ?? 15);
const BUDGET_MS = 50;
/**
 * `BENCH_INP_PROFILE=1` also records a CPU profile (CDP) of the renderer during the typing and
 * during the step presses, of an unminified build, into `bench/results/compose-{keys,steps}.cpuprofile`.
 */
const PROFILE = process.env.BENCH_INP_PROFILE === '1';
/** `BENCH_INP_TRACE=1` records a Chrome trace (style, layout, paint, scripts) instead, into `bench/results/compose-{keys,steps}.trace.json`. */
const TRACE = process.env.BENCH_INP_TRACE === '1';
const RESULTS_DIR = join(ROOT, 'bench', 'results');
/** Runs put in History first (`BENCH_INP_RUNS=0` measures the same without them). */
const RUNS_STORED = Number(process.env.BENCH_INP_RUNS ?? STORED);

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** The app built as `npm run build` builds it, plus the fill script, each as files or text. */
async function buildApp(): Promise<string> {
  mkdirSync(OUT_DIR, { recursive: true });
  await build({
    logLevel: 'warn',
    build: { outDir: OUT_DIR, emptyOutDir: true, ...(PROFILE ? { minify: false } : {}) },
  });
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      lib: {
        entry: FILL_ENTRY,
        formats: ['iife'],
        name: 'composeFillBundle',
        fileName: () => 'f.js',
      },
    },
  });
  for (const result of Array.isArray(output) ? output : [output]) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((item) => item.type === 'chunk');
    if (chunk !== undefined && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error(`Vite produced no script for ${FILL_ENTRY}`);
}

/** Serves the build and the fill page on one loopback origin (so both see one IndexedDB). */
async function serve(fillScript: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path === '/bench-fill.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript' });
      response.end(fillScript);
      return;
    }
    if (path === '/bench-fill.html') {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>fill</title>' +
          '<link rel="icon" href="data:,"><script src="/bench-fill.js"></script></head><body></body></html>',
      );
      return;
    }
    const file = normalize(join(OUT_DIR, path === '/' ? 'index.html' : path));
    if (!file.startsWith(OUT_DIR) || !existsSync(file)) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, server };
}

/** What the page measures per interaction. */
interface Interaction {
  kind: 'key' | 'step';
  /** From the input event's timestamp to after the next frame was presented (rAF, then a task). */
  toNextPaintMs: number;
  /** The longest Event Timing entry of the interaction (Chromium reports those ≥ 16 ms), or 0. */
  eventTimingMs: number;
}

/**
 * Installed before the app's scripts: times each interaction from its first input event to the
 * next paint (a `requestAnimationFrame` callback, then a message posted from it, which runs after
 * that frame is presented), and collects Event Timing entries (the INP metric's source).
 */
function installProbe(): void {
  interface Probe {
    marks: { kind: string; start: number; end: number }[];
    entries: { start: number; duration: number; interactionId: number }[];
    kind: string;
  }
  const probe: Probe = { marks: [], entries: [], kind: 'key' };
  (globalThis as { inpProbe?: Probe }).inpProbe = probe;
  new PerformanceObserver((list) => {
    // `interactionId` is in Chromium, not yet in TypeScript's DOM types.
    for (const entry of list.getEntries() as (PerformanceEventTiming & {
      interactionId: number;
    })[]) {
      if (entry.interactionId > 0)
        probe.entries.push({
          start: entry.startTime,
          duration: entry.duration,
          interactionId: entry.interactionId,
        });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  for (const type of ['keydown', 'pointerdown']) {
    addEventListener(
      type,
      (event) => {
        const start = event.timeStamp;
        const kind = probe.kind;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => probe.marks.push({ kind, start, end: performance.now() });
          channel.port2.postMessage(null);
        });
      },
      { capture: true },
    );
  }
}

async function interactions(page: Page): Promise<Interaction[]> {
  const { marks, entries } = await page.evaluate(() => {
    const probe = (
      globalThis as unknown as {
        inpProbe: {
          marks: { kind: string; start: number; end: number }[];
          entries: { start: number; duration: number }[];
        };
      }
    ).inpProbe;
    return { marks: probe.marks, entries: probe.entries };
  });
  return marks.map((mark, i) => {
    const next = marks[i + 1]?.start ?? Number.POSITIVE_INFINITY;
    const timing = entries
      .filter((entry) => entry.start >= mark.start - 1 && entry.start < next - 1)
      .reduce((longest, entry) => Math.max(longest, entry.duration), 0);
    return {
      kind: mark.kind as Interaction['kind'],
      toNextPaintMs: mark.end - mark.start,
      eventTimingMs: timing,
    };
  });
}

async function setKind(page: Page, kind: Interaction['kind']): Promise<void> {
  await page.evaluate((value) => {
    (globalThis as unknown as { inpProbe: { kind: string } }).inpProbe.kind = value;
  }, kind);
}

async function clearMarks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const probe = (globalThis as unknown as { inpProbe: { marks: unknown[]; entries: unknown[] } })
      .inpProbe;
    probe.marks.length = 0;
    probe.entries.length = 0;
  });
}

/** Starts a renderer CPU profile; the returned function stops it and writes it (with `PROFILE`). */
async function profile(page: Page, name: string): Promise<() => Promise<void>> {
  if (TRACE) return trace(page, name);
  if (!PROFILE) return async () => {};
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile: result } = await cdp.send('Profiler.stop');
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, `${name}.cpuprofile`), JSON.stringify(result));
    await cdp.detach();
  };
}

/** Starts a Chrome trace of the renderer's main thread; the returned function stops and writes it. */
async function trace(page: Page, name: string): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  return async () => {
    const done = new Promise<void>((resolve) =>
      cdp.once('Tracing.tracingComplete', () => resolve()),
    );
    await cdp.send('Tracing.end');
    await done;
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, `${name}.trace.json`), JSON.stringify({ traceEvents: events }));
    await cdp.detach();
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

export const composeBrowserSection: BenchSection = {
  name: 'compose-browser',
  description: `Chromium, the built app with ${RUNS_STORED} runs in History: typing in a composer field and pressing a step button, time to the next paint (Event Timing and rAF)`,
  async run() {
    const localnet = await startLocalnet({ blockTimeMs: 0, ephemeral: true }).catch(
      (error: unknown) => {
        throw new Error(
          `compose-browser starts the chain on the Network.LOCAL ports (8080…), which are taken (${String(error)}): run it in a network namespace (ip netns exec …) or stop npm start.`,
        );
      },
    );
    const fillScript = await buildApp();
    const { url, server } = await serve(fillScript);
    const session = await openBrowser();
    try {
      const { page } = session;
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${url}bench-fill.html`);
      await page.waitForFunction(() => 'composeFill' in globalThis);
      const stored = await page.evaluate(
        (count) =>
          (
            globalThis as unknown as { composeFill: { fill: (n: number) => Promise<number> } }
          ).composeFill.fill(count),
        RUNS_STORED,
      );
      await page.addInitScript(installProbe);
      await page.goto(`${url}#/compose`);
      await page.getByRole('heading', { level: 1, name: 'Transaction Workbench' }).waitFor();
      const historyCount = await page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('transaction-workbench-runs');
            open.onsuccess = () => {
              const db = open.result;
              // The run store keeps several rows per run (header, details, transitions).
              const all = db.transaction('entries').objectStore('entries').getAllKeys();
              all.onsuccess = () =>
                resolve(new Set(all.result.map((key) => (key as [string, number])[0])).size);
              all.onerror = () => reject(all.error);
            };
            open.onerror = () => reject(open.error);
          }),
      );
      // A sender, so the draft is complete and Build is enabled.
      const start = page.getByRole('region', { name: 'Get started' });
      await start.getByRole('button', { name: 'Connect the dev wallet' }).click();
      const prompt = page.getByRole('dialog', { name: 'Connect this app to the dev wallet?' });
      await prompt.getByRole('button', { name: 'Approve', exact: true }).click();
      await prompt.waitFor({ state: 'hidden' });
      await start.getByRole('button', { name: 'Fund from the faucet' }).click();
      await page
        .getByLabel('Sender balance')
        .getByText(/balance 1 APT/)
        .waitFor({ timeout: 30_000 });
      const step = (name: string) =>
        page.getByRole('region', { name: 'Run' }).getByRole('button', { name, exact: true });
      const state = (path: string) =>
        page
          .getByRole('status', { name: `Transaction machine state: ${path}`, exact: true })
          .waitFor({ timeout: 30_000 });

      // Typing: the amount argument, one key at a time, as a user types.
      const amount = page.getByRole('textbox', { name: /^Argument 2/ });
      await amount.click();
      await setKind(page, 'key');
      await clearMarks(page);
      const stopKeysProfile = await profile(page, 'compose-keys');
      const text = '1234567890';
      for (let i = 0; i < WARM_UP_KEYS + KEYS; i += 1) {
        if (i === WARM_UP_KEYS) await clearMarks(page);
        const key =
          i % (text.length + 1) === text.length
            ? 'Backspace'
            : (text[i % (text.length + 1)] ?? '1');
        await page.keyboard.press(key);
        await page.waitForTimeout(30);
      }
      await page.waitForTimeout(200);
      await stopKeysProfile();
      const typed = await interactions(page);
      await amount.fill('0.1 APT');
      await expectEnabled(page, step('Build'));

      // Step buttons: Build (editing → building → built), then Edit (back to editing).
      await setKind(page, 'step');
      await clearMarks(page);
      const stopStepsProfile = await profile(page, 'compose-steps');
      for (let i = 0; i < STEP_PAIRS; i += 1) {
        await step('Build').click();
        await state('built');
        await step('Edit').click();
        await state('editing');
      }
      await page.waitForTimeout(200);
      await stopStepsProfile();
      const pressed = await interactions(page);
      const { consoleErrors, pageErrors } = session.problems;
      if (consoleErrors.length + pageErrors.length > 0)
        throw new Error(`The app reported: ${[...consoleErrors, ...pageErrors].join('; ')}`);

      const figure = (name: string, values: number[], target = false): Metric => {
        const all = sorted(values);
        // INP is the worst interaction (the 98th percentile once there are 50 or more).
        const inp = all.length >= 50 ? percentile(all, 98) : (all[all.length - 1] ?? Number.NaN);
        return {
          name,
          value: round2(inp),
          unit: `ms (p50 ${round2(percentile(all, 50))}, p90 ${round2(percentile(all, 90))}, n ${all.length})`,
          ...(target ? { target: { op: '<=', value: BUDGET_MS } } : {}),
          runs: values.map(round2),
        };
      };
      const keys = typed.filter((item) => item.kind === 'key');
      const steps = pressed.filter((item) => item.kind === 'step');
      const both = [...keys, ...steps].map((item) => item.toNextPaintMs);
      return {
        metrics: [
          figure('interaction to next paint, typing and step buttons (INP-style)', both, true),
          figure(
            'typing in a composer field, to next paint',
            keys.map((i) => i.toNextPaintMs),
          ),
          figure(
            'pressing a step button (Build, Edit), to next paint',
            steps.map((i) => i.toNextPaintMs),
          ),
          {
            name: 'Event Timing: longest interaction (entries ≥ 16 ms; 0 when none)',
            value: round2(Math.max(0, ...[...keys, ...steps].map((i) => i.eventTimingMs))),
            unit: `ms (${[...keys, ...steps].filter((i) => i.eventTimingMs > 0).length} entries)`,
          },
          {
            name: 'runs in History while measured',
            value: historyCount,
            unit: `runs (filled ${stored})`,
          },
        ],
        notes: [
          `Built app (vite build), Chromium headless at 1440×900, chain in process with instant mining; ${RUNS_STORED} realistic runs put in the app's run store first.`,
          `Typing: ${KEYS} keys into “Argument 2” after ${WARM_UP_KEYS} warm-up keys; steps: ${STEP_PAIRS} × (Build, Edit), each waiting for its state.`,
          'To next paint: from the input event’s timestamp to a task posted from the next requestAnimationFrame (after that frame is presented); Event Timing entries (what INP reads) are listed when ≥ 16 ms.',
        ],
      };
    } finally {
      await session.close();
      await new Promise((resolve) => server.close(resolve));
      await localnet.stop();
    }
  },
};

async function expectEnabled(page: Page, locator: ReturnType<Page['getByRole']>): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (await locator.isEnabled()) return;
    await page.waitForTimeout(50);
  }
  await page.screenshot({ path: '/tmp/compose-browser-failed.png', fullPage: true });
  throw new Error('Build did not become enabled (screenshot: /tmp/compose-browser-failed.png)');
}
