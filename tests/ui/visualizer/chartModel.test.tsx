import { describe, expect, it } from 'vitest';
import { transactionMachine, walletMachine } from '../../../machines';
import {
  chartModel,
  shortGuard,
  shortLabel,
} from '../../../src/features/visualizer/graph/chartModel';
import { machineGraph } from '../../../src/features/visualizer/graph/machineGraph';
import { labelRows, labelSize } from '../../../src/features/visualizer/graph/sizes';

const graph = machineGraph(transactionMachine);
const id = (path: string) => `transaction.${path}`;
const OUTCOMES = [
  'committed',
  'failed',
  'timedOut',
  'expired',
  'rejected',
  'submitRejected',
  'buildError',
  'simulationError',
];

describe('the chart of the transaction machine', () => {
  const model = chartModel(graph);

  it('puts the eight outcomes in one group, whose box says `outcome` once', () => {
    expect(model.groups).toEqual([
      {
        id: 'transaction#outcome',
        parent: 'transaction',
        tag: 'outcome',
        members: OUTCOMES.map(id),
      },
    ]);
    expect(model.tags[id('failed')]).toEqual(['error']);
    expect(model.tags[id('committed')]).toEqual([]);
    expect(model.tags[id('building')]).toEqual(['busy']);
  });

  it('folds the exits every outcome has (edit, retry) into one line each; timedOut’s recheck stays', () => {
    const fromGroup = model.bundles.filter((bundle) => bundle.source === 'transaction#outcome');
    expect(
      fromGroup.map((bundle) => [bundle.target, bundle.entries.map((entry) => entry.text)]),
    ).toEqual([
      [id('editing'), ['edit']],
      [id('building'), ['retry']],
    ]);
    for (const bundle of fromGroup) expect(bundle.entries[0]?.edgeIds).toHaveLength(8);
    expect(model.bundles.map((bundle) => bundle.id)).toContain(
      `${id('timedOut')}>${id('rechecking')}`,
    );
    // 78 transitions: 16 folded into 2 lines, 3 in their state's box, the other 59 on 40 lines.
    expect(model.bundles).toHaveLength(42);
  });

  it('lists transitions that stay in their state inside its box', () => {
    expect(
      Object.fromEntries(
        Object.entries(model.loops).map(([key, list]) => [key, list.map((entry) => entry.text)]),
      ),
    ).toEqual({
      transaction: ['signer.change'],
      [id('editing')]: ['draft.update'],
      [id('signing.signOnly')]: ['done'],
    });
  });

  it('draws every transition exactly once', () => {
    const drawn = [
      ...model.bundles.flatMap((bundle) => bundle.entries),
      ...Object.values(model.loops).flat(),
    ].flatMap((entry) => entry.edgeIds);
    expect(drawn.sort()).toEqual(graph.edges.map((edge) => edge.id).sort());
  });

  it('shortens what the line already says: the state’s own actor, a guard naming the target', () => {
    const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
    const edge = graph.edges.find(
      (each) =>
        each.source === id('simulating') &&
        each.target === id('simulated.success') &&
        each.label.startsWith('done'),
    );
    expect(edge?.label).toBe('done: simulateTransaction');
    expect(shortLabel(edge as NonNullable<typeof edge>, nodes)).toBe('done');
    expect(shortGuard(edge as NonNullable<typeof edge>, 'transaction')).toBe(
      'isClassifiedAs(target)',
    );
    // Another state's actor keeps its name; a guard about another state keeps it too.
    expect(shortLabel({ label: 'done: buildTransaction', source: id('editing') }, nodes)).toBe(
      'done: buildTransaction',
    );
    expect(
      shortGuard({ guard: 'wasStable(simulated.success)', target: id('built') }, 'transaction'),
    ).toBe('wasStable(simulated.success)');
  });
});

describe('the chart of the wallet machine', () => {
  it('has no group (no outcome tags) and keeps its root’s transitions in the root’s box', () => {
    const model = chartModel(machineGraph(walletMachine));
    expect(model.groups).toEqual([]);
    expect(model.loops.wallet?.map((entry) => entry.text)).toEqual([
      'wallet.detected',
      'wallet.networkChanged',
      'app.networkChanged',
    ]);
  });
});

describe('label rows', () => {
  it('puts short labels side by side and starts a row when the next would pass the width', () => {
    const entry = (text: string) => ({ edgeIds: [text], text, guard: null });
    const rows = labelRows([
      entry('simulate'),
      entry('run'),
      entry('always'),
      entry('x'.repeat(40)),
    ]);
    expect(rows.map((row) => row.map((each) => each.text))).toEqual([
      ['simulate', 'run', 'always'],
      ['x'.repeat(40)],
    ]);
    expect(labelSize(rows.flat()).height).toBe(32);
  });
});
