import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { parseMoveTrace, type MoveTrace } from '../../replay/moveTrace.ts';
import { cssVariablesResolver, theme } from '../../src/app/theme.ts';
import { TraceView } from '../../src/features/trace/TraceView.tsx';
import { generatedTrace } from '../../tests/fixtures/moveTraces.ts';
import type { TraceRenderResult } from './traceRenderResult.ts';

/**
 * The Chromium half of `npm run bench trace-render`: bundled by Vite (with Mantine's styles and
 * the tab's CSS module) and run in a page on 127.0.0.1. Node calls `traceBench.render()` through
 * `page.evaluate`: the generated 10,000-frame trace is made and serialized before the clock, then
 * timed are its parse (`parseMoveTrace` of the JSON text, as the query does) and the Trace view's
 * render, committed synchronously, to the first paint after it (a task posted from the next
 * `requestAnimationFrame`, as compose-browser times interactions). Mantine's provider is
 * mounted once, as the app's is, so the figure is the view's own.
 */

let show: (trace: MoveTrace | null) => void = () => {
  throw new Error('The bench page has not mounted yet.');
};

/** The provider's child: shows the trace it is handed; the bench is ready once it has mounted. */
function Host() {
  const [trace, setTrace] = useState<MoveTrace | null>(null);
  useEffect(() => {
    show = setTrace;
    (globalThis as { traceBench?: { render: typeof render } }).traceBench = { render };
  }, []);
  return trace && <TraceView trace={trace} />;
}

const container = document.createElement('div');
container.style.width = '1000px';
document.addEventListener('DOMContentLoaded', () => document.body.append(container));
createRoot(container).render(
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
    <Host />
  </MantineProvider>,
);

const nextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function render(count = 10_000, keep = false): Promise<TraceRenderResult> {
  const text = JSON.stringify(generatedTrace(count));
  await nextPaint();
  const parseStart = performance.now();
  const trace = parseMoveTrace(JSON.parse(text));
  const parseMs = performance.now() - parseStart;
  const start = performance.now();
  flushSync(() => show(trace));
  const renderMs = performance.now() - start;
  await nextPaint();
  const paintMs = performance.now() - start;
  const result = {
    frames: trace.frames.length,
    parseMs,
    renderMs,
    paintMs,
    rows: container.querySelectorAll('[role="treeitem"]').length,
    bars: container.querySelectorAll('[data-frame]').length,
  };
  if (!keep) flushSync(() => show(null));
  return result;
}
