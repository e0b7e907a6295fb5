import { memo, useCallback, type ComponentPropsWithRef } from 'react';
import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { TransactionSnapshot, transactionMachine } from '../../../../machines';
import { useLatest } from '../../../hooks/useLatest';
import {
  enabledControls,
  shortcutOf,
  STEP_CONTROLS,
  type StepControl,
  type StepEvent,
} from './stepControls';

/** Props of {@link StepControls}. */
export interface StepControlsProps {
  actorRef: ActorRefFrom<typeof transactionMachine>;
  /** Whether the composer reports a valid draft (Build and Run all need one from `editing`). */
  draftReady: boolean;
  /**
   * Called before each press: hands the composer's latest draft to the machine, and says whether
   * it is valid (`undefined` when unknown); `draftReady` may still be a render behind.
   */
  beforeStep?: () => boolean | undefined;
}

/** The flags of one snapshot, computed once for the nine buttons that each read theirs. */
const flagsBySnapshot = new WeakMap<
  TransactionSnapshot,
  { draftReady: boolean; flags: Record<StepEvent, boolean> }
>();

function flagsOf(snapshot: TransactionSnapshot, draftReady: boolean): Record<StepEvent, boolean> {
  const cached = flagsBySnapshot.get(snapshot);
  if (cached?.draftReady === draftReady) return cached.flags;
  const flags = enabledControls(snapshot, draftReady);
  flagsBySnapshot.set(snapshot, { draftReady, flags });
  return flags;
}

/** What the Tooltip hands its target (its handlers and ref), passed on to the button. */
type ReferenceProps = Omit<ComponentPropsWithRef<'button'>, 'color' | 'children'>;

interface StepButtonProps {
  actorRef: ActorRefFrom<typeof transactionMachine>;
  control: StepControl;
  draftReady: boolean;
  onSend: (event: StepEvent) => void;
}

/**
 * The button of one step, subscribed to its own enabled state and label: a transition renders
 * again only the buttons that change, and not their tooltips (a Mantine Tooltip costs more to
 * render than its button).
 */
function StepButtonFace({
  actorRef,
  control,
  draftReady,
  onSend,
  onClick,
  ...reference
}: StepButtonProps & ReferenceProps) {
  const enabled = useSelector(actorRef, (snapshot) => flagsOf(snapshot, draftReady)[control.event]);
  const anyway = useSelector(
    actorRef,
    (snapshot) =>
      (control.event === 'sign' || control.event === 'run') &&
      snapshot.matches({ simulated: 'failure' }),
  );
  return (
    <Button
      {...reference}
      size="xs"
      variant={
        control.event === 'run' ? 'filled' : control.event === 'cancel' ? 'outline' : 'light'
      }
      color={control.event === 'cancel' ? 'red' : undefined}
      disabled={!enabled}
      aria-keyshortcuts={shortcutOf(control)}
      onClick={(event) => {
        onClick?.(event);
        onSend(control.event);
      }}
    >
      {anyway ? `${control.label} anyway` : control.label}
    </Button>
  );
}

/** One step button with its tooltip; renders again only when the draft's readiness matters and changes. */
const StepButton = memo(function StepButton(props: StepButtonProps) {
  return (
    // Below the button and from its left edge: never under the header or the navbar, which the
    // sticky run section stays beneath.
    <Tooltip
      label={`${props.control.hint} (${shortcutOf(props.control)})`}
      openDelay={400}
      position="bottom-start"
    >
      <StepButtonFace {...props} />
    </Tooltip>
  );
});

/** The shortcuts line: the same on every render. */
const SHORTCUTS = STEP_CONTROLS.map((control) => `${shortcutOf(control)} ${control.label}`).join(
  ' · ',
);

/**
 * Build, Simulate, Sign, Submit, Run all, Cancel, Recheck, Edit and Retry: each enabled exactly
 * when the transaction machine can take its event, each with an Alt+letter shortcut.
 */
export const StepControls = memo(function StepControls({
  actorRef,
  draftReady,
  beforeStep,
}: StepControlsProps) {
  const isDraftReady = useLatest(draftReady);
  const getBeforeStep = useLatest(beforeStep);
  // Stable, so a draft becoming ready renders only the buttons it concerns.
  const send = useCallback(
    (event: StepEvent) => {
      const ready = getBeforeStep()?.() ?? isDraftReady();
      if (flagsOf(actorRef.getSnapshot(), ready)[event]) actorRef.send({ type: event });
    },
    [actorRef, isDraftReady, getBeforeStep],
  );
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
        {STEP_CONTROLS.map((control) => (
          <StepButton
            key={control.event}
            actorRef={actorRef}
            control={control}
            // Only Build and Run all depend on the draft (from `editing`).
            draftReady={control.event === 'build' || control.event === 'run' ? draftReady : true}
            onSend={send}
          />
        ))}
      </Group>
      {/* Not on a phone (no Alt key): the sticky run section keeps its height for the page. */}
      <Text size="xs" c="dimmed" aria-label="Keyboard shortcuts" visibleFrom="sm">
        Shortcuts: {SHORTCUTS}
      </Text>
    </Stack>
  );
});
