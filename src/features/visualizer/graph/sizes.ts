import type { LabelEntry } from './chartModel';
import type { GraphNode } from './machineGraph';

// Text metrics of the chart's CSS (Statechart.module.css): the layout sizes every box from them,
// in the worker, without a DOM to measure. Slightly generous, so text never overflows its box.
/** A state's name: 13px bold sans. */
const NAME_CHAR = 8;
/** Event names on lines and in boxes: 11px monospace (0.6em a character). */
const EVENT_CHAR = 6.7;
/** Guards: 10px monospace. */
const GUARD_CHAR = 6.1;
/** Tags: 10px sans, a chip's padding each side. */
const TAG_CHAR = 6.2;
const TAG_PADDING = 14;

/** A state's box: the name's line, its tags' line, then one line per in-box transition. */
export const NAME_LINE = 20;
export const TAG_LINE = 18;
export const LOOP_LINE = 16;
export const BOX_PADDING_X = 10;
export const BOX_PADDING_Y = 6;
/** Atomic states are at least this wide: a state reads as a box, not a word. */
export const MIN_WIDTH = 168;
/** A group's states are side by side in one row: they are as wide as their content needs. */
export const MIN_GROUPED_WIDTH = 110;

/** One row of labels on a line: events and guards, side by side up to {@link ROW_WIDTH}. */
export const ENTRY_LINE = 16;
/** A line's labels wrap to a new row past this width: wider rows cost less than taller stacks
 * in a chart laid out top to bottom. */
const ROW_WIDTH = 250;
/** Space between two labels in a row. */
export const ENTRY_GAP = 6;
const ENTRY_PADDING_X = 8;

/** Marks a transition that stays in its state, listed in the state's box. */
export const LOOP_MARK = '↻';

/** An in-box transition's text: `↻ draft.update`, `↻ done [isSignedWithMoreSigners]`. */
export function loopText(entry: LabelEntry): string {
  return `${LOOP_MARK} ${entry.text}${entry.guard === null ? '' : ` [${entry.guard}]`}`;
}

function tagsWidth(tags: readonly string[]): number {
  return tags.reduce((sum, tag) => sum + tag.length * TAG_CHAR + TAG_PADDING + 4, 0);
}

type Sized = Pick<GraphNode, 'key' | 'tags' | 'initial'>;

const nameWidth = (node: Sized) => node.key.length * NAME_CHAR + (node.initial ? 14 : 0);

/** True when a state's tags fit on its name's line (else they get a line of their own). */
export function tagsInline(node: Sized): boolean {
  return inlineWidth(node) <= MIN_WIDTH - BOX_PADDING_X * 2;
}

const inlineWidth = (node: Sized) => nameWidth(node) + 8 + tagsWidth(node.tags);

/** The width a state's content needs: its name, tags and in-box transitions. */
function contentWidth(node: Sized, loops: LabelEntry[]) {
  return Math.max(
    tagsInline(node) ? inlineWidth(node) : Math.max(nameWidth(node), tagsWidth(node.tags)),
    ...loops.map((entry) => loopText(entry).length * EVENT_CHAR),
  );
}

/** The height of a state's header: name, tags, in-box transitions (all of an atomic state). */
export function headerHeight(node: Sized, loops: LabelEntry[]): number {
  const tagLine = node.tags.length > 0 && !tagsInline(node) ? TAG_LINE : 0;
  return BOX_PADDING_Y * 2 + NAME_LINE + tagLine + loops.length * LOOP_LINE;
}

/** The size of an atomic state's box. */
export function atomicSize(
  node: Sized,
  loops: LabelEntry[],
  minWidth = MIN_WIDTH,
): { width: number; height: number } {
  return {
    width: Math.ceil(Math.max(minWidth, contentWidth(node, loops) + BOX_PADDING_X * 2)),
    height: headerHeight(node, loops),
  };
}

/** The width a compound state's header needs (its box is at least that wide). */
export function headerWidth(
  node: Pick<GraphNode, 'key' | 'tags' | 'initial'>,
  loops: LabelEntry[],
): number {
  return Math.ceil(contentWidth(node, loops) + BOX_PADDING_X * 2);
}

/** The width of one label: its event, and its guard in brackets. */
export function entryWidth(entry: Pick<LabelEntry, 'text' | 'guard'>): number {
  const guard = entry.guard === null ? 0 : (entry.guard.length + 3) * GUARD_CHAR;
  return Math.ceil(entry.text.length * EVENT_CHAR + guard + ENTRY_PADDING_X);
}

/** A line's labels in rows: side by side while they fit {@link ROW_WIDTH}, in their order. */
export function labelRows<T extends Pick<LabelEntry, 'text' | 'guard'>>(entries: T[]): T[][] {
  const rows: T[][] = [];
  let width = 0;
  for (const entry of entries) {
    const row = rows.at(-1);
    const next = width + ENTRY_GAP + entryWidth(entry);
    if (row && next <= ROW_WIDTH) {
      row.push(entry);
      width = next;
    } else {
      rows.push([entry]);
      width = entryWidth(entry);
    }
  }
  return rows;
}

/** The box of a line's labels, in {@link labelRows}. */
export function labelSize(entries: LabelEntry[]): { width: number; height: number } {
  const rows = labelRows(entries);
  const widths = rows.map(
    (row) => row.reduce((sum, entry) => sum + entryWidth(entry), 0) + (row.length - 1) * ENTRY_GAP,
  );
  return { width: Math.max(...widths), height: rows.length * ENTRY_LINE };
}
