import type { Json } from '../encoding.ts';
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
export class DevControls {
  readonly faults: Faults = { delayCommitsMs: 0, holdNext: 0, rejectNext: 0 };
  private readonly snapshots = new Map<string, LedgerMark>();
  private nextSnapshotId = 1;

  constructor(private readonly parts: ChainCore & { producer: BlockProducer }) {}

  /** Remembers the current ledger; `revert(id)` returns to it. */
  snapshot(): { id: string; version: number; height: number } {
    const id = `0x${(this.nextSnapshotId++).toString(16)}`;
    const mark = this.parts.ledger.mark();
    this.snapshots.set(id, mark);
    return { id, ...mark };
  }

  /** Reverts to a snapshot, dropping it and every later one (as hardhat's `evm_revert`). */
  revert(id: string): LedgerMark {
    const mark = this.snapshots.get(id);
    if (mark === undefined)
      throw new NodeError({ code: 'invalid_input', message: `Unknown snapshot id ${id}` });
    for (const [other, otherMark] of this.snapshots)
      if (otherMark.version >= mark.version) this.snapshots.delete(other);
    this.parts.log.append({ k: 'revert', version: mark.version, height: mark.height });
    this.parts.ledger.revertTo(mark);
    return mark;
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

  clockInfo(): { nowMicros: bigint; offsetMicros: bigint } {
    return { nowMicros: this.parts.clock.nowMicros(), offsetMicros: this.parts.clock.offset };
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
      ...pendingJson(entry.tx, true),
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
