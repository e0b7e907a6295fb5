import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { gasUnitsText, totalInternalGas, type TraceFrame } from '../../../replay/moveTrace';
import classes from './Trace.module.css';
import { frameName, frameTotal, visibleFrames, type TraceModel } from './traceModel';

/** Fixed row height and viewport (Trace.module.css): the list renders only the rows in view. */
const ROW = 28;
const VIEWPORT = 420;
const OVERSCAN = 8;

/**
 * Where the list scrolls to show `row`: where it is (`current`) when the row is in view, else
 * the row in the middle, within the list's height (`rows` rows, a 1 px border each side).
 */
function scrollToShow(row: number, current: number, rows: number): number {
  const top = row * ROW;
  if (row < 0 || (top >= current && top + ROW <= current + VIEWPORT - ROW)) return current;
  const max = Math.max(0, rows * ROW - (VIEWPORT - 2));
  return Math.min(max, Math.max(0, top - VIEWPORT / 2));
}

/** Words for screen readers only (Trace.module.css's `.hidden`, as Mantine's VisuallyHidden). */
function Hidden({ children }: { children: string }) {
  return <span className={classes.hidden}>{children}</span>;
}

/** A frame's status in words, or `null` when it returned. */
export function statusText(frame: TraceFrame): string | null {
  if (frame.status === 'success') return null;
  if (frame.status === 'out_of_gas') return 'out of gas';
  if (frame.status === 'error') return frame.error ?? 'error';
  return frame.abort ? 'aborted here' : 'aborted';
}

export interface CallTreeProps {
  model: TraceModel;
  expanded: ReadonlySet<number>;
  selected: number;
  onSelect: (id: number) => void;
  onToggle: (id: number, open: boolean) => void;
}

/**
 * The call tree as an ARIA tree, virtualized with a fixed row height: 10,000 frames render the
 * 30 or so rows in view. One tab stop; the arrows move the selection (Right opens or goes to
 * the first call, Left closes or goes to the caller, Home and End), Enter or Space opens and
 * closes a frame.
 */
export function CallTree({ model, expanded, selected, onSelect, onToggle }: CallTreeProps) {
  const { trace, childCount, onFailingPath } = model;
  const rows = useMemo(() => visibleFrames(model, expanded), [model, expanded]);
  const rowOf = useMemo(() => {
    const index = new Int32Array(trace.frames.length).fill(-1);
    rows.forEach((id, row) => (index[id] = row));
    return index;
  }, [rows, trace.frames.length]);
  const prefix = useId();
  const selectedRow = rowOf[selected] ?? -1;
  // The selected row is kept in view (keys, the flamegraph, the path), from the first render on:
  // the scroll position follows the selection here, in render, not in an effect that would
  // render the tree twice before the first paint.
  const [scroll, setScroll] = useState(() => ({
    top: scrollToShow(selectedRow, 0, rows.length),
    row: selectedRow,
  }));
  let scrollTop = scroll.top;
  if (scroll.row !== selectedRow) {
    scrollTop = scrollToShow(selectedRow, scroll.top, rows.length);
    setScroll({ top: scrollTop, row: selectedRow });
  }
  const scroller = useRef<HTMLDivElement>(null);
  // The element's scrollTop as last set or seen (reading it would force a layout).
  const elementTop = useRef(0);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element === null || elementTop.current === scrollTop) return;
    element.scrollTop = scrollTop;
    elementTop.current = scrollTop;
  }, [scrollTop]);

  const first = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + VIEWPORT) / ROW) + OVERSCAN);
  const rendered = selectedRow >= first && selectedRow < last;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const frame = trace.frames[selected];
    if (frame === undefined) return;
    const hasChildren = (childCount[selected] ?? 0) > 0;
    const open = expanded.has(selected);
    const go = (row: number) => {
      const id = rows[Math.max(0, Math.min(rows.length - 1, row))];
      if (id !== undefined) onSelect(id);
    };
    switch (event.key) {
      case 'ArrowDown':
        go(selectedRow + 1);
        break;
      case 'ArrowUp':
        go(selectedRow - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(rows.length - 1);
        break;
      case 'ArrowRight':
        if (hasChildren && !open) onToggle(selected, true);
        else if (hasChildren) go(selectedRow + 1);
        break;
      case 'ArrowLeft':
        if (hasChildren && open) onToggle(selected, false);
        else if (frame.parent >= 0) onSelect(frame.parent);
        break;
      case 'Enter':
      case ' ':
        if (hasChildren) onToggle(selected, !open);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const items = [];
  for (let row = first; row < last; row += 1) {
    const id = rows[row];
    const frame = id === undefined ? undefined : trace.frames[id];
    if (id === undefined || frame === undefined) continue;
    const hasChildren = (childCount[id] ?? 0) > 0;
    const open = expanded.has(id);
    const status = statusText(frame);
    const inclusive = gasUnitsText(frameTotal(model, id), trace.gasScale);
    const own = gasUnitsText(totalInternalGas(frame.selfGas, trace), trace.gasScale);
    const name = frameName(frame.function);
    items.push(
      <div
        key={id}
        id={`${prefix}-frame-${id}`}
        role="treeitem"
        aria-level={frame.depth + 1}
        aria-setsize={frame.parent >= 0 ? childCount[frame.parent] : 1}
        aria-posinset={model.position[id]}
        aria-expanded={hasChildren ? open : undefined}
        aria-selected={id === selected}
        data-selected={id === selected || undefined}
        data-failing={onFailingPath[id] === 1 || undefined}
        className={classes.row}
        style={{ transform: `translateY(${row * ROW}px)` }}
        onClick={() => onSelect(id)}
      >
        <span className={classes.name} style={{ paddingLeft: Math.min(frame.depth, 24) * 12 }}>
          <span
            className={classes.toggle}
            aria-hidden
            onClick={(event) => {
              if (!hasChildren) return;
              event.stopPropagation();
              onSelect(id);
              onToggle(id, !open);
            }}
          >
            {hasChildren ? (open ? '▾' : '▸') : ''}
          </span>
          <span className={classes.fn} title={frame.function}>
            {name}
          </span>
          {frame.kind === 'native' && (
            <>
              <Hidden>, </Hidden>
              <span className={classes.badge} data-color="grape">
                native
              </span>
            </>
          )}
          {status && (
            <>
              <Hidden>, </Hidden>
              <span className={classes.badge} data-color="red">
                {status}
              </span>
            </>
          )}
          {frame.abort && (
            <span>
              <Hidden>, </Hidden>
              {frame.abort.name ?? `code ${frame.abort.code}`}
              {frame.offset === undefined ? '' : ` at offset ${frame.offset}`}
            </span>
          )}
        </span>
        {/* The name comes from the text: the hidden words make the numbers read as gas. */}
        <span className={classes.num}>
          <Hidden>: </Hidden>
          {inclusive}
          <Hidden> gas units,</Hidden>
        </span>
        <span className={classes.num}>
          {own}
          <Hidden> its own</Hidden>
        </span>
      </div>,
    );
  }

  return (
    <div>
      <div className={classes.columns} aria-hidden>
        <span>Function</span>
        <span className={classes.num}>Gas</span>
        <span className={classes.num}>Own</span>
      </div>
      <div
        ref={scroller}
        className={classes.tree}
        style={{ height: Math.min(VIEWPORT, rows.length * ROW + 2) }}
        role="tree"
        aria-label={`Call tree, ${trace.frames.length.toLocaleString('en-US')} frames`}
        tabIndex={0}
        aria-activedescendant={rendered ? `${prefix}-frame-${selected}` : undefined}
        onKeyDown={onKeyDown}
        onScroll={(event) => {
          const top = event.currentTarget.scrollTop;
          elementTop.current = top;
          setScroll((current) => (current.top === top ? current : { top, row: current.row }));
        }}
      >
        <div role="none" style={{ height: rows.length * ROW, position: 'relative' }}>
          {items}
        </div>
      </div>
    </div>
  );
}
