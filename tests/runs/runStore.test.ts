import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
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
});
