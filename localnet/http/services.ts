import type { LocalNode } from '../node/node.ts';
import { accountRoutes } from './accounts.ts';
import { blockRoutes } from './blocks.ts';
import { devControlRoutes } from './devControls.ts';
import { faucetRoutes } from './faucet.ts';
import { generalRoutes, ledgerHeaders } from './general.ts';
import { indexerRoutes } from './indexer.ts';
import { createRouter, type Router } from './router.ts';
import { transactionRoutes } from './transactions.ts';
import { viewRoutes } from './view.ts';

/** The pure routers of the four services. */
export function createRouters(node: LocalNode): {
  rest: Router;
  faucet: Router;
  indexer: Router;
  readiness: Router;
} {
  return {
    rest: createRouter(
      [
        ...generalRoutes(node),
        ...accountRoutes(node),
        ...transactionRoutes(node),
        ...blockRoutes(node),
        ...viewRoutes(node),
        ...devControlRoutes(node),
      ],
      () => ledgerHeaders(node),
    ),
    faucet: createRouter(faucetRoutes(node)),
    indexer: createRouter(indexerRoutes(node)),
    readiness: createRouter([
      {
        method: 'GET',
        pattern: '/',
        handler: () => ({
          json: {
            ready: true,
            chain_id: node.chainId,
            ledger_version: String(node.ledgerInfo().ledgerVersion),
          },
        }),
      },
    ]),
  };
}
