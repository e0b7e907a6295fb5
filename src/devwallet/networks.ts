import {
  Network,
  NetworkToChainId,
  NetworkToFaucetAPI,
  NetworkToNodeAPI,
} from '@aptos-labs/ts-sdk';
import type { NetworkInfo } from '@aptos-labs/wallet-standard';
import { networkKinds, type NetworkKind } from '../network/networks';
import { MAINNET_CHAIN_ID } from './constants';
import { DevWalletError } from './DevWalletError';
import { errorMessage } from '../errors/errorMessage';

/** Networks the dev wallet knows by name: the workbench's network kinds. */
export type DevWalletNetworkName = NetworkKind;

/** Every network name, in the order the UI lists them. */
export const DEV_WALLET_NETWORK_NAMES: readonly DevWalletNetworkName[] = networkKinds;

/**
 * The network the wallet signs for: plain data, safe to serialise. Unlike the workbench's
 * `NetworkConfig`, its chain id is always known (a wallet must check every transaction against it).
 */
export interface DevWalletNetwork {
  readonly name: DevWalletNetworkName;
  /** The chain id every transaction the wallet signs must carry. */
  readonly chainId: number;
  /** Full node REST URL, ending in `/v1`. */
  readonly nodeUrl: string;
  /** Faucet URL, when the network has a faucet a program may call. */
  readonly faucetUrl?: string;
}

/** What a caller asks for when switching networks; missing parts are filled in or fetched. */
export interface DevWalletNetworkInput {
  readonly name: DevWalletNetworkName;
  readonly chainId?: number;
  readonly nodeUrl?: string;
  readonly faucetUrl?: string;
}

const LABELS: Record<DevWalletNetworkName, string> = {
  local: 'Local',
  devnet: 'Devnet',
  testnet: 'Testnet',
  mainnet: 'Mainnet',
  custom: 'Custom',
};

/** The embedded local chain, the wallet's default network (chain id 4). */
export const LOCAL_NETWORK: DevWalletNetwork = {
  name: 'local',
  chainId: NetworkToChainId[Network.LOCAL],
  nodeUrl: NetworkToNodeAPI[Network.LOCAL],
  faucetUrl: NetworkToFaucetAPI[Network.LOCAL],
};

/**
 * A short label for people, e.g. `Local · chain id 4`.
 *
 * @example
 * ```ts
 * networkLabel(LOCAL_NETWORK); // 'Local · chain id 4'
 * ```
 */
export function networkLabel(network: DevWalletNetwork): string {
  return `${LABELS[network.name]} · chain id ${network.chainId}`;
}

/** The display name of a network name (`devnet` → `Devnet`). */
export function networkNameLabel(name: DevWalletNetworkName): string {
  return LABELS[name];
}

/** Type guard for network names read from storage, URLs or wallet requests. */
export function isDevWalletNetworkName(value: unknown): value is DevWalletNetworkName {
  return (
    typeof value === 'string' && (DEV_WALLET_NETWORK_NAMES as readonly string[]).includes(value)
  );
}

/** True for the networks whose keys the wallet keeps in browser storage: local, devnet, testnet. */
export function isPersistentNetwork(network: DevWalletNetwork): boolean {
  return network.name === 'local' || network.name === 'devnet' || network.name === 'testnet';
}

/** True when the network is Aptos mainnet, by name or by chain id. */
export function isMainnet(network: { name: string; chainId: number }): boolean {
  return network.name === 'mainnet' || network.chainId === MAINNET_CHAIN_ID;
}

/**
 * Why the faucet cannot fund accounts on this network, or `undefined` when it can.
 *
 * @example
 * ```ts
 * faucetRefusal({ network: mainnet }); // 'Mainnet has no faucet.'
 * ```
 */
export function faucetRefusal(args: { network: DevWalletNetwork }): string | undefined {
  const { network } = args;
  if (isMainnet(network)) return 'Mainnet has no faucet.';
  if (network.name === 'testnet') {
    return "Testnet's faucet cannot be used programmatically: mint test APT on the Aptos Testnet Faucet web page (aptos.dev, Network › Faucet) and paste this account's address there.";
  }
  if (network.faucetUrl === undefined) {
    return 'This custom network has no faucet URL. Switch the wallet to a network with a faucet (local or devnet), or give the custom network a faucet URL.';
  }
  return undefined;
}

/**
 * The network in the form the wallet standard returns from `aptos:network`.
 *
 * @example
 * ```ts
 * toStandardNetworkInfo(LOCAL_NETWORK); // { name: 'local', chainId: 4, url: 'http://127.0.0.1:8080/v1' }
 * ```
 */
export function toStandardNetworkInfo(network: DevWalletNetwork): NetworkInfo {
  return { name: network.name as Network, chainId: network.chainId, url: network.nodeUrl };
}

/** What an app's `aptos:changeNetwork` asks for, as a switch request ({@link resolveNetwork} checks it). */
export function fromStandardNetworkInfo(info: NetworkInfo): DevWalletNetworkInput {
  return {
    name: info.name as DevWalletNetworkName,
    chainId: info.chainId,
    ...(info.url === undefined ? {} : { nodeUrl: info.url }),
  };
}

/** True when both are the same chain at the same node. */
export function isSameNetwork(a: DevWalletNetwork, b: DevWalletNetwork): boolean {
  return a.name === b.name && a.chainId === b.chainId && a.nodeUrl === b.nodeUrl;
}

function invalidNetwork(message: string): DevWalletError {
  return new DevWalletError({ code: 'INVALID_NETWORK', message });
}

function checkHttpUrl(value: string, what: string): string {
  const trimmed = value.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw invalidNetwork(
      `The ${what} is not a URL. Enter a full URL such as http://127.0.0.1:8080/v1.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidNetwork(`The ${what} must start with http:// or https://.`);
  }
  return trimmed.replace(/\/+$/, '');
}

function checkChainId(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId < 1 || chainId > 255) {
    throw invalidNetwork(
      `Chain id ${chainId} is not valid: Aptos chain ids are whole numbers from 1 to 255.`,
    );
  }
  return chainId;
}

/**
 * Turns a network request into a complete network, fetching the chain id from the node when it
 * is not fixed (devnet, custom) and not given.
 *
 * @param args.input - The requested network.
 * @param args.fetchChainId - Asks a node for its chain id.
 * @returns The network with chain id and URLs.
 * @throws DevWalletError `INVALID_NETWORK` for contradictions or missing URLs, `NODE_UNREACHABLE`
 * when the chain id had to be fetched and could not be.
 * @example
 * ```ts
 * await resolveNetwork({ input: { name: 'custom', nodeUrl: 'http://127.0.0.1:8080/v1', chainId: 4 }, fetchChainId });
 * ```
 */
export async function resolveNetwork(args: {
  input: DevWalletNetworkInput;
  fetchChainId: (nodeUrl: string) => Promise<number>;
}): Promise<DevWalletNetwork> {
  const { input, fetchChainId } = args;
  if (!isDevWalletNetworkName(input.name)) {
    throw invalidNetwork(
      `Unknown network "${String(input.name)}": choose local, devnet, testnet, mainnet or custom.`,
    );
  }
  const fixedChainId = NetworkToChainId[input.name] as number | undefined;
  if (fixedChainId !== undefined && input.chainId !== undefined && input.chainId !== fixedChainId) {
    throw invalidNetwork(
      `${LABELS[input.name]} is chain id ${fixedChainId}, not ${input.chainId}. Use the custom network for other chains.`,
    );
  }
  let nodeUrl: string;
  let faucetUrl: string | undefined;
  if (input.name === 'custom') {
    if (input.nodeUrl === undefined || input.nodeUrl.trim() === '') {
      throw invalidNetwork(
        'A custom network needs a full node URL (for example http://127.0.0.1:8080/v1).',
      );
    }
    nodeUrl = checkHttpUrl(input.nodeUrl, 'full node URL');
    faucetUrl =
      input.faucetUrl === undefined || input.faucetUrl.trim() === ''
        ? undefined
        : checkHttpUrl(input.faucetUrl, 'faucet URL');
  } else {
    nodeUrl = NetworkToNodeAPI[input.name];
    faucetUrl = NetworkToFaucetAPI[input.name] as string | undefined;
  }
  let chainId = fixedChainId ?? input.chainId;
  if (chainId === undefined) {
    try {
      chainId = await fetchChainId(nodeUrl);
    } catch (error) {
      throw new DevWalletError({
        code: 'NODE_UNREACHABLE',
        message: `Could not read the chain id from ${nodeUrl} (${errorMessage(error)}). Check that the node is running and reachable, or enter the chain id.`,
      });
    }
  }
  return {
    name: input.name,
    chainId: checkChainId(chainId),
    nodeUrl,
    ...(faucetUrl === undefined ? {} : { faucetUrl }),
  };
}
