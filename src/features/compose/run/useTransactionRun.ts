import type { Aptos } from '@aptos-labs/ts-sdk';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { InspectionEvent } from 'xstate';
import { transactionClock, transactionMachine, type TransactionDraft } from '../../../../machines';
import { createTransactionActors, type TransactionSigner } from '../../../actors/transactionActors';
import type { DevWallet } from '../../../devwallet';
import { useLatest } from '../../../hooks/useLatest';
import { workbenchTrace } from '../../../inspection/workbenchTrace';
import { toRunNetwork, type NetworkConfig } from '../../../network/networks';
import { accountQueries } from '../../../queries/chainQueries';
import { devControlQueries, workbenchQueryKey } from '../../chain/devControls/devControlQueries';

/** The draft the machine starts with, before the composer reports one. */
export function emptyDraft(sender: string | null): TransactionDraft {
  return {
    sender: sender ?? '0x0',
    payload: { function: '0x1::aptos_account::transfer', typeArguments: [], functionArguments: [] },
    options: {},
  };
}

/**
 * How old the last answer of the chain's clock may be for {@link chainNow} to count from it. The
 * page's polling of the clock (the dev controls) asks every 5 s.
 */
export const CHAIN_CLOCK_FRESH_MS = 5_000;

/**
 * Now, as the chain counts it: the embedded chain's clock can be advanced past the wall clock, and
 * an expiration counted from the browser's clock would already be past there. Elsewhere (and when
 * the dev controls do not answer) the wall clock.
 *
 * The chain's clock is the wall clock plus an offset that only the dev controls move, so a recent
 * answer (at most {@link CHAIN_CLOCK_FRESH_MS} old, not invalidated, as this page's dev controls
 * do when they move it) plus the time since it came is now on the chain: a step press then asks
 * nothing before building (asking costs the press a request started in its task), and the answer
 * is refreshed after the press for the next one. A clock moved from elsewhere (another tab, the
 * CLI) is seen once that answer is older than the limit.
 */
export async function chainNow(queryClient: QueryClient, network: NetworkConfig): Promise<number> {
  if (network.kind !== 'local') return Date.now();
  const clockQuery = devControlQueries.clock(network);
  const cached = queryClient.getQueryState(clockQuery.queryKey);
  const age = cached === undefined ? Infinity : Date.now() - cached.dataUpdatedAt;
  if (
    cached?.data !== undefined &&
    cached.status === 'success' &&
    !cached.isInvalidated &&
    age >= 0 &&
    age <= CHAIN_CLOCK_FRESH_MS
  ) {
    // Refreshed after this task (the press's), for the next build.
    setTimeout(() => void queryClient.prefetchQuery({ ...clockQuery, staleTime: 0 }), 0);
    return Number(BigInt(cached.data.now_microseconds) / 1000n) + age;
  }
  try {
    const clock = await queryClient.fetchQuery({ ...clockQuery, staleTime: 0 });
    return Number(BigInt(clock.now_microseconds) / 1000n);
  } catch {
    return Date.now();
  }
}

/**
 * Runs the transaction machine for one page, with the browser actors: the workbench's own client
 * for the chain and the connected wallet (read when a step runs) for signing. After a transaction
 * commits (or fails on chain), the account, ledger and dev-control queries are refetched.
 *
 * @param args.network - the selected network (a new network needs a new hook instance).
 * @param args.aptos - the workbench's client for it.
 * @param args.signer - the connected wallet now, or `null`.
 * @param args.devWallet - the in-page dev wallet.
 * @param args.draft - the draft to start with (default: an empty one for the sender).
 * @param args.inspect - XState's inspection callback (the run recorder).
 * @returns the running machine's actor.
 * @example
 * ```tsx
 * const actorRef = useTransactionRun({ network, aptos: createAptos(network), signer, devWallet });
 * ```
 */
export function useTransactionRun(args: {
  network: NetworkConfig;
  aptos: Aptos;
  signer: TransactionSigner | null;
  devWallet: DevWallet | undefined;
  sender: string | null;
  draft?: TransactionDraft;
  inspect?: (event: InspectionEvent) => void;
}) {
  const { network, aptos, signer, devWallet, sender, draft, inspect } = args;
  const queryClient = useQueryClient();
  // The actors read the wallet when a step runs, not when the machine starts.
  const getSigner = useLatest(signer);

  const [logic] = useState(() =>
    transactionMachine.provide({
      actors: createTransactionActors({
        aptos,
        getSigner,
        now: () => chainNow(queryClient, network),
        ...(devWallet === undefined ? {} : { devWallet }),
      }),
      actions: transactionClock(Date.now),
    }),
  );
  const actorRef = useActorRef(logic, {
    input: { draft: draft ?? emptyDraft(sender), network: toRunNetwork(network) },
    // The visualizer's trace sees every actor; the caller's inspector (the run recorder) too.
    inspect: (event) => {
      workbenchTrace.inspectTransaction(event);
      inspect?.(event);
    },
  });

  useEffect(() => {
    let seen: string | null = null;
    const subscription = actorRef.subscribe((snapshot) => {
      const hash = snapshot.context.committed?.hash ?? null;
      if (!(snapshot.matches('committed') || snapshot.matches('failed')) || hash === seen) return;
      seen = hash;
      void queryClient.invalidateQueries({ queryKey: accountQueries.all(network) });
      void queryClient.invalidateQueries({ queryKey: ['ledgerInfo', network.fullnode] });
      void queryClient.invalidateQueries({ queryKey: workbenchQueryKey(network) });
    });
    return () => subscription.unsubscribe();
  }, [actorRef, queryClient, network]);

  return actorRef;
}
