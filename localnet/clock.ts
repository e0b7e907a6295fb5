/**
 * The chain's clock: wall time plus an offset that dev controls can advance, never going backwards.
 * Times are microseconds as bigint, like `ledger_timestamp`.
 */
export class Clock {
  private offsetMicros = 0n;

  constructor(private readonly wallMicros: () => bigint = () => BigInt(Date.now()) * 1000n) {}

  nowMicros(): bigint {
    return this.wallMicros() + this.offsetMicros;
  }

  nowSeconds(): bigint {
    return this.nowMicros() / 1_000_000n;
  }

  /** Moves the chain clock forward; returns the new offset from wall time. */
  advance(micros: bigint): bigint {
    if (micros < 0n) throw new RangeError('the clock only moves forward');
    this.offsetMicros += micros;
    return this.offsetMicros;
  }

  get offset(): bigint {
    return this.offsetMicros;
  }

  /** Restores an offset saved in the data dir, so time never runs backwards after a restart. */
  restoreOffset(micros: bigint): void {
    if (micros > this.offsetMicros) this.offsetMicros = micros;
  }
}
