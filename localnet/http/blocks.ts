import type { LocalNode } from '../node/node.ts';
import { pathU64, queryBool } from './params.ts';
import type { Route } from './types.ts';

export function blockRoutes(node: LocalNode): Route[] {
  const by = (
    kind: 'by_height' | 'by_version',
    name: string,
    read: (at: bigint, withTransactions: boolean) => unknown,
  ): Route => ({
    method: 'GET',
    pattern: `/v1/blocks/${kind}/:at`,
    handler: (req, p) => ({
      json: read(pathU64(p.at, name), queryBool(req, 'with_transactions')),
    }),
  });
  return [
    by('by_height', 'block_height', (height, txs) => node.getBlockByHeight(height, txs)),
    by('by_version', 'version', (version, txs) => node.getBlockByVersion(version, txs)),
  ];
}
