import type { LongAddress } from '../encoding.ts';
import { NodeError } from '../errors.ts';
import type { DecodedTransaction } from '../executor/decode.ts';

/**
 * The mempool, by (sender, sequence number) like anvil's pool:
 * - a transaction is *ready* when every lower sequence number of its sender has committed or is
 *   ready before it; others are *parked* until the gap fills;
 * - a transaction *held* by a fault, or still inside a commit delay, waits in place (and so do the
 *   sender's later ones);
 * - an orderless transaction (a replay protection nonce) is kept by (sender, nonce) and is ready
 *   at once, whatever the sequence numbers;
 * - anything left at its expiration time is dropped (lookups by hash then answer 404);
 * - bounded as a node bounds it: at most 100 transactions per sender (the faucet's root account
 *   excepted) and, as a whole, a count and a size in bytes; past a bound a submission answers 507
 *   `mempool_is_full` with the node's message.
 */
export interface PendingEntry {
  tx: DecodedTransaction;
  arrival: number;
  /** Wall-clock ms before which it may not commit (the delay-commits fault). */
  readyAt: number;
  held: boolean;
}

export class Mempool {
  private readonly bySender = new Map<LongAddress, Map<bigint, PendingEntry>>();
  private readonly byHash = new Map<string, PendingEntry>();
  /** Orderless transactions by `sender|nonce`. */
  private readonly orderless = new Map<string, PendingEntry>();
  private arrivals = 0;
  private bytes = 0;

  constructor(
    readonly capacity = 200_000,
    readonly capacityPerAccount = 100,
    readonly capacityBytes = 256 * 1024 * 1024,
  ) {}

  get size(): number {
    return this.byHash.size;
  }

  get(hash: string): PendingEntry | undefined {
    return this.byHash.get(hash);
  }

  /**
   * Adds a validated transaction. The identical transaction again is a no-op (`false`); another one
   * with the same sender and sequence number replaces it only at a higher gas unit price.
   */
  add(
    tx: DecodedTransaction,
    options: { readyAt: number; held: boolean; perAccountCap?: boolean },
  ): boolean {
    if (this.byHash.has(tx.hash)) return false;
    if (tx.nonce !== null) return this.addOrderless(tx, tx.nonce, options);
    let entries = this.bySender.get(tx.sender);
    const existing = entries?.get(tx.sequenceNumber);
    if (existing !== undefined) {
      if (tx.gasUnitPrice <= existing.tx.gasUnitPrice) {
        throw new NodeError({
          code: 'invalid_transaction_update',
          message: `Transaction already in mempool with a different payload: sender ${tx.sender}, sequence number ${tx.sequenceNumber}; resubmit with a higher gas unit price to replace it`,
        });
      }
      this.remove(existing.tx.hash);
      // `remove` drops the sender's map when that was its only entry: read it again.
      entries = this.bySender.get(tx.sender);
    } else if (
      this.byHash.size >= this.capacity ||
      this.bytes + tx.bytes.length > this.capacityBytes
    ) {
      throw new NodeError({
        code: 'mempool_is_full',
        message: `Mempool is full. Mempool size: ${this.byHash.size}, Capacity: ${this.capacity}`,
      });
    } else if (
      options.perAccountCap !== false &&
      entries !== undefined &&
      entries.size >= this.capacityPerAccount
    ) {
      throw new NodeError({
        code: 'mempool_is_full',
        message: `Mempool over capacity for account. Number of transactions from account: ${entries.size} Capacity per account: ${this.capacityPerAccount}`,
      });
    }
    if (entries === undefined) this.bySender.set(tx.sender, (entries = new Map()));
    const entry: PendingEntry = {
      tx,
      arrival: this.arrivals++,
      readyAt: options.readyAt,
      held: options.held,
    };
    entries.set(tx.sequenceNumber, entry);
    this.byHash.set(tx.hash, entry);
    this.bytes += tx.bytes.length;
    return true;
  }

  /** An orderless transaction: one per (sender, nonce), replaced only at a higher gas unit price. */
  private addOrderless(
    tx: DecodedTransaction,
    nonce: bigint,
    options: { readyAt: number; held: boolean },
  ): boolean {
    const key = `${tx.sender}|${nonce}`;
    const existing = this.orderless.get(key);
    if (existing !== undefined) {
      if (tx.gasUnitPrice <= existing.tx.gasUnitPrice) {
        throw new NodeError({
          code: 'invalid_transaction_update',
          message: `Transaction already in mempool with a different payload: sender ${tx.sender}, replay protection nonce ${nonce}; resubmit with a higher gas unit price to replace it`,
        });
      }
      this.remove(existing.tx.hash);
    } else if (
      this.byHash.size >= this.capacity ||
      this.bytes + tx.bytes.length > this.capacityBytes
    ) {
      throw new NodeError({
        code: 'mempool_is_full',
        message: `Mempool is full. Mempool size: ${this.byHash.size}, Capacity: ${this.capacity}`,
      });
    }
    const entry: PendingEntry = {
      tx,
      arrival: this.arrivals++,
      readyAt: options.readyAt,
      held: options.held,
    };
    this.orderless.set(key, entry);
    this.byHash.set(tx.hash, entry);
    this.bytes += tx.bytes.length;
    return true;
  }

  remove(hash: string): PendingEntry | undefined {
    const entry = this.byHash.get(hash);
    if (entry === undefined) return undefined;
    this.byHash.delete(hash);
    this.bytes -= entry.tx.bytes.length;
    if (entry.tx.nonce !== null) {
      this.orderless.delete(`${entry.tx.sender}|${entry.tx.nonce}`);
      return entry;
    }
    const entries = this.bySender.get(entry.tx.sender);
    entries?.delete(entry.tx.sequenceNumber);
    if (entries?.size === 0) this.bySender.delete(entry.tx.sender);
    return entry;
  }

  /** The highest pending sequence number of a sender, if any. */
  highestSequenceNumber(sender: LongAddress): bigint | undefined {
    const entries = this.bySender.get(sender);
    if (entries === undefined) return undefined;
    let highest: bigint | undefined;
    for (const sequenceNumber of entries.keys()) {
      if (highest === undefined || sequenceNumber > highest) highest = sequenceNumber;
    }
    return highest;
  }

  /**
   * Takes the ready transactions for a block: per sender, the run of sequence numbers starting at
   * the account's, stopping at a gap, a held one or one still delayed. Entries below the account's
   * sequence number can never commit and are returned in `stale`.
   */
  collect(args: {
    sequenceNumberOf: (sender: LongAddress) => bigint;
    nowMs: number;
    limit: number;
  }): { ready: PendingEntry[]; stale: PendingEntry[] } {
    const ready: PendingEntry[] = [];
    const stale: PendingEntry[] = [];
    for (const entry of this.orderless.values()) {
      if (ready.length >= args.limit) break;
      if (!entry.held && entry.readyAt <= args.nowMs) ready.push(entry);
    }
    for (const [sender, entries] of this.bySender) {
      if (ready.length >= args.limit) break;
      let next = args.sequenceNumberOf(sender);
      for (const [sequenceNumber, entry] of entries) if (sequenceNumber < next) stale.push(entry);
      for (;;) {
        const entry = entries.get(next);
        if (
          entry === undefined ||
          entry.held ||
          entry.readyAt > args.nowMs ||
          ready.length >= args.limit
        )
          break;
        ready.push(entry);
        next += 1n;
      }
    }
    return { ready, stale };
  }

  /** The earliest time a delayed (not held) entry becomes ready, if any is waiting. */
  nextReadyAt(nowMs: number): number | undefined {
    let earliest: number | undefined;
    for (const entry of this.byHash.values()) {
      if (
        !entry.held &&
        entry.readyAt > nowMs &&
        (earliest === undefined || entry.readyAt < earliest)
      ) {
        earliest = entry.readyAt;
      }
    }
    return earliest;
  }

  /** Removes and returns everything whose expiration time has passed. */
  dropExpired(nowSeconds: bigint): PendingEntry[] {
    const expired: PendingEntry[] = [];
    for (const entry of this.byHash.values())
      if (entry.tx.expirationSecs <= nowSeconds) expired.push(entry);
    for (const entry of expired) this.remove(entry.tx.hash);
    return expired;
  }

  entries(): PendingEntry[] {
    return [...this.byHash.values()].sort((a, b) => a.arrival - b.arrival);
  }
}
