/**
 * The gas model (documented in localnet/README.md). Internal units are 1,000,000 per gas unit, as
 * in Aptos's gas schedule; fees are gas units × gas unit price, in octas.
 *
 * - intrinsic: 2.76 units for a transaction up to 600 bytes, plus 0.001147 per byte above;
 * - execution: 1.5 per entry call, 0.45 per withdraw or deposit, 0.2 per event, 0.1 per view;
 * - io: 0.3 per state read, 1.4 per slot written plus 0.001 per byte written;
 * - storage: 40,000 octas per new state slot plus 40 per byte, charged as gas units at the
 *   transaction's gas unit price.
 * A transfer between existing stores uses about 10 units; one that creates the recipient's account
 * and store about 900 at the minimum price.
 */
export const GAS = {
  scale: 1_000_000,
  intrinsic: 2_760_000,
  freeBytes: 600,
  perByte: 1_147,
  entryCall: 1_500_000,
  viewCall: 100_000,
  read: 300_000,
  writeSlot: 1_400_000,
  writeByte: 1_000,
  storagePerSlotOctas: 40_000n,
  storagePerByteOctas: 40n,
  minGasUnitPrice: 100n,
  maxGasUnitPrice: 10_000_000_000n,
  maxGasAmount: 2_000_000n,
  maxTransactionBytes: 65_536,
  /** `estimate_gas_price` on an idle chain. */
  estimate: { deprioritized: 100, regular: 100, prioritized: 150 },
} as const;

/** Intrinsic gas in whole units (rounded up), the floor for `max_gas_amount`. */
export function intrinsicGasUnits(transactionBytes: number): bigint {
  const internal = GAS.intrinsic + Math.max(0, transactionBytes - GAS.freeBytes) * GAS.perByte;
  return BigInt(Math.ceil(internal / GAS.scale));
}

export class OutOfGas extends Error {
  override readonly name = 'OutOfGas';
}

/**
 * Meters one transaction. Internal units stay `number`: they are bounded by max_gas_amount
 * (≤ 2,000,000 units × 1,000,000), well inside 2^53.
 */
export class GasMeter {
  execution = 0;
  io = 0;
  private readonly limit: number;

  constructor(
    maxGasAmount: bigint,
    readonly transactionBytes: number,
  ) {
    this.limit = Number(maxGasAmount) * GAS.scale;
    this.execution = GAS.intrinsic + Math.max(0, transactionBytes - GAS.freeBytes) * GAS.perByte;
  }

  get used(): number {
    return this.execution + this.io;
  }

  private check(): void {
    if (this.used > this.limit) throw new OutOfGas();
  }

  chargeExecution(internal: number): void {
    this.execution += internal;
    this.check();
  }

  chargeIo(internal: number): void {
    this.io += internal;
    this.check();
  }

  /** Internal units left before the limit (the bytecode interpreter counts down from it). */
  remaining(): number {
    return this.limit - this.used;
  }

  /** Whole gas units used so far, rounded up. */
  units(): bigint {
    return BigInt(Math.ceil(this.used / GAS.scale));
  }
}
