/** How blocks are produced: on the next tick after a submission, on a timer, or only on request. */
export type MiningMode =
  | { mode: 'instant' }
  /** `idleBlockMs`: also commit an empty block when none was committed for that long. */
  | { mode: 'interval'; intervalMs: number; idleBlockMs?: number }
  | { mode: 'manual' };

/**
 * The default cadence, like a real localnet: a block every 250 ms when transactions wait (so a
 * submitted transaction is observably pending until its block), and an empty block (block metadata
 * and state checkpoint) every 500 ms while idle, so the ledger version grows. Instant commit
 * (`--block-time 0`, `{ mode: 'instant' }`) stays for tests and benchmarks.
 */
export const DEFAULT_BLOCK_TIME_MS = 250;
export const DEFAULT_IDLE_BLOCK_MS = 500;
/**
 * In interval mode a submission waits at least this long before a block may take it, so the
 * client's first `GET /transactions/by_hash` right after the 202 sees it pending.
 */
export const MIN_PENDING_MS = 100;

/**
 * Decides *when* to mine (like anvil's `MiningMode`); what a block holds is the node's business.
 * `mine` commits one block and returns how many transactions it held.
 */
export class Miner {
  private current: MiningMode;
  private immediate: NodeJS.Immediate | null = null;
  private interval: NodeJS.Timeout | null = null;
  private wakeup: NodeJS.Timeout | null = null;
  private stopped = false;

  private readonly mine: () => void;

  constructor(mode: MiningMode, mine: () => void) {
    // A timer callback that throws would end the process: report it and keep mining.
    this.mine = () => {
      try {
        mine();
      } catch (error) {
        console.error('localnet: mining a block failed', error);
      }
    };
    this.current = mode;
    this.apply();
  }

  get mode(): MiningMode {
    return this.current;
  }

  setMode(mode: MiningMode): void {
    this.current = mode;
    this.apply();
  }

  /** A transaction became ready: in instant mode, commit on the next tick (batching the tick's arrivals). */
  notify(): void {
    if (this.stopped || this.current.mode !== 'instant' || this.immediate !== null) return;
    this.immediate = setImmediate(() => {
      this.immediate = null;
      this.mine();
    });
  }

  /** Something becomes ready later (a commit delay): wake up then, unless mining is manual. */
  wakeAt(delayMs: number): void {
    if (this.stopped || this.current.mode !== 'instant') return;
    if (this.wakeup !== null) clearTimeout(this.wakeup);
    this.wakeup = setTimeout(
      () => {
        this.wakeup = null;
        this.mine();
      },
      Math.max(0, delayMs),
    );
  }

  private apply(): void {
    if (this.interval !== null) clearInterval(this.interval);
    this.interval = null;
    if (this.stopped) return;
    if (this.current.mode === 'interval') {
      this.interval = setInterval(() => this.mine(), this.current.intervalMs);
    } else if (this.current.mode === 'instant') {
      this.notify();
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.immediate !== null) clearImmediate(this.immediate);
    if (this.interval !== null) clearInterval(this.interval);
    if (this.wakeup !== null) clearTimeout(this.wakeup);
  }
}
