/**
 * Plain-data types shared by the machines, the run record and the actors that feed them.
 *
 * Everything here survives `JSON.stringify` unchanged: u64/u128 amounts are decimal strings, BCS
 * travels as `0x` hex strings, and nothing is a class instance or a `bigint`.
 */

/** Any value that survives a JSON round trip unchanged. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The network a run talks to, as the run record stores it. */
export interface NetworkInfo {
  /** `local`, `devnet`, `testnet`, `mainnet` or a custom name. */
  name: string;
  /** Chain id the transactions are built for; `null` when not known yet. */
  chainId: number | null;
  /** Full-node REST URL, e.g. `http://127.0.0.1:8080/v1`. */
  nodeUrl: string;
}

/**
 * One entry function argument as the draft holds it: strings for numbers and addresses (u64 and
 * wider never lose precision), booleans, and nested arrays for vectors.
 */
export type DraftArgument = string | boolean | null | DraftArgument[];

/** An entry function payload in its JSON form. */
export interface EntryFunctionDraft {
  /** Fully qualified function, `0x1::aptos_account::transfer`. */
  function: `${string}::${string}::${string}`;
  /** Type arguments as Move type tags, e.g. `0x1::aptos_coin::AptosCoin`. */
  typeArguments: string[];
  /** Arguments in the order of the function's parameters (after `&signer`). */
  functionArguments: DraftArgument[];
}

/** Options of a draft; every field is optional and the SDK's default applies when absent. */
export interface DraftOptions {
  /** Max gas units, decimal string (u64). */
  maxGasAmount?: string;
  /** Octas per gas unit, decimal string (u64). */
  gasUnitPrice?: string;
  /** Seconds from build time until the transaction expires. */
  expirationSecs?: number;
  /** Sequence number to use instead of the account's current one, decimal string (u64). */
  sequenceNumber?: string;
  /** How long `waitForTransaction` waits before the run lands in `timedOut`. */
  waitTimeoutSecs?: number;
}

/**
 * Who signs a transaction: `simple` (the sender alone), `sponsored` (a fee payer pays the gas),
 * `multiAgent` (secondary signers too), or `multiAgentSponsored` (both).
 */
export type TransactionKind = 'simple' | 'sponsored' | 'multiAgent' | 'multiAgentSponsored';

/** What the user composes: who sends, what to call, and how. */
export interface TransactionDraft {
  /** Sender account address, `0x…`. */
  sender: string;
  payload: EntryFunctionDraft;
  options: DraftOptions;
  /** Who signs; absent means `simple`. */
  kind?: TransactionKind;
  /** Secondary signer addresses, in order (multi-agent kinds only). */
  secondarySigners?: string[];
  /**
   * The fee payer's address (sponsored kinds only); `null` means the fee payer signs later: the
   * transaction is built and signed by the others with `0x0` as fee payer, as the protocol allows.
   */
  feePayer?: string | null;
}

/** The role of one signer of a transaction. */
export type SignerRole = 'sender' | 'secondary' | 'feePayer';

/** One signature a transaction needs, in signing order: sender, secondary signers, fee payer. */
export interface SignerSlot {
  role: SignerRole;
  /** The account that must sign; `null` for a fee payer that signs later (any account may). */
  address: string | null;
  /** Position among the transaction's signers (0 is the sender). */
  index: number;
}

/** A signature collected during `signing`, for one {@link SignerSlot}. */
export interface CollectedSignature extends SignatureResult {
  role: SignerRole;
  /** The account that signed (for a fee payer that signed later, the one that did). */
  address: string;
  index: number;
  /** `ed25519`, `multiEd25519`, `singleKey`, `multiKey` (the account authenticator's variant). */
  keyType?: string;
  /** Signatures inside the authenticator (k of a k-of-n account; 1 otherwise). */
  signatureCount?: number;
  /** Whether the signer's signature verified against the transaction where it was made. */
  verified?: boolean;
}

/**
 * How the connected signer works: `sign` signs and lets the workbench submit; `signAndSubmit` is a
 * wallet that only offers sign-and-submit, so the run goes `signing` → `pending` directly.
 */
export type SigningMode = 'sign' | 'signAndSubmit';

/** Status of a wallet request, as the wallet standard reports it (upper-cased). */
export type WalletRequestStatus = 'APPROVED' | 'REJECTED' | 'CANCELLED' | 'INVALID' | 'PENDING';

/** A built raw transaction (output of `buildTransaction`). */
export interface BuiltTransaction {
  /** BCS of the SDK's `SimpleTransaction` (raw transaction plus optional fee payer), `0x` hex. */
  rawTransactionHex: string;
  sender: string;
  /** u64 decimal strings, as the chain will see them. */
  sequenceNumber: string;
  maxGasAmount: string;
  gasUnitPrice: string;
  expirationTimestampSecs: string;
  chainId: number;
  /** Absent means `simple`; the hex then holds a `MultiAgentTransaction` for multi-agent kinds. */
  kind?: TransactionKind;
  /** The signatures it needs, in signing order; absent means the sender alone. */
  signers?: SignerSlot[];
  /** The fee payer address in the built transaction (`0x0` while the fee payer signs later). */
  feePayerAddress?: string | null;
}

/** The outcome of a simulation, from the SDK's simulated user transaction. */
export interface SimulationResult {
  success: boolean;
  vmStatus: string;
  gasUsed: string;
  gasUnitPrice: string | null;
  events: JsonValue[];
  changes: JsonValue[];
  /** The account that paid the fee: the fee payer of a sponsored transaction, else the sender. */
  feePaidBy?: string;
}

/** What `signTransaction` produced: an approval with the signature, or the wallet's refusal. */
export type SignOutput =
  | {
      status: 'APPROVED';
      /** BCS of the `AccountAuthenticator`, `0x` hex. */
      authenticatorHex: string;
      /** Transaction hash computed by the signer, when it can (`0x` hex). */
      hash: string | null;
      /** The account that signed, when the signer says (a fee payer that signs later must). */
      address?: string;
      keyType?: string;
      signatureCount?: number;
      verified?: boolean;
    }
  | { status: Exclude<WalletRequestStatus, 'APPROVED'>; message?: string };

/** What `signAndSubmitTransaction` produced: the pending hash, or the wallet's refusal. */
export type SignAndSubmitOutput =
  | { status: 'APPROVED'; hash: string }
  | { status: Exclude<WalletRequestStatus, 'APPROVED'>; message?: string };

/** A signature the workbench holds before submitting. */
export interface SignatureResult {
  authenticatorHex: string;
  hash: string | null;
}

/** A transaction the chain executed (committed), as the run keeps it. */
export interface CommittedResult {
  hash: string;
  version: string;
  success: boolean;
  vmStatus: string;
  gasUsed: string;
  events: JsonValue[];
  changes: JsonValue[];
  /** The account that paid the fee: the fee payer of a sponsored transaction, else the sender. */
  feePaidBy?: string;
}

/**
 * What `lookupTransaction` produced when asking the chain by hash: the SDK's transaction response
 * (pending or committed), or the node's 404 with the chain's clock at that moment.
 */
export type LookupOutput<TTransaction = unknown> =
  | { status: 'found'; transaction: TTransaction }
  | {
      status: 'notFound';
      /** The chain's clock (`ledger_timestamp`, µs, decimal string) when the node said 404. */
      ledgerTimestampUsec: string | null;
    };

/** A wallet request the run made and how the wallet answered it. */
export interface WalletRequestRecord {
  request: 'signTransaction' | 'signAndSubmitTransaction';
  status: WalletRequestStatus | null;
  attempt: number;
  /** Which signer the request asked, for transactions with more than one. */
  signer?: SignerSlot;
}
