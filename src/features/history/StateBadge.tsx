import { Badge, Tooltip } from '@mantine/core';
import { stateColor } from './runView';
import { stateLabel } from './stateLabels';

/**
 * A run's state in words ("Submit rejected"), the machine's name for it (`submitRejected`) in a
 * tooltip. The words are the badge's text, so nothing depends on the tooltip.
 */
export function StateBadge({ state }: { state: string }) {
  return (
    <Tooltip label={`Machine state: ${state}`} openDelay={300}>
      <Badge
        color={stateColor(state)}
        variant="light"
        c="var(--mantine-color-text)"
        tt="none"
        styles={{ label: { overflow: 'visible' } }}
      >
        {stateLabel(state)}
      </Badge>
    </Tooltip>
  );
}
