import { Deserializer, SignedTransaction, type UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { toHex } from '../chainActors';
import { diffExecutions, type DiffRow, type ExecutionFacts } from './executionDiff';
import { factsOf } from './resimulate';

/**
 * Replaying a real transaction on a fork (issue 34), for the app and the CLI: a fork of the
 * transaction's network opened by the embedded chain (`POST /workbench/forks`), the transaction
 * re-executed there on the state just before it (`POST /workbench/reexecute`), and compared with
 * what the network committed.
 */

/** Upstream reads of a fork so far, as `GET /workbench/forks` lists them. */
export interface ForkReadProgress {
  requests: number;
  bytes: number;
  /** State values (resources, modules, table items) read. */
  keys: number;
  /** Set while the fork waits after a 429. */
  rate_limited?: { attempt: number; wait_ms: number };
}

/** A fork the embedded chain opened. */
export interface ForkHandle {
  id: string;
  /** The upstream REST URL. */
  url: string;
  /** The fork point: the upstream version its state is read at (a decimal string). */
  version: string;
  /** The fork's REST URL (`…/v1`). */
  rest: string;
  chain_id: number;
  progress: ForkReadProgress;
}

/** Why a fork or a replay on it failed, with what would help. */
export type ForkReplayErrorCode =
  | 'version_pruned'
  | 'rate_limited'
  | 'unreachable'
  | 'no_fork_control'
  | 'sender_absent'
  | 'failed';

export class ForkReplayError extends Error {
  override readonly name = 'ForkReplayError';
  readonly code: ForkReplayErrorCode;
  /** What to do about it, in a sentence. */
  readonly hint: string;

  constructor(code: ForkReplayErrorCode, message: string, hint: string) {
    super(message);
    this.code = code;
    this.hint = hint;
  }
}

const HINTS: Record<ForkReplayErrorCode, string> = {
  version_pruned:
    'The upstream has pruned that state: use an archive node (it keeps every version), or replay a newer transaction.',
  rate_limited:
    'The upstream kept answering 429 (rate limited) after backing off: wait a minute and try again, or use a node without a rate limit.',
  unreachable:
    'The upstream node did not answer: check its URL and that it is reachable from the embedded chain.',
  no_fork_control:
    'Forks are opened by the workbench’s embedded chain (npm start or npm run localnet): start it.',
  sender_absent:
    'Give an account that existed at that version (its sequence number is read there), or leave the sender as committed.',
  failed: 'The fork answered an error: its message says why.',
};

const origin = (url: string) => url.replace(/\/+$/, '').replace(/\/v1$/, '');

async function answer(
  response: Response,
): Promise<{ json: unknown; field: (name: string) => string | null }> {
  const json: unknown = await response.json().catch(() => null);
  const field = (name: string) =>
    typeof json === 'object' && json !== null && name in json
      ? String((json as Record<string, unknown>)[name])
      : null;
  return { json, field };
}

/** The error a failed fork answer means: 410 pruned, 429 rate limited, 500 not answering. */
function failure(status: number, message: string | null, what: string): ForkReplayError {
  const text = message ?? `HTTP ${status}`;
  if (status === 410) return new ForkReplayError('version_pruned', text, HINTS.version_pruned);
  if (status === 429) return new ForkReplayError('rate_limited', text, HINTS.rate_limited);
  if (/did not answer|not an Aptos node/.test(text))
    return new ForkReplayError('unreachable', text, HINTS.unreachable);
  return new ForkReplayError('failed', `${what} failed: ${text}`, HINTS.failed);
}

async function post(
  fetcher: typeof fetch,
  url: string,
  body: unknown,
  what: string,
): Promise<{ response: Response; json: unknown; field: (name: string) => string | null }> {
  let response: Response;
  try {
    response = await fetcher(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new ForkReplayError(
      'no_fork_control',
      `Cannot reach ${origin(url)} (${error instanceof Error ? error.message : String(error)})`,
      HINTS.no_fork_control,
    );
  }
  const { json, field } = await answer(response);
  if (response.status === 404 && field('error_code') === null) {
    throw new ForkReplayError(
      'no_fork_control',
      `${origin(url)} has no ${new URL(url).pathname}: it is not the workbench’s embedded chain`,
      HINTS.no_fork_control,
    );
  }
  if (!response.ok) throw failure(response.status, field('message'), what);
  return { response, json, field };
}

/**
 * Asks the embedded chain at `chainUrl` for a fork of `upstreamUrl` at `version` (or the one it
 * already has there).
 *
 * @example
 * ```ts
 * const fork = await openFork({ chainUrl: 'http://127.0.0.1:8080/v1',
 *   upstreamUrl: 'https://api.mainnet.aptoslabs.com/v1', version: '123456' });
 * ```
 */
export async function openFork(args: {
  chainUrl: string;
  upstreamUrl: string;
  version: string;
  fetch?: typeof fetch;
}): Promise<ForkHandle> {
  const { json } = await post(
    args.fetch ?? fetch,
    `${origin(args.chainUrl)}/workbench/forks`,
    { url: args.upstreamUrl, version: args.version },
    `Forking ${args.upstreamUrl} at version ${args.version}`,
  );
  return json as ForkHandle;
}

/** The forks the embedded chain has open, with their upstream reads so far. */
export async function listForks(args: {
  chainUrl: string;
  fetch?: typeof fetch;
}): Promise<ForkHandle[]> {
  const response = await (args.fetch ?? fetch)(`${origin(args.chainUrl)}/workbench/forks`);
  if (!response.ok) throw failure(response.status, null, 'Listing the forks');
  return (await response.json()) as ForkHandle[];
}

/** What a re-execution on a fork produced. */
export interface ForkReexecution {
  transaction: UserTransactionResponse;
  facts: ExecutionFacts;
  /**
   * The framework functions the fork ran natively where the upstream ran its own bytecode (they
   * may differ from the upstream's code).
   */
  nativeFramework: string[];
}

/**
 * Re-executes the upstream's transaction at `version` on the fork (on the upstream's state just
 * before it), or `transaction` (simulation bytes) at that state.
 */
export async function reexecuteOnFork(args: {
  forkUrl: string;
  version: string;
  transaction?: Uint8Array;
  fetch?: typeof fetch;
}): Promise<ForkReexecution> {
  const body: { version: string; transaction?: string } = { version: args.version };
  if (args.transaction !== undefined) body.transaction = toHex(args.transaction);
  const { response, json } = await post(
    args.fetch ?? fetch,
    `${origin(args.forkUrl)}/workbench/reexecute`,
    body,
    `Re-execution at version ${args.version}`,
  );
  const transaction = Array.isArray(json)
    ? (json[0] as UserTransactionResponse | undefined)
    : undefined;
  if (transaction === undefined) {
    throw new ForkReplayError('failed', 'The fork answered no transaction.', HINTS.failed);
  }
  const native = response.headers.get('x-workbench-native-framework') ?? '';
  return {
    transaction,
    facts: factsOf(transaction),
    nativeFramework: native === '' ? [] : native.split(','),
  };
}

/** The signed transaction at `version` from a node, as a node answers it in BCS. */
export async function fetchSignedTransaction(args: {
  nodeUrl: string;
  version: string;
  fetch?: typeof fetch;
}): Promise<SignedTransaction> {
  const response = await (args.fetch ?? fetch)(
    `${args.nodeUrl.replace(/\/+$/, '')}/transactions/by_version/${args.version}`,
    { headers: { accept: 'application/x.aptos.signed_transaction+bcs, application/x-bcs' } },
  );
  if (!response.ok) throw failure(response.status, null, `Reading version ${args.version}`);
  const type = response.headers.get('content-type') ?? '';
  const bytes = new Uint8Array(await response.arrayBuffer());
  const d = new Deserializer(bytes);
  if (type.startsWith('application/x-bcs')) {
    // A node's TransactionData::OnChain(TransactionOnChainData { version, transaction, … }).
    if (
      d.deserializeUleb128AsU32() !== 0 ||
      (d.deserializeU64(), d.deserializeUleb128AsU32()) !== 0
    )
      throw new ForkReplayError(
        'failed',
        `Version ${args.version} is not a user transaction.`,
        HINTS.failed,
      );
  } else if (!type.startsWith('application/x.aptos.signed_transaction+bcs')) {
    throw new ForkReplayError(
      'failed',
      `Version ${args.version} is not a user transaction.`,
      HINTS.failed,
    );
  }
  return SignedTransaction.deserialize(d);
}

/** An account as it was at a version: what another sender needs to send there. */
export interface AccountAtVersion {
  /** A decimal string. */
  sequenceNumber: string;
  authenticationKey: string;
}

/**
 * The account at `address` as of `ledgerVersion` (the state a fix runs on), read from the fork's
 * REST API; `null` when it has no account there.
 */
export async function accountAtVersion(args: {
  forkUrl: string;
  address: string;
  ledgerVersion: string;
  fetch?: typeof fetch;
}): Promise<AccountAtVersion | null> {
  // The resource, not /accounts/{address}: a node answers that one for any address, as if it existed.
  const url = `${origin(args.forkUrl)}/v1/accounts/${args.address}/resource/0x1::account::Account?ledger_version=${args.ledgerVersion}`;
  let response: Response;
  try {
    response = await (args.fetch ?? fetch)(url);
  } catch (error) {
    throw new ForkReplayError(
      'no_fork_control',
      `Cannot reach ${origin(args.forkUrl)} (${error instanceof Error ? error.message : String(error)})`,
      HINTS.no_fork_control,
    );
  }
  const { json, field } = await answer(response);
  if (response.status === 404 && /^(resource|account)_not_found$/.test(field('error_code') ?? ''))
    return null;
  if (!response.ok)
    throw failure(response.status, field('message'), `Reading account ${args.address}`);
  const account = (json as { data: { sequence_number: string; authentication_key: string } }).data;
  return {
    sequenceNumber: account.sequence_number,
    authenticationKey: account.authentication_key,
  };
}

/** Another sender that had no account at `ledgerVersion`, the state a fix runs on. */
export function absentSenderError(address: string, ledgerVersion: string): ForkReplayError {
  return new ForkReplayError(
    'sender_absent',
    `${address} has no account at version ${ledgerVersion}, the state the fix runs on.`,
    HINTS.sender_absent,
  );
}

/** A replay compared with what the network committed. */
export interface ForkComparison {
  rows: DiffRow[];
  identical: boolean;
}

/**
 * Compares a re-execution with the committed transaction: status, gas, events, balance changes
 * and write set (History's execution diff).
 */
export function compareWithCommitted(args: {
  committed: UserTransactionResponse;
  replayed: ExecutionFacts;
  /** The replay's sender when a fix sent it from another account. */
  sender?: string;
}): ForkComparison {
  const rows = diffExecutions({
    original: factsOf(args.committed),
    now: args.replayed,
    sender: args.committed.sender,
    ...(args.sender === undefined ? {} : { nowSender: args.sender }),
  });
  return { rows, identical: rows.every((row) => row.same) };
}

/** "12.3 kB": a byte count for progress lines. */
export function bytesText(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** One line of a fork's reads: "41 state values read in 8 requests (12.3 kB)". */
export function progressText(progress: ForkReadProgress): string {
  const base = `${progress.keys} state value${progress.keys === 1 ? '' : 's'} read in ${progress.requests} request${progress.requests === 1 ? '' : 's'} (${bytesText(progress.bytes)})`;
  const limited = progress.rate_limited;
  return limited === undefined
    ? base
    : `${base}; rate limited (429): backing off ${limited.wait_ms} ms, attempt ${limited.attempt}`;
}

/** The warning that goes with the native framework list. */
export const NATIVE_FRAMEWORK_WARNING =
  'These framework functions ran natively on the fork, where the upstream ran its own framework bytecode: their results may differ from the upstream’s code.';
