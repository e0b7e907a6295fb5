import { queryOptions } from '@tanstack/react-query';
import { formatUnits } from '../format/amounts';
import { workbenchTrace } from '../inspection/workbenchTrace';
import { networkLabels, type NetworkConfig } from '../network/networks';
import { accountQueries } from './chainQueries';

/**
 * An account's digital assets (`0x4` tokens and collections) and fungible-asset balances, read
 * from the network's indexer (GraphQL, Hasura's manner). The embedded chain serves the same tables
 * on `:8090/v1/graphql`; devnet, testnet and mainnet use the ts-sdk's indexer URLs.
 *
 * The indexer prints `bigint` and `numeric` columns as JSON numbers, which `JSON.parse` would
 * round above 2^53. {@link parseIndexerJson} keeps every number as its decimal text instead, so
 * amounts stay exact strings end to end.
 */

/** The indexer could not be asked, or did not answer usefully: the page says "indexer unavailable". */
export class IndexerUnavailableError extends Error {
  override readonly name = 'IndexerUnavailableError';
  constructor(
    message: string,
    /** The indexer's URL, when the network has one. */
    readonly url: string | null,
  ) {
    super(message);
  }
}

/** The indexer answered with GraphQL errors (a query it does not know, a bad filter). */
export class IndexerQueryError extends Error {
  override readonly name = 'IndexerQueryError';
}

/**
 * `JSON.parse` that keeps every number as its exact decimal text (`100000000` → `"100000000"`),
 * for indexer answers whose `bigint` and `numeric` columns are JSON numbers.
 *
 * @example
 * ```ts
 * parseIndexerJson('{"amount":18446744073709551615}'); // { amount: '18446744073709551615' }
 * ```
 */
export function parseIndexerJson(text: string): unknown {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? '';
    if (char === '"') {
      // Copy a string literal as it is, escapes included.
      let end = index + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out += text.slice(index, end + 1);
      index = end + 1;
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      const match = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(index, index + 400));
      const number = match?.[0] ?? char;
      out += `"${number}"`;
      index += number.length;
    } else {
      out += char;
      index += 1;
    }
  }
  return JSON.parse(out);
}

const INDEXER_TIMEOUT_MS = 10_000;

/**
 * Posts one GraphQL query to the network's indexer and returns its `data`, numbers as strings.
 * Throws {@link IndexerUnavailableError} when the network has no indexer or it cannot be reached,
 * {@link IndexerQueryError} when it answers with errors. The call shows in the visualizer's
 * sequence view like the SDK's.
 */
export async function queryIndexer<T>(args: {
  network: NetworkConfig;
  query: string;
  variables?: Record<string, unknown>;
}): Promise<T> {
  const { network, query, variables = {} } = args;
  const url = network.indexer ?? null;
  const label = networkLabels[network.kind];
  if (url === null) {
    throw new IndexerUnavailableError(
      `Indexer unavailable: the ${label} network has no indexer URL${network.kind === 'custom' ? ' (add one to the custom network in the header)' : ''}.`,
      null,
    );
  }
  const startedAt = Date.now();
  const started = performance.now();
  let status: number | null = null;
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(INDEXER_TIMEOUT_MS),
      });
    } catch (error) {
      const hint =
        network.kind === 'local'
          ? 'Start the embedded chain with npm start (or npm run localnet).'
          : 'Check your connection, or pick another network in the header.';
      throw new IndexerUnavailableError(
        `Indexer unavailable: the ${label} indexer at ${url} cannot be reached (${error instanceof Error ? error.message : String(error)}). ${hint}`,
        url,
      );
    }
    status = response.status;
    const text = await response.text();
    if (!response.ok) {
      throw new IndexerUnavailableError(
        `Indexer unavailable: the ${label} indexer at ${url} answered HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}.`,
        url,
      );
    }
    const body = parseIndexerJson(text) as {
      data?: T;
      errors?: Array<{ message?: string }>;
    };
    if (body.errors && body.errors.length > 0) {
      throw new IndexerQueryError(
        `The ${label} indexer refused the query: ${body.errors.map((error) => error.message ?? 'unknown error').join('; ')}`,
      );
    }
    if (body.data === undefined) {
      throw new IndexerQueryError(`The ${label} indexer answered without data.`);
    }
    return body.data;
  } finally {
    workbenchTrace.recordHttp({
      method: 'POST',
      url,
      status,
      startedAt,
      durationMs: performance.now() - started,
    });
  }
}

/** One token an account holds (a `0x4` digital asset, or a v1 token the indexer lists). */
export interface AccountToken {
  /** The token's object address (v2), or its token data id (v1). */
  tokenAddress: string;
  name: string;
  collectionName: string;
  collectionAddress: string;
  /** How many the owner holds, a decimal string (1 for a v2 token). */
  amount: string;
  owner: string;
  /** `v2` for `0x4` token objects. */
  standard: string;
  /** The ledger version of the last change to this holding, a decimal string. */
  lastVersion: string;
}

/** One collection an account created. */
export interface AccountCollection {
  collectionAddress: string;
  name: string;
  /** Tokens minted so far and the maximum, decimal strings (`null`: unlimited). */
  supply: string;
  maxSupply: string | null;
}

/** One fungible-asset balance, with the asset's metadata. */
export interface FungibleBalance {
  /** The coin type (`0x1::aptos_coin::AptosCoin`) or the metadata object's address. */
  assetType: string;
  name: string | null;
  symbol: string | null;
  /** The asset's decimals, when its metadata is known. */
  decimals: number | null;
  /** In the smallest unit, a decimal string. */
  amount: string;
  /** `amount` with the decimals applied and the symbol (`1.5 APT`), or the raw units. */
  formatted: string;
  isPrimary: boolean;
  storeId: string | null;
}

type Text = string | null | undefined;

interface OwnershipRow {
  token_data_id: Text;
  owner_address: Text;
  amount: Text;
  token_standard: Text;
  last_transaction_version: Text;
  current_token_data: {
    token_name: Text;
    collection_id: Text;
    current_collection: { collection_name: Text } | null;
  } | null;
}

interface CollectionRow {
  collection_id: Text;
  collection_name: Text;
  current_supply: Text;
  max_supply: Text;
}

interface BalanceRow {
  asset_type: Text;
  amount: Text;
  is_primary: Text | boolean;
  storage_id: Text;
  metadata: { name: Text; symbol: Text; decimals: Text } | null;
}

const TOKENS_QUERY = `query AccountTokens($owner: String!) {
  current_token_ownerships_v2(
    where: { owner_address: { _eq: $owner }, amount: { _gt: 0 } }
    order_by: [{ last_transaction_version: desc }, { token_data_id: asc }]
  ) {
    token_data_id owner_address amount token_standard last_transaction_version
    current_token_data { token_name collection_id current_collection { collection_name } }
  }
}`;

const COLLECTIONS_QUERY = `query AccountCollections($creator: String!) {
  current_collections_v2(
    where: { creator_address: { _eq: $creator } }
    order_by: [{ last_transaction_version: desc }]
  ) {
    collection_id collection_name current_supply max_supply
  }
}`;

const BALANCES_QUERY = `query AccountFungibleBalances($owner: String!) {
  current_fungible_asset_balances(
    where: { owner_address: { _eq: $owner } }
    order_by: [{ asset_type: asc }]
  ) {
    asset_type amount is_primary storage_id
    metadata { name symbol decimals }
  }
}`;

const text = (value: Text, fallback = ''): string => value ?? fallback;
/**
 * A whole-number column as decimal text: `numeric` columns may print a whole number as `1.0`;
 * anything else that is not a whole number is refused rather than rounded.
 */
export function decimalText(value: Text): string {
  const raw = text(value, '0');
  if (/^\d+$/.test(raw)) return raw;
  const whole = /^(\d+)\.0*$/.exec(raw);
  if (whole?.[1] !== undefined) return whole[1];
  throw new IndexerQueryError(`The indexer printed ${raw} where a whole number was expected.`);
}

/** The indexer's ownership rows as {@link AccountToken}s. */
export function toAccountTokens(rows: OwnershipRow[]): AccountToken[] {
  return rows.map((row) => ({
    tokenAddress: text(row.token_data_id),
    name: text(row.current_token_data?.token_name, '(unnamed)'),
    collectionName: text(row.current_token_data?.current_collection?.collection_name, '(unknown)'),
    collectionAddress: text(row.current_token_data?.collection_id),
    amount: decimalText(row.amount),
    owner: text(row.owner_address),
    standard: text(row.token_standard, 'v2'),
    lastVersion: decimalText(row.last_transaction_version),
  }));
}

/** The indexer's fungible-asset balance rows, with amounts formatted by their metadata. */
export function toFungibleBalances(rows: BalanceRow[]): FungibleBalance[] {
  return rows.map((row) => {
    const amount = decimalText(row.amount);
    const decimalsText = row.metadata?.decimals ?? null;
    const decimals = decimalsText === null ? null : Number(decimalsText);
    const symbol = row.metadata?.symbol ?? null;
    const formatted =
      decimals === null
        ? `${formatUnits(amount, 0)} (smallest units; no metadata)`
        : `${formatUnits(amount, decimals)}${symbol ? ` ${symbol}` : ''}`;
    return {
      assetType: text(row.asset_type, 'unknown'),
      name: row.metadata?.name ?? null,
      symbol,
      decimals,
      amount,
      formatted,
      isPrimary: row.is_primary === true || row.is_primary === 'true',
      storeId: row.storage_id ?? null,
    };
  });
}

function ownerKey(network: NetworkConfig, address: string) {
  return [...accountQueries.all(network), address, 'indexer'] as const;
}

/**
 * TanStack Query factories for an account's tokens, collections and fungible-asset balances.
 * Keys start with `accountQueries.all(network)`, so a committed transaction that invalidates the
 * account refreshes them.
 *
 * @example
 * ```ts
 * const tokens = useQuery(tokenQueries.accountTokens(network, address));
 * ```
 */
export const tokenQueries = {
  /** Tokens the account holds now (amount above 0), the most recently changed first. */
  accountTokens: (network: NetworkConfig, owner: string) =>
    queryOptions({
      queryKey: [...ownerKey(network, owner), 'tokens'] as const,
      queryFn: async (): Promise<AccountToken[]> =>
        toAccountTokens(
          (
            await queryIndexer<{ current_token_ownerships_v2: OwnershipRow[] }>({
              network,
              query: TOKENS_QUERY,
              variables: { owner },
            })
          ).current_token_ownerships_v2,
        ),
      retry: false,
    }),
  /** Collections the account created, the most recently changed first. */
  accountCollections: (network: NetworkConfig, creator: string) =>
    queryOptions({
      queryKey: [...ownerKey(network, creator), 'collections'] as const,
      queryFn: async (): Promise<AccountCollection[]> =>
        (
          await queryIndexer<{ current_collections_v2: CollectionRow[] }>({
            network,
            query: COLLECTIONS_QUERY,
            variables: { creator },
          })
        ).current_collections_v2.map((row) => ({
          collectionAddress: text(row.collection_id),
          name: text(row.collection_name),
          supply: decimalText(row.current_supply),
          maxSupply: row.max_supply == null ? null : decimalText(row.max_supply),
        })),
      retry: false,
    }),
  /** Fungible-asset balances with each asset's name, symbol and decimals. */
  fungibleBalances: (network: NetworkConfig, owner: string) =>
    queryOptions({
      queryKey: [...ownerKey(network, owner), 'fungibleBalances'] as const,
      queryFn: async (): Promise<FungibleBalance[]> =>
        toFungibleBalances(
          (
            await queryIndexer<{ current_fungible_asset_balances: BalanceRow[] }>({
              network,
              query: BALANCES_QUERY,
              variables: { owner },
            })
          ).current_fungible_asset_balances,
        ),
      retry: false,
    }),
};
