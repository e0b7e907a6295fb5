import { Paper, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { memo, useContext, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { DraftArgument, TransactionContext, transactionMachine } from '../../../../machines';
import type { MoveTrace } from '../../../../replay/moveTrace';
import { EmptyState } from '../../../components/EmptyState';
import type { NetworkConfig } from '../../../network/networks';
import { useNetwork } from '../../../network/useNetwork';
import { RunsContext } from '../../runs/RunsContext';
import { traceTarget } from '../../trace';
import { TransactionTabs, type TransactionTab } from '../../transaction';
import { committedAsNode, simulationAsNode, timingRows } from './nodeTransaction';
import { OutcomeCard } from './OutcomeCard';
import { RawTransactionCard } from './RawTransactionCard';
import { SignersCard } from './SignersCard';
import { TimingCard } from './TimingCard';

function addresses(args: readonly DraftArgument[]): string[] {
  return args.flatMap((arg) =>
    Array.isArray(arg)
      ? addresses(arg)
      : typeof arg === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(arg)
        ? [arg]
        : [],
  );
}

/** What {@link RunResults} shows: the context of a live run, or a stored run's record. */
export type RunResultsData = Pick<
  TransactionContext,
  'built' | 'simulation' | 'committed' | 'outcome' | 'draft' | 'timing' | 'attempt'
> &
  Partial<Pick<TransactionContext, 'signatures'>>;

/**
 * The results of a run from plain data: the last step's outcome, then the transaction in explorer
 * tabs (Overview with the simulated → committed diff, Balance changes, Events, Write set, Payload
 * with the raw transaction, Timings). Before anything is simulated: the raw transaction and the
 * timings. Compose shows the live run with it, History a stored one. Memoised: the live run's
 * deferred context is the same object while a step's state paints.
 */
export const RunResults = memo(function RunResults({
  data,
  tab,
  onTabChange,
  network,
  ranOn,
  storedTrace,
  onTrace,
}: {
  data: RunResultsData;
  /** The network the run ran on, when it is the selected one (other assets' symbols). */
  network?: NetworkConfig | undefined;
  /** The network the run ran on, for its trace; `network` when absent. */
  ranOn?: { kind: string; fullnode: string } | undefined;
  /** A stored run's kept Move trace (shown when the chain cannot answer) and where a new one goes. */
  storedTrace?: MoveTrace | null | undefined;
  onTrace?: ((trace: MoveTrace) => void) | undefined;
  /** Controlled tab (Compose keeps it across runs); uncontrolled when absent. */
  tab?: TransactionTab;
  onTabChange?: (tab: TransactionTab) => void;
}) {
  const { built, simulation, committed, outcome, draft, timing, attempt } = data;
  const candidates = addresses(draft.payload.functionArguments);
  const simulated = simulation ? simulationAsNode(simulation, built, draft) : null;
  const shown = committed ? committedAsNode(committed, built, draft) : simulated;
  const rows = timingRows(timing);
  const traceNetwork = ranOn ?? network;
  // By version once committed; before, the built bytes simulated again with a trace.
  const trace = useMemo(
    () =>
      traceNetwork &&
      traceTarget({
        network: { kind: traceNetwork.kind, fullnode: traceNetwork.fullnode },
        version: committed?.version,
        built,
        stored: storedTrace,
        onTrace,
      }),
    [traceNetwork, committed?.version, built, storedTrace, onTrace],
  );
  const total =
    timing.attemptStartedAt !== null && timing.current !== null
      ? timing.current.since - timing.attemptStartedAt
      : null;
  const signersCard = built && (built.signers?.length ?? 1) > 1 && (
    <SignersCard
      built={built}
      signatures={data.signatures ?? []}
      feePaidBy={committed?.feePaidBy ?? simulation?.feePaidBy}
      simulatedOnly={committed === undefined || committed === null}
    />
  );
  const outcomeCard = (outcome || signersCard) && (
    <>
      {outcome && (
        <OutcomeCard
          outcome={outcome}
          {...(built ? { expirationSecs: built.expirationTimestampSecs } : {})}
        />
      )}
      {signersCard}
    </>
  );
  if (!shown) {
    return (
      <Stack gap="md">
        {outcomeCard}
        {built && <RawTransactionCard built={built} draft={draft} />}
        <TimingCard timing={timing} attempt={attempt} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {outcomeCard}
      <Paper
        withBorder
        p="sm"
        radius="md"
        component="section"
        aria-label={committed ? 'Committed transaction' : 'Simulation'}
      >
        <TransactionTabs
          transaction={shown}
          {...(committed && simulated ? { simulation: simulated } : {})}
          kind={committed ? 'committed' : 'simulated'}
          candidates={candidates}
          feePayer={committed?.feePaidBy ?? simulation?.feePaidBy}
          timings={rows}
          {...(total !== null
            ? {
                timingsNote: `Attempt ${attempt}: ${total} ms from its start to the current state.`,
              }
            : {})}
          payloadExtra={built && <RawTransactionCard built={built} draft={draft} />}
          label="Transaction results"
          network={network}
          trace={trace}
          {...(tab ? { tab } : {})}
          {...(onTabChange ? { onTabChange } : {})}
        />
      </Paper>
    </Stack>
  );
});

/** Everything the live Compose run produced so far ({@link RunResults} of its context). */
export function ResultsPanel({
  actorRef,
  onStart,
}: {
  actorRef: ActorRefFrom<typeof transactionMachine>;
  /** The first-steps guide shown while nothing has run (connect, fund, build). */
  onStart?: ReactNode;
}) {
  // Only whether there is anything to show: a draft update while editing changes the context but
  // not this, so typing in the composer does not render the results again.
  // Deferred, as the results below: a step press paints its controls and state first, and the
  // swap between the first-steps guide and the results follows as a non-urgent render.
  const hasResults = useDeferredValue(
    useSelector(
      actorRef,
      (snapshot) => Boolean(snapshot.context.outcome) || Boolean(snapshot.context.built),
    ),
  );
  const [tab, setTab] = useState<TransactionTab>('overview');
  if (!hasResults) {
    return (
      onStart ?? (
        <EmptyState title="Nothing run yet">
          Nothing has been built from the draft yet. Build, or Run all, and what the chain says at
          each step appears here.
        </EmptyState>
      )
    );
  }
  return <LiveRunResults actorRef={actorRef} tab={tab} onTabChange={setTab} />;
}

/** {@link RunResults} of the live context, subscribed only while there are results. */
function LiveRunResults({
  actorRef,
  tab,
  onTabChange,
}: {
  actorRef: ActorRefFrom<typeof transactionMachine>;
  tab: TransactionTab;
  onTabChange: (tab: TransactionTab) => void;
}) {
  // What the chain said follows the machine by a non-urgent render (the step's state paints first).
  const context = useDeferredValue(useSelector(actorRef, (snapshot) => snapshot.context));
  // A network switch interrupts the live run, so it ran on the selected network.
  const { network } = useNetwork();
  // The live run keeps the trace its Trace tab fetched (exports carry it).
  const keepTrace = useContext(RunsContext)?.keepTrace;
  return (
    <RunResults
      data={context}
      tab={tab}
      onTabChange={onTabChange}
      network={network}
      onTrace={keepTrace}
    />
  );
}
