import { VisuallyHidden } from '@mantine/core';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import type { ChartGroup, LabelEntry } from '../graph/chartModel';
import type { GraphNode } from '../graph/machineGraph';
import { tagsInline } from '../graph/sizes';
import classes from './Statechart.module.css';
import { TransitionButton, type TransitionMarks } from './TransitionButton';

/** What a state's box shows. */
export interface StateNodeData extends Record<string, unknown> {
  state: GraphNode;
  container: boolean;
  active: boolean;
  /** Entered by the run up to the moment shown. */
  visited: boolean;
  /** The tags its box shows (a group says its own tag once). */
  tags: string[];
  /** Its transitions that stay in it, listed in the box. */
  loops: LabelEntry[];
  marks: TransitionMarks;
}

export type StateFlowNode = Node<StateNodeData, 'state'>;

/** A box around grouped sibling states: not a state, it carries their shared exits. */
export interface GroupNodeData extends Record<string, unknown> {
  group: ChartGroup;
}

export type GroupFlowNode = Node<GroupNodeData, 'stateGroup'>;

// Edges attach where ELK routed them, not to handles; React Flow still wants one of each.
function Handles() {
  return (
    <>
      <Handle
        type="target"
        position={Position.Top}
        className={classes.handle}
        isConnectable={false}
      />
      <Handle
        type="source"
        position={Position.Bottom}
        className={classes.handle}
        isConnectable={false}
      />
    </>
  );
}

/**
 * One state: its name and tags, the transitions that stay in it; compound states hold their
 * children. The description is the box's tooltip and is read by screen readers (the chart has
 * no room for it; the details beside the chart show the active state's).
 */
export function StateNode({ data }: NodeProps<StateFlowNode>) {
  const { state, container, active, visited, tags, loops, marks } = data;
  const status = [active && 'active', visited && 'visited'].filter(Boolean).join(', ');
  return (
    <div
      className={classes.state}
      data-container={container || undefined}
      data-active={active || undefined}
      data-visited={visited || undefined}
      data-initial={state.initial || undefined}
      role="group"
      aria-label={`State ${state.path}${status ? ` (${status})` : ''}`}
      data-state-path={state.path}
      title={state.description ?? undefined}
    >
      <Handles />
      <div className={classes.stateHead} data-inline={tagsInline({ ...state, tags }) || undefined}>
        <div className={classes.stateName}>
          {state.initial && (
            <span className={classes.initial} aria-label="initial state">
              ●
            </span>
          )}
          {state.key}
          {visited && !active && (
            <span className={classes.visitedMark} aria-hidden="true">
              ✓
            </span>
          )}
        </div>
        {tags.length > 0 && (
          <div className={classes.tags} aria-label="Tags">
            {tags.map((tag) => (
              <span key={tag} className={classes.tag} data-tag={tag}>
                {tag}
              </span>
            ))}
          </div>
        )}
      </div>
      {loops.map((entry) => (
        <TransitionButton key={entry.edgeIds[0]} entry={entry} marks={marks} from={null} inBox />
      ))}
      {state.description && <VisuallyHidden>{state.description}</VisuallyHidden>}
    </div>
  );
}

/** The box of a group of sibling states, captioned with what they share. */
export function GroupNode({ data }: NodeProps<GroupFlowNode>) {
  const { group } = data;
  return (
    <div
      className={classes.group}
      role="group"
      aria-label={`${group.members.length} ${group.tag} states`}
      data-group={group.tag}
    >
      <Handles />
      <div className={classes.groupCaption} aria-hidden="true">
        {group.tag} · {group.members.length} states
      </div>
    </div>
  );
}
