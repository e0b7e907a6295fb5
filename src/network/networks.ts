import {
  Network,
  NetworkToFaucetAPI,
  NetworkToIndexerAPI,
  NetworkToNodeAPI,
} from '@aptos-labs/ts-sdk';
import type { NetworkInfo } from '../../machines';

/** The networks a person can pick. `local` is the embedded chain started by `npm start`. */
export const networkKinds = ['local', 'devnet', 'testnet', 'mainnet', 'custom'] as const;
export type NetworkKind = (typeof networkKinds)[number];

/** A network the workbench talks to. Plain data, so it persists and travels in run records. */
export interface NetworkConfig {
  kind: NetworkKind;
  /** Full node REST URL, ending in `/v1`. */
  fullnode: string;
  faucet?: string;
  indexer?: string;
  /**
   * The chain id this network must report, when it is fixed (local 4, testnet 2, mainnet 1).
   * Devnet is reset from time to time with a new id, and a custom node may be anything.
   */
  expectedChainId?: number;
}

export const networkLabels: Record<NetworkKind, string> = {
  local: 'Local (embedded chain)',
  devnet: 'Devnet',
  testnet: 'Testnet',
  mainnet: 'Mainnet',
  custom: 'Custom',
};

function sdkNodeUrl(network: Network): string {
  const url = NetworkToNodeAPI[network];
  if (!url) throw new Error(`The ts-sdk knows no full node URL for ${network}`);
  return url;
}

/** A preset from the ts-sdk's URLs; only local and devnet have a faucet the workbench can call. */
function preset(
  kind: Exclude<NetworkKind, 'custom'>,
  network: Network,
  extra: { faucet?: boolean; expectedChainId?: number },
): NetworkConfig {
  return {
    kind,
    fullnode: sdkNodeUrl(network),
    ...(extra.faucet ? { faucet: NetworkToFaucetAPI[network] } : {}),
    indexer: NetworkToIndexerAPI[network],
    ...(extra.expectedChainId === undefined ? {} : { expectedChainId: extra.expectedChainId }),
  };
}

export const presetNetworks: Record<Exclude<NetworkKind, 'custom'>, NetworkConfig> = {
  local: preset('local', Network.LOCAL, { faucet: true, expectedChainId: 4 }),
  devnet: preset('devnet', Network.DEVNET, { faucet: true }),
  testnet: preset('testnet', Network.TESTNET, { expectedChainId: 2 }),
  mainnet: preset('mainnet', Network.MAINNET, { expectedChainId: 1 }),
};

export const defaultNetwork: NetworkConfig = presetNetworks.local;

/** What a person typed for a custom network. Empty strings mean "not given". */
export interface CustomNetworkInput {
  fullnode: string;
  faucet?: string;
  indexer?: string;
}

export type CustomNetworkResult =
  | { ok: true; network: NetworkConfig }
  | { ok: false; errors: Partial<Record<keyof CustomNetworkInput, string>> };

function checkUrl(value: string, what: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${what} is not a URL. Give a full address such as http://127.0.0.1:8080/v1.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `${what} must start with http:// or https://, not ${url.protocol}`;
  }
  return undefined;
}

/**
 * Validates a custom network. The full node URL is required; faucet and indexer are optional.
 * A full node URL without a path gets `/v1` appended, as every Aptos node serves its API there.
 */
export function parseCustomNetwork(input: CustomNetworkInput): CustomNetworkResult {
  const errors: Partial<Record<keyof CustomNetworkInput, string>> = {};
  const fullnode = input.fullnode.trim();
  const faucet = input.faucet?.trim() || undefined;
  const indexer = input.indexer?.trim() || undefined;
  if (!fullnode) {
    errors.fullnode =
      'A custom network needs a full node URL (for example http://127.0.0.1:8080/v1); faucet and indexer are optional.';
  } else {
    const problem = checkUrl(fullnode, 'The full node URL');
    if (problem) errors.fullnode = problem;
  }
  if (faucet) {
    const problem = checkUrl(faucet, 'The faucet URL');
    if (problem) errors.faucet = problem;
  }
  if (indexer) {
    const problem = checkUrl(indexer, 'The indexer URL');
    if (problem) errors.indexer = problem;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const url = new URL(fullnode);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/v1';
  return {
    ok: true,
    network: {
      kind: 'custom',
      fullnode: url.toString().replace(/\/$/, ''),
      ...(faucet ? { faucet } : {}),
      ...(indexer ? { indexer } : {}),
    },
  };
}

/** Reads a persisted network; anything unreadable falls back to the embedded chain. */
export function parseStoredNetwork(raw: string | null): NetworkConfig {
  if (!raw) return defaultNetwork;
  try {
    const value = JSON.parse(raw) as Partial<NetworkConfig> | null;
    if (!value || typeof value !== 'object') return defaultNetwork;
    if (value.kind === 'custom' && typeof value.fullnode === 'string') {
      const parsed = parseCustomNetwork({
        fullnode: value.fullnode,
        faucet: value.faucet,
        indexer: value.indexer,
      });
      return parsed.ok ? parsed.network : defaultNetwork;
    }
    if (value.kind && value.kind !== 'custom' && value.kind in presetNetworks) {
      return presetNetworks[value.kind];
    }
  } catch {
    // A corrupt entry is not worth an error: the default is a safe place to start from.
  }
  return defaultNetwork;
}

/** The ts-sdk's `Network` value for a workbench network. */
export function sdkNetwork(kind: NetworkKind): Network {
  switch (kind) {
    case 'local':
      return Network.LOCAL;
    case 'devnet':
      return Network.DEVNET;
    case 'testnet':
      return Network.TESTNET;
    case 'mainnet':
      return Network.MAINNET;
    case 'custom':
      return Network.CUSTOM;
  }
}

/**
 * The network as a run record keeps it (the transaction machine's `NetworkInfo`): the chain id
 * is `null` until known.
 *
 * @example
 * ```ts
 * toRunNetwork(presetNetworks.local); // { name: 'local', chainId: 4, nodeUrl: 'http://127.0.0.1:8080/v1' }
 * ```
 */
export function toRunNetwork(network: NetworkConfig): NetworkInfo {
  return {
    name: network.kind,
    chainId: network.expectedChainId ?? null,
    nodeUrl: network.fullnode,
  };
}
