import { createContext, useContext } from 'react';
import { createLayoutClient, type LayoutClient, type LayoutPort } from './layoutClient';

/** The layout client the diagram uses; tests hand in one that lays out in the test's thread. */
export const LayoutClientContext = createContext<LayoutClient | null>(null);

let shared: LayoutClient | null = null;

/** Answers every request with why there is no layout (a page without Web Workers, e.g. jsdom). */
const noWorker: LayoutPort = {
  onmessage: null,
  postMessage: ({ id }) =>
    queueMicrotask(() =>
      noWorker.onmessage?.({ data: { id, error: 'this browser cannot run Web Workers' } }),
    ),
};

/** The page's layout client, over one module worker started on first use. */
function pageLayoutClient(): LayoutClient {
  if (typeof Worker === 'undefined') return (shared ??= createLayoutClient(noWorker));
  shared ??= createLayoutClient(
    new Worker(new URL('./layout.worker.ts', import.meta.url), {
      type: 'module',
      name: 'statechart-layout',
    }) as unknown as LayoutPort,
    window.localStorage,
  );
  return shared;
}

/**
 * Starts the page's layout worker now (idempotent): it loads ELK and warms it up while the user
 * is still on the way to the Visualizer.
 */
export function startLayoutWorker(): void {
  pageLayoutClient();
}

/** The nearest layout client, or the page's worker-backed one. */
export function useLayoutClient(): LayoutClient {
  return useContext(LayoutClientContext) ?? pageLayoutClient();
}
