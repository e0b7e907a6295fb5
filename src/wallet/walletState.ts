import type { WalletSnapshot } from '../../machines';

/**
 * The machine state as a dotted path, as the visualizer and the tests name it:
 * `connected.wrongNetwork`, `rejected`.
 *
 * @example
 * ```ts
 * statePath(actor.getSnapshot()); // 'connected.ready'
 * ```
 */
export function statePath(snapshot: Pick<WalletSnapshot, 'value'>): string {
  const walk = (value: unknown): string[] => {
    if (typeof value === 'string') return [value];
    if (typeof value === 'object' && value !== null) {
      const [entry] = Object.entries(value);
      if (entry !== undefined) return [entry[0], ...walk(entry[1])];
    }
    return [];
  };
  return walk(snapshot.value).join('.');
}

/** `0x1234…cdef`: the start and end of an address. */
export function shortAddress(address: string): string {
  return address.length <= 14 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}
