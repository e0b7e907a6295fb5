import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { signerSlotsOf, statePath } from '../../machines';
import type { TransactionContext } from '../../machines';
import { edgesOf } from './support/coverage';
import type { GraphSnapshot } from './support/coverage';
import { expectedNext, TRANSACTION_CONTRACT } from './support/transactionContract';
import type { ContractState } from './support/transactionContract';
import { eventName, model } from './support/transactionModel';

function contractState(snapshot: GraphSnapshot): ContractState {
  const context = (snapshot as unknown as { context: TransactionContext }).context;
  return {
    state: statePath(snapshot.value),
    mode: context.mode,
    signingMode: context.signingMode,
    lastStable: context.lastStable,
    signers: signerSlotsOf(context.built).length,
    collected: context.signatures.length,
  };
}

const edges = edgesOf(model.getAdjacencyMap());

describe('transaction machine against its contract table (DESIGN.md, written independently)', () => {
  it('the machine graph has edges to check', () => {
    expect(edges.length).toBeGreaterThan(100);
  });

  it('every edge of the machine goes where the contract says', () => {
    const wrong: string[] = [];
    for (const edge of edges) {
      const from = contractState(edge.from);
      const name = eventName(edge.event as AnyEventObject);
      const expected = expectedNext(from, name);
      const actual = contractState(edge.to);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        wrong.push(
          `${JSON.stringify(from)} --${name}--> ${JSON.stringify(actual)}, contract: ${JSON.stringify(expected)}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the machine takes every row of the contract', () => {
    const taken = new Set(
      edges.map(
        (edge) => `${statePath(edge.from.value)} ${eventName(edge.event as AnyEventObject)}`,
      ),
    );
    const missing = Object.entries(TRANSACTION_CONTRACT).flatMap(([state, rows]) =>
      Object.keys(rows)
        .map((event) => `${state} ${event}`)
        .filter((row) => !taken.has(row)),
    );
    expect(missing).toEqual([]);
  });
});
