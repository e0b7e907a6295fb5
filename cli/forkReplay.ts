import type { UserTransactionResponse } from '@aptos-labs/ts-sdk';
// The one file of cli/ that loads the chain: a fork runs in this process (eslint.config.js).
import { startLocalnet } from '../localnet/index.ts';
import type { DiffRow } from '../replay/executionDiff';
import {
  bytesText,
  compareWithCommitted,
  ForkReplayError,
  NATIVE_FRAMEWORK_WARNING,
  reexecuteOnFork,
} from '../replay/forkReplay';
import { fetchMoveTrace } from '../replay/moveTrace';
import { traceTreeLines } from '../replay/moveTraceText';
import { UsageError } from './options';

const HASH = /^0x[0-9a-fA-F]{64}$/;
const VERSION = /^[0-9]{1,20}$/;

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
    return identical;
  } finally {
    await fork.stop();
  }
}
