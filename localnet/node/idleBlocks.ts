import type { Clock } from '../clock.ts';
import type { MiningMode } from '../miner/miner.ts';
import type { Ledger } from '../storage/ledger.ts';
import type { DurableLog, LogEntry } from '../storage/log.ts';

/**
 * Empty blocks while idle, as a real localnet produces them (block metadata and state checkpoint
 * transactions, so the ledger version grows). In interval mode with `idleBlockMs`, each tick that
 * finds nothing to commit checks whether the last block is `idleBlockMs` old and, if so, commits an
 * empty block. Its timestamp sits on a grid (`last idle block + idleBlockMs`) while the run lasts,
 * so the durable log keeps a whole run as one `idle` entry `{ts, dt, n}` (a few dozen bytes a
 * minute) and replay rebuilds identical blocks.
 */
export class IdleBlocks {
  /** The timestamp the next idle block of the current run would take. */
  private next: bigint | null = null;

  constructor(
    private readonly parts: {
      mode: () => MiningMode;
      ledger: Ledger;
      clock: Clock;
      log: DurableLog;
      commit: (timestamp: bigint) => void;
    },
  ) {}

  tick(): void {
    const mode = this.parts.mode();
    if (mode.mode !== 'interval' || mode.idleBlockMs === undefined || mode.idleBlockMs <= 0) return;
    const step = BigInt(mode.idleBlockMs) * 1_000n;
    const now = this.parts.clock.nowMicros();
    const last = this.parts.ledger.latestTimestamp;
    if (now - last < step) return;
    // Stay on the run's grid while it is still close to now; otherwise start a new run at now.
    const onGrid =
      this.next !== null && this.next > last && this.next <= now && now - this.next < step;
    const timestamp = onGrid && this.next !== null ? this.next : now > last ? now : last + 1n;
    this.parts.log.appendIdle(timestamp, step);
    this.parts.commit(timestamp);
    this.next = timestamp + step;
  }
}

/** The block timestamps an `idle` log entry stands for. */
export function idleRunTimestamps(entry: LogEntry & { k: 'idle' }): bigint[] {
  const first = BigInt(entry.ts);
  const dt = BigInt(entry.dt);
  return Array.from({ length: entry.n }, (_, i) => first + dt * BigInt(i));
}
