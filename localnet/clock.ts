/**
 * The chain's clock: wall time plus an offset that dev controls can advance or clear. Times are
 * microseconds as bigint, like `ledger_timestamp`.
 *
 * Ledger time never goes backwards whatever the offset does: a block's timestamp is
 * `max(clock now, last block time + 1 µs)` (the block producer's rule). So clearing the offset
 * ("reset to now") while the ledger is ahead of wall time freezes nothing and rewinds nothing: new
 * blocks resume at the last block time + 1 µs until wall time catches up, then follow wall time.
 */
export class Clock {
  private offsetMicros = 0n;
  /** The ledger's last block time: the clock never reads earlier (set by the dev controls). */
  private floorMicros: () => bigint = () => 0n;

  constructor(private readonly wallMicros: () => bigint = () => BigInt(Date.now()) * 1000n) {}

  /**
   * The chain's time: wall time + offset, but never before the ledger's last block. After a reset
   * while the ledger is ahead, this is the last block's time until wall time passes it, so
   * expiration checks (admission, the mempool sweep, the faucet, clients reading the clock) agree
   * with the time the next block will carry.
   */
  nowMicros(): bigint {
    const now = this.wallMicros() + this.offsetMicros;
    const floor = this.floorMicros();
    return now > floor ? now : floor;
  }

  /** Ties the clock to the ledger: it never reads earlier than `floor()` (the last block time). */
  setFloor(floor: () => bigint): void {
    this.floorMicros = floor;
  }

  nowSeconds(): bigint {
    return this.nowMicros() / 1_000_000n;
  }

  /** Wall time now, without the offset. */
  wallNowMicros(): bigint {
    return this.wallMicros();
  }

  /** Moves the chain clock forward; returns the new offset from wall time. */
  advance(micros: bigint): bigint {
    if (micros < 0n) throw new RangeError('the clock only moves forward');
    this.offsetMicros += micros;
    return this.offsetMicros;
  }

  /** Clears the offset: the clock reads wall time again. Returns the offset that was cleared. */
  reset(): bigint {
    const cleared = this.offsetMicros;
    this.offsetMicros = 0n;
    return cleared;
  }

  get offset(): bigint {
    return this.offsetMicros;
  }

  /**
   * Sets the offset recorded in the log (a `clock` entry) or taken with a snapshot. The log
   * replays entries in order, so the last one wins: an advance, a reset, or a revert's restore.
   * Ledger time still never runs backwards (see the class comment).
   */
  restoreOffset(micros: bigint): void {
    if (micros < 0n) throw new RangeError('a clock offset is never negative');
    this.offsetMicros = micros;
  }
}
