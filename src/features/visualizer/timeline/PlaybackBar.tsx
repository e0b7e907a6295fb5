import { ActionIcon, Button, Group, NativeSelect, Slider, Text, Tooltip } from '@mantine/core';
import { formatMs } from './format';
import type { TimelineRow } from './timelineModel';
import { SPEEDS } from './usePlayback';

export interface PlaybackBarProps {
  rows: readonly TimelineRow[];
  selected: number | null;
  select: (index: number) => void;
  onStep: (to: 'previous' | 'next' | 'first' | 'last') => void;
  onLive: (() => void) | null;
  playing: boolean;
  speed: number;
  setSpeed: (speed: number) => void;
  toggle: () => void;
}

/** Time travel: step, play/pause with a speed, a scrubber over the rows, and back to now. */
export function PlaybackBar(props: PlaybackBarProps) {
  const { rows, selected, select, onStep, onLive, playing, speed, setSpeed, toggle } = props;
  const position =
    selected === null ? rows.length - 1 : rows.findIndex((row) => row.index === selected);
  const row = rows[position];
  return (
    <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Time travel">
      <Tooltip label="First transition (Home)">
        <ActionIcon variant="default" aria-label="First transition" onClick={() => onStep('first')}>
          |◀
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Previous transition (←)">
        <ActionIcon
          variant="default"
          aria-label="Previous transition"
          onClick={() => onStep('previous')}
        >
          ◀
        </ActionIcon>
      </Tooltip>
      <Button
        size="xs"
        variant="filled"
        color="blue"
        onClick={toggle}
        aria-pressed={playing}
        disabled={rows.length === 0}
      >
        {playing ? 'Pause' : 'Play'}
      </Button>
      <Tooltip label="Next transition (→)">
        <ActionIcon variant="default" aria-label="Next transition" onClick={() => onStep('next')}>
          ▶
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Last transition (End)">
        <ActionIcon variant="default" aria-label="Last transition" onClick={() => onStep('last')}>
          ▶|
        </ActionIcon>
      </Tooltip>
      <NativeSelect
        size="xs"
        aria-label="Replay speed"
        value={String(speed)}
        onChange={(event) => setSpeed(Number(event.currentTarget.value))}
        data={SPEEDS.map((value) => ({ value: String(value), label: `${value}×` }))}
      />
      <Slider
        style={{ flex: 1, minWidth: 160 }}
        min={0}
        max={Math.max(0, rows.length - 1)}
        value={Math.max(0, position)}
        onChange={(value) => {
          const target = rows[value];
          if (target) select(target.index);
        }}
        label={(value) => (rows[value] ? `seq ${rows[value].seq}` : '')}
        thumbLabel="Scrubber: the transition shown"
        disabled={rows.length === 0}
      />
      <Text size="xs" aria-live="polite" miw={150}>
        {row ? `seq ${row.seq} at ${formatMs(row.atMs)} → ${row.target}` : 'No transitions'}
      </Text>
      {onLive && (
        <Button
          size="xs"
          variant={selected === null ? 'filled' : 'outline'}
          color="teal"
          onClick={onLive}
          aria-pressed={selected === null}
        >
          Live
        </Button>
      )}
    </Group>
  );
}
