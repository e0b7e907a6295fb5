import { describe, expect, it } from 'vitest';
import { areaFromHash, areas, defaultArea } from '../../src/app/areas';

describe('areaFromHash', () => {
  it.each(areas.map((area) => [`#/${area.id}`, area.id]))('reads %s', (hash, id) => {
    expect(areaFromHash(hash)).toBe(id);
  });

  it.each(['', '#', '#/', '#/nowhere', '#/history-x', 'garbage'])(
    'falls back to Compose for %j',
    (hash) => {
      expect(areaFromHash(hash)).toBe(defaultArea);
    },
  );

  it('ignores a sub-path or query after the area', () => {
    expect(areaFromHash('#/history/run-1')).toBe('history');
    expect(areaFromHash('#/chain?tab=ledger')).toBe('chain');
  });
});
