// Kept whole as one piece: the ledger's index is one data structure (parallel typed arrays per
// version and per block, the hash and sender indexes, per-key write histories), and its commit,
// revert, checkpoint and restore must change all of them together; split, each file would reach
// into the others' arrays.
import type { LongAddress } from '../encoding.ts';
import { sha3, fromHex, toHex, uintLe, utf8, must } from '../encoding.ts';
import type { DurableLog, EntryPosition } from './log.ts';
import { loadOutput } from './storedOutput.ts';
import type {
  ChainEvent,
  StateKey,
  StateReader,
  StateValue,
  TransactionOutput,
  WriteOp,
} from './types.ts';

/** A state key's versions (every write) and its current value; older values live in the log. */
interface History {
  versions: number[];
  current: StateValue | null;
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
  /** Module events of version 0 (APT deposited to root and staked by the validator). */
  events: ChainEvent[];
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

/** The ledger's index and current state, as a checkpoint file stores it (typed arrays in base64). */
export interface LedgerCheckpoint {
  versions: number;
  blocks: number;
  userTransactionCount: number;
  kind: string;
  height: string;
  offset: string;
  length: string;
  hashes: string;
  accumulators: string;
  blockTimestamps: string;
  blockFirst: string;
  blockLast: string;
  senders: Array<[LongAddress, number[]]>;
  state: Array<[StateKey, number[], StateValue | null]>;
  /** A fork's first version and block height (absent: 0, a chain from genesis). */
  base?: number;
  blockBase?: number;
}

/**
 * State beneath the ledger: a fork's upstream chain. A key no local version wrote reads what it
 * held upstream at `version` (at most the fork point).
 */
export interface BaseState {
  get(key: StateKey, version: number): StateValue | null;
  /** Resource and module keys under an address upstream at `version`. */
  keysOf(address: LongAddress, version: number): StateKey[];
}

/** Where a fork starts: the upstream's version and block, which become this ledger's first. */
export interface ForkPoint {
  version: number;
  blockHeight: number;
  timestamp: bigint;
  hash: `0x${string}`;
  state: BaseState;
}

const CHECKPOINT_SALT = sha3(utf8('APTOS::StateCheckpoint'));
const BLOCK_SALT = sha3(utf8('APTOS::BlockMetadata'));
const GENESIS_BLOCK_HASH = toHex(sha3(BLOCK_SALT, uintLe(0n, 8)));

const KIND_GENESIS = 0;
const KIND_METADATA = 1;
const KIND_USER = 2;
const KIND_CHECKPOINT = 3;
const HASH_BYTES = 32;
/** Decoded user transactions kept in memory for hot reads (the newest and the recently read). */
export const RECORD_CACHE_LIMIT = 256;

const HASH_PATTERN = /^0x[0-9a-f]{64}$/;
/** The hash index's key: the first 28 bits of a hash (a small integer; collisions are checked). */
const hashKeyOfHex = (hash: string) => parseInt(hash.slice(2, 9), 16);

function grown<T extends Uint8Array | Int32Array | Float64Array | BigInt64Array>(
  array: T,
  capacity: number,
  make: (length: number) => T,
): T {
  const next = make(capacity);
  next.set(array as never);
  return next;
}

const base64 = (array: Uint8Array | Int32Array | Float64Array | BigInt64Array, count: number) =>
  Buffer.from(array.buffer, array.byteOffset, count * array.BYTES_PER_ELEMENT).toString('base64');

function fromBase64<T extends Uint8Array | Int32Array | Float64Array | BigInt64Array>(
  text: string,
  capacity: number,
  make: (length: number) => T,
): T {
  const bytes = Buffer.from(text, 'base64');
  const out = make(capacity);
  new Uint8Array(out.buffer, out.byteOffset, bytes.length).set(bytes);
  return out;
}

/**
 * The versioned ledger. History lives in the durable log; memory holds an index of it and the
 * current state:
 * - per version (typed arrays): kind, block height, log position of a user transaction, hash,
 *   accumulator root; per block: timestamp, first and last version;
 * - a hash index (28-bit prefix → versions, checked against the stored hash), versions by sender;
 * - per state key: the versions that wrote it and its current value. A read at an older version
 *   finds the write there and takes the value from that transaction's output in the log.
 * A user transaction is read back from the log by position (a few hundred stay decoded).
 */
export class Ledger {
  private readonly histories = new Map<StateKey, History>();
  private readonly keysByAddress = new Map<LongAddress, Set<StateKey>>();
  private readonly bySender = new Map<LongAddress, number[]>();
  private readonly byHashKey = new Map<number, number | number[]>();
  private readonly recordCache = new Map<number, UserRecord>();
  private genesisWrites: WriteOp[] = [];
  private genesisEvents: ChainEvent[] = [];
  /** The version and block height of index 0 (a fork's fork point; 0 from genesis). */
  private base = 0;
  private blockBase = 0;
  private baseState: BaseState | null = null;

  private capacity = 1024;
  private count = 0;
  private kinds = new Uint8Array(this.capacity);
  private heights = new Int32Array(this.capacity);
  private offsets = new Float64Array(this.capacity);
  private lengths = new Int32Array(this.capacity);
  private hashes = Buffer.alloc(this.capacity * HASH_BYTES);
  private accumulators = Buffer.alloc(this.capacity * HASH_BYTES);

  private blockCapacity = 1024;
  private blockCount = 0;
  private blockTimestamps = new BigInt64Array(this.blockCapacity);
  private blockFirst = new Int32Array(this.blockCapacity);
  private blockLast = new Int32Array(this.blockCapacity);

  /** User transactions committed so far. */
  userTransactionCount = 0;

  /**
   * @param log where committed user transactions are read back from (the node's durable log)
   * @param metadataWrites the writes of a block's metadata transaction at a timestamp (derived
   *   again when an old block metadata transaction is read)
   */
  constructor(
    private readonly log: DurableLog,
    private readonly metadataWrites: (timestamp: bigint) => WriteOp[],
  ) {}

  get version(): number {
    return this.base + this.count - 1;
  }

  get height(): number {
    return this.blockBase + this.blockCount - 1;
  }

  /** The first version this ledger holds (a fork's fork point, else 0). */
  get firstVersion(): number {
    return this.base;
  }

  get latestTimestamp(): bigint {
    return this.blockCount === 0 ? 0n : (this.blockTimestamps[this.blockCount - 1] ?? 0n);
  }

  /** How many decoded user transactions are held in memory (at most `RECORD_CACHE_LIMIT`). */
  get cachedRecords(): number {
    return this.recordCache.size;
  }

  /** Forgets every decoded transaction held for hot reads (tests; reads then go to the log). */
  evictCache(): void {
    this.recordCache.clear();
  }

  /** The value of a key as of a version (latest by default). */
  get(key: StateKey, version = this.version): StateValue | null {
    const history = this.histories.get(key);
    if (history === undefined) return this.below(key, version);
    const { versions } = history;
    const newest = versions[versions.length - 1];
    if (newest === undefined) return this.below(key, version);
    if (newest <= version) return history.current;
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
    return found === -1
      ? this.below(key, version)
      : this.valueWrittenAt(key, must(versions[found]));
  }

  /** A key no version here wrote: the base state's (a fork's upstream) at that version, or none. */
  private below(key: StateKey, version: number): StateValue | null {
    return this.baseState === null ? null : this.baseState.get(key, Math.min(version, this.base));
  }

  /** The value a version wrote to a key (from its writes: genesis, block metadata or the log). */
  private valueWrittenAt(key: StateKey, version: number): StateValue | null {
    const record = this.record(version);
    const writes =
      record.kind === 'user'
        ? record.output.writes
        : record.kind === 'state_checkpoint'
          ? []
          : record.writes;
    for (let i = writes.length - 1; i >= 0; i -= 1) {
      const write = must(writes[i]);
      if (write.key === key) return write.value;
    }
    return null;
  }

  reader(version = this.version): StateReader {
    const get = (key: StateKey) => this.get(key, version);
    // A fork's upstream lists an address in two requests (resources, modules), where the probes
    // of a group's members are answered by one listing: on a fork, callers probe.
    if (this.baseState !== null) return { get };
    return { get, keysOf: (address) => this.keysOf(address, version) };
  }

  /** Keys ever written under an address (resources, modules); callers filter by value at their version. */
  keysOf(address: LongAddress, version = this.version): StateKey[] {
    const local = this.keysByAddress.get(address) ?? [];
    if (this.baseState === null) return [...local];
    return [
      ...new Set([...this.baseState.keysOf(address, Math.min(version, this.base)), ...local]),
    ];
  }

  private history(key: StateKey): History {
    let history = this.histories.get(key);
    if (history === undefined) {
      history = { versions: [], current: null };
      this.histories.set(key, history);
      const address =
        key.startsWith('r|') || key.startsWith('m|') ? (key.slice(2, 68) as LongAddress) : null;
      if (address !== null) {
        let keys = this.keysByAddress.get(address);
        if (keys === undefined) this.keysByAddress.set(address, (keys = new Set()));
        keys.add(key);
      }
    }
    return history;
  }

  private apply(writes: WriteOp[], version: number): void {
    for (const { key, value } of writes) {
      const history = this.history(key);
      if (history.versions[history.versions.length - 1] !== version) history.versions.push(version);
      history.current = value;
    }
  }

  private ensureCapacity(versions: number, blocks: number): void {
    if (versions > this.capacity) {
      let capacity = this.capacity;
      while (capacity < versions) capacity *= 2;
      this.kinds = grown(this.kinds, capacity, (n) => new Uint8Array(n));
      this.heights = grown(this.heights, capacity, (n) => new Int32Array(n));
      this.offsets = grown(this.offsets, capacity, (n) => new Float64Array(n));
      this.lengths = grown(this.lengths, capacity, (n) => new Int32Array(n));
      this.hashes = grown(this.hashes, capacity * HASH_BYTES, (n) => Buffer.alloc(n));
      this.accumulators = grown(this.accumulators, capacity * HASH_BYTES, (n) => Buffer.alloc(n));
      this.capacity = capacity;
    }
    if (blocks > this.blockCapacity) {
      let capacity = this.blockCapacity;
      while (capacity < blocks) capacity *= 2;
      this.blockTimestamps = grown(this.blockTimestamps, capacity, (n) => new BigInt64Array(n));
      this.blockFirst = grown(this.blockFirst, capacity, (n) => new Int32Array(n));
      this.blockLast = grown(this.blockLast, capacity, (n) => new Int32Array(n));
      this.blockCapacity = capacity;
    }
  }

  private hashKeyOf(version: number): number {
    return this.hashes.readUInt32BE((version - this.base) * HASH_BYTES) >>> 4;
  }

  private indexHash(version: number): void {
    const key = this.hashKeyOf(version);
    const existing = this.byHashKey.get(key);
    if (existing === undefined) this.byHashKey.set(key, version);
    else if (typeof existing === 'number') this.byHashKey.set(key, [existing, version]);
    else existing.push(version);
  }

  private unindexHash(version: number): void {
    const key = this.hashKeyOf(version);
    const existing = this.byHashKey.get(key);
    if (existing === version) this.byHashKey.delete(key);
    else if (Array.isArray(existing)) {
      const rest = existing.filter((v) => v !== version);
      if (rest.length === 1) this.byHashKey.set(key, must(rest[0]));
      else this.byHashKey.set(key, rest);
    }
  }

  private hashAt(version: number): `0x${string}` {
    const i = version - this.base;
    return `0x${this.hashes.toString('hex', i * HASH_BYTES, (i + 1) * HASH_BYTES)}`;
  }

  private accumulatorAt(version: number): `0x${string}` {
    const i = version - this.base;
    return `0x${this.accumulators.toString('hex', i * HASH_BYTES, (i + 1) * HASH_BYTES)}`;
  }

  /** Appends one version to the index; returns it. */
  private push(args: {
    kind: number;
    hash: `0x${string}`;
    height: number;
    position?: EntryPosition;
  }): number {
    const index = this.count;
    const version = this.base + index;
    this.ensureCapacity(index + 1, this.blockCount + 1);
    this.kinds[index] = args.kind;
    this.heights[index] = args.height;
    this.offsets[index] = args.position?.offset ?? -1;
    this.lengths[index] = args.position?.length ?? 0;
    const hash = Buffer.from(args.hash.slice(2), 'hex');
    hash.copy(this.hashes, index * HASH_BYTES);
    const previous =
      index === 0
        ? new Uint8Array(HASH_BYTES)
        : this.accumulators.subarray((index - 1) * HASH_BYTES, index * HASH_BYTES);
    Buffer.from(sha3(previous, hash)).copy(this.accumulators, index * HASH_BYTES);
    this.count = index + 1;
    this.indexHash(version);
    return version;
  }

  private pushBlock(timestamp: bigint, firstVersion: number, lastVersion: number): void {
    this.ensureCapacity(this.count, this.blockCount + 1);
    this.blockTimestamps[this.blockCount] = timestamp;
    this.blockFirst[this.blockCount] = firstVersion;
    this.blockLast[this.blockCount] = lastVersion;
    this.blockCount += 1;
  }

  commitGenesis(writes: WriteOp[], timestamp: bigint, events: ChainEvent[] = []): void {
    const hash = toHex(sha3(utf8('APTOS::Genesis'), uintLe(BigInt(writes.length), 8)));
    this.genesisWrites = writes;
    this.genesisEvents = events;
    this.push({ kind: KIND_GENESIS, hash, height: 0 });
    this.apply(writes, 0);
    this.pushBlock(timestamp, 0, 0);
  }

  /**
   * Starts a fork instead of genesis: the fork point (the upstream's version and block) is this
   * ledger's first version, a state checkpoint without writes; state below it is `point.state`.
   */
  startFork(point: ForkPoint): void {
    this.base = point.version;
    this.blockBase = point.blockHeight;
    this.baseState = point.state;
    this.push({ kind: KIND_CHECKPOINT, hash: point.hash, height: point.blockHeight });
    this.pushBlock(point.timestamp, point.version, point.version);
  }

  /**
   * Appends one block: block metadata, the user transactions in order (each already in the log
   * at `positions[i]`), a state checkpoint. Per transaction the work is O(its writes).
   */
  commitBlock(args: {
    timestamp: bigint;
    metadataWrites: WriteOp[];
    transactions: ExecutedUserTransaction[];
    positions: EntryPosition[];
  }): BlockRecord {
    const height = this.blockBase + this.blockCount;
    const blockHash = toHex(sha3(BLOCK_SALT, uintLe(BigInt(height), 8), uintLe(args.timestamp, 8)));
    const firstVersion = this.push({ kind: KIND_METADATA, hash: blockHash, height });
    this.apply(args.metadataWrites, firstVersion);
    args.transactions.forEach((tx, i) => {
      const version = this.push({
        kind: KIND_USER,
        hash: tx.hash,
        height,
        position: must(args.positions[i]),
      });
      this.apply(tx.output.writes, version);
      this.userTransactionCount += 1;
      let versions = this.bySender.get(tx.sender);
      if (versions === undefined) this.bySender.set(tx.sender, (versions = []));
      versions.push(version);
      this.cache({
        kind: 'user',
        version,
        hash: tx.hash,
        accumulatorRoot: this.accumulatorAt(version),
        blockHeight: height,
        timestamp: args.timestamp,
        bytes: tx.bytes,
        sender: tx.sender,
        sequenceNumber: tx.sequenceNumber,
        output: tx.output,
      });
    });
    const checkpointHash = toHex(sha3(CHECKPOINT_SALT, fromHex(blockHash)));
    const lastVersion = this.push({ kind: KIND_CHECKPOINT, hash: checkpointHash, height });
    this.pushBlock(args.timestamp, firstVersion, lastVersion);
    return must(this.block(height));
  }

  private cache(record: UserRecord): void {
    this.recordCache.delete(record.version);
    this.recordCache.set(record.version, record);
    if (this.recordCache.size > RECORD_CACHE_LIMIT) {
      const oldest = this.recordCache.keys().next();
      if (oldest.done !== true) this.recordCache.delete(oldest.value);
    }
  }

  /** The block at a height, or `undefined` past the latest. */
  block(height: number): BlockRecord | undefined {
    const i = height - this.blockBase;
    if (i < 0 || i >= this.blockCount) return undefined;
    const firstVersion = must(this.blockFirst[i]);
    return {
      height,
      hash: height === 0 ? GENESIS_BLOCK_HASH : this.hashAt(firstVersion),
      timestamp: must(this.blockTimestamps[i]),
      firstVersion,
      lastVersion: must(this.blockLast[i]),
    };
  }

  /** The height of the block holding a version. */
  heightOf(version: number): number {
    return must(this.heights[version - this.base]);
  }

  /** The timestamp of the block holding a version (0 for genesis). */
  timestampOf(version: number): bigint {
    return version === 0 ? 0n : must(this.blockTimestamps[this.heightOf(version) - this.blockBase]);
  }

  /** Where a user transaction's entry sits in the log, or `undefined` for other versions. */
  positionOf(version: number): EntryPosition | undefined {
    const i = version - this.base;
    if (i < 0 || i >= this.count || this.kinds[i] !== KIND_USER) return undefined;
    return { offset: must(this.offsets[i]), length: must(this.lengths[i]) };
  }

  /** The committed record at a version (a user transaction is read back from the log). */
  record(version: number): LedgerRecord {
    if (!Number.isInteger(version) || version < this.base || version > this.version)
      throw new RangeError(`no version ${version}`);
    const kind = this.kinds[version - this.base];
    const common = {
      version,
      hash: this.hashAt(version),
      accumulatorRoot: this.accumulatorAt(version),
      blockHeight: this.heightOf(version),
    };
    if (kind === KIND_GENESIS)
      return { kind: 'genesis', ...common, writes: this.genesisWrites, events: this.genesisEvents };
    const timestamp = this.timestampOf(version);
    if (kind === KIND_METADATA)
      return {
        kind: 'block_metadata',
        ...common,
        timestamp,
        writes: this.metadataWrites(timestamp),
      };
    if (kind === KIND_CHECKPOINT) return { kind: 'state_checkpoint', ...common, timestamp };
    const cached = this.recordCache.get(version);
    if (cached !== undefined) {
      this.cache(cached);
      return cached;
    }
    const entry = this.log.read(must(this.positionOf(version)));
    if (entry.k !== 'tx')
      throw new RangeError(`version ${version}: the log holds no transaction there`);
    const record: UserRecord = {
      kind: 'user',
      ...common,
      timestamp,
      bytes: new Uint8Array(Buffer.from(entry.b, 'hex')),
      sender: entry.s as LongAddress,
      sequenceNumber: BigInt(entry.n),
      output: loadOutput(entry.o),
    };
    this.cache(record);
    return record;
  }

  /**
   * Every committed user transaction, oldest first, read back from the log (O(history): for the
   * indexer's whole-history tables; reads by version or hash use the index).
   */
  *userRecords(): Generator<UserRecord> {
    for (let index = 0; index < this.count; index += 1) {
      if (this.kinds[index] !== KIND_USER) continue;
      const record = this.record(this.base + index);
      if (record.kind === 'user') yield record;
    }
  }

  versionOfHash(hash: string): number | undefined {
    if (!HASH_PATTERN.test(hash)) return undefined;
    const candidates = this.byHashKey.get(hashKeyOfHex(hash));
    if (candidates === undefined) return undefined;
    const wanted = Buffer.from(hash.slice(2), 'hex');
    for (const version of typeof candidates === 'number' ? [candidates] : candidates) {
      const i = version - this.base;
      if (wanted.equals(this.hashes.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES))) return version;
    }
    return undefined;
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
    this.recordCache.clear();
    for (let version = mark.version + 1; version <= this.version; version += 1) {
      this.unindexHash(version);
      if (this.kinds[version - this.base] === KIND_USER) this.userTransactionCount -= 1;
    }
    this.count = mark.version - this.base + 1;
    this.blockCount = mark.height - this.blockBase + 1;
    for (const versions of this.bySender.values())
      while (versions.length > 0 && must(versions[versions.length - 1]) > mark.version)
        versions.pop();
    for (const [key, history] of this.histories) {
      const { versions } = history;
      if (versions.length === 0 || must(versions[versions.length - 1]) <= mark.version) continue;
      while (versions.length > 0 && must(versions[versions.length - 1]) > mark.version)
        versions.pop();
      const last = versions[versions.length - 1];
      history.current = last === undefined ? null : this.valueWrittenAt(key, last);
    }
  }

  /** The index and current state, for a checkpoint file. */
  checkpoint(): LedgerCheckpoint {
    return {
      versions: this.count,
      blocks: this.blockCount,
      userTransactionCount: this.userTransactionCount,
      kind: base64(this.kinds, this.count),
      height: base64(this.heights, this.count),
      offset: base64(this.offsets, this.count),
      length: base64(this.lengths, this.count),
      hashes: base64(this.hashes, this.count * HASH_BYTES),
      accumulators: base64(this.accumulators, this.count * HASH_BYTES),
      blockTimestamps: base64(this.blockTimestamps, this.blockCount),
      blockFirst: base64(this.blockFirst, this.blockCount),
      blockLast: base64(this.blockLast, this.blockCount),
      senders: [...this.bySender],
      state: [...this.histories].map(([key, history]) => [key, history.versions, history.current]),
      ...(this.base === 0 ? {} : { base: this.base, blockBase: this.blockBase }),
    };
  }

  /** Replaces everything after genesis with a checkpoint's index and state. */
  restore(checkpoint: LedgerCheckpoint): void {
    let capacity = 1024;
    while (capacity < checkpoint.versions) capacity *= 2;
    let blockCapacity = 1024;
    while (blockCapacity < checkpoint.blocks) blockCapacity *= 2;
    this.capacity = capacity;
    this.count = checkpoint.versions;
    this.kinds = fromBase64(checkpoint.kind, capacity, (n) => new Uint8Array(n));
    this.heights = fromBase64(checkpoint.height, capacity, (n) => new Int32Array(n));
    this.offsets = fromBase64(checkpoint.offset, capacity, (n) => new Float64Array(n));
    this.lengths = fromBase64(checkpoint.length, capacity, (n) => new Int32Array(n));
    this.hashes = fromBase64(checkpoint.hashes, capacity * HASH_BYTES, (n) => Buffer.alloc(n));
    this.accumulators = fromBase64(checkpoint.accumulators, capacity * HASH_BYTES, (n) =>
      Buffer.alloc(n),
    );
    this.blockCapacity = blockCapacity;
    this.blockCount = checkpoint.blocks;
    this.blockTimestamps = fromBase64(
      checkpoint.blockTimestamps,
      blockCapacity,
      (n) => new BigInt64Array(n),
    );
    this.blockFirst = fromBase64(checkpoint.blockFirst, blockCapacity, (n) => new Int32Array(n));
    this.blockLast = fromBase64(checkpoint.blockLast, blockCapacity, (n) => new Int32Array(n));
    this.userTransactionCount = checkpoint.userTransactionCount;
    this.base = checkpoint.base ?? 0;
    this.blockBase = checkpoint.blockBase ?? 0;
    this.byHashKey.clear();
    for (let index = 0; index < this.count; index += 1) this.indexHash(this.base + index);
    this.bySender.clear();
    for (const [sender, versions] of checkpoint.senders) this.bySender.set(sender, versions);
    this.histories.clear();
    this.keysByAddress.clear();
    for (const [key, versions, current] of checkpoint.state) {
      const history = this.history(key);
      history.versions = versions;
      history.current = current;
    }
    this.recordCache.clear();
  }
}
