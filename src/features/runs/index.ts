export { RunsProvider, isAttempt } from './RunsProvider';
export type { RunsContextValue, StartRunArgs } from './RunsContext';
export { useRuns } from './useRuns';
export { useComposeRun } from './useComposeRun';
export { useLiveRunRecord } from './useLiveRunRecord';
export { useIsLiveRun } from './useIsLiveRun';
export { runStore, createRunStore, DEFAULT_MAX_RUNS } from './runStore';
export type { RunStore, RunFilter, StoredEntry, PruneNote } from './runStore';
