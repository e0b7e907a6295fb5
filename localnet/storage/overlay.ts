/**
 * Buffered writes read over a base state (a block's running state, a transaction's phases). Reads
 * see the writes first; an address's keys are listed when the base lists them (`keysOf`), with the
 * overlay's own written keys added, so the sizes of a resource group are found without probing
 * every member type (and without wrong answers: a listing that missed a key written here would
 * under-charge that group).
 */
import type { LongAddress } from '../encoding.ts';
import type { StateKey, StateReader, StateValue } from './types.ts';

/** The address a resource or module key lives under (`null` for a table item). */
const addressOf = (key: StateKey): string | null =>
  key.startsWith('r|') || key.startsWith('m|') ? key.slice(2, 68) : null;

/** `writes` over `base` (classes, not closures: a transaction makes a few of these). */
class Overlay implements StateReader {
  constructor(
    protected readonly writes: ReadonlyMap<StateKey, StateValue | null>,
    protected readonly base: StateReader,
  ) {}

  get(key: StateKey): StateValue | null {
    const written = this.writes.get(key);
    return written !== undefined ? written : this.base.get(key);
  }
}

/** An `Overlay` whose base lists keys: the written ones are added (scanned: a session's few). */
class ListingOverlay extends Overlay {
  keysOf(address: LongAddress): StateKey[] {
    const keys = [...(this.base.keysOf?.(address) ?? [])];
    for (const key of this.writes.keys()) if (addressOf(key) === address) keys.push(key);
    return keys;
  }
}

/** `writes` over `base`: a reader for a small, fixed set of writes (a session's). */
export const overlayReader = (
  writes: ReadonlyMap<StateKey, StateValue | null>,
  base: StateReader,
): StateReader =>
  base.keysOf === undefined ? new Overlay(writes, base) : new ListingOverlay(writes, base);

/** A growing set of writes over `base` (a block's): its written keys indexed by address. */
export class StateOverlay implements StateReader {
  private readonly writes = new Map<StateKey, StateValue | null>();
  private readonly byAddress = new Map<string, StateKey[]>();
  readonly keysOf?: (address: LongAddress) => Iterable<StateKey>;

  constructor(private readonly base: StateReader) {
    if (base.keysOf !== undefined) {
      const below = base.keysOf.bind(base);
      this.keysOf = (address) => {
        const own = this.byAddress.get(address);
        return own === undefined ? below(address) : [...below(address), ...own];
      };
    }
  }

  get(key: StateKey): StateValue | null {
    const written = this.writes.get(key);
    return written !== undefined ? written : this.base.get(key);
  }

  set(key: StateKey, value: StateValue | null): void {
    if (!this.writes.has(key)) {
      const address = addressOf(key);
      if (address !== null) {
        const keys = this.byAddress.get(address);
        if (keys === undefined) this.byAddress.set(address, [key]);
        else keys.push(key);
      }
    }
    this.writes.set(key, value);
  }
}
