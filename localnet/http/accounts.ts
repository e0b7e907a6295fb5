import { parseAddress, must } from '../encoding.ts';
import type { LocalNode } from '../node/node.ts';
import { pathAddress, pathStructTag, queryLimit, queryU64 } from './params.ts';
import type { HttpRequest, Route } from './types.ts';

function cursorHeaders(cursor: string | null): Record<string, string> {
  return cursor === null ? {} : { 'X-Aptos-Cursor': Buffer.from(cursor).toString('hex') };
}

function start(req: HttpRequest): string | undefined {
  const value = req.query.get('start');
  if (value === null || value === '') return undefined;
  return Buffer.from(value.replace(/^0x/, ''), 'hex').toString('utf8');
}

export function accountRoutes(node: LocalNode): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/v1/accounts/:address',
      handler: (req, p) => ({
        json: node.getAccount(pathAddress(p.address), queryU64(req, 'ledger_version')),
      }),
    },
    {
      method: 'GET',
      pattern: '/v1/accounts/:address/resources',
      handler: (req, p) => {
        const page = node.getResources(pathAddress(p.address), {
          version: queryU64(req, 'ledger_version'),
          start: start(req),
          limit: queryLimit(req, 9_999),
        });
        return { json: page.resources, headers: cursorHeaders(page.cursor) };
      },
    },
    {
      method: 'GET',
      pattern: '/v1/accounts/:address/resource/*type',
      handler: (req, p) => ({
        json: node.getResource(
          pathAddress(p.address),
          pathStructTag(p.type),
          queryU64(req, 'ledger_version'),
        ),
      }),
    },
    {
      method: 'GET',
      pattern: '/v1/accounts/:address/modules',
      handler: (req, p) => {
        const page = node.getModules(pathAddress(p.address), {
          start: start(req),
          limit: queryLimit(req, 1_000),
        });
        return { json: page.modules, headers: cursorHeaders(page.cursor) };
      },
    },
    {
      method: 'GET',
      pattern: '/v1/accounts/:address/module/:name',
      handler: (req, p) => ({
        json: node.getModule(
          pathAddress(p.address),
          decodeURIComponent(must(p.name)),
          queryU64(req, 'ledger_version'),
        ),
      }),
    },
    {
      method: 'GET',
      pattern: '/v1/accounts/:address/balance/*asset',
      handler: (req, p) => {
        const asset = decodeURIComponent(must(p.asset));
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
