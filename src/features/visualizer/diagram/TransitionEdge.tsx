import { BaseEdge, EdgeLabelRenderer, type Edge, type EdgeProps } from '@xyflow/react';
import type { EdgeRoute } from '../graph/layout';
import { labelHeight } from '../graph/layout';
import type { GraphEdge } from '../graph/machineGraph';
import classes from './Statechart.module.css';

/** What one routed line shows: every transition between its two states. */
export interface TransitionEdgeData extends Record<string, unknown> {
  route: EdgeRoute;
  members: GraphEdge[];
  /** Transitions the live actor accepts now (their label is a button that sends the event). */
  enabled: ReadonlySet<string>;
  /** Transitions taken by the selected timeline row. */
  taken: ReadonlySet<string>;
  onSend: (edge: GraphEdge) => void;
}

export type TransitionFlowEdge = Edge<TransitionEdgeData, 'transition'>;

function pathOf(points: EdgeRoute['points']): string {
  return points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x},${point.y}`).join(' ');
}

/** A transition line routed by ELK, with one label per transition (event and guard). */
export function TransitionEdge({ id, data, markerEnd }: EdgeProps<TransitionFlowEdge>) {
  if (!data) return null;
  const { route, members, enabled, taken, onSend } = data;
  const lit = members.some((edge) => enabled.has(edge.id));
  const wasTaken = members.some((edge) => taken.has(edge.id));
  const label = route.label;
  return (
    <>
      <BaseEdge
        id={id}
        path={pathOf(route.points)}
        markerEnd={markerEnd}
        className={classes.edge}
        data-enabled={lit || undefined}
        data-taken={wasTaken || undefined}
      />
      {label && (
        <EdgeLabelRenderer>
          <div
            className={`${classes.edgeLabels} nodrag nopan`}
            style={{ transform: `translate(${label.x}px, ${label.y}px)`, width: label.width }}
          >
            {members.map((edge) => {
              const canSend = enabled.has(edge.id);
              return (
                <button
                  key={edge.id}
                  type="button"
                  className={classes.edgeLabel}
                  style={{ height: labelHeight(edge) }}
                  data-enabled={canSend || undefined}
                  data-taken={taken.has(edge.id) || undefined}
                  data-event={edge.eventType}
                  aria-disabled={!canSend}
                  tabIndex={canSend ? 0 : -1}
                  aria-label={`${canSend ? 'Send' : 'Transition'} ${edge.label}${edge.guard ? ` [${edge.guard}]` : ''}: ${edge.source.split('.').slice(1).join('.') || edge.source} → ${edge.target.split('.').slice(1).join('.') || edge.target}`}
                  onClick={() => canSend && onSend(edge)}
                >
                  <span className={classes.edgeEvent}>{edge.label}</span>
                  {edge.guard && <span className={classes.edgeGuard}> [{edge.guard}]</span>}
                </button>
              );
            })}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}
