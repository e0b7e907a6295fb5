import { useContext, useSyncExternalStore } from 'react';
import { RunsContext } from './RunsContext';

const noSubscription = () => () => undefined;

/**
 * Whether the run with this id is the Compose run of this page, still driven by its actor. A
 * stored run that is not, and whose last state was busy, stopped before an outcome: the page was
 * reloaded or closed, or the network switched, while it waited. `false` outside `RunsProvider`.
 *
 * @param id - a run record's id.
 * @example
 * ```tsx
 * const live = useIsLiveRun(record.id);
 * ```
 */
export function useIsLiveRun(id: string): boolean {
  const runs = useContext(RunsContext);
  const liveId = useSyncExternalStore(
    runs?.live.subscribe ?? noSubscription,
    () => runs?.live.get()?.id ?? null,
    () => null,
  );
  return liveId === id;
}
