import { describe, expect, it, vi } from 'vitest';
import { transactionMachine } from '../../../machines';
import { TransitionButton } from '../../../src/features/visualizer/diagram/TransitionButton';
import { chartModel } from '../../../src/features/visualizer/graph/chartModel';
import { machineGraph } from '../../../src/features/visualizer/graph/machineGraph';
import { render, screen, userEvent } from '../../test-utils/render';

const graph = machineGraph(transactionMachine);
const model = chartModel(graph);
const id = (path: string) => `transaction.${path}`;
const marks = (enabled: string[] = [], path: string[] = [], onSend = vi.fn()) => ({
  edges: new Map(graph.edges.map((edge) => [edge.id, edge])),
  enabled: new Set(enabled),
  taken: new Set<string>(),
  path: new Set(path),
  onSend,
  machineId: 'transaction',
});
const entryOf = (bundleId: string, text: string) => {
  const entry = model.bundles
    .find((bundle) => bundle.id === bundleId)
    ?.entries.find((each) => each.text === text);
  if (!entry) throw new Error(`no ${text} on ${bundleId}`);
  return entry;
};

describe('a transition’s label', () => {
  it('is named with what it shows, then in full, and marked when the run took it', () => {
    const entry = entryOf(`${id('simulating')}>${id('simulated.success')}`, 'done');
    render(<TransitionButton entry={entry} marks={marks([], entry.edgeIds)} from={null} />);
    const button = screen.getByRole('button', {
      name:
        'Transition done [isClassifiedAs(target)] (done: simulateTransaction ' +
        '[isClassifiedAs(simulated.success)]): simulating → simulated.success (taken in this run)',
    });
    expect(button).toHaveAttribute('data-path', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
  });

  it('folded out of the outcomes’ box, names any outcome, and sends from the one that accepts it', async () => {
    const entry = entryOf(`transaction#outcome>${id('editing')}`, 'edit');
    const { unmount } = render(
      <TransitionButton entry={entry} marks={marks()} from="any outcome state" />,
    );
    screen.getByRole('button', { name: 'Transition edit: any outcome state → editing' });
    unmount();
    const fromFailed = `${id('failed')}:edit:0:${id('editing')}`;
    expect(entry.edgeIds).toContain(fromFailed);
    const onSend = vi.fn();
    render(
      <TransitionButton
        entry={entry}
        marks={marks([fromFailed], [], onSend)}
        from="any outcome state"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send edit: failed → editing' }));
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ id: fromFailed }));
  });
});
