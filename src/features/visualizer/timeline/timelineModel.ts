import diff from 'microdiff';
import type { JsonValue, TraceTransition } from '../../../../machines';

/**
 * A transition as the sources provide it: a run record's, with the context after it when the
 * source kept one (the live trace, visualizer exports).
 */
export type SourceTransition = TraceTransition & { context?: JsonValue };

/** A transition timed by the wall clock (the live trace's); see `clock` of {@link buildTimeline}. */
export type TimedTransition = Omit<SourceTransition, 'atMs'> & { at: number };

/** One row of the timeline. */
export interface TimelineRow {
  /** Position in the timeline (0-based), stable under filtering. */
  index: number;
  seq: number;
  atMs: number;
  /** How long the machine had been in the source state when this transition left it. */
  inSourceMs: number;
  eventType: string;
  event: SourceTransition['event'];
  source: string | null;
  target: string;
  eventless: boolean;
  context: JsonValue | null;
}

/** The rows of one machine's run, and how many the recorder dropped. */
export interface Timeline {
  rows: TimelineRow[];
  dropped: number;
  /** Every event type present, sorted (for the filter). */
  eventTypes: string[];
  /** Every state path present, sorted (for the filter). */
  states: string[];
}

/**
 * Turns recorded transitions into timeline rows: the time each spent in its source state, the
 * event types and states for the filters. Linear, no copies of payloads or contexts.
 *
 * @param transitions - in recorded order.
 * @param dropped - how many older transitions the recorder dropped.
 * @param clock - for transitions timed by the wall clock (`at`): the reading that is time zero.
 * @returns the timeline.
 */
export function buildTimeline(
  transitions: readonly SourceTransition[] | readonly TimedTransition[],
  dropped = 0,
  clock?: number,
): Timeline {
  const rows: TimelineRow[] = new Array<TimelineRow>(transitions.length);
  const eventTypes = new Set<string>();
  const states = new Set<string>();
  const offset = (transition: SourceTransition | TimedTransition) =>
    'atMs' in transition ? transition.atMs : transition.at - (clock ?? 0);
  let enteredAt = transitions[0] ? offset(transitions[0]) : 0;
  for (let index = 0; index < transitions.length; index += 1) {
    const transition = transitions[index] as SourceTransition | TimedTransition;
    const eventType = transition.event.type;
    const atMs = offset(transition);
    rows[index] = {
      index,
      seq: transition.seq,
      atMs,
      inSourceMs: transition.source === null ? 0 : atMs - enteredAt,
      eventType,
      event: transition.event,
      source: transition.source,
      target: transition.target,
      eventless: transition.eventless,
      context: transition.context ?? null,
    };
    if (transition.source !== transition.target) enteredAt = atMs;
    eventTypes.add(eventType);
    states.add(transition.target);
  }
  return { rows, dropped, eventTypes: [...eventTypes].sort(), states: [...states].sort() };
}

/** What the timeline shows: event types (empty: all), a state, and text in payloads. */
export interface TimelineFilter {
  eventTypes: readonly string[];
  /** A state path; matches rows leaving or entering it or any state inside it. */
  state: string | null;
  search: string;
}

export const NO_FILTER: TimelineFilter = { eventTypes: [], state: null, search: '' };

function inState(path: string | null, state: string): boolean {
  return path !== null && (path === state || path.startsWith(`${state}.`));
}

const payloadText = new WeakMap<TimelineRow, string>();

function textOf(row: TimelineRow): string {
  let text = payloadText.get(row);
  if (text === undefined) {
    text = JSON.stringify(row.event).toLowerCase();
    payloadText.set(row, text);
  }
  return text;
}

/**
 * The rows a filter keeps, in order.
 *
 * @param rows - the timeline's rows.
 * @param filter - event types (any of), state (source or target inside it), payload text.
 * @returns the kept rows.
 * @example
 * ```ts
 * filterTimeline(rows, { eventTypes: ['build'], state: null, search: '' });
 * ```
 */
export function filterTimeline(
  rows: readonly TimelineRow[],
  filter: TimelineFilter,
): TimelineRow[] {
  const types = filter.eventTypes.length === 0 ? null : new Set(filter.eventTypes);
  const search = filter.search.trim().toLowerCase();
  const { state } = filter;
  if (types === null && state === null && search === '') return rows.slice();
  return rows.filter(
    (row) =>
      (types === null || types.has(row.eventType)) &&
      (state === null || inState(row.source, state) || inState(row.target, state)) &&
      (search === '' || textOf(row).includes(search)),
  );
}

/** One changed path of a context. */
export interface ContextChange {
  kind: 'added' | 'removed' | 'changed';
  /** `draft.options.maxGasAmount`, `walletRequests.0.status`. */
  path: string;
  before?: JsonValue;
  after?: JsonValue;
}

const KIND = { CREATE: 'added', REMOVE: 'removed', CHANGE: 'changed' } as const;

/**
 * The paths added, removed and changed between two contexts (microdiff), sorted by path.
 *
 * @param before - the context before a transition (`null` for the first).
 * @param after - the context after it.
 * @returns one entry per changed leaf or subtree.
 */
export function contextDiff(before: JsonValue | null, after: JsonValue): ContextChange[] {
  const asObject = (value: JsonValue | null) =>
    value !== null && typeof value === 'object' ? value : { value };
  const changes = diff(asObject(before ?? {}), asObject(after)).map((change): ContextChange => {
    const entry: ContextChange = { kind: KIND[change.type], path: change.path.join('.') };
    if (change.type !== 'CREATE') entry.before = change.oldValue as JsonValue;
    if (change.type !== 'REMOVE') entry.after = change.value as JsonValue;
    return entry;
  });
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
