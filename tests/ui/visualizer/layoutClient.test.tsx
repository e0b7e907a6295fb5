import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { walletMachine } from '../../../machines';
import { computeLayout, layoutKey } from '../../../src/features/visualizer/graph/layout';
import {
  createLayoutClient,
  type LayoutPort,
  type LayoutRequest,
} from '../../../src/features/visualizer/graph/layoutClient';
import { machineGraph } from '../../../src/features/visualizer/graph/machineGraph';

/** A worker stand-in that lays out in this thread and counts the requests it got. */
function inThreadPort(): LayoutPort & { requests: number } {
  const elk = new ELK();
  const port: LayoutPort & { requests: number } = {
    requests: 0,
    onmessage: null,
    postMessage: ({ id, graph }: LayoutRequest) => {
      port.requests += 1;
      computeLayout(elk, graph).then(
        (layout) => port.onmessage?.({ data: { id, layout } }),
        (error: unknown) => port.onmessage?.({ data: { id, error: String(error) } }),
      );
    },
  };
  return port;
}

describe('the layout client', () => {
  const graph = machineGraph(walletMachine);

  it('lays out every state and transition, once per definition', async () => {
    const port = inThreadPort();
    const client = createLayoutClient(port);
    expect(client.cached(graph)).toBeNull();
    const [first, second] = await Promise.all([client.layout(graph), client.layout(graph)]);
    expect(second).toBe(first);
    expect(port.requests).toBe(1);
    expect(Object.keys(first.nodes).sort()).toEqual(graph.nodes.map((node) => node.id).sort());
    const routed = [
      ...Object.values(first.routes).flatMap((route) => route.entries),
      ...Object.values(first.loops).flat(),
    ].flatMap((entry) => entry.edgeIds);
    expect(routed.sort()).toEqual(graph.edges.map((edge) => edge.id).sort());
    expect(client.cached(graph)).toBe(first);
    // A changed definition is a new key and a new layout.
    const changed = {
      ...graph,
      edges: graph.edges.map((edge) => ({ ...edge, label: `${edge.label}!` })),
    };
    expect(layoutKey(changed)).not.toBe(layoutKey(graph));
    await client.layout(changed);
    expect(port.requests).toBe(2);
  }, 30_000);

  it('keeps layouts in storage, so another page needs no worker', async () => {
    const entries = new Map<string, string>();
    const storage = {
      getItem: (key: string) => entries.get(key) ?? null,
      setItem: (key: string, value: string) => void entries.set(key, value),
    };
    await createLayoutClient(inThreadPort(), storage).layout(graph);
    const port = inThreadPort();
    const later = createLayoutClient(port, storage);
    expect(later.cached(graph)?.key).toBe(layoutKey(graph));
    await later.layout(graph);
    expect(port.requests).toBe(0);
  }, 30_000);
});
