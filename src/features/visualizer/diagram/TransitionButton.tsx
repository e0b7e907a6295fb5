import type { LabelEntry } from '../graph/chartModel';
import type { GraphEdge } from '../graph/machineGraph';
import { entryWidth, ENTRY_LINE, LOOP_MARK } from '../graph/sizes';
import classes from './Statechart.module.css';

/** What every transition label needs to know about the moment shown. */
export interface TransitionMarks {
  edges: ReadonlyMap<string, GraphEdge>;
  /** Transitions the live actor accepts now (their label is a button that sends the event). */
  enabled: ReadonlySet<string>;
  /** Transitions of the selected timeline row. */
  taken: ReadonlySet<string>;
  /** Transitions the run took up to the moment shown. */
  path: ReadonlySet<string>;
  onSend: (edge: GraphEdge) => void;
  machineId: string;
}

/** A state id below the machine: `transaction.simulated.success` → `simulated.success`. */
export function shortPath(id: string, machineId: string): string {
  return id.startsWith(`${machineId}.`) ? id.slice(machineId.length + 1) : id;
}

/**
 * One transition's label, a button: it sends the event when the live actor accepts it. A folded
 * label (the same exit of every state of a group) sends it from the state that accepts it.
 */
export function TransitionButton({
  entry,
  marks,
  from,
  inBox = false,
}: {
  entry: LabelEntry;
  marks: TransitionMarks;
  /** Where the transition leaves from when no one state does (a group's folded exit). */
  from: string | null;
  /** Drawn inside its state's box (a self-transition) rather than on a line. */
  inBox?: boolean;
}) {
  const members = entry.edgeIds.flatMap((id) => marks.edges.get(id) ?? []);
  const sendable = members.find((edge) => marks.enabled.has(edge.id));
  const edge = sendable ?? members[0];
  if (!edge) return null;
  const onPath = members.some((member) => marks.path.has(member.id));
  const current = members.some((member) => marks.taken.has(member.id));
  const source =
    sendable || members.length === 1 || from === null
      ? shortPath(edge.source, marks.machineId)
      : from;
  // The accessible name starts with what the label shows (`done [isClassifiedAs(target)]`),
  // then says it in full when the chart shortened it.
  const shown = `${entry.text}${entry.guard === null ? '' : ` [${entry.guard}]`}`;
  const full = `${edge.label}${edge.guard ? ` [${edge.guard}]` : ''}`;
  const label =
    `${sendable ? 'Send' : 'Transition'} ${shown}${full === shown ? '' : ` (${full})`}: ` +
    `${source} → ${shortPath(edge.target, marks.machineId)}` +
    (onPath ? ' (taken in this run)' : '');
  return (
    <button
      type="button"
      className={`${classes.edgeLabel} nodrag nopan`}
      style={inBox ? { height: ENTRY_LINE } : { width: entryWidth(entry), height: ENTRY_LINE }}
      data-enabled={sendable ? true : undefined}
      data-taken={current || undefined}
      data-path={onPath || undefined}
      data-event={edge.eventType}
      aria-disabled={!sendable}
      tabIndex={sendable ? 0 : -1}
      aria-label={label}
      title={label}
      onClick={() => sendable && marks.onSend(sendable)}
    >
      {inBox && (
        <span className={classes.loopMark} aria-hidden="true">
          {LOOP_MARK}
        </span>
      )}
      <span className={classes.edgeEvent}>{entry.text}</span>
      {entry.guard && <span className={classes.edgeGuard}>[{entry.guard}]</span>}
    </button>
  );
}
