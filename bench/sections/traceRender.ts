import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { openBrowser } from '../../tests/e2e/chromium.ts';
import type { TraceRenderResult } from '../browser/traceRenderResult.ts';
import type { BenchSection, Metric } from '../types.ts';

/** Fresh pages (the view's first render in each), then warm renders in the last one. */
const PAGES = 5;
const WARM = 5;
const FRAMES = 10_000;
const ENTRY = new URL('../browser/traceRender.tsx', import.meta.url).pathname;

/** The page's script and styles, bundled and minified as the app's build is. */
async function bundle(): Promise<{ js: string; css: string }> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      lib: { entry: ENTRY, formats: ['iife'], name: 'traceBenchBundle', fileName: () => 'b.js' },
    },
  });
  let js = '';
  let css = '';
  for (const result of Array.isArray(output) ? output : [output]) {
    if (!('output' in result)) continue;
    for (const item of result.output) {
      if (item.type === 'chunk') js = item.code;
      else if (item.fileName.endsWith('.css')) css = String(item.source);
    }
  }
  if (js === '') throw new Error(`Vite produced no script for ${ENTRY}`);
  return { js, css };
}

async function serve(files: { js: string; css: string }): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.url === '/b.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript' });
      response.end(files.js);
    } else if (request.url === '/b.css') {
      response.writeHead(200, { 'Content-Type': 'text/css' });
      response.end(files.css);
    } else if (request.url === '/') {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>trace bench</title>' +
          '<link rel="icon" href="data:,"><link rel="stylesheet" href="/b.css">' +
          '<script src="/b.js"></script></head><body></body></html>',
      );
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, server };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * `trace-render`: the Trace tab's view (src/features/trace/TraceView.tsx) on the generated
 * 10,000-frame trace in Chromium, from render to first paint; the trace's parse beside it.
 */
export const traceRenderSection: BenchSection = {
  name: 'trace-render',
  description: `the Trace tab's view of a ${FRAMES.toLocaleString('en-US')}-frame trace in Chromium: render to first paint`,
  async run() {
    const { url, server } = await serve(await bundle());
    const session = await openBrowser();
    const cold: TraceRenderResult[] = [];
    const warm: TraceRenderResult[] = [];
    try {
      const { page } = session;
      await page.setViewportSize({ width: 1100, height: 900 });
      const render = (keep = false) =>
        page.evaluate(
          ([count, kept]) => {
            const bench = (
              globalThis as {
                traceBench?: { render: (n: number, k: boolean) => Promise<TraceRenderResult> };
              }
            ).traceBench;
            if (bench === undefined) throw new Error('The bench page did not load its script.');
            return bench.render(count, kept);
          },
          [FRAMES, keep] as const,
        );
      for (let index = 0; index < PAGES; index += 1) {
        await page.goto(url);
        await page.waitForFunction(() => 'traceBench' in globalThis);
        cold.push(await render());
      }
      for (let index = 0; index < WARM; index += 1) warm.push(await render());
      // One kept on screen, to look at (test-results/ is ignored by git).
      await render(true);
      await page.screenshot({ path: 'test-results/trace-render-10000.png', fullPage: true });
    } finally {
      await session.close();
      server.close();
    }
    const paint = cold.map((result) => round(result.paintMs));
    const metrics: Metric[] = [
      {
        name: `render → first paint, ${FRAMES.toLocaleString('en-US')} frames (median of ${PAGES} fresh pages)`,
        value: median(paint),
        unit: 'ms',
        target: { op: '<=', value: 100 },
        runs: paint,
      },
      {
        name: 'of which React commit (render → DOM)',
        value: median(cold.map((result) => round(result.renderMs))),
        unit: 'ms',
        runs: cold.map((result) => round(result.renderMs)),
      },
      {
        name: 'render → first paint, warm (same page)',
        value: median(warm.map((result) => round(result.paintMs))),
        unit: 'ms',
        runs: warm.map((result) => round(result.paintMs)),
      },
      {
        name: 'parse (JSON.parse + parseMoveTrace), before the render',
        value: median(cold.map((result) => round(result.parseMs))),
        unit: 'ms',
        runs: cold.map((result) => round(result.parseMs)),
      },
      { name: 'tree rows in the DOM', value: cold[0]?.rows ?? 0, unit: 'rows' },
      { name: 'flamegraph bars in the DOM', value: cold[0]?.bars ?? 0, unit: 'bars' },
    ];
    return {
      metrics,
      notes: [
        `load average ${loadavg()
          .map((value) => value.toFixed(2))
          .join(', ')} at the end`,
      ],
    };
  },
};
