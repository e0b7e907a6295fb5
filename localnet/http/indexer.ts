import type { Json } from '../encoding.ts';
import { parseAddress } from '../encoding.ts';
import type { LocalNode } from '../node/node.ts';
import { isJsonObject, jsonBody } from './params.ts';
import type { Route } from './types.ts';

type Row = { [key: string]: Json };

/** Applies a Hasura-style `where` with `_eq` / `_in` on top-level columns (all the SDK sends here). */
function matches(row: Row, where: Json | undefined): boolean {
  if (where === undefined || !isJsonObject(where)) return true;
  return Object.entries(where).every(([column, condition]) => {
    if (!isJsonObject(condition)) return true;
    const value = row[column];
    const same = (expected: Json | undefined): boolean =>
      column.endsWith('_address') && typeof expected === 'string' && typeof value === 'string'
        ? parseAddress(expected) === parseAddress(value)
        : expected === value;
    if ('_eq' in condition && !same(condition._eq ?? null)) return false;
    if ('_in' in condition && !(Array.isArray(condition._in) && condition._in.some(same)))
      return false;
    return true;
  });
}

function page(rows: Row[], variables: { [key: string]: Json }): Row[] {
  const offset = typeof variables.offset === 'number' ? variables.offset : 0;
  const limit = typeof variables.limit === 'number' ? variables.limit : rows.length;
  return rows.slice(offset, offset + limit);
}

/**
 * A minimal indexer GraphQL endpoint: it answers the root fields `processor_status` and
 * `current_fungible_asset_balances` (what `aptos.fundAccount` and balance lookups ask), filtered
 * by the `where_condition` variable. Other queries get a GraphQL error.
 */
export function indexerRoutes(node: LocalNode): Route[] {
  const handler: Route['handler'] = (req) => {
    const body = jsonBody(req);
    const query = isJsonObject(body) && typeof body.query === 'string' ? body.query : '';
    const variables =
      isJsonObject(body) && isJsonObject(body.variables ?? null) ? (body.variables as Row) : {};
    const where = variables.where_condition;
    const data: Row = {};
    if (/\bprocessor_status\b/.test(query)) {
      data.processor_status = node.processorStatus().filter((row) => matches(row, where));
    }
    if (/\bcurrent_fungible_asset_balances\b/.test(query)) {
      const owner =
        isJsonObject(where ?? null) && isJsonObject((where as Row).owner_address ?? null)
          ? ((where as Row).owner_address as Row)._eq
          : undefined;
      const address = typeof owner === 'string' ? parseAddress(owner) : null;
      const rows =
        address === null
          ? []
          : node.fungibleAssetBalances(address).filter((row) => matches(row, where));
      data.current_fungible_asset_balances = page(rows, variables);
    }
    if (Object.keys(data).length === 0) {
      return {
        json: {
          errors: [
            {
              message:
                'the local indexer answers processor_status and current_fungible_asset_balances only',
            },
          ],
        },
      };
    }
    return { json: { data } };
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
