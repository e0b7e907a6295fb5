import {
  generateSignedTransactionForSimulation,
  RawTransaction,
  SimpleTransaction,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import type { WorkbenchRun } from '../machines';
import { toHex, transactionFromHex } from '../chainActors';
import type { ExecutionFacts } from './executionDiff';
import { factsOf, recordedPublicKey } from './resimulate';

/** What a re-execution at the original version produced. */
export interface Reexecution {
  /** `recorded`: the committed transaction itself; `modified`: the draft changed at that version. */
  mode: 'recorded' | 'modified';
  /** The ledger version it ran at (the state just before it). */
  version: string;
  facts: ExecutionFacts;
}

/** Changes a modified draft may make at the original version ("what if I had sent more gas then"). */
export interface AtVersionChanges {
  /** Max gas units, a decimal string. */
  maxGasAmount?: string;
  /** Gas unit price in octas, a decimal string. */
  gasUnitPrice?: string;
}

/** The chain answered that it has no re-execution route: not the embedded chain. */
export class ReexecuteUnavailableError extends Error {
  override readonly name = 'ReexecuteUnavailableError';
}

const DECIMAL = /^[0-9]{1,20}$/;

/**
 * Why a run cannot be re-executed at its version from the browser, or `null` when it can: it
 * must have committed, on the local network (the embedded chain).
 */
export function atVersionUnavailable(record: WorkbenchRun): string | null {
  if (record.chain.version === null) {
    return 'The run never committed, so it has no version to re-execute at.';
  }
  if (record.network.name !== 'local') {
    return `Re-execution at a version needs the embedded local chain; this run is on ${record.network.name}.`;
  }
  return null;
}

/**
 * The recorded transaction with the changes, as simulation bytes (signature zeroed, as the SDK
 * simulates): the same sender, sequence number, payload and expiration, so it is valid exactly
 * where the original was.
 */
export function modifiedTransactionBytes(
  record: WorkbenchRun,
  changes: AtVersionChanges,
): Uint8Array {
  const hex = record.chain.rawTransactionHex;
  if (hex === null) throw new Error('The run has no recorded raw transaction to modify.');
  for (const [name, value] of Object.entries(changes)) {
    if (value !== undefined && !DECIMAL.test(value)) {
      throw new Error(`${name} must be a whole number (decimal digits), got "${value}".`);
    }
  }
  const recorded = transactionFromHex(hex);
  const raw = recorded.rawTransaction;
  const changed = new RawTransaction(
    raw.sender,
    raw.sequence_number,
    raw.payload,
    changes.maxGasAmount === undefined ? raw.max_gas_amount : BigInt(changes.maxGasAmount),
    changes.gasUnitPrice === undefined ? raw.gas_unit_price : BigInt(changes.gasUnitPrice),
    raw.expiration_timestamp_secs,
    raw.chain_id,
  );
  const signerPublicKey = recordedPublicKey(record);
  if (signerPublicKey === undefined) {
    throw new Error(
      'The run recorded no public key of its sender, so the draft cannot be simulated.',
    );
  }
  return generateSignedTransactionForSimulation({
    transaction: new SimpleTransaction(changed, recorded.feePayerAddress),
    signerPublicKey,
  });
}

/**
 * Kind 3 at the original version, on the embedded chain: `POST /workbench/reexecute` rebuilds
 * the state just before the run's committed version from the chain's log, in a scratch chain,
 * and runs the recorded transaction there (or, with `changes`, the same transaction modified).
 * The live chain is not touched. With no changes the result must equal the committed one.
 *
 * @param args.record - a run that committed on the local chain (`chain.version` set).
 * @param args.nodeUrl - the full node URL (ending in `/v1`); the record's by default.
 * @param args.changes - fields to change, for "try a modified draft at that version".
 * @param args.fetch - the fetch to use (tests); the global one by default.
 * @throws ReexecuteUnavailableError when the node has no such route (not the embedded chain).
 */
export async function reexecuteAtVersion(args: {
  record: WorkbenchRun;
  nodeUrl?: string;
  changes?: AtVersionChanges;
  fetch?: typeof fetch;
}): Promise<Reexecution> {
  const { record } = args;
  const version = record.chain.version;
  if (version === null) {
    throw new Error('The run never committed, so it has no version to re-execute at.');
  }
  const nodeUrl = args.nodeUrl ?? record.network.nodeUrl;
  const origin = nodeUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  const body: { version: string; transaction?: string } = { version };
  const modified = args.changes !== undefined && Object.keys(args.changes).length > 0;
  if (modified) body.transaction = toHex(modifiedTransactionBytes(record, args.changes ?? {}));
  const response = await (args.fetch ?? fetch)(`${origin}/workbench/reexecute`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json().catch(() => null);
  const field = (name: string) =>
    typeof json === 'object' && json !== null && name in json
      ? String((json as Record<string, unknown>)[name])
      : null;
  if (response.status === 404 && field('error_code') !== 'version_not_found') {
    throw new ReexecuteUnavailableError(
      `${origin} has no /workbench/reexecute: re-execution at a version needs the workbench's embedded chain (npm run localnet).`,
    );
  }
  if (!response.ok) {
    throw new Error(
      `Re-execution at version ${version} failed: ${field('message') ?? `HTTP ${response.status}`}`,
    );
  }
  const transaction = Array.isArray(json)
    ? (json[0] as UserTransactionResponse | undefined)
    : undefined;
  if (transaction === undefined) throw new Error('The chain answered no transaction.');
  return { mode: modified ? 'modified' : 'recorded', version, facts: factsOf(transaction) };
}
