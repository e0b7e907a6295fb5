import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import type { GraphNode } from '../graph/machineGraph';
import classes from './Statechart.module.css';

/** What a state's box shows. */
export interface StateNodeData extends Record<string, unknown> {
  state: GraphNode;
  container: boolean;
  active: boolean;
}

export type StateFlowNode = Node<StateNodeData, 'state'>;

/** One state: its name, tags and description; compound states hold their children. */
export function StateNode({ data }: NodeProps<StateFlowNode>) {
  const { state, container, active } = data;
  return (
    <div
      className={classes.state}
      data-container={container || undefined}
      data-active={active || undefined}
      data-initial={state.initial || undefined}
      role="group"
      aria-label={`State ${state.path}${active ? ' (active)' : ''}`}
      data-state-path={state.path}
    >
      <Handle
        type="target"
        position={Position.Top}
        className={classes.handle}
        isConnectable={false}
      />
      <div className={classes.stateName}>
        {state.initial && (
          <span className={classes.initial} aria-label="initial state">
            ●
          </span>
        )}
        {state.key}
      </div>
      {state.tags.length > 0 && (
        <div className={classes.tags} aria-label="Tags">
          {state.tags.map((tag) => (
            <span key={tag} className={classes.tag} data-tag={tag}>
              {tag}
            </span>
          ))}
        </div>
      )}
      {state.description && <div className={classes.description}>{state.description}</div>}
      <Handle
        type="source"
        position={Position.Bottom}
        className={classes.handle}
        isConnectable={false}
      />
    </div>
  );
}
