import { getStateNodes } from 'xstate/graph';
import type { AdjacencyMap } from 'xstate/graph';
import type { AnyStateMachine, AnyStateNode, EventObject, StateValue } from 'xstate';
import { statePath } from '../../../machines';

/** A snapshot as the graph traversal returns it (`_nodes` are the active state nodes). */
export interface GraphSnapshot {
  value: StateValue;
  _nodes: AnyStateNode[];
}

/** One edge of a machine's graph: from a snapshot, an event, to a snapshot. */
export interface GraphEdge {
  from: GraphSnapshot;
  event: EventObject;
  to: GraphSnapshot;
}

/** Edges of an adjacency map (`TestModel.getAdjacencyMap()`). */
export function edgesOf<TSnapshot, TEvent extends EventObject>(
  adjacency: AdjacencyMap<TSnapshot, TEvent>,
): GraphEdge[] {
  return Object.values(adjacency).flatMap(({ state, transitions }) =>
    (Object.values(transitions) as Array<{ event: TEvent; state: TSnapshot }>).map(
      ({ event, state: next }) => ({
        // Machine snapshots carry `_nodes`; the graph types do not say so.
        from: state as unknown as GraphSnapshot,
        event,
        to: next as unknown as GraphSnapshot,
      }),
    ),
  );
}

/** Leaf state paths of a machine (`simulated.success`, `editing`, …). */
export function leafPaths(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.path.join('.'));
}

/**
 * Transitions declared in the machine (state node, event, target) that no edge takes. An edge
 * takes one when it starts in that node, carries that event, and ends in the declared target
 * (or, for a targetless transition, where it started).
 */
export function uncoveredTransitions(machine: AnyStateMachine, edges: GraphEdge[]): string[] {
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  const missing: string[] = [];
  for (const node of nodes) {
    for (const [eventType, definitions] of node.transitions) {
      for (const definition of definitions) {
        const targets = definition.target ?? [];
        const taken = edges.some(
          (edge) =>
            edge.event.type === eventType &&
            edge.from._nodes.includes(node) &&
            (targets.length > 0
              ? targets.every((target) => edge.to._nodes.includes(target))
              : statePath(edge.to.value) === statePath(edge.from.value)),
        );
        if (!taken) {
          const to = targets.map((target) => target.path.join('.')).join(',') || '(self)';
          missing.push(`${node.path.join('.') || '(root)'} --${eventType}--> ${to}`);
        }
      }
    }
  }
  return missing;
}
