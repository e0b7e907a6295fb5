import type { Json } from '../encoding.ts';
import { parseAddress } from '../encoding.ts';
import type { LocalNode } from '../node/node.ts';
import { GraphqlError, runQuery, type Row } from './graphql.ts';
import { isJsonObject, jsonBody } from './params.ts';
import type { Route } from './types.ts';

/** The owner an SDK balance query filters on (`where_condition.owner_address._eq`). */
function ownerOf(where: Json | undefined): string | null {
  if (!isJsonObject(where ?? null)) return null;
  const owner = (where as Row).owner_address;
  if (isJsonObject(owner ?? null) && typeof (owner as Row)._eq === 'string')
    return (owner as Row)._eq as string;
  const and = (where as Row)._and;
  if (Array.isArray(and)) for (const part of and) if (ownerOf(part) !== null) return ownerOf(part);
  return null;
}

/**
 * The indexer's GraphQL endpoint, in Hasura's manner (`graphql.ts`): the tables below, with
 * `where`, `order_by`, `limit`, `offset`, only the selected columns, numbers for bigint and numeric
 * columns, and Hasura's error bodies (HTTP 200, `errors[].extensions.code`).
 */
export function indexerRoutes(node: LocalNode): Route[] {
  const handler: Route['handler'] = (req) => {
    const body = jsonBody(req);
    const query = isJsonObject(body) && typeof body.query === 'string' ? body.query : '';
    const variables =
      isJsonObject(body) && isJsonObject(body.variables ?? null) ? (body.variables as Row) : {};
    // Per-owner tables: the owner comes from the filter the SDK sends.
    const ownerAddress = (where: Json | undefined) => {
      const owner = ownerOf(where);
      return owner === null ? null : parseAddress(owner);
    };
    try {
      const data = runQuery(query, variables, {
        processor_status: () => node.processorStatus(),
        ledger_infos: () => node.indexerTable('ledger_infos'),
        user_transactions: () => node.indexerTable('user_transactions'),
        account_transactions: () => node.indexerTable('account_transactions'),
        table_metadatas: () => node.indexerTable('table_metadatas'),
        fungible_asset_metadata: () => node.indexerTable('fungible_asset_metadata'),
        fungible_asset_activities: () => node.indexerTable('fungible_asset_activities'),
        auth_key_account_addresses: () => node.indexerTable('auth_key_account_addresses'),
        public_key_auth_keys: () => node.indexerTable('public_key_auth_keys'),
        current_fungible_asset_balances: (where) => {
          const owner = ownerAddress(where);
          return owner === null ? [] : node.fungibleAssetBalances(owner);
        },
        current_objects: () => node.indexerTable('current_objects'),
        current_collections_v2: () => node.indexerTable('current_collections_v2'),
        current_token_datas_v2: () => node.indexerTable('current_token_datas_v2'),
        current_token_ownerships_v2: () => node.indexerTable('current_token_ownerships_v2'),
        token_activities_v2: () => node.indexerTable('token_activities_v2'),
        current_collection_ownership_v2_view: () =>
          node.indexerTable('current_collection_ownership_v2_view'),
        table_items: () => node.indexerTable('table_items'),
      });
      return { json: { data } };
    } catch (error) {
      if (error instanceof GraphqlError) return { json: error.body() };
      throw error;
    }
  };
  return [
    { method: 'POST', pattern: '/v1/graphql', handler },
    {
      method: 'GET',
      pattern: '/',
      handler: () => ({ json: { message: 'local indexer: POST GraphQL to /v1/graphql' } }),
    },
  ];
}
