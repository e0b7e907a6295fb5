import { activeNodeIds, type MachineGraph } from './machineGraph';

/** What the chart needs of a timeline row: the transition it records. */
export interface PathStep {
  source: string | null;
  target: string;
  eventType: string;
  eventless: boolean;
}

/** The states a run visited (with their ancestors) and the transitions it took, by id. */
export interface RunPath {
  states: ReadonlySet<string>;
  edges: ReadonlySet<string>;
}

export const NO_PATH: RunPath = { states: new Set(), edges: new Set() };

/**
 * The edges of one recorded transition: its event, from the state it left (or an ancestor) to
 * the one it entered (or an ancestor).
 */
export function stepEdges(graph: MachineGraph, step: PathStep | null): Set<string> {
  if (step === null || step.source === null) return new Set();
  const from = activeNodeIds(graph.machineId, step.source);
  const to = activeNodeIds(graph.machineId, step.target);
  const eventType = step.eventless ? '' : step.eventType;
  return new Set(
    graph.edges
      .filter(
        (edge) => edge.eventType === eventType && from.has(edge.source) && to.has(edge.target),
      )
      .map((edge) => edge.id),
  );
}

/**
 * The path a run took up to a moment: every state it entered and every transition it took in
 * its first `count` steps. Steps repeat (a long run is mostly the same few transitions), so
 * each distinct one is matched against the graph once.
 *
 * @param graph - the machine graph.
 * @param steps - the run's timeline rows, in order.
 * @param count - how many of them (the selected row's position + 1; all for the run's end).
 * @returns the visited states and taken edges.
 */
export function runPath(graph: MachineGraph, steps: readonly PathStep[], count: number): RunPath {
  const states = new Set<string>();
  const edges = new Set<string>();
  const seen = new Set<string>();
  const end = Math.min(count, steps.length);
  for (let index = 0; index < end; index += 1) {
    const step = steps[index] as PathStep;
    const key = `${step.source ?? ''}\u0000${step.target}\u0000${step.eventless ? '' : step.eventType}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const id of activeNodeIds(graph.machineId, step.target)) states.add(id);
    for (const id of stepEdges(graph, step)) edges.add(id);
  }
  return { states, edges };
}
