import { Ed25519PublicKey, type Aptos, type UserTransactionResponse } from '@aptos-labs/ts-sdk';
import {
  needsRebuild,
  type JsonValue,
  type TransactionDraft,
  type WorkbenchRun,
} from '../machines';
import { buildFromDraft, transactionFromHex } from '../chainActors';
import type { ExecutionFacts } from './executionDiff';

/** How a re-simulation was made. */
export type ResimulationMode = 'sameBytes' | 'draft';

/** What re-simulating a run now produced. */
export interface Resimulation {
  /** `sameBytes`: the recorded raw transaction; `draft`: built again from the draft. */
  mode: ResimulationMode;
  facts: ExecutionFacts;
  /** Why the recorded bytes were not used, when they were not. */
  note: string | null;
}

type JsonObject = { [key: string]: JsonValue };
const isObject = (value: JsonValue | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The sender's Ed25519 public key, from a recorded simulation or committed transaction. */
export function recordedPublicKey(record: WorkbenchRun): Ed25519PublicKey | undefined {
  for (const answer of record.replay?.answers ?? []) {
    if (!('output' in answer)) continue;
    const outputs = Array.isArray(answer.output) ? answer.output : [answer.output];
    for (const output of outputs) {
      const signature = isObject(output) ? output.signature : undefined;
      if (isObject(signature) && signature.type === 'ed25519_signature') {
        const key = signature.public_key;
        if (typeof key === 'string') return new Ed25519PublicKey(key);
      }
    }
  }
  return undefined;
}

/** The facts of an SDK simulation result. */
export function factsOf(response: UserTransactionResponse): ExecutionFacts {
  return {
    success: response.success,
    vmStatus: response.vm_status,
    gasUsed: response.gas_used,
    gasUnitPrice: response.gas_unit_price,
    events: response.events as unknown as JsonValue[],
    changes: response.changes as unknown as JsonValue[],
  };
}

/**
 * Kind 3, re-simulate now: simulates the recorded raw transaction against the chain as it is now
 * where the chain still accepts those bytes, else the same draft built afresh (new sequence
 * number and expiration). Nothing is signed or submitted.
 *
 * @param args.aptos - a client for the network to ask.
 * @param args.record - the run to re-simulate.
 * @param args.draft - a modified draft to try instead of the record's (always built afresh).
 * @param args.now - the clock for a fresh build's expiration (ms).
 * @returns the new facts and how they were obtained.
 */
export async function resimulate(args: {
  aptos: Aptos;
  record: WorkbenchRun;
  draft?: TransactionDraft;
  now?: () => number;
}): Promise<Resimulation> {
  const { aptos, record } = args;
  const signerPublicKey = recordedPublicKey(record);
  const simulate = async (hex: string) => {
    const [response] = await aptos.transaction.simulate.simple({
      transaction: transactionFromHex(hex),
      ...(signerPublicKey ? { signerPublicKey } : {}),
    });
    return response;
  };
  let note: string | null = null;
  if (!args.draft && record.chain.rawTransactionHex) {
    try {
      const response = await simulate(record.chain.rawTransactionHex);
      // Stale bytes say nothing about how the transaction would run now: build it again.
      if (!needsRebuild(response.vm_status)) {
        return { mode: 'sameBytes', facts: factsOf(response), note: null };
      }
      note = `The chain no longer accepts the recorded bytes (${response.vm_status}); the draft was built again.`;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!needsRebuild(message)) throw error;
      note = `The chain no longer accepts the recorded bytes (${/[A-Z_]{6,}/.exec(message)?.[0] ?? message}); the draft was built again.`;
    }
  }
  const transaction = await buildFromDraft(
    aptos,
    args.draft ?? record.draft,
    (args.now ?? Date.now)(),
  );
  const [response] = await aptos.transaction.simulate.simple({
    transaction,
    ...(signerPublicKey ? { signerPublicKey } : {}),
  });
  return { mode: 'draft', facts: factsOf(response), note };
}
