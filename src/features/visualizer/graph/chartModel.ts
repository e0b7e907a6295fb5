import type { GraphEdge, GraphNode, MachineGraph } from './machineGraph';

/**
 * One label on a drawn line: a transition, or the same transition (event, guard, target) of
 * every state of a group, folded into one.
 */
export interface LabelEntry {
  /** The machine's edges this label stands for (one per source state). */
  edgeIds: string[];
  /** What the chart shows: `done` for `done: simulateTransaction` out of the state invoking it. */
  text: string;
  /** The guard as the chart shows it: a parameter naming the target reads `target`. */
  guard: string | null;
}

/** One drawn line between two boxes (states or a group), with its labels stacked. */
export interface Bundle {
  /** `<source>><target>`. */
  id: string;
  source: string;
  target: string;
  entries: LabelEntry[];
}

/** Sibling states drawn in one box of their own: not a state, a way to fold their shared exits. */
export interface ChartGroup {
  /** `<parent>#<tag>`. */
  id: string;
  parent: string | null;
  tag: string;
  members: string[];
}

/** What the chart draws, derived from a machine graph: boxes, lines and in-box transitions. */
export interface ChartModel {
  groups: ChartGroup[];
  bundles: Bundle[];
  /** Transitions that stay in their state (self-transitions, actions only), by state id: drawn
   * inside the state's box instead of as a loop around it. */
  loops: Record<string, LabelEntry[]>;
  /** The tags each state's box shows: a group's tag is said once, by the group. */
  tags: Record<string, string[]>;
}

/** Sibling states with this tag are grouped (the transaction machine's eight outcomes). */
export const GROUP_TAG = 'outcome';
/** Fewer siblings than this are left alone: a group only pays off with something to fold. */
const MIN_GROUP = 3;

/**
 * The chart's label for an edge: an invoked actor's `done`/`error` without the actor's name when
 * the source state (or an ancestor) invokes it, as the name is then the state's own actor.
 */
export function shortLabel(
  edge: Pick<GraphEdge, 'label' | 'source'>,
  nodes: ReadonlyMap<string, GraphNode>,
): string {
  const match = /^(done|error): (.+)$/.exec(edge.label);
  if (!match) return edge.label;
  const [, kind = '', actor = ''] = match;
  for (let node = nodes.get(edge.source); node; node = nodes.get(node.parent ?? '')) {
    if (node.invokes.includes(actor)) return kind;
  }
  return edge.label;
}

function groupsOf(graph: MachineGraph): ChartGroup[] {
  const byParent = new Map<string, string[]>();
  for (const node of graph.nodes) {
    if (node.parent === null || node.type === 'compound' || !node.tags.includes(GROUP_TAG)) {
      continue;
    }
    byParent.set(node.parent, [...(byParent.get(node.parent) ?? []), node.id]);
  }
  return [...byParent]
    .filter(([, members]) => members.length >= MIN_GROUP)
    .map(([parent, members]) => ({
      id: `${parent}#${GROUP_TAG}`,
      parent,
      tag: GROUP_TAG,
      members,
    }));
}

/**
 * A guard as the chart shows it: `isClassifiedAs(simulated.success)` on the line into
 * `simulated.success` reads `isClassifiedAs(target)`; the line already says where it goes.
 */
export function shortGuard(
  edge: Pick<GraphEdge, 'guard' | 'target'>,
  machineId: string,
): string | null {
  if (edge.guard === null) return null;
  const target = edge.target.slice(machineId.length + 1);
  return edge.guard.split(`(${target})`).join('(target)');
}

const signature = (edge: GraphEdge) => JSON.stringify([edge.eventType, edge.guard, edge.target]);

/**
 * The chart of a machine graph. Transitions between the same two boxes share one line; a
 * transition every member of a group has (`edit` and `retry` out of each outcome) is one line
 * out of the group; transitions that stay in their state are listed inside its box.
 *
 * @param graph - the machine graph.
 * @returns groups, lines (in the graph's edge order) and in-box transitions.
 */
export function chartModel(graph: MachineGraph): ChartModel {
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  const groups = groupsOf(graph);
  const groupOf = new Map(groups.flatMap((group) => group.members.map((id) => [id, group])));
  // Edge signatures every member of a group has, leaving the group.
  const shared = new Map<ChartGroup, Set<string>>();
  for (const group of groups) {
    const counts = new Map<string, number>();
    for (const edge of graph.edges) {
      if (!group.members.includes(edge.source) || group.members.includes(edge.target)) continue;
      counts.set(signature(edge), (counts.get(signature(edge)) ?? 0) + 1);
    }
    const all = [...counts].filter(([, count]) => count === group.members.length);
    shared.set(group, new Set(all.map(([key]) => key)));
  }

  const bundles = new Map<string, Bundle>();
  const loops: Record<string, LabelEntry[]> = {};
  for (const edge of graph.edges) {
    const text = shortLabel(edge, nodes);
    const guard = shortGuard(edge, graph.machineId);
    if (edge.source === edge.target) {
      (loops[edge.source] ??= []).push({ edgeIds: [edge.id], text, guard });
      continue;
    }
    const group = groupOf.get(edge.source);
    const folded = group !== undefined && shared.get(group)?.has(signature(edge)) === true;
    const source = folded ? group.id : edge.source;
    const id = `${source}>${edge.target}`;
    const bundle = bundles.get(id) ?? { id, source, target: edge.target, entries: [] };
    bundles.set(id, bundle);
    const same = folded
      ? bundle.entries.find((entry) => entry.text === text && entry.guard === guard)
      : undefined;
    if (same) same.edgeIds.push(edge.id);
    else bundle.entries.push({ edgeIds: [edge.id], text, guard });
  }
  const tags = Object.fromEntries(
    graph.nodes.map((node) => {
      const tag = groupOf.get(node.id)?.tag;
      return [node.id, node.tags.filter((each) => each !== tag)];
    }),
  );
  return { groups, bundles: [...bundles.values()], loops, tags };
}
