import type { GasEstimation, MoveModule } from '@aptos-labs/ts-sdk';
import { queryOptions } from '@tanstack/react-query';
import { createAptos } from '../../../aptos/createAptos';
import type { NetworkConfig } from '../../../network/networks';
import { COMPOSER_TIMEOUT_MS, withTimeout } from './networkProblem';

/**
 * TanStack Query factories for what the composer reads from the chain. Keys start with the node
 * URL so networks never mix.
 *
 * @example
 * ```ts
 * const { data: modules } = useQuery(composerQueries.modules(network, '0x1'));
 * ```
 */
export const composerQueries = {
  /** The ABIs of the modules published at `address` (long form), sorted by name. */
  modules: (network: NetworkConfig, address: string) =>
    queryOptions({
      queryKey: ['composer', network.fullnode, 'modules', address] as const,
      queryFn: async (): Promise<MoveModule[]> => {
        const modules = await withTimeout(
          createAptos(network).getAccountModules({ accountAddress: address }),
          COMPOSER_TIMEOUT_MS,
          `the modules at ${address}`,
        );
        return modules
          .flatMap((module) => (module.abi ? [module.abi] : []))
          .sort((a, b) => a.name.localeCompare(b.name));
      },
      staleTime: 60_000,
      // One retry: an unreachable node ends in an error the composer explains, soon.
      retry: 1,
    }),
  /** The node's gas unit price estimate. */
  gasPrice: (network: NetworkConfig) =>
    queryOptions({
      queryKey: ['composer', network.fullnode, 'gasPrice'] as const,
      queryFn: (): Promise<GasEstimation> =>
        withTimeout(
          createAptos(network).getGasPriceEstimation(),
          COMPOSER_TIMEOUT_MS,
          'the gas price estimate',
        ),
      staleTime: 30_000,
      retry: 1,
    }),
};
