import type { MoveResource } from '@aptos-labs/ts-sdk';
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
