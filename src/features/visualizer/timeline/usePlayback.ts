import { useEffect, useState } from 'react';
import type { TimelineRow } from './timelineModel';

/** Replay speeds offered (× real time). */
export const SPEEDS = [0.5, 1, 2, 4, 10] as const;

/** Shortest and longest pause between two replayed rows, whatever the recorded gap. */
const MIN_STEP_MS = 60;
const MAX_STEP_MS = 1500;

/**
 * Replays rows from the selection at a speed: each step waits the recorded gap to the next row
 * (÷ speed, within bounds) and stops at the last row.
 *
 * @returns whether it plays, the speed, and their setters.
 */
export function usePlayback(args: {
  rows: readonly TimelineRow[];
  selected: number | null;
  select: (index: number) => void;
}) {
  const { rows, selected, select } = args;
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(1);
  const position = selected === null ? -1 : rows.findIndex((row) => row.index === selected);
  const current = rows[position];
  const next = rows[position + 1];
  const atEnd = next === undefined;

  useEffect(() => {
    if (!playing || atEnd) return;
    const gap = current === undefined ? 0 : next.atMs - current.atMs;
    const wait = Math.min(MAX_STEP_MS, Math.max(MIN_STEP_MS, gap / speed));
    const timer = setTimeout(() => select(next.index), wait);
    return () => clearTimeout(timer);
  }, [playing, atEnd, current, next, speed, select]);

  return {
    playing: playing && !atEnd,
    speed,
    setSpeed,
    toggle: () => {
      if (!playing && atEnd && rows[0]) select(rows[0].index);
      setPlaying(!playing || atEnd);
    },
    pause: () => setPlaying(false),
  };
}
