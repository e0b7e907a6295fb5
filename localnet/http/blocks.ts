import type { LocalNode } from '../node/node.ts';
import { pathU64, queryBool } from './params.ts';
import type { Route } from './types.ts';

export function blockRoutes(node: LocalNode): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/v1/blocks/by_height/:height',
      handler: (req, p) => ({
        json: node.getBlockByHeight(
          pathU64(p.height, 'block_height'),
          queryBool(req, 'with_transactions'),
        ),
      }),
    },
    {
      method: 'GET',
      pattern: '/v1/blocks/by_version/:version',
      handler: (req, p) => ({
        json: node.getBlockByVersion(
          pathU64(p.version, 'version'),
          queryBool(req, 'with_transactions'),
        ),
      }),
    },
  ];
}
