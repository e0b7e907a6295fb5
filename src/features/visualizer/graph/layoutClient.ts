import { layoutKey, type GraphLayout } from './layout';
import type { MachineGraph } from './machineGraph';

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
 * @returns the client.
 */
export function createLayoutClient(port: LayoutPort): LayoutClient {
  const cache = new Map<string, Promise<GraphLayout>>();
  const done = new Map<string, GraphLayout>();
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
    cached: (graph) => done.get(layoutKey(graph)) ?? null,
    layout: (graph) => {
      const key = layoutKey(graph);
      const known = cache.get(key);
      if (known) return known;
      const id = nextId++;
      const promise = new Promise<GraphLayout>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
      }).then(
        (layout) => {
          done.set(key, layout);
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
