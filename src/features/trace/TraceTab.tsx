import { Alert, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import {
  MoveTraceUnavailableError,
  simulationTransactionHex,
  type MoveTrace,
  type MoveTraceRequest,
  type TraceFrame,
} from '../../../replay/moveTrace';
import type { TransactionKind } from '../../../machines';
import { errorMessage } from '../../errors/errorMessage';
import { traceQueries } from '../../queries/traceQueries';
import { StepThrough } from './stepper';
import { StoredTrace } from './stored';
import { TraceView } from './TraceView';

/** What the Trace tab needs to ask for a trace: where the transaction ran, and what ran. */
export interface TraceTarget {
  /** The network's kind (`local` is the embedded chain, the only one that traces) and node URL. */
  network: { kind: string; fullnode: string };
  /** A committed version, or the simulation's bytes; `null` when neither is known. */
  request: MoveTraceRequest | null;
  /** The trace kept with a stored run: shown when the chain cannot answer for it. */
  stored?: MoveTrace | null | undefined;
  /** Told each trace the chain answers (History keeps it with the run). */
  onTrace?: ((trace: MoveTrace) => void) | undefined;
}

/**
 * The target for a transaction: by its version once committed, else by its built bytes (a
 * simulation on the latest state); `request` is `null` when there is neither.
 */
export function traceTarget(args: {
  network: { kind: string; fullnode: string };
  version?: string | null | undefined;
  built?: { rawTransactionHex: string; kind?: TransactionKind } | null | undefined;
  stored?: MoveTrace | null | undefined;
  onTrace?: ((trace: MoveTrace) => void) | undefined;
}): TraceTarget {
  const { network, version, built, stored, onTrace } = args;
  const kept = { ...(stored ? { stored } : {}), ...(onTrace ? { onTrace } : {}) };
  if (version) return { network, request: { version }, ...kept };
  if (built) {
    try {
      return { network, request: { transaction: simulationTransactionHex(built) }, ...kept };
    } catch {
      // Bytes the SDK cannot read back: nothing to simulate.
    }
  }
  return { network, request: null, ...kept };
}

export interface TraceTabProps {
  target: TraceTarget | undefined;
  /** Passed to the view: controls for the selected frame; "Step through" (the stepper) by default. */
  frameActions?: (frame: TraceFrame, trace: MoveTrace) => ReactNode;
}

/**
 * The Trace tab: asks the embedded chain for the transaction's Move trace (on demand, when the
 * tab opens) and shows it; elsewhere it says why there is none.
 */
export function TraceTab({ target, frameActions }: TraceTabProps) {
  const local = target?.network.kind === 'local';
  const request = target?.request ?? null;
  const query = useQuery({
    ...traceQueries.trace(target?.network.fullnode ?? '', request ?? { version: '0' }),
    enabled: local && request !== null,
  });
  const onTrace = target?.onTrace;
  useEffect(() => {
    if (query.data !== undefined) onTrace?.(query.data);
  }, [query.data, onTrace]);
  const stored = target?.stored ?? null;
  if (stored !== null && !(local && query.isSuccess && query.data.hash === stored.hash)) {
    if (local && request !== null && query.isPending) {
      return <Loader size="sm" role="status" aria-label="Tracing the transaction" />;
    }
    return (
      <StoredTrace
        trace={stored}
        network={target?.network ?? null}
        answered={query.data ?? null}
        error={query.error}
      />
    );
  }
  if (target === undefined || request === null) {
    return (
      <Text size="sm">
        No trace: a trace needs the transaction&apos;s version once committed, or its built bytes to
        simulate, and neither is known here.
      </Text>
    );
  }
  if (!local) {
    return (
      <Alert color="blue" title="Tracing needs the embedded chain">
        A Move call trace is recorded by the workbench&apos;s embedded local chain, which runs the
        bytecode itself. This transaction is on {target.network.kind} ({target.network.fullnode}),
        whose nodes do not trace. Run the same transaction on the Local network (npm start) to see
        its call tree, gas and the abort&apos;s stack.
      </Alert>
    );
  }
  if (query.isPending) {
    return <Loader size="sm" role="status" aria-label="Tracing the transaction" />;
  }
  if (query.isError) {
    return (
      <Alert
        color={query.error instanceof MoveTraceUnavailableError ? 'blue' : 'red'}
        title={
          query.error instanceof MoveTraceUnavailableError
            ? 'This node does not trace'
            : 'The trace failed'
        }
      >
        {errorMessage(query.error)}
      </Alert>
    );
  }
  return (
    <TraceView
      key={`${query.data.kind}:${query.data.hash}:${query.data.version ?? ''}`}
      trace={query.data}
      frameActions={
        frameActions ??
        ((frame) => (
          <StepThrough nodeUrl={target.network.fullnode} request={request} frame={frame} />
        ))
      }
    />
  );
}
