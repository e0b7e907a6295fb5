import type { UserTransactionResponse } from '@aptos-labs/ts-sdk';
import {
  emptyTiming,
  RUN_RECORD_SCHEMA_VERSION,
  type DraftArgument,
  type ForkReplayFacts,
  type JsonValue,
  type WorkbenchRun,
} from '../machines';
import type { ExecutionFacts } from './executionDiff';
import type { ForkComparison } from './forkReplay';

/** Where a committed transaction was replayed: its network and the fork. */
export interface ForkRunPlace {
  /** The network's name (`local`, `mainnet`, a custom URL). */
  networkName: string;
  chainId: number | null;
  /** The upstream node's REST URL. */
  upstream: string;
  forkVersion: string;
}

/** A JSON argument as a draft holds it: numbers as decimal strings, objects as their JSON. */
export function draftArgument(value: unknown): DraftArgument {
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(draftArgument);
  return JSON.stringify(value);
}

/** The draft a committed transaction was: its entry function (a script shows as `script`). */
function draftOf(
  tx: UserTransactionResponse,
  changes: ForkReplayFacts['changes'],
): WorkbenchRun['draft'] {
  const payload = tx.payload as {
    type?: string;
    function?: string;
    type_arguments?: string[];
    arguments?: unknown[];
  };
  const entry = payload.type === 'entry_function_payload' && typeof payload.function === 'string';
  return {
    sender: changes?.sender ?? tx.sender,
    payload: {
      function: (entry
        ? payload.function
        : `0x0::${payload.type ?? 'script'}::main`) as `${string}::${string}::${string}`,
      typeArguments: entry ? (payload.type_arguments ?? []) : [],
      functionArguments: entry
        ? (changes?.functionArguments ?? (payload.arguments ?? []).map(draftArgument))
        : [],
    },
    options: {
      maxGasAmount: changes?.maxGasAmount ?? tx.max_gas_amount,
      gasUnitPrice: changes?.gasUnitPrice ?? tx.gas_unit_price,
      sequenceNumber: changes?.sequenceNumber ?? tx.sequence_number,
    },
  };
}

/**
 * A run record for History of a replay on a fork: the network and version it ran at, the fork's
 * result as the run's chain facts, and how it compared with the committed transaction. It has no
 * transitions: no machine ran it.
 *
 * @example
 * ```ts
 * await store.putRun(forkRun({ id, startedAt: Date.now(), committed, replayed, comparison,
 *   place, mode: 'recorded', nativeFramework }));
 * ```
 */
export function forkRun(args: {
  id: string;
  startedAt: number;
  /** The run this one retries (a fix tried after a replay), or `null`. */
  retryOf?: string | null;
  committed: UserTransactionResponse;
  replayed: ExecutionFacts;
  comparison: ForkComparison;
  place: ForkRunPlace;
  mode: ForkReplayFacts['mode'];
  changes?: ForkReplayFacts['changes'];
  nativeFramework: string[];
}): WorkbenchRun {
  const { committed, replayed, comparison, place, mode } = args;
  const changes = args.changes !== undefined && Object.keys(args.changes).length > 0;
  const differences = comparison.rows.filter((row) => !row.same).map((row) => row.aspect);
  const summary =
    mode === 'recorded'
      ? `Replayed on a fork of ${place.networkName} at version ${committed.version}: ${comparison.identical ? 'identical to the committed result' : `differs from the committed result (${differences.join(', ')})`}.`
      : `The same transaction changed (${Object.entries(args.changes ?? {})
          .map(([name, value]) =>
            // A long address in a summary would be redacted as if it were a key: shortened.
            name === 'sender' && typeof value === 'string'
              ? `sender ${value.slice(0, 6)}…${value.slice(-4)}`
              : `${name} ${typeof value === 'string' ? value : JSON.stringify(value)}`,
          )
          .join(
            ', ',
          )}) on a fork of ${place.networkName} at version ${committed.version}: ${replayed.success ? 'success' : 'failure'}, ${replayed.vmStatus}.`;
  const state = replayed.success ? ('committed' as const) : ('failed' as const);
  return {
    schemaVersion: RUN_RECORD_SCHEMA_VERSION,
    id: args.id,
    retryOf: args.retryOf ?? null,
    attempt: args.retryOf ? 2 : 1,
    network: { name: place.networkName, chainId: place.chainId, nodeUrl: place.upstream },
    draft: draftOf(committed, changes ? args.changes : undefined),
    startedAt: args.startedAt,
    transitions: [],
    droppedTransitions: 0,
    chain: {
      built: null,
      rawTransactionHex: null,
      simulation: null,
      hash: mode === 'recorded' ? committed.hash : null,
      version: committed.version,
      success: replayed.success,
      vmStatus: replayed.vmStatus,
      gasUsed: replayed.gasUsed,
      events: replayed.events as JsonValue[],
      changes: replayed.changes as JsonValue[],
    },
    walletRequests: [],
    // No step of the machine ran it: `lookup`, the step that reads a committed transaction.
    outcome: {
      step: 'lookup',
      state,
      details: {
        summary,
        source: 'chain',
        ...(mode === 'recorded' ? { hash: committed.hash } : {}),
        version: committed.version,
        vmStatus: replayed.vmStatus,
        gasUsed: replayed.gasUsed,
      },
    },
    state,
    tags: [],
    timing: emptyTiming(),
    forkReplay: {
      upstream: place.upstream,
      forkVersion: place.forkVersion,
      version: committed.version,
      hash: committed.hash,
      mode,
      ...(changes ? { changes: args.changes } : {}),
      identical: comparison.identical,
      ...(differences.length > 0 ? { differences } : {}),
      nativeFramework: args.nativeFramework,
    },
  };
}
