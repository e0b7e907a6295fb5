import type { AnyStateMachine } from 'xstate';

/** One state of a machine, as the diagram draws it. */
export interface GraphNode {
  /** XState's state node id, e.g. `transaction.simulated.success`. */
  id: string;
  /** The path below the machine, `simulated.success` (the machine's own node: its id). */
  path: string;
  key: string;
  parent: string | null;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  description: string | null;
  tags: string[];
  /** True for the initial child of its parent. */
  initial: boolean;
  /** Ids of the actors this state invokes. */
  invokes: string[];
}

/** One transition (to one of its targets), as an edge. */
export interface GraphEdge {
  /** Unique within the graph: `<source>:<event>:<index>[:<target>]`. */
  id: string;
  source: string;
  /** The source itself for a transition without a target (actions only). */
  target: string;
  /** The event type as XState keys it; `''` for an eventless (`always`) transition. */
  eventType: string;
  /** What the edge says: `build`, `always`, `done: buildTransaction`, `error: connect`. */
  label: string;
  /** The guard in words (`isRunning`, `!hasWallets`, `isClassifiedAs(simulate, built)`), or null. */
  guard: string | null;
  /** True when the transition has no target: it runs actions and stays. */
  targetless: boolean;
  /** True for events a user (or the app) sends; these can be sent from the diagram. */
  sendable: boolean;
}

/** A machine's states and transitions, read from its definition. */
export interface MachineGraph {
  machineId: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

// The parts of XState's StateNode and TransitionDefinition this module reads. Their public types
// are generic over the whole machine; this structural view keeps the walk simple and typed.
interface GuardLike {
  type?: string;
  params?: unknown;
  guards?: unknown[];
  name?: string;
}
interface TransitionLike {
  eventType: string;
  guard?: unknown;
  target?: readonly { id: string }[] | undefined;
}
interface StateNodeLike {
  id: string;
  key: string;
  path: string[];
  type: GraphNode['type'];
  description?: string;
  tags: string[];
  initial?: { target: readonly { id: string }[] };
  invoke: { id: string }[];
  states: Record<string, StateNodeLike>;
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
}

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';

/** The label an edge shows for an event type. */
export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  if (eventType.startsWith(DONE_ACTOR)) return `done: ${eventType.slice(DONE_ACTOR.length)}`;
  if (eventType.startsWith(ERROR_ACTOR)) return `error: ${eventType.slice(ERROR_ACTOR.length)}`;
  return eventType;
}

function paramsText(params: unknown): string {
  if (params === undefined || params === null) return '';
  if (typeof params !== 'object') return String(params);
  return Object.values(params as Record<string, unknown>)
    .map((value) => (typeof value === 'object' ? JSON.stringify(value) : String(value)))
    .join(', ');
}

/** A guard in words: named guards, parameters, and XState's `and`/`or`/`not` helpers. */
export function guardText(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  const like = guard as GuardLike;
  if (typeof guard === 'function' && Array.isArray(like.guards)) {
    const parts = like.guards.map((inner) => guardText(inner) ?? '?');
    if (like.name === 'not') return `!${parts[0] ?? '?'}`;
    return parts.join(like.name === 'or' ? ' || ' : ' && ');
  }
  if (typeof like.type === 'string') {
    const params = paramsText(like.params);
    return params === '' ? like.type : `${like.type}(${params})`;
  }
  return typeof guard === 'function' ? like.name || 'inline guard' : 'guard';
}

function pathOf(node: StateNodeLike, machineId: string): string {
  return node.path.length === 0 ? machineId : node.path.join('.');
}

/**
 * Reads a machine's states and transitions from its definition (`machine.root`), never from
 * source text: every state becomes a node (compound states contain their children), every
 * transition one edge per target, labelled with its event and guard.
 *
 * @param machine - any XState v5 machine.
 * @returns the nodes (parents before children) and edges.
 * @example
 * ```ts
 * machineGraph(walletMachine).nodes.map((node) => node.path); // ['wallet', 'detecting', …]
 * ```
 */
export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const root = machine.root as unknown as StateNodeLike;
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];

  function addTransitions(node: StateNodeLike, eventType: string, list: TransitionLike[]) {
    list.forEach((transition, index) => {
      const targets = transition.target ?? [];
      const base = {
        source: node.id,
        eventType,
        label: eventLabel(eventType),
        guard: guardText(transition.guard),
        sendable: eventType !== '' && !eventType.startsWith('xstate.'),
      };
      if (targets.length === 0) {
        edges.push({
          ...base,
          id: `${node.id}:${eventType}:${index}`,
          target: node.id,
          targetless: true,
        });
      }
      for (const target of targets) {
        edges.push({
          ...base,
          id: `${node.id}:${eventType}:${index}:${target.id}`,
          target: target.id,
          targetless: false,
        });
      }
    });
  }

  function walk(node: StateNodeLike, parent: StateNodeLike | null) {
    const initialIds = parent?.initial?.target.map((target) => target.id) ?? [];
    nodes.push({
      id: node.id,
      path: pathOf(node, machine.id),
      key: node.key,
      parent: parent?.id ?? null,
      type: node.type,
      description: node.description ?? null,
      tags: [...node.tags].sort(),
      initial: initialIds.includes(node.id),
      invokes: node.invoke.map((invoke) => invoke.id),
    });
    for (const [eventType, list] of node.transitions) addTransitions(node, eventType, list);
    if (node.always) addTransitions(node, '', node.always);
    for (const child of Object.values(node.states)) walk(child, node);
  }

  walk(root, null);
  return { machineId: machine.id, nodes, edges };
}

/**
 * The ids of a state path's node and its ancestors: `simulated.success` in `transaction` →
 * `transaction`, `transaction.simulated`, `transaction.simulated.success`.
 */
export function activeNodeIds(machineId: string, statePath: string | null): Set<string> {
  const ids = new Set<string>([machineId]);
  if (statePath === null) return ids;
  for (const region of statePath.split(',')) {
    let id = machineId;
    for (const key of region.split('.')) {
      id = `${id}.${key}`;
      ids.add(id);
    }
  }
  return ids;
}
