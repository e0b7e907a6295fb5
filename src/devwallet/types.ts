import type { DevWalletNetwork, DevWalletNetworkName } from './networks';

/** How the wallet answers requests: ask the person, or answer at once (demos, browser tests). */
export type ApprovalPolicy = 'prompt' | 'auto-approve' | 'auto-reject';

/**
 * Status of a wallet request, with the same names the remote wallets and the workbench machines
 * use. The standard's `UserResponse` only knows Approved and Rejected, so REJECTED, CANCELLED and
 * INVALID all answer `{ status: 'Rejected' }` and are told apart here.
 */
export type DevWalletRequestStatus = 'APPROVED' | 'REJECTED' | 'CANCELLED' | 'INVALID' | 'PENDING';

/** The five kinds of request that go through approval. */
export type DevWalletRequestKind =
  'connect' | 'signTransaction' | 'signAndSubmitTransaction' | 'signMessage' | 'changeNetwork';

/** What the person decides in the prompt. */
export type ApprovalDecision = 'APPROVED' | 'REJECTED' | 'CANCELLED';

/** How an account's key came to the wallet. */
export type DevWalletAccountOrigin =
  'generated' | 'privateKey' | 'mnemonic' | 'multiEd25519' | 'multiKey';

/** The keys of a multi-Ed25519 or multi-key account, as the wallet shows them (public data). */
export interface DevWalletAccountKeys {
  /** Signatures needed: the account signs with this many of its keys. */
  readonly threshold: number;
  /** Each key's scheme, in the account's order. */
  readonly schemes: readonly ('Ed25519' | 'Secp256k1')[];
}

/** An account as the wallet shows it: public data only, never the key. */
export interface DevWalletAccount {
  /** Account address, `0x` + 64 hex. Also the account's id. */
  readonly address: string;
  /** Public key, `0x` hex (Ed25519, or the BCS of a multi-Ed25519 or multi-key public key). */
  readonly publicKey: string;
  readonly name: string;
  readonly origin: DevWalletAccountOrigin;
  /** The path the key was derived at, for accounts imported from a recovery phrase. */
  readonly derivationPath?: string;
  /** Whether the key is kept in browser storage (added on local, devnet or testnet). */
  readonly persisted: boolean;
  /** For multi-Ed25519 and multi-key accounts: the threshold and the key schemes. */
  readonly keys?: DevWalletAccountKeys;
}

/** One argument of a transaction payload, made readable. */
export interface ArgumentSummary {
  /** Parameter name when the function is a well-known one (`to`, `amount`). */
  readonly name?: string;
  /** Move type when known (`address`, `u64`). */
  readonly type?: string;
  /** Decoded value (integers as decimal strings), or the argument's BCS bytes as `0x` hex. */
  readonly value: string;
  /** The amount in APT (`1.5 APT`) when the argument is the octas an APT transfer moves. */
  readonly apt?: string;
}

/** A transaction, made readable for the approval prompt. Amounts are decimal strings. */
export interface TransactionSummary {
  readonly sender: string;
  readonly sequenceNumber: string;
  readonly payloadType: 'entryFunction' | 'script' | 'multisig' | 'other';
  /** `0x1::aptos_account::transfer` for entry functions. */
  readonly function?: string;
  readonly typeArguments: readonly string[];
  readonly arguments: readonly ArgumentSummary[];
  readonly maxGasAmount: string;
  readonly gasUnitPrice: string;
  /** max gas amount × gas unit price, in octas. */
  readonly maxFee: string;
  readonly expirationTimestampSecs: string;
  /** Expiration as an ISO 8601 time. */
  readonly expiration: string;
  readonly chainId: number;
  readonly feePayer?: string;
  readonly secondarySigners: readonly string[];
}

/**
 * What the wallet's own simulation of a transaction said, shown in both signing prompts (as Petra
 * does): a failure is a warning, `unavailable` says why there is no outcome.
 */
export type SimulationOutcome =
  | {
      readonly status: 'success' | 'failure';
      readonly vmStatus: string;
      readonly gasUsed: string;
    }
  | { readonly status: 'unavailable'; readonly reason: string };

/** The readable summary of a request, by kind. */
export type DevWalletRequestSummary =
  | {
      readonly kind: 'connect';
      readonly application: string;
      /** The account that will be shared; `null` when approving creates the first account. */
      readonly account: string | null;
      readonly accountName: string;
      readonly network: DevWalletNetwork;
    }
  | {
      readonly kind: 'signTransaction' | 'signAndSubmitTransaction';
      /** Our account that signs. */
      readonly signer: string;
      readonly signerRole: 'sender' | 'feePayer' | 'secondarySigner';
      /** For a multi-Ed25519 or multi-key signer: the keys it signs with to reach its threshold. */
      readonly signerKeys?: string;
      /**
       * The most this signer may pay in fees, in octas (max gas amount × gas unit price): the fee
       * payer's, or the sender's when there is none; `0` for everyone else.
       */
      readonly signerMaxFee?: string;
      readonly transaction: TransactionSummary;
      /** The node a sign-and-submit request is sent to. */
      readonly submitTo?: string;
      /** The wallet's simulation, once it ran (valid requests only). */
      readonly simulation?: SimulationOutcome;
    }
  | {
      readonly kind: 'signMessage';
      readonly signer: string;
      readonly message: string;
      readonly nonce: string;
      readonly address?: string;
      readonly application?: string;
      readonly chainId?: number;
      readonly fullMessage: string;
    }
  | {
      readonly kind: 'changeNetwork';
      readonly from: DevWalletNetwork;
      readonly to: DevWalletNetwork;
    };

/**
 * One request in the wallet's request log (and, while PENDING, in the approval queue). Plain
 * JSON: it never holds key material.
 */
export interface DevWalletRequestRecord {
  /** `req-1`, `req-2`, … in the order requests arrived. */
  readonly id: string;
  readonly kind: DevWalletRequestKind;
  readonly status: DevWalletRequestStatus;
  /** Why it ended the way it did, for everything but a plain approval. */
  readonly reason?: string;
  /** When the request arrived (ISO 8601). */
  readonly time: string;
  /** When it was settled (ISO 8601). */
  readonly settledAt?: string;
  /** Missing only when the request was too malformed to summarise. */
  readonly summary?: DevWalletRequestSummary;
  /** Transaction hash of an approved sign-and-submit. */
  readonly hash?: string;
  /** What failed after approval (e.g. the node refused the submission). */
  readonly error?: string;
}

/**
 * An app the person approved on one network. The wallet connects it again without a prompt (after
 * a reload, or when the app remounts its adapter) until it disconnects, as real wallets do.
 */
export interface ApprovedApp {
  /** The app's origin, e.g. `http://127.0.0.1:5173`. */
  readonly application: string;
  readonly network: DevWalletNetworkName;
  readonly chainId: number;
}

/** Everything the wallet shows, as one immutable value (new object on each change). */
export interface DevWalletSnapshot {
  readonly accounts: readonly DevWalletAccount[];
  readonly activeAccount: DevWalletAccount | null;
  readonly network: DevWalletNetwork;
  /** Whether an app holds an approved connection. */
  readonly connected: boolean;
  /** Apps approved before, per network (kept in the key store with the keys). */
  readonly approvedApps: readonly ApprovedApp[];
  readonly policy: ApprovalPolicy;
  /** Requests waiting for a decision, oldest first. */
  readonly pending: readonly DevWalletRequestRecord[];
  /** Settled and pending requests, oldest first (bounded). */
  readonly requestLog: readonly DevWalletRequestRecord[];
  /** Whether keys added now would be kept in browser storage. */
  readonly persistsNewKeys: boolean;
  /** A storage problem (unreadable saved state, storage full), explained. */
  readonly storageError?: string;
}

/** Events the wallet emits for the app and the wallet machine. */
export type DevWalletEvent =
  | { readonly type: 'request.settled'; readonly request: DevWalletRequestRecord }
  | { readonly type: 'account.changed'; readonly account: DevWalletAccount | null }
  | { readonly type: 'network.changed'; readonly network: DevWalletNetwork }
  | {
      readonly type: 'connection.changed';
      readonly connected: boolean;
      /** `wallet` when the person disconnected inside the wallet, `app` when the app asked. */
      readonly initiator: 'app' | 'wallet';
    };
