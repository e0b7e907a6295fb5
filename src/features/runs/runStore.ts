import { Dexie, type DexieOptions, type EntityTable } from 'dexie';
import type { WorkbenchRun } from '../../../machines';
import { sameJson } from './runStoreProtocol';

/** Runs kept by default before the oldest are pruned. */
export const DEFAULT_MAX_RUNS = 1000;

type Transition = WorkbenchRun['transitions'][number];

/** The parts of a record that change rarely (written only when they changed). */
type DetailParts = Pick<WorkbenchRun, 'draft' | 'chain' | 'replay'>;

/** Row numbers of a run's rows in the `entries` table; transitions use their own `seq` (1, 2, …). */
const HEADER_SEQ = 0;
const DETAILS_SEQ = -1;

/**
 * One run's rows in the `entries` table (schema v2), keyed by `[runId+seq]`, all written by one
 * `bulkPut` per save:
 * - the header (`seq` 0): the fields the history lists by, and the record's small parts that
 *   change on every transition (state, tags, timing, outcome, wallet requests);
 * - the details (`seq` −1): draft, chain facts and replay answers, written only when changed;
 * - one row per transition (`seq` ≥ 1), appended once.
 * Only headers carry `startedAt`, so that index lists (and counts) runs.
 */
export type StoredEntry =
  | {
      runId: string;
      seq: typeof HEADER_SEQ;
      startedAt: number;
      record: Omit<WorkbenchRun, 'transitions' | keyof DetailParts>;
    }
  | ({ runId: string; seq: typeof DETAILS_SEQ } & DetailParts)
  | { runId: string; seq: number; transition: Transition };

type HeaderEntry = Extract<StoredEntry, { startedAt: number }>;
type DetailsEntry = Extract<StoredEntry, { draft: unknown }>;
type TransitionEntry = Extract<StoredEntry, { transition: unknown }>;

/** Schema v1 kept the whole record in one `runs` row; the upgrade to v2 splits it. */
interface StoredRunV1 {
  id: string;
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
  entries: Dexie.Table<StoredEntry, [string, number]>;
  meta: EntityTable<MetaRow, 'key'>;
};

/** The record's header and details rows. */
function splitHead(record: WorkbenchRun): { header: HeaderEntry; details: DetailsEntry } {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- dropped from the header row
  const { transitions, draft, chain, replay, ...rest } = record;
  const runId = record.id;
  return {
    header: { runId, seq: HEADER_SEQ, startedAt: record.startedAt, record: rest },
    details: {
      runId,
      seq: DETAILS_SEQ,
      draft,
      chain,
      ...(replay === undefined ? {} : { replay }),
    },
  };
}

/** The record split into its rows: header, details, transitions. */
function split(record: WorkbenchRun): {
  header: HeaderEntry;
  details: DetailsEntry;
  transitions: TransitionEntry[];
} {
  const runId = record.id;
  return {
    ...splitHead(record),
    transitions: record.transitions.map((transition) => ({
      runId,
      seq: transition.seq,
      transition,
    })),
  };
}

const isHeader = (entry: StoredEntry): entry is HeaderEntry => entry.seq === HEADER_SEQ;
const isDetails = (entry: StoredEntry): entry is DetailsEntry => entry.seq === DETAILS_SEQ;
const isTransition = (entry: StoredEntry): entry is TransitionEntry => entry.seq > HEADER_SEQ;

/** The record again from its rows, given in key order (details, header, transitions by `seq`). */
function assemble(entries: readonly StoredEntry[]): WorkbenchRun | undefined {
  const header = entries.find(isHeader);
  const details = entries.find(isDetails);
  if (header === undefined || details === undefined) return undefined;
  const { draft, chain, replay } = details;
  return {
    ...header.record,
    draft,
    chain,
    ...(replay === undefined ? {} : { replay }),
    transitions: entries.filter(isTransition).map((entry) => entry.transition),
  } as WorkbenchRun;
}

function matches(record: WorkbenchRun, filter: RunFilter): boolean {
  if (filter.outcome) {
    const tagged = filter.outcome === 'error' && record.tags.includes('error');
    if (!tagged && record.state !== filter.outcome) return false;
  }
  if (filter.network && record.network.name !== filter.network) return false;
  const fn = record.draft.payload.function;
  if (filter.fn && !fn.toLowerCase().includes(filter.fn.toLowerCase())) return false;
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    const args = JSON.stringify(record.draft.payload.functionArguments).toLowerCase();
    const found =
      (record.chain.hash ?? '').toLowerCase().includes(search) ||
      record.draft.sender.toLowerCase().includes(search) ||
      args.includes(search);
    if (!found) return false;
  }
  return true;
}

/** What the store last wrote for a live run, so the next save writes only what changed. */
interface SavedRun {
  /** Highest transition `seq` written. */
  lastSeq: number;
  /** Lowest transition `seq` kept (older rows were deleted). */
  firstSeq: number;
  /** The details last written (the record's own copy, never mutated by the recorder). */
  details: DetailsEntry;
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
    // Chromium's default since Chrome 121, said explicitly: `complete` once the rows are handed
    // to the operating system (a reload, a tab or browser crash keeps them; an OS crash or a
    // power cut in the next seconds may not). See docs/history-and-replay.md#durability.
    chromeTransactionDurability: 'relaxed',
  }) as RunsDb;
  db.version(1).stores({
    runs: '&id, startedAt, state, network, fn, sender, hash, retryOf',
    meta: '&key',
  });
  // v2: a save appends rows instead of rewriting the record (see StoredEntry); lists filter in
  // memory, so the only index left is the start time.
  db.version(2)
    .stores({ runs: null, entries: '[runId+seq], startedAt', meta: '&key' })
    .upgrade(async (tx) => {
      const old = (await tx.table('runs').toArray()) as StoredRunV1[];
      const rows = old.flatMap((row) => {
        const parts = split(row.record);
        return [parts.header, parts.details, ...parts.transitions];
      });
      await tx.table('entries').bulkPut(rows);
    });
  const listeners = new Set<() => void>();
  const saved = new Map<string, SavedRun>();
  /** Runs stored, once counted; a new run adds one, so pruning need not count every time. */
  let stored: number | null = null;
  const changed = () => {
    for (const listener of listeners) listener();
  };
  /** Writes run one after another: each save diffs against what the previous one wrote. */
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };
  /** A run's rows (transitions with `seq` below `below` only, if given). */
  const runRange = (id: string, below?: number) =>
    below === undefined
      ? db.entries.where('[runId+seq]').between([id, Dexie.minKey], [id, Dexie.maxKey])
      : db.entries.where('[runId+seq]').between([id, HEADER_SEQ + 1], [id, below]);
  const countRuns = () => db.entries.where('startedAt').above(-Infinity).count();

  /** The bound, read once and then kept in step by `setMaxRuns`. */
  let limit: number | null = null;
  async function maxRuns(): Promise<number> {
    limit ??= (await db.meta.get('maxRuns'))?.value ?? DEFAULT_MAX_RUNS;
    return limit;
  }

  async function deleteRuns(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      await runRange(id).delete();
      saved.delete(id);
    }
  }

  /** Removes the oldest runs beyond the bound; returns how many. */
  async function prune(): Promise<number> {
    const bound = await maxRuns();
    if (stored !== null && stored <= bound) return 0;
    // Counted when not known (after a delete, an import, a new bound); else kept in step here.
    stored ??= await countRuns();
    const excess = stored - bound;
    if (excess <= 0) return 0;
    const oldest = (await db.entries.orderBy('startedAt').limit(excess).primaryKeys()).map(
      ([runId]) => runId,
    );
    await db.transaction('rw', db.entries, db.meta, async () => {
      await deleteRuns(oldest);
      const previous = (await db.meta.get('pruned'))?.value ?? 0;
      await db.meta.put({ key: 'pruned', value: previous + oldest.length, at: Date.now() });
    });
    stored -= oldest.length;
    return oldest.length;
  }

  /**
   * One save of a live run, one `bulkPut`: the header, the transitions since the last save, the
   * details when they changed. Returns whether the run was new to this store.
   */
  async function save(record: WorkbenchRun): Promise<boolean> {
    const before = saved.get(record.id);
    const rows = splitHead(record);
    const lastSeq = before?.lastSeq ?? 0;
    // Only the transitions after the last one written, found from the end (O(new), not O(run)).
    const { transitions } = record;
    let from = transitions.length;
    while (from > 0 && (transitions[from - 1]?.seq ?? 0) > lastSeq) from -= 1;
    const appended: TransitionEntry[] = transitions
      .slice(from)
      .map((transition) => ({ runId: record.id, seq: transition.seq, transition }));
    const firstSeq = transitions[0]?.seq ?? before?.firstSeq ?? 1;
    const writes: StoredEntry[] = [rows.header, ...appended];
    const details =
      before !== undefined && sameJson(before.details, rows.details) ? before.details : null;
    if (details === null) writes.push(rows.details);
    if (before !== undefined && firstSeq > before.firstSeq) {
      // The recorder dropped its oldest transitions (past its limit): drop their rows too.
      await db.transaction('rw', db.entries, async () => {
        await runRange(record.id, firstSeq).delete();
        await db.entries.bulkPut(writes);
      });
    } else {
      await db.entries.bulkPut(writes);
    }
    saved.set(record.id, {
      lastSeq: Math.max(lastSeq, appended.at(-1)?.seq ?? 0),
      firstSeq,
      details: details ?? rows.details,
    });
    return before === undefined;
  }

  async function readAll(): Promise<WorkbenchRun[]> {
    const [headers, entries] = await db.transaction('r', db.entries, () =>
      Promise.all([db.entries.orderBy('startedAt').reverse().toArray(), db.entries.toArray()]),
    );
    const byRun = new Map<string, StoredEntry[]>();
    for (const entry of entries) {
      let list = byRun.get(entry.runId);
      if (list === undefined) byRun.set(entry.runId, (list = []));
      list.push(entry);
    }
    return headers.flatMap((header) => {
      const record = assemble(byRun.get(header.runId) ?? []);
      return record === undefined ? [] : [record];
    });
  }

  return {
    getRun: async (id) => {
      await queue;
      return assemble(await runRange(id).toArray());
    },
    listRuns: async (filter = {}) => {
      await queue;
      return (await readAll()).filter((record) => matches(record, filter));
    },
    putRun: async (record) => {
      // Only a run seen for the first time can push the history over its bound. Pruning is
      // queued after the save instead of delaying it; reads wait for queued writes.
      const isNew = await serially(() => save(record));
      changed();
      if (isNew) {
        stored = stored === null ? null : stored + 1;
        void serially(async () => {
          if ((await prune()) > 0) changed();
        });
      }
    },
    putRuns: (records) =>
      serially(async () => {
        await db.transaction('rw', db.entries, async () => {
          await deleteRuns(records.map((record) => record.id));
          await db.entries.bulkPut(
            records.flatMap((record) => {
              const parts = split(record);
              return [parts.header, parts.details, ...parts.transitions];
            }),
          );
        });
        stored = null;
        await prune();
        changed();
      }),
    deleteRun: (id) =>
      serially(async () => {
        await db.transaction('rw', db.entries, () => deleteRuns([id]));
        stored = null;
        changed();
      }),
    clear: () =>
      serially(async () => {
        await db.transaction('rw', db.entries, db.meta, async () => {
          await db.entries.clear();
          await db.meta.delete('pruned');
        });
        saved.clear();
        stored = 0;
        changed();
      }),
    count: async () => {
      await queue;
      return countRuns();
    },
    maxRuns,
    setMaxRuns: async (value) => {
      if (!Number.isInteger(value) || value < 1) {
        throw new RangeError(`The history keeps at least one run; got ${value}.`);
      }
      await serially(async () => {
        await db.meta.put({ key: 'maxRuns', value });
        limit = value;
        stored = null;
        await prune();
      });
      changed();
    },
    lastPrune: async () => {
      await queue;
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
