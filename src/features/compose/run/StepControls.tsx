import { memo } from 'react';
import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { transactionMachine } from '../../../../machines';
import { enabledControls, shortcutOf, STEP_CONTROLS, type StepEvent } from './stepControls';

/** Props of {@link StepControls}. */
export interface StepControlsProps {
  actorRef: ActorRefFrom<typeof transactionMachine>;
  /** Whether the composer reports a valid draft (Build and Run all need one from `editing`). */
  draftReady: boolean;
}

function sameFlags(a: Record<StepEvent, boolean>, b: Record<StepEvent, boolean>): boolean {
  return STEP_CONTROLS.every((control) => a[control.event] === b[control.event]);
}

/**
 * Build, Simulate, Sign, Submit, Run all, Cancel, Recheck, Edit and Retry: each enabled exactly
 * when the transaction machine can take its event, each with an Alt+letter shortcut.
 */
export const StepControls = memo(function StepControls({
  actorRef,
  draftReady,
}: StepControlsProps) {
  const enabled = useSelector(
    actorRef,
    (snapshot) => enabledControls(snapshot, draftReady),
    sameFlags,
  );
  const failedSimulation = useSelector(actorRef, (snapshot) =>
    snapshot.matches({ simulated: 'failure' }),
  );
  const send = (event: StepEvent) => {
    if (enabledControls(actorRef.getSnapshot(), draftReady)[event]) actorRef.send({ type: event });
  };
  useHotkeys(
    STEP_CONTROLS.map((control) => [
      `alt+${control.key.toLowerCase()}`,
      () => send(control.event),
      { preventDefault: true },
    ]),
    [],
  );

  return (
    <Stack gap={6}>
      <Group gap="xs" role="toolbar" aria-label="Transaction steps">
        {STEP_CONTROLS.map((control) => {
          const label =
            failedSimulation && (control.event === 'sign' || control.event === 'run')
              ? `${control.label} anyway`
              : control.label;
          return (
            <Tooltip
              key={control.event}
              label={`${control.hint} (${shortcutOf(control)})`}
              openDelay={400}
            >
              <Button
                size="xs"
                variant={
                  control.event === 'run'
                    ? 'filled'
                    : control.event === 'cancel'
                      ? 'outline'
                      : 'light'
                }
                color={control.event === 'cancel' ? 'red' : undefined}
                disabled={!enabled[control.event]}
                aria-keyshortcuts={shortcutOf(control)}
                onClick={() => send(control.event)}
              >
                {label}
              </Button>
            </Tooltip>
          );
        })}
      </Group>
      <Text size="xs" c="dimmed" aria-label="Keyboard shortcuts">
        Shortcuts:{' '}
        {STEP_CONTROLS.map((control) => `${shortcutOf(control)} ${control.label}`).join(' · ')}
      </Text>
    </Stack>
  );
});
