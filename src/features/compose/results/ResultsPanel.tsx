import { SimpleGrid, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { DraftArgument, TransactionContext, transactionMachine } from '../../../../machines';
import { EmptyState } from '../../../components/EmptyState';
import { ExecutionCard, type Execution } from './ExecutionCard';
import { OutcomeCard } from './OutcomeCard';
import { RawTransactionCard } from './RawTransactionCard';
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
>;

/**
 * The results of a run from plain data: the last step's outcome, the raw transaction, the
 * simulation and the committed transaction (side by side when both exist), and timings per step.
 * Compose shows the live run with it, History a stored one.
 */
export function RunResults({ data }: { data: RunResultsData }) {
  const { built, simulation, committed, outcome, draft, timing, attempt } = data;
  const sender = built?.sender ?? draft.sender;
  const candidates = addresses(draft.payload.functionArguments);
  const committedExecution: Execution | null = committed
    ? { ...committed, gasUnitPrice: built?.gasUnitPrice ?? null }
    : null;
  return (
    <Stack gap="md">
      {outcome && (
        <OutcomeCard
          outcome={outcome}
          {...(built ? { expirationSecs: built.expirationTimestampSecs } : {})}
        />
      )}
      {built && <RawTransactionCard built={built} draft={draft} />}
      {(simulation || committedExecution) && (
        <SimpleGrid cols={{ base: 1, md: simulation && committedExecution ? 2 : 1 }} spacing="md">
          {simulation && (
            <ExecutionCard
              title="Simulation"
              execution={{
                ...simulation,
                gasUnitPrice: simulation.gasUnitPrice ?? built?.gasUnitPrice ?? null,
              }}
              sender={sender}
              candidates={candidates}
            />
          )}
          {committedExecution && (
            <ExecutionCard
              title="Committed transaction"
              execution={committedExecution}
              sender={sender}
              candidates={candidates}
            />
          )}
        </SimpleGrid>
      )}
      <TimingCard timing={timing} attempt={attempt} />
    </Stack>
  );
}

/** Everything the live Compose run produced so far ({@link RunResults} of its context). */
export function ResultsPanel({ actorRef }: { actorRef: ActorRefFrom<typeof transactionMachine> }) {
  const context = useSelector(actorRef, (snapshot) => snapshot.context);
  if (!context.outcome && !context.built) {
    return (
      <EmptyState
        title="Nothing run yet"
        upcoming={[
          'The raw transaction: its fields and its BCS, with copy',
          'The simulation and the committed transaction, side by side, explained',
          'Gas used × price = fee, balance changes, events, the write set, and timings per step',
        ]}
      >
        Nothing has been built from the draft yet. Build, or Run all, and what the chain says at
        each step appears here.
      </EmptyState>
    );
  }
  return <RunResults data={context} />;
}
