import { useContext } from 'react';
import { RunsContext, type RunsContextValue } from './RunsContext';

/**
 * Everything {@link RunsProvider} shares: the Compose actor, the live record, the store.
 *
 * @throws Error outside `RunsProvider` (AppProviders mounts it).
 */
export function useRuns(): RunsContextValue {
  const value = useContext(RunsContext);
  if (value === null) {
    throw new Error('useRuns must be used inside RunsProvider (AppProviders sets it up).');
  }
  return value;
}
