import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { transactionMachine } from '../../../machines';
import {
  computeLayout,
  layoutKey,
  LAYOUT_VERSION,
  toElkGraph,
  warmUp,
  WARM_UP_GRAPH,
  type NodeBox,
} from '../../../src/features/visualizer/graph/layout';
import { machineGraph } from '../../../src/features/visualizer/graph/machineGraph';

const graph = machineGraph(transactionMachine);
const id = (path: string) => `transaction.${path}`;

/** Distance from a point to a box's outline (0 on it). */
function offOutline(point: { x: number; y: number }, box: NodeBox): number {
  const dx = Math.max(box.x - point.x, 0, point.x - (box.x + box.width));
  const dy = Math.max(box.y - point.y, 0, point.y - (box.y + box.height));
  const outside = Math.hypot(dx, dy);
  if (outside > 0) return outside;
  return Math.min(
    point.x - box.x,
    box.x + box.width - point.x,
    point.y - box.y,
    box.y + box.height - point.y,
  );
}

describe('the statechart layout', () => {
  it('hands ELK the back edges reversed, each label at the transition’s source end', () => {
    const elk = toElkGraph(graph);
    const edges = new Map((elk.edges ?? []).map((edge) => [edge.id, edge]));
    // `edit` from failed goes back to editing: ELK sees editing → failed, label at its head.
    const back = edges.get(`${id('failed')}>${id('editing')}`);
    expect(back?.sources).toEqual([id('editing')]);
    expect(back?.targets).toEqual([id('failed')]);
    expect(back?.labels?.[0]?.layoutOptions).toEqual({ 'elk.edgeLabels.placement': 'HEAD' });
    const forward = edges.get(`${id('editing')}>${id('building')}`);
    expect(forward?.sources).toEqual([id('editing')]);
    expect(forward?.labels?.[0]?.layoutOptions).toEqual({ 'elk.edgeLabels.placement': 'TAIL' });
    // The layout's version is part of the cache key, so older stored layouts are not reused.
    expect(LAYOUT_VERSION).not.toBe('');
    expect(layoutKey(graph)).toMatch(/^transaction-[0-9a-z]+$/);
  });

  it('reads top-down in definition order, and every route runs from its source to its target', async () => {
    const layout = await computeLayout(new ELK(), graph);
    const top = (path: string) => layout.nodes[id(path)]?.y ?? Number.NaN;
    expect(top('editing')).toBeLessThan(top('building'));
    expect(top('building')).toBeLessThan(top('built'));
    expect(top('built')).toBeLessThan(top('simulating'));
    expect(top('simulating')).toBeLessThan(top('signed'));
    expect(top('signed')).toBeLessThan(top('pending'));
    expect(top('pending')).toBeLessThan(top('failed'));
    const boxes = layout.nodes;
    const routes = Object.entries(layout.routes);
    expect(routes.length).toBeGreaterThan(40);
    for (const [routeId, route] of routes) {
      const [source = '', target = ''] = routeId.split('>');
      if (source === target) continue;
      const first = route.points[0];
      const last = route.points.at(-1);
      const sourceBox = boxes[source];
      const targetBox = boxes[target];
      if (!first || !last || !sourceBox || !targetBox) throw new Error(`no route ${routeId}`);
      // Within a few pixels of the outline (ELK ends edges on the box or a compound's port).
      expect(offOutline(first, sourceBox), `${routeId} starts at its source`).toBeLessThan(25);
      expect(offOutline(last, targetBox), `${routeId} ends at its target`).toBeLessThan(25);
    }
  }, 60_000);
});

describe('the worker warm-up', () => {
  it('is a well-formed chart: every parent and edge end is one of its states', () => {
    const ids = new Set(WARM_UP_GRAPH.nodes.map((node) => node.id));
    expect(ids.size).toBe(WARM_UP_GRAPH.nodes.length);
    for (const node of WARM_UP_GRAPH.nodes) {
      if (node.parent !== null) expect(ids).toContain(node.parent);
    }
    for (const edge of WARM_UP_GRAPH.edges) {
      expect(ids).toContain(edge.source);
      expect(ids).toContain(edge.target);
    }
  });

  it('lays every state of the warm-up chart out, and then real charts lay out the same', async () => {
    const elk = new ELK();
    const warm = await computeLayout(elk, WARM_UP_GRAPH);
    for (const node of WARM_UP_GRAPH.nodes) expect(warm.nodes[node.id]).toBeDefined();
    const fresh = await computeLayout(new ELK(), graph);
    await warmUp(elk);
    const afterWarmUp = await computeLayout(elk, graph);
    expect(afterWarmUp).toEqual(fresh);
  });

  it('never rejects, even when ELK fails', async () => {
    const broken = { layout: () => Promise.reject(new Error('no')) } as unknown as InstanceType<
      typeof ELK
    >;
    await expect(warmUp(broken)).resolves.toBeUndefined();
  });
});
