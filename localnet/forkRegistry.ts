/**
 * The forks a chain starts for the app (`POST /workbench/forks`): one per upstream URL and
 * version, each a whole chain in this process on free ports, stopped with the chain that started
 * them. The browser cannot fork (it has no `node:`); the embedded chain can.
 */
import type { ForkEntry, ForkLauncher } from './http/forks.ts';
import type { ForkOptions, ForkProgress } from './node/fork.ts';

/** A started fork: what the registry uses of the chain `startLocalnet` returns. */
export interface StartedFork {
  rest: string;
  chainId: number;
  /** The fork point (the latest upstream version when none was asked for). */
  version: number;
  /** Its upstream reads so far (counted as they happen, not only when reported). */
  reads(): ForkProgress;
  stop(): Promise<void>;
}

/** One open (or opening) fork. */
interface Slot {
  entry: Promise<ForkEntry>;
  chain: Promise<StartedFork>;
}

/** An open fork: its entry, and where its live read counters come from. */
interface Ready {
  entry: ForkEntry;
  reads: () => ForkProgress;
}

/** Opens forks with `start` and remembers them by upstream URL and version. */
export class ForkRegistry implements ForkLauncher {
  private readonly slots = new Map<string, Slot>();
  private readonly ready: Ready[] = [];
  private stopped = false;

  constructor(private readonly start: (fork: ForkOptions) => Promise<StartedFork>) {}

  open(args: { url: string; version?: bigint }): Promise<ForkEntry> {
    if (this.stopped) return Promise.reject(new Error('localnet: the chain is stopping'));
    const url = args.url.replace(/\/+$/, '');
    // Without a version the upstream's latest is the fork point: always a new fork.
    const key = args.version === undefined ? null : `${url}@${args.version}`;
    const known = key === null ? undefined : this.slots.get(key);
    if (known !== undefined) return known.entry;
    const progress: ForkProgress = { requests: 0, bytes: 0, keys: 0 };
    const chain = this.start({
      url,
      ...(args.version === undefined ? {} : { version: args.version }),
      onProgress: (now) => {
        progress.requests = now.requests;
        progress.bytes = now.bytes;
        progress.keys = now.keys;
        if (now.rateLimited === undefined) delete progress.rateLimited;
        else progress.rateLimited = { ...now.rateLimited };
      },
    });
    const entry = chain.then((started) => {
      const opened: ForkEntry = {
        id: `fork-${this.ready.length + 1}`,
        url,
        version: started.version,
        rest: started.rest,
        chainId: started.chainId,
        progress,
      };
      this.ready.push({ entry: opened, reads: () => started.reads() });
      return opened;
    });
    const slot = { entry, chain };
    const slotKey = key ?? `${url}@latest#${this.slots.size}`;
    this.slots.set(slotKey, slot);
    // A fork that failed to open is forgotten: the next request tries again.
    entry.catch(() => this.slots.delete(slotKey));
    return entry;
  }

  list(): ForkEntry[] {
    return this.ready.map(({ entry, reads }) => ({
      ...entry,
      // A 429 wait is known from the last report only.
      progress: {
        ...reads(),
        ...(entry.progress.rateLimited === undefined
          ? {}
          : { rateLimited: entry.progress.rateLimited }),
      },
    }));
  }

  /** Stops every fork (those still opening once they opened). */
  async stopAll(): Promise<void> {
    this.stopped = true;
    const chains = [...this.slots.values()].map((slot) => slot.chain);
    this.slots.clear();
    await Promise.all(
      chains.map((chain) => chain.then((started) => started.stop()).catch(() => undefined)),
    );
  }
}
