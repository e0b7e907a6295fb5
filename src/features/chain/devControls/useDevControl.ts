import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNetwork } from '../../../network/useNetwork';
import { accountQueries } from '../../../queries/chainQueries';
import { callDevControl, workbenchQueryKey } from './devControlQueries';

/**
 * A mutation that calls one dev control (`POST /workbench/…`), then refetches the dev-control
 * queries, the ledger info and account data (a mined block, a revert or a clock jump changes
 * them all).
 *
 * @example
 * ```tsx
 * const control = useDevControl<{ id: string }>();
 * control.mutate({ path: '/snapshot', body: {} });
 * ```
 */
export function useDevControl<T = unknown>() {
  const { network } = useNetwork();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { path: string; body?: unknown }) =>
      callDevControl<T>({ network, path: args.path, body: args.body ?? {} }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: workbenchQueryKey(network) }),
        queryClient.invalidateQueries({ queryKey: ['ledgerInfo', network.fullnode] }),
        queryClient.invalidateQueries({ queryKey: accountQueries.all(network) }),
      ]);
    },
  });
}
