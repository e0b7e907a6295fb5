import { describe, expect, it } from 'vitest';
import type { StatePath } from 'xstate/graph';
import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
import { statePath, transactionMachine } from '../../machines';
import type { TransactionActorId, TransactionContext } from '../../machines';
import { edgesOf, leafPaths, uncoveredTransitions } from './support/coverage';
import { startTransaction } from './support/harness';
import { invokeIds } from './support/modelMachine';
import { model, modelMachine, sampleEvents, serializeState } from './support/transactionModel';

type Snapshot = AnyMachineSnapshot;

/** Runs one path of the model against the real machine with fake actors. */
async function runOnMachine(path: StatePath<Snapshot, EventObject>): Promise<void> {
  const { actor, fakes } = startTransaction();
  const executors: Record<string, (step: { event: AnyEventObject }) => Promise<void> | void> = {};
  for (const event of sampleEvents) {
    const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (!match) {
      executors[event.type] = ({ event: sent }) => actor.send(sent as never);
      continue;
    }
    const id = match[2] as TransactionActorId;
    executors[event.type] =
      match[1] === 'done'
        ? ({ event: sent }) => fakes.resolve(id, sent.output)
        : ({ event: sent }) => fakes.reject(id, sent.error);
  }
  for (const type of [
    'build',
    'simulate',
    'sign',
    'submit',
    'run',
    'cancel',
    'edit',
    'retry',
    'recheck',
  ]) {
    executors[type] = ({ event: sent }) => actor.send(sent as never);
  }
  await model.testPath(path, {
    states: {
      '*': (expected) => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.status).toBe('active');
        expect(snapshot.value).toEqual(expected.value);
        expect([...snapshot.tags].sort()).toEqual([...expected.tags].sort());
        const expectedContext = expected.context as TransactionContext;
        expect(snapshot.context.mode).toBe(expectedContext.mode);
        expect(snapshot.context.lastStable).toBe(expectedContext.lastStable);
        expect(snapshot.context.signingMode).toBe(expectedContext.signingMode);
        // Only the serialized part of the model's context is path-specific; the rest is checked
        // as invariants of the real machine.
        const path = statePath(snapshot.value);
        if (snapshot.hasTag('outcome') || path.startsWith('simulated.')) {
          expect(snapshot.context.outcome?.state).toBe(path);
        }
        if (snapshot.hasTag('busy'))
          expect(snapshot.context.timing.current?.state).toBe(path.split('.')[0]);
        // Context must survive JSON unchanged, in every state.
        expect(JSON.parse(JSON.stringify(snapshot.context))).toEqual(snapshot.context);
      },
    },
    events: executors,
  });
  actor.stop();
}

function describePath(path: StatePath<Snapshot, EventObject>): string {
  const context = path.state.context as TransactionContext;
  const events = path.steps
    .slice(1)
    .map((step) => step.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:'))
    .join(' → ');
  return `${statePath(path.state.value)} [${context.mode}, ${context.signingMode}] ← ${events || '(start)'}`;
}

const shortestPaths = model.getShortestPaths();

describe('transaction machine model: shortest paths to every state', () => {
  it('reaches every leaf state of the machine', () => {
    const reached = new Set(
      shortestPaths.flatMap((path) => path.steps.map((s) => statePath(s.state.value))),
    );
    for (const path of shortestPaths) reached.add(statePath(path.state.value));
    expect([...reached].sort()).toEqual(leafPaths(transactionMachine).sort());
  });

  it.each(shortestPaths.map((path) => [describePath(path), path] as const))(
    '%s',
    async (_, path) => {
      await runOnMachine(path);
    },
  );
});

describe('transaction machine model: every transition', () => {
  const adjacency = model.getAdjacencyMap();
  const edges = edgesOf(adjacency);
  const pathTo = new Map(
    model
      .getShortestPaths({ allowDuplicatePaths: true })
      .map((path) => [serializeState(path.state), path] as const),
  );
  // One test per distinct (state, event sample, resulting state) edge.
  const distinct = new Map<string, StatePath<Snapshot, EventObject>>();
  for (const [key, { state, transitions }] of Object.entries(adjacency)) {
    const prefix = pathTo.get(key);
    if (!prefix) continue;
    const outgoing = Object.values(transitions) as Array<{ event: EventObject; state: Snapshot }>;
    for (const { event, state: next } of outgoing) {
      const id = `${statePath(state.value)} --${JSON.stringify(event)}--> ${statePath(next.value)}`;
      if (distinct.has(id)) continue;
      distinct.set(id, {
        state: next,
        weight: prefix.weight + 1,
        steps: [...prefix.steps, { event, state: next }],
      });
    }
  }

  it('the model takes every transition the machine declares', () => {
    expect(uncoveredTransitions(modelMachine, edges)).toEqual([]);
  });

  it('the model has an event per invoked actor outcome', () => {
    const ids = invokeIds(transactionMachine.config as Record<string, unknown>);
    expect(ids.sort()).toEqual([
      'buildTransaction',
      'lookupTransaction',
      'signAndSubmitTransaction',
      'signTransaction',
      'simulateTransaction',
      'submitTransaction',
      'waitForTransaction',
    ]);
  });

  it(`replays all ${distinct.size} distinct transitions on the real machine`, async () => {
    for (const path of distinct.values()) await runOnMachine(path);
  });
});
