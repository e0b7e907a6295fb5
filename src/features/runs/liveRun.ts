import type { WorkbenchRun } from '../../../machines';

/** The Compose run's record as it changes, for `useSyncExternalStore`. */
export interface LiveRun {
  get(): WorkbenchRun | null;
  set(record: WorkbenchRun): void;
  /** The last failure to save, or `null`; the History page shows it. */
  saveError(): Error | null;
  setSaveError(error: Error | null): void;
  subscribe(listener: () => void): () => void;
}

/** A small observable holder of the live run record. */
export function createLiveRun(): LiveRun {
  let record: WorkbenchRun | null = null;
  let error: Error | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    get: () => record,
    set: (next) => {
      record = next;
      notify();
    },
    saveError: () => error,
    setSaveError: (next) => {
      error = next;
      notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
