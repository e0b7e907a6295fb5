import type { ELK, ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { chartModel, type Bundle, type ChartGroup, type LabelEntry } from './chartModel';
import type { GraphNode, MachineGraph } from './machineGraph';
import { atomicSize, headerHeight, headerWidth, labelSize, MIN_GROUPED_WIDTH } from './sizes';

/** Where ELK put one box (absolute coordinates). */
export interface NodeBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One drawn line: its labels, the points ELK routed it through, and its labels' box. */
export interface EdgeRoute extends Bundle {
  /** From the source box's outline to the target's (absolute). */
  points: { x: number; y: number }[];
  label: NodeBox | null;
}

/** A laid-out machine graph. */
export interface GraphLayout {
  key: string;
  width: number;
  height: number;
  /** Every state's box, by state id. */
  nodes: Record<string, NodeBox>;
  /** Boxes around grouped sibling states (not states themselves), by group id. */
  groups: Record<string, ChartGroup & { box: NodeBox }>;
  /** Lines by `<source>><target>`. */
  routes: Record<string, EdgeRoute>;
  /** Transitions drawn inside their state's box, by state id. */
  loops: Record<string, LabelEntry[]>;
}

/**
 * A short, stable hash (53-bit, `cyrb53`) of a string; the layout cache key. Cheap enough to run
 * on every render of a definition.
 */
export function hashString(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const keys = new WeakMap<MachineGraph, string>();

/**
 * Part of every cache key: bump it when the way a graph is laid out changes (options, edge
 * direction, label placement), so layouts stored by an older version are not reused.
 */
export const LAYOUT_VERSION = 'v4: top-down, groups, centre labels, in-box loops, linear segments';

/**
 * The cache key of a graph's layout: a hash of everything that shapes it, computed once per
 * graph object (graphs are immutable).
 */
export function layoutKey(graph: MachineGraph): string {
  let key = keys.get(graph);
  if (key === undefined) {
    key = `${graph.machineId}-${hashString(`${LAYOUT_VERSION}${JSON.stringify(graph)}`)}`;
    keys.set(graph, key);
  }
  return key;
}

/**
 * Options of every level: INCLUDE_CHILDREN lays the whole hierarchy out as one graph, but reads
 * spacing and routing from each compound node, so every container gets them too.
 *
 * Top to bottom: labels are wider than tall, and a machine's main flow is long (ten steps from
 * `editing` to an outcome); left to right it was four times wider than a 1440×900 screen. Every
 * label is a centre label, which ELK makes a node of its own in a layer between its states: no
 * label can overlap a state or another label. Spacing is tight, as the chart must fit a screen.
 * (`considerModelOrder` is left out: with INCLUDE_CHILDREN it throws inside ELK 0.12.)
 */
const LAYERED: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.spacing.nodeNode': '16',
  'elk.layered.spacing.nodeNodeBetweenLayers': '8',
  'elk.spacing.edgeNode': '8',
  'elk.layered.spacing.edgeNodeBetweenLayers': '6',
  'elk.spacing.edgeEdge': '5',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '4',
  'elk.spacing.edgeLabel': '2',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.edgeLabels.inline': 'true',
  // A straight main flow and a chart 25 % narrower than Brandes–Köpf's (2,044 px wide, too wide
  // for 1440×900), at a quarter of network simplex's time (same width, ~300 ms warm).
  'elk.layered.nodePlacement.strategy': 'LINEAR_SEGMENTS',
  'elk.layered.thoroughness': '1',
};

/**
 * True when a line goes back in the machine's definition order (`failed → editing`,
 * `simulating → built`): ELK is handed it reversed, so the states read top-down in the order
 * they are written, and ELK has no cycles to break (its greedy cycle breaker turned the chart
 * upside down: `editing` at the bottom).
 */
function isBackEdge(order: ReadonlyMap<string, number>, source: string, target: string): boolean {
  return (order.get(target) ?? 0) < (order.get(source) ?? 0);
}

/** Each box's place in the definition (a group's: its first member's). */
function definitionOrder(graph: MachineGraph, groups: ChartGroup[]): Map<string, number> {
  const order = new Map(graph.nodes.map((node, index) => [node.id, index]));
  for (const group of groups) {
    order.set(group.id, Math.min(...group.members.map((id) => order.get(id) ?? 0)));
  }
  return order;
}

const padding = (top: number, side = 12) =>
  `[top=${top},left=${side},bottom=${side},right=${side}]`;

/**
 * The ELK graph of a machine: compound states and groups are containers, each line carries its
 * labels as one centre label (a node of its own in ELK's layers, so it overlaps nothing).
 */
export function toElkGraph(graph: MachineGraph): ElkNode {
  const model = chartModel(graph);
  const elkNodes = new Map<string, ElkNode>();
  const root: ElkNode = {
    id: '__root__',
    layoutOptions: {
      ...LAYERED,
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.padding': padding(0, 0),
    },
    children: [],
    edges: [],
  };
  const hasChildren = new Set(graph.nodes.map((node) => node.parent));
  const groupOf = new Map(model.groups.flatMap((group) => group.members.map((id) => [id, group])));
  const place = (parent: string | null, elkNode: ElkNode) =>
    (parent === null ? root : elkNodes.get(parent))?.children?.push(elkNode);
  for (const graphNode of graph.nodes) {
    const node = { ...graphNode, tags: model.tags[graphNode.id] ?? [] };
    const loops = model.loops[node.id] ?? [];
    const group = groupOf.get(node.id);
    const elkNode: ElkNode = hasChildren.has(node.id)
      ? {
          id: node.id,
          children: [],
          layoutOptions: {
            ...LAYERED,
            'elk.padding': padding(headerHeight(node, loops), 10),
            'elk.nodeSize.constraints': 'MINIMUM_SIZE',
            'elk.nodeSize.minimum': `(${headerWidth(node, loops)}, 40)`,
          },
        }
      : { id: node.id, ...atomicSize(node, loops, group ? MIN_GROUPED_WIDTH : undefined) };
    elkNodes.set(node.id, elkNode);
    if (group && !elkNodes.has(group.id)) {
      const box: ElkNode = {
        id: group.id,
        children: [],
        layoutOptions: { ...LAYERED, 'elk.padding': padding(24, 8) },
      };
      elkNodes.set(group.id, box);
      place(group.parent, box);
    }
    place(group ? group.id : node.parent, elkNode);
  }
  const order = definitionOrder(graph, model.groups);
  root.edges = model.bundles.map((bundle): ElkExtendedEdge => {
    const back = isBackEdge(order, bundle.source, bundle.target);
    const label = { id: `${bundle.id}:label`, text: bundle.id, ...labelSize(bundle.entries) };
    return back
      ? { id: bundle.id, sources: [bundle.target], targets: [bundle.source], labels: [label] }
      : { id: bundle.id, sources: [bundle.source], targets: [bundle.target], labels: [label] };
  });
  return root;
}

const boxOf = (node: Pick<ElkNode, 'x' | 'y' | 'width' | 'height'>): NodeBox => ({
  x: node.x ?? 0,
  y: node.y ?? 0,
  width: node.width ?? 0,
  height: node.height ?? 0,
});

function collect(node: ElkNode, into: Map<string, NodeBox>, edges: ElkExtendedEdge[]) {
  edges.push(...((node.edges ?? []) as ElkExtendedEdge[]));
  for (const child of node.children ?? []) {
    into.set(child.id, boxOf(child));
    collect(child, into, edges);
  }
}

/**
 * Lays a machine graph out with ELK's layered algorithm, left to right, the whole hierarchy at
 * once. Pure apart from the ELK instance handed in: the Web Worker runs it, and so does the
 * benchmark.
 *
 * @param elk - an ELK instance (`new ELK()` from `elkjs/lib/elk.bundled.js`).
 * @param graph - the machine graph.
 * @returns absolute boxes of states and groups, routed lines with their label boxes, and the
 *   transitions drawn inside boxes.
 */
export async function computeLayout(elk: ELK, graph: MachineGraph): Promise<GraphLayout> {
  const model = chartModel(graph);
  const result = await elk.layout(toElkGraph(graph));
  const boxes = new Map<string, NodeBox>();
  const elkEdges: ElkExtendedEdge[] = [];
  collect(result, boxes, elkEdges);
  const order = definitionOrder(graph, model.groups);
  const bundles = new Map(model.bundles.map((bundle) => [bundle.id, bundle]));
  const routes: GraphLayout['routes'] = {};
  for (const edge of elkEdges) {
    const bundle = bundles.get(edge.id);
    if (!bundle) continue;
    const section = edge.sections?.[0];
    const points = section
      ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(({ x, y }) => ({
          x,
          y,
        }))
      : [];
    // A back edge was laid out reversed: its points run from the target to the source.
    if (isBackEdge(order, bundle.source, bundle.target)) points.reverse();
    const label = edge.labels?.[0];
    routes[bundle.id] = { ...bundle, points, label: label ? boxOf(label) : null };
  }
  const nodes: GraphLayout['nodes'] = {};
  for (const node of graph.nodes) {
    const box = boxes.get(node.id);
    if (box) nodes[node.id] = box;
  }
  const groups: GraphLayout['groups'] = {};
  for (const group of model.groups) {
    const box = boxes.get(group.id);
    if (box) groups[group.id] = { ...group, box };
  }
  return {
    key: layoutKey(graph),
    width: result.width ?? 0,
    height: result.height ?? 0,
    nodes,
    groups,
    routes,
    loops: model.loops,
  };
}

/**
 * A small chart with every feature the machines' charts use (a compound state with an initial
 * child, a final state, labelled and guarded edges, a back edge, a self-transition). A worker
 * lays it out once when it starts, so ELK's own start (class set-up and the first compilation of
 * the layered algorithm: 60–110 ms of CPU) is paid while the worker is idle, not in the first
 * real layout a user waits for.
 */
export const WARM_UP_GRAPH: MachineGraph = (() => {
  const node = (
    path: string,
    parent: string | null,
    type: GraphNode['type'],
    initial = false,
  ): GraphNode => ({
    id: `warmUp.${path}`,
    path,
    key: path.split('.').at(-1) ?? path,
    parent: parent === null ? null : `warmUp${parent ? `.${parent}` : ''}`,
    type,
    description: type === 'atomic' ? 'A state with a description that wraps.' : null,
    tags: type === 'atomic' ? ['tag'] : [],
    initial,
    invokes: [],
  });
  const edge = (source: string, target: string, label: string, guard: string | null = null) => ({
    id: `warmUp.${source}:${label}:0:warmUp.${target}`,
    source: `warmUp.${source}`,
    target: `warmUp.${target}`,
    eventType: label,
    label,
    guard,
    targetless: source === target,
    sendable: true,
  });
  return {
    machineId: 'warmUp',
    nodes: [
      { ...node('', null, 'compound'), id: 'warmUp', path: 'warmUp', key: 'warmUp' },
      node('idle', '', 'atomic', true),
      node('work', '', 'compound'),
      node('work.first', 'work', 'atomic', true),
      node('work.second', 'work', 'atomic'),
      node('failed', '', 'atomic'),
      node('done', '', 'final'),
    ],
    edges: [
      edge('idle', 'work', 'start'),
      edge('work.first', 'work.second', 'next', 'isReady'),
      edge('work.second', 'done', 'finish'),
      edge('work', 'failed', 'error: work'),
      edge('failed', 'idle', 'retry'),
      edge('work.second', 'work.second', 'update'),
    ],
  };
})();

/**
 * Lays {@link WARM_UP_GRAPH} out once; a layout worker calls it as it starts and answers real
 * requests after it. Never rejects: a failed warm-up only means the first layout pays ELK's start.
 */
export function warmUp(elk: ELK): Promise<void> {
  return computeLayout(elk, WARM_UP_GRAPH).then(
    () => undefined,
    () => undefined,
  );
}
