import { Badge, Group, Paper, Progress, Stack, Stepper, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { memo, useDeferredValue, useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { statePath, transactionMachine } from '../../../../machines';
import { CodeText } from '../../transaction/CodeText';

/** Props of {@link RunStepper}. */
export interface RunStepperProps {
  actorRef: ActorRefFrom<typeof transactionMachine>;
}

const STEPS = ['Build', 'Simulate', 'Sign', 'Submit', 'Wait', 'Outcome'] as const;

/** Which step of the stepper a state path belongs to. */
export function stepIndex(path: string): number {
  const top = path.split('.')[0];
  switch (top) {
    case 'editing':
    case 'building':
    case 'buildError':
      return 0;
    case 'built':
    case 'simulating':
    case 'simulated':
    case 'simulationError':
      return 1;
    case 'signing':
    case 'rejected':
      return 2;
    case 'signed':
    case 'submitting':
    case 'submitRejected':
      return 3;
    case 'pending':
    case 'rechecking':
      return 4;
    default:
      return 5;
  }
}

function describe(path: string): string {
  try {
    return transactionMachine.getStateNodeById(`transaction.${path}`).description ?? '';
  } catch {
    return '';
  }
}

function seconds(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
}

/** The clock while a step is busy (re-renders four times a second), else `null`. */
function useNow(active: boolean): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, 250);
    const first = setTimeout(tick, 0);
    return () => {
      clearInterval(timer);
      clearTimeout(first);
    };
  }, [active]);
  return active ? now : null;
}

interface StepsProps {
  active: number;
  busy: boolean;
  failed: boolean;
  committed: boolean;
}

/** The lifecycle as a stepper: done, current (loading while busy), failed, to do. */
const Steps = memo(function Steps({ active, busy, failed, committed }: StepsProps) {
  return (
    <Stepper
      active={committed ? STEPS.length : active}
      size="xs"
      iconSize={26}
      aria-label="Transaction progress"
    >
      {STEPS.map((step, index) => {
        const failedHere = failed && index === active;
        return (
          <Stepper.Step
            key={step}
            label={step}
            description={failedHere ? 'failed' : undefined}
            loading={busy && index === active}
            // Only the step that failed is red; the steps before it stay done.
            color={failedHere ? 'red' : undefined}
            icon={failedHere ? <span aria-hidden>✕</span> : undefined}
            data-failed={failedHere || undefined}
            data-step={`${step}: ${failedHere ? 'failed' : index < active || committed ? 'done' : index === active ? 'current' : 'to do'}`}
          />
        );
      })}
    </Stepper>
  );
});

/**
 * Where the transaction is: a stepper over the lifecycle, the machine's full state path (e.g.
 * `simulated.failure`), its description and tags, and, while a step waits, the elapsed time
 * (with progress against the wait timeout while pending).
 */
export const RunStepper = memo(function RunStepper({ actorRef }: RunStepperProps) {
  const path = useSelector(actorRef, (snapshot) => statePath(snapshot.value));
  const tags = useSelector(actorRef, (snapshot) => [...snapshot.tags].sort().join(' '));
  const since = useSelector(actorRef, (snapshot) => snapshot.context.timing.current?.since ?? null);
  const timeoutSecs = useSelector(
    actorRef,
    (snapshot) => snapshot.context.draft.options.waitTimeoutSecs ?? 20,
  );
  const busy = tags.split(' ').includes('busy');
  const failed = tags.split(' ').includes('error');
  const now = useNow(busy);
  const elapsed = busy && since !== null && now !== null ? now - since : null;
  const active = stepIndex(path);
  const waiting = path === 'pending' || path === 'rechecking';
  // The stepper follows by a non-urgent render: a step press paints the state badge first.
  const stepsActive = useDeferredValue(active);
  const stepsBusy = useDeferredValue(busy);
  const stepsFailed = useDeferredValue(failed);
  const stepsCommitted = useDeferredValue(path === 'committed');

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Progress">
      <Stack gap="xs">
        <Steps
          active={stepsActive}
          busy={stepsBusy}
          failed={stepsFailed}
          committed={stepsCommitted}
        />
        <Group gap="xs" wrap="wrap">
          <Text size="sm">State</Text>
          <Badge
            size="lg"
            variant="light"
            color={failed ? 'red' : path === 'committed' ? 'teal' : 'blue'}
            role="status"
            aria-label={`Transaction machine state: ${path}`}
            style={{ textTransform: 'none' }}
          >
            {path}
          </Badge>
          {tags !== '' &&
            tags.split(' ').map((tag) => (
              <Badge key={tag} size="sm" variant="outline" color={tag === 'error' ? 'red' : 'gray'}>
                {tag}
              </Badge>
            ))}
        </Group>
        <Text size="sm" c="dimmed">
          <CodeText>{describe(path)}</CodeText>
        </Text>
        {elapsed !== null && (
          <Stack gap={4} aria-live="off">
            <Text size="xs" aria-label="Elapsed time">
              {waiting
                ? `Waiting for the chain: ${seconds(elapsed)} of ${timeoutSecs} s`
                : `Working: ${seconds(elapsed)}`}
            </Text>
            <Progress
              size="sm"
              animated
              value={waiting ? Math.min(100, (elapsed / (timeoutSecs * 1000)) * 100) : 100}
              aria-label="Wait progress"
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
});
