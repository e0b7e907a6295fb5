import { createContext, useContext } from 'react';
import { createLayoutClient, type LayoutClient, type LayoutPort } from './layoutClient';

/** The layout client the diagram uses; tests hand in one that lays out in the test's thread. */
export const LayoutClientContext = createContext<LayoutClient | null>(null);

let shared: LayoutClient | null = null;

/** The page's layout client, over one module worker started on first use. */
function pageLayoutClient(): LayoutClient {
  shared ??= createLayoutClient(
    new Worker(new URL('./layout.worker.ts', import.meta.url), {
      type: 'module',
      name: 'statechart-layout',
    }) as unknown as LayoutPort,
    window.localStorage,
  );
  return shared;
}

/** The nearest layout client, or the page's worker-backed one. */
export function useLayoutClient(): LayoutClient {
  return useContext(LayoutClientContext) ?? pageLayoutClient();
}
