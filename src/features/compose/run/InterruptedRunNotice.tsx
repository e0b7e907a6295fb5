import { Alert, Anchor, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { runHref } from '../../history/useHistoryRoute';
import { interruptedRun, type InterruptedRunHolder } from '../../runs';

/**
 * Says that the last run stopped before an outcome when the network changed while it waited, with
 * a link to its record in History. Dismissed with its close button.
 */
export function InterruptedRunNotice({
  holder = interruptedRun,
}: {
  /** Where the stopped run is kept (tests pass their own). */
  holder?: InterruptedRunHolder;
}) {
  const stopped = useSyncExternalStore(holder.subscribe, holder.get, holder.get);
  if (stopped === null) return null;
  return (
    <Alert
      color="orange"
      title={`The last run stopped at ${stopped.state}`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => holder.set(null)}
    >
      <Text size="sm">
        The network changed while it waited on {stopped.network}.
        {stopped.hash === null
          ? ' Nothing was submitted.'
          : ` Its transaction (${stopped.hash}) may still commit there.`}{' '}
        {/* The alert's own text colour, underlined: a blue link fails AA on the orange tint. */}
        <Anchor href={runHref(stopped.id)} size="sm" c="inherit" underline="always" fw={600}>
          Its record in History
        </Anchor>{' '}
        keeps every transition up to then.
      </Text>
    </Alert>
  );
}
