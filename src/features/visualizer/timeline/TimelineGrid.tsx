import { Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { formatMs, payloadSummary } from './format';
import type { TimelineRow } from './timelineModel';
import classes from './Timeline.module.css';

export const ROW_HEIGHT = 30;

export interface TimelineGridProps {
  rows: readonly TimelineRow[];
  /** `index` of the selected row (in the whole timeline), or `null` (now). */
  selected: number | null;
  onSelect: (index: number) => void;
  /** Moves the selection: -1/+1 a row, or to the first/last. */
  onStep: (to: 'previous' | 'next' | 'first' | 'last') => void;
  label: string;
  /** Total rows of the unfiltered timeline (for screen readers). */
  total: number;
  height?: number;
}

/**
 * The transitions as a virtualized grid: only the rows in view (and a few more) are in the DOM.
 * ←/→ (or ↑/↓) step, Home/End jump; the selected row scrolls into view.
 */
export function TimelineGrid(props: TimelineGridProps) {
  const { rows, selected, onSelect, onStep, label, total, height = 360 } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler; the virtualizer re-renders its host itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect: { width: 800, height },
  });
  const position = selected === null ? -1 : rows.findIndex((row) => row.index === selected);
  useEffect(() => {
    if (position >= 0) virtualizer.scrollToIndex(position, { align: 'auto' });
  }, [position, virtualizer]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const keys: Record<string, 'previous' | 'next' | 'first' | 'last'> = {
      ArrowLeft: 'previous',
      ArrowUp: 'previous',
      ArrowRight: 'next',
      ArrowDown: 'next',
      Home: 'first',
      End: 'last',
    };
    const to = keys[event.key];
    if (!to) return;
    event.preventDefault();
    onStep(to);
  }

  const items = virtualizer.getVirtualItems();
  const activeRow = position >= 0 ? rows[position] : undefined;
  return (
    <div
      ref={scrollRef}
      className={classes.scroll}
      style={{ height }}
      role="grid"
      aria-label={label}
      aria-rowcount={total + 1}
      aria-colcount={5}
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-activedescendant={activeRow ? `timeline-row-${activeRow.index}` : undefined}
    >
      <div role="row" aria-rowindex={1} className={`${classes.row} ${classes.header}`}>
        <span role="columnheader">seq</span>
        <span role="columnheader">at</span>
        <span role="columnheader">in source</span>
        <span role="columnheader">event</span>
        <span role="columnheader">source → target</span>
      </div>
      {rows.length === 0 ? (
        <Text size="sm" p="sm">
          No transition matches.
        </Text>
      ) : (
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index] as TimelineRow;
            const isSelected = row.index === selected;
            const payload = payloadSummary(row.event);
            return (
              <div
                key={row.index}
                id={`timeline-row-${row.index}`}
                role="row"
                aria-rowindex={row.index + 2}
                aria-selected={isSelected}
                data-seq={row.seq}
                className={classes.row}
                data-selected={isSelected || undefined}
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                onClick={() => onSelect(row.index)}
              >
                <span role="gridcell" className={classes.num}>
                  {row.seq}
                </span>
                <span role="gridcell" className={classes.num}>
                  {formatMs(row.atMs)}
                </span>
                <span role="gridcell" className={classes.num}>
                  {formatMs(row.inSourceMs)}
                </span>
                <span role="gridcell" className={classes.event} title={payload}>
                  {row.eventless && <span className={classes.eventless}>eventless</span>}
                  <code>{row.eventType}</code> {payload}
                </span>
                <span role="gridcell" className={classes.path}>
                  {row.source ?? '(start)'} → {row.target}
                </span>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
