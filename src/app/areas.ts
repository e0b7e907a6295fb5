/** The workbench's areas, in navigation order. The id is also the URL hash (`#/compose`). */
export const areas = [
  {
    id: 'compose',
    label: 'Compose',
    summary: 'Build, simulate, sign and submit a transaction step by step',
  },
  {
    id: 'visualizer',
    label: 'Visualizer',
    summary: 'Every state transition of a run, drawn on its machine',
  },
  {
    id: 'history',
    label: 'History',
    summary: 'Recorded runs: inspect, export and replay',
  },
  {
    id: 'chain',
    label: 'Chain',
    summary: 'Ledger, accounts, transaction lookup and dev controls',
  },
] as const;

export type AreaId = (typeof areas)[number]['id'];

export const defaultArea: AreaId = 'compose';

/** Reads an area id from a location hash such as `#/history`; unknown hashes fall back to Compose. */
export function areaFromHash(hash: string): AreaId {
  const id = hash.replace(/^#\/?/, '').split(/[/?]/)[0];
  return areas.find((area) => area.id === id)?.id ?? defaultArea;
}
