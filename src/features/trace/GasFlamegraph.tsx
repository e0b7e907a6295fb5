import { Button, Group, Stack, Text } from '@mantine/core';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { gasUnitsText } from '../../../replay/moveTrace';
import classes from './Trace.module.css';
import {
  ancestorsOf,
  flameLayout,
  frameName,
  frameTotal,
  initialZoom,
  MIN_BAR_WIDTH,
  type TraceModel,
} from './traceModel';

const BAR_ROW = 22;

/** `0xcafe::market::place_order` → `market::place_order`: what fits in a bar. */
function shortName(name: string): string {
  const parts = name.split('::');
  return parts.length === 3 ? `${parts[1]}::${parts[2]}` : name;
}

export interface GasFlamegraphProps {
  model: TraceModel;
  selected: number;
  onSelect: (id: number) => void;
}

/**
 * The call tree as an icicle chart: the transaction on top, each call below its caller, widths
 * proportional to inclusive gas (frames under 0.4 % of the chart are not drawn). Zoomed to a
 * frame, that frame's gas is the whole width: the payload's at first (see `initialZoom`). Each bar is a button: a click or Enter selects the
 * frame. One tab stop; the arrows move between bars (Left and Right along a row, Up to the
 * caller, Down to the first call drawn).
 */
export function GasFlamegraph({ model, selected, onSelect }: GasFlamegraphProps) {
  const { trace, onFailingPath, children } = model;
  const [zoom, setZoom] = useState(() => initialZoom(model));
  const { x, width } = useMemo(() => flameLayout(model, zoom), [model, zoom]);
  const drawn = useMemo(() => {
    const ids: number[] = [];
    const shown = new Uint8Array(trace.frames.length);
    for (const frame of trace.frames) {
      const parentShown = frame.parent < 0 || shown[frame.parent] === 1;
      if (parentShown && (width[frame.id] ?? 0) >= MIN_BAR_WIDTH) {
        shown[frame.id] = 1;
        ids.push(frame.id);
      }
    }
    // Call order is left to right within a row.
    const rows: number[][] = [];
    for (const id of ids) (rows[trace.frames[id]?.depth ?? 0] ??= []).push(id);
    return { ids, shown, rows };
  }, [trace, width]);
  const zoomWeight = model.weights[zoom] ?? 0;
  const zoomName = zoom === 0 ? 'the transaction' : frameName(trace.frames[zoom]?.function ?? '');
  const [focus, setFocus] = useState<number | null>(null);
  const container = useRef<HTMLDivElement>(null);
  // The tab stop: the bar that had focus, else the selected frame or its nearest drawn caller.
  const stop =
    focus !== null && drawn.shown[focus] === 1
      ? focus
      : (ancestorsOf(model, selected)
          .filter((id) => drawn.shown[id] === 1)
          .at(-1) ?? 0);

  const move = (id: number | undefined) => {
    if (id === undefined || drawn.shown[id] !== 1) return;
    setFocus(id);
    container.current?.querySelector<HTMLElement>(`[data-frame="${id}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, id: number) => {
    const frame = trace.frames[id];
    if (frame === undefined) return;
    const row = drawn.rows[frame.depth] ?? [];
    const at = row.indexOf(id);
    if (event.key === 'ArrowLeft') move(row[at - 1]);
    else if (event.key === 'ArrowRight') move(row[at + 1]);
    else if (event.key === 'ArrowUp') move(frame.parent);
    else if (event.key === 'ArrowDown')
      move(children[id]?.find((child) => drawn.shown[child] === 1));
    else return;
    event.preventDefault();
  };

  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text size="xs">
          Widths by gas{zoom === 0 ? '' : `, zoomed to ${zoomName}`}; under 0.4 % not drawn.
        </Text>
        <Button
          size="compact-xs"
          variant="default"
          disabled={selected === zoom || (model.weights[selected] ?? 0) === 0}
          onClick={() => setZoom(selected)}
        >
          Zoom to the selected frame
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          disabled={zoom === 0}
          onClick={() => setZoom(0)}
        >
          Whole transaction
        </Button>
      </Group>
      <div
        ref={container}
        className={classes.flame}
        role="group"
        aria-label={`Gas flamegraph of ${zoomName}: ${drawn.ids.length.toLocaleString('en-US')} of ${trace.frames.length.toLocaleString('en-US')} frames drawn`}
      >
        <div style={{ position: 'relative', height: drawn.rows.length * BAR_ROW + 2 }}>
          {drawn.ids.map((id) => {
            const frame = trace.frames[id];
            if (frame === undefined) return null;
            const gas = gasUnitsText(frameTotal(model, id), trace.gasScale);
            const share =
              zoomWeight === 0 ? '' : `, ${((width[id] ?? 0) * 100).toFixed(1)} % of ${zoomName}`;
            const name = frameName(frame.function);
            return (
              <button
                key={id}
                type="button"
                data-frame={id}
                data-kind={frame.kind}
                data-failing={onFailingPath[id] === 1 || undefined}
                data-selected={id === selected || undefined}
                aria-pressed={id === selected}
                aria-label={`${name}${frame.kind === 'native' ? ' (native)' : ''}: ${gas} gas units${share}`}
                title={`${name}: ${gas} gas units`}
                tabIndex={id === stop ? 0 : -1}
                className={classes.bar}
                style={{
                  left: `${(x[id] ?? 0) * 100}%`,
                  width: `${(width[id] ?? 0) * 100}%`,
                  top: frame.depth * BAR_ROW,
                }}
                onClick={() => {
                  setFocus(id);
                  onSelect(id);
                }}
                onKeyDown={(event) => onKeyDown(event, id)}
              >
                {shortName(name)}
              </button>
            );
          })}
        </div>
      </div>
    </Stack>
  );
}
