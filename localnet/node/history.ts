import type { Json, LongAddress } from '../encoding.ts';
import { must } from '../encoding.ts';
import { NodeError } from '../errors.ts';
import type { DecodedTransaction } from '../executor/decode.ts';
import { decodeSignedTransaction } from '../executor/decode.ts';
import type { Ledger } from '../storage/ledger.ts';
import { blockJson, recordJson } from './render.ts';

type JsonObject = { [key: string]: Json };

/** Decoded signed transactions kept for hot reads (the newest committed and the recently read). */
export const DECODED_CACHE_LIMIT = 256;

export const notFound = (code: NodeError['code'], message: string) =>
  new NodeError({ code, message });

/** Committed transactions and blocks as the REST API prints them. */
export class TransactionHistory {
  /** Recently committed transactions, decoded, so reads do not decode them again. */
  private readonly decodedCache = new Map<string, DecodedTransaction>();

  constructor(private readonly ledger: Ledger) {}

  remember(tx: DecodedTransaction): void {
    this.decodedCache.delete(tx.hash);
    if (this.decodedCache.size >= DECODED_CACHE_LIMIT) {
      const oldest = this.decodedCache.keys().next();
      if (oldest.done !== true) this.decodedCache.delete(oldest.value);
    }
    this.decodedCache.set(tx.hash, tx);
  }

  /** How many decoded transactions are held (at most `DECODED_CACHE_LIMIT`). */
  get cachedDecoded(): number {
    return this.decodedCache.size;
  }

  /** Forgets the decoded transactions held for hot reads, here and in the ledger (tests). */
  evictCache(): void {
    this.decodedCache.clear();
    this.ledger.evictCache();
  }

  /** The committed transaction with this hash, or `undefined`. */
  byHash(hash: string): JsonObject | undefined {
    const version = this.ledger.versionOfHash(hash);
    return version === undefined ? undefined : this.renderVersion(version);
  }

  isCommitted(hash: string): boolean {
    return this.ledger.versionOfHash(hash) !== undefined;
  }

  byVersion(version: bigint): JsonObject {
    if (version > BigInt(this.ledger.version)) {
      throw notFound(
        'transaction_not_found',
        `Transaction not found by Ledger version(${version})`,
      );
    }
    return this.renderVersion(Number(version));
  }

  /** Transactions from `start` (default: the latest `limit`). */
  list(options: { start?: bigint; limit?: number }): JsonObject[] {
    const limit = options.limit ?? 25;
    const latest = this.ledger.version;
    const start =
      options.start !== undefined ? Number(options.start) : Math.max(0, latest - limit + 1);
    const out: JsonObject[] = [];
    for (let v = start; v <= latest && out.length < limit; v += 1) out.push(this.renderVersion(v));
    return out;
  }

  /** User transactions an account sent, from sequence number `start`. */
  ofAccount(address: LongAddress, options: { start?: bigint; limit?: number }): JsonObject[] {
    const versions = this.ledger.versionsOfSender(address);
    const limit = options.limit ?? 25;
    const start =
      options.start === undefined ? Math.max(0, versions.length - limit) : Number(options.start);
    return versions.slice(start, start + limit).map((version) => this.renderVersion(version));
  }

  blockByHeight(height: bigint, withTransactions: boolean): JsonObject {
    if (height > BigInt(this.ledger.height)) {
      throw notFound('block_not_found', `Block not found by Block height(${height})`);
    }
    return this.renderBlock(Number(height), withTransactions);
  }

  blockByVersion(version: bigint, withTransactions: boolean): JsonObject {
    if (version > BigInt(this.ledger.version)) {
      throw notFound('block_not_found', `Block not found by Ledger version(${version})`);
    }
    return this.renderBlock(this.ledger.heightOf(Number(version)), withTransactions);
  }

  private renderBlock(height: number, withTransactions: boolean): JsonObject {
    const block = must(this.ledger.block(height));
    const txs: JsonObject[] = [];
    if (withTransactions)
      for (let v = block.firstVersion; v <= block.lastVersion; v += 1)
        txs.push(this.renderVersion(v));
    return blockJson(block, withTransactions ? txs : null);
  }

  private renderVersion(version: number): JsonObject {
    const record = this.ledger.record(version);
    return recordJson(
      record,
      (bytes) => {
        const cached = this.decodedCache.get(record.hash);
        if (cached !== undefined) return cached;
        const decoded = decodeSignedTransaction(bytes);
        this.remember(decoded);
        return decoded;
      },
      this.ledger.reader(),
    );
  }
}
