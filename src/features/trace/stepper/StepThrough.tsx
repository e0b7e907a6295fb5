import { Alert, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MoveTraceRequest, TraceFrame } from '../../../../replay/moveTrace';
import { firstStepOfFrame } from '../../../../replay/moveTraceSteps';
import { errorMessage } from '../../../errors/errorMessage';
import { traceQueries } from '../../../queries/traceQueries';
import { frameName } from '../traceModel';
import { Stepper } from './Stepper';

export interface StepThroughProps {
  /** The node that traced the execution (its `/v1` URL). */
  nodeUrl: string;
  /** What was traced: the same execution is traced again with `steps: true`. */
  request: MoveTraceRequest;
  /** The frame to start from. */
  frame: TraceFrame;
}

function StepperBody({ nodeUrl, request, frame }: StepThroughProps) {
  // Instruction steps only on request, for this one transaction (kept while the page lives).
  const query = useQuery(traceQueries.trace(nodeUrl, { ...request, steps: true }));
  if (query.isPending) {
    return <Loader size="sm" role="status" aria-label="Tracing every instruction" />;
  }
  if (query.isError) {
    return (
      <Alert color="red" title="The stepping trace failed">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const trace = query.data;
  const same = trace.frames[frame.id]?.function === frame.function;
  const start = same ? firstStepOfFrame(trace, frame.id) : 0;
  return (
    <Stack gap="sm">
      {!same && (
        <Alert color="orange" title="The execution ran differently this time">
          Frame {frame.id} was {frame.function}; traced again it is not, so stepping starts at the
          first instruction.
        </Alert>
      )}
      {trace.truncated.steps && (
        <Alert color="orange" title="Steps cut short">
          The execution ran more instructions than a stepping trace records; the last ones are not
          listed.
        </Alert>
      )}
      <Stepper trace={trace} start={start ?? 0} />
    </Stack>
  );
}

/**
 * "Step through": traces the same execution again with every instruction recorded and opens the
 * stepper at the frame's first instruction (a native's: its caller's call).
 */
export function StepThrough(props: StepThroughProps) {
  const [open, setOpen] = useState(false);
  const name = frameName(props.frame.function);
  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => setOpen(true)}>
        Step through
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close the stepper' }}
        title={
          <Text fw={700} ff="monospace" style={{ wordBreak: 'break-all' }}>
            Step through {props.frame.kind === 'transaction' ? 'the transaction' : name}
          </Text>
        }
      >
        {open && <StepperBody {...props} />}
      </Modal>
    </>
  );
}
