import type {
  CollectedSignature,
  CommittedResult,
  SignatureResult,
  SignerSlot,
  SimulationResult,
  WalletRequestStatus,
} from './types';

/** The vocabulary of outcome classification: steps, target states, sources and details. */

/** The step whose result is being classified; each is one named actor of the transaction machine. */
export type OutcomeStep =
  'build' | 'simulate' | 'sign' | 'signAndSubmit' | 'submit' | 'wait' | 'lookup';

/** The transaction machine state a result leads to (DESIGN.md names). */
export type ClassifiedState =
  | 'built'
  | 'buildError'
  | 'simulated.success'
  | 'simulated.failure'
  | 'simulationError'
  | 'signed'
  | 'rejected'
  | 'pending'
  | 'submitRejected'
  | 'committed'
  | 'failed'
  | 'timedOut'
  | 'expired';

/** What an actor produced: its output when it resolved, or what it threw / rejected with. */
export type Produced = { output: unknown } | { error: unknown };

/** Who gave the verdict. */
export type OutcomeSource = 'chain' | 'node' | 'transport' | 'wallet' | 'sdk';

/**
 * The details a classification keeps, all JSON-safe. `summary` says what happened and what to do
 * next; the other fields are copied from what the SDK, node or wallet produced.
 */
export interface OutcomeDetails {
  summary: string;
  source: OutcomeSource;
  /** Transaction hash, when known. */
  hash?: string;
  /** Ledger version of a committed transaction (u64 string). */
  version?: string;
  /** VM status of an executed or simulated transaction. */
  vmStatus?: string;
  /** Gas units used (u64 string). */
  gasUsed?: string;
  /** HTTP status of the node's answer. */
  httpStatus?: number;
  /** The node's `error_code`, e.g. `vm_error`, `mempool_is_full`. */
  errorCode?: string;
  /** The node's `vm_error_code`, e.g. 3. */
  vmErrorCode?: number;
  /** The name of `vm_error_code`, e.g. `SEQUENCE_NUMBER_TOO_OLD`. */
  vmErrorName?: string;
  /** The wallet request status, upper-cased. */
  walletStatus?: WalletRequestStatus;
  /** The original error message, trimmed. */
  cause?: string;
  /** Set when the chain had not seen the hash and the expiration time has not passed yet. */
  notSeenYet?: boolean;
  /** The chain's clock (µs) when it last answered about this transaction. */
  ledgerTimestampUsec?: string;
  /** The signer a wallet answer came from, for transactions with more than one. */
  signer?: SignerSlot;
}

/** A signature as the signer reported it, with what the signer said about itself. */
export type ClassifiedSignature = SignatureResult &
  Partial<Pick<CollectedSignature, 'address' | 'keyType' | 'signatureCount' | 'verified'>>;

/** The verdict: which state to go to, the details to keep, and the data the state carries. */
export interface Classification {
  state: ClassifiedState;
  details: OutcomeDetails;
  simulation?: SimulationResult;
  signature?: ClassifiedSignature;
  committed?: CommittedResult;
  /** Hash of a transaction that reached the node (for `pending`). */
  hash?: string;
}

/** Arguments of {@link classifyOutcome}. */
export interface ClassifyArgs {
  step: OutcomeStep;
  produced: Produced;
  /** Expiration of the transaction (u64 seconds string), needed to tell `expired` on lookup. */
  expirationTimestampSecs?: string | null;
  /** Node URL, named in transport messages. */
  nodeUrl?: string | null;
  /** The signer a `sign` step asked (transactions with more than one signer). */
  signer?: SignerSlot;
  /** Every signer the transaction needs, to explain the node's refusals of multi-signer ones. */
  signers?: SignerSlot[];
  /** The signatures collected (and submitted) so far. */
  signatures?: CollectedSignature[];
}
