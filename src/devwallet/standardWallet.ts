// One piece (about 520 lines): the AIP-62 features of the dev wallet as one class. Every feature
// (connect, account, network, sign, sign and submit, sign message, change network, the change
// events) shares the same request queue, callbacks and per-role signing (sender, secondary
// signer, fee payer, multi-key accounts); splitting by feature would pass that state around.
// Key handling lives in keyring.ts and multiKeyAccounts.ts, pure checks in signingChecks.ts.
import {
  MultiAgentTransaction,
  MultiEd25519PublicKey,
  SigningScheme,
  type AccountAuthenticator,
  type AnyRawTransaction,
  type SimpleTransaction,
} from '@aptos-labs/ts-sdk';
import {
  AccountInfo,
  APTOS_CHAINS,
  AptosWalletError,
  AptosWalletErrorCode,
  type AptosChangeNetworkOutput,
  type AptosFeatures,
  type AptosSignAndSubmitTransactionInput,
  type AptosSignAndSubmitTransactionOutput,
  type AptosSignMessageInput,
  type AptosSignMessageOutput,
  type AptosWallet,
  type AptosWalletAccount,
  type NetworkInfo,
  type UserResponse,
} from '@aptos-labs/wallet-standard';
import type { DevWalletChainClient } from './chainClient';
import { DEV_WALLET_ICON, DEV_WALLET_NAME } from './constants';
import type { Keyring } from './keyring';
import {
  fromStandardNetworkInfo,
  isSameNetwork,
  networkLabel,
  resolveNetwork,
  toStandardNetworkInfo,
  type DevWalletNetwork,
} from './networks';
import { errorMessage } from '../errors/errorMessage';
import type { Prepared, RequestQueue } from './requestQueue';
import {
  NOT_CONNECTED,
  prepareSignTransaction,
  recheckSigning,
  signingRefusal,
  type SigningContext,
  type SigningState,
} from './signingChecks';
import { buildFullMessage, summarizeTransaction, withAbiArguments } from './summaries';
import type { DevWalletRequestSummary, SimulationOutcome } from './types';

/** What the AIP-62 features need of the wallet around them (the facade provides it). */
export interface StandardWalletHost {
  readonly keyring: Keyring;
  readonly queue: RequestQueue;
  /** Whether an app holds an approved connection. */
  connected(): boolean;
  /** Records the app's connection (or its end) and tells the wallet's listeners. */
  setConnected(connected: boolean): void;
  network(): DevWalletNetwork;
  /** Switches the wallet's network and tells listeners and the connected app. */
  applyNetwork(network: DevWalletNetwork): void;
  /** Creates an account (approving a connect to an empty wallet does). */
  generateAccount(): void;
  /** Whether the requesting app was approved before on the current network. */
  hasApproved(): boolean;
  /** The requesting app's origin. */
  application(): string;
  now(): number;
  chainClient(network: DevWalletNetwork): DevWalletChainClient;
  fetchChainId(nodeUrl: string): Promise<number>;
}

/** Calls back into app code without letting its errors break the wallet; they surface as uncaught. */
export function callSafely(callback: () => void): void {
  try {
    callback();
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

function hexToBytes(hex: string): Uint8Array {
  const digits = hex.replace(/^0x/, '');
  return Uint8Array.from(digits.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

/**
 * The AIP-62 face of a dev wallet: the eight required features, plus
 * `aptos:signAndSubmitTransaction` 1.1.0 and `aptos:changeNetwork`. Every request goes through
 * the host's request queue; {@link StandardWalletFeatures.wallet} is the object to register.
 */
export class StandardWalletFeatures {
  readonly #host: StandardWalletHost;
  #accountChangeCallback: ((account: AccountInfo) => void) | undefined;
  #networkChangeCallback: ((network: NetworkInfo) => void) | undefined;
  #wallet: AptosWallet | undefined;

  constructor(host: StandardWalletHost) {
    this.#host = host;
  }

  /** The AIP-62 wallet object to register (always the same object). */
  get wallet(): AptosWallet {
    this.#wallet ??= this.#createWallet();
    return this.#wallet;
  }

  /** Tells a connected app that the active account changed (`aptos:onAccountChange`). */
  announceAccount(): void {
    const callback = this.#accountChangeCallback;
    if (this.#host.connected() && this.#host.keyring.active !== null && callback !== undefined) {
      const info = this.#accountInfo();
      callSafely(() => callback(info));
    }
  }

  /** Tells a connected app that the network changed (`aptos:onNetworkChange`). */
  announceNetwork(): void {
    const callback = this.#networkChangeCallback;
    if (this.#host.connected() && callback !== undefined) {
      const info = toStandardNetworkInfo(this.#host.network());
      callSafely(() => callback(info));
    }
  }

  /** `aptos:connect`: asks for approval, then shares the active account (creating one if none). */
  async connect(silent?: boolean, _networkInfo?: NetworkInfo): Promise<UserResponse<AccountInfo>> {
    const host = this.#host;
    if (silent === true) {
      return host.queue.handle<AccountInfo, null>({
        kind: 'connect',
        prepare: () =>
          host.connected() && host.keyring.activeAddress !== null
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
    return host.queue.handle<AccountInfo, null>({
      kind: 'connect',
      prepare: () => ({
        summary: this.#connectSummary(),
        context: null,
        ...(host.hasApproved() && host.keyring.activeAddress !== null
          ? {
              skipPrompt:
                'This app was approved before on this network; connected without a prompt.',
            }
          : {}),
      }),
      perform: () => {
        if (host.keyring.activeAddress === null) host.generateAccount();
        host.setConnected(true);
        return { output: this.#accountInfo() };
      },
    });
  }

  /** `aptos:disconnect`: the app ends its connection. */
  async disconnect(): Promise<void> {
    if (this.#host.connected()) this.#host.setConnected(false);
  }

  /**
   * `aptos:account`: the active account as the runtime `AccountInfo` class.
   *
   * @throws AptosWalletError `Unauthorized` when no app is connected.
   */
  async account(): Promise<AccountInfo> {
    if (!this.#host.connected() || this.#host.keyring.activeAddress === null) {
      throw new AptosWalletError(AptosWalletErrorCode.Unauthorized, NOT_CONNECTED);
    }
    return this.#accountInfo();
  }

  /** `aptos:network`: the wallet's current network. */
  async network(): Promise<NetworkInfo> {
    return toStandardNetworkInfo(this.#host.network());
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
    signerAddress?: string,
  ): Promise<UserResponse<AccountAuthenticator>> {
    const { keyring, queue } = this.#host;
    return queue.handle<AccountAuthenticator, SigningContext>({
      kind: 'signTransaction',
      prepare: () =>
        this.#withInsight(
          prepareSignTransaction({
            state: this.#signingState(),
            transaction,
            asFeePayer: asFeePayer === true,
            nowMs: this.#host.now(),
            ...(signerAddress === undefined ? {} : { signerAddress }),
          }),
          transaction,
          asFeePayer !== true && !(transaction instanceof MultiAgentTransaction),
        ),
      recheck: (context) => recheckSigning(this.#signingState(), context),
      perform: (context) => {
        const signer = keyring.signer(context.signerAddress);
        if (asFeePayer === true) transaction.feePayerAddress = signer.accountAddress;
        return { output: signer.signTransactionWithAuthenticator(transaction) };
      },
    });
  }

  /** `aptos:signMessage`: signs the UTF-8 bytes of the AIP-62 `fullMessage` with the active account. */
  async signMessage(input: AptosSignMessageInput): Promise<UserResponse<AptosSignMessageOutput>> {
    const host = this.#host;
    return host.queue.handle<
      AptosSignMessageOutput,
      SigningContext & { fields: Omit<AptosSignMessageOutput, 'signature'> }
    >({
      kind: 'signMessage',
      prepare: () => {
        const refusal = signingRefusal(this.#signingState());
        if (refusal !== undefined) return { invalid: refusal };
        if (typeof input.message !== 'string' || typeof input.nonce !== 'string') {
          return { invalid: 'A message request needs a text `message` and a text `nonce`.' };
        }
        const signerAddress = host.keyring.activeAddress as string;
        const { chainId } = host.network();
        const fieldsBase = {
          ...(input.address === true ? { address: signerAddress } : {}),
          ...(input.application === true ? { application: host.application() } : {}),
          ...(input.chainId === true ? { chainId } : {}),
          message: input.message,
          nonce: input.nonce,
        };
        const fullMessage = buildFullMessage(fieldsBase);
        return {
          summary: { kind: 'signMessage', signer: signerAddress, ...fieldsBase, fullMessage },
          context: {
            signerAddress,
            chainId,
            fields: { ...fieldsBase, fullMessage, prefix: 'APTOS' },
          },
        };
      },
      recheck: (context) => recheckSigning(this.#signingState(), context),
      perform: (context) => {
        const signer = host.keyring.signer(context.signerAddress);
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
    const host = this.#host;
    const network = host.network();
    return host.queue.handle<
      AptosSignAndSubmitTransactionOutput,
      SigningContext & { transaction: SimpleTransaction }
    >({
      kind: 'signAndSubmitTransaction',
      prepare: async () => {
        const refusal = signingRefusal(this.#signingState());
        if (refusal !== undefined) return { invalid: refusal };
        const signerAddress = host.keyring.activeAddress as string;
        let transaction: SimpleTransaction;
        try {
          transaction = await host.chainClient(network).buildTransaction({
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
        return this.#withInsight(
          { summary: request, context: { signerAddress, chainId: network.chainId, transaction } },
          transaction,
          true,
        );
      },
      recheck: (context) => recheckSigning(this.#signingState(), context),
      perform: async (context) => {
        const signer = host.keyring.signer(context.signerAddress);
        const senderAuthenticator = signer.signTransactionWithAuthenticator(context.transaction);
        const { hash } = await host.chainClient(network).submitTransaction({
          transaction: context.transaction,
          senderAuthenticator,
        });
        return { output: { hash }, hash };
      },
    });
  }

  /** `aptos:changeNetwork`: switches the wallet's network after approval. */
  async changeNetwork(input: NetworkInfo): Promise<UserResponse<AptosChangeNetworkOutput>> {
    const host = this.#host;
    return host.queue.handle<AptosChangeNetworkOutput, DevWalletNetwork>({
      kind: 'changeNetwork',
      prepare: async () => {
        if (!host.connected()) return { invalid: NOT_CONNECTED };
        let network: DevWalletNetwork;
        try {
          network = await resolveNetwork({
            input: fromStandardNetworkInfo(input),
            fetchChainId: (nodeUrl) => host.fetchChainId(nodeUrl),
          });
        } catch (error) {
          return { invalid: errorMessage(error) };
        }
        const from = host.network();
        return {
          summary: { kind: 'changeNetwork', from, to: network },
          context: network,
          ...(isSameNetwork(from, network)
            ? { skipPrompt: 'The wallet is already on this network.' }
            : {}),
        };
      },
      perform: (network) => {
        host.applyNetwork(network);
        return { output: { success: true } };
      },
    });
  }

  /**
   * A valid signing request with what both prompts show beyond the bytes, added while the prompt
   * is open: arguments decoded with the function's ABI, and the outcome of the wallet's own
   * simulation. Neither can refuse the request.
   *
   * @param canSimulate - False when the wallet does not sign as the sole sender (fee payer,
   * multi-agent): a simulation then needs keys the wallet does not hold.
   */
  #withInsight<C extends SigningContext>(
    prepared: Prepared<C>,
    transaction: AnyRawTransaction,
    canSimulate: boolean,
  ): Prepared<C> {
    if (prepared.invalid !== undefined) return prepared;
    const keys = this.#host.keyring.accounts.find(
      (account) => account.address === prepared.context.signerAddress,
    )?.keys;
    const summary =
      keys !== undefined &&
      (prepared.summary.kind === 'signTransaction' ||
        prepared.summary.kind === 'signAndSubmitTransaction')
        ? {
            ...prepared.summary,
            signerKeys: `Signs with keys 1 to ${keys.threshold} of its ${keys.schemes.length} keys (threshold ${keys.threshold}).`,
          }
        : prepared.summary;
    if (summary.kind !== 'signTransaction' && summary.kind !== 'signAndSubmitTransaction') {
      return prepared;
    }
    const client = this.#host.chainClient(this.#host.network());
    const signerPublicKey = this.#host.keyring.signer(prepared.context.signerAddress).publicKey;
    const enrich = async (): Promise<DevWalletRequestSummary> => {
      const functionId = summary.transaction.function;
      const [abi, simulation] = await Promise.all([
        functionId === undefined
          ? undefined
          : client.fetchEntryFunctionAbi(functionId).catch(() => undefined),
        canSimulate && signerPublicKey instanceof MultiEd25519PublicKey
          ? {
              status: 'unavailable' as const,
              reason:
                'The ts-sdk cannot simulate a multi-Ed25519 signer; the workbench’s own simulate step runs it without a signature.',
            }
          : canSimulate
            ? client.simulateTransaction({ transaction, signerPublicKey }).then(
                (result): SimulationOutcome => ({
                  status: result.success ? 'success' : 'failure',
                  vmStatus: result.vmStatus,
                  gasUsed: result.gasUsed,
                }),
                (error: unknown): SimulationOutcome => ({
                  status: 'unavailable',
                  reason: `The node did not simulate it: ${errorMessage(error)}`,
                }),
              )
            : {
                status: 'unavailable' as const,
                reason: 'The wallet simulates only what it signs as the sole sender.',
              },
      ]);
      return {
        ...summary,
        transaction:
          abi === undefined
            ? summary.transaction
            : withAbiArguments({ summary: summary.transaction, transaction, abi }),
        simulation,
      };
    };
    return { ...prepared, summary, enrich };
  }

  #signingState(): SigningState {
    const { keyring } = this.#host;
    return {
      connected: this.#host.connected(),
      activeAddress: keyring.activeAddress,
      network: this.#host.network(),
      hasKey: (address) => keyring.has(address),
    };
  }

  #accountInfo(): AccountInfo {
    const signer = this.#host.keyring.signer(this.#host.keyring.activeAddress as string);
    return new AccountInfo({ address: signer.accountAddress, publicKey: signer.publicKey });
  }

  #connectSummary(): DevWalletRequestSummary {
    const { keyring } = this.#host;
    const active = keyring.active;
    return {
      kind: 'connect',
      application: this.#host.application(),
      account: active?.address ?? null,
      accountName: active?.name ?? `${keyring.defaultName()} (a new key, created on approval)`,
      network: this.#host.network(),
    };
  }

  #createWallet(): AptosWallet {
    const features: AptosFeatures = {
      'aptos:account': { version: '1.0.0', account: () => this.account() },
      'aptos:connect': { version: '1.0.0', connect: (silent, info) => this.connect(silent, info) },
      'aptos:disconnect': { version: '1.0.0', disconnect: () => this.disconnect() },
      'aptos:network': { version: '1.0.0', network: () => this.network() },
      'aptos:onAccountChange': {
        version: '1.0.0',
        onAccountChange: (callback) => this.onAccountChange(callback),
      },
      'aptos:onNetworkChange': {
        version: '1.0.0',
        onNetworkChange: (callback) => this.onNetworkChange(callback),
      },
      'aptos:signMessage': { version: '1.0.0', signMessage: (input) => this.signMessage(input) },
      'aptos:signTransaction': {
        version: '1.0.0',
        signTransaction: (transaction, asFeePayer) => this.signTransaction(transaction, asFeePayer),
      },
      'aptos:signAndSubmitTransaction': {
        version: '1.1.0',
        signAndSubmitTransaction: (input) => this.signAndSubmitTransaction(input),
      },
      'aptos:changeNetwork': { version: '1.0.0', changeNetwork: (i) => this.changeNetwork(i) },
    };
    const host = this.#host;
    return {
      version: '1.0.0',
      name: DEV_WALLET_NAME,
      // The wallet lives in the workbench page itself; it has no site of its own.
      url: window.location.origin,
      icon: DEV_WALLET_ICON,
      chains: APTOS_CHAINS,
      features,
      get accounts(): readonly AptosWalletAccount[] {
        const active = host.keyring.active;
        if (!host.connected() || active === null) return [];
        return [
          {
            address: active.address,
            publicKey: hexToBytes(active.publicKey),
            chains: APTOS_CHAINS,
            features: [],
            signingScheme:
              active.origin === 'multiEd25519'
                ? SigningScheme.MultiEd25519
                : active.origin === 'multiKey'
                  ? SigningScheme.MultiKey
                  : SigningScheme.Ed25519,
          },
        ];
      },
    };
  }
}
