import type {
  GetCurrentFungibleAssetBalancesResponse,
  MoveModuleBytecode,
  MoveResource,
  TransactionResponse,
} from '@aptos-labs/ts-sdk';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { createAptos } from '../../aptos/createAptos';
import type { NetworkConfig } from '../../network/networks';
import { accountQueries } from '../../queries/chainQueries';

/** Rows per page of an account's transactions. */
export const TRANSACTIONS_PAGE_SIZE = 10;

/**
 * Which slice of `/accounts/{addr}/transactions` (ascending by sequence number) is page `page`
 * when pages go newest first: `start` and `limit` for the node, for an account that has sent
 * `count` transactions. Page 0 holds the newest.
 *
 * @example
 * ```ts
 * transactionPageRange({ count: 23, page: 0, pageSize: 10 }); // { start: 13, limit: 10 }
 * transactionPageRange({ count: 23, page: 2, pageSize: 10 }); // { start: 0, limit: 3 }
 * ```
 */
export function transactionPageRange(args: { count: number; page: number; pageSize: number }): {
  start: number;
  limit: number;
} {
  const { count, page, pageSize } = args;
  const end = Math.max(0, count - page * pageSize);
  const start = Math.max(0, end - pageSize);
  return { start, limit: end - start };
}

/** One page of an account's sent transactions, newest first. */
export interface TransactionPage {
  /** How many transactions the account has sent (its sequence number). */
  count: number;
  page: number;
  pageCount: number;
  transactions: TransactionResponse[];
}

/** A balance the account holds: a coin (`CoinStore<T>`) or a fungible asset (indexer). */
export interface AccountBalance {
  kind: 'coin' | 'fungible asset';
  /** The coin type or the FA metadata address. */
  asset: string;
  /** In the asset's smallest unit, a decimal string. */
  amount: string;
  /** Whether the amount is APT (then shown as APT and octas). */
  isApt: boolean;
  /** The FA's store (primary or not), when the indexer says. */
  store?: string;
}

const APT_TYPES = new Set(['0x1::aptos_coin::AptosCoin', '0xa', `0x${'0'.repeat(63)}a`]);
const COIN_STORE = /^0x0*1::coin::CoinStore<(.+)>$/;

/** Coin balances from an account's `0x1::coin::CoinStore<T>` resources. */
export function coinBalances(resources: MoveResource[]): AccountBalance[] {
  return resources.flatMap((resource) => {
    const match = COIN_STORE.exec(resource.type);
    if (match === null) return [];
    const data = resource.data as { coin?: { value?: unknown } };
    const value = data.coin?.value;
    if (typeof value !== 'string') return [];
    const asset = match[1] ?? resource.type;
    return [{ kind: 'coin' as const, asset, amount: value, isApt: APT_TYPES.has(asset) }];
  });
}

/** Fungible-asset balances from the indexer's `current_fungible_asset_balances` rows. */
export function fungibleAssetBalances(
  rows: GetCurrentFungibleAssetBalancesResponse,
): AccountBalance[] {
  return rows.map((row) => ({
    kind: 'fungible asset' as const,
    asset: row.asset_type ?? 'unknown',
    amount: String(row.amount ?? '0'),
    isApt: APT_TYPES.has(row.asset_type ?? ''),
    ...(row.storage_id ? { store: row.storage_id } : {}),
  }));
}

function accountKey(network: NetworkConfig, address: string) {
  return [...accountQueries.all(network), address] as const;
}

/**
 * TanStack Query factories of the Chain page's account explorer. Keys start with
 * `accountQueries.all(network)`, so a dev control or a transfer that invalidates account data
 * refreshes these too.
 */
export const explorerQueries = {
  /** Page `page` (0 = newest) of the transactions the account sent. */
  transactions: (network: NetworkConfig, address: string, page: number) =>
    queryOptions({
      queryKey: [...accountKey(network, address), 'transactions', page] as const,
      queryFn: async (): Promise<TransactionPage> => {
        const aptos = createAptos(network);
        let count = 0;
        try {
          const info = await aptos.getAccountInfo({ accountAddress: address });
          count = Number(info.sequence_number);
        } catch (error) {
          // An account that was never created (nothing sent, nothing received) has sent nothing.
          if (!(error instanceof Error && /account_not_found|not found/i.test(error.message)))
            throw error;
        }
        const pageCount = Math.max(1, Math.ceil(count / TRANSACTIONS_PAGE_SIZE));
        const { start, limit } = transactionPageRange({
          count,
          page,
          pageSize: TRANSACTIONS_PAGE_SIZE,
        });
        const transactions =
          limit === 0
            ? []
            : await aptos.getAccountTransactions({
                accountAddress: address,
                options: { offset: start, limit },
              });
        return { count, page, pageCount, transactions: [...transactions].reverse() };
      },
      placeholderData: keepPreviousData,
    }),
  /** Fungible-asset balances, from the indexer the network serves (the embedded chain has one). */
  fungibleAssets: (network: NetworkConfig, address: string) =>
    queryOptions({
      queryKey: [...accountKey(network, address), 'fungibleAssets'] as const,
      queryFn: async () =>
        fungibleAssetBalances(
          await createAptos(network).getCurrentFungibleAssetBalances({
            options: { where: { owner_address: { _eq: address } } },
          }),
        ),
      retry: false,
    }),
  /** The modules published at the address, with their ABIs. */
  modules: (network: NetworkConfig, address: string) =>
    queryOptions({
      queryKey: [...accountKey(network, address), 'modules'] as const,
      queryFn: (): Promise<MoveModuleBytecode[]> =>
        createAptos(network).getAccountModules({ accountAddress: address }),
    }),
};
