import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RunFilter, RunStore } from '../runs';
import { useRuns } from '../runs';

/** Query options of the history list and of one run; every store change refetches them. */
export const historyQueries = {
  all: ['runs'] as const,
  list: (store: RunStore, filter: RunFilter) =>
    queryOptions({
      queryKey: ['runs', 'list', filter],
      queryFn: () => store.listRuns(filter),
    }),
  run: (store: RunStore, id: string) =>
    queryOptions({
      queryKey: ['runs', 'run', id],
      queryFn: async () => (await store.getRun(id)) ?? null,
    }),
  meta: (store: RunStore) =>
    queryOptions({
      queryKey: ['runs', 'meta'],
      queryFn: async () => ({
        count: await store.count(),
        maxRuns: await store.maxRuns(),
        pruned: await store.lastPrune(),
      }),
    }),
};

/** Refetches the history's queries whenever the run store changes. */
export function useRunStoreSync(): RunStore {
  const { store } = useRuns();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      store.subscribe(() => void queryClient.invalidateQueries({ queryKey: historyQueries.all })),
    [store, queryClient],
  );
  return store;
}

/** Stored runs matching a filter, newest first. */
export function useRunList(filter: RunFilter) {
  const store = useRunStoreSync();
  return useQuery(historyQueries.list(store, filter));
}
