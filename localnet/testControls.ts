import { octas } from './accounts.ts';
import { parseAddress } from './encoding.ts';
import type { MiningMode } from './miner/miner.ts';
import type { MoveTrace } from './move/vm/traceTypes.ts';
import type { Faults, LocalNode } from './node/node.ts';
import { traceTransaction } from './node/trace.ts';

/**
 * The dev controls a test needs, typed, on the object `startLocalnet` returns: the same operations
 * as `/workbench/*` (localnet/README.md, "Dev controls"), called in-process.
 */
export interface TestControls {
  /** Remembers the ledger and the clock offset (anvil's `evm_snapshot`); returns the id. */
  snapshot(): string;
  /** Back to a snapshot, clock offset included; it and later ids are forgotten (`evm_revert`). */
  revert(id: string): void;
  /**
   * Mints APT (octas, a bigint or a decimal string) to an address with a root-signed transaction
   * and resolves with its hash once committed; in manual mining, once queued (`mine()` commits it).
   */
  fund(address: string, amount: bigint | string): Promise<`0x${string}`>;
  /** Moves the chain clock forward (an empty block records the jump); returns now in µs. */
  advanceClock(seconds: number | bigint): bigint;
  /** Clears the clock offset; ledger time never goes backwards. Returns the µs cleared. */
  resetClock(): bigint;
  /** The chain clock now, its offset, the last block's time and the next block's, in µs. */
  clock(): {
    nowMicros: bigint;
    offsetMicros: bigint;
    ledgerMicros: bigint;
    nextBlockMicros: bigint;
  };
  /** `{ mode: 'instant' }`, `{ mode: 'interval', intervalMs, idleBlockMs? }` or `{ mode: 'manual' }`. */
  setMining(mode: MiningMode): void;
  /** Commits one block now, empty if nothing is ready; returns how many transactions it holds. */
  mine(): number;
  /** Delays commits, holds or refuses the next submissions (see `Faults`); returns them all. */
  setFaults(faults: Partial<Faults>): Faults;
  /** All faults off, held transactions released. */
  clearFaults(): void;
  /**
   * A Move trace (`POST /workbench/trace`): the committed transaction at `version` (or `hash`)
   * re-executed there, a given `transaction` (BCS `SignedTransaction`) at `version`, or simulated
   * on the latest state without one; `steps` records every instruction.
   */
  trace(request: {
    version?: bigint | string;
    hash?: string;
    transaction?: Uint8Array;
    steps?: boolean;
  }): MoveTrace;
}

export function testControls(node: LocalNode, isStopped: () => boolean): TestControls {
  return {
    snapshot: () => node.snapshot().id,
    revert: (id) => {
      node.revert(id);
    },
    fund: async (address, amount) => {
      const long = parseAddress(address);
      if (long === null) throw new TypeError(`fund: not an account address: ${address}`);
      const hash = node.fund(long, octas(amount));
      if (node.miningMode().mode === 'manual') return hash;
      for (;;) {
        if (isStopped()) throw new Error('fund: the chain was stopped');
        const tx = await node.waitForTransactionByHash(hash);
        if (tx.type === 'pending_transaction') continue;
        if (tx.success !== true) throw new Error(`fund: the mint failed: ${String(tx.vm_status)}`);
        return hash;
      }
    },
    advanceClock: (seconds) => {
      const micros = BigInt(seconds) * 1_000_000n;
      if (micros < 0n) throw new RangeError('advanceClock: seconds must not be negative');
      return node.advanceClock(micros);
    },
    resetClock: () => node.resetClock(),
    clock: () => node.clockInfo(),
    setMining: (mode) => node.setMining(mode),
    mine: () => node.mineBlock(),
    setFaults: (faults) => node.setFaults(faults),
    clearFaults: () => {
      node.releaseAll();
      node.setFaults({ delayCommitsMs: 0, holdNext: 0, rejectNext: 0 });
    },
    trace: ({ version, ...rest }) =>
      traceTransaction(version === undefined ? rest : { ...rest, version: BigInt(version) }, {
        ledger: node.ledger,
        chainId: node.chainId,
        nowMicros: node.clockInfo().nowMicros,
      }),
  };
}
