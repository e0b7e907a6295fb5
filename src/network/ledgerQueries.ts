import { queryOptions } from '@tanstack/react-query';
import { createAptos } from '../aptos/createAptos';
import { errorMessage } from '../errors/errorMessage';
import { networkLabels, type NetworkConfig } from './networks';

/** TanStack Query factories for ledger-level chain data. */
export const ledgerQueries = {
  /** `GET /v1`: chain id, ledger version, timestamps. Refreshed every few seconds. */
  info: (network: NetworkConfig) =>
    queryOptions({
      queryKey: ['ledgerInfo', network.fullnode] as const,
      queryFn: () => createAptos(network).getLedgerInfo(),
      refetchInterval: 5_000,
      retry: 1,
    }),
};

/** Whether the node answers and reports the chain id this network must have. */
export type ChainCheck =
  | { state: 'checking' }
  | { state: 'ok'; chainId: number }
  | { state: 'mismatch'; chainId: number; expected: number }
  | { state: 'unreachable'; message: string };

/** Compares what the node said with what the network must be. */
export function checkChain(
  network: NetworkConfig,
  result: { chainId?: number; error?: unknown; pending: boolean },
): ChainCheck {
  if (result.chainId !== undefined) {
    const expected = network.expectedChainId;
    if (expected !== undefined && expected !== result.chainId) {
      return { state: 'mismatch', chainId: result.chainId, expected };
    }
    return { state: 'ok', chainId: result.chainId };
  }
  if (result.error !== undefined && result.error !== null) {
    const reason = errorMessage(result.error);
    const hint =
      network.kind === 'local'
        ? 'Start the embedded chain with npm start (or npm run localnet).'
        : `Check your connection, or pick another network in the header${network.kind === 'custom' ? ' (or correct the custom URL)' : ''}.`;
    return {
      state: 'unreachable',
      message: `The ${networkLabels[network.kind]} node at ${network.fullnode} cannot be reached (${reason}). ${hint}`,
    };
  }
  return { state: 'checking' };
}
