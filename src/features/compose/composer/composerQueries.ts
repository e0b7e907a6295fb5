import { AptosApiError, type GasEstimation, type MoveModule } from '@aptos-labs/ts-sdk';
import { queryOptions } from '@tanstack/react-query';
import { createAptos } from '../../../aptos/createAptos';
import type { NetworkConfig } from '../../../network/networks';
import { COMPOSER_TIMEOUT_MS, withTimeout } from './networkProblem';

/**
 * The node's own answer (an HTTP error) is final; a network failure is tried once more. Either
 * way the query ends soon in an error the composer explains, never in "Loading…" forever.
 */
function retryOnce(failureCount: number, error: unknown): boolean {
  return !(error instanceof AptosApiError) && failureCount < 1;
}

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
      retry: retryOnce,
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
      retry: retryOnce,
    }),
};
