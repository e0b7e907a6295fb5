/** A run whose actor was stopped while it waited (the network changed): where it stopped. */
export interface InterruptedRun {
  id: string;
  state: string;
  network: string;
  hash: string | null;
}

/** The last run stopped before an outcome in this page, until dismissed; Compose says so. */
export interface InterruptedRunHolder {
  get(): InterruptedRun | null;
  set(run: InterruptedRun | null): void;
  subscribe(listener: () => void): () => void;
}

/** A small observable holder, for `useSyncExternalStore`. */
export function createInterruptedRunHolder(): InterruptedRunHolder {
  let stopped: InterruptedRun | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => stopped,
    set: (next) => {
      stopped = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The page's holder. Module-wide, not in `RunsProvider`: a network switch remounts the providers
 * under the wallet adapter, and the notice must outlive that.
 */
export const interruptedRun = createInterruptedRunHolder();
