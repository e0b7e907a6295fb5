import type { LocalNode } from '../node/node.ts';
import { accountRoutes } from './accounts.ts';
import { blockRoutes } from './blocks.ts';
import { devControlRoutes } from './devControls.ts';
import { faucetRoutes } from './faucet.ts';
import { forkRoutes, type ForkLauncher } from './forks.ts';
import { generalRoutes, ledgerHeaders } from './general.ts';
import { indexerRoutes } from './indexer.ts';
import { reexecuteRoutes } from './reexecute.ts';
import { traceRoutes } from './trace.ts';
import { sourceRoutes } from './sources.ts';
import type { AccessPolicy } from './access.ts';
import { createRouter, type Router } from './router.ts';
import { transactionRoutes } from './transactions.ts';
import { viewRoutes } from './view.ts';

/** The pure routers of the four services. */
export function createRouters(
  node: LocalNode,
  policy: AccessPolicy,
  forks?: ForkLauncher,
): {
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
        ...reexecuteRoutes(node),
        ...traceRoutes(node),
        ...sourceRoutes(node),
        ...(forks === undefined ? [] : forkRoutes(forks)),
      ],
      {
        policy,
        guarded: (path) => path.startsWith('/workbench/'),
        headers: () => ledgerHeaders(node),
        settle: (run) => node.settle(run),
      },
    ),
    faucet: createRouter(faucetRoutes(node), {
      policy,
      guarded: () => true,
      settle: (run) => node.settle(run),
    }),
    indexer: createRouter(indexerRoutes(node), { policy }),
    readiness: createRouter(
      [
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
      ],
      { policy },
    ),
  };
}
