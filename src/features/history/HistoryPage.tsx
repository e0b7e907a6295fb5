import { EmptyState } from '../../components/EmptyState';

export function HistoryPage() {
  return (
    <EmptyState
      title="No runs recorded yet"
      upcoming={[
        'Every attempt as a run record: draft, transitions, chain facts and wallet answers',
        'Export and import of run records as JSON files',
        'Replay of a failed submission, linked to the run it retries',
      ]}
    >
      Each transaction you run from Compose will be recorded here, so that you can inspect it later
      and replay the ones that failed.
    </EmptyState>
  );
}
