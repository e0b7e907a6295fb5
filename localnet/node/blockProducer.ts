import type { Clock } from '../clock.ts';
import type { DecodedTransaction } from '../executor/decode.ts';
import { execute } from '../executor/execute.ts';
import { validate } from '../executor/validate.ts';
import { readAccount } from '../framework/assets.ts';
import { timestampValue } from '../framework/genesis.ts';
import type { Mempool, PendingEntry } from '../mempool/mempool.ts';
import type { MiningMode } from '../miner/miner.ts';
import { Miner } from '../miner/miner.ts';
import type { ExecutedUserTransaction, Ledger } from '../storage/ledger.ts';
import type { DurableLog, EntryPosition, LogEntry, TxEntry } from '../storage/log.ts';
import { loadOutput, storeOutput } from '../storage/storedOutput.ts';
import type { StateReader, WriteOp } from '../storage/types.ts';
import { StateOverlay } from '../storage/overlay.ts';
import { resourceKey } from '../storage/types.ts';
import type { LongAddress } from '../encoding.ts';
import { must } from '../encoding.ts';
import { IdleBlocks, idleRunTimestamps } from './idleBlocks.ts';
import type { Waiters } from './waiters.ts';

/** The writes of a block's metadata transaction: the clock resource at the block's timestamp. */
export function metadataWritesAt(timestamp: bigint): WriteOp[] {
  const clockValue = timestampValue(timestamp);
  return [
    { key: resourceKey(clockValue.address, clockValue.type), value: clockValue, previous: null },
  ];
}

export function sequenceNumberOf(state: StateReader, address: LongAddress): bigint {
  const account = readAccount(state, address);
  return account === null ? 0n : BigInt(account.data.sequence_number as string);
}

/**
 * What block production needs of a fork's lazily read state: a count of reads that missed (so a
 * transaction that met one is not committed), and fetching them.
 */
export interface ForkReads {
  misses(): number;
  fetch(): Promise<void>;
  /** A transaction whose state could not be read (the upstream failed): it leaves the mempool. */
  unreadable(tx: DecodedTransaction, error: unknown): void;
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
  /** A fork's block waits for upstream state (`stall`): no block until it is here. */
  private stalled = false;
  private readonly idle: IdleBlocks;

  constructor(
    private readonly parts: ChainCore & {
      waiters: Waiters;
      chainId: number;
      maxBlockTransactions: number;
      mining: MiningMode;
      /** Called for each transaction committed live (reads keep it decoded). */
      onCommitted: (tx: DecodedTransaction) => void;
      /** Called after each block committed live (the node writes checkpoints from here). */
      onBlock?: () => void;
      /** A fork's upstream state: reads it has not fetched yet stall the block (`stall`). */
      fork?: ForkReads;
    },
  ) {
    this.miner = new Miner(parts.mining, () => this.mineBlock());
    this.idle = new IdleBlocks({
      mode: () => this.miner.mode,
      ledger: parts.ledger,
      clock: parts.clock,
      log: parts.log,
      // The idle run is already in the log (`appendIdle`); only the ledger takes the block.
      commit: (timestamp) => {
        if (this.stopped) return;
        this.commitIdleBlock(timestamp);
        this.parts.onBlock?.();
      },
    });
  }

  /** An empty block (metadata and checkpoint) that an `idle` log entry stands for. */
  private commitIdleBlock(timestamp: bigint): void {
    this.parts.ledger.commitBlock({
      timestamp,
      metadataWrites: metadataWritesAt(timestamp),
      transactions: [],
      positions: [],
    });
  }

  /**
   * Rebuilds the ledger from log entries (`positions[i]` is where `entries[i]` sits): blocks are
   * applied from their stored outputs (not executed again), reverts and clock changes redone.
   */
  replay(entries: LogEntry[], positions: EntryPosition[]): void {
    const { ledger, clock } = this.parts;
    let txs: TxEntry[] = [];
    let txPositions: EntryPosition[] = [];
    entries.forEach((entry, i) => {
      if (entry.k === 'idle') {
        for (const timestamp of idleRunTimestamps(entry)) this.commitIdleBlock(timestamp);
      } else if (entry.k === 'clock') {
        clock.restoreOffset(BigInt(entry.offset));
      } else if (entry.k === 'revert') {
        ledger.revertTo({ version: entry.version, height: entry.height });
      } else if (entry.k === 'tx') {
        txs.push(entry);
        txPositions.push(positions[i] as EntryPosition);
      } else {
        const timestamp = BigInt(entry.ts);
        ledger.commitBlock({
          timestamp,
          metadataWrites: metadataWritesAt(timestamp),
          transactions: txs.map((tx) => ({
            bytes: new Uint8Array(Buffer.from(tx.b, 'hex')),
            hash: tx.h,
            sender: tx.s as LongAddress,
            sequenceNumber: BigInt(tx.n),
            output: loadOutput(tx.o),
          })),
          positions: txPositions,
        });
        txs = [];
        txPositions = [];
      }
    });
  }

  /**
   * Gives a chain that makes idle blocks its first history at once: empty blocks up to height
   * `blocks`, spaced like idle blocks and ending at the clock's now, as if the chain had idled
   * before it started (instead of waiting for them, about 5 s). They are logged as one idle run, so
   * a restart replays them and does not warm up again. Close to the last block, the spacing
   * shrinks to fit after it: ledger time never goes backwards.
   */
  warmUp(blocks: number): void {
    const mode = this.miner.mode;
    if (mode.mode !== 'interval' || mode.idleBlockMs === undefined || mode.idleBlockMs <= 0) return;
    const { clock, ledger, log } = this.parts;
    const count = BigInt(blocks - ledger.height);
    if (count <= 0n) return;
    const now = clock.nowMicros();
    const last = ledger.latestTimestamp;
    const room = (now - last) / count;
    const idleStep = BigInt(mode.idleBlockMs) * 1_000n;
    const step = room < 1n ? 1n : room < idleStep ? room : idleStep;
    const ending = now - step * (count - 1n);
    const first = ending > last ? ending : last + 1n;
    for (let i = 0n; i < count; i += 1n) {
      log.appendIdle(first + step * i, step);
      this.commitIdleBlock(first + step * i);
    }
    log.flushIdle();
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
    if (this.stopped || this.stalled) return 0;
    const { ledger, mempool, waiters } = this.parts;
    // Expired entries are swept by the 1 s timer (not per block: that is O(mempool)); one that
    // expired since is refused by the commit-time check below and dropped there.
    const nowMs = Date.now();
    const latest = ledger.reader();
    const missesBefore = this.parts.fork?.misses();
    const { ready, stale } = mempool.collect({
      sequenceNumberOf: (address) => sequenceNumberOf(latest, address),
      nowMs,
      limit: this.parts.maxBlockTransactions,
    });
    for (const entry of stale) this.drop(entry);
    if (missesBefore !== undefined && this.parts.fork?.misses() !== missesBefore) {
      // A sender's account is not read from upstream yet: read it, then look again.
      this.stall(null);
      return 0;
    }
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
    if (!this.stopped) this.commit(this.nextTimestamp(), [], true);
  }

  private nextTimestamp(): bigint {
    const now = this.parts.clock.nowMicros();
    const last = this.parts.ledger.latestTimestamp;
    return now > last ? now : last + 1n;
  }

  /**
   * Executes transactions in order against the block's running state, re-validating each one (a
   * failing prologue drops it), writes the block to the durable log, then commits it.
   */
  private commit(timestamp: bigint, txs: DecodedTransaction[], allowEmpty = false): Set<string> {
    const { ledger, mempool, chainId } = this.parts;
    const state = new StateOverlay(ledger.reader());
    const metadataWrites = metadataWritesAt(timestamp);
    for (const write of metadataWrites) state.set(write.key, write.value);
    const executed: ExecutedUserTransaction[] = [];
    const fork = this.parts.fork;
    const options = {
      nowSeconds: timestamp / 1_000_000n,
      chainId,
      signatures: 'skip' as const,
      sequence: 'exact' as const,
      authKeys: false,
    };
    for (const tx of txs) {
      const missesBefore = fork?.misses();
      {
        const failure = validate(tx, state, options);
        if (fork !== undefined && fork.misses() !== missesBefore) {
          this.stall(tx);
          break;
        }
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
      if (fork !== undefined && fork.misses() !== missesBefore) {
        // It read upstream state not fetched yet: the block ends before it (nothing of it
        // applied); it runs again in a later block once the state is here.
        this.stall(tx);
        break;
      }
      for (const write of output.writes) state.set(write.key, write.value);
      this.parts.onCommitted(tx);
      executed.push({
        bytes: tx.bytes,
        hash: tx.hash,
        sender: tx.sender,
        sequenceNumber: tx.sequenceNumber,
        output,
      });
    }
    if (executed.length === 0 && !allowEmpty) return new Set();
    const positions = this.parts.log.appendAll([
      ...executed.map((tx): LogEntry => ({
        k: 'tx',
        h: tx.hash,
        s: tx.sender,
        n: tx.sequenceNumber.toString(),
        b: Buffer.from(tx.bytes.buffer, tx.bytes.byteOffset, tx.bytes.byteLength).toString('hex'),
        o: storeOutput(tx.output),
      })),
      { k: 'block', ts: timestamp.toString(), n: executed.length },
    ]);
    ledger.commitBlock({
      timestamp,
      metadataWrites,
      transactions: executed,
      positions: positions.slice(0, executed.length),
    });
    this.parts.onBlock?.();
    return new Set(executed.map((tx) => tx.hash));
  }

  /**
   * A fork's block met upstream state it has not read: fetch it, then mine again. If the upstream
   * fails, the transaction that needed it leaves the mempool (never committed) with the error.
   */
  private stall(tx: DecodedTransaction | null): void {
    const fork = must(this.parts.fork);
    this.stalled = true;
    fork
      .fetch()
      .catch((error: unknown) => {
        if (tx === null) return;
        const entry = this.parts.mempool.get(tx.hash);
        fork.unreadable(tx, error);
        if (entry !== undefined) this.drop(entry);
      })
      .finally(() => {
        this.stalled = false;
        this.miner.notify();
      });
  }

  stop(): void {
    this.stopped = true;
    this.miner.stop();
  }
}
