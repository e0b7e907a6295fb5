import type { LongAddress } from '../encoding.ts';
import { sha3, fromHex, toHex, uintLe, utf8, must } from '../encoding.ts';
import type { StateKey, StateReader, StateValue, TransactionOutput, WriteOp } from './types.ts';

interface History {
  versions: number[];
  values: Array<StateValue | null>;
}

interface CommonRecord {
  version: number;
  hash: `0x${string}`;
  accumulatorRoot: `0x${string}`;
  blockHeight: number;
}

export interface GenesisRecord extends CommonRecord {
  kind: 'genesis';
  writes: WriteOp[];
}

export interface BlockMetadataRecord extends CommonRecord {
  kind: 'block_metadata';
  timestamp: bigint;
  writes: WriteOp[];
}

export interface UserRecord extends CommonRecord {
  kind: 'user';
  timestamp: bigint;
  bytes: Uint8Array;
  sender: LongAddress;
  sequenceNumber: bigint;
  output: TransactionOutput;
}

export interface StateCheckpointRecord extends CommonRecord {
  kind: 'state_checkpoint';
  timestamp: bigint;
}

export type LedgerRecord = GenesisRecord | BlockMetadataRecord | UserRecord | StateCheckpointRecord;

export interface BlockRecord {
  height: number;
  hash: `0x${string}`;
  timestamp: bigint;
  firstVersion: number;
  lastVersion: number;
}

/** A user transaction ready to be committed (already executed against the block's overlay). */
export interface ExecutedUserTransaction {
  bytes: Uint8Array;
  hash: `0x${string}`;
  sender: LongAddress;
  sequenceNumber: bigint;
  output: TransactionOutput;
}

/** Where the ledger stood when a snapshot was taken. */
export interface LedgerMark {
  version: number;
  height: number;
}

const CHECKPOINT_SALT = sha3(utf8('APTOS::StateCheckpoint'));
const BLOCK_SALT = sha3(utf8('APTOS::BlockMetadata'));

/**
 * The versioned ledger in memory: every state key keeps its history (version, value), so reads at
 * any ledger version are a binary search and revert is a truncation. Transactions are kept by
 * version with indexes by hash and by sender; blocks by height.
 */
export class Ledger {
  private readonly histories = new Map<StateKey, History>();
  private readonly keysByAddress = new Map<LongAddress, Set<StateKey>>();
  readonly records: LedgerRecord[] = [];
  readonly blocks: BlockRecord[] = [];
  private readonly byHash = new Map<string, number>();
  private readonly bySender = new Map<LongAddress, number[]>();

  /** User transactions committed so far. */
  userTransactionCount = 0;

  get version(): number {
    return this.records.length - 1;
  }

  get height(): number {
    return this.blocks.length - 1;
  }

  get latestTimestamp(): bigint {
    return this.blocks.at(-1)?.timestamp ?? 0n;
  }

  /** The value of a key as of a version (latest by default). */
  get(key: StateKey, version = this.version): StateValue | null {
    const history = this.histories.get(key);
    if (history === undefined) return null;
    const { versions, values } = history;
    const newest = versions[versions.length - 1];
    if (newest === undefined) return null;
    if (newest <= version) return values[values.length - 1] ?? null;
    let lo = 0;
    let hi = versions.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (must(versions[mid]) <= version) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found === -1 ? null : (values[found] ?? null);
  }

  reader(version = this.version): StateReader {
    return { get: (key) => this.get(key, version) };
  }

  /** Keys ever written under an address (resources); callers filter by value at their version. */
  keysOf(address: LongAddress): StateKey[] {
    return [...(this.keysByAddress.get(address) ?? [])];
  }

  private apply(writes: WriteOp[], version: number): void {
    for (const { key, value } of writes) {
      let history = this.histories.get(key);
      if (history === undefined) {
        history = { versions: [], values: [] };
        this.histories.set(key, history);
        const address = key.startsWith('r|') ? (key.slice(2, 68) as LongAddress) : null;
        if (address !== null) {
          let keys = this.keysByAddress.get(address);
          if (keys === undefined) this.keysByAddress.set(address, (keys = new Set()));
          keys.add(key);
        }
      }
      if (history.versions[history.versions.length - 1] === version) {
        history.values[history.values.length - 1] = value;
      } else {
        history.versions.push(version);
        history.values.push(value);
      }
    }
  }

  private nextAccumulator(hash: `0x${string}`): `0x${string}` {
    const previous = this.records.at(-1)?.accumulatorRoot;
    return toHex(
      sha3(previous === undefined ? new Uint8Array(32) : fromHex(previous), fromHex(hash)),
    );
  }

  commitGenesis(writes: WriteOp[], timestamp: bigint): void {
    const hash = toHex(sha3(utf8('APTOS::Genesis'), uintLe(BigInt(writes.length), 8)));
    this.records.push({
      kind: 'genesis',
      version: 0,
      hash,
      accumulatorRoot: this.nextAccumulator(hash),
      blockHeight: 0,
      writes,
    });
    this.apply(writes, 0);
    this.byHash.set(hash, 0);
    this.blocks.push({
      height: 0,
      hash: toHex(sha3(BLOCK_SALT, uintLe(0n, 8))),
      timestamp,
      firstVersion: 0,
      lastVersion: 0,
    });
  }

  /**
   * Appends one block: block metadata, the user transactions in order, a state checkpoint.
   * Per transaction the work is O(its writes), never O(ledger).
   */
  commitBlock(args: {
    timestamp: bigint;
    metadataWrites: WriteOp[];
    transactions: ExecutedUserTransaction[];
  }): BlockRecord {
    const height = this.blocks.length;
    const firstVersion = this.records.length;
    const blockHash = toHex(sha3(BLOCK_SALT, uintLe(BigInt(height), 8), uintLe(args.timestamp, 8)));
    this.records.push({
      kind: 'block_metadata',
      version: firstVersion,
      hash: blockHash,
      accumulatorRoot: this.nextAccumulator(blockHash),
      blockHeight: height,
      timestamp: args.timestamp,
      writes: args.metadataWrites,
    });
    this.apply(args.metadataWrites, firstVersion);
    this.byHash.set(blockHash, firstVersion);
    for (const tx of args.transactions) {
      const version = this.records.length;
      this.records.push({
        kind: 'user',
        version,
        hash: tx.hash,
        accumulatorRoot: this.nextAccumulator(tx.hash),
        blockHeight: height,
        timestamp: args.timestamp,
        bytes: tx.bytes,
        sender: tx.sender,
        sequenceNumber: tx.sequenceNumber,
        output: tx.output,
      });
      this.apply(tx.output.writes, version);
      this.byHash.set(tx.hash, version);
      this.userTransactionCount += 1;
      let versions = this.bySender.get(tx.sender);
      if (versions === undefined) this.bySender.set(tx.sender, (versions = []));
      versions.push(version);
    }
    const checkpointVersion = this.records.length;
    const checkpointHash = toHex(sha3(CHECKPOINT_SALT, fromHex(blockHash)));
    this.records.push({
      kind: 'state_checkpoint',
      version: checkpointVersion,
      hash: checkpointHash,
      accumulatorRoot: this.nextAccumulator(checkpointHash),
      blockHeight: height,
      timestamp: args.timestamp,
    });
    this.byHash.set(checkpointHash, checkpointVersion);
    const block = {
      height,
      hash: blockHash,
      timestamp: args.timestamp,
      firstVersion,
      lastVersion: checkpointVersion,
    };
    this.blocks.push(block);
    return block;
  }

  versionOfHash(hash: string): number | undefined {
    return this.byHash.get(hash);
  }

  /** Versions of the user transactions a sender committed, in sequence-number order. */
  versionsOfSender(sender: LongAddress): readonly number[] {
    return this.bySender.get(sender) ?? [];
  }

  mark(): LedgerMark {
    return { version: this.version, height: this.height };
  }

  /** Drops every version after the mark (snapshot revert). O(state keys), a dev operation. */
  revertTo(mark: LedgerMark): void {
    if (mark.version > this.version) throw new RangeError('cannot revert forward');
    for (const record of this.records.splice(mark.version + 1)) {
      this.byHash.delete(record.hash);
      if (record.kind === 'user') {
        this.bySender.get(record.sender)?.pop();
        this.userTransactionCount -= 1;
      }
    }
    this.blocks.splice(mark.height + 1);
    for (const history of this.histories.values()) {
      while (
        history.versions.length > 0 &&
        must(history.versions[history.versions.length - 1]) > mark.version
      ) {
        history.versions.pop();
        history.values.pop();
      }
    }
  }
}
