/**
 * Fork mode (issue 34): a chain whose state is an upstream node's at a version, read lazily
 * (`fork/forkState.ts`), with new blocks committed locally on top. This file opens a fork (the
 * fork point), answers history before it from the upstream, and re-executes an upstream
 * transaction on the upstream's state just before it. See CHAIN.md, "Fork mode".
 */
import { Deserializer, SignedTransaction } from '@aptos-labs/ts-sdk';
import type { Json, LongAddress } from '../encoding.ts';
import { NodeError } from '../errors.ts';
import type { DecodedTransaction } from '../executor/decode.ts';
import { decodeSignedTransaction } from '../executor/decode.ts';
import { readAccount, SUPPLY_TABLE_HANDLE } from '../framework/assets.ts';
import { ForkDiskCache } from '../fork/diskCache.ts';
import { ForkMiss, ForkState, isFrameworkAddress } from '../fork/forkState.ts';
import type { ForkProgress } from '../fork/upstream.ts';
import { SIGNED_TRANSACTION_BCS, Upstream } from '../fork/upstream.ts';
import type { TraceMode } from '../executor/trace.ts';
import type { MoveTrace } from '../move/vm/traceTypes.ts';
import type { ForkPoint, Ledger } from '../storage/ledger.ts';
import type { ForkReads } from './blockProducer.ts';
import type { TableItemValue } from '../storage/types.ts';
import { admit, simulateTransaction } from './admission.ts';
import type { TransactionHistory } from './history.ts';
import { notFound } from './history.ts';
import type { Reexecution, ReexecuteRequest } from './reexecute.ts';
import { executeAt } from './reexecute.ts';
import { simulatedJson } from './render.ts';

type JsonObject = { [key: string]: Json };

export type { ForkProgress } from '../fork/upstream.ts';

/** `startLocalnet({ fork })`: the upstream's REST URL and the version to fork at (default: its latest). */
export interface ForkOptions {
  url: string;
  version?: bigint | number | string;
  /** Progress of the upstream reads: requests, bytes, keys, and waits after a 429. */
  onProgress?: (progress: ForkProgress) => void;
  /** Retries after a 429 (default 8) and the first backoff without `Retry-After` (250 ms). */
  maxRetries?: number;
  backoffMs?: number;
  /** Keep what was read in this directory (one file per upstream URL), for later forks of it. */
  cacheDir?: string;
}

/** An opened fork: where it reads from and the fork point. */
export interface Fork {
  url: string;
  version: number;
  blockHeight: number;
  chainId: number;
  state: ForkState;
  point: ForkPoint;
}

/** `CoinInfo<AptosCoin>`'s supply item is read natively as a number (a u128 in BCS upstream). */
function decodeKnownTable(item: TableItemValue): TableItemValue {
  if (item.handle !== SUPPLY_TABLE_HANDLE) return item;
  const bytes = Buffer.from(item.value.slice(2), 'hex');
  let value = 0n;
  for (let i = bytes.length - 1; i >= 0; i -= 1) value = (value << 8n) | BigInt(bytes[i] ?? 0);
  return { ...item, keyType: 'address', valueType: 'u128', decodedValue: value.toString() };
}

/**
 * What names an upstream chain for the disk cache: its URL, chain id and block 1's hash (a local
 * chain restarted at the same URL is another chain; a node that pruned block 1 is named without).
 */
async function chainIdentity(upstream: Upstream, chainId: number): Promise<string> {
  let first = '';
  try {
    const block = (await upstream.json('/blocks/by_height/1')) as { block_hash?: string } | null;
    first = block?.block_hash ?? '';
  } catch (error) {
    if (!(error instanceof NodeError) || error.code !== 'version_pruned') throw error;
  }
  return `${upstream.url}|${chainId}|${first}`;
}

/**
 * Opens a fork: reads the upstream's ledger info and the block holding the fork version. A
 * version past the upstream's latest, or older than what it keeps, is refused with what to do.
 */
export async function openFork(options: ForkOptions): Promise<Fork> {
  const upstream = new Upstream(options.url, {
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
    ...(options.backoffMs === undefined ? {} : { backoffMs: options.backoffMs }),
  });
  const info = (await upstream.json('')) as {
    chain_id: number;
    ledger_version: string;
    oldest_ledger_version: string;
  } | null;
  if (info === null)
    throw new NodeError({
      code: 'internal_error',
      message: `${upstream.url} is not an Aptos node's REST API`,
    });
  const latest = BigInt(info.ledger_version);
  const version = options.version === undefined ? latest : BigInt(options.version);
  if (version > latest) {
    throw new NodeError({
      code: 'version_not_found',
      message: `Cannot fork ${upstream.url} at version ${version}: its latest version is ${latest}`,
    });
  }
  if (version < BigInt(info.oldest_ledger_version)) {
    throw new NodeError({
      code: 'version_pruned',
      message: `Cannot fork ${upstream.url} at version ${version}: it has pruned everything before version ${info.oldest_ledger_version}. Fork at a newer version, or use an archive node, which keeps every version`,
    });
  }
  const block = (await upstream.json(`/blocks/by_version/${version}`)) as {
    block_height: string;
    block_hash: `0x${string}`;
    block_timestamp: string;
  } | null;
  if (block === null)
    throw notFound('block_not_found', `Block not found by Ledger version(${version})`);
  const disk =
    options.cacheDir === undefined
      ? null
      : new ForkDiskCache(options.cacheDir, await chainIdentity(upstream, info.chain_id));
  const state = new ForkState(upstream, decodeKnownTable, disk);
  return {
    url: upstream.url,
    version: Number(version),
    blockHeight: Number(block.block_height),
    chainId: info.chain_id,
    state,
    point: {
      version: Number(version),
      blockHeight: Number(block.block_height),
      timestamp: BigInt(block.block_timestamp),
      hash: block.block_hash,
      state,
    },
  };
}

/**
 * The framework functions a replayed transaction ran natively on this chain, where the upstream
 * ran its own framework bytecode (which may differ): the call tracer's frames of kind `native` at
 * framework addresses (std natives included, which a node runs natively too); without a trace,
 * the payload's entry function when it is a framework function.
 */
export function nativeFrameworkCalls(tx: DecodedTransaction, trace?: MoveTrace): string[] {
  if (trace !== undefined) {
    const names = trace.frames
      .filter(
        (frame) =>
          frame.kind === 'native' && isFrameworkAddress(frame.function.split('::')[0] ?? ''),
      )
      .map((frame) => frame.function);
    return [...new Set(names)];
  }
  const entry = tx.entry;
  if (entry === null || !isFrameworkAddress(entry.module)) return [];
  return [
    `0x${entry.module.slice(2).replace(/^0+/, '') || '0'}::${entry.moduleName}::${entry.functionName}`,
  ];
}

/** A transaction's signed bytes from upstream, or what it is when it is not a user transaction. */
async function fetchSigned(upstream: Upstream, version: number): Promise<Uint8Array | string> {
  const answer = await upstream.bcs(`/transactions/by_version/${version}`, {
    accept: `${SIGNED_TRANSACTION_BCS}, application/x-bcs`,
  });
  if (answer === null)
    throw notFound('transaction_not_found', `Transaction not found by Ledger version(${version})`);
  if (answer.contentType.startsWith(SIGNED_TRANSACTION_BCS)) return answer.bytes;
  if (answer.contentType.startsWith('application/x-bcs')) {
    // A node's `TransactionData::OnChain(TransactionOnChainData { version, transaction, … })`.
    const d = new Deserializer(answer.bytes);
    if (d.deserializeUleb128AsU32() !== 0) return 'pending';
    d.deserializeU64();
    if (d.deserializeUleb128AsU32() !== 0) return 'not a user transaction';
    return SignedTransaction.deserialize(d).bcsToBytes();
  }
  const json = JSON.parse(Buffer.from(answer.bytes).toString('utf8')) as { type?: string };
  return json.type ?? 'unknown';
}

/**
 * `POST /workbench/reexecute` at a version up to the fork point: the upstream's transaction (or
 * the given one) on the upstream's state as of `version − 1`, at its block's timestamp.
 */
export function reexecuteUpstream(
  request: ReexecuteRequest,
  chain: { ledger: Ledger; fork: Fork; chainId: number },
  options: { trace?: TraceMode } = {},
): Reexecution {
  const target = Number(request.version);
  if (target === 0) {
    throw new NodeError({
      code: 'invalid_input',
      message: 'Version 0 is genesis: nothing runs before it; give a later version',
    });
  }
  const { state: fork } = chain.fork;
  // Both asked for at once: one round of upstream reads, not two.
  const block = fork.peek(`b|${target}`, () =>
    fork.upstream.json(`/blocks/by_version/${target}`),
  ) as { block_height: string; block_timestamp: string } | null | undefined;
  const signed =
    'transaction' in request
      ? request.transaction
      : fork.peek(`x|${target}`, () => fetchSigned(fork.upstream, target));
  if (block === undefined || signed === undefined) throw new ForkMiss(`version ${target}`);
  if (block === null)
    throw notFound('version_not_found', `Ledger version not found by Ledger version(${target})`);
  if (typeof signed === 'string') {
    throw new NodeError({
      code: 'invalid_input',
      message: `Version ${target} upstream is ${signed}, not a user transaction: give a user transaction's version, or a transaction to run there`,
    });
  }
  const tx = 'transaction' in request ? admit(signed) : decodeSignedTransaction(signed);
  const timestamp = BigInt(block.block_timestamp);
  const state = chain.ledger.reader(target - 1);
  // Traced always: the trace's native frames are the framework functions to warn about.
  const output = executeAt({
    state,
    timestamp,
    chainId: chain.chainId,
    tx,
    recorded: !('transaction' in request),
    trace: options.trace ?? 'calls',
  });
  return {
    transaction: simulatedJson(tx, output, target, timestamp, state),
    gasUsed: output.gasUsed,
    blockHeight: Number(block.block_height),
    nativeFramework: nativeFrameworkCalls(tx, output.trace),
    ...(options.trace === undefined || output.trace === undefined ? {} : { trace: output.trace }),
  };
}

/** The history reads the node answers from (`TransactionHistory`, or a fork's `ForkHistory`). */
export type HistoryReads = Pick<
  TransactionHistory,
  'byVersion' | 'list' | 'ofAccount' | 'blockByHeight' | 'blockByVersion'
>;

/**
 * History on a fork: up to the fork point the upstream's, read and cached (transactions by
 * version and hash, blocks, lists, an account's transactions), joined with the local history
 * after it.
 */
export class ForkHistory implements HistoryReads {
  constructor(
    private readonly fork: Fork,
    private readonly local: TransactionHistory,
    private readonly ledger: Ledger,
  ) {}

  private get(path: string): Json | null {
    const { state } = this.fork;
    return state.need(`h|${path}`, () => state.upstream.json(path)) as Json | null;
  }

  byVersion(version: bigint): JsonObject {
    if (version > BigInt(this.fork.version)) return this.local.byVersion(version);
    const json = this.get(`/transactions/by_version/${version}`);
    if (json === null)
      throw notFound(
        'transaction_not_found',
        `Transaction not found by Ledger version(${version})`,
      );
    return json as JsonObject;
  }

  /** A transaction found upstream by hash (committed at or before the fork point). */
  upstreamByHash(hash: string): JsonObject | undefined {
    const json = this.get(`/transactions/by_hash/${hash}`) as JsonObject | null;
    if (
      json === null ||
      typeof json.version !== 'string' ||
      BigInt(json.version) > BigInt(this.fork.version)
    )
      return undefined;
    return json;
  }

  private block(path: string, withTransactions: boolean): JsonObject {
    const json = this.get(`${path}?with_transactions=${withTransactions}`);
    if (json === null) throw notFound('block_not_found', `Block not found by ${path}`);
    return json as JsonObject;
  }

  blockByHeight(height: bigint, withTransactions: boolean): JsonObject {
    return height > BigInt(this.fork.blockHeight)
      ? this.local.blockByHeight(height, withTransactions)
      : this.block(`/blocks/by_height/${height}`, withTransactions);
  }

  blockByVersion(version: bigint, withTransactions: boolean): JsonObject {
    return version > BigInt(this.fork.version)
      ? this.local.blockByVersion(version, withTransactions)
      : this.block(`/blocks/by_version/${version}`, withTransactions);
  }

  /** `limit` transactions from `start`: upstream's up to the fork point, then the local ones. */
  list(options: { start?: bigint; limit?: number }): JsonObject[] {
    const limit = options.limit ?? 25;
    const start = Number(options.start ?? BigInt(Math.max(0, this.ledger.version - limit + 1)));
    const out: JsonObject[] = [];
    if (start <= this.fork.version) {
      const count = Math.min(limit, this.fork.version - start + 1);
      out.push(
        ...((this.get(`/transactions?start=${start}&limit=${count}`) ?? []) as JsonObject[]),
      );
    }
    const rest = limit - out.length;
    if (rest > 0)
      out.push(
        ...this.local.list({ start: BigInt(Math.max(start, this.fork.version + 1)), limit: rest }),
      );
    return out;
  }

  /**
   * An account's transactions: the ones it sent upstream (as many as its sequence number at the
   * fork point), then the local ones, as one list paged by `start`.
   */
  ofAccount(address: LongAddress, options: { start?: bigint; limit?: number }): JsonObject[] {
    const before = readAccount(this.ledger.reader(this.fork.version), address);
    const upstreamCount = before === null ? 0 : Number(before.data.sequence_number as string);
    const limit = options.limit ?? 25;
    const total = upstreamCount + this.ledger.versionsOfSender(address).length;
    const start = options.start === undefined ? Math.max(0, total - limit) : Number(options.start);
    const out: JsonObject[] = [];
    if (start < upstreamCount) {
      const count = Math.min(limit, upstreamCount - start);
      const path = `/accounts/${address}/transactions?start=${start}&limit=${count}`;
      out.push(...((this.get(path) ?? []) as JsonObject[]));
    }
    const rest = limit - out.length;
    if (rest > 0)
      out.push(
        ...this.local.ofAccount(address, {
          start: BigInt(Math.max(0, start - upstreamCount)),
          limit: rest,
        }),
      );
    return out;
  }
}

const NO_ESTIMATES = {
  estimateGasUnitPrice: false,
  estimateMaxGasAmount: false,
  estimatePrioritizedGasUnitPrice: false,
};

/**
 * Reads the upstream state transactions touch before they enter the mempool (a dry run on the
 * latest state, its result dropped), so their block rarely waits for upstream. An upstream
 * failure refuses the submission.
 */
export async function prefetch(
  fork: Fork,
  txs: DecodedTransaction[],
  ledger: Ledger,
  context: { nowMicros: bigint; chainId: number },
): Promise<void> {
  await fork.state.settle(() => {
    for (const tx of txs) {
      try {
        simulateTransaction(tx, ledger.reader(), NO_ESTIMATES, context);
      } catch {
        // Refused: admission says why, with the state now read.
      }
    }
  });
}

/**
 * How block production reads a fork's upstream state (`BlockProducer`'s `stall`); a transaction
 * whose state could not be read is remembered in `unreadable`, which lookups by hash answer.
 */
export function forkReads(fork: Fork, unreadable: Map<string, NodeError>): ForkReads {
  return {
    misses: () => fork.state.misses,
    fetch: () => fork.state.fetchPending(),
    unreadable: (tx, error) => {
      const reason = error instanceof Error ? error.message : String(error);
      unreadable.set(
        tx.hash,
        new NodeError({
          code: 'internal_error',
          message: `Transaction ${tx.hash} was not committed: the state it needs could not be read from upstream. ${reason}`,
        }),
      );
    },
  };
}
