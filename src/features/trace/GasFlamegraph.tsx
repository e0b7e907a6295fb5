import { Button, Group, Stack, Text } from '@mantine/core';
import {
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { gasUnitsText } from '../../../replay/moveTrace';
import classes from './Trace.module.css';
import {
  ancestorsOf,
  flameLayout,
  frameName,
  frameTotal,
  initialZoom,
  type TraceModel,
} from './traceModel';

const BAR_ROW = 22;
/** Bars narrower than this share of the chart (20 px in 1,000) carry no text. */
const LABEL_MIN_WIDTH = 0.02;
const SVG_NS = 'http://www.w3.org/2000/svg';

/** `0xcafe::market::place_order` → `market::place_order`: what fits in a bar. */
function shortName(name: string): string {
  const parts = name.split('::');
  return parts.length === 3 ? `${parts[1]}::${parts[2]}` : name;
}

/** The frame id of the bar an event came from, or `null`. */
function barOf(target: EventTarget): number | null {
  const frame = target instanceof Element ? target.getAttribute('data-frame') : null;
  return frame === null ? null : Number(frame);
}

export interface GasFlamegraphProps {
  model: TraceModel;
  selected: number;
  onSelect: (id: number) => void;
}

/**
 * The call tree as an icicle chart: the transaction on top, each call below its caller, widths
 * proportional to inclusive gas (frames under 0.4 % of the chart are not drawn). Zoomed to a
 * frame, that frame's gas is the whole width: the payload's at first (see `initialZoom`). One SVG
 * of plain rects (a few hundred of them on a 10,000-frame trace), the names of the wide ones
 * in a layer above it. Each bar is a button: a click or Enter selects the frame. One tab stop;
 * the arrows move between bars (Left and Right along a row, Up to the caller, Down to the first
 * call drawn).
 */
export function GasFlamegraph({ model, selected, onSelect }: GasFlamegraphProps) {
  const { trace, onFailingPath } = model;
  const [zoom, setZoom] = useState(() => initialZoom(model));
  const layout = useMemo(() => flameLayout(model, zoom), [model, zoom]);
  const { x, width, shown, rows } = layout;
  const zoomWeight = model.weights[zoom] ?? 0;
  const zoomName = zoom === 0 ? 'the transaction' : frameName(trace.frames[zoom]?.function ?? '');
  const [focus, setFocus] = useState<number | null>(null);
  const chart = useRef<SVGSVGElement>(null);
  // The tab stop: the bar that had focus, else the selected frame or its nearest drawn caller.
  const stop =
    focus !== null && shown[focus] === 1
      ? focus
      : (ancestorsOf(model, selected)
          .filter((id) => shown[id] === 1)
          .at(-1) ?? 0);

  // The bars' names and gas, kept while the layout stands (a new selection redraws no text).
  const bars = useMemo(
    () =>
      layout.ids.map((id) => {
        const frame = trace.frames[id];
        const name = frameName(frame?.function ?? '');
        const gas = gasUnitsText(frameTotal(model, id), trace.gasScale);
        const share =
          zoomWeight === 0 ? '' : `, ${((width[id] ?? 0) * 100).toFixed(1)} % of ${zoomName}`;
        const kind = frame?.kind ?? 'bytecode';
        return {
          id,
          depth: frame?.depth ?? 0,
          kind,
          label: `${name}${kind === 'native' ? ' (native)' : ''}: ${gas} gas units${share}`,
          title: `${name}: ${gas} gas units`,
          text: (width[id] ?? 0) >= LABEL_MIN_WIDTH ? shortName(name) : null,
        };
      }),
    [layout, model, trace, width, zoomWeight, zoomName],
  );

  const move = (id: number | undefined) => {
    if (id === undefined || shown[id] !== 1) return;
    setFocus(id);
    chart.current?.querySelector<SVGElement>(`[data-frame="${id}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const id = barOf(event.target);
    const frame = id === null ? undefined : trace.frames[id];
    if (id === null || frame === undefined) return;
    const row = rows[frame.depth] ?? [];
    const at = row.indexOf(id);
    if (event.key === 'ArrowLeft') move(row[at - 1]);
    else if (event.key === 'ArrowRight') move(row[at + 1]);
    else if (event.key === 'ArrowUp') move(frame.parent);
    else if (event.key === 'ArrowDown') {
      let child = model.firstChild[id] ?? -1;
      while (child >= 0 && shown[child] !== 1) child = model.nextSibling[child] ?? -1;
      move(child < 0 ? undefined : child);
    } else if (event.key === 'Enter' || event.key === ' ') {
      setFocus(id);
      onSelect(id);
    } else return;
    event.preventDefault();
  };
  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    const id = barOf(event.target);
    if (id === null) return;
    setFocus(id);
    onSelect(id);
  };
  // A bar's tooltip (an SVG <title>, as `title` is to HTML) is made when it is first pointed at:
  // a few hundred <title> elements would double the chart's elements for the first paint.
  const onPointerOver = (event: PointerEvent<SVGSVGElement>) => {
    const { target } = event;
    const id = barOf(target);
    if (id === null || !(target instanceof Element) || target.firstChild !== null) return;
    const title = document.createElementNS(SVG_NS, 'title');
    title.textContent = bars.find((bar) => bar.id === id)?.title ?? '';
    target.append(title);
  };

  const height = rows.length * BAR_ROW + 2;
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
        className={classes.flame}
        role="group"
        aria-label={`Gas flamegraph of ${zoomName}: ${layout.ids.length.toLocaleString('en-US')} of ${trace.frames.length.toLocaleString('en-US')} frames drawn`}
      >
        <div className={classes.flameChart} style={{ height }}>
          <svg
            ref={chart}
            width="100%"
            height={height}
            onClick={onClick}
            onKeyDown={onKeyDown}
            onPointerOver={onPointerOver}
          >
            {bars.map((bar) => (
              <rect
                key={bar.id}
                data-frame={bar.id}
                data-kind={bar.kind}
                data-failing={onFailingPath[bar.id] === 1 || undefined}
                data-selected={bar.id === selected || undefined}
                className={classes.bar}
                role="button"
                aria-pressed={bar.id === selected}
                aria-label={bar.label}
                tabIndex={bar.id === stop ? 0 : -1}
                x={`${(x[bar.id] ?? 0) * 100}%`}
                y={bar.depth * BAR_ROW}
                width={`${(width[bar.id] ?? 0) * 100}%`}
              />
            ))}
          </svg>
          <div className={classes.flameLabels} aria-hidden>
            {bars.map(
              (bar) =>
                bar.text !== null && (
                  <span
                    key={bar.id}
                    className={classes.flameLabel}
                    style={{
                      left: `${(x[bar.id] ?? 0) * 100}%`,
                      width: `${(width[bar.id] ?? 0) * 100}%`,
                      top: bar.depth * BAR_ROW,
                    }}
                  >
                    {bar.text}
                  </span>
                ),
            )}
          </div>
        </div>
      </div>
    </Stack>
  );
}
