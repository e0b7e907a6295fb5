import { BaseEdge, EdgeLabelRenderer, type Edge, type EdgeProps } from '@xyflow/react';
import type { EdgeRoute } from '../graph/layout';
import { ENTRY_GAP, labelRows } from '../graph/sizes';
import classes from './Statechart.module.css';
import { TransitionButton, type TransitionMarks } from './TransitionButton';

/** What one routed line shows: every transition between its two boxes. */
export interface TransitionEdgeData extends Record<string, unknown> {
  route: EdgeRoute;
  marks: TransitionMarks;
  /** How a group's folded exits name where they leave from (`any outcome state`). */
  from: string | null;
}

export type TransitionFlowEdge = Edge<TransitionEdgeData, 'transition'>;

function pathOf(points: EdgeRoute['points']): string {
  return points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x},${point.y}`).join(' ');
}

/** A line routed by ELK through its bend points, with its labels where ELK placed them. */
export function TransitionEdge({ id, data, markerEnd }: EdgeProps<TransitionFlowEdge>) {
  if (!data) return null;
  const { route, marks, from } = data;
  const ids = route.entries.flatMap((entry) => entry.edgeIds);
  const lit = ids.some((edgeId) => marks.enabled.has(edgeId));
  const current = ids.some((edgeId) => marks.taken.has(edgeId));
  const onPath = ids.some((edgeId) => marks.path.has(edgeId));
  const label = route.label;
  return (
    <>
      <BaseEdge
        id={id}
        path={pathOf(route.points)}
        markerEnd={markerEnd}
        className={classes.edge}
        data-enabled={lit || undefined}
        data-taken={current || undefined}
        data-path={onPath || undefined}
      />
      {label && (
        <EdgeLabelRenderer>
          <div
            className={classes.edgeLabels}
            data-route={route.id}
            data-path={onPath || undefined}
            style={{
              transform: `translate(${label.x}px, ${label.y}px)`,
              width: label.width,
              height: label.height,
              gap: 0,
            }}
          >
            {labelRows(route.entries).map((row) => (
              <div
                key={row[0]?.edgeIds[0]}
                className={classes.edgeLabelRow}
                style={{ gap: ENTRY_GAP }}
              >
                {row.map((entry) => (
                  <TransitionButton
                    key={entry.edgeIds[0]}
                    entry={entry}
                    marks={marks}
                    from={from}
                  />
                ))}
              </div>
            ))}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}
