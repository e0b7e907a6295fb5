import type { RunStore } from './runStore';
import type { WorkbenchRun } from '../../../machines';
import { createRunStoreClient, type RunJournal } from './runStoreClient';
import type { ClientPort } from './runStoreProtocol';

/**
 * A store whose every call waits for `load` (a page without Web Workers, e.g. jsdom in tests:
 * the Dexie store in the page itself, imported only then, so the app's page never loads Dexie).
 */
function lazyRunStore(load: () => Promise<RunStore>): RunStore {
  let loaded: Promise<RunStore> | null = null;
  const store = () => (loaded ??= load());
  const listeners = new Set<() => void>();
  let attached = false;
  return {
    getRun: async (id) => (await store()).getRun(id),
    listRuns: async (filter) => (await store()).listRuns(filter),
    putRun: async (record) => (await store()).putRun(record),
    putRuns: async (records) => (await store()).putRuns(records),
    deleteRun: async (id) => (await store()).deleteRun(id),
    clear: async () => (await store()).clear(),
    count: async () => (await store()).count(),
    maxRuns: async () => (await store()).maxRuns(),
    setMaxRuns: async (value) => (await store()).setMaxRuns(value),
    lastPrune: async () => (await store()).lastPrune(),
    subscribe: (listener) => {
      listeners.add(listener);
      if (!attached) {
        attached = true;
        void store().then((inner) =>
          inner.subscribe(() => {
            for (const each of listeners) each();
          }),
        );
      }
      return () => listeners.delete(listener);
    },
    close: () => void loaded?.then((inner) => inner.close()),
  };
}

/** The localStorage key of the saves a page could not confirm before it went. */
export const RUN_JOURNAL_KEY = 'transaction-workbench.run-journal.v1';

/**
 * The journal in localStorage (synchronous, so `pagehide` can write it). Records are the
 * recorder's redacted records, the same as IndexedDB holds. A full or unavailable storage only
 * means the journal is not kept (IndexedDB may still get the save).
 */
export const localStorageJournal: RunJournal = {
  read: () => {
    try {
      const text = localStorage.getItem(RUN_JOURNAL_KEY);
      const parsed: unknown = text === null ? [] : JSON.parse(text);
      return Array.isArray(parsed) ? (parsed as WorkbenchRun[]) : [];
    } catch {
      return [];
    }
  },
  write: (records) => {
    try {
      localStorage.setItem(RUN_JOURNAL_KEY, JSON.stringify(records));
    } catch {
      // Quota or no storage: the worker may still commit the save.
    }
  },
  clear: () => {
    try {
      localStorage.removeItem(RUN_JOURNAL_KEY);
    } catch {
      // No storage: nothing was kept.
    }
  },
};

/**
 * The browser's run history (one database per origin): the IndexedDB work in a module worker
 * (`runStore.worker.ts`), the page only posting what changed; without Web Workers, the Dexie
 * store in the page.
 */
export const runStore: RunStore =
  typeof Worker === 'undefined'
    ? lazyRunStore(async () => (await import('./runStore')).createRunStore())
    : createRunStoreClient(
        new Worker(new URL('./runStore.worker.ts', import.meta.url), {
          type: 'module',
          name: 'run-history',
        }) as unknown as ClientPort,
        { journal: localStorageJournal },
      );
