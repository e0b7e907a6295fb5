import { Alert, Text } from '@mantine/core';
import type { TraceTransition } from '../../../../machines';
import { useLiveRunRecord } from '../../runs';

/** What a cancel stopped and what it left, or `null` when the run's last transition is no cancel. */
export function cancelNotice(
  last: Pick<TraceTransition, 'event' | 'source' | 'target'> | undefined,
): { title: string; text: string } | null {
  if (!last || last.event.type !== 'cancel' || last.source === null) return null;
  const earlier = `The run is back at ${last.target}; the outcome below is still the earlier step's.`;
  switch (last.source.split('.')[0]) {
    case 'building':
      return {
        title: 'Building cancelled',
        text: 'Nothing was sent. The draft is back in editing.',
      };
    case 'simulating':
      return {
        title: 'Simulation cancelled',
        text: `Its answer, if one still comes, is ignored. ${earlier}`,
      };
    case 'signing':
      return {
        title: 'Signing cancelled',
        text: `The dev wallet's prompt was withdrawn; another wallet cannot be told, and its answer is ignored. ${earlier}`,
      };
    case 'submitting':
      return {
        title: 'Submit cancelled',
        text: `The run is back at ${last.target}. If the node had already received the transaction, it can still commit: look its hash up on the Chain page before signing again.`,
      };
    default:
      // A cancel while waiting ends in timedOut, whose outcome says so itself.
      return null;
  }
}

/**
 * Says what Cancel stopped, under the stepper, until the run moves on: the machine goes back to
 * the state the step started from, whose outcome card still shows the earlier step.
 */
export function CancelledNotice() {
  const notice = cancelNotice(useLiveRunRecord()?.transitions.at(-1));
  if (notice === null) return null;
  return (
    <Alert color="blue" title={notice.title} role="status">
      <Text size="sm">{notice.text}</Text>
    </Alert>
  );
}
