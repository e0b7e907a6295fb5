import { Alert, Stack } from '@mantine/core';
import type { MoveTrace } from '../../../../replay/moveTrace';
import { errorMessage } from '../../../errors/errorMessage';
import { TraceView } from '../TraceView';

export interface StoredTraceProps {
  /** The trace kept with the run (History, or an imported run file). */
  trace: MoveTrace;
  /** Where the run ran; `null` when unknown. */
  network: { kind: string; fullnode: string } | null;
  /** What the chain answered instead: a trace of another transaction (another chain). */
  answered: MoveTrace | null;
  /** Why the chain did not answer, when it failed. */
  error: Error | null;
}

function why({ trace, network, answered, error }: StoredTraceProps): string {
  const at = trace.version === undefined ? '' : ` at version ${trace.version}`;
  if (answered !== null) {
    return `The chain at ${network?.fullnode ?? 'this node'} holds another transaction${at} (${answered.hash}): it is not the chain this run ran on.`;
  }
  if (error !== null) return `The chain cannot trace it now: ${errorMessage(error)}`;
  if (network !== null && network.kind !== 'local') {
    return `The run ran on ${network.kind}, whose nodes do not trace.`;
  }
  return 'The chain was not asked: the run holds neither its version nor its built bytes.';
}

/**
 * The trace kept with a run, when the chain cannot answer for it (offline, another machine, a
 * shared run file): the same view, with why it is the stored one. Stepping needs the chain.
 */
export function StoredTrace(props: StoredTraceProps) {
  const { trace } = props;
  return (
    <Stack gap="sm">
      <Alert color="blue" title="The trace stored with this run">
        {why(props)} This is the trace kept with the run
        {trace.version === undefined ? '' : ` of version ${trace.version}`} ({trace.hash}), without
        instruction steps.
      </Alert>
      <TraceView trace={trace} frameActions={() => null} />
    </Stack>
  );
}
