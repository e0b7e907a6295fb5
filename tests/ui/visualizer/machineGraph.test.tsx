import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { transactionMachine, walletMachine } from '../../../machines';
import {
  activeNodeIds,
  guardText,
  machineGraph,
} from '../../../src/features/visualizer/graph/machineGraph';

/** The machine's config as written (not XState's processed state nodes): what the graph must show. */
interface StateConfig {
  states?: Record<string, StateConfig>;
  on?: Record<string, unknown>;
  always?: unknown;
  invoke?:
    | { id: string; onDone?: unknown; onError?: unknown }
    | { id: string; onDone?: unknown; onError?: unknown }[];
}

function asList(value: unknown): { target?: string | string[] }[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry) =>
    typeof entry === 'string' ? { target: entry } : (entry as { target?: string }),
  );
}

function resolve(sourceId: string, target: string): string {
  if (target.startsWith('#')) return target.slice(1);
  if (target.startsWith('.')) return `${sourceId}${target}`;
  return `${sourceId.split('.').slice(0, -1).join('.')}.${target}`;
}

/** Every (source, event, target) the config declares; targetless transitions stay on their source. */
function declaredTransitions(machine: AnyStateMachine): string[] {
  const found: string[] = [];
  function visit(config: StateConfig, id: string) {
    const add = (eventType: string, value: unknown) => {
      for (const transition of asList(value)) {
        const targets = transition.target === undefined ? [] : [transition.target].flat();
        if (targets.length === 0) found.push(`${id} ${eventType} ${id}`);
        for (const target of targets) found.push(`${id} ${eventType} ${resolve(id, target)}`);
      }
    };
    for (const [eventType, value] of Object.entries(config.on ?? {})) add(eventType, value);
    add('', config.always);
    for (const invoke of [config.invoke ?? []].flat()) {
      add(`xstate.done.actor.${invoke.id}`, invoke.onDone);
      add(`xstate.error.actor.${invoke.id}`, invoke.onError);
    }
    for (const [key, child] of Object.entries(config.states ?? {})) visit(child, `${id}.${key}`);
  }
  visit(machine.config as StateConfig, machine.id);
  return found.sort();
}

function declaredStates(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  function visit(config: StateConfig, id: string) {
    ids.push(id);
    for (const [key, child] of Object.entries(config.states ?? {})) visit(child, `${id}.${key}`);
  }
  visit(machine.config as StateConfig, machine.id);
  return ids.sort();
}

describe.each([
  ['transaction', transactionMachine],
  ['wallet', walletMachine],
])('the graph of the %s machine', (_name, machine) => {
  const graph = machineGraph(machine);

  it('has every state of its definition, each with its parent, description and tags', () => {
    expect(graph.nodes.map((node) => node.id).sort()).toEqual(declaredStates(machine));
    for (const node of graph.nodes) {
      if (node.parent !== null) expect(node.id.startsWith(`${node.parent}.`)).toBe(true);
      if (node.parent !== null) expect(node.description, node.id).toEqual(expect.any(String));
    }
  });

  it('has every transition of its definition as an edge, and no other', () => {
    const edges = graph.edges
      .map((edge) => `${edge.source} ${edge.eventType} ${edge.target}`)
      .sort();
    expect(edges).toEqual(declaredTransitions(machine));
    expect(new Set(graph.edges.map((edge) => edge.id)).size).toBe(graph.edges.length);
  });
});

describe('graph details', () => {
  const transaction = machineGraph(transactionMachine);
  const wallet = machineGraph(walletMachine);

  it('labels events, guards and actor results', () => {
    const built = transaction.edges.filter((edge) => edge.source === 'transaction.built');
    expect(built).toContainEqual(
      expect.objectContaining({
        label: 'always',
        guard: 'isRunning',
        target: 'transaction.simulating',
        sendable: false,
      }),
    );
    expect(built).toContainEqual(
      expect.objectContaining({
        label: 'simulate',
        guard: null,
        target: 'transaction.simulating',
        sendable: true,
      }),
    );
    expect(transaction.edges).toContainEqual(
      expect.objectContaining({
        label: 'done: simulateTransaction',
        guard: 'isClassifiedAs(simulated.success)',
        target: 'transaction.simulated.success',
      }),
    );
    expect(wallet.edges).toContainEqual(
      expect.objectContaining({
        source: 'wallet.disconnected',
        eventType: 'wallet.detected',
        guard: '!hasWallets',
      }),
    );
    expect(transaction.edges).toContainEqual(
      expect.objectContaining({
        source: 'transaction.editing',
        eventType: 'draft.update',
        targetless: true,
      }),
    );
  });

  it('keeps tags, initial states and invoked actors', () => {
    const pending = transaction.nodes.find((node) => node.path === 'pending');
    expect(pending).toMatchObject({
      tags: ['busy'],
      invokes: ['waitForTransaction'],
      type: 'atomic',
    });
    expect(transaction.nodes.find((node) => node.path === 'editing')?.initial).toBe(true);
    expect(transaction.nodes.find((node) => node.path === 'simulated')?.type).toBe('compound');
    expect(wallet.nodes.find((node) => node.path === 'wallet')?.invokes).toEqual(['watchWallet']);
  });

  it('writes and/or/not guards in words', () => {
    expect(guardText({ type: 'wasStable', params: { state: 'built' } })).toBe('wasStable(built)');
    const and = Object.assign(() => false, { guards: ['isRunning', 'isSignAndSubmitMode'] });
    Object.defineProperty(and, 'name', { value: 'and' });
    expect(guardText(and)).toBe('isRunning && isSignAndSubmitMode');
  });

  it('names the active state and its ancestors', () => {
    expect([...activeNodeIds('transaction', 'simulated.success')]).toEqual([
      'transaction',
      'transaction.simulated',
      'transaction.simulated.success',
    ]);
  });
});
