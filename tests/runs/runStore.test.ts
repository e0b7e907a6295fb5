import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { TraceTransition, WorkbenchRun } from '../../machines';
import { createRunStore, type RunStore } from '../../src/features/runs/runStore';
import { sampleRun } from './sampleRuns';

let opened: RunStore[] = [];
function store(name = 'runs') {
  const created = createRunStore({ name, indexedDB: new IDBFactory(), keyRange: IDBKeyRange });
  opened.push(created);
  return created;
}
afterEach(() => {
  for (const s of opened) s.close();
  opened = [];
});

describe('run store (Dexie over fake-indexeddb)', () => {
  it('saves a run as it changes and reads it back', async () => {
    const runs = store();
    await runs.putRun(sampleRun({ id: 'a' }));
    await runs.putRun(sampleRun({ id: 'a', state: 'failed', tags: ['error', 'outcome'] }));
    expect(await runs.count()).toBe(1);
    expect((await runs.getRun('a'))?.state).toBe('failed');
    expect(await runs.getRun('missing')).toBeUndefined();
  });

  it('keeps everything up to the last transition across a reopen (a reload)', async () => {
    const factory = new IDBFactory();
    const first = createRunStore({ name: 'reload', indexedDB: factory, keyRange: IDBKeyRange });
    await first.putRun(sampleRun({ id: 'a', state: 'pending' }));
    first.close();
    const second = createRunStore({ name: 'reload', indexedDB: factory, keyRange: IDBKeyRange });
    opened.push(second);
    expect((await second.getRun('a'))?.transitions).toHaveLength(2);
  });

  it('lists newest first and filters by outcome, network, function, hash and address', async () => {
    const runs = store();
    await runs.putRuns([
      sampleRun({ id: 'old', startedAt: 1, state: 'committed', tags: ['outcome'] }),
      sampleRun({
        id: 'mid',
        startedAt: 2,
        state: 'failed',
        tags: ['error', 'outcome'],
        network: { name: 'devnet', chainId: 174, nodeUrl: 'https://example.invalid/v1' },
        chain: { ...sampleRun({ id: 'x' }).chain, hash: '0xfeedbeef' },
      }),
      sampleRun({
        id: 'new',
        startedAt: 3,
        state: 'submitRejected',
        tags: ['error', 'outcome'],
        draft: {
          sender: '0xc0ffee',
          payload: { function: '0x1::coin::transfer', typeArguments: [], functionArguments: [] },
          options: {},
        },
      }),
    ]);
    const ids = async (filter: Parameters<RunStore['listRuns']>[0]) =>
      (await runs.listRuns(filter)).map((run) => run.id);
    expect(await ids({})).toEqual(['new', 'mid', 'old']);
    expect(await ids({ outcome: 'error' })).toEqual(['new', 'mid']);
    expect(await ids({ outcome: 'committed' })).toEqual(['old']);
    expect(await ids({ network: 'devnet' })).toEqual(['mid']);
    expect(await ids({ fn: 'coin::transfer' })).toEqual(['new']);
    expect(await ids({ search: 'FEEDBE' })).toEqual(['mid']);
    expect(await ids({ search: '0xc0ffee' })).toEqual(['new']);
    expect(await ids({ search: '0xb0b' })).toEqual(['mid', 'old']);
  });

  it('deletes one run and clears all', async () => {
    const runs = store();
    await runs.putRuns([sampleRun({ id: 'a' }), sampleRun({ id: 'b', startedAt: 2 })]);
    await runs.deleteRun('a');
    expect((await runs.listRuns()).map((run) => run.id)).toEqual(['b']);
    await runs.clear();
    expect(await runs.count()).toBe(0);
  });

  it('prunes the oldest runs beyond the bound and says how many', async () => {
    const runs = store();
    await runs.setMaxRuns(3);
    for (let index = 0; index < 5; index += 1) {
      await runs.putRun(sampleRun({ id: `run-${index}`, startedAt: index }));
    }
    expect((await runs.listRuns()).map((run) => run.id)).toEqual(['run-4', 'run-3', 'run-2']);
    expect((await runs.lastPrune())?.count).toBe(2);
    await runs.setMaxRuns(1);
    expect(await runs.count()).toBe(1);
    expect((await runs.lastPrune())?.count).toBe(4);
    await expect(runs.setMaxRuns(0)).rejects.toThrow(/at least one run/);
  });

  it('defaults to 1,000 runs and tells subscribers about changes', async () => {
    const runs = store();
    expect(await runs.maxRuns()).toBe(1000);
    let changes = 0;
    const unsubscribe = runs.subscribe(() => (changes += 1));
    await runs.putRun(sampleRun({ id: 'a' }));
    await runs.deleteRun('a');
    unsubscribe();
    await runs.putRun(sampleRun({ id: 'b' }));
    expect(changes).toBe(2);
  });

  it('appends each transition as its own row and rebuilds the record on read (a crash keeps them)', async () => {
    const factory = new IDBFactory();
    const live = createRunStore({ name: 'append', indexedDB: factory, keyRange: IDBKeyRange });
    opened.push(live);
    const base = sampleRun({ id: 'live' });
    const transition = (seq: number, target: string): TraceTransition => ({
      seq,
      atMs: seq * 5,
      event: { type: 'xstate.done.actor.step' },
      source: 'building',
      target,
      eventless: false,
    });
    let record: WorkbenchRun = base;
    for (const [seq, target] of [
      [3, 'built'],
      [4, 'simulating'],
      [5, 'simulated.success'],
    ] as const) {
      record = {
        ...record,
        transitions: [...record.transitions, transition(seq, target)],
        state: target,
        chain: seq === 5 ? { ...record.chain, hash: '0xabc' } : record.chain,
      };
      await live.putRun(record);
    }
    // A second store on the same database, as after a crash and a reload: the first never closed.
    const reloaded = createRunStore({ name: 'append', indexedDB: factory, keyRange: IDBKeyRange });
    opened.push(reloaded);
    expect(await reloaded.getRun('live')).toEqual(record);
    // The rows: a header, the details and one per transition.
    const raw = new Dexie('append', { indexedDB: factory, IDBKeyRange });
    raw.version(2).stores({ entries: '[runId+seq], startedAt', meta: '&key' });
    const rows = await raw.table('entries').toArray();
    raw.close();
    expect(rows.map((row: { seq: number }) => row.seq)).toEqual([-1, 0, 1, 2, 3, 4, 5]);
  });

  it('drops the rows of transitions the recorder dropped past its limit', async () => {
    const runs = store();
    const full = sampleRun({ id: 'long' });
    await runs.putRun(full);
    const [, second] = full.transitions;
    if (second === undefined) throw new Error('the sample has two transitions');
    const later: WorkbenchRun = {
      ...full,
      transitions: [second, { ...second, seq: 3, target: 'built' }],
      droppedTransitions: 1,
    };
    await runs.putRun(later);
    expect((await runs.getRun('long'))?.transitions.map((t) => t.seq)).toEqual([2, 3]);
  });

  it('upgrades a version 1 database (whole records in one row) without losing a run', async () => {
    const factory = new IDBFactory();
    const v1 = new Dexie('upgrade', { indexedDB: factory, IDBKeyRange });
    v1.version(1).stores({
      runs: '&id, startedAt, state, network, fn, sender, hash, retryOf',
      meta: '&key',
    });
    const old = [
      sampleRun({ id: 'one', startedAt: 1, state: 'failed', tags: ['error', 'outcome'] }),
      sampleRun({ id: 'two', startedAt: 2 }),
    ];
    await v1.table('runs').bulkPut(
      old.map((record) => ({
        id: record.id,
        startedAt: record.startedAt,
        state: record.state,
        network: record.network.name,
        fn: record.draft.payload.function,
        sender: record.draft.sender,
        hash: '',
        retryOf: '',
        record,
      })),
    );
    await v1.table('meta').put({ key: 'maxRuns', value: 50 });
    v1.close();
    const upgraded = createRunStore({ name: 'upgrade', indexedDB: factory, keyRange: IDBKeyRange });
    opened.push(upgraded);
    expect(await upgraded.listRuns()).toEqual([old[1], old[0]]);
    expect(await upgraded.getRun('one')).toEqual(old[0]);
    expect(await upgraded.count()).toBe(2);
    expect(await upgraded.maxRuns()).toBe(50);
    expect((await upgraded.listRuns({ outcome: 'failed' })).map((run) => run.id)).toEqual(['one']);
  });
});
