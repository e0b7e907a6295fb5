import { createContext, useContext } from 'react';
import { layoutClient, type LayoutClient } from './layoutClient';

/** The layout client the diagram uses; tests hand in one that lays out in the test's thread. */
export const LayoutClientContext = createContext<LayoutClient | null>(null);

/** The nearest layout client, or the page's worker-backed one. */
export function useLayoutClient(): LayoutClient {
  return useContext(LayoutClientContext) ?? layoutClient();
}
