import {
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { statePath, transactionMachine, walletMachine, type JsonValue } from '../../../machines';
import type { TracedMachine } from '../../inspection/workbenchTrace';
import { StatechartDiagram } from './diagram/StatechartDiagram';
import { useLayoutClient } from './graph/LayoutClientContext';
import {
  activeNodeIds,
  machineGraph,
  type GraphEdge,
  type MachineGraph,
} from './graph/machineGraph';
import { runPath, stepEdges } from './graph/runPath';
import { useLiveMachine } from './live/useLiveMachine';
import { samplePayload, PAYLOAD_SAMPLES } from './live/payloadSamples';
import { SendEventModal } from './live/SendEventModal';
import { SequenceView } from './sequence/SequenceView';
import { SourceBar } from './sources/SourceBar';
import { useVisualizerData } from './sources/useVisualizerData';
import { routeFromHash, useVisualizerRoute } from './sources/useVisualizerRoute';
import type { SequenceMessage } from './sources/visualizerData';
import { ContextPanel } from './timeline/ContextPanel';
import { PlaybackBar } from './timeline/PlaybackBar';
import { TimelineGrid } from './timeline/TimelineGrid';
import { filterTimeline, NO_FILTER, type TimelineFilter } from './timeline/timelineModel';
import { usePlayback } from './timeline/usePlayback';

/** Each machine's graph, read once from its definition. */
const GRAPHS: Record<TracedMachine, MachineGraph> = {
  transaction: machineGraph(transactionMachine),
  wallet: machineGraph(walletMachine),
};

const MACHINE_LABEL: Record<TracedMachine, string> = {
  transaction: 'Transaction machine',
  wallet: 'Wallet machine',
};

/**
 * The visualizer: both machines drawn from their definitions, live or at any moment of a run; the
 * transition timeline with context diffs and time travel; the sequence of messages between the
 * app, the machines, the wallet and the node. The source is in the URL (`#/visualizer/<runId>`).
 */
export default function Visualizer() {
  const hash = useVisualizerRoute();
  const route = useMemo(() => routeFromHash(hash), [hash]);
  const [machine, setMachine] = useState<TracedMachine>('transaction');
  const graph = GRAPHS[machine];
  const layouts = useLayoutClient();
  // Both machines are laid out as soon as the page opens: switching is then instant.
  useEffect(() => {
    // A failure shows in the diagram, which asks again.
    for (const each of Object.values(GRAPHS)) layouts.layout(each).catch(() => {});
  }, [layouts]);
  const { data, error, loading } = useVisualizerData(route, GRAPHS.transaction);
  const [selection, setSelection] = useState<Record<TracedMachine, number | null>>({
    transaction: null,
    wallet: null,
  });
  const [filter, setFilter] = useState<TimelineFilter>(NO_FILTER);
  const [sending, setSending] = useState<{
    edge: GraphEdge;
    payload: { [key: string]: JsonValue };
  } | null>(null);

  const timeline = data?.timelines[machine] ?? null;
  const allRows = useMemo(() => timeline?.rows ?? [], [timeline]);
  const rows = useMemo(() => filterTimeline(allRows, filter), [allRows, filter]);
  const selected = selection[machine];
  const selectedRow = selected === null ? null : (allRows[selected] ?? null);
  const select = useCallback(
    (index: number | null) => setSelection((current) => ({ ...current, [machine]: index })),
    [machine],
  );
  const playback = usePlayback({ rows, selected, select });

  const isLive = data?.kind === 'live';
  const { actor } = useLiveMachine(machine);
  const liveActor = isLive && selected === null ? actor : null;
  const liveSnapshot = liveActor?.getSnapshot() as
    | {
        value: Parameters<typeof statePath>[0];
        context: unknown;
        can: (event: { type: string }) => boolean;
      }
    | undefined;
  const shownRow = selectedRow ?? allRows.at(-1) ?? null;
  const shownState = liveSnapshot ? statePath(liveSnapshot.value) : (shownRow?.target ?? null);
  const activeIds = useMemo(() => activeNodeIds(graph.machineId, shownState), [graph, shownState]);

  const enabled = useMemo(() => {
    if (!liveSnapshot) return new Set<string>();
    const accepted = new Map<string, boolean>();
    const accepts = (type: string) => {
      let known = accepted.get(type);
      if (known === undefined) {
        try {
          known = liveSnapshot.can({ type, ...samplePayload(type, liveSnapshot.context) });
        } catch {
          known = false;
        }
        accepted.set(type, known);
      }
      return known;
    };
    return new Set(
      graph.edges
        .filter((edge) => edge.sendable && activeIds.has(edge.source) && accepts(edge.eventType))
        .map((edge) => edge.id),
    );
  }, [liveSnapshot, graph, activeIds]);
  const taken = useMemo(() => stepEdges(graph, selectedRow), [graph, selectedRow]);
  // The run's path up to the moment shown: the selected row, or the run's end.
  const path = useMemo(
    () => runPath(graph, allRows, selected === null ? allRows.length : selected + 1),
    [graph, allRows, selected],
  );

  const send = useCallback(
    (edge: GraphEdge) => {
      if (!liveActor) return;
      if (PAYLOAD_SAMPLES[edge.eventType]) {
        setSending({
          edge,
          payload: samplePayload(edge.eventType, liveActor.getSnapshot().context),
        });
      } else {
        liveActor.send({ type: edge.eventType });
      }
    },
    [liveActor],
  );

  const step = useCallback(
    (to: 'previous' | 'next' | 'first' | 'last') => {
      if (rows.length === 0) return;
      const position =
        selected === null ? rows.length : rows.findIndex((row) => row.index === selected);
      const target =
        to === 'first'
          ? 0
          : to === 'last'
            ? rows.length - 1
            : to === 'previous'
              ? Math.max(0, position - 1)
              : Math.min(rows.length - 1, position + 1);
      const row = rows[target];
      if (row) select(row.index);
    },
    [rows, selected, select],
  );

  const linked = useCallback(
    (message: SequenceMessage) =>
      selectedRow !== null && message.machine === machine && message.seq === selectedRow.seq,
    [selectedRow, machine],
  );
  const selectMessage = useCallback(
    (message: SequenceMessage) => {
      if (message.seq === null || !data) return;
      const index = data.timelines[message.machine].rows.findIndex(
        (row) => row.seq === message.seq,
      );
      if (index < 0) return;
      setMachine(message.machine);
      setFilter(NO_FILTER);
      setSelection((current) => ({ ...current, [message.machine]: index }));
    },
    [data],
  );

  const activeNode = graph.nodes.filter((node) => activeIds.has(node.id)).at(-1);
  return (
    <Stack gap="md" data-visualizer>
      <SourceBar
        route={route}
        data={data}
        error={error}
        loading={loading}
        graph={GRAPHS.transaction}
        onSourceChange={() => setSelection({ transaction: null, wallet: null })}
      />
      {loading && <Loader size="sm" role="status" aria-label="Loading the run" />}
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Machine"
          value={machine}
          onChange={(value) => {
            setMachine(value as TracedMachine);
            setFilter(NO_FILTER);
          }}
          data={[
            { value: 'transaction', label: MACHINE_LABEL.transaction },
            { value: 'wallet', label: MACHINE_LABEL.wallet },
          ]}
        />
        <Text
          size="sm"
          role="status"
          aria-label={`${MACHINE_LABEL[machine]} shown in state ${shownState ?? 'none'}`}
        >
          {selected === null ? (isLive ? 'Now' : 'End of run') : `At seq ${selectedRow?.seq ?? ''}`}
          : <strong>{shownState ?? '—'}</strong>
        </Text>
      </Group>
      {/* The chart takes the full width: the whole machine reads at 1440×900 only with it. */}
      <Grid gap="md">
        <Grid.Col span={12}>
          <Paper withBorder radius="md" component="section" aria-label="Statechart">
            <StatechartDiagram
              graph={graph}
              activeIds={activeIds}
              enabled={enabled}
              taken={taken}
              path={path}
              onSend={send}
              label={`${MACHINE_LABEL[machine]} statechart`}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={12}>
          <Paper withBorder p="sm" radius="md" component="section" aria-label="State details">
            <Stack gap="xs">
              <Title order={3} size="h5">
                {activeNode ? activeNode.path : 'No state'}
              </Title>
              {activeNode && (
                <Group gap={4}>
                  {activeNode.tags.map((tag) => (
                    <Badge key={tag} size="sm" variant="light">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              )}
              <Text size="sm">{activeNode?.description}</Text>
              <Title order={4} size="h6">
                Events it accepts now
              </Title>
              {liveActor ? (
                <Group gap={4} role="toolbar" aria-label="Send an event to the live machine">
                  {[
                    ...new Set(
                      graph.edges
                        .filter((edge) => enabled.has(edge.id))
                        .map((edge) => edge.eventType),
                    ),
                  ].map((type) => {
                    const edge = graph.edges.find(
                      (candidate) => enabled.has(candidate.id) && candidate.eventType === type,
                    ) as GraphEdge;
                    return (
                      <Button
                        key={type}
                        size="compact-xs"
                        variant="outline"
                        onClick={() => send(edge)}
                      >
                        {type}
                      </Button>
                    );
                  })}
                </Group>
              ) : (
                <Text size="sm">
                  {isLive
                    ? 'Showing the past: press Live to drive the machine.'
                    : 'A recorded run: nothing to send.'}
                </Text>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <Paper withBorder p="sm" radius="md" component="section" aria-label="Timeline">
        <Stack gap="xs">
          <Group gap="xs" align="flex-end" wrap="wrap">
            <MultiSelect
              size="xs"
              label="Event types"
              placeholder="All"
              data={timeline?.eventTypes ?? []}
              value={[...filter.eventTypes]}
              onChange={(eventTypes) => setFilter((current) => ({ ...current, eventTypes }))}
              clearable
              searchable
              w={260}
            />
            <Select
              size="xs"
              label="State"
              placeholder="Any"
              data={timeline?.states ?? []}
              value={filter.state}
              onChange={(state) => setFilter((current) => ({ ...current, state }))}
              clearable
              searchable
              w={200}
            />
            <TextInput
              size="xs"
              label="Search payloads"
              value={filter.search}
              onChange={(event) => {
                const search = event.currentTarget.value;
                setFilter((current) => ({ ...current, search }));
              }}
              w={200}
            />
            <Text size="xs" aria-live="polite">
              {rows.length.toLocaleString('en-US')} of {allRows.length.toLocaleString('en-US')}{' '}
              transitions
              {timeline &&
                timeline.dropped > 0 &&
                ` · ${timeline.dropped.toLocaleString('en-US')} older ones dropped by the recorder’s limit`}
            </Text>
          </Group>
          <PlaybackBar
            rows={rows}
            selected={selected}
            select={select}
            onStep={step}
            onLive={isLive ? () => select(null) : null}
            {...playback}
          />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <TimelineGrid
                rows={rows}
                selected={selected}
                onSelect={select}
                onStep={step}
                total={allRows.length}
                label={`Transitions of the ${MACHINE_LABEL[machine].toLowerCase()}`}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <section aria-label="Context">
                <ContextPanel
                  row={selectedRow}
                  note={data?.contextNote}
                  previous={
                    selected === null || selected === 0 ? null : (allRows[selected - 1] ?? null)
                  }
                />
              </section>
            </Grid.Col>
          </Grid>
        </Stack>
      </Paper>
      <Paper withBorder p="sm" radius="md" component="section" aria-label="Sequence">
        <Title order={3} size="h5" mb="xs">
          Sequence: App ⇄ transaction machine ⇄ wallet ⇄ node
        </Title>
        <SequenceView
          messages={data?.messages ?? []}
          linked={linked}
          onSelect={selectMessage}
          dropped={data?.droppedMessages ?? 0}
        />
      </Paper>
      {sending && liveActor && (
        <SendEventModal
          eventType={sending.edge.eventType}
          initial={sending.payload}
          onClose={() => setSending(null)}
          onSend={(payload) => {
            liveActor.send({ ...payload, type: sending.edge.eventType });
            setSending(null);
          }}
        />
      )}
    </Stack>
  );
}
