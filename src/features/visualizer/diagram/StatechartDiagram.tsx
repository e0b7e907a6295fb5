import '@xyflow/react/dist/style.css';
import { Alert, Checkbox, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  Background,
  Controls,
  MarkerType,
  MiniMap,
  Panel,
  ReactFlow,
  useReactFlow,
} from '@xyflow/react';
import { useEffect, useMemo, useState } from 'react';
import type { GraphLayout, NodeBox } from '../graph/layout';
import type { GraphEdge, MachineGraph } from '../graph/machineGraph';
import { useLayoutClient } from '../graph/LayoutClientContext';
import { StateNode, type StateFlowNode } from './StateNode';
import { TransitionEdge, type TransitionFlowEdge } from './TransitionEdge';

const nodeTypes = { state: StateNode };
const edgeTypes = { transition: TransitionEdge };

export interface StatechartDiagramProps {
  graph: MachineGraph;
  /** Ids of the active state and its ancestors. */
  activeIds: ReadonlySet<string>;
  /** Edge ids the live actor accepts now. */
  enabled: ReadonlySet<string>;
  /** Edge ids of the selected transition. */
  taken: ReadonlySet<string>;
  onSend: (edge: GraphEdge) => void;
  label: string;
}

/** Keeps the active state in view: the machines are large, and a moment is about one state. */
function FollowActive({ box }: { box: NodeBox | null }) {
  const flow = useReactFlow();
  const x = box === null ? null : box.x + box.width / 2;
  const y = box === null ? null : box.y + box.height / 2;
  useEffect(() => {
    if (x === null || y === null) return;
    const frame = requestAnimationFrame(
      () => void flow.setCenter(x, y, { zoom: 0.85, duration: 250 }),
    );
    return () => cancelAnimationFrame(frame);
  }, [flow, x, y]);
  return null;
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

/**
 * A machine drawn from its definition with @xyflow/react, laid out by ELK: compound states
 * contain their children, each transition is labelled with its event and guard; pan, zoom, fit
 * and a minimap. Transitions the live actor accepts are buttons that send their event.
 */
export function StatechartDiagram(props: StatechartDiagramProps) {
  const { graph, activeIds, enabled, taken, onSend, label } = props;
  const { layout, error } = useGraphLayout(graph);
  const [follow, setFollow] = useState(true);
  // On a phone the minimap would cover half the chart; pinch and the zoom controls remain.
  const wide = useMediaQuery('(min-width: 48em)', true);
  const activeLeaf = graph.nodes.filter((node) => activeIds.has(node.id)).at(-1)?.id ?? null;

  const nodes = useMemo<StateFlowNode[]>(() => {
    if (!layout) return [];
    const parents = new Set(graph.nodes.map((node) => node.parent));
    return graph.nodes.flatMap((state) => {
      const box = layout.nodes[state.id];
      if (!box) return [];
      const parentBox = state.parent === null ? undefined : layout.nodes[state.parent];
      return [
        {
          id: state.id,
          type: 'state' as const,
          position: parentBox
            ? { x: box.x - parentBox.x, y: box.y - parentBox.y }
            : { x: box.x, y: box.y },
          ...(state.parent !== null && parentBox ? { parentId: state.parent } : {}),
          style: { width: box.width, height: box.height },
          width: box.width,
          height: box.height,
          data: { state, container: parents.has(state.id), active: activeIds.has(state.id) },
          draggable: false,
          selectable: false,
          zIndex: state.parent === null ? 0 : 1,
        },
      ];
    });
  }, [graph, layout, activeIds]);

  const edges = useMemo<TransitionFlowEdge[]>(() => {
    if (!layout) return [];
    const byId = new Map(graph.edges.map((edge) => [edge.id, edge]));
    return Object.entries(layout.routes).map(([id, route]) => {
      const members = route.edgeIds.flatMap((edgeId) => byId.get(edgeId) ?? []);
      const [first] = members;
      return {
        id,
        type: 'transition' as const,
        source: first?.source ?? '',
        target: first?.target ?? '',
        markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
        zIndex: 2,
        data: { route, members, enabled, taken, onSend },
      };
    });
  }, [graph, layout, enabled, taken, onSend]);

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
    <div style={{ height: 620 }} role="figure" aria-label={label} data-layout-key={layout.key}>
      <ReactFlow
        key={layout.key}
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        // Fitting the whole chart happens once its nodes are measured, after the first frames:
        // it would undo the centring on the active state, so it is only the view without one.
        fitView={!(follow && activeBox !== null)}
        minZoom={0.05}
        maxZoom={2}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
      >
        <Background />
        {follow && <FollowActive box={activeBox} />}
        <Panel position="top-left">
          <Checkbox
            size="xs"
            label="Follow the active state"
            checked={follow}
            onChange={(event) => setFollow(event.currentTarget.checked)}
          />
        </Panel>
        <Controls showInteractive={false} aria-label="Zoom and fit" />
        {wide && (
          <MiniMap
            pannable
            zoomable
            ariaLabel={`Minimap of the ${graph.machineId} machine`}
            nodeColor={(node) => (activeIds.has(node.id) ? '#1971c2' : '#adb5bd')}
          />
        )}
      </ReactFlow>
    </div>
  );
}
