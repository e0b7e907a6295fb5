import type { Clock } from '../clock.ts';
import type { DecodedTransaction } from '../executor/decode.ts';
import { decodeSignedTransaction } from '../executor/decode.ts';
import { execute, validate } from '../executor/execute.ts';
import { readAccount } from '../framework/assets.ts';
import { timestampValue } from '../framework/genesis.ts';
import type { Mempool, PendingEntry } from '../mempool/mempool.ts';
import type { MiningMode } from '../miner/miner.ts';
import { Miner } from '../miner/miner.ts';
import type { ExecutedUserTransaction, Ledger } from '../storage/ledger.ts';
import type { DurableLog, LogEntry } from '../storage/log.ts';
import type { StateKey, StateReader, StateValue, WriteOp } from '../storage/types.ts';
import { resourceKey } from '../storage/types.ts';
import type { LongAddress } from '../encoding.ts';
import { IdleBlocks, idleRunTimestamps } from './idleBlocks.ts';
import type { Waiters } from './waiters.ts';

export function sequenceNumberOf(state: StateReader, address: LongAddress): bigint {
  const account = readAccount(state, address);
  return account === null ? 0n : BigInt(account.data.sequence_number as string);
}

/** The chain's stores, shared by block production and the dev controls. */
export interface ChainCore {
  ledger: Ledger;
  mempool: Mempool;
  clock: Clock;
  log: DurableLog;
}

/**
 * Block production (anvil's miner plus backend commit): takes ready transactions from the mempool,
 * executes them against the block's running state, writes the block to the durable log and then
 * to the ledger. It also replays the log on start. The `Miner` decides when.
 */
export class BlockProducer {
  readonly miner: Miner;
  private stopped = false;

  constructor(
    private readonly parts: ChainCore & {
      waiters: Waiters;
      chainId: number;
      maxBlockTransactions: number;
      mining: MiningMode;
      /** Called for each transaction committed live (reads keep it decoded). */
      onCommitted: (tx: DecodedTransaction) => void;
    },
  ) {
    this.miner = new Miner(parts.mining, () => this.mineBlock());
    this.idle = new IdleBlocks({
      mode: () => this.miner.mode,
      ledger: parts.ledger,
      clock: parts.clock,
      log: parts.log,
      commit: (timestamp) => {
        if (!this.stopped) this.commit(timestamp, [], false);
      },
    });
  }

  private readonly idle: IdleBlocks;

  /** Rebuilds the ledger from the log's entries (blocks re-executed, reverts and clock redone). */
  replay(entries: LogEntry[]): void {
    const { ledger, clock } = this.parts;
    for (const entry of entries) {
      if (entry.k === 'idle') {
        for (const timestamp of idleRunTimestamps(entry)) this.commit(timestamp, [], false);
      } else if (entry.k === 'clock') {
        clock.restoreOffset(BigInt(entry.offset));
      } else if (entry.k === 'revert') {
        ledger.revertTo({ version: entry.version, height: entry.height });
      } else {
        const txs = entry.txs.map((hex) =>
          decodeSignedTransaction(new Uint8Array(Buffer.from(hex, 'hex'))),
        );
        this.commit(BigInt(entry.ts), txs, false);
      }
    }
  }

  /** Drops what expired from the mempool (a 1 s timer and the clock control call this). */
  dropExpired(): void {
    const { mempool, clock, waiters } = this.parts;
    for (const entry of mempool.dropExpired(clock.nowSeconds())) waiters.settle(entry.tx.hash);
  }

  drop(entry: PendingEntry): void {
    this.parts.mempool.remove(entry.tx.hash);
    this.parts.waiters.settle(entry.tx.hash);
  }

  /**
   * Commits one block of ready transactions; returns how many user transactions it holds. With
   * `allowEmpty` ("mine now"), a block is committed even when nothing is ready.
   */
  mineBlock(options: { allowEmpty?: boolean } = {}): number {
    if (this.stopped) return 0;
    const { ledger, mempool, waiters } = this.parts;
    // Expired entries are swept by the 1 s timer (not per block: that is O(mempool)); one that
    // expired since is refused by the commit-time check below and dropped there.
    const nowMs = Date.now();
    const latest = ledger.reader();
    const { ready, stale } = mempool.collect({
      sequenceNumberOf: (address) => sequenceNumberOf(latest, address),
      nowMs,
      limit: this.parts.maxBlockTransactions,
    });
    for (const entry of stale) this.drop(entry);
    if (ready.length === 0) {
      const next = mempool.nextReadyAt(nowMs);
      if (next !== undefined) this.miner.wakeAt(next - nowMs);
      if (options.allowEmpty === true) this.commitEmptyBlock();
      else this.idle.tick();
      return 0;
    }
    const committed = this.commit(
      this.nextTimestamp(),
      ready.map((entry) => entry.tx),
      true,
    );
    for (const entry of ready) {
      if (committed.has(entry.tx.hash)) {
        mempool.remove(entry.tx.hash);
        waiters.settle(entry.tx.hash);
      }
    }
    if (mempool.size > 0) this.miner.notify();
    return committed.size;
  }

  /** Commits a block that holds no user transaction (block metadata and checkpoint only). */
  commitEmptyBlock(): void {
    if (!this.stopped) this.commit(this.nextTimestamp(), [], true, true);
  }

  private nextTimestamp(): bigint {
    const now = this.parts.clock.nowMicros();
    const last = this.parts.ledger.latestTimestamp;
    return now > last ? now : last + 1n;
  }

  /**
   * Executes transactions in order against the block's running state and commits the block.
   * `live` re-validates each one (a failing prologue drops it) and writes the durable log first.
   */
  private commit(
    timestamp: bigint,
    txs: DecodedTransaction[],
    live: boolean,
    allowEmpty = false,
  ): Set<string> {
    const { ledger, mempool, chainId } = this.parts;
    const overlay = new Map<StateKey, StateValue | null>();
    const base = ledger.reader();
    const state: StateReader = {
      get: (key) => {
        const value = overlay.get(key);
        return value !== undefined ? value : base.get(key);
      },
    };
    const clockValue = timestampValue(timestamp);
    const metadataWrites: WriteOp[] = [
      { key: resourceKey(clockValue.address, clockValue.type), value: clockValue, previous: null },
    ];
    for (const write of metadataWrites) overlay.set(write.key, write.value);
    const executed: ExecutedUserTransaction[] = [];
    const options = {
      nowSeconds: timestamp / 1_000_000n,
      chainId,
      signatures: 'skip' as const,
      sequence: 'exact' as const,
      authKeys: false,
    };
    for (const tx of txs) {
      if (live) {
        const failure = validate(tx, state, options);
        if (failure === 'SEQUENCE_NUMBER_TOO_NEW') continue;
        if (failure !== null) {
          const entry = mempool.get(tx.hash);
          if (entry !== undefined) this.drop(entry);
          continue;
        }
      }
      let output;
      try {
        output = execute(tx, state, { timestampMicros: timestamp, chainId });
      } catch (error) {
        // The epilogue itself failed (a fault of this chain): drop the transaction, keep the block.
        console.error(`localnet: dropped ${tx.hash}, its execution failed`, error);
        const entry = mempool.get(tx.hash);
        if (entry !== undefined) this.drop(entry);
        continue;
      }
      for (const write of output.writes) overlay.set(write.key, write.value);
      if (live) this.parts.onCommitted(tx);
      executed.push({
        bytes: tx.bytes,
        hash: tx.hash,
        sender: tx.sender,
        sequenceNumber: tx.sequenceNumber,
        output,
      });
    }
    if (live) {
      if (executed.length === 0 && !allowEmpty) return new Set();
      this.parts.log.append({
        k: 'block',
        ts: timestamp.toString(),
        txs: executed.map((tx) =>
          Buffer.from(tx.bytes.buffer, tx.bytes.byteOffset, tx.bytes.byteLength).toString('hex'),
        ),
      });
    }
    ledger.commitBlock({ timestamp, metadataWrites, transactions: executed });
    return new Set(executed.map((tx) => tx.hash));
  }

  stop(): void {
    this.stopped = true;
    this.miner.stop();
  }
}
