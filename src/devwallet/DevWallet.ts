// One piece (about 500 lines): the facade every caller of the dev wallet holds. Its parts already
// live in their own files (keyring, requestQueue, signingChecks, standardWallet, multiKeyAccounts,
// chainClient); what stays here is one short delegating method per operation the panel and the
// app use, and splitting those would only scatter the one public surface.
import type { AccountAuthenticator, AnyRawTransaction } from '@aptos-labs/ts-sdk';
import type {
  AccountInfo,
  AptosChangeNetworkOutput,
  AptosSignAndSubmitTransactionInput,
  AptosSignAndSubmitTransactionOutput,
  AptosSignMessageInput,
  AptosSignMessageOutput,
  AptosWallet,
  NetworkInfo,
  UserResponse,
} from '@aptos-labs/wallet-standard';
import { createSdkChainClient, fetchChainIdWithSdk, type CreateChainClient } from './chainClient';
import { DEFAULT_FUND_AMOUNT } from './constants';
import { DevWalletError } from './DevWalletError';
import { Keyring } from './keyring';
import { createMemoryKeyStore, type DevWalletKeyStore } from './keyStore';
import {
  faucetRefusal,
  isPersistentNetwork,
  LOCAL_NETWORK,
  resolveNetwork,
  type DevWalletNetwork,
  type DevWalletNetworkInput,
} from './networks';
import { errorMessage } from '../errors/errorMessage';
import { RequestQueue } from './requestQueue';
import { callSafely, StandardWalletFeatures } from './standardWallet';
import type {
  ApprovalDecision,
  ApprovedApp,
  ApprovalPolicy,
  DevWalletAccount,
  DevWalletEvent,
  DevWalletRequestRecord,
  DevWalletSnapshot,
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

/**
 * The in-page dev wallet: a small facade over its parts, for its two audiences. The person at the
 * wallet panel manages accounts, the network, the policy and answers prompts; the dApp reaches
 * the AIP-62 features through {@link DevWallet.standardWallet}, which the adapter lists like a
 * browser extension. The parts: `Keyring` (keys and persistence), `RequestQueue` (approval and the
 * request log), `signingChecks` (pure checks), `StandardWalletFeatures` (AIP-62).
 *
 * Private keys live only in the keyring and the key store: snapshots, events, the request log and
 * `toJSON` carry public data only.
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
  readonly #keyring: Keyring;
  readonly #queue: RequestQueue;
  readonly #features: StandardWalletFeatures;
  #network: DevWalletNetwork = LOCAL_NETWORK;
  #connected = false;
  #approvedApps: readonly ApprovedApp[] = [];
  readonly #application: () => string;
  readonly #listeners = new Set<() => void>();
  readonly #eventListeners = new Set<(event: DevWalletEvent) => void>();
  #snapshot: DevWalletSnapshot;
  readonly #createChainClient: CreateChainClient;
  readonly #fetchChainId: (nodeUrl: string) => Promise<number>;

  constructor(options: DevWalletOptions = {}) {
    this.#createChainClient = options.createChainClient ?? createSdkChainClient;
    const now = options.now ?? Date.now;
    this.#application = options.application ?? (() => window.location.origin);
    this.#fetchChainId = options.fetchChainId ?? fetchChainIdWithSdk;
    this.#keyring = new Keyring({
      keyStore: options.keyStore ?? createMemoryKeyStore(),
      network: () => this.#network,
      approvedApps: () => this.#approvedApps,
    });
    this.#network = options.network ?? this.#keyring.restored.network ?? LOCAL_NETWORK;
    this.#approvedApps = this.#keyring.restored.approvedApps ?? [];
    this.#queue = new RequestQueue({
      policy: options.policy ?? 'prompt',
      now,
      onChange: () => this.#changed(),
      onSettled: (request) => this.#emit({ type: 'request.settled', request }),
    });
    this.#features = new StandardWalletFeatures({
      keyring: this.#keyring,
      queue: this.#queue,
      connected: () => this.#connected,
      setConnected: (connected) => this.#setConnected(connected, 'app'),
      network: () => this.#network,
      applyNetwork: (network) => this.#applyNetwork(network),
      generateAccount: () => this.generateAccount(),
      hasApproved: () => this.hasApproved(),
      application: this.#application,
      now,
      chainClient: this.#createChainClient,
      fetchChainId: this.#fetchChainId,
    });
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
    return this.#queue.log.at(-1);
  }

  /** The request with this id, while it is still in the log. */
  findRequest(id: string): DevWalletRequestRecord | undefined {
    return this.#queue.log.find((record) => record.id === id);
  }

  /** Public state only: what `JSON.stringify(wallet)` writes. */
  toJSON(): DevWalletSnapshot {
    return this.#snapshot;
  }

  /** The AIP-62 wallet object to register (one per dev wallet, always the same object). */
  get standardWallet(): AptosWallet {
    return this.#features.wallet;
  }

  /** Whether an app holds an approved connection. */
  get connected(): boolean {
    return this.#connected;
  }

  /**
   * Whether the requesting app was approved before on the wallet's current network: its next
   * `aptos:connect` is answered without a prompt (as after a reload).
   */
  hasApproved(): boolean {
    const application = this.#application();
    const { name, chainId } = this.#network;
    return this.#approvedApps.some(
      (app) => app.application === application && app.network === name && app.chainId === chainId,
    );
  }

  // endregion

  // region Accounts (the person at the wallet panel)

  /**
   * Adds an account with a freshly generated key.
   *
   * @param args.name - Defaults to `Account n`.
   * @returns The new account (public data).
   */
  generateAccount(args: { name?: string } = {}): DevWalletAccount {
    return this.#added(this.#keyring.generate(args));
  }

  /**
   * Adds an account from a private key: an AIP-80 string (`ed25519-priv-0x…`) or 64 hex digits.
   *
   * @throws DevWalletError `INVALID_PRIVATE_KEY`, `DUPLICATE_ACCOUNT` or `INVALID_NAME`.
   */
  importPrivateKey(args: { privateKey: string; name?: string }): DevWalletAccount {
    return this.#added(this.#keyring.importPrivateKey(args));
  }

  /**
   * Adds a multi-Ed25519 or multi-key account from some of the wallet's single-key accounts and
   * new keys, with a threshold; see {@link Keyring.createMultiAccount}.
   *
   * @throws MultiKeyLimitError naming the library's limit that the key set breaks; DevWalletError.
   */
  createMultiAccount(args: Parameters<Keyring['createMultiAccount']>[0]): DevWalletAccount {
    return this.#added(this.#keyring.createMultiAccount(args));
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
    return this.#added(this.#keyring.importMnemonic(args));
  }

  /**
   * Renames an account.
   *
   * @throws DevWalletError `UNKNOWN_ACCOUNT` or `INVALID_NAME`.
   */
  renameAccount(args: { address: string; name: string }): DevWalletAccount {
    const { account, activeChanged } = this.#keyring.rename(args);
    this.#changed();
    if (activeChanged) this.#emit({ type: 'account.changed', account: this.#keyring.active });
    return account;
  }

  /**
   * Removes an account and forgets its key. Removing the active account makes the next one
   * active (telling a connected app); removing the last one disconnects the app.
   *
   * @throws DevWalletError `UNKNOWN_ACCOUNT`.
   */
  removeAccount(args: { address: string }): void {
    const { activeChanged } = this.#keyring.remove(args);
    if (activeChanged && this.#keyring.active === null && this.#connected) {
      this.#connected = false;
      this.#changed();
      this.#emit({ type: 'account.changed', account: null });
      this.#emit({ type: 'connection.changed', connected: false, initiator: 'wallet' });
      return;
    }
    this.#changed();
    if (activeChanged) this.#announceAccount();
  }

  /**
   * Makes an account the active one; a connected app hears of it through `onAccountChange`.
   *
   * @throws DevWalletError `UNKNOWN_ACCOUNT`.
   */
  setActiveAccount(args: { address: string }): void {
    if (!this.#keyring.setActive(args).activeChanged) return;
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
    const address = this.#keyring.require(args.address);
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

  // region Policy, network, connection, prompts (the person at the wallet panel)

  /** Sets the approval policy; requests waiting in the prompt are answered by the new policy. */
  setPolicy(policy: ApprovalPolicy): void {
    this.#queue.setPolicy(policy);
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
   * Ends the app's connection from inside the wallet and forgets its approvals. The standard has
   * no event for this, so the adapter does not notice: the app learns it from the
   * `connection.changed` event.
   */
  disconnectFromWallet(): void {
    if (this.#connected) this.#setConnected(false, 'wallet');
  }

  /**
   * Answers a request waiting in the approval prompt.
   *
   * @throws DevWalletError `UNKNOWN_REQUEST` when no request with this id is waiting.
   */
  respond(args: { id: string; decision: ApprovalDecision }): void {
    this.#queue.respond(args);
  }

  /**
   * Withdraws a request the app stopped waiting for (the workbench's run was cancelled): the
   * prompt closes and the request settles as CANCELLED with `reason`.
   *
   * @returns whether the request was still waiting for a decision.
   */
  withdraw(args: { id: string; reason: string }): boolean {
    return this.#queue.withdraw(args);
  }

  // endregion

  // region AIP-62 features (the dApp), as methods for tests and scripts

  /** `aptos:connect`: asks for approval, then shares the active account (creating one if none). */
  connect(silent?: boolean, networkInfo?: NetworkInfo): Promise<UserResponse<AccountInfo>> {
    return this.#features.connect(silent, networkInfo);
  }

  /** `aptos:disconnect`: the app ends its connection. */
  disconnect(): Promise<void> {
    return this.#features.disconnect();
  }

  /** `aptos:account`; throws `Unauthorized` when no app is connected. */
  account(): Promise<AccountInfo> {
    return this.#features.account();
  }

  /** `aptos:network`: the wallet's current network. */
  network(): Promise<NetworkInfo> {
    return this.#features.network();
  }

  /** `aptos:onAccountChange`: keeps one callback. */
  onAccountChange(callback: (account: AccountInfo) => void): Promise<void> {
    return this.#features.onAccountChange(callback);
  }

  /** `aptos:onNetworkChange`: keeps one callback. */
  onNetworkChange(callback: (network: NetworkInfo) => void): Promise<void> {
    return this.#features.onNetworkChange(callback);
  }

  /**
   * `aptos:signTransaction` 1.0.0. `signerAddress` (the workbench's addition) names which of the
   * wallet's accounts signs, for a transaction with several signers in this wallet.
   */
  signTransaction(
    transaction: AnyRawTransaction,
    asFeePayer?: boolean,
    signerAddress?: string,
  ): Promise<UserResponse<AccountAuthenticator>> {
    return this.#features.signTransaction(transaction, asFeePayer, signerAddress);
  }

  /** `aptos:signMessage`. */
  signMessage(input: AptosSignMessageInput): Promise<UserResponse<AptosSignMessageOutput>> {
    return this.#features.signMessage(input);
  }

  /** `aptos:signAndSubmitTransaction` 1.1.0. */
  signAndSubmitTransaction(
    input: AptosSignAndSubmitTransactionInput,
  ): Promise<UserResponse<AptosSignAndSubmitTransactionOutput>> {
    return this.#features.signAndSubmitTransaction(input);
  }

  /** `aptos:changeNetwork`: switches the wallet's network after approval. */
  changeNetwork(input: NetworkInfo): Promise<UserResponse<AptosChangeNetworkOutput>> {
    return this.#features.changeNetwork(input);
  }

  // endregion

  // region Internals

  #added(result: { account: DevWalletAccount; activeChanged: boolean }): DevWalletAccount {
    this.#changed();
    if (result.activeChanged) this.#announceAccount();
    return result.account;
  }

  #announceAccount(): void {
    this.#emit({ type: 'account.changed', account: this.#keyring.active });
    this.#features.announceAccount();
  }

  #setConnected(connected: boolean, initiator: 'app' | 'wallet'): void {
    this.#connected = connected;
    const application = this.#application();
    // A disconnect, from either side, revokes the app's approvals on every network.
    this.#approvedApps = this.#approvedApps.filter((app) => app.application !== application);
    if (connected) this.#rememberApproval();
    this.#keyring.save();
    this.#changed();
    this.#emit({ type: 'connection.changed', connected, initiator });
  }

  #applyNetwork(network: DevWalletNetwork): void {
    this.#network = network;
    // A connection that follows the wallet to a network is approved there too.
    if (this.#connected) this.#rememberApproval();
    this.#keyring.save();
    this.#changed();
    this.#emit({ type: 'network.changed', network });
    this.#features.announceNetwork();
  }

  #rememberApproval(): void {
    if (this.hasApproved()) return;
    const { name, chainId } = this.#network;
    this.#approvedApps = [
      ...this.#approvedApps,
      { application: this.#application(), network: name, chainId },
    ];
  }

  #computeSnapshot(): DevWalletSnapshot {
    const keyring = this.#keyring;
    return {
      accounts: keyring.accounts,
      activeAccount: keyring.active,
      network: this.#network,
      connected: this.#connected,
      approvedApps: this.#approvedApps,
      policy: this.#queue.policy,
      pending: this.#queue.pending(),
      requestLog: this.#queue.log,
      persistsNewKeys: isPersistentNetwork(this.#network),
      ...(keyring.storageError === undefined ? {} : { storageError: keyring.storageError }),
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
