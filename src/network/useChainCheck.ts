import { useQuery } from '@tanstack/react-query';
import { checkChain, ledgerQueries, type ChainCheck } from './ledgerQueries';
import { useNetwork } from './useNetwork';

/** Asks the selected node for its ledger info and checks its chain id. */
export function useChainCheck(): ChainCheck {
  const { network } = useNetwork();
  const query = useQuery(ledgerQueries.info(network));
  return checkChain(network, {
    chainId: query.data?.chain_id,
    error: query.isError ? query.error : undefined,
    pending: query.isPending,
  });
}
