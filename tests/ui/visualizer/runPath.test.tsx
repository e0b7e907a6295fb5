import { describe, expect, it } from 'vitest';
import { transactionMachine } from '../../../machines';
import { machineGraph } from '../../../src/features/visualizer/graph/machineGraph';
import { runPath, stepEdges } from '../../../src/features/visualizer/graph/runPath';

const graph = machineGraph(transactionMachine);
const id = (path: string) => `transaction.${path}`;
const step = (source: string | null, target: string, eventType: string, eventless = false) => ({
  source,
  target,
  eventType,
  eventless,
});

/** A run that simulated, signed anyway and failed on chain. */
const run = [
  step(null, 'editing', 'xstate.init'),
  step('editing', 'building', 'build'),
  step('building', 'built', 'xstate.done.actor.buildTransaction'),
  step('built', 'simulating', 'simulate'),
  step('simulating', 'simulated.failure', 'xstate.done.actor.simulateTransaction'),
  step('simulated.failure', 'signing.signOnly', 'sign'),
  step('signing.signOnly', 'signed', 'xstate.done.actor.signTransaction'),
  step('signed', 'submitting', 'submit'),
  step('submitting', 'pending', 'xstate.done.actor.submitTransaction'),
  step('pending', 'failed', 'xstate.done.actor.waitForTransaction'),
];

describe('the run’s path', () => {
  it('is every state entered (with its parents) and every transition taken, up to the moment', () => {
    const path = runPath(graph, run, run.length);
    for (const state of [
      'editing',
      'building',
      'simulated',
      'simulated.failure',
      'signing',
      'failed',
    ]) {
      expect(path.states, state).toContain(id(state));
    }
    expect(path.states).not.toContain(id('committed'));
    expect(path.states).not.toContain(id('simulated.success'));
    expect(path.edges).toContain(`${id('editing')}:build:0:${id('building')}`);
    // `sign` out of simulated.failure is the compound `simulated`'s transition (no guard: step mode).
    expect(path.edges).toContain(`${id('simulated')}:sign:1:${id('signing.signOnly')}`);
    // Guarded alternatives of one event count: the guard is not recorded, the target tells.
    expect([...path.edges].filter((edge) => edge.startsWith(`${id('pending')}:`))).toEqual([
      `${id('pending')}:xstate.done.actor.waitForTransaction:1:${id('failed')}`,
    ]);
    // Up to the fourth row: `simulate` taken, nothing after it.
    const early = runPath(graph, run, 4);
    expect(early.states).toContain(id('simulating'));
    expect(early.states).not.toContain(id('simulated'));
    expect(early.edges).toContain(`${id('built')}:simulate:0:${id('simulating')}`);
    expect([...early.edges].some((edge) => edge.includes('sign'))).toBe(false);
  });

  it('matches repeated steps once and costs the same for 10,000 rows', () => {
    const long = Array.from(
      { length: 10_000 },
      (_, index) => run[1 + (index % 3)] as (typeof run)[number],
    );
    const started = performance.now();
    const path = runPath(graph, long, long.length);
    expect(performance.now() - started).toBeLessThan(200);
    expect(path.edges.size).toBe(stepEdges(graph, run[1] ?? null).size + 2);
  });
});
