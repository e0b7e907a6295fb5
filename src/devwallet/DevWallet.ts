import {
  AccountAddress,
  Ed25519Account,
  MultiAgentTransaction,
  type AccountAuthenticator,
  type AnyRawTransaction,
  type SimpleTransaction,
} from '@aptos-labs/ts-sdk';
import {
  AccountInfo,
  AptosWalletError,
  AptosWalletErrorCode,
  UserResponseStatus,
  type AptosChangeNetworkOutput,
  type AptosSignAndSubmitTransactionInput,
  type AptosSignAndSubmitTransactionOutput,
  type AptosSignMessageInput,
  type AptosSignMessageOutput,
  type AptosWallet,
  type NetworkInfo,
  type UserResponse,
} from '@aptos-labs/wallet-standard';
import { errorMessage } from '../errors/errorMessage';
import { isApprovalPolicy } from './approvalPolicy';
import { createSdkChainClient, fetchChainIdWithSdk, type CreateChainClient } from './chainClient';
import { DEFAULT_DERIVATION_PATH, DEFAULT_FUND_AMOUNT, REQUEST_LOG_LIMIT } from './constants';
import { createStandardWallet } from './createStandardWallet';
import { DevWalletError } from './DevWalletError';
import { deriveAccount, parsePrivateKey } from './keys';
import { createMemoryKeyStore, type DevWalletKeyStore, type PersistedAccount } from './keyStore';
import {
  faucetRefusal,
  isMainnet,
  isPersistentNetwork,
  LOCAL_NETWORK,
  networkLabel,
  resolveNetwork,
  toNetworkInfo,
  type DevWalletNetwork,
  type DevWalletNetworkInput,
} from './networks';
import { buildFullMessage, expirationToIso, summarizeTransaction } from './summaries';
import type {
  ApprovalDecision,
  ApprovalPolicy,
  DevWalletAccount,
  DevWalletAccountOrigin,
  DevWalletEvent,
  DevWalletRequestKind,
  DevWalletRequestRecord,
  DevWalletRequestStatus,
  DevWalletRequestSummary,
  DevWalletSnapshot,
  NetworkSummary,
} from './types';

/** Options of {@link createDevWallet}; every one has a default. */
export interface DevWalletOptions {
  /** Where keys persist between reloads. Defaults to memory (nothing survives a reload). */
  keyStore?: DevWalletKeyStore;
  /** How requests are answered. Defaults to `prompt`. */
  policy?: ApprovalPolicy;
  /** Starting network; defaults to the saved one, else the local chain (chain id 4). */
  network?: DevWalletNetwork;
  /** Builds the node client for a network; defaults to the ts-sdk. */
  createChainClient?: CreateChainClient;
  /** Reads a node's chain id when switching to devnet or a custom node without one. */
  fetchChainId?: (nodeUrl: string) => Promise<number>;
  /** Clock in milliseconds (request times, expiration checks). Defaults to `Date.now`. */
  now?: () => number;
  /** The requesting app's origin, for connect summaries and signed messages. */
  application?: () => string;
}

/** The reason every signing request on mainnet ends INVALID. */
export const MAINNET_REFUSAL =
  'The dev wallet never signs for mainnet (chain id 1): its keys sit unencrypted in this page and its storage, so they must not control real funds. Use a real wallet for mainnet, or switch the dev wallet to local, devnet or testnet.';

const NOT_CONNECTED =
  'The app is not connected to the dev wallet. Connect first (and approve the connection), then retry.';

const NAME_MAX_LENGTH = 40;

type Prepared<C> =
  | { readonly invalid: string; readonly summary?: DevWalletRequestSummary }
  | {
      readonly invalid?: undefined;
      readonly summary: DevWalletRequestSummary;
      readonly context: C;
      /** Settle as APPROVED without asking, with this reason. */
      readonly skipPrompt?: string;
    };

interface TransactionContext {
  readonly signerAddress: string;
  readonly chainId: number;
}

/** Calls back into app code without letting its errors break the wallet; they surface as uncaught. */
function callSafely(callback: () => void): void {
  try {
    callback();
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

function networkSummary(network: DevWalletNetwork): NetworkSummary {
  return { name: network.name, chainId: network.chainId, url: network.nodeUrl };
}

function rejected(): UserResponse<never> {
  return { status: UserResponseStatus.REJECTED };
}

/**
 * The in-page dev wallet: several Ed25519 accounts, a current network, an approval queue and a
 * request log. It implements the AIP-62 features as methods; {@link DevWallet.standardWallet} is
 * the object to register so the wallet adapter sees it like a browser extension.
 *
 * Private keys live only in a private field and in the key store: snapshots, events, the request
 * log and `toJSON` carry public data only.
 *
 * Rejections: the standard's `UserResponse` has no CANCELLED or INVALID, so REJECTED, CANCELLED
 * and INVALID all answer `{ status: 'Rejected' }` (the adapter turns that into the string
 * "User has rejected the request"); the request log entry, the `request.settled` event and
 * {@link DevWallet.lastRequest} tell them apart and give the reason.
 *
 * @example
 * ```ts
 * const wallet = createDevWallet({ keyStore: createLocalStorageKeyStore() });
 * wallet.generateAccount({ name: 'Alice' });
 * registerDevWallet({ wallet });
 * ```
 */
export class DevWallet {
  readonly #signers = new Map<string, Ed25519Account>();
  #accounts: DevWalletAccount[] = [];
  #activeAddress: string | null = null;
  #network: DevWalletNetwork;
  #connected = false;
  #policy: ApprovalPolicy;
  readonly #waiting = new Map<string, (decision: ApprovalDecision, reason: string) => void>();
  #log: DevWalletRequestRecord[] = [];
  #storageError: string | undefined;
  #accountChangeCallback: ((account: AccountInfo) => void) | undefined;
  #networkChangeCallback: ((network: NetworkInfo) => void) | undefined;
  readonly #listeners = new Set<() => void>();
  readonly #eventListeners = new Set<(event: DevWalletEvent) => void>();
  #snapshot: DevWalletSnapshot;
  #nextRequestNumber = 1;
  #nextAccountNumber = 1;
  readonly #keyStore: DevWalletKeyStore;
  readonly #createChainClient: CreateChainClient;
  readonly #fetchChainId: (nodeUrl: string) => Promise<number>;
  readonly #now: () => number;
  readonly #application: () => string;
  #standardWallet: AptosWallet | undefined;

  constructor(options: DevWalletOptions = {}) {
    this.#keyStore = options.keyStore ?? createMemoryKeyStore();
    this.#createChainClient = options.createChainClient ?? createSdkChainClient;
    this.#fetchChainId = options.fetchChainId ?? fetchChainIdWithSdk;
    this.#now = options.now ?? Date.now;
    this.#application = options.application ?? (() => window.location.origin);
    this.#policy = options.policy ?? 'prompt';
    this.#network = LOCAL_NETWORK;
    this.#restore();
    if (options.network !== undefined) this.#network = options.network;
    this.#snapshot = this.#computeSnapshot();
  }

  // region State for the UI and the app

  /** The current state as one immutable value; a new object after every change. */
  getSnapshot = (): DevWalletSnapshot => this.#snapshot;

  /**
   * Calls `listener` after every state change (for `useSyncExternalStore`).
   *
   * @returns A function that stops the calls.
   */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /**
   * Calls `listener` with each wallet event: settled requests (with their status), account,
   * network and connection changes (including a disconnect made inside the wallet).
   *
   * @returns A function that stops the calls.
   * @example
   * ```ts
   * wallet.onEvent((event) => {
   *   if (event.type === 'request.settled') machine.send({ type: 'wallet.requestSettled', status: event.request.status });
   * });
   * ```
   */
  onEvent(listener: (event: DevWalletEvent) => void): () => void {
    this.#eventListeners.add(listener);
    return () => this.#eventListeners.delete(listener);
  }

  /** The most recent request (pending or settled), or `undefined` before the first one. */
  lastRequest(): DevWalletRequestRecord | undefined {
    return this.#log.at(-1);
  }

  /** The request with this id, while it is still in the log. */
  findRequest(id: string): DevWalletRequestRecord | undefined {
    return this.#log.find((record) => record.id === id);
  }

  /** Public state only: what `JSON.stringify(wallet)` writes. */
  toJSON(): DevWalletSnapshot {
    return this.#snapshot;
  }

  /** The AIP-62 wallet object to register (one per dev wallet, always the same object). */
  get standardWallet(): AptosWallet {
    this.#standardWallet ??= createStandardWallet(this);
    return this.#standardWallet;
  }

  /** Whether an app holds an approved connection. */
  get connected(): boolean {
    return this.#connected;
  }

  // endregion

  // region Accounts

  /**
   * Adds an account with a freshly generated key.
   *
   * @param args.name - Defaults to `Account n`.
   * @returns The new account (public data).
   */
  generateAccount(args: { name?: string } = {}): DevWalletAccount {
    return this.#addAccount({
      signer: Ed25519Account.generate(),
      origin: 'generated',
      name: args.name,
    });
  }

  /**
   * Adds an account from a private key: an AIP-80 string (`ed25519-priv-0x…`) or 64 hex digits.
   *
   * @throws DevWalletError `INVALID_PRIVATE_KEY`, `DUPLICATE_ACCOUNT` or `INVALID_NAME`.
   */
  importPrivateKey(args: { privateKey: string; name?: string }): DevWalletAccount {
    const privateKey = parsePrivateKey({ privateKey: args.privateKey });
    return this.#addAccount({
      signer: new Ed25519Account({ privateKey }),
      origin: 'privateKey',
      name: args.name,
    });
  }

  /**
   * Adds the account a recovery phrase derives at a path (default `m/44'/637'/0'/0'/0'`). The
   * phrase itself is not kept, only the derived key.
   *
   * @throws DevWalletError `INVALID_MNEMONIC`, `INVALID_DERIVATION_PATH`, `DUPLICATE_ACCOUNT` or
   * `INVALID_NAME`.
   */
  importMnemonic(args: {
    mnemonic: string;
    derivationPath?: string;
    name?: string;
  }): DevWalletAccount {
    const derivationPath = (args.derivationPath ?? DEFAULT_DERIVATION_PATH).trim();
    const signer = deriveAccount({ mnemonic: args.mnemonic, path: derivationPath });
    return this.#addAccount({ signer, origin: 'mnemonic', name: args.name, derivationPath });
  }

  /**
   * Renames an account.
   *
   * @throws DevWalletError `UNKNOWN_ACCOUNT` or `INVALID_NAME`.
   */
  renameAccount(args: { address: string; name: string }): DevWalletAccount {
    const address = this.#requireAccount(args.address);
    const name = this.#checkName(args.name);
    this.#accounts = this.#accounts.map((account) =>
      account.address === address ? { ...account, name } : account,
    );
    this.#save();
    this.#changed();
    if (address === this.#activeAddress) {
      this.#emit({ type: 'account.changed', account: this.#activeAccount() });
    }
    return this.#accounts.find((account) => account.address === address) as DevWalletAccount;
  }

  /**
   * Removes an account and forgets its key. Removing the active account makes the next one
   * active (telling a connected app); removing the last one disconnects the app.
   *
   * @throws DevWalletError `UNKNOWN_ACCOUNT`.
   */
  removeAccount(args: { address: string }): void {
    const address = this.#requireAccount(args.address);
    const index = this.#accounts.findIndex((account) => account.address === address);
    this.#accounts = this.#accounts.filter((account) => account.address !== address);
    this.#signers.delete(address);
    if (address === this.#activeAddress) {
      const next = this.#accounts[Math.min(index, this.#accounts.length - 1)] as
        DevWalletAccount | undefined;
      this.#activeAddress = next?.address ?? null;
      this.#save();
      if (next === undefined && this.#connected) {
        this.#connected = false;
        this.#changed();
        this.#emit({ type: 'account.changed', account: null });
        this.#emit({ type: 'connection.changed', connected: false, initiator: 'wallet' });
        return;
      }
      this.#changed();
      this.#announceAccount();
      return;
    }
    this.#save();
    this.#changed();
  }

  /**
   * Makes an account the active one; a connected app hears of it through `onAccountChange`.
   *
   * @throws DevWalletError `UNKNOWN_ACCOUNT`.
   */
  setActiveAccount(args: { address: string }): void {
    const address = this.#requireAccount(args.address);
    if (address === this.#activeAddress) return;
    this.#activeAddress = address;
    this.#save();
    this.#changed();
    this.#announceAccount();
  }

  /**
   * Funds an account from the faucet of the wallet's network (local and devnet; a custom network
   * with a faucet URL).
   *
   * @param args.amount - Octas, default 1 APT.
   * @returns The funding transaction's hash, once committed.
   * @throws DevWalletError `NO_FAUCET` (mainnet, custom without faucet), `FAUCET_NOT_PROGRAMMATIC`
   * (testnet), `UNKNOWN_ACCOUNT` or `FAUCET_FAILED`.
   */
  async fundAccount(args: { address: string; amount?: number }): Promise<{ hash: string }> {
    const address = this.#requireAccount(args.address);
    const network = this.#network;
    const refusal = faucetRefusal({ network });
    if (refusal !== undefined) {
      throw new DevWalletError({
        code: network.name === 'testnet' ? 'FAUCET_NOT_PROGRAMMATIC' : 'NO_FAUCET',
        message: refusal,
      });
    }
    try {
      return await this.#createChainClient(network).fundAccount({
        accountAddress: address,
        amount: args.amount ?? DEFAULT_FUND_AMOUNT,
      });
    } catch (error) {
      throw new DevWalletError({
        code: 'FAUCET_FAILED',
        message: `The faucet at ${network.faucetUrl ?? network.nodeUrl} did not fund the account: ${errorMessage(error)}. Check that the ${network.name === 'local' ? 'local chain is running (npm run localnet)' : 'network is reachable'} and try again.`,
      });
    }
  }

  // endregion

  // region Policy, network, connection (the person acting inside the wallet)

  /** Sets the approval policy; requests waiting in the prompt are answered by the new policy. */
  setPolicy(policy: ApprovalPolicy): void {
    if (!isApprovalPolicy(policy)) {
      throw new TypeError(
        `Unknown approval policy "${String(policy)}": use prompt, auto-approve or auto-reject.`,
      );
    }
    this.#policy = policy;
    this.#changed();
    if (policy !== 'prompt') {
      const decision = this.#policyDecision();
      for (const resolve of [...this.#waiting.values()])
        resolve(decision.decision, decision.reason);
    }
  }

  /**
   * Switches the wallet's network from inside the wallet (no approval: the person chose it). A
   * connected app hears of it through `onNetworkChange`.
   *
   * @throws DevWalletError `INVALID_NETWORK` or `NODE_UNREACHABLE`.
   */
  async switchNetwork(input: DevWalletNetworkInput): Promise<DevWalletNetwork> {
    const network = await resolveNetwork({ input, fetchChainId: this.#fetchChainId });
    this.#applyNetwork(network);
    return network;
  }

  /**
   * Ends the app's connection from inside the wallet. The standard has no event for this, so the
   * adapter does not notice: the app learns it from the `connection.changed` event.
   */
  disconnectFromWallet(): void {
    if (!this.#connected) return;
    this.#connected = false;
    this.#changed();
    this.#emit({ type: 'connection.changed', connected: false, initiator: 'wallet' });
  }

  /**
   * Answers a request waiting in the approval prompt.
   *
   * @throws DevWalletError `UNKNOWN_REQUEST` when no request with this id is waiting.
   */
  respond(args: { id: string; decision: ApprovalDecision }): void {
    const resolve = this.#waiting.get(args.id);
    if (resolve === undefined) {
      throw new DevWalletError({
        code: 'UNKNOWN_REQUEST',
        message: `No request ${args.id} is waiting for a decision (it may have been answered already).`,
      });
    }
    const reasons: Record<ApprovalDecision, string> = {
      APPROVED: 'Approved in the approval prompt.',
      REJECTED: 'Rejected in the approval prompt.',
      CANCELLED: 'The approval prompt was closed without a decision.',
    };
    resolve(args.decision, reasons[args.decision]);
  }

  // endregion

  // region AIP-62 features

  /** `aptos:connect`: asks for approval, then shares the active account (creating one if none). */
  async connect(silent?: boolean, _networkInfo?: NetworkInfo): Promise<UserResponse<AccountInfo>> {
    if (silent === true) {
      return this.#handle<AccountInfo, null>({
        kind: 'connect',
        prepare: () =>
          this.#connected && this.#activeAddress !== null
            ? {
                summary: this.#connectSummary(),
                context: null,
                skipPrompt: 'Silent reconnect of an app that is already connected.',
              }
            : {
                invalid:
                  'A silent connect needs an approved connection; connect without silent to be asked.',
              },
        perform: () => ({ output: this.#accountInfo() }),
      });
    }
    return this.#handle<AccountInfo, null>({
      kind: 'connect',
      prepare: () => ({ summary: this.#connectSummary(), context: null }),
      perform: () => {
        if (this.#activeAddress === null) this.generateAccount();
        this.#connected = true;
        this.#changed();
        this.#emit({ type: 'connection.changed', connected: true, initiator: 'app' });
        return { output: this.#accountInfo() };
      },
    });
  }

  /** `aptos:disconnect`: the app ends its connection. */
  async disconnect(): Promise<void> {
    if (!this.#connected) return;
    this.#connected = false;
    this.#changed();
    this.#emit({ type: 'connection.changed', connected: false, initiator: 'app' });
  }

  /**
   * `aptos:account`: the active account as the runtime `AccountInfo` class.
   *
   * @throws AptosWalletError `Unauthorized` when no app is connected.
   */
  async account(): Promise<AccountInfo> {
    if (!this.#connected || this.#activeAddress === null) {
      throw new AptosWalletError(AptosWalletErrorCode.Unauthorized, NOT_CONNECTED);
    }
    return this.#accountInfo();
  }

  /** `aptos:network`: the wallet's current network. */
  async network(): Promise<NetworkInfo> {
    return toNetworkInfo(this.#network);
  }

  /** `aptos:onAccountChange`: keeps one callback (the adapter registers again on every connect). */
  async onAccountChange(callback: (account: AccountInfo) => void): Promise<void> {
    this.#accountChangeCallback = callback;
  }

  /** `aptos:onNetworkChange`: keeps one callback. */
  async onNetworkChange(callback: (network: NetworkInfo) => void): Promise<void> {
    this.#networkChangeCallback = callback;
  }

  /**
   * `aptos:signTransaction` 1.0.0: signs a built raw transaction with our account that is its
   * sender (or secondary signer), or with the active account as fee payer.
   */
  async signTransaction(
    transaction: AnyRawTransaction,
    asFeePayer?: boolean,
  ): Promise<UserResponse<AccountAuthenticator>> {
    return this.#handle<AccountAuthenticator, TransactionContext>({
      kind: 'signTransaction',
      prepare: () => this.#prepareSignTransaction(transaction, asFeePayer === true),
      recheck: (context) => this.#recheckSigning(context),
      perform: (context) => {
        const signer = this.#signer(context.signerAddress);
        if (asFeePayer === true) transaction.feePayerAddress = signer.accountAddress;
        return { output: signer.signTransactionWithAuthenticator(transaction) };
      },
    });
  }

  /** `aptos:signMessage`: signs the UTF-8 bytes of the AIP-62 `fullMessage` with the active account. */
  async signMessage(input: AptosSignMessageInput): Promise<UserResponse<AptosSignMessageOutput>> {
    return this.#handle<
      AptosSignMessageOutput,
      TransactionContext & { fields: Omit<AptosSignMessageOutput, 'signature'> }
    >({
      kind: 'signMessage',
      prepare: () => {
        const refusal = this.#signingRefusal();
        if (refusal !== undefined) return { invalid: refusal };
        if (typeof input.message !== 'string' || typeof input.nonce !== 'string') {
          return { invalid: 'A message request needs a text `message` and a text `nonce`.' };
        }
        const signerAddress = this.#activeAddress as string;
        const fieldsBase = {
          ...(input.address === true ? { address: signerAddress } : {}),
          ...(input.application === true ? { application: this.#application() } : {}),
          ...(input.chainId === true ? { chainId: this.#network.chainId } : {}),
          message: input.message,
          nonce: input.nonce,
        };
        const fullMessage = buildFullMessage(fieldsBase);
        return {
          summary: { kind: 'signMessage', signer: signerAddress, ...fieldsBase, fullMessage },
          context: {
            signerAddress,
            chainId: this.#network.chainId,
            fields: { ...fieldsBase, fullMessage, prefix: 'APTOS' },
          },
        };
      },
      recheck: (context) => this.#recheckSigning(context),
      perform: (context) => {
        const signer = this.#signer(context.signerAddress);
        const signature = signer.sign(new TextEncoder().encode(context.fields.fullMessage));
        return { output: { ...context.fields, signature } };
      },
    });
  }

  /**
   * `aptos:signAndSubmitTransaction` 1.1.0: builds the payload for the active account against
   * the wallet's own node, asks for approval, signs, submits and returns the hash.
   */
  async signAndSubmitTransaction(
    input: AptosSignAndSubmitTransactionInput,
  ): Promise<UserResponse<AptosSignAndSubmitTransactionOutput>> {
    const network = this.#network;
    return this.#handle<
      AptosSignAndSubmitTransactionOutput,
      TransactionContext & { transaction: SimpleTransaction }
    >({
      kind: 'signAndSubmitTransaction',
      prepare: async () => {
        const refusal = this.#signingRefusal();
        if (refusal !== undefined) return { invalid: refusal };
        const signerAddress = this.#activeAddress as string;
        let transaction: SimpleTransaction;
        try {
          transaction = await this.#createChainClient(network).buildTransaction({
            sender: signerAddress,
            data: input.payload,
            options: {
              ...(input.maxGasAmount === undefined ? {} : { maxGasAmount: input.maxGasAmount }),
              ...(input.gasUnitPrice === undefined ? {} : { gasUnitPrice: input.gasUnitPrice }),
            },
          });
        } catch (error) {
          return {
            invalid: `Could not build the transaction against ${network.nodeUrl}: ${errorMessage(error)}. Check the payload and that the node is reachable.`,
          };
        }
        const summary = summarizeTransaction({ transaction });
        const request: DevWalletRequestSummary = {
          kind: 'signAndSubmitTransaction',
          signer: signerAddress,
          signerRole: 'sender',
          transaction: summary,
          submitTo: network.nodeUrl,
        };
        if (summary.chainId !== network.chainId) {
          return {
            invalid: `The node at ${network.nodeUrl} built the transaction for chain id ${summary.chainId}, but the wallet is on ${networkLabel(network)}. Fix the wallet's network.`,
            summary: request,
          };
        }
        return {
          summary: request,
          context: { signerAddress, chainId: network.chainId, transaction },
        };
      },
      recheck: (context) => this.#recheckSigning(context),
      perform: async (context) => {
        const signer = this.#signer(context.signerAddress);
        const senderAuthenticator = signer.signTransactionWithAuthenticator(context.transaction);
        const { hash } = await this.#createChainClient(network).submitTransaction({
          transaction: context.transaction,
          senderAuthenticator,
        });
        return { output: { hash }, hash };
      },
    });
  }

  /** `aptos:changeNetwork`: switches the wallet's network after approval. */
  async changeNetwork(input: NetworkInfo): Promise<UserResponse<AptosChangeNetworkOutput>> {
    return this.#handle<AptosChangeNetworkOutput, DevWalletNetwork>({
      kind: 'changeNetwork',
      prepare: async () => {
        if (!this.#connected) return { invalid: NOT_CONNECTED };
        let network: DevWalletNetwork;
        try {
          network = await resolveNetwork({
            input: {
              name: input.name as DevWalletNetworkInput['name'],
              chainId: input.chainId,
              ...(input.url === undefined ? {} : { nodeUrl: input.url }),
            },
            fetchChainId: this.#fetchChainId,
          });
        } catch (error) {
          return { invalid: errorMessage(error) };
        }
        const from = this.#network;
        const same =
          from.name === network.name &&
          from.chainId === network.chainId &&
          from.nodeUrl === network.nodeUrl;
        return {
          summary: {
            kind: 'changeNetwork',
            from: networkSummary(from),
            to: networkSummary(network),
          },
          context: network,
          ...(same ? { skipPrompt: 'The wallet is already on this network.' } : {}),
        };
      },
      perform: (network) => {
        this.#applyNetwork(network);
        return { output: { success: true } };
      },
    });
  }

  // endregion

  // region Internals

  async #handle<T, C>(args: {
    kind: DevWalletRequestKind;
    prepare: () => Prepared<C> | Promise<Prepared<C>>;
    recheck?: (context: C) => string | undefined;
    perform: (context: C) => { output: T; hash?: string } | Promise<{ output: T; hash?: string }>;
  }): Promise<UserResponse<T>> {
    const id = `req-${this.#nextRequestNumber++}`;
    const time = new Date(this.#now()).toISOString();
    let prepared: Prepared<C>;
    try {
      prepared = await args.prepare();
    } catch (error) {
      prepared = { invalid: `The request is malformed: ${errorMessage(error)}` };
    }
    if (prepared.invalid !== undefined) {
      this.#record({
        id,
        kind: args.kind,
        status: 'INVALID',
        time,
        reason: prepared.invalid,
        summary: prepared.summary,
      });
      this.#settle(id, {});
      return rejected();
    }
    this.#record({ id, kind: args.kind, status: 'PENDING', time, summary: prepared.summary });
    const { decision, reason } =
      prepared.skipPrompt !== undefined
        ? { decision: 'APPROVED' as const, reason: prepared.skipPrompt }
        : await this.#decide(id);
    if (decision !== 'APPROVED') {
      this.#settle(id, { status: decision, reason });
      return rejected();
    }
    const stale = args.recheck?.(prepared.context);
    if (stale !== undefined) {
      this.#settle(id, {
        status: 'INVALID',
        reason: `${stale} (this changed while the prompt was open)`,
      });
      return rejected();
    }
    try {
      const { output, hash } = await args.perform(prepared.context);
      this.#settle(id, { status: 'APPROVED', reason, ...(hash === undefined ? {} : { hash }) });
      return { status: UserResponseStatus.APPROVED, args: output };
    } catch (error) {
      const message = errorMessage(error);
      this.#settle(id, { status: 'APPROVED', reason, error: message });
      throw new AptosWalletError(AptosWalletErrorCode.InternalError, message);
    }
  }

  #policyDecision(): { decision: ApprovalDecision; reason: string } {
    return this.#policy === 'auto-approve'
      ? {
          decision: 'APPROVED',
          reason: 'Approved automatically: the approval policy is auto-approve.',
        }
      : {
          decision: 'REJECTED',
          reason: 'Rejected automatically: the approval policy is auto-reject.',
        };
  }

  #decide(id: string): Promise<{ decision: ApprovalDecision; reason: string }> {
    if (this.#policy !== 'prompt') return Promise.resolve(this.#policyDecision());
    return new Promise((resolve) => {
      this.#waiting.set(id, (decision, reason) => {
        this.#waiting.delete(id);
        // Leave the prompt now, even if performing the request (a submission) takes a while.
        this.#changed();
        resolve({ decision, reason });
      });
      this.#changed();
    });
  }

  #record(record: DevWalletRequestRecord): void {
    const log = [...this.#log, record];
    // Drop the oldest settled entries beyond the limit; pending ones stay until answered.
    while (log.length > REQUEST_LOG_LIMIT) {
      const index = log.findIndex((entry) => entry.status !== 'PENDING');
      if (index === -1) break;
      log.splice(index, 1);
    }
    this.#log = log;
    this.#changed();
  }

  #settle(
    id: string,
    update: { status?: DevWalletRequestStatus; reason?: string; hash?: string; error?: string },
  ): void {
    let settled: DevWalletRequestRecord | undefined;
    this.#log = this.#log.map((record) => {
      if (record.id !== id) return record;
      settled = {
        ...record,
        ...(update.status === undefined ? {} : { status: update.status }),
        ...(update.reason === undefined ? {} : { reason: update.reason }),
        ...(update.hash === undefined ? {} : { hash: update.hash }),
        ...(update.error === undefined ? {} : { error: update.error }),
        settledAt: new Date(this.#now()).toISOString(),
      };
      return settled;
    });
    this.#changed();
    if (settled !== undefined) this.#emit({ type: 'request.settled', request: settled });
  }

  #signingRefusal(): string | undefined {
    if (!this.#connected || this.#activeAddress === null) return NOT_CONNECTED;
    if (isMainnet(this.#network)) return MAINNET_REFUSAL;
    return undefined;
  }

  #recheckSigning(context: TransactionContext): string | undefined {
    const refusal = this.#signingRefusal();
    if (refusal !== undefined) return refusal;
    if (!this.#signers.has(context.signerAddress)) {
      return `The signing account ${context.signerAddress} was removed from the wallet`;
    }
    if (this.#network.chainId !== context.chainId) {
      return `The wallet switched to ${networkLabel(this.#network)}`;
    }
    return undefined;
  }

  #prepareSignTransaction(
    transaction: AnyRawTransaction,
    asFeePayer: boolean,
  ): Prepared<TransactionContext> {
    if (!this.#connected || this.#activeAddress === null) return { invalid: NOT_CONNECTED };
    if (
      typeof transaction !== 'object' ||
      transaction === null ||
      !('rawTransaction' in transaction)
    ) {
      return {
        invalid:
          'signTransaction 1.0.0 expects a built raw transaction (AnyRawTransaction); build it first.',
      };
    }
    const tx = summarizeTransaction({ transaction });
    const network = this.#network;
    let signerAddress: string | undefined;
    let signerRole: 'sender' | 'feePayer' | 'secondarySigner' = 'sender';
    if (asFeePayer) {
      signerAddress = this.#activeAddress;
      signerRole = 'feePayer';
    } else {
      const sender = AccountAddress.from(tx.sender).toStringLong();
      const secondary = (
        transaction instanceof MultiAgentTransaction ? transaction.secondarySignerAddresses : []
      ).map((address) => address.toStringLong());
      signerAddress = this.#signers.has(sender)
        ? sender
        : secondary.find((a) => this.#signers.has(a));
      if (signerAddress !== undefined && signerAddress !== sender) signerRole = 'secondarySigner';
    }
    const summary: DevWalletRequestSummary = {
      kind: 'signTransaction',
      signer: signerAddress ?? tx.sender,
      signerRole,
      transaction: tx,
    };
    if (tx.chainId === 1 || isMainnet(network)) return { invalid: MAINNET_REFUSAL, summary };
    if (tx.chainId !== network.chainId) {
      return {
        invalid: `The transaction is for chain id ${tx.chainId}, but the wallet is on ${networkLabel(network)}. Rebuild it for chain id ${network.chainId}, or switch the wallet's network.`,
        summary,
      };
    }
    if (signerAddress === undefined) {
      return {
        invalid: `The sender ${tx.sender} is not an account of this wallet. Build the transaction with one of the wallet's accounts as sender, or import the sender's key.`,
        summary,
      };
    }
    if (asFeePayer && transaction.feePayerAddress === undefined) {
      return {
        invalid:
          'Signing as fee payer needs a fee-payer transaction; build it with `withFeePayer: true`.',
        summary,
      };
    }
    const nowSecs = BigInt(Math.floor(this.#now() / 1000));
    if (transaction.rawTransaction.expiration_timestamp_secs <= nowSecs) {
      return {
        invalid: `The transaction expired at ${expirationToIso(transaction.rawTransaction.expiration_timestamp_secs)}; build it again.`,
        summary,
      };
    }
    return { summary, context: { signerAddress, chainId: network.chainId } };
  }

  #connectSummary(): DevWalletRequestSummary {
    const active = this.#activeAccount();
    return {
      kind: 'connect',
      application: this.#application(),
      account: active?.address ?? null,
      accountName: active?.name ?? `${this.#defaultName()} (a new key, created on approval)`,
      network: networkSummary(this.#network),
    };
  }

  #signer(address: string): Ed25519Account {
    const signer = this.#signers.get(address);
    if (signer === undefined) {
      throw new DevWalletError({
        code: 'UNKNOWN_ACCOUNT',
        message: `No account ${address} in the wallet.`,
      });
    }
    return signer;
  }

  #accountInfo(): AccountInfo {
    const signer = this.#signer(this.#activeAddress as string);
    return new AccountInfo({ address: signer.accountAddress, publicKey: signer.publicKey });
  }

  #activeAccount(): DevWalletAccount | null {
    return this.#accounts.find((account) => account.address === this.#activeAddress) ?? null;
  }

  #announceAccount(): void {
    const account = this.#activeAccount();
    this.#emit({ type: 'account.changed', account });
    const callback = this.#accountChangeCallback;
    if (this.#connected && account !== null && callback !== undefined) {
      const info = this.#accountInfo();
      callSafely(() => callback(info));
    }
  }

  #applyNetwork(network: DevWalletNetwork): void {
    this.#network = network;
    this.#save();
    this.#changed();
    this.#emit({ type: 'network.changed', network });
    const callback = this.#networkChangeCallback;
    if (this.#connected && callback !== undefined) {
      const info = toNetworkInfo(network);
      callSafely(() => callback(info));
    }
  }

  #requireAccount(address: string): string {
    let key: string;
    try {
      key = AccountAddress.from(address).toStringLong();
    } catch {
      key = address;
    }
    if (!this.#signers.has(key)) {
      throw new DevWalletError({
        code: 'UNKNOWN_ACCOUNT',
        message: `No account ${address} in the wallet; pick one from the account list.`,
      });
    }
    return key;
  }

  #defaultName(): string {
    return `Account ${this.#nextAccountNumber}`;
  }

  #checkName(name: string): string {
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > NAME_MAX_LENGTH) {
      throw new DevWalletError({
        code: 'INVALID_NAME',
        message: `An account name needs 1 to ${NAME_MAX_LENGTH} characters.`,
      });
    }
    return trimmed;
  }

  #addAccount(args: {
    signer: Ed25519Account;
    origin: DevWalletAccountOrigin;
    name: string | undefined;
    derivationPath?: string;
    persisted?: boolean;
  }): DevWalletAccount {
    const address = args.signer.accountAddress.toStringLong();
    const existing = this.#accounts.find((account) => account.address === address);
    if (existing !== undefined) {
      throw new DevWalletError({
        code: 'DUPLICATE_ACCOUNT',
        message: `This key is already in the wallet as "${existing.name}".`,
      });
    }
    const name =
      args.name === undefined || args.name.trim() === ''
        ? this.#defaultName()
        : this.#checkName(args.name);
    const account: DevWalletAccount = {
      address,
      publicKey: args.signer.publicKey.toString(),
      name,
      origin: args.origin,
      ...(args.derivationPath === undefined ? {} : { derivationPath: args.derivationPath }),
      persisted: args.persisted ?? isPersistentNetwork(this.#network),
    };
    this.#signers.set(address, args.signer);
    this.#accounts = [...this.#accounts, account];
    this.#nextAccountNumber += 1;
    const becameActive = this.#activeAddress === null;
    if (becameActive) this.#activeAddress = address;
    if (args.persisted === undefined) {
      this.#save();
      this.#changed();
      if (becameActive) this.#announceAccount();
    }
    return account;
  }

  #restore(): void {
    let saved;
    try {
      saved = this.#keyStore.load();
    } catch (error) {
      this.#storageError = errorMessage(error);
      return;
    }
    if (saved === undefined) return;
    if (saved.network !== undefined) this.#network = saved.network;
    let unreadable = 0;
    for (const entry of saved.accounts) {
      try {
        const signer = new Ed25519Account({
          privateKey: parsePrivateKey({ privateKey: entry.privateKey }),
        });
        this.#addAccount({
          signer,
          origin: entry.origin,
          name: entry.name,
          ...(entry.derivationPath === undefined ? {} : { derivationPath: entry.derivationPath }),
          persisted: true,
        });
      } catch {
        unreadable += 1;
      }
    }
    if (unreadable > 0) {
      this.#storageError = `${unreadable} saved account(s) could not be read and were skipped; they will be dropped from storage at the next change.`;
    }
    if (saved.activeAddress !== undefined && this.#signers.has(saved.activeAddress)) {
      this.#activeAddress = saved.activeAddress;
    }
  }

  #save(): void {
    const accounts: PersistedAccount[] = this.#accounts
      .filter((account) => account.persisted)
      .map((account) => ({
        name: account.name,
        privateKey: this.#signer(account.address).privateKey.toAIP80String(),
        origin: account.origin,
        ...(account.derivationPath === undefined ? {} : { derivationPath: account.derivationPath }),
      }));
    try {
      this.#keyStore.save({
        version: 1,
        accounts,
        ...(this.#activeAddress === null ? {} : { activeAddress: this.#activeAddress }),
        network: this.#network,
      });
      this.#storageError = undefined;
    } catch (error) {
      this.#storageError = `Could not save the keys in browser storage (${errorMessage(error)}); they stay in memory until this page closes.`;
    }
  }

  #computeSnapshot(): DevWalletSnapshot {
    return {
      accounts: this.#accounts,
      activeAccount: this.#activeAccount(),
      network: this.#network,
      connected: this.#connected,
      policy: this.#policy,
      pending: this.#log.filter(
        (record) => record.status === 'PENDING' && this.#waiting.has(record.id),
      ),
      requestLog: this.#log,
      persistsNewKeys: isPersistentNetwork(this.#network),
      ...(this.#storageError === undefined ? {} : { storageError: this.#storageError }),
    };
  }

  #changed(): void {
    this.#snapshot = this.#computeSnapshot();
    for (const listener of [...this.#listeners]) callSafely(listener);
  }

  #emit(event: DevWalletEvent): void {
    for (const listener of [...this.#eventListeners]) callSafely(() => listener(event));
  }

  // endregion
}

/**
 * Creates a dev wallet. Register its {@link DevWallet.standardWallet} with
 * {@link registerDevWallet} so the adapter lists it.
 *
 * @example
 * ```ts
 * const wallet = createDevWallet({
 *   keyStore: createLocalStorageKeyStore(),
 *   policy: approvalPolicyFromSearch({ search: window.location.search }),
 * });
 * ```
 */
export function createDevWallet(options: DevWalletOptions = {}): DevWallet {
  return new DevWallet(options);
}
