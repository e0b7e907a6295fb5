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
