import { EmptyState } from '../../components/EmptyState';

export function VisualizerPage() {
  return (
    <EmptyState
      title="No run to visualize"
      upcoming={[
        'The transaction and wallet machines drawn as graphs, with the current state highlighted',
        'Every transition of a run in order: event, source, target and time',
        'The description and tags of each state',
      ]}
    >
      When a transaction runs, each state it passes through and each event that moved it will be
      drawn here.
    </EmptyState>
  );
}
