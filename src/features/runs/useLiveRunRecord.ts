import { useSyncExternalStore } from 'react';
import type { WorkbenchRun } from '../../../machines';
import { useRuns } from './useRuns';

/**
 * The Compose run's record, updated after every transition (`null` before the first).
 *
 * @example
 * ```tsx
 * const record = useLiveRunRecord();
 * return <VisualizerCanvas run={record} />;
 * ```
 */
export function useLiveRunRecord(): WorkbenchRun | null {
  const { live } = useRuns();
  return useSyncExternalStore(live.subscribe, live.get, live.get);
}
