import type { ELK, ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api';
import type { GraphEdge, GraphNode, MachineGraph } from './machineGraph';

/** Where ELK put one state (absolute coordinates). */
export interface NodeBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where ELK routed the transitions between one source and one target (absolute points), and the
 * box holding their labels, one under the other in `edgeIds` order.
 */
export interface EdgeRoute {
  edgeIds: string[];
  points: { x: number; y: number }[];
  label: NodeBox | null;
}

/** A laid-out machine graph: boxes by node id, routes by source→target pair. */
export interface GraphLayout {
  key: string;
  width: number;
  height: number;
  nodes: Record<string, NodeBox>;
  routes: Record<string, EdgeRoute>;
}

const CHAR_WIDTH = 7;
const LINE_HEIGHT = 15;
const ATOMIC_WIDTH = 230;
/** Characters of a description per line inside an atomic node. */
const DESCRIPTION_LINE = 34;

/** The size a state's box needs for its name, tags and description (compound: its header). */
export function nodeSize(node: Pick<GraphNode, 'description' | 'tags' | 'key'>): {
  width: number;
  height: number;
} {
  const lines = Math.ceil((node.description?.length ?? 0) / DESCRIPTION_LINE);
  const width = Math.max(ATOMIC_WIDTH, node.key.length * 9 + 40);
  return { width, height: 34 + (node.tags.length > 0 ? 20 : 0) + lines * LINE_HEIGHT };
}

/** Space reserved above a compound state's children for its name, tags and description. */
export function compoundHeader(node: Pick<GraphNode, 'description' | 'tags'>): number {
  const lines = Math.ceil((node.description?.length ?? 0) / (DESCRIPTION_LINE * 1.6));
  return 40 + (node.tags.length > 0 ? 20 : 0) + lines * LINE_HEIGHT;
}

/** Height of one transition's label: its event, and its guard on a second line. */
export function labelHeight(edge: Pick<GraphEdge, 'guard'>): number {
  return edge.guard === null ? 20 : 34;
}

function labelWidth(edge: Pick<GraphEdge, 'guard' | 'label'>): number {
  return Math.max(edge.label.length, (edge.guard?.length ?? 0) + 2) * CHAR_WIDTH + 14;
}

/**
 * Transitions between the same two states share one routed line (their labels stacked): fewer
 * edges for ELK, and a diagram that reads better.
 */
export function routeGroups(graph: MachineGraph): Map<string, GraphEdge[]> {
  const groups = new Map<string, GraphEdge[]>();
  for (const edge of graph.edges) {
    const id = `${edge.source}>${edge.target}`;
    const group = groups.get(id);
    if (group) group.push(edge);
    else groups.set(id, [edge]);
  }
  return groups;
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
export const LAYOUT_VERSION = 'v2: back edges reversed, labels at the source end';

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

const LAYERED = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.layered.spacing.nodeNodeBetweenLayers': '50',
  'elk.spacing.nodeNode': '40',
  'elk.spacing.edgeLabel': '4',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  // Fewer crossing-minimisation passes: a third of the time, much the same drawing.
  'elk.layered.thoroughness': '1',
};

/**
 * True when a transition goes back in the machine's definition order (`failed → editing`,
 * `simulating → built`): ELK is handed it reversed, so the states read top-down in the order
 * they are written, and ELK has no cycles to break (its greedy cycle breaker turned the chart
 * upside down: `editing` at the bottom).
 */
function isBackEdge(order: ReadonlyMap<string, number>, source: string, target: string): boolean {
  return (order.get(target) ?? 0) < (order.get(source) ?? 0);
}

function definitionOrder(graph: MachineGraph): Map<string, number> {
  return new Map(graph.nodes.map((node, index) => [node.id, index]));
}

/** The ELK graph of a machine: compound states are containers, each edge carries its label. */
export function toElkGraph(graph: MachineGraph): ElkNode {
  const elkNodes = new Map<string, ElkNode>();
  const root: ElkNode = {
    id: '__root__',
    layoutOptions: {
      ...LAYERED,
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    },
    children: [],
    edges: [],
  };
  const hasChildren = new Set(graph.nodes.map((node) => node.parent));
  for (const node of graph.nodes) {
    const container = hasChildren.has(node.id);
    const elkNode: ElkNode = container
      ? {
          id: node.id,
          children: [],
          layoutOptions: {
            ...LAYERED,
            'elk.padding': `[top=${compoundHeader(node)},left=20,bottom=20,right=20]`,
          },
        }
      : { id: node.id, ...nodeSize(node) };
    elkNodes.set(node.id, elkNode);
    const parent = node.parent === null ? root : elkNodes.get(node.parent);
    parent?.children?.push(elkNode);
  }
  const order = definitionOrder(graph);
  root.edges = [...routeGroups(graph)].map(([id, edges]): ElkExtendedEdge => {
    const [first] = edges as [GraphEdge];
    const back = isBackEdge(order, first.source, first.target);
    const label: ElkLabel = {
      text: edges.map((edge) => edge.label).join('\n'),
      width: Math.max(...edges.map(labelWidth)),
      height: edges.reduce((sum, edge) => sum + labelHeight(edge), 0),
      // The label sits where the transition starts, beside the state that accepts its events.
      // An end label is not a node of its own: a centre label is a dummy node in a layer of
      // its own, which doubles the layers every long edge crosses (half of ELK's time).
      ...(first.source === first.target
        ? {}
        : { layoutOptions: { 'elk.edgeLabels.placement': back ? 'HEAD' : 'TAIL' } }),
    };
    return back
      ? { id, sources: [first.target], targets: [first.source], labels: [label] }
      : { id, sources: [first.source], targets: [first.target], labels: [label] };
  });
  return root;
}

function collect(node: ElkNode, into: GraphLayout['nodes']) {
  for (const child of node.children ?? []) {
    into[child.id] = {
      x: child.x ?? 0,
      y: child.y ?? 0,
      width: child.width ?? 0,
      height: child.height ?? 0,
    };
    collect(child, into);
  }
}

function collectRoutes(
  node: ElkNode,
  groups: Map<string, GraphEdge[]>,
  order: ReadonlyMap<string, number>,
  into: GraphLayout['routes'],
) {
  for (const edge of (node.edges ?? []) as ElkExtendedEdge[]) {
    const section = edge.sections?.[0];
    const label = edge.labels?.[0];
    const members = groups.get(edge.id) ?? [];
    const [first] = members;
    const points = section
      ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]
      : [];
    // A back edge was laid out reversed: its points run from the target to the source.
    if (first && isBackEdge(order, first.source, first.target)) points.reverse();
    into[edge.id] = {
      edgeIds: members.map((member) => member.id),
      points,
      label:
        label === undefined
          ? null
          : {
              x: label.x ?? 0,
              y: label.y ?? 0,
              width: label.width ?? 0,
              height: label.height ?? 0,
            },
    };
  }
  for (const child of node.children ?? []) collectRoutes(child, groups, order, into);
}

/**
 * Lays a machine graph out with ELK's layered algorithm (hierarchical). Pure apart from the ELK
 * instance handed in: the Web Worker runs it, and so does the benchmark.
 *
 * @param elk - an ELK instance (`new ELK()` from `elkjs/lib/elk.bundled.js`).
 * @param graph - the machine graph.
 * @returns absolute boxes by node id, and routes by source→target pair.
 */
export async function computeLayout(elk: ELK, graph: MachineGraph): Promise<GraphLayout> {
  const result = await elk.layout(toElkGraph(graph));
  const nodes: GraphLayout['nodes'] = {};
  const routes: GraphLayout['routes'] = {};
  collect(result, nodes);
  collectRoutes(result, routeGroups(graph), definitionOrder(graph), routes);
  return {
    key: layoutKey(graph),
    width: result.width ?? 0,
    height: result.height ?? 0,
    nodes,
    routes,
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
