import { Alert, Button, Group, NumberInput, SegmentedControl, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Panel } from '../../../components/Panel';
import { useNetwork } from '../../../network/useNetwork';
import { errorMessage } from '../../../errors/errorMessage';
import { devControlQueries, type MiningMode, type WorkbenchSnapshot } from './devControlQueries';
import { Control, NumberAction } from './controls';
import { FaultControls } from './FaultControls';
import { MempoolTable } from './MempoolTable';
import { SnapshotControls } from './SnapshotControls';
import { useDevControl } from './useDevControl';

function chainTime(micros: string): string {
  return new Date(Number(BigInt(micros) / 1000n)).toISOString();
}

/** µs as seconds, e.g. `60` or `1.5`. */
function seconds(micros: string): string {
  return String(Number(BigInt(micros) / 1_000n) / 1_000);
}

/** What the chain's mining mode means now, in one line (a placeholder while it loads). */
function miningLine(mining: MiningMode | undefined): string {
  switch (mining?.mode) {
    case undefined:
      return 'Reading the mining mode…';
    case 'instant':
      return 'Each submission commits in a block of its own, on the next tick.';
    case 'manual':
      return 'Blocks are made only by Mine now.';
    case 'interval':
      return `Mining every ${mining.intervalMs} ms${
        mining.idleBlockMs === undefined
          ? '.'
          : `; an empty block after ${mining.idleBlockMs} ms without one.`
      }`;
  }
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
  // What the user typed; until then, the chain's own interval (the default cadence is 250 ms).
  const [typedIntervalMs, setIntervalMs] = useState<string | number | null>(null);
  const [advanceSecs, setAdvanceSecs] = useState<string | number>(60);

  if (network.kind !== 'local') return null;

  const send = (path: string, body: unknown = {}) => control.mutate({ path, body });
  const mining = status.data?.mining;
  const intervalMs = typedIntervalMs ?? (mining?.mode === 'interval' ? mining.intervalMs : 250);
  // Switching to interval keeps the chain's idle blocks (or starts them, as a real localnet has).
  const idleBlockMs = mining?.mode === 'interval' ? mining.idleBlockMs : 500;
  const setMining = (mode: MiningMode['mode']) =>
    send(
      '/mining',
      mode === 'interval'
        ? {
            mode,
            intervalMs: Number(intervalMs) || 250,
            ...(idleBlockMs === undefined ? {} : { idleBlockMs }),
          }
        : { mode },
    );
  const error = control.error ?? snapshotControl.error;

  return (
    <Panel
      title="Dev controls"
      label="Dev controls"
      gap="md"
      aside={
        status.data && (
          <Text size="xs" c="dimmed" aria-label="Chain status">
            version {status.data.ledger_version} · height {status.data.block_height} ·{' '}
            {status.data.user_transactions} user transactions · mempool {status.data.mempool_size}
          </Text>
        )
      }
    >
      {status.isError && (
        <Alert color="red" title="The dev controls do not answer">
          {errorMessage(status.error)}. They exist only on the embedded chain: start it with npm
          start, or pick Local in the header.
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
        {/* Always one line, so nothing below moves when the status arrives. */}
        <Text size="xs" aria-label="Mining now">
          {miningLine(mining)}
        </Text>
      </Control>

      <Control
        title="Clock"
        explanation="Advance moves the chain clock forward: an empty block records the jump, and expired transactions are dropped. Reset clock to now clears the offset; ledger time never goes backwards, so if the chain is ahead, new blocks resume at the last block time + 1 µs until wall time catches up. A snapshot's revert restores its clock offset."
      >
        <Group gap="xs" align="flex-end">
          <NumberAction
            label="Advance by (seconds)"
            width={140}
            min={1}
            value={advanceSecs}
            onChange={setAdvanceSecs}
            action="Advance clock"
            onAction={(seconds) => send('/clock/advance', { seconds })}
          />
          <Button
            size="xs"
            variant="default"
            disabled={clock.data?.offset_microseconds === '0'}
            onClick={() => send('/clock/reset')}
          >
            Reset clock to now
          </Button>
        </Group>
        {/* A placeholder of the same shape until the clock arrives: no layout shift under a click. */}
        <Text size="xs" ff="monospace" aria-label="Chain clock" mih="2lh">
          {clock.data ? (
            <>
              chain time {chainTime(clock.data.now_microseconds)} (offset{' '}
              {seconds(clock.data.offset_microseconds)} s) · last block{' '}
              {chainTime(clock.data.ledger_microseconds)} · next block at{' '}
              {chainTime(clock.data.next_block_microseconds)}
            </>
          ) : (
            'Reading the chain clock…'
          )}
        </Text>
      </Control>

      <Control
        title="Faults"
        explanation="Delay commits, hold the next N submissions in the mempool (waits time out), or answer 507 mempool_is_full to the next N."
      >
        <FaultControls faults={status.data?.faults} send={send} />
      </Control>

      <Control
        title="Mempool"
        explanation="Transactions waiting to commit. Release lets a held one commit; drop removes it (the node then answers 404)."
      >
        <MempoolTable entries={mempool.data} send={send} />
      </Control>

      <Control
        title="Snapshots"
        explanation="Take a snapshot of the whole chain; revert goes back to it (it and later snapshots are forgotten)."
      >
        <SnapshotControls snapshotControl={snapshotControl} revertControl={control} />
      </Control>
    </Panel>
  );
}
