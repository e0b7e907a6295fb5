import { createPrivateKey, sign } from 'node:crypto';
import { availableParallelism } from 'node:os';
import {
  AccountAddress,
  ChainId,
  Ed25519PublicKey,
  Ed25519Signature,
  EntryFunction,
  RawTransaction,
  SignedTransaction,
  TransactionAuthenticatorEd25519,
  TransactionPayloadEntryFunction,
  U64,
  parseTypeTag,
} from '@aptos-labs/ts-sdk';
import { Clock } from '../clock.ts';
import type { Json, LongAddress } from '../encoding.ts';
import { concatBytes, sha3, shortAddress, toHex, utf8, must } from '../encoding.ts';
import { NodeError, ValidationError } from '../errors.ts';
import type { DecodedTransaction } from '../executor/decode.ts';
import { DecodeError, decodeSignedTransaction } from '../executor/decode.ts';
import {
  anySignatureVerifies,
  execute,
  singleEd25519Check,
  verifySignatures,
  executeView,
  resolveView,
  validate,
  validationFailureOutput,
  VALIDATION_CODES,
  ViewError,
} from '../executor/execute.ts';
import { GAS } from '../executor/gas.ts';
import type { MoveVal } from '../executor/moveValues.ts';
import {
  ArgumentError,
  argumentFromJson,
  decodeArgument,
  encodeValue,
  typeTagOf,
} from '../executor/moveValues.ts';
import { VerifyPool } from './verifyPool.ts';
import {
  APT_METADATA_ADDRESS,
  aptBalance,
  APTOS_COIN_TYPE,
  primaryStoreAddress,
  readAccount,
} from '../framework/assets.ts';
import type { NativeModule } from '../framework/context.ts';
import { CHAIN_ID, genesisWrites, timestampValue } from '../framework/genesis.ts';
import { findModule, modulesAt } from '../framework/modules.ts';
import { ROOT_ADDRESS, ROOT_PRIVATE_KEY, ROOT_PUBLIC_KEY } from '../framework/root.ts';
import { Mempool } from '../mempool/mempool.ts';
import type { PendingEntry } from '../mempool/mempool.ts';
import type { MiningMode } from '../miner/miner.ts';
import { Miner } from '../miner/miner.ts';
import type { ExecutedUserTransaction, LedgerMark } from '../storage/ledger.ts';
import { Ledger } from '../storage/ledger.ts';
import type { LogEntry } from '../storage/log.ts';
import { DurableLog } from '../storage/log.ts';
import type {
  ResourceValue,
  StateKey,
  StateReader,
  StateValue,
  TableItemValue,
  WriteOp,
} from '../storage/types.ts';
import { resourceKey, tableKey } from '../storage/types.ts';
import {
  blockJson,
  moduleJson,
  pendingJson,
  recordJson,
  resourceJson,
  simulatedJson,
} from './render.ts';

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
}

/** The fault switches of the dev controls. */
export interface Faults {
  /** Every new submission may commit only this many ms after it arrived. */
  delayCommitsMs: number;
  /** The next N submissions are held in the mempool until released or expired. */
  holdNext: number;
  /** The next N submissions answer 507 `mempool_is_full`. */
  rejectNext: number;
}

export interface SimulateFlags {
  estimateGasUnitPrice: boolean;
  estimateMaxGasAmount: boolean;
  estimatePrioritizedGasUnitPrice: boolean;
}

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const ROOT_SIGNING_KEY = createPrivateKey({
  key: Buffer.concat([PKCS8_ED25519_PREFIX, Buffer.from(ROOT_PRIVATE_KEY.slice(2), 'hex')]),
  format: 'der',
  type: 'pkcs8',
});
const RAW_TRANSACTION_SALT = sha3(utf8('APTOS::RawTransaction'));

const notFound = (code: NodeError['code'], message: string) => new NodeError({ code, message });

/**
 * The typed facade of the local chain (like anvil's `EthApi`): everything the HTTP layer, the
 * faucet, the indexer and tests may ask, with no HTTP types. Reads answer as the REST API's JSON.
 */
export class LocalNode {
  readonly chainId = CHAIN_ID;
  readonly clock: Clock;
  readonly ledger = new Ledger();
  readonly mempool = new Mempool();
  readonly miner: Miner;
  readonly faults: Faults = { delayCommitsMs: 0, holdNext: 0, rejectNext: 0 };
  private readonly log: DurableLog;
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly snapshots = new Map<string, LedgerMark>();
  private nextSnapshotId = 1;
  private readonly maxBlockTransactions: number;
  private readonly expiryTimer: NodeJS.Timeout;
  private stopped = false;
  private readonly verifyPool: VerifyPool | null;
  /** Recently committed transactions, decoded, so reads do not decode them again. */
  private readonly decodedCache = new Map<string, DecodedTransaction>();

  constructor(options: NodeOptions = {}) {
    this.clock = options.clock ?? new Clock();
    this.maxBlockTransactions = options.maxBlockTransactions ?? 5_000;
    let entries: LogEntry[] = [];
    if (options.dataDir === null || options.dataDir === undefined) {
      this.log = DurableLog.memory();
    } else {
      ({ log: this.log, entries } = DurableLog.open({
        dir: options.dataDir,
        reset: options.reset ?? false,
        fsync: options.fsync ?? false,
      }));
    }
    // Genesis time is fixed so that replaying the log rebuilds identical state.
    this.ledger.commitGenesis(genesisWrites(0n), 0n);
    this.replay(entries);
    const threads = options.verifyThreads ?? Math.max(1, availableParallelism() - 1);
    this.verifyPool = threads > 0 ? new VerifyPool(threads) : null;
    this.miner = new Miner(options.mining ?? { mode: 'instant' }, () => this.mineBlock());
    this.expiryTimer = setInterval(() => this.dropExpired(), 1_000);
    this.expiryTimer.unref();
  }

  private replay(entries: LogEntry[]): void {
    for (const entry of entries) {
      if (entry.k === 'clock') {
        this.clock.restoreOffset(BigInt(entry.offset));
      } else if (entry.k === 'revert') {
        this.ledger.revertTo({ version: entry.version, height: entry.height });
      } else {
        const timestamp = BigInt(entry.ts);
        const txs = entry.txs.map((hex) =>
          decodeSignedTransaction(new Uint8Array(Buffer.from(hex, 'hex'))),
        );
        this.commit(timestamp, txs, false);
      }
    }
  }

  // ---------------------------------------------------------------- ledger and state

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
      .keysOf(address)
      .map((key) => this.ledger.get(key, at))
      .filter((value): value is ResourceValue => value !== null && value.kind === 'resource')
      .sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
    const from =
      options.start === undefined
        ? 0
        : values.findIndex((value) => value.type >= must(options.start));
    const page = from === -1 ? [] : values.slice(from, from + (options.limit ?? 9_999));
    const next = from === -1 ? undefined : values[from + page.length];
    return { resources: page.map(resourceJson), cursor: next === undefined ? null : next.type };
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
    const modules = modulesAt(address).sort((a, b) => (a.name < b.name ? -1 : 1));
    const from =
      options.start === undefined
        ? 0
        : modules.findIndex((module) => module.name >= must(options.start));
    const page = from === -1 ? [] : modules.slice(from, from + (options.limit ?? 1_000));
    const next = from === -1 ? undefined : modules[from + page.length];
    return { modules: page.map(moduleJson), cursor: next === undefined ? null : next.name };
  }

  getModule(address: LongAddress, name: string, version?: bigint): JsonObject {
    const at = this.versionAt(version);
    const module: NativeModule | undefined = findModule(address, name);
    if (module === undefined) {
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
    let keyHex: string;
    try {
      const tag = typeTagOf(request.keyType);
      keyHex = toHex(encodeValue(tag, argumentFromJson(tag, request.key)));
      typeTagOf(request.valueType);
    } catch (error) {
      throw new NodeError({
        code: 'invalid_input',
        message: `Failed to parse table item request: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    const item = this.ledger.get(tableKey(handle, keyHex), at) as TableItemValue | null;
    if (item === null) {
      throw notFound(
        'table_item_not_found',
        `Table Item not found by Table handle(${handle}), Table key(${JSON.stringify(request.key)}) and Ledger version(${at})`,
      );
    }
    return item.decodedValue;
  }

  estimateGasPrice(): JsonObject {
    return {
      deprioritized_gas_estimate: GAS.estimate.deprioritized,
      gas_estimate: GAS.estimate.regular,
      prioritized_gas_estimate: GAS.estimate.prioritized,
    };
  }

  // ---------------------------------------------------------------- transactions

  private decode(bytes: Uint8Array): DecodedTransaction {
    let tx: DecodedTransaction;
    try {
      tx = decodeSignedTransaction(bytes);
    } catch (error) {
      const reason = error instanceof DecodeError ? error.message : String(error);
      throw new NodeError({
        code: 'invalid_input',
        message: `Failed to deserialize input into SignedTransaction: ${reason}`,
      });
    }
    if (tx.payloadKind !== 'entry_function') {
      throw new NodeError({
        code: 'invalid_input',
        message: `The local chain runs entry function payloads only (got a ${tx.payloadKind} payload); call the function through an entry function`,
      });
    }
    return tx;
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
    const tx = this.decode(bytes);
    if (this.faults.rejectNext > 0) {
      this.faults.rejectNext -= 1;
      throw new NodeError({
        code: 'mempool_is_full',
        message: `Mempool is full. Mempool size: ${this.mempool.size}, Capacity: ${this.mempool.capacity} (fault injected by /workbench/faults)`,
      });
    }
    const pending = this.mempool.get(tx.hash);
    if (pending !== undefined) return pendingJson(pending.tx, false);
    if (!(await this.signaturesVerify(tx))) {
      throw new ValidationError('INVALID_SIGNATURE', VALIDATION_CODES.INVALID_SIGNATURE);
    }
    if (this.stopped)
      throw new NodeError({ code: 'internal_error', message: 'The local chain is stopping' });
    const failure = validate(
      tx,
      this.ledger.reader(),
      this.validateOptions('skip', 'allow_future'),
    );
    if (failure !== null) throw new ValidationError(failure, VALIDATION_CODES[failure]);
    this.enqueue(tx);
    return pendingJson(tx, false);
  }

  /** Plain Ed25519 signatures go to the verify workers; others are checked in place. */
  private async signaturesVerify(tx: DecodedTransaction): Promise<boolean> {
    const check = this.verifyPool === null ? null : singleEd25519Check(tx);
    if (check === null || this.verifyPool === null) return verifySignatures(tx);
    return this.verifyPool.verify(check.publicKey, check.message, check.signature);
  }

  private enqueue(tx: DecodedTransaction): void {
    const held = this.faults.holdNext > 0;
    if (held) this.faults.holdNext -= 1;
    const delay = this.faults.delayCommitsMs;
    this.mempool.add(tx, { readyAt: Date.now() + delay, held });
    if (delay > 0) this.miner.wakeAt(delay);
    else this.miner.notify();
  }

  /**
   * Simulates without changing state. A signature that verifies is refused; validation failures
   * come back as `success: false` with the bare status name.
   */
  simulate(bytes: Uint8Array, flags: SimulateFlags): { transaction: JsonObject; gasUsed: bigint } {
    const decoded = this.decode(bytes);
    if (anySignatureVerifies(decoded)) {
      throw new NodeError({
        code: 'invalid_input',
        message: 'Simulated transactions must not have a valid signature',
      });
    }
    const state = this.ledger.reader();
    const tx = { ...decoded };
    if (flags.estimatePrioritizedGasUnitPrice) tx.gasUnitPrice = BigInt(GAS.estimate.prioritized);
    else if (flags.estimateGasUnitPrice) tx.gasUnitPrice = BigInt(GAS.estimate.regular);
    if (flags.estimateMaxGasAmount) {
      const payer = tx.feePayer?.address ?? tx.sender;
      const affordable =
        tx.gasUnitPrice === 0n ? GAS.maxGasAmount : aptBalance(state, payer) / tx.gasUnitPrice;
      tx.maxGasAmount = affordable < GAS.maxGasAmount ? affordable : GAS.maxGasAmount;
    }
    const now = this.clock.nowMicros();
    const failure = validate(tx, state, this.validateOptions('skip', 'exact'));
    const output =
      failure === null
        ? execute(tx, state, { timestampMicros: now, chainId: this.chainId })
        : validationFailureOutput(failure);
    return {
      transaction: simulatedJson(tx, output, this.ledger.version, now),
      gasUsed: output.gasUsed,
    };
  }

  /** A committed or pending transaction by hash. */
  getTransactionByHash(hash: string): JsonObject {
    const version = this.ledger.versionOfHash(hash);
    if (version !== undefined) return this.renderVersion(version);
    const pending = this.mempool.get(hash);
    if (pending !== undefined) return pendingJson(pending.tx, true);
    throw notFound('transaction_not_found', `Transaction not found by Transaction hash(${hash})`);
  }

  /** Like `getTransactionByHash`, but waits up to `timeoutMs` for a pending transaction to commit. */
  async waitForTransactionByHash(hash: string, timeoutMs = 1_000): Promise<JsonObject> {
    if (this.ledger.versionOfHash(hash) === undefined && this.mempool.get(hash) !== undefined) {
      await new Promise<void>((resolve) => {
        let set = this.waiters.get(hash);
        if (set === undefined) this.waiters.set(hash, (set = new Set()));
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          if (set.size === 0) this.waiters.delete(hash);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        set.add(done);
      });
    }
    return this.getTransactionByHash(hash);
  }

  private settle(hash: string): void {
    const set = this.waiters.get(hash);
    if (set !== undefined) for (const done of [...set]) done();
  }

  private renderVersion(version: number): JsonObject {
    const record = must(this.ledger.records[version]);
    return recordJson(
      record,
      (bytes) => this.decodedCache.get(record.hash) ?? decodeSignedTransaction(bytes),
    );
  }

  private remember(tx: DecodedTransaction): void {
    if (this.decodedCache.size >= 20_000) {
      const oldest = this.decodedCache.keys().next();
      if (oldest.done !== true) this.decodedCache.delete(oldest.value);
    }
    this.decodedCache.set(tx.hash, tx);
  }

  getTransactionByVersion(version: bigint): JsonObject {
    if (version > BigInt(this.ledger.version)) {
      throw notFound(
        'transaction_not_found',
        `Transaction not found by Ledger version(${version})`,
      );
    }
    return this.renderVersion(Number(version));
  }

  /** Transactions from `start` (default: the latest `limit`). */
  getTransactions(options: { start?: bigint; limit?: number }): JsonObject[] {
    const limit = options.limit ?? 25;
    const latest = this.ledger.version;
    const start =
      options.start !== undefined ? Number(options.start) : Math.max(0, latest - limit + 1);
    const out: JsonObject[] = [];
    for (let v = start; v <= latest && out.length < limit; v += 1) out.push(this.renderVersion(v));
    return out;
  }

  /** User transactions an account sent, from sequence number `start`. */
  getAccountTransactions(
    address: LongAddress,
    options: { start?: bigint; limit?: number },
  ): JsonObject[] {
    const versions = this.ledger.versionsOfSender(address);
    const limit = options.limit ?? 25;
    const start =
      options.start === undefined ? Math.max(0, versions.length - limit) : Number(options.start);
    return versions.slice(start, start + limit).map((version) => this.renderVersion(version));
  }

  getBlockByHeight(height: bigint, withTransactions: boolean): JsonObject {
    if (height > BigInt(this.ledger.height)) {
      throw notFound('block_not_found', `Block not found by Block height(${height})`);
    }
    return this.renderBlock(Number(height), withTransactions);
  }

  getBlockByVersion(version: bigint, withTransactions: boolean): JsonObject {
    if (version > BigInt(this.ledger.version)) {
      throw notFound('block_not_found', `Block not found by Ledger version(${version})`);
    }
    return this.renderBlock(
      must(this.ledger.records[Number(version)]).blockHeight,
      withTransactions,
    );
  }

  private renderBlock(height: number, withTransactions: boolean): JsonObject {
    const block = must(this.ledger.blocks[height]);
    const txs: JsonObject[] = [];
    if (withTransactions)
      for (let v = block.firstVersion; v <= block.lastVersion; v += 1)
        txs.push(this.renderVersion(v));
    return blockJson(block, withTransactions ? txs : null);
  }

  /** Runs a view function; arguments as JSON (`/view` JSON body) or BCS (the SDK's default). */
  view(request: {
    module: LongAddress;
    moduleName: string;
    functionName: string;
    typeArgs: string[];
    args: { json: Json[] } | { bcs: Uint8Array[] };
    version?: bigint;
  }): { values: Json[]; gasUsed: bigint } {
    const at = this.versionAt(request.version);
    const invalid = (message: string) => new NodeError({ code: 'invalid_input', message });
    let typeArgs: string[];
    try {
      typeArgs = request.typeArgs.map((arg) => parseTypeTag(arg).toString());
    } catch (error) {
      throw invalid(
        `Invalid type argument: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    try {
      const fn = resolveView(
        request.module,
        request.moduleName,
        request.functionName,
        typeArgs.length,
      );
      const given = 'json' in request.args ? request.args.json : request.args.bcs;
      if (given.length !== fn.params.length) {
        throw invalid(`Function expects ${fn.params.length} arguments, got ${given.length}`);
      }
      const args: MoveVal[] = fn.params.map((param, i) => {
        const tag = typeTagOf(param);
        return 'json' in request.args
          ? argumentFromJson(tag, request.args.json[i] ?? null)
          : decodeArgument(tag, must(request.args.bcs[i]));
      });
      const timestamp = this.ledger.latestTimestamp;
      return executeView(
        this.ledger.reader(at),
        { fn, typeArgs, args },
        { timestampMicros: timestamp, chainId: this.chainId },
      );
    } catch (error) {
      if (error instanceof ViewError) {
        throw new NodeError({
          code: 'invalid_input',
          message: error.message,
          vmErrorCode: error.vmErrorCode ?? undefined,
        });
      }
      if (error instanceof ArgumentError) throw invalid(`Invalid argument: ${error.message}`);
      throw error;
    }
  }

  // ---------------------------------------------------------------- mining

  private sequenceNumberOf(state: StateReader, address: LongAddress): bigint {
    const account = readAccount(state, address);
    return account === null ? 0n : BigInt(account.data.sequence_number as string);
  }

  private dropExpired(): void {
    for (const entry of this.mempool.dropExpired(this.clock.nowSeconds()))
      this.settle(entry.tx.hash);
  }

  /**
   * Commits one block of ready transactions; returns how many user transactions it holds. With
   * `allowEmpty` ("mine now"), a block is committed even when nothing is ready.
   */
  mineBlock(options: { allowEmpty?: boolean } = {}): number {
    if (this.stopped) return 0;
    // Expired entries are swept by the 1 s timer (not per block: that is O(mempool)); one that
    // expired since is refused by the commit-time check below and dropped there.
    const nowMs = Date.now();
    const latest = this.ledger.reader();
    const { ready, stale } = this.mempool.collect({
      sequenceNumberOf: (address) => this.sequenceNumberOf(latest, address),
      nowMs,
      limit: this.maxBlockTransactions,
    });
    for (const entry of stale) this.drop(entry);
    if (ready.length === 0) {
      const next = this.mempool.nextReadyAt(nowMs);
      if (next !== undefined) this.miner.wakeAt(next - nowMs);
      if (options.allowEmpty === true) this.commitEmptyBlock();
      return 0;
    }
    const now = this.clock.nowMicros();
    const last = this.ledger.latestTimestamp;
    const timestamp = now > last ? now : last + 1n;
    const committed = this.commit(
      timestamp,
      ready.map((entry) => entry.tx),
      true,
    );
    for (const entry of ready) {
      if (committed.has(entry.tx.hash)) {
        this.mempool.remove(entry.tx.hash);
        this.settle(entry.tx.hash);
      }
    }
    if (this.mempool.size > 0) this.miner.notify();
    return committed.size;
  }

  private drop(entry: PendingEntry): void {
    this.mempool.remove(entry.tx.hash);
    this.settle(entry.tx.hash);
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
    const overlay = new Map<StateKey, StateValue | null>();
    const base = this.ledger.reader();
    const state: StateReader = {
      get: (key) => {
        const value = overlay.get(key);
        return value !== undefined ? value : base.get(key);
      },
    };
    const metadataWrites: WriteOp[] = [
      {
        key: resourceKey(timestampValue(0n).address, timestampValue(0n).type),
        value: timestampValue(timestamp),
        previous: null,
      },
    ];
    for (const write of metadataWrites) overlay.set(write.key, write.value);
    const executed: ExecutedUserTransaction[] = [];
    const options = {
      nowSeconds: timestamp / 1_000_000n,
      chainId: this.chainId,
      signatures: 'skip' as const,
      sequence: 'exact' as const,
      authKeys: false,
    };
    for (const tx of txs) {
      if (live) {
        const failure = validate(tx, state, options);
        if (failure === 'SEQUENCE_NUMBER_TOO_NEW') continue;
        if (failure !== null) {
          const entry = this.mempool.get(tx.hash);
          if (entry !== undefined) this.drop(entry);
          continue;
        }
      }
      const output = execute(tx, state, { timestampMicros: timestamp, chainId: this.chainId });
      for (const write of output.writes) overlay.set(write.key, write.value);
      if (live) this.remember(tx);
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
      this.log.append({
        k: 'block',
        ts: timestamp.toString(),
        txs: executed.map((tx) =>
          Buffer.from(tx.bytes.buffer, tx.bytes.byteOffset, tx.bytes.byteLength).toString('hex'),
        ),
      });
    }
    this.ledger.commitBlock({ timestamp, metadataWrites, transactions: executed });
    return new Set(executed.map((tx) => tx.hash));
  }

  // ---------------------------------------------------------------- faucet and indexer

  /** Mints APT to an address with a transaction signed by the root account; returns its hash. */
  fund(address: LongAddress, amount: bigint): `0x${string}` {
    const chainSequence = this.sequenceNumberOf(this.ledger.reader(), ROOT_ADDRESS);
    const pending = this.mempool.highestSequenceNumber(ROOT_ADDRESS);
    const sequenceNumber =
      pending !== undefined && pending >= chainSequence ? pending + 1n : chainSequence;
    const payload = new TransactionPayloadEntryFunction(
      EntryFunction.build(
        '0x1::aptos_coin',
        'mint',
        [],
        [AccountAddress.from(address), new U64(amount)],
      ),
    );
    const raw = new RawTransaction(
      AccountAddress.from(ROOT_ADDRESS),
      sequenceNumber,
      payload,
      200_000n,
      100n,
      this.clock.nowSeconds() + 60n,
      new ChainId(this.chainId),
    );
    const signature = sign(
      null,
      concatBytes([RAW_TRANSACTION_SALT, raw.bcsToBytes()]),
      ROOT_SIGNING_KEY,
    );
    const signed = new SignedTransaction(
      raw,
      new TransactionAuthenticatorEd25519(
        new Ed25519PublicKey(ROOT_PUBLIC_KEY),
        new Ed25519Signature(signature),
      ),
    );
    const tx = decodeSignedTransaction(signed.bcsToBytes());
    const failure = validate(
      tx,
      this.ledger.reader(),
      this.validateOptions('skip', 'allow_future'),
    );
    if (failure !== null) throw new ValidationError(failure, VALIDATION_CODES[failure]);
    this.mempool.add(tx, { readyAt: 0, held: false });
    this.miner.notify();
    return tx.hash;
  }

  /** The indexer's processors, all caught up with the ledger (indexing is synchronous here). */
  processorStatus(): Array<{
    processor: string;
    last_success_version: number;
    last_updated: string;
  }> {
    const lastUpdated = new Date(Number(this.ledger.latestTimestamp / 1000n))
      .toISOString()
      .replace('Z', '');
    return [
      'fungible_asset_processor',
      'default_processor',
      'account_transactions_processor',
      'user_transaction_processor',
    ].map((processor) => ({
      processor,
      last_success_version: this.ledger.version,
      last_updated: lastUpdated,
    }));
  }

  /** `current_fungible_asset_balances` rows of an owner (APT only). */
  fungibleAssetBalances(owner: LongAddress): JsonObject[] {
    const reader = this.ledger.reader();
    const store = reader.get(
      resourceKey(primaryStoreAddress(owner), '0x1::fungible_asset::FungibleStore'),
    );
    if (store === null) return [];
    // The indexer's "last transaction" of the store: the owner's last sent transaction (stores
    // also change when others pay in; close enough for balance lookups).
    const version = this.ledger.versionsOfSender(owner).at(-1) ?? this.ledger.version;
    const record = this.ledger.records[version];
    const timestamp = record !== undefined && record.kind !== 'genesis' ? record.timestamp : 0n;
    return [
      {
        amount: aptBalance(reader, owner).toString(),
        asset_type: APTOS_COIN_TYPE,
        is_frozen: false,
        is_primary: true,
        last_transaction_timestamp: new Date(Number(timestamp / 1000n))
          .toISOString()
          .replace('Z', ''),
        last_transaction_version: version,
        owner_address: owner,
        storage_id: primaryStoreAddress(owner),
        token_standard: 'v1',
        metadata: {
          token_standard: 'v1',
          symbol: 'APT',
          supply_aggregator_table_key_v1: null,
          supply_aggregator_table_handle_v1: null,
          project_uri: null,
          name: 'Aptos Coin',
          last_transaction_version: 0,
          last_transaction_timestamp: '1970-01-01T00:00:00',
          icon_uri: null,
          decimals: 8,
          creator_address: '0x0000000000000000000000000000000000000000000000000000000000000001',
          asset_type: APTOS_COIN_TYPE,
        },
      },
    ];
  }

  // ---------------------------------------------------------------- dev controls

  /** Remembers the current ledger; `revert(id)` returns to it. */
  snapshot(): { id: string; version: number; height: number } {
    const id = `0x${(this.nextSnapshotId++).toString(16)}`;
    const mark = this.ledger.mark();
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
    this.log.append({ k: 'revert', version: mark.version, height: mark.height });
    this.ledger.revertTo(mark);
    return mark;
  }

  setMining(mode: MiningMode): void {
    this.miner.setMode(mode);
  }

  /** Moves the chain clock forward and drops what expired. */
  advanceClock(micros: bigint): bigint {
    const offset = this.clock.advance(micros);
    this.log.append({ k: 'clock', offset: offset.toString() });
    this.dropExpired();
    // A live chain's ledger timestamp follows its clock through new blocks: record the jump in an
    // empty block, so that readers of ledger info (and clients judging expiry) see it.
    if (!this.stopped) this.commitEmptyBlock();
    return this.clock.nowMicros();
  }

  /** Commits a block that holds no user transaction (block metadata and checkpoint only). */
  private commitEmptyBlock(): void {
    const now = this.clock.nowMicros();
    const last = this.ledger.latestTimestamp;
    this.commit(now > last ? now : last + 1n, [], true, true);
  }

  setFaults(faults: Partial<Faults>): Faults {
    Object.assign(this.faults, faults);
    return { ...this.faults };
  }

  /** Holds (or releases) a pending transaction by hash. */
  setHeld(hash: string, held: boolean): void {
    const entry = this.mempool.get(hash);
    if (entry === undefined)
      throw notFound('transaction_not_found', `Transaction not found by Transaction hash(${hash})`);
    entry.held = held;
    if (!held) this.miner.notify();
  }

  /** Releases every held transaction. */
  releaseAll(): number {
    let count = 0;
    for (const entry of this.mempool.entries()) {
      if (entry.held) {
        entry.held = false;
        count += 1;
      }
    }
    this.miner.notify();
    return count;
  }

  /** Drops a pending transaction: it will never commit and lookups answer 404. */
  dropPending(hash: string): void {
    const entry = this.mempool.get(hash);
    if (entry === undefined)
      throw notFound('transaction_not_found', `Transaction not found by Transaction hash(${hash})`);
    this.drop(entry);
  }

  pendingTransactions(): JsonObject[] {
    return this.mempool.entries().map((entry) => ({
      ...pendingJson(entry.tx, true),
      held: entry.held,
    }));
  }

  stop(): void {
    this.stopped = true;
    void this.verifyPool?.close();
    this.miner.stop();
    clearInterval(this.expiryTimer);
    for (const hash of [...this.waiters.keys()]) this.settle(hash);
    this.log.close();
  }
}
