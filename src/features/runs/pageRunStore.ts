import type { RunStore } from './runStore';
import { createRunStoreClient } from './runStoreClient';
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
      );
