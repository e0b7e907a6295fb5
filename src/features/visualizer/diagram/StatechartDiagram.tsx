import '@xyflow/react/dist/style.css';
import { Alert, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Background, Controls, MarkerType, MiniMap, ReactFlow, useStore } from '@xyflow/react';
import { useEffect, useMemo, useState } from 'react';
import type { GraphLayout, NodeBox } from '../graph/layout';
import type { GraphEdge, MachineGraph } from '../graph/machineGraph';
import type { RunPath } from '../graph/runPath';
import { useLayoutClient } from '../graph/LayoutClientContext';
import { ChartLegend } from './ChartLegend';
import { GroupNode, StateNode, type GroupFlowNode, type StateFlowNode } from './StateNode';
import classes from './Statechart.module.css';
import type { TransitionMarks } from './TransitionButton';
import { TransitionEdge, type TransitionFlowEdge } from './TransitionEdge';
import { useChartView } from './useChartView';

const nodeTypes = { state: StateNode, stateGroup: GroupNode };
const edgeTypes = { transition: TransitionEdge };

/**
 * Arrowheads: grey, and the run's path in its colour (both readable on either scheme). Their size
 * is in stroke widths, and a path line is 2.5 times as thick.
 */
const ARROW = { type: MarkerType.ArrowClosed, width: 14, height: 14, color: '#868e96' };
const PATH_ARROW = { ...ARROW, width: 6, height: 6, color: '#9c36b5' };

export interface StatechartDiagramProps {
  graph: MachineGraph;
  /** Ids of the active state and its ancestors. */
  activeIds: ReadonlySet<string>;
  /** Edge ids the live actor accepts now. */
  enabled: ReadonlySet<string>;
  /** Edge ids of the selected transition. */
  taken: ReadonlySet<string>;
  /** The states and transitions of the run up to the moment shown. */
  path: RunPath;
  onSend: (edge: GraphEdge) => void;
  label: string;
}

/** The layout of a graph: at once when cached, else from the worker (the page never waits). */
function useGraphLayout(graph: MachineGraph): { layout: GraphLayout | null; error: string | null } {
  const client = useLayoutClient();
  const cached = client.cached(graph);
  const [state, setState] = useState<{
    key: string;
    layout: GraphLayout | null;
    error: string | null;
  }>({
    key: '',
    layout: null,
    error: null,
  });
  useEffect(() => {
    if (cached) return;
    let current = true;
    client.layout(graph).then(
      (layout) => current && setState({ key: layout.key, layout, error: null }),
      (error: unknown) => current && setState({ key: '', layout: null, error: String(error) }),
    );
    return () => {
      current = false;
    };
  }, [client, graph, cached]);
  return { layout: cached ?? state.layout, error: cached ? null : state.error };
}

/** Keeps the view (whole chart, or the active state) and shows the minimap when zoomed in. */
function ChartView(props: {
  layout: GraphLayout;
  box: NodeBox | null;
  follow: boolean;
  machineId: string;
}) {
  const { fitZoom } = useChartView(props);
  // On a phone the minimap would cover half the chart; with the whole chart in view it is moot.
  const wide = useMediaQuery('(min-width: 48em)', true);
  const zoomedIn = useStore((store) => store.transform[2] > fitZoom * 1.05);
  if (!wide || !zoomedIn) return null;
  return <MiniMap pannable zoomable ariaLabel={`Minimap of the ${props.machineId} machine`} />;
}

/**
 * A machine drawn from its definition with @xyflow/react, laid out by ELK in a worker: compound
 * states contain their children, outcome states share one box and one line per shared exit,
 * each line is labelled with its events and guards; the run's path is marked. Pan, zoom, fit and
 * a minimap. Transitions the live actor accepts are buttons that send their event.
 */
export function StatechartDiagram(props: StatechartDiagramProps) {
  const { graph, activeIds, enabled, taken, path, onSend, label } = props;
  const { layout, error } = useGraphLayout(graph);
  const [follow, setFollow] = useState(true);
  const activeLeaf = graph.nodes.filter((node) => activeIds.has(node.id)).at(-1)?.id ?? null;

  const marks = useMemo<TransitionMarks>(
    () => ({
      edges: new Map(graph.edges.map((edge) => [edge.id, edge])),
      enabled,
      taken,
      path: path.edges,
      onSend,
      machineId: graph.machineId,
    }),
    [graph, enabled, taken, path, onSend],
  );

  const nodes = useMemo<(StateFlowNode | GroupFlowNode)[]>(() => {
    if (!layout) return [];
    const parents = new Set(graph.nodes.map((node) => node.parent));
    const groups = Object.values(layout.groups);
    const groupOf = new Map(groups.flatMap((group) => group.members.map((id) => [id, group])));
    const boxOf = (id: string | null) =>
      id === null ? undefined : (layout.nodes[id] ?? layout.groups[id]?.box);
    const place = (box: NodeBox, parentId: string | null) => {
      const parent = boxOf(parentId);
      return {
        position: parent ? { x: box.x - parent.x, y: box.y - parent.y } : { x: box.x, y: box.y },
        ...(parent && parentId !== null ? { parentId } : {}),
        style: { width: box.width, height: box.height },
        width: box.width,
        height: box.height,
        draggable: false,
        selectable: false,
      };
    };
    const result: (StateFlowNode | GroupFlowNode)[] = [];
    for (const state of graph.nodes) {
      const group = groupOf.get(state.id);
      if (group && !result.some((node) => node.id === group.id)) {
        result.push({
          id: group.id,
          type: 'stateGroup',
          ...place(group.box, group.parent),
          data: { group },
        });
      }
      const box = layout.nodes[state.id];
      if (!box) continue;
      result.push({
        id: state.id,
        type: 'state',
        ...place(box, group?.id ?? state.parent),
        data: {
          state,
          container: parents.has(state.id),
          active: activeIds.has(state.id),
          visited: state.parent !== null && path.states.has(state.id),
          tags: state.tags.filter((tag) => tag !== group?.tag),
          loops: layout.loops[state.id] ?? [],
          marks,
        },
      });
    }
    return result;
  }, [graph, layout, activeIds, path, marks]);

  const edges = useMemo<TransitionFlowEdge[]>(() => {
    if (!layout) return [];
    return Object.values(layout.routes).map((route) => {
      const onPath = route.entries.some((entry) => entry.edgeIds.some((id) => path.edges.has(id)));
      const group = layout.groups[route.source];
      return {
        id: route.id,
        type: 'transition' as const,
        source: route.source,
        target: route.target,
        markerEnd: onPath ? PATH_ARROW : ARROW,
        zIndex: 10,
        data: { route, marks, from: group ? `any ${group.tag} state` : null },
      };
    });
  }, [layout, marks, path]);

  if (error) {
    return (
      <Alert color="red" title="The diagram could not be laid out">
        {error}
      </Alert>
    );
  }
  if (!layout) {
    return (
      <Stack align="center" justify="center" h={560} aria-busy="true">
        <Loader size="sm" />
        <Text size="sm">Laying out the {graph.machineId} machine…</Text>
      </Stack>
    );
  }
  const activeBox = activeLeaf === null ? null : (layout.nodes[activeLeaf] ?? null);
  return (
    <div className={classes.chart}>
      <Group className={classes.chartBar} justify="space-between" gap="xs" wrap="wrap">
        <Checkbox
          size="xs"
          label="Follow the active state"
          checked={follow}
          onChange={(event) => setFollow(event.currentTarget.checked)}
        />
        <ChartLegend />
      </Group>
      <div
        className={classes.flow}
        role="figure"
        aria-label={label}
        data-layout-key={layout.key}
        data-layout-size={`${Math.round(layout.width)}x${Math.round(layout.height)}`}
      >
        <ReactFlow
          key={layout.key}
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          minZoom={0.05}
          maxZoom={2}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
        >
          <Background />
          <ChartView layout={layout} box={activeBox} follow={follow} machineId={graph.machineId} />
          <Controls showInteractive={false} aria-label="Zoom and fit" />
        </ReactFlow>
      </div>
    </div>
  );
}
