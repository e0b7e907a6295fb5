import { Dexie, type DexieOptions, type EntityTable } from 'dexie';
import type { WorkbenchRun } from '../machines/index.ts';

/** Runs kept by default before the oldest are pruned. */
export const DEFAULT_MAX_RUNS = 1000;

/** One stored run: the record, plus the fields the history lists and filters by. */
export interface StoredRun {
  id: string;
  startedAt: number;
  state: string;
  network: string;
  fn: string;
  sender: string;
  /** `''` before the transaction has a hash (IndexedDB cannot index `null`). */
  hash: string;
  /** `''` when the run retries nothing. */
  retryOf: string;
  record: WorkbenchRun;
}

interface MetaRow {
  key: 'maxRuns' | 'pruned';
  value: number;
  /** When the latest pruning happened (ms). */
  at?: number;
}

/** Filters of {@link RunStore.listRuns}; every field is optional. */
export interface RunFilter {
  /** Final state, e.g. `failed`; `error` matches every failure. */
  outcome?: string;
  /** Network name: `local`, `devnet`, … */
  network?: string;
  /** Fully qualified function, or a part of it. */
  fn?: string;
  /** Part of a hash or an address (sender or an argument). */
  search?: string;
}

/** What pruning removed last, for the note on the History page. */
export interface PruneNote {
  count: number;
  at: number;
}

/** The history of runs in IndexedDB (Dexie). */
export interface RunStore {
  getRun(id: string): Promise<WorkbenchRun | undefined>;
  /** Newest first. */
  listRuns(filter?: RunFilter): Promise<WorkbenchRun[]>;
  /** Inserts or replaces a run (every transition of a live run saves it again). */
  putRun(record: WorkbenchRun): Promise<void>;
  /** Several runs in one transaction (import), then pruning. */
  putRuns(records: readonly WorkbenchRun[]): Promise<void>;
  deleteRun(id: string): Promise<void>;
  clear(): Promise<void>;
  count(): Promise<number>;
  maxRuns(): Promise<number>;
  /** Sets the bound and prunes to it. */
  setMaxRuns(value: number): Promise<void>;
  lastPrune(): Promise<PruneNote | null>;
  /** Called after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  close(): void;
}

type RunsDb = Dexie & {
  runs: EntityTable<StoredRun, 'id'>;
  meta: EntityTable<MetaRow, 'key'>;
};

function toStored(record: WorkbenchRun): StoredRun {
  return {
    id: record.id,
    startedAt: record.startedAt,
    state: record.state,
    network: record.network.name,
    fn: record.draft.payload.function,
    sender: record.draft.sender,
    hash: record.chain.hash ?? '',
    retryOf: record.retryOf ?? '',
    record,
  };
}

function matches(row: StoredRun, filter: RunFilter): boolean {
  if (filter.outcome) {
    const tagged = filter.outcome === 'error' && row.record.tags.includes('error');
    if (!tagged && row.state !== filter.outcome) return false;
  }
  if (filter.network && row.network !== filter.network) return false;
  if (filter.fn && !row.fn.toLowerCase().includes(filter.fn.toLowerCase())) return false;
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    const args = JSON.stringify(row.record.draft.payload.functionArguments).toLowerCase();
    const found =
      row.hash.toLowerCase().includes(search) ||
      row.sender.toLowerCase().includes(search) ||
      args.includes(search);
    if (!found) return false;
  }
  return true;
}

/**
 * Opens the run history database. Pruning keeps the newest `maxRuns` runs (by start time) and
 * remembers how many it removed, for the History page's note.
 *
 * @param args.name - database name (tests use their own).
 * @param args.indexedDB - an IndexedDB factory (tests pass fake-indexeddb); defaults to the global.
 * @returns the store.
 * @example
 * ```ts
 * const store = createRunStore();
 * await store.putRun(record);
 * const failed = await store.listRuns({ outcome: 'failed' });
 * ```
 */
export function createRunStore(
  args: {
    name?: string;
    indexedDB?: DexieOptions['indexedDB'];
    keyRange?: DexieOptions['IDBKeyRange'];
  } = {},
): RunStore {
  const db = new Dexie(args.name ?? 'transaction-workbench-runs', {
    ...(args.indexedDB ? { indexedDB: args.indexedDB } : {}),
    ...(args.keyRange ? { IDBKeyRange: args.keyRange } : {}),
  }) as RunsDb;
  db.version(1).stores({
    runs: '&id, startedAt, state, network, fn, sender, hash, retryOf',
    meta: '&key',
  });
  const listeners = new Set<() => void>();
  const known = new Set<string>();
  const changed = () => {
    for (const listener of listeners) listener();
  };

  async function maxRuns(): Promise<number> {
    return (await db.meta.get('maxRuns'))?.value ?? DEFAULT_MAX_RUNS;
  }

  async function prune(): Promise<void> {
    const limit = await maxRuns();
    const excess = (await db.runs.count()) - limit;
    if (excess <= 0) return;
    const oldest = await db.runs.orderBy('startedAt').limit(excess).primaryKeys();
    await db.transaction('rw', db.runs, db.meta, async () => {
      await db.runs.bulkDelete(oldest);
      const previous = (await db.meta.get('pruned'))?.value ?? 0;
      await db.meta.put({ key: 'pruned', value: previous + oldest.length, at: Date.now() });
    });
    for (const id of oldest) known.delete(id);
  }

  return {
    getRun: async (id) => (await db.runs.get(id))?.record,
    listRuns: async (filter = {}) => {
      const rows = await db.runs.orderBy('startedAt').reverse().toArray();
      return rows.filter((row) => matches(row, filter)).map((row) => row.record);
    },
    putRun: async (record) => {
      await db.runs.put(toStored(record));
      // Only a run seen for the first time can push the history over its bound.
      if (!known.has(record.id)) {
        known.add(record.id);
        await prune();
      }
      changed();
    },
    putRuns: async (records) => {
      await db.runs.bulkPut(records.map(toStored));
      await prune();
      changed();
    },
    deleteRun: async (id) => {
      await db.runs.delete(id);
      known.delete(id);
      changed();
    },
    clear: async () => {
      await db.transaction('rw', db.runs, db.meta, async () => {
        await db.runs.clear();
        await db.meta.delete('pruned');
      });
      known.clear();
      changed();
    },
    count: () => db.runs.count(),
    maxRuns,
    setMaxRuns: async (value) => {
      if (!Number.isInteger(value) || value < 1) {
        throw new RangeError(`The history keeps at least one run; got ${value}.`);
      }
      await db.meta.put({ key: 'maxRuns', value });
      await prune();
      changed();
    },
    lastPrune: async () => {
      const row = await db.meta.get('pruned');
      return row ? { count: row.value, at: row.at ?? 0 } : null;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => db.close(),
  };
}

/** The browser's run history (one database per origin). */
export const runStore: RunStore = createRunStore();
