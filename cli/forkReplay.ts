import {
  AccountAddress,
  AptosConfig,
  fetchEntryFunctionAbi,
  Network,
  type TransactionPayload,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
// The one file of cli/ that loads the chain: a fork runs in this process (eslint.config.js).
import { startLocalnet } from '../localnet/index.ts';
import type { DiffRow } from '../replay/executionDiff';
import { toHex } from '../chainActors';
import type { DraftArgument } from '../machines';
import { draftArgument } from '../replay/forkRun';
import {
  argumentsWithReplacements,
  entryPayloadWithArguments,
  modifiedSignedTransaction,
  type ForkChanges,
} from '../replay/forkFix';
import {
  absentSenderError,
  accountAtVersion,
  bytesText,
  compareWithCommitted,
  fetchSignedTransaction,
  ForkReplayError,
  NATIVE_FRAMEWORK_WARNING,
  reexecuteOnFork,
} from '../replay/forkReplay';
import { fetchMoveTrace } from '../replay/moveTrace';
import { traceTreeLines } from '../replay/moveTraceText';
import { UsageError } from './options';

const HASH = /^0x[0-9a-fA-F]{64}$/;
const VERSION = /^[0-9]{1,20}$/;

/** A fix to try after the replay: `--max-gas`, `--gas-price`, `--sender`, `--arg i=value`. */
export interface CliFix {
  maxGas?: string;
  gasPrice?: string;
  sender?: string;
  args?: string[];
}

/**
 * The fix's flags checked before anything is forked: whole numbers, an address in the app's
 * relaxed form (0x and 1 to 64 hex digits, or 64 hex digits), `i=value` replacements.
 *
 * @returns `null` when no fix flag was given.
 * @throws UsageError saying which flag is wrong and what to write.
 */
export function checkFix(fix: CliFix): CliFix | null {
  const checked: CliFix = {};
  for (const [flag, value, key] of [
    ['--max-gas', fix.maxGas, 'maxGas'],
    ['--gas-price', fix.gasPrice, 'gasPrice'],
  ] as const) {
    if (value === undefined) continue;
    if (!VERSION.test(value))
      throw new UsageError(`${flag} ${value}: a whole number (decimal digits), e.g. 200000.`);
    checked[key] = value;
  }
  if (fix.sender !== undefined) {
    const text = /^[0-9a-fA-F]{64}$/.test(fix.sender) ? `0x${fix.sender}` : fix.sender;
    if (!/^0x[0-9a-fA-F]{1,64}$/.test(text))
      throw new UsageError(
        `--sender ${fix.sender}: an address is 0x followed by 1 to 64 hex digits (0-9, a-f), e.g. 0x1 or 0xb0b; short forms are padded with zeros.`,
      );
    checked.sender = AccountAddress.fromString(text, { maxMissingChars: 63 }).toStringLong();
  }
  if (fix.args !== undefined && fix.args.length > 0) {
    for (const arg of fix.args)
      if (!/^[0-9]+=/.test(arg))
        throw new UsageError(`--arg ${arg}: write i=value, e.g. --arg 1=5000 (i from 0).`);
    checked.args = fix.args;
  }
  return Object.keys(checked).length === 0 ? null : checked;
}

/** "max gas 200000, sender 0x…": what a fix changes, for its heading. */
function fixText(changes: ForkChanges): string {
  return [
    changes.maxGasAmount === undefined ? null : `max gas ${changes.maxGasAmount}`,
    changes.gasUnitPrice === undefined ? null : `gas price ${changes.gasUnitPrice}`,
    changes.functionArguments === undefined
      ? null
      : `arguments ${JSON.stringify(changes.functionArguments)}`,
    changes.sender === undefined
      ? null
      : `sender ${changes.sender} (sequence number ${changes.sequenceNumber ?? '?'})`,
  ]
    .filter((part) => part !== null)
    .join(', ');
}

/** The committed transaction by hash or version, from the upstream node. */
async function committedTransaction(
  nodeUrl: string,
  ref: string,
): Promise<UserTransactionResponse> {
  const path = HASH.test(ref) ? `by_hash/${ref.toLowerCase()}` : `by_version/${ref}`;
  let response: Response;
  try {
    response = await fetch(`${nodeUrl}/transactions/${path}`);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    throw new ForkReplayError(
      'unreachable',
      `The upstream node ${nodeUrl} did not answer (${cause instanceof Error ? cause.message : String(cause)})`,
      'Check its URL, and that it is an Aptos node’s REST API (…/v1) reachable from here.',
    );
  }
  const json = (await response.json().catch(() => null)) as {
    type?: string;
    message?: string;
  } | null;
  if (!response.ok || json === null) {
    throw new ForkReplayError(
      response.status === 410 ? 'version_pruned' : 'failed',
      `${nodeUrl} has no transaction ${ref}: ${json?.message ?? `HTTP ${response.status}`}`,
      response.status === 410
        ? 'The node has pruned it: use an archive node, which keeps every version.'
        : 'Check the hash and the network it was sent on.',
    );
  }
  if (json.type !== 'user_transaction') {
    throw new ForkReplayError(
      'failed',
      `${ref} is a ${json.type ?? 'pending'} transaction, not a committed user transaction: only those replay.`,
      'Give a committed user transaction’s hash.',
    );
  }
  return json as unknown as UserTransactionResponse;
}

/** Prints a diff as `=`/`≠` per aspect with `-`/`+` lines. */
function printRows(rows: DiffRow[], out: (line: string) => void): void {
  for (const row of rows) {
    out(`  ${row.same ? '=' : '≠'} ${row.aspect}`);
    if (row.same) continue;
    for (const line of row.original) out(`      - ${line}`);
    for (const line of row.now) out(`      + ${line}`);
  }
}

/**
 * Re-executes the committed transaction changed by `fix` on the same fork at the same state and
 * prints its comparison with the committed result (which does not change the exit code).
 */
async function tryFix(args: {
  nodeUrl: string;
  forkUrl: string;
  committed: UserTransactionResponse;
  fix: CliFix;
  trace: boolean;
  out: (line: string) => void;
}): Promise<void> {
  const { committed, fix, out } = args;
  const version = committed.version;
  const stateVersion = String(BigInt(version) - 1n);
  const changes: ForkChanges = {
    ...(fix.maxGas === undefined ? {} : { maxGasAmount: fix.maxGas }),
    ...(fix.gasPrice === undefined ? {} : { gasUnitPrice: fix.gasPrice }),
  };
  const signed = await fetchSignedTransaction({ nodeUrl: args.nodeUrl, version });
  let payload: TransactionPayload | undefined;
  if (fix.args !== undefined) {
    const entry = committed.payload as {
      type?: string;
      function?: `${string}::${string}::${string}`;
      type_arguments?: string[];
      arguments?: unknown[];
    };
    if (entry.type !== 'entry_function_payload' || entry.function === undefined)
      throw new UsageError(`--arg: ${committed.hash} does not call an entry function.`);
    let functionArguments: DraftArgument[];
    try {
      functionArguments = argumentsWithReplacements(
        (entry.arguments ?? []).map(draftArgument),
        fix.args,
      );
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    const [address = '', module = '', name = ''] = entry.function.split('::');
    payload = entryPayloadWithArguments({
      function: entry.function,
      typeArguments: entry.type_arguments ?? [],
      functionArguments,
      abi: await fetchEntryFunctionAbi(
        address,
        module,
        name,
        // Only its module is read, from fullnode: CUSTOM would print a note on stdout.
        new AptosConfig({ network: Network.LOCAL, fullnode: args.nodeUrl }),
      ),
    });
    changes.functionArguments = functionArguments;
  }
  let sender: { address: string; sequenceNumber: string } | undefined;
  if (fix.sender !== undefined) {
    const account = await accountAtVersion({
      forkUrl: args.forkUrl,
      address: fix.sender,
      ledgerVersion: stateVersion,
    });
    if (account === null) throw absentSenderError(fix.sender, stateVersion);
    sender = { address: fix.sender, sequenceNumber: account.sequenceNumber };
    changes.sender = fix.sender;
    changes.sequenceNumber = account.sequenceNumber;
  }
  let bytes: Uint8Array;
  try {
    bytes = modifiedSignedTransaction(
      signed,
      {
        ...(changes.maxGasAmount === undefined ? {} : { maxGasAmount: changes.maxGasAmount }),
        ...(changes.gasUnitPrice === undefined ? {} : { gasUnitPrice: changes.gasUnitPrice }),
      },
      payload,
      sender,
    );
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  out(`fix: ${fixText(changes)}, re-executed on the same state (version ${stateVersion})`);
  const result = await reexecuteOnFork({ forkUrl: args.forkUrl, version, transaction: bytes });
  const { rows } = compareWithCommitted({
    committed,
    replayed: result.facts,
    ...(changes.sender === undefined ? {} : { sender: changes.sender }),
  });
  printRows(rows, out);
  out(
    `fix: ${result.facts.success ? 'success' : 'failure'} (${result.facts.vmStatus}), gas used ${result.facts.gasUsed}; compared above with the committed result (- committed, + with the fix); the exit code is the replay's`,
  );
  if (args.trace) {
    const trace = await fetchMoveTrace(args.forkUrl, { version, transaction: toHex(bytes) });
    for (const line of traceTreeLines(trace)) out(line);
  }
}

/**
 * `tx-workbench replay --fork <url> <hash>`: forks `url` in process at the transaction's version
 * (its state read just before it), re-executes it with its original signature, and prints the
 * comparison with what the network committed.
 *
 * @returns whether the replay was identical (exit 0) or not (exit 1).
 * @throws ForkReplayError when the upstream cannot be forked or read (exit 2).
 */
export async function replayOnFork(args: {
  url: string;
  ref: string;
  trace: boolean;
  fix?: CliFix;
  out: (line: string) => void;
  err: (line: string) => void;
}): Promise<boolean> {
  const { out, err } = args;
  if (!HASH.test(args.ref) && !VERSION.test(args.ref)) {
    throw new UsageError(
      `"${args.ref}" is not a transaction hash (0x and 64 hex digits) or a ledger version.`,
    );
  }
  let nodeUrl: string;
  try {
    nodeUrl = new URL(args.url).href.replace(/\/+$/, '');
  } catch {
    throw new UsageError(`--fork ${args.url}: give the node's REST URL, e.g. https://…/v1.`);
  }
  const fix = checkFix(args.fix ?? {});
  const committed = await committedTransaction(nodeUrl, args.ref);
  const version = committed.version;
  out(`${committed.hash}: committed at version ${version} on ${nodeUrl} (${committed.vm_status})`);
  const fork = await startLocalnet({
    ephemeral: true,
    ports: 'auto',
    blockTimeMs: 0,
    fork: {
      url: nodeUrl,
      version,
      onProgress: (progress) => {
        if (progress.rateLimited !== undefined) {
          err(
            `  rate limited (429): backing off ${progress.rateLimited.waitMs} ms (attempt ${progress.rateLimited.attempt})`,
          );
        }
      },
    },
  }).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    throw new ForkReplayError(
      /pruned/.test(message)
        ? 'version_pruned'
        : /did not answer/.test(message)
          ? 'unreachable'
          : 'failed',
      message,
      /pruned/.test(message)
        ? 'Use an archive node (it keeps every version), or a newer transaction.'
        : 'The upstream must be an Aptos node’s REST API that holds that version.',
    );
  });
  try {
    out(
      `forked at version ${version}; re-executing it on the state of version ${BigInt(version) - 1n}`,
    );
    const replayed = await reexecuteOnFork({ forkUrl: fork.urls.rest, version });
    const { rows, identical } = compareWithCommitted({ committed, replayed: replayed.facts });
    printRows(rows, out);
    const reads = fork.node.fork?.state.upstream.progress ?? { requests: 0, bytes: 0, keys: 0 };
    out(
      `  upstream reads: ${reads.keys} state values in ${reads.requests} requests (${bytesText(reads.bytes)})`,
    );
    if (replayed.nativeFramework.length > 0) {
      out(`  framework functions run natively (${replayed.nativeFramework.length}):`);
      for (const name of replayed.nativeFramework) out(`    ${name}`);
      out(`  ${NATIVE_FRAMEWORK_WARNING}`);
    }
    out(identical ? 'identical to the committed result' : 'DIFFERS from the committed result');
    if (args.trace) {
      for (const line of traceTreeLines(await fetchMoveTrace(fork.urls.rest, { version })))
        out(line);
    }
    if (fix !== null) await tryFix({ nodeUrl, forkUrl: fork.urls.rest, committed, fix, ...args });
    return identical;
  } finally {
    await fork.stop();
  }
}
