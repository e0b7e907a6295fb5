export { RunsProvider, isAttempt } from './RunsProvider';
export type { RunsContextValue, StartRunArgs } from './RunsContext';
export { useRuns } from './useRuns';
export { useComposeRun } from './useComposeRun';
export { useLiveRunRecord } from './useLiveRunRecord';
export { useIsLiveRun } from './useIsLiveRun';
// The Dexie store itself (`./runStore`) is not exported here: the page must not load Dexie (its
// module-level BroadcastChannel would wake the page on every write the worker makes).
export { runStore } from './pageRunStore';
export { createRunStoreClient } from './runStoreClient';
export type { RunStore, RunFilter, StoredEntry, PruneNote } from './runStore';
export { interruptedRun, createInterruptedRunHolder } from './interruptedRun';
export type { InterruptedRun, InterruptedRunHolder } from './interruptedRun';
