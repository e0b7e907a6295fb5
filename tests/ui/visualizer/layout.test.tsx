import ELK from 'elkjs/lib/elk.bundled.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { transactionMachine, walletMachine } from '../../../machines';
import {
  computeLayout,
  layoutKey,
  LAYOUT_VERSION,
  toElkGraph,
  warmUp,
  WARM_UP_GRAPH,
  type GraphLayout,
  type NodeBox,
} from '../../../src/features/visualizer/graph/layout';
import {
  machineGraph,
  type MachineGraph,
} from '../../../src/features/visualizer/graph/machineGraph';
import { fitZoomOf, READABLE_ZOOM } from '../../../src/features/visualizer/diagram/useChartView';

const graph = machineGraph(transactionMachine);
const wallet = machineGraph(walletMachine);
const id = (path: string) => `transaction.${path}`;

/**
 * The chart's panel at 1440×900 (the Visualizer's flow area as the browser journey measures it:
 * the content column less its padding, the screen less the header and the chart's bar).
 */
const PANEL_1440 = { width: 1150, height: 780 };

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

/** True when two boxes share area (touching edges do not count). */
function overlap(a: NodeBox, b: NodeBox): boolean {
  return (
    a.x < b.x + b.width - 0.5 &&
    b.x < a.x + a.width - 0.5 &&
    a.y < b.y + b.height - 0.5 &&
    b.y < a.y + a.height - 0.5
  );
}

function inside(inner: NodeBox, outer: NodeBox): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

/** Every box of a layout, states and groups, by id. */
function boxesOf(layout: GraphLayout): Map<string, NodeBox> {
  return new Map([
    ...Object.entries(layout.nodes),
    ...Object.values(layout.groups).map((group) => [group.id, group.box] as const),
  ]);
}

function labelsOf(layout: GraphLayout): [string, NodeBox][] {
  return Object.values(layout.routes).flatMap((route) =>
    route.label ? [[route.id, route.label] as [string, NodeBox]] : [],
  );
}

describe('the ELK graph', () => {
  it('hands ELK the back edges reversed, every label a centre label, groups as containers', () => {
    const elk = toElkGraph(graph);
    expect(elk.layoutOptions?.['elk.hierarchyHandling']).toBe('INCLUDE_CHILDREN');
    expect(elk.layoutOptions?.['elk.edgeLabels.placement']).toBe('CENTER');
    const edges = new Map((elk.edges ?? []).map((edge) => [edge.id, edge]));
    // `edit` from any outcome goes back to editing: one line, out of the outcomes' box.
    const back = edges.get(`transaction#outcome>${id('editing')}`);
    expect(back?.sources).toEqual([id('editing')]);
    expect(back?.targets).toEqual(['transaction#outcome']);
    const forward = edges.get(`${id('editing')}>${id('building')}`);
    expect(forward?.sources).toEqual([id('editing')]);
    for (const edge of elk.edges ?? []) {
      expect(edge.labels?.[0]?.layoutOptions, edge.id).toBeUndefined();
    }
    const root = elk.children?.[0];
    const outcomes = root?.children?.find((child) => child.id === 'transaction#outcome');
    expect(outcomes?.children?.map((child) => child.id).sort()).toEqual(
      [
        'buildError',
        'committed',
        'expired',
        'failed',
        'rejected',
        'simulationError',
        'submitRejected',
        'timedOut',
      ].map(id),
    );
    // The layout's version is part of the cache key, so older stored layouts are not reused.
    expect(LAYOUT_VERSION).not.toBe('');
    expect(layoutKey(graph)).toMatch(/^transaction-[0-9a-z]+$/);
  });
});

describe.each([
  ['transaction', graph],
  ['wallet', wallet],
] as [string, MachineGraph][])('the %s machine’s layout', (_, machine) => {
  let layout: GraphLayout;
  beforeAll(async () => {
    layout = await computeLayout(new ELK(), machine);
  }, 60_000);

  it('fits a 1440×900 screen’s panel whole at a readable zoom', () => {
    const zoom = fitZoomOf(layout, PANEL_1440.width, PANEL_1440.height);
    expect(zoom, `${layout.width}×${layout.height}`).toBeGreaterThanOrEqual(READABLE_ZOOM);
  });

  it('has no two labels overlapping', () => {
    const labels = labelsOf(layout);
    expect(labels.length).toBeGreaterThan(10);
    for (const [index, [first, a]] of labels.entries()) {
      for (const [second, b] of labels.slice(index + 1)) {
        expect(overlap(a, b), `${first} and ${second}`).toBe(false);
      }
    }
  });

  it('has no label over a state: each is outside every box or wholly inside a container', () => {
    const containers = new Set<string>([
      ...machine.nodes.flatMap((node) => (node.parent === null ? [] : [node.parent])),
      ...Object.keys(layout.groups),
    ]);
    for (const [route, label] of labelsOf(layout)) {
      for (const [boxId, box] of boxesOf(layout)) {
        if (!overlap(label, box)) continue;
        expect(containers.has(boxId), `${route}'s label on state ${boxId}`).toBe(true);
        expect(inside(label, box), `${route}'s label across ${boxId}'s outline`).toBe(true);
      }
    }
  });

  it('runs no line through another line’s labels (the old end labels had 54 such crossings)', () => {
    const crossings: string[] = [];
    for (const route of Object.values(layout.routes)) {
      for (const [index, a] of route.points.slice(0, -1).entries()) {
        const b = route.points[index + 1] as { x: number; y: number };
        const segment = {
          x: Math.min(a.x, b.x),
          y: Math.min(a.y, b.y),
          width: Math.abs(a.x - b.x),
          height: Math.abs(a.y - b.y),
        };
        for (const [other, label] of labelsOf(layout)) {
          const core = {
            x: label.x + 1,
            y: label.y + 1,
            width: label.width - 2,
            height: label.height - 2,
          };
          const hits =
            segment.x < core.x + core.width &&
            segment.x + segment.width > core.x &&
            segment.y < core.y + core.height &&
            segment.y + segment.height > core.y;
          if (hits && other !== route.id) crossings.push(`${route.id} through ${other}`);
        }
      }
    }
    expect(crossings).toEqual([]);
  });

  it('puts every state inside its parent’s box (and its group’s), and states apart', () => {
    const boxes = boxesOf(layout);
    const groupOf = new Map(
      Object.values(layout.groups).flatMap((group) =>
        group.members.map((member) => [member, group]),
      ),
    );
    for (const node of machine.nodes) {
      const box = boxes.get(node.id);
      expect(box, node.id).toBeDefined();
      const parents = [node.parent, groupOf.get(node.id)?.id ?? null].filter(
        (parent): parent is string => parent !== null,
      );
      for (const parent of parents) {
        expect(
          inside(box as NodeBox, boxes.get(parent) as NodeBox),
          `${node.id} in ${parent}`,
        ).toBe(true);
      }
    }
    const atomic = machine.nodes.filter(
      (node) => !machine.nodes.some((child) => child.parent === node.id),
    );
    for (const [index, a] of atomic.entries()) {
      for (const b of atomic.slice(index + 1)) {
        expect(
          overlap(boxes.get(a.id) as NodeBox, boxes.get(b.id) as NodeBox),
          `${a.id}, ${b.id}`,
        ).toBe(false);
      }
    }
  });

  it('draws every transition once: on a line from its source’s box to its target’s, or in its box', () => {
    const boxes = boxesOf(layout);
    const drawn = [
      ...Object.values(layout.routes).flatMap((route) =>
        route.entries.flatMap((entry) => entry.edgeIds),
      ),
      ...Object.values(layout.loops).flatMap((entries) =>
        entries.flatMap((entry) => entry.edgeIds),
      ),
    ];
    expect(drawn.sort()).toEqual(machine.edges.map((edge) => edge.id).sort());
    for (const route of Object.values(layout.routes)) {
      const first = route.points[0];
      const last = route.points.at(-1);
      const source = boxes.get(route.source);
      const target = boxes.get(route.target);
      if (!first || !last || !source || !target) throw new Error(`no route ${route.id}`);
      // Within a few pixels of the outline (ELK ends edges on the box or a compound's port).
      expect(offOutline(first, source), `${route.id} starts at its source`).toBeLessThan(25);
      expect(offOutline(last, target), `${route.id} ends at its target`).toBeLessThan(25);
    }
  });
});

describe('the transaction machine’s layout, in order', () => {
  it('reads top-down in definition order, outcomes last', async () => {
    const layout = await computeLayout(new ELK(), graph);
    const top = (path: string) => layout.nodes[id(path)]?.y ?? Number.NaN;
    const order = ['editing', 'building', 'built', 'simulating', 'signed', 'pending', 'failed'];
    for (const [index, state] of order.slice(1).entries()) {
      expect(top(order[index] as string), `${order[index]} above ${state}`).toBeLessThan(
        top(state),
      );
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
