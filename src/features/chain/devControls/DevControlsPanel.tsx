import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  VisuallyHidden,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNetwork } from '../../../network/useNetwork';
import { errorMessage } from '../errorMessage';
import { devControlQueries, type MiningMode, type WorkbenchSnapshot } from './devControlQueries';
import { useDevControl } from './useDevControl';

/** One control with its one-line explanation. */

interface NumberActionProps {
  label: string;
  width: number;
  min: number;
  value: number | string;
  onChange: (value: number | string) => void;
  /** The button's label. */
  action: string;
  onAction: (value: number) => void;
}

/** A number and the button that sends it. */
function NumberAction({ label, width, min, value, onChange, action, onAction }: NumberActionProps) {
  return (
    <Group gap="xs" align="flex-end">
      <NumberInput size="xs" w={width} label={label} min={min} value={value} onChange={onChange} />
      <Button size="xs" variant="light" onClick={() => onAction(Number(value) || 0)}>
        {action}
      </Button>
    </Group>
  );
}

function Control({
  title,
  explanation,
  children,
}: {
  title: string;
  explanation: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {explanation}
      </Text>
      {children}
    </Stack>
  );
}

function shortHash(hash: string): string {
  return hash.length > 18 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash;
}

function chainTime(micros: string): string {
  return new Date(Number(BigInt(micros) / 1000n)).toISOString();
}

/**
 * The embedded chain's dev controls: mining mode and mine now, the chain clock, fault injection
 * (delay, hold, reject with 507), the mempool (hold, release, drop) and snapshot/revert. Each
 * calls the REST port's `/workbench/…` endpoints through TanStack Query. Only for the embedded
 * chain (network kind `local`).
 */
export function DevControlsPanel() {
  const { network } = useNetwork();
  const status = useQuery(devControlQueries.status(network));
  const mempool = useQuery(devControlQueries.mempool(network));
  const clock = useQuery(devControlQueries.clock(network));
  const control = useDevControl();
  const snapshotControl = useDevControl<WorkbenchSnapshot>();
  const [intervalMs, setIntervalMs] = useState<string | number>(1000);
  const [advanceSecs, setAdvanceSecs] = useState<string | number>(60);
  const [delayMs, setDelayMs] = useState<string | number>(2000);
  const [holdNext, setHoldNext] = useState<string | number>(1);
  const [rejectNext, setRejectNext] = useState<string | number>(1);
  const [snapshots, setSnapshots] = useState<WorkbenchSnapshot[]>([]);

  if (network.kind !== 'local') return null;

  const send = (path: string, body: unknown = {}) => control.mutate({ path, body });
  const mining = status.data?.mining;
  const faults = status.data?.faults;
  const setMining = (mode: MiningMode['mode']) =>
    send(
      '/mining',
      mode === 'interval' ? { mode, intervalMs: Number(intervalMs) || 1000 } : { mode },
    );
  const error = control.error ?? snapshotControl.error;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Dev controls">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Dev controls
          </Title>
          {status.data && (
            <Text size="xs" c="dimmed" aria-label="Chain status">
              version {status.data.ledger_version} · height {status.data.block_height} ·{' '}
              {status.data.user_transactions} user transactions · mempool {status.data.mempool_size}
            </Text>
          )}
        </Group>
        {status.isError && (
          <Alert color="red" title="The dev controls do not answer">
            {errorMessage(status.error)}. They exist only on the embedded chain (`npm start`).
          </Alert>
        )}
        {error && (
          <Alert color="red" title="The dev control failed" role="alert">
            {errorMessage(error)}
          </Alert>
        )}

        <Control
          title="Mining"
          explanation="Instant commits on the next tick; interval mines every N ms; manual waits for Mine now."
        >
          <Group gap="xs" align="flex-end">
            <SegmentedControl
              aria-label="Mining mode"
              size="xs"
              value={mining?.mode ?? 'instant'}
              onChange={(value) => setMining(value as MiningMode['mode'])}
              data={[
                { value: 'instant', label: 'Instant' },
                { value: 'interval', label: 'Interval' },
                { value: 'manual', label: 'Manual' },
              ]}
            />
            <NumberInput
              size="xs"
              w={110}
              label="Interval (ms)"
              min={10}
              value={intervalMs}
              onChange={setIntervalMs}
            />
            <Button size="xs" variant="light" onClick={() => send('/mine')}>
              Mine now
            </Button>
          </Group>
          {mining?.mode === 'interval' && (
            <Text size="xs">Mining every {mining.intervalMs} ms.</Text>
          )}
        </Control>

        <Control
          title="Clock"
          explanation="Moves the chain clock forward: an empty block records the jump, and expired transactions are dropped."
        >
          <NumberAction
            label="Advance by (seconds)"
            width={140}
            min={1}
            value={advanceSecs}
            onChange={setAdvanceSecs}
            action="Advance clock"
            onAction={(seconds) => send('/clock/advance', { seconds })}
          />
          {clock.data && (
            <Text size="xs" ff="monospace" aria-label="Chain clock">
              chain time {chainTime(clock.data.now_microseconds)} (ahead by{' '}
              {(BigInt(clock.data.offset_microseconds) / 1_000_000n).toString()} s)
            </Text>
          )}
        </Control>

        <Control
          title="Faults"
          explanation="Delay commits, hold the next N submissions in the mempool (waits time out), or answer 507 mempool_is_full to the next N."
        >
          <NumberAction
            label="Delay (ms)"
            width={120}
            min={0}
            value={delayMs}
            onChange={setDelayMs}
            action="Delay commits"
            onAction={(delayCommitsMs) => send('/faults', { delayCommitsMs })}
          />
          <NumberAction
            label="Hold next"
            width={120}
            min={1}
            value={holdNext}
            onChange={setHoldNext}
            action="Hold next submissions"
            onAction={(holdNext) => send('/faults', { holdNext })}
          />
          <NumberAction
            label="Reject next"
            width={120}
            min={1}
            value={rejectNext}
            onChange={setRejectNext}
            action="Reject next with 507"
            onAction={(rejectNext) => send('/faults', { rejectNext })}
          />
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => send('/faults/clear')}>
              Clear faults
            </Button>
            {faults && (
              <Text size="xs" aria-label="Active faults">
                delay {faults.delayCommitsMs} ms · hold next {faults.holdNext} · reject next{' '}
                {faults.rejectNext}
              </Text>
            )}
          </Group>
        </Control>

        <Control
          title="Mempool"
          explanation="Transactions waiting to commit. Release lets a held one commit; drop removes it (the node then answers 404)."
        >
          {mempool.data && mempool.data.length === 0 && (
            <Text size="xs" c="dimmed">
              The mempool is empty.
            </Text>
          )}
          {mempool.data && mempool.data.length > 0 && (
            <Table fz="xs" aria-label="Mempool">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Hash</Table.Th>
                  <Table.Th>Seq</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mempool.data.map((entry) => (
                  <Table.Tr key={entry.hash}>
                    <Table.Td ff="monospace" title={entry.hash}>
                      {shortHash(entry.hash)}
                    </Table.Td>
                    <Table.Td>{entry.sequence_number}</Table.Td>
                    <Table.Td>
                      <Badge size="xs" color={entry.held ? 'orange' : 'blue'}>
                        {entry.held ? 'held' : 'pending'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {entry.held ? (
                          <Button
                            size="compact-xs"
                            variant="light"
                            aria-label={`Release ${entry.hash}`}
                            onClick={() => send('/mempool/release', { hash: entry.hash })}
                          >
                            Release
                          </Button>
                        ) : (
                          <Button
                            size="compact-xs"
                            variant="light"
                            aria-label={`Hold ${entry.hash}`}
                            onClick={() => send('/mempool/hold', { hash: entry.hash })}
                          >
                            Hold
                          </Button>
                        )}
                        <Button
                          size="compact-xs"
                          variant="light"
                          color="red"
                          aria-label={`Drop ${entry.hash}`}
                          onClick={() => send('/mempool/drop', { hash: entry.hash })}
                        >
                          Drop
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => send('/mempool/release')}>
              Release all
            </Button>
          </Group>
        </Control>

        <Control
          title="Snapshots"
          explanation="Take a snapshot of the whole chain; revert goes back to it (it and later snapshots are forgotten)."
        >
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              onClick={() =>
                snapshotControl.mutate(
                  { path: '/snapshot' },
                  { onSuccess: (taken) => setSnapshots((list) => [...list, taken]) },
                )
              }
            >
              Take snapshot
            </Button>
          </Group>
          {snapshots.map((snapshot) => (
            <Group key={snapshot.id} gap="xs">
              <Code>{snapshot.id}</Code>
              <Text size="xs">
                version {snapshot.version} · height {snapshot.height}
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                color="orange"
                aria-label={`Revert to snapshot ${snapshot.id}`}
                onClick={() =>
                  control.mutate(
                    { path: '/revert', body: { id: snapshot.id } },
                    {
                      onSuccess: () =>
                        setSnapshots((list) =>
                          list.slice(
                            0,
                            list.findIndex((s) => s.id === snapshot.id),
                          ),
                        ),
                    },
                  )
                }
              >
                Revert
              </Button>
            </Group>
          ))}
        </Control>
      </Stack>
    </Paper>
  );
}
