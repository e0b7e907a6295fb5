import { BoundedMap, type Json } from '../encoding.ts';
import { NodeError } from '../errors.ts';
import type { MiningMode } from '../miner/miner.ts';
import type { LedgerMark } from '../storage/ledger.ts';
import type { BlockProducer, ChainCore } from './blockProducer.ts';
import { notFound } from './history.ts';
import { pendingJson } from './render.ts';

type JsonObject = { [key: string]: Json };

/** The fault switches of the dev controls. */
export interface Faults {
  /** Every new submission may commit only this many ms after it arrived. */
  delayCommitsMs: number;
  /** The next N submissions are held in the mempool until released or expired. */
  holdNext: number;
  /** The next N submissions answer 507 `mempool_is_full`. */
  rejectNext: number;
}

/** What `/workbench/status` reports. */
export interface NodeStatus {
  ledgerVersion: number;
  blockHeight: number;
  userTransactions: number;
  mempoolSize: number;
  mining: MiningMode;
  faults: Faults;
}

/**
 * The dev controls no public network offers (hardhat's `evm_*`, anvil's `anvil_*`): snapshot and
 * revert, mining mode, the clock, faults, and holding or dropping pending transactions.
 */
/** Snapshots kept (hardhat keeps every one; a script taking one per test never reverts most). */
export const SNAPSHOT_LIMIT = 1_024;

export class DevControls {
  readonly faults: Faults = { delayCommitsMs: 0, holdNext: 0, rejectNext: 0 };
  /**
   * Each snapshot's ledger mark and the clock offset taken with it: the newest
   * `SNAPSHOT_LIMIT`, an older one's id then answers as unknown.
   */
  private readonly snapshots = new BoundedMap<string, { mark: LedgerMark; offset: bigint }>(
    SNAPSHOT_LIMIT,
  );
  private nextSnapshotId = 1;

  constructor(private readonly parts: ChainCore & { producer: BlockProducer }) {
    // Chain time never reads earlier than the last block (it matters after a reset to now).
    parts.clock.setFloor(() => parts.ledger.latestTimestamp);
  }

  /** Remembers the current ledger and clock offset; `revert(id)` returns to both. */
  snapshot(): { id: string; version: number; height: number; offsetMicros: bigint } {
    const id = `0x${(this.nextSnapshotId++).toString(16)}`;
    const mark = this.parts.ledger.mark();
    const offset = this.parts.clock.offset;
    this.snapshots.set(id, { mark, offset });
    return { id, ...mark, offsetMicros: offset };
  }

  /**
   * Reverts to a snapshot, dropping it and every later one (as hardhat's `evm_revert`), and
   * restores the clock offset taken with it. The ledger's latest block is the snapshot's again, so
   * new blocks resume at `max(wall + restored offset, snapshot's block time + 1 µs)`.
   */
  revert(id: string): LedgerMark & { offsetMicros: bigint } {
    const saved = this.snapshots.get(id);
    if (saved === undefined)
      throw new NodeError({ code: 'invalid_input', message: `Unknown snapshot id ${id}` });
    const { mark, offset } = saved;
    for (const [other, otherSaved] of this.snapshots.entries())
      if (otherSaved.mark.version >= mark.version) this.snapshots.delete(other);
    const { clock, ledger, log } = this.parts;
    log.append({ k: 'revert', version: mark.version, height: mark.height });
    ledger.revertTo(mark);
    if (clock.offset !== offset) {
      // Logged after the revert, so a restart replays the same offset.
      log.append({ k: 'clock', offset: offset.toString() });
      clock.restoreOffset(offset);
    }
    return { ...mark, offsetMicros: offset };
  }

  /** Moves the chain clock forward and drops what expired. */
  advanceClock(micros: bigint): bigint {
    const { clock, log, producer } = this.parts;
    const offset = clock.advance(micros);
    log.append({ k: 'clock', offset: offset.toString() });
    producer.dropExpired();
    // A live chain's ledger timestamp follows its clock through new blocks: record the jump in an
    // empty block, so that readers of ledger info (and clients judging expiry) see it.
    producer.commitEmptyBlock();
    return clock.nowMicros();
  }

  /**
   * "Reset clock to now": clears the offset. Ledger time never goes backwards, so if the ledger is
   * ahead of wall time, new blocks resume at `max(wall time, last block time + 1 µs)`: the chain
   * stops running ahead, and follows wall time again once wall time passes its last block.
   * Returns the offset that was cleared.
   */
  resetClock(): bigint {
    const { clock, log } = this.parts;
    const cleared = clock.offset;
    if (cleared !== 0n) {
      log.append({ k: 'clock', offset: '0' });
      clock.reset();
    }
    return cleared;
  }

  /**
   * The clock now (wall + offset), the offset, the ledger's latest block time, and when the next
   * block would be stamped: `max(now, ledger time + 1 µs)`.
   */
  clockInfo(): {
    nowMicros: bigint;
    offsetMicros: bigint;
    ledgerMicros: bigint;
    nextBlockMicros: bigint;
  } {
    const { clock, ledger } = this.parts;
    const nowMicros = clock.nowMicros();
    const ledgerMicros = ledger.latestTimestamp;
    return {
      nowMicros,
      offsetMicros: clock.offset,
      ledgerMicros,
      nextBlockMicros: nowMicros > ledgerMicros ? nowMicros : ledgerMicros + 1n,
    };
  }

  setFaults(faults: Partial<Faults>): Faults {
    Object.assign(this.faults, faults);
    return { ...this.faults };
  }

  private pending(hash: string) {
    const entry = this.parts.mempool.get(hash);
    if (entry === undefined)
      throw notFound('transaction_not_found', `Transaction not found by Transaction hash(${hash})`);
    return entry;
  }

  /** Holds (or releases) a pending transaction by hash. */
  setHeld(hash: string, held: boolean): void {
    this.pending(hash).held = held;
    if (!held) this.parts.producer.miner.notify();
  }

  /** Releases every held transaction. */
  releaseAll(): number {
    let count = 0;
    for (const entry of this.parts.mempool.entries()) {
      if (entry.held) {
        entry.held = false;
        count += 1;
      }
    }
    this.parts.producer.miner.notify();
    return count;
  }

  /** Drops a pending transaction: it will never commit and lookups answer 404. */
  dropPending(hash: string): void {
    this.parts.producer.drop(this.pending(hash));
  }

  pendingTransactions(): JsonObject[] {
    return this.parts.mempool.entries().map((entry) => ({
      ...pendingJson(entry.tx, true, this.parts.ledger.reader()),
      held: entry.held,
    }));
  }

  status(): NodeStatus {
    const { ledger, mempool, producer } = this.parts;
    return {
      ledgerVersion: ledger.version,
      blockHeight: ledger.height,
      userTransactions: ledger.userTransactionCount,
      mempoolSize: mempool.size,
      mining: producer.miner.mode,
      faults: { ...this.faults },
    };
  }
}
