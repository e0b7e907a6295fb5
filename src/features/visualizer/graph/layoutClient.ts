import { layoutKey, type GraphLayout } from './layout';
import type { MachineGraph } from './machineGraph';

/** Stored layouts are keyed by this prefix and the definition's hash. */
const STORAGE_PREFIX = 'workbench.layout.';

/** A message to the layout worker. */
export interface LayoutRequest {
  id: number;
  graph: MachineGraph;
}

/** The worker's answer. */
export type LayoutResponse = { id: number; layout: GraphLayout } | { id: number; error: string };

/** Lays graphs out off the main thread, and remembers each layout by its definition's hash. */
export interface LayoutClient {
  /** The cached layout of a graph, or `null` (synchronous: a hash and a map lookup). */
  cached: (graph: MachineGraph) => GraphLayout | null;
  /** The layout of a graph: from the cache, or from the worker (once per definition). */
  layout: (graph: MachineGraph) => Promise<GraphLayout>;
}

/** Where layouts are computed: a worker in the browser, or anything with the same messages. */
export interface LayoutPort {
  postMessage: (request: LayoutRequest) => void;
  onmessage: ((message: { data: LayoutResponse }) => void) | null;
}

/**
 * A layout client over a worker-like port, with a cache keyed by {@link layoutKey}. Concurrent
 * requests for one definition share one computation.
 *
 * @param port - the layout worker (the browser's `new Worker(...)`).
 * @param storage - where layouts outlive the page (the browser's `localStorage`), optional.
 * @returns the client.
 */
export function createLayoutClient(
  port: LayoutPort,
  storage?: { getItem(key: string): string | null; setItem(key: string, value: string): void },
): LayoutClient {
  const cache = new Map<string, Promise<GraphLayout>>();
  const done = new Map<string, GraphLayout>();
  const stored = (key: string): GraphLayout | null => {
    try {
      const text = storage?.getItem(`${STORAGE_PREFIX}${key}`);
      const layout = text ? (JSON.parse(text) as GraphLayout) : null;
      if (layout?.key !== key) return null;
      done.set(key, layout);
      cache.set(key, Promise.resolve(layout));
      return layout;
    } catch {
      return null;
    }
  };
  const waiting = new Map<
    number,
    { resolve: (layout: GraphLayout) => void; reject: (error: Error) => void }
  >();
  let nextId = 1;
  port.onmessage = ({ data }) => {
    const request = waiting.get(data.id);
    waiting.delete(data.id);
    if (!request) return;
    if ('layout' in data) request.resolve(data.layout);
    else request.reject(new Error(`The diagram could not be laid out: ${data.error}`));
  };
  return {
    cached: (graph) => {
      const key = layoutKey(graph);
      return done.get(key) ?? stored(key);
    },
    layout: (graph) => {
      const key = layoutKey(graph);
      const known = cache.get(key) ?? (stored(key) && cache.get(key));
      if (known) return known;
      const id = nextId++;
      const promise = new Promise<GraphLayout>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
      }).then(
        (layout) => {
          done.set(key, layout);
          try {
            storage?.setItem(`${STORAGE_PREFIX}${key}`, JSON.stringify(layout));
          } catch {
            // Storage full or refused: the layout stays cached for this page.
          }
          return layout;
        },
        (error: unknown) => {
          cache.delete(key);
          throw error;
        },
      );
      cache.set(key, promise);
      port.postMessage({ id, graph });
      return promise;
    },
  };
}
