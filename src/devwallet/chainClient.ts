import {
  Aptos,
  AptosConfig,
  fetchEntryFunctionAbi,
  Network,
  type AnyRawTransaction,
  type EntryFunctionABI,
  type PublicKey,
  type AccountAuthenticator,
  type AccountAddressInput,
  type InputGenerateTransactionOptions,
  type InputGenerateTransactionPayloadData,
  type SimpleTransaction,
} from '@aptos-labs/ts-sdk';
import type { DevWalletNetwork } from './networks';

/**
 * Everything the dev wallet asks of a node: reading the chain id, building and submitting a
 * transaction, and funding from the faucet. The default talks to the node with the ts-sdk; tests
 * inject a fake.
 */
export interface DevWalletChainClient {
  /** The node's chain id, from its ledger info. */
  getChainId(): Promise<number>;
  /** Builds a single-signer transaction (fetches sequence number, gas price and chain id). */
  buildTransaction(args: {
    sender: AccountAddressInput;
    data: InputGenerateTransactionPayloadData;
    options?: InputGenerateTransactionOptions;
  }): Promise<SimpleTransaction>;
  /** Submits a signed transaction and returns its hash (does not wait for it). */
  submitTransaction(args: {
    transaction: SimpleTransaction;
    senderAuthenticator: AccountAuthenticator;
  }): Promise<{ hash: string }>;
  /** Simulates a transaction as signed by `signerPublicKey`: what the prompts show. */
  simulateTransaction(args: {
    transaction: AnyRawTransaction;
    signerPublicKey: PublicKey;
  }): Promise<{ success: boolean; vmStatus: string; gasUsed: string }>;
  /** The parameter types of an entry function (signers left out), to decode its arguments. */
  fetchEntryFunctionAbi(functionId: string): Promise<EntryFunctionABI>;
  /** Asks the faucet for `amount` octas and waits until the funding transaction commits. */
  fundAccount(args: {
    accountAddress: AccountAddressInput;
    amount: number;
  }): Promise<{ hash: string }>;
}

/** Makes the chain client for a network. */
export type CreateChainClient = (network: DevWalletNetwork) => DevWalletChainClient;

function aptosConfigFor(network: DevWalletNetwork): AptosConfig {
  if (network.name === 'custom') {
    return new AptosConfig({
      network: Network.CUSTOM,
      fullnode: network.nodeUrl,
      ...(network.faucetUrl === undefined ? {} : { faucet: network.faucetUrl }),
    });
  }
  return new AptosConfig({ network: network.name as Network });
}

/** Seconds a transaction the wallet builds stays valid (the ts-sdk's default). */
const EXPIRATION_SECS = 20;

/**
 * Expiration for the embedded chain, counted from the chain's clock (`GET /workbench/clock`, which
 * "Advance clock" moves ahead of the wall clock) rather than the browser's; the wall clock when the
 * dev controls do not answer.
 */
export async function localExpiration(network: DevWalletNetwork): Promise<number> {
  let nowMs = Date.now();
  try {
    const response = await fetch(`${network.nodeUrl.replace(/\/v1\/?$/, '')}/workbench/clock`);
    if (response.ok) {
      const clock = (await response.json()) as { now_microseconds?: unknown };
      if (typeof clock.now_microseconds === 'string' && /^\d+$/.test(clock.now_microseconds)) {
        nowMs = Number(BigInt(clock.now_microseconds) / 1000n);
      }
    }
  } catch {
    // The wall clock then.
  }
  return Math.floor(nowMs / 1000) + EXPIRATION_SECS;
}

/**
 * The chain client backed by the ts-sdk, against the wallet's own node URL (not the adapter's).
 *
 * @example
 * ```ts
 * const client = createSdkChainClient(LOCAL_NETWORK);
 * await client.getChainId(); // 4
 * ```
 */
export const createSdkChainClient: CreateChainClient = (network) => {
  const config = aptosConfigFor(network);
  const aptos = new Aptos(config);
  return {
    getChainId: () => aptos.getChainId(),
    buildTransaction: async (args) =>
      aptos.transaction.build.simple(
        network.name === 'local' && args.options?.expireTimestamp === undefined
          ? {
              ...args,
              options: { ...args.options, expireTimestamp: await localExpiration(network) },
            }
          : args,
      ),
    submitTransaction: async (args) => {
      const pending = await aptos.transaction.submit.simple(args);
      return { hash: pending.hash };
    },
    simulateTransaction: async (args) => {
      const [result] = await aptos.transaction.simulate.simple(args);
      if (result === undefined) throw new Error('the node returned no simulation result');
      return { success: result.success, vmStatus: result.vm_status, gasUsed: result.gas_used };
    },
    fetchEntryFunctionAbi: (functionId) => {
      const [address = '', moduleName = '', functionName = ''] = functionId.split('::');
      return fetchEntryFunctionAbi(address, moduleName, functionName, config);
    },
    fundAccount: async (args) => {
      const committed = await aptos.fundAccount(args);
      return { hash: committed.hash };
    },
  };
};

/** Reads a node's chain id with the ts-sdk (used when switching to devnet or a custom node). */
export async function fetchChainIdWithSdk(nodeUrl: string): Promise<number> {
  const aptos = new Aptos(new AptosConfig({ network: Network.CUSTOM, fullnode: nodeUrl }));
  return aptos.getChainId();
}
