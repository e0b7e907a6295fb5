import { AptosApiError, type MoveResource } from '@aptos-labs/ts-sdk';
import { queryOptions } from '@tanstack/react-query';
import { createAptos } from '../aptos/createAptos';
import type { NetworkConfig } from '../network/networks';

/** What a lookup box accepts: a 32-byte transaction hash or a ledger version. */
export type TransactionRef = { kind: 'hash'; hash: string } | { kind: 'version'; version: string };

/**
 * Reads what a person typed into a transaction lookup. Returns a message that says what is
 * allowed when the input is neither a hash nor a version.
 */
export function parseTransactionRef(input: string): TransactionRef | { error: string } {
  const value = input.trim();
  if (/^\d+$/.test(value)) return { kind: 'version', version: BigInt(value).toString() };
  const hex = value.replace(/^0x/i, '');
  if (/^[0-9a-fA-F]{64}$/.test(hex)) return { kind: 'hash', hash: `0x${hex.toLowerCase()}` };
  return {
    error:
      'Enter a transaction hash (64 hex characters, with or without 0x) or a ledger version (a whole number).',
  };
}

const aptCoin = '0x1::aptos_coin::AptosCoin';

/** TanStack Query factories for accounts. Keys start with the node URL so networks never mix. */
export const accountQueries = {
  all: (network: NetworkConfig) => ['account', network.fullnode] as const,
  resources: (network: NetworkConfig, address: string) =>
    queryOptions({
      queryKey: [...accountQueries.all(network), address, 'resources'] as const,
      queryFn: (): Promise<MoveResource[]> =>
        createAptos(network).getAccountResources({ accountAddress: address }),
    }),
  /** The APT balance in octas, as a decimal string (the SDK's helpers return a lossy number). */
  aptBalance: (network: NetworkConfig, address: string) =>
    queryOptions({
      queryKey: [...accountQueries.all(network), address, 'aptBalance'] as const,
      queryFn: async (): Promise<string> => {
        const [balance] = await createAptos(network).view<[string]>({
          payload: {
            function: '0x1::coin::balance',
            typeArguments: [aptCoin],
            functionArguments: [address],
          },
        });
        return String(balance);
      },
    }),
};

/** An asset's name, symbol and decimals, from its metadata on chain. */
export interface AssetMetadata {
  name: string;
  symbol: string;
  decimals: number;
}

/** The metadata's JSON (`0x1::fungible_asset::Metadata` or `0x1::coin::CoinInfo<T>`), checked. */
function assetMetadataOf(data: unknown): AssetMetadata | null {
  if (typeof data !== 'object' || data === null) return null;
  const { name, symbol, decimals } = data as Record<string, unknown>;
  const places = typeof decimals === 'number' ? decimals : Number(decimals);
  if (typeof name !== 'string' || typeof symbol !== 'string') return null;
  if (!Number.isInteger(places) || places < 0 || places > 32) return null;
  return { name, symbol, decimals: places };
}

/** TanStack Query factories for assets. */
export const assetQueries = {
  /**
   * Name, symbol and decimals of a fungible asset (its metadata object's address) or of a coin
   * type (`0x…::module::Type`); `null` when the chain has no such metadata.
   */
  metadata: (network: NetworkConfig, asset: string) =>
    queryOptions({
      queryKey: ['asset', network.fullnode, asset, 'metadata'] as const,
      queryFn: async (): Promise<AssetMetadata | null> => {
        const coin = asset.includes('::');
        const data = await createAptos(network)
          .getAccountResource({
            accountAddress: coin ? (asset.split('::')[0] ?? asset) : asset,
            resourceType: coin ? `0x1::coin::CoinInfo<${asset}>` : '0x1::fungible_asset::Metadata',
          })
          .catch((error: unknown) => {
            // No metadata at that address: the amounts stay in the smallest unit.
            if (error instanceof AptosApiError && error.status === 404) return null;
            throw error;
          });
        return assetMetadataOf(data);
      },
      staleTime: Infinity,
      retry: false,
    }),
};

export const transactionQueries = {
  lookup: (network: NetworkConfig, ref: TransactionRef) =>
    queryOptions({
      queryKey: ['transaction', network.fullnode, ref] as const,
      queryFn: () => {
        const aptos = createAptos(network);
        return ref.kind === 'hash'
          ? aptos.getTransactionByHash({ transactionHash: ref.hash })
          : aptos.getTransactionByVersion({ ledgerVersion: BigInt(ref.version) });
      },
      retry: false,
    }),
};
