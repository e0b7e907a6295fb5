import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, useSyncExternalStore } from 'react';
import type { WorkbenchRun } from '../../../machines';
import { EmptyState } from '../../components/EmptyState';
import { useRuns, type RunFilter } from '../runs';
import { HistoryToolbar } from './HistoryToolbar';
import { RunDetail } from './RunDetail';
import { RunFilters, RunList } from './RunList';
import { historyQueries, useRunList, useRunStoreSync } from './useRunList';
import { useHistoryRoute } from './useHistoryRoute';

/** Run id → ids of the stored runs that retry it. */
function retriesIndex(runs: readonly WorkbenchRun[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const run of [...runs].reverse()) {
    if (run.retryOf) index.set(run.retryOf, [...(index.get(run.retryOf) ?? []), run.id]);
  }
  return index;
}

function StoredRun({ id, retriedBy }: { id: string; retriedBy: readonly string[] }) {
  const store = useRunStoreSync();
  const run = useQuery(historyQueries.run(store, id));
  if (run.isPending) return <Loader role="status" aria-label="Loading the run" />;
  if (!run.data) {
    return (
      <Alert color="yellow" title="No such run">
        Run {id} is not in this browser’s history (deleted, pruned, or never imported).{' '}
        <a href="#/history">Back to all runs</a>.
      </Alert>
    );
  }
  return <RunDetail record={run.data} store={store} retriedBy={retriedBy} />;
}

/**
 * Run history: every attempt made in this browser (saved as it happens) and every imported run,
 * newest first, with filters, attempt chains, export and import; `#/history/<runId>` opens one.
 */
export function HistoryPage() {
  const runId = useHistoryRoute();
  const { store, live } = useRuns();
  const saveError = useSyncExternalStore(live.subscribe, live.saveError, live.saveError);
  const [filter, setFilter] = useState<RunFilter>({});
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const list = useRunList(filter);
  const all = useRunList({});
  const retriedBy = useMemo(() => retriesIndex(all.data ?? []), [all.data]);
  const shown = list.data ?? [];

  const errorAlert = saveError && (
    <Alert color="red" title="Runs are not being saved" role="alert">
      {saveError.message}
    </Alert>
  );
  if (runId !== null) {
    return (
      <Stack gap="md" data-history>
        {errorAlert}
        <StoredRun id={runId} retriedBy={retriedBy.get(runId) ?? []} />
      </Stack>
    );
  }
  const selected = shown.filter((run) => selectedIds.has(run.id));
  return (
    <Stack gap="md" data-history>
      {errorAlert}
      <HistoryToolbar store={store} shown={shown} selected={selected} />
      <RunFilters filter={filter} onChange={setFilter} />
      {list.isPending ? (
        <Loader role="status" aria-label="Loading runs" />
      ) : all.data?.length === 0 ? (
        <EmptyState title="No runs recorded yet">
          Each transaction you run from Compose is recorded here as it happens, so that you can
          inspect it later and replay the ones that failed. You can also import a run file.
        </EmptyState>
      ) : shown.length === 0 ? (
        <Text>No run matches these filters.</Text>
      ) : (
        <RunList
          runs={shown}
          selected={selectedIds}
          onSelect={(id, on) =>
            setSelectedIds((current) => {
              const next = new Set(current);
              if (on) next.add(id);
              else next.delete(id);
              return next;
            })
          }
        />
      )}
    </Stack>
  );
}
