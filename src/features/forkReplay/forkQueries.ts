import { fetchEntryFunctionAbi, type UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { queryOptions } from '@tanstack/react-query';
import {
  accountAtVersion,
  fetchSignedTransaction,
  listForks,
  openFork,
  reexecuteOnFork,
} from '../../../replay/forkReplay';
import { createAptos } from '../../aptos/createAptos';
import type { NetworkConfig } from '../../network/networks';

/**
 * TanStack Query factories of a replay on a fork (issue 34): the committed transaction, the fork
 * the embedded chain opens (`POST /workbench/forks`, one per node and version, so it is kept),
 * its upstream reads while it works, and the re-execution there. A fork and a re-execution of a
 * committed transaction never change: kept, not retried (the error says what would help).
 */
export const forkQueries = {
  /** The committed transaction at `version` on its network. */
  committed: (network: NetworkConfig, version: string) =>
    queryOptions({
      queryKey: ['transaction', network.fullnode, { kind: 'version', version }] as const,
      queryFn: async () =>
        (await createAptos(network).getTransactionByVersion({
          ledgerVersion: BigInt(version),
        })) as UserTransactionResponse,
      staleTime: Infinity,
      retry: false,
    }),
  /** The fork of `upstream` at `version`, opened by the embedded chain at `chainUrl`. */
  fork: (chainUrl: string, upstream: string, version: string) =>
    queryOptions({
      queryKey: ['fork', chainUrl, upstream, version] as const,
      queryFn: () => openFork({ chainUrl, upstreamUrl: upstream, version }),
      staleTime: Infinity,
      retry: false,
    }),
  /** The forks the embedded chain has open, with their reads (polled while a replay runs). */
  list: (chainUrl: string) =>
    queryOptions({
      queryKey: ['forks', chainUrl] as const,
      queryFn: () => listForks({ chainUrl }),
      retry: false,
    }),
  /** The upstream's transaction at `version` re-executed on the fork. */
  replay: (forkUrl: string, version: string) =>
    queryOptions({
      queryKey: ['forkReplay', forkUrl, version] as const,
      queryFn: () => reexecuteOnFork({ forkUrl, version }),
      staleTime: Infinity,
      retry: false,
    }),
  /** An entry function's ABI, from its network (for a fix with other arguments). */
  entryAbi: (network: NetworkConfig, fn: string) =>
    queryOptions({
      queryKey: ['entryFunctionAbi', network.fullnode, fn] as const,
      queryFn: () => {
        const [address = '', module = '', name = ''] = fn.split('::');
        return fetchEntryFunctionAbi(address, module, name, createAptos(network).config);
      },
      staleTime: Infinity,
      retry: false,
    }),
  /** The signed transaction at `version`, from its network (for a modified copy). */
  signed: (nodeUrl: string, version: string) =>
    queryOptions({
      queryKey: ['signedTransaction', nodeUrl, version] as const,
      queryFn: () => fetchSignedTransaction({ nodeUrl, version }),
      staleTime: Infinity,
      retry: false,
    }),
  /**
   * The account at `address` as of `ledgerVersion`, read from the fork (`null`: none there), for
   * a fix sent by another account. State at a past version never changes: kept.
   */
  accountAt: (forkUrl: string, address: string, ledgerVersion: string) =>
    queryOptions({
      queryKey: ['forkAccount', forkUrl, address, ledgerVersion] as const,
      queryFn: () => accountAtVersion({ forkUrl, address, ledgerVersion }),
      staleTime: Infinity,
      retry: false,
    }),
};
