// Kept whole as one piece: `LocalNode` is the facade the HTTP layer talks to, one short method per
// route or dev control, each delegating to a part in this folder (history, views, faucet,
// indexer, dev controls, block producer, re-execution). Splitting it would split the API's one
// list of entry points; the logic itself lives in those parts.
import { availableParallelism } from 'node:os';
import { Clock } from '../clock.ts';
import type { Json, LongAddress } from '../encoding.ts';
import { must, shortAddress } from '../encoding.ts';
import { NodeError, ValidationError } from '../errors.ts';
import type { DecodedTransaction } from '../executor/decode.ts';
import { validate } from '../executor/validate.ts';
import { STATUS_CODES } from '../move/vm/statusCodes.ts';
import {
  anySignatureVerifies,
  singleEd25519Check,
  verifySignatures,
} from '../executor/transactionSignatures.ts';
import { GAS } from '../executor/gas.ts';
import {
  APT_METADATA_ADDRESS,
  aptBalance,
  APTOS_COIN_TYPE,
  readAccount,
} from '../framework/assets.ts';
import type { NativeModule } from '../framework/context.ts';
import { CHAIN_ID, genesisEvents, genesisWrites } from '../framework/genesis.ts';
import { findModule, modulesAt } from '../framework/registry.ts';
import { bytecodeModuleJson, findBytecodeModule, storedModule } from '../move/store.ts';
import { SourceStore } from '../move/sourceStore.ts';
import { Mempool } from '../mempool/mempool.ts';
import type { MiningMode } from '../miner/miner.ts';
import type { IndexerTable } from './indexer.ts';
import { MIN_PENDING_MS } from '../miner/miner.ts';
import { Ledger } from '../storage/ledger.ts';
import type { Checkpoint } from '../storage/checkpoint.ts';
import { readCheckpoint, writeCheckpoint } from '../storage/checkpoint.ts';
import type { EntryPosition, LogEntry } from '../storage/log.ts';
import { DurableLog, wipeDataDir } from '../storage/log.ts';
import type { ModuleValue, ResourceValue } from '../storage/types.ts';
import { resourceKey, tableKey } from '../storage/types.ts';
import { BlockProducer, metadataWritesAt } from './blockProducer.ts';
import type { Faults, NodeStatus } from './devControls.ts';
import { DevControls } from './devControls.ts';
import { Faucet } from './faucet.ts';
import { notFound, TransactionHistory } from './history.ts';
import { Indexer } from './indexer.ts';
import { moduleJson, pendingJson, resourceJson, simulatedJson } from './render.ts';
import { VerifyPool } from './verifyPool.ts';
import { Waiters } from './waiters.ts';
import type { SimulateFlags } from './admission.ts';
import { admit, admitBatch, simulateTransaction } from './admission.ts';
import type { Reexecution, ReexecuteRequest } from './reexecute.ts';
import { reexecuteAt } from './reexecute.ts';
import type { Fork } from './fork.ts';
import type { HistoryReads } from './fork.ts';
import { ForkHistory, forkReads, prefetch, reexecuteUpstream } from './fork.ts';
import type { TraceMode } from '../executor/trace.ts';
import type { ViewRequest } from './views.ts';
import { callView, readTableItem } from './views.ts';

export type { Faults, NodeStatus } from './devControls.ts';

type JsonObject = { [key: string]: Json };

/** Ledger info, the body of `GET /v1` and the source of the `X-Aptos-*` headers. */
export interface LedgerInfo {
  chainId: number;
  epoch: bigint;
  ledgerVersion: number;
  oldestLedgerVersion: number;
  ledgerTimestamp: bigint;
  blockHeight: number;
  oldestBlockHeight: number;
}

export interface NodeOptions {
  mining?: MiningMode;
  /** Data directory of the durable log; `null` keeps everything in memory. */
  dataDir?: string | null;
  reset?: boolean;
  fsync?: boolean;
  clock?: Clock;
  /** Most user transactions per block. */
  maxBlockTransactions?: number;
  /** Worker threads verifying Ed25519 signatures (default: cores − 1); 0 verifies on the event loop. */
  verifyThreads?: number;
  /** Fork mode: state read lazily from an upstream node (`node/fork.ts` `openFork`); in memory only. */
  fork?: Fork;
}

export type { SimulateFlags } from './admission.ts';

/** A state checkpoint is written after this many new versions (and on stop). */
export const CHECKPOINT_EVERY_VERSIONS = 10_000;

/** One page of items sorted by `key`, from the first whose key is ≥ `start`; `cursor` is the next key. */
function paginate<T>(
  items: T[],
  key: (item: T) => string,
  start: string | undefined,
  limit: number,
): { page: T[]; cursor: string | null } {
  const from = start === undefined ? 0 : items.findIndex((item) => key(item) >= start);
  const page = from === -1 ? [] : items.slice(from, from + limit);
  const next = from === -1 ? undefined : items[from + page.length];
  return { page, cursor: next === undefined ? null : key(next) };
}

/**
 * Blocks a chain that makes idle blocks has from its start: a fresh one commits them at once, in
 * the recent past (`BlockProducer.warmUp`). Like a real localnet, whose readiness answers only
 * after its node has produced blocks for a while, a client that waits for readiness finds a
 * ledger with history (20 versions), without waiting for it. A chain that makes no blocks by
 * itself (instant, manual, no idle blocks) starts at genesis.
 */
export const WARMUP_BLOCKS = 10;

/**
 * The typed facade of the local chain (like anvil's `EthApi`): reads, submit and simulate here;
 * block production, the faucet, the indexer and the dev controls behind it, each in its own
 * module. No HTTP types. Reads answer as the REST API's JSON.
 */
export class LocalNode {
  readonly chainId: number;
  /** Fork mode: the upstream and the fork point; `null` for a chain from genesis. */
  readonly fork: Fork | null;
  /** History reads: the local history, or on a fork the upstream's up to the fork point too. */
  private readonly reads: HistoryReads;
  /** Fork mode: transactions dropped because their upstream state could not be read, by hash. */
  private readonly unreadable = new Map<string, NodeError>();
  /** The versioned ledger, for in-process checks (tests, the start-up banner); HTTP uses the facade. */
  readonly ledger: Ledger;
  /** Where the data dir is (`null`: in memory only). */
  private readonly dataDir: string | null;
  /** The ledger version the last checkpoint covers. */
  private checkpointedVersion = 0;
  /** How the chain started: whether from a checkpoint, and how many log entries it read. */
  readonly startup: { fromCheckpoint: boolean; replayedEntries: number };
  private readonly clock: Clock;
  private readonly mempool = new Mempool();
  private readonly log: DurableLog;
  private readonly waiters = new Waiters();
  private readonly history: TransactionHistory;
  private readonly producer: BlockProducer;
  private readonly dev: DevControls;
  private readonly faucet: Faucet;
  private readonly indexer: Indexer;
  private readonly expiryTimer: NodeJS.Timeout;
  private stopped = false;
  private readonly verifyPool: VerifyPool | null;
  /** Source maps given with `POST /workbench/sources` (memory only, like snapshots and faults). */
  readonly sources = new SourceStore(
    (address, name) =>
      findBytecodeModule(this.ledger.reader(this.ledger.version), address, name)?.module ?? null,
  );

  constructor(options: NodeOptions = {}) {
    this.clock = options.clock ?? new Clock();
    this.fork = options.fork ?? null;
    this.chainId = this.fork?.chainId ?? CHAIN_ID;
    let entries: LogEntry[] = [];
    let positions: EntryPosition[] = [];
    let checkpoint: Checkpoint | null = null;
    let resumed = false;
    this.dataDir = this.fork === null ? (options.dataDir ?? null) : null;
    if (this.dataDir === null) {
      this.log = DurableLog.memory();
    } else {
      if (options.reset === true) wipeDataDir(this.dataDir);
      checkpoint = readCheckpoint(this.dataDir);
      ({
        log: this.log,
        entries,
        positions,
        resumed,
      } = DurableLog.open({
        dir: this.dataDir,
        fsync: options.fsync ?? false,
        resume: checkpoint?.log ?? null,
      }));
      if (checkpoint !== null && !resumed) {
        console.warn(
          `localnet: ${this.dataDir}: the state checkpoint does not match the log; reading the whole log`,
        );
      }
    }
    this.ledger = new Ledger(this.log, metadataWritesAt);
    this.history = new TransactionHistory(this.ledger);
    this.reads =
      this.fork === null ? this.history : new ForkHistory(this.fork, this.history, this.ledger);
    this.producer = new BlockProducer({
      ledger: this.ledger,
      mempool: this.mempool,
      clock: this.clock,
      log: this.log,
      waiters: this.waiters,
      chainId: this.chainId,
      maxBlockTransactions: options.maxBlockTransactions ?? 5_000,
      mining: options.mining ?? { mode: 'instant' },
      onCommitted: (tx) => this.history.remember(tx),
      onBlock: () => this.maybeCheckpoint(),
      ...(this.fork === null ? {} : { fork: forkReads(this.fork, this.unreadable) }),
    });
    // Genesis time is fixed so that replaying the log rebuilds identical state.
    if (this.fork !== null) this.ledger.startFork(this.fork.point);
    else this.ledger.commitGenesis(genesisWrites(0n), 0n, genesisEvents());
    if (checkpoint !== null && resumed) {
      this.ledger.restore(checkpoint.ledger);
      this.clock.restoreOffset(BigInt(checkpoint.clockOffset));
    }
    this.producer.replay(entries, positions);
    this.producer.warmUp(WARMUP_BLOCKS);
    this.startup = { fromCheckpoint: resumed, replayedEntries: entries.length };
    this.checkpointedVersion = resumed
      ? (checkpoint?.ledger.versions ?? 1) - 1
      : this.ledger.version;
    this.dev = new DevControls({
      ledger: this.ledger,
      mempool: this.mempool,
      clock: this.clock,
      log: this.log,
      producer: this.producer,
    });
    this.faucet = new Faucet({
      ledger: this.ledger,
      mempool: this.mempool,
      miner: this.producer.miner,
      clock: this.clock,
      chainId: this.chainId,
    });
    this.indexer = new Indexer(this.ledger);
    const threads = options.verifyThreads ?? Math.max(1, availableParallelism() - 1);
    this.verifyPool = threads > 0 ? new VerifyPool(threads) : null;
    this.expiryTimer = setInterval(() => this.producer.dropExpired(), 1_000);
    this.expiryTimer.unref();
  }

  /**
   * Runs `run` until it needs no upstream state it has not read (fork mode: see
   * `fork/forkState.ts`); otherwise just runs it. Every HTTP route runs through here.
   */
  settle<T>(run: () => T | Promise<T>): Promise<T> {
    return this.fork === null ? Promise.resolve().then(run) : this.fork.state.settle(run);
  }

  /** Writes a state checkpoint once `CHECKPOINT_EVERY_VERSIONS` versions were committed since the last. */
  private maybeCheckpoint(): void {
    if (this.ledger.version - this.checkpointedVersion >= CHECKPOINT_EVERY_VERSIONS)
      this.writeCheckpoint();
  }

  /**
   * Writes the ledger's index and current state to the data dir (atomically), so that a restart
   * reads only the log after it. Runs every `CHECKPOINT_EVERY_VERSIONS` versions and on stop.
   */
  writeCheckpoint(): void {
    if (this.dataDir === null || this.log.size === 0) return;
    writeCheckpoint(this.dataDir, {
      log: this.log.endMark,
      clockOffset: this.clock.offset.toString(),
      ledger: this.ledger.checkpoint(),
    });
    this.checkpointedVersion = this.ledger.version;
  }

  /** How many decoded transactions the hot-read caches hold (bounded; the rest is in the log). */
  readCacheSizes(): { decoded: number; records: number } {
    return { decoded: this.history.cachedDecoded, records: this.ledger.cachedRecords };
  }

  /** Empties the hot-read caches, so reads come from the log (tests). */
  evictReadCaches(): void {
    this.history.evictCache();
  }

  ledgerInfo(): LedgerInfo {
    return {
      chainId: this.chainId,
      epoch: 1n,
      ledgerVersion: this.ledger.version,
      oldestLedgerVersion: 0,
      ledgerTimestamp: this.ledger.latestTimestamp,
      blockHeight: this.ledger.height,
      oldestBlockHeight: 0,
    };
  }

  /** Checks a requested `ledger_version`; the latest when absent. */
  private versionAt(version: bigint | undefined): number {
    if (version === undefined) return this.ledger.version;
    if (version > BigInt(this.ledger.version)) {
      throw notFound('version_not_found', `Ledger version not found by Ledger version(${version})`);
    }
    return Number(version);
  }

  getAccount(address: LongAddress, version?: bigint): JsonObject {
    const at = this.versionAt(version);
    const account = readAccount(this.ledger.reader(at), address);
    if (account === null) return { sequence_number: '0', authentication_key: address };
    return {
      sequence_number: account.data.sequence_number as string,
      authentication_key: account.data.authentication_key as string,
    };
  }

  /** Resources of an account sorted by type; `start` is the cursor a previous page returned. */
  getResources(
    address: LongAddress,
    options: { version?: bigint; start?: string; limit?: number },
  ): { resources: JsonObject[]; cursor: string | null } {
    const at = this.versionAt(options.version);
    const values = this.ledger
      .keysOf(address, at)
      .map((key) => this.ledger.get(key, at))
      .filter((value): value is ResourceValue => value !== null && value.kind === 'resource')
      .sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
    const { page, cursor } = paginate(
      values,
      (value) => value.type,
      options.start,
      options.limit ?? 9_999,
    );
    return { resources: page.map(resourceJson), cursor };
  }

  getResource(address: LongAddress, type: string, version?: bigint): JsonObject {
    const at = this.versionAt(version);
    const value = this.ledger.get(resourceKey(address, type), at);
    if (value === null || value.kind !== 'resource') {
      throw notFound(
        'resource_not_found',
        `Resource not found by Address(${shortAddress(address)}), Struct tag(${type}) and Ledger version(${at})`,
      );
    }
    return resourceJson(value);
  }

  getModules(
    address: LongAddress,
    options: { start?: string; limit?: number },
  ): { modules: JsonObject[]; cursor: string | null } {
    const at = this.versionAt(undefined);
    const modules: Array<{ name: string; json: () => JsonObject }> = [
      ...modulesAt(address).map((module) => ({
        name: module.name,
        json: () => moduleJson(module),
      })),
      ...this.ledger
        .keysOf(address, at)
        .map((key) => this.ledger.get(key, at))
        .filter((value): value is ModuleValue => value !== null && value.kind === 'module')
        .map((value) => ({
          name: value.name,
          json: () => bytecodeModuleJson(value) as unknown as JsonObject,
        })),
    ].sort((a, b) => (a.name < b.name ? -1 : 1));
    const { page, cursor } = paginate(
      modules,
      (module) => module.name,
      options.start,
      options.limit ?? 1_000,
    );
    return { modules: page.map((module) => module.json()), cursor };
  }

  getModule(address: LongAddress, name: string, version?: bigint): JsonObject {
    const at = this.versionAt(version);
    const module: NativeModule | undefined = findModule(address, name);
    if (module === undefined) {
      const stored = storedModule(this.ledger.reader(at), address, name);
      // The ABI is derived from the bytecode (aptos-api-types renders it the same way).
      if (stored !== null) return bytecodeModuleJson(stored) as unknown as JsonObject;
      throw notFound(
        'module_not_found',
        `Module not found by Address(${shortAddress(address)}), Module name(${name}) and Ledger version(${at})`,
      );
    }
    return moduleJson(module);
  }

  /** APT balance by coin type (`0x1::aptos_coin::AptosCoin`) or FA metadata address (`0xa`); 0 for others. */
  getBalance(
    address: LongAddress,
    asset: { coinType: string } | { metadata: LongAddress },
    version?: bigint,
  ): bigint {
    const at = this.versionAt(version);
    const isApt =
      'coinType' in asset
        ? asset.coinType === APTOS_COIN_TYPE
        : asset.metadata === APT_METADATA_ADDRESS;
    return isApt ? aptBalance(this.ledger.reader(at), address) : 0n;
  }

  getTableItem(
    handle: LongAddress,
    request: { keyType: string; valueType: string; key: Json },
    version?: bigint,
  ): Json {
    const at = this.versionAt(version);
    return readTableItem(this.ledger.reader(at), handle, request, at);
  }

  estimateGasPrice(): JsonObject {
    return {
      deprioritized_gas_estimate: GAS.estimate.deprioritized,
      gas_estimate: GAS.estimate.regular,
      prioritized_gas_estimate: GAS.estimate.prioritized,
    };
  }

  // ---------------------------------------------------------------- transactions

  private validationContext() {
    return { nowMicros: this.clock.nowMicros(), chainId: this.chainId };
  }

  private validateOptions(signatures: 'verify' | 'skip', sequence: 'allow_future' | 'exact') {
    return { nowSeconds: this.clock.nowSeconds(), chainId: this.chainId, signatures, sequence };
  }

  /**
   * Validates a signed transaction and puts it in the mempool; it commits on a later block, never
   * inside this call. Resubmitting the identical bytes while pending is accepted again.
   *
   * @throws ValidationError, or NodeError (`invalid_input`, `mempool_is_full`, `invalid_transaction_update`).
   */
  async submit(bytes: Uint8Array): Promise<JsonObject> {
    const tx = admit(bytes);
    if (this.fork !== null) await prefetch(this.fork, [tx], this.ledger, this.validationContext());
    const accepted = await this.accept(tx, () => this.signaturesVerify(tx));
    return pendingJson(accepted, false, this.ledger.reader());
  }

  /**
   * `POST /transactions/batch`: up to 100 signed transactions in one BCS vector. A body that does
   * not decode, or one transaction that is malformed, refuses the whole batch (`admitBatch`);
   * otherwise each transaction is admitted or refused on its own, and the refusals come back by
   * index with their errors (the node answers 202 when there are none, 206 otherwise). Every
   * signature is handed to the verify workers at once; the transactions are then admitted in the
   * batch's order, so one sender's sequence numbers reach the mempool in order.
   */
  async submitBatch(body: Uint8Array): Promise<{ index: number; error: unknown }[]> {
    const txs = admitBatch(body);
    if (this.fork !== null) await prefetch(this.fork, txs, this.ledger, this.validationContext());
    const checks = txs.map((tx) => this.signaturesVerify(tx));
    // A check may fail before its turn (or never be awaited, for a refused or pending duplicate).
    for (const check of checks) check.catch(() => undefined);
    const failures: { index: number; error: unknown }[] = [];
    for (const [index, tx] of txs.entries()) {
      try {
        await this.accept(tx, () => must(checks[index]));
      } catch (error) {
        failures.push({ index, error });
      }
    }
    return failures;
  }

  /**
   * Mempool admission of a decoded transaction: injected faults, a duplicate of a pending one (which
   * is answered with the pending one), the signature check `verify`, validation, then the mempool.
   * Returns the transaction now pending.
   */
  private async accept(
    tx: DecodedTransaction,
    verify: () => Promise<boolean>,
  ): Promise<DecodedTransaction> {
    const { faults } = this.dev;
    if (faults.rejectNext > 0) {
      faults.rejectNext -= 1;
      throw new NodeError({
        code: 'mempool_is_full',
        message: `Mempool is full. Mempool size: ${this.mempool.size}, Capacity: ${this.mempool.capacity} (fault injected by /workbench/faults)`,
      });
    }
    const pending = this.mempool.get(tx.hash);
    if (pending !== undefined) return pending.tx;
    if (!(await verify())) {
      throw new ValidationError('INVALID_SIGNATURE', STATUS_CODES.INVALID_SIGNATURE);
    }
    if (this.stopped)
      throw new NodeError({ code: 'internal_error', message: 'The local chain is stopping' });
    const failure = validate(
      tx,
      this.ledger.reader(),
      this.validateOptions('skip', 'allow_future'),
    );
    if (failure !== null) throw new ValidationError(failure, STATUS_CODES[failure]);
    this.enqueue(tx);
    return tx;
  }

  /** Plain Ed25519 signatures go to the verify workers; others are checked in place. */
  private async signaturesVerify(tx: DecodedTransaction): Promise<boolean> {
    const check = this.verifyPool === null ? null : singleEd25519Check(tx);
    if (check === null || this.verifyPool === null) return verifySignatures(tx);
    return this.verifyPool.verify(check.publicKey, check.message, check.signature);
  }

  private enqueue(tx: DecodedTransaction): void {
    const { faults } = this.dev;
    const held = faults.holdNext > 0;
    if (held) faults.holdNext -= 1;
    const delay = faults.delayCommitsMs;
    // In interval mode a submission stays observably pending for a moment (MIN_PENDING_MS).
    const pending = this.producer.miner.mode.mode === 'interval' ? MIN_PENDING_MS : 0;
    this.mempool.add(tx, { readyAt: Date.now() + Math.max(delay, pending), held });
    if (delay > 0) this.producer.miner.wakeAt(delay);
    else this.producer.miner.notify();
  }

  /**
   * Simulates without changing state. A signature that verifies is refused; validation failures
   * come back as `success: false` with the bare status name.
   */
  simulate(bytes: Uint8Array, flags: SimulateFlags): { transaction: JsonObject; gasUsed: bigint } {
    const decoded = admit(bytes);
    if (anySignatureVerifies(decoded)) {
      throw new NodeError({
        code: 'invalid_input',
        message: 'Simulated transactions must not have a valid signature',
      });
    }
    const now = this.clock.nowMicros();
    const state = this.ledger.reader();
    const { tx, output } = simulateTransaction(decoded, state, flags, {
      nowMicros: now,
      chainId: this.chainId,
    });
    return {
      transaction: simulatedJson(tx, output, this.ledger.version, now, state),
      gasUsed: output.gasUsed,
    };
  }

  /** Re-executes at a version on the state just before it (`node/reexecute.ts`). */
  reexecute(request: ReexecuteRequest, options: { trace?: TraceMode } = {}): Reexecution {
    if (this.fork !== null && request.version <= BigInt(this.fork.version))
      return reexecuteUpstream(
        request,
        { ledger: this.ledger, fork: this.fork, chainId: this.chainId },
        options,
      );
    return reexecuteAt(request, { ledger: this.ledger, chainId: this.chainId }, options);
  }

  /** A committed or pending transaction by hash. */
  getTransactionByHash(hash: string): JsonObject {
    const committed = this.history.byHash(hash);
    if (committed !== undefined) return committed;
    const pending = this.mempool.get(hash);
    if (pending !== undefined) return pendingJson(pending.tx, true, this.ledger.reader());
    const unreadable = this.unreadable.get(hash);
    if (unreadable !== undefined) throw unreadable;
    const upstream =
      this.reads instanceof ForkHistory ? this.reads.upstreamByHash(hash) : undefined;
    if (upstream !== undefined) return upstream;
    throw notFound('transaction_not_found', `Transaction not found by Transaction hash(${hash})`);
  }

  /** Like `getTransactionByHash`, but waits up to `timeoutMs` for a pending transaction to commit. */
  async waitForTransactionByHash(hash: string, timeoutMs = 1_000): Promise<JsonObject> {
    if (!this.history.isCommitted(hash) && this.mempool.get(hash) !== undefined)
      await this.waiters.wait(hash, timeoutMs);
    return this.getTransactionByHash(hash);
  }

  getTransactionByVersion(version: bigint): JsonObject {
    return this.reads.byVersion(version);
  }

  /** Transactions from `start` (default: the latest `limit`). */
  getTransactions(options: { start?: bigint; limit?: number }): JsonObject[] {
    return this.reads.list(options);
  }

  /** User transactions an account sent, from sequence number `start`. */
  getAccountTransactions(
    address: LongAddress,
    options: { start?: bigint; limit?: number },
  ): JsonObject[] {
    return this.reads.ofAccount(address, options);
  }

  getBlockByHeight(height: bigint, withTransactions: boolean): JsonObject {
    return this.reads.blockByHeight(height, withTransactions);
  }

  getBlockByVersion(version: bigint, withTransactions: boolean): JsonObject {
    return this.reads.blockByVersion(version, withTransactions);
  }

  /** A committed user transaction's signed bytes (`by_version` with `Accept: application/x.aptos.signed_transaction+bcs`). */
  getSignedTransaction(version: bigint): Uint8Array | null {
    if (version < BigInt(this.ledger.firstVersion) || version > BigInt(this.ledger.version))
      return null;
    const record = this.ledger.record(Number(version));
    return record.kind === 'user' ? record.bytes : null;
  }

  /** `POST /tables/{handle}/raw_item`: an item's value as BCS. */
  getRawTableItem(handle: LongAddress, keyHex: string, version?: bigint): Uint8Array {
    const at = this.versionAt(version);
    const item = this.ledger.get(tableKey(handle, keyHex.toLowerCase()), at);
    if (item === null || item.kind !== 'table_item') {
      throw notFound(
        'table_item_not_found',
        `Table Item not found by Table handle(${handle}), Table key(${keyHex}) and Ledger version(${at})`,
      );
    }
    return new Uint8Array(Buffer.from(item.value.slice(2), 'hex'));
  }

  /** Runs a view function; arguments as JSON (`/view` JSON body) or BCS (the SDK's default). */
  view(request: ViewRequest & { version?: bigint }): { values: Json[]; gasUsed: bigint } {
    const at = this.versionAt(request.version);
    return callView(this.ledger.reader(at), request, {
      timestampMicros: this.ledger.latestTimestamp,
      chainId: this.chainId,
    });
  }

  // ---------------------------------------------------------------- faucet and indexer

  /** Mints APT to an address with a transaction signed by the root account; returns its hash. */
  fund(address: LongAddress, amount: bigint): `0x${string}` {
    return this.faucet.fund(address, amount);
  }

  processorStatus() {
    return this.indexer.processorStatus();
  }

  /** An indexer table derived from the ledger (`node/indexer.ts`). */
  indexerTable(name: IndexerTable): JsonObject[] {
    return this.indexer.table(name);
  }

  ownedObjects(owner: LongAddress): JsonObject[] {
    return this.indexer.ownedObjects(owner);
  }

  fungibleAssetBalances(owner: LongAddress): JsonObject[] {
    return this.indexer.fungibleAssetBalances(owner);
  }

  // ---------------------------------------------------------------- dev controls

  /** Remembers the current ledger; `revert(id)` returns to it. */
  snapshot(): ReturnType<DevControls['snapshot']> {
    return this.dev.snapshot();
  }

  /** Reverts to a snapshot, dropping it and every later one (as hardhat's `evm_revert`). */
  revert(id: string): ReturnType<DevControls['revert']> {
    return this.dev.revert(id);
  }

  miningMode(): MiningMode {
    return this.producer.miner.mode;
  }

  setMining(mode: MiningMode): void {
    this.producer.miner.setMode(mode);
  }

  /** Commits one block now (empty if nothing is ready); returns how many transactions it holds. */
  mineBlock(): number {
    return this.producer.mineBlock({ allowEmpty: true });
  }

  /** Moves the chain clock forward and drops what expired. */
  advanceClock(micros: bigint): bigint {
    return this.dev.advanceClock(micros);
  }

  /** Clears the clock offset; ledger time never goes backwards (see `DevControls.resetClock`). */
  resetClock(): bigint {
    return this.dev.resetClock();
  }

  clockInfo(): ReturnType<DevControls['clockInfo']> {
    return this.dev.clockInfo();
  }

  getFaults(): Faults {
    return { ...this.dev.faults };
  }

  setFaults(faults: Partial<Faults>): Faults {
    return this.dev.setFaults(faults);
  }

  /** Holds (or releases) a pending transaction by hash. */
  setHeld(hash: string, held: boolean): void {
    this.dev.setHeld(hash, held);
  }

  /** Releases every held transaction. */
  releaseAll(): number {
    return this.dev.releaseAll();
  }

  /** Drops a pending transaction: it will never commit and lookups answer 404. */
  dropPending(hash: string): void {
    this.dev.dropPending(hash);
  }

  pendingTransactions(): JsonObject[] {
    return this.dev.pendingTransactions();
  }

  status(): NodeStatus {
    return this.dev.status();
  }

  /** Stops mining and timers, checkpoints and closes the log; resolves once the workers ended. */
  stop(): Promise<void> {
    this.stopped = true;
    const workersEnded = this.verifyPool?.close() ?? Promise.resolve();
    this.producer.stop();
    clearInterval(this.expiryTimer);
    this.waiters.settleAll();
    try {
      this.writeCheckpoint();
    } catch (error) {
      console.warn('localnet: could not write the state checkpoint on stop', error);
    }
    this.log.close();
    return workersEnded;
  }
}
