import type { LongAddress } from '../encoding.ts';
import { parseAddress, must } from '../encoding.ts';
import type { LocalNode } from '../node/node.ts';
import { decodePath, pathAddress, pathStructTag, queryLimit, queryU64 } from './params.ts';
import type { HttpRequest, Route } from './types.ts';

function cursorHeaders(cursor: string | null): Record<string, string> {
  return cursor === null ? {} : { 'X-Aptos-Cursor': Buffer.from(cursor).toString('hex') };
}

function start(req: HttpRequest): string | undefined {
  const value = req.query.get('start');
  if (value === null || value === '') return undefined;
  return Buffer.from(value.replace(/^0x/, ''), 'hex').toString('utf8');
}

/** A list under an account, paged by `?start=` and `X-Aptos-Cursor` (the cursor is hex on the wire). */
function pagedRoute(
  pattern: string,
  maxLimit: number,
  list: (
    req: HttpRequest,
    address: LongAddress,
    start: string | undefined,
    limit: number | undefined,
  ) => { items: unknown[]; cursor: string | null },
): Route {
  return {
    method: 'GET',
    pattern,
    handler: (req, p) => {
      const page = list(req, pathAddress(p.address), start(req), queryLimit(req, maxLimit));
      return { json: page.items, headers: cursorHeaders(page.cursor) };
    },
  };
}

/** A read of one thing under an account, at `?ledger_version=` (latest when absent). */
function atVersion(
  pattern: string,
  read: (
    params: Record<string, string>,
    address: LongAddress,
    version: bigint | undefined,
  ) => unknown,
): Route {
  return {
    method: 'GET',
    pattern,
    handler: (req, p) => ({
      json: read(p, pathAddress(p.address), queryU64(req, 'ledger_version')),
    }),
  };
}

export function accountRoutes(node: LocalNode): Route[] {
  return [
    atVersion('/v1/accounts/:address', (_p, address, version) => node.getAccount(address, version)),
    pagedRoute('/v1/accounts/:address/resources', 9_999, (req, address, start, limit) => {
      const page = node.getResources(address, {
        version: queryU64(req, 'ledger_version'),
        start,
        limit,
      });
      return { items: page.resources, cursor: page.cursor };
    }),
    atVersion('/v1/accounts/:address/resource/*type', (p, address, version) =>
      node.getResource(address, pathStructTag(p.type), version),
    ),
    pagedRoute('/v1/accounts/:address/modules', 1_000, (_req, address, start, limit) => {
      const page = node.getModules(address, { start, limit });
      return { items: page.modules, cursor: page.cursor };
    }),
    atVersion('/v1/accounts/:address/module/:name', (p, address, version) =>
      node.getModule(address, decodePath(must(p.name), 'module_name'), version),
    ),
    {
      method: 'GET',
      pattern: '/v1/accounts/:address/balance/*asset',
      handler: (req, p) => {
        const asset = decodePath(must(p.asset), 'asset_type');
        const metadata = asset.includes('::') ? null : parseAddress(asset);
        const balance = node.getBalance(
          pathAddress(p.address),
          metadata !== null ? { metadata } : { coinType: pathStructTag(asset, 'asset_type') },
          queryU64(req, 'ledger_version'),
        );
        return { raw: balance.toString() };
      },
    },
    {
      method: 'GET',
      pattern: '/v1/accounts/:address/transactions',
      handler: (req, p) => ({
        json: node.getAccountTransactions(pathAddress(p.address), {
          start: queryU64(req, 'start'),
          limit: queryLimit(req, 100),
        }),
      }),
    },
  ];
}
