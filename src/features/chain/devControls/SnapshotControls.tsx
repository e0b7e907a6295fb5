import { Button, Code, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { WorkbenchSnapshot } from './devControlQueries';
import type { useDevControl } from './useDevControl';

/** µs as whole seconds and a fraction, e.g. `60` or `1.5`. */
function seconds(micros: string): string {
  return String(Number(BigInt(micros) / 1_000n) / 1_000);
}

/**
 * Take a snapshot of the whole chain; revert to one (it and later snapshots are forgotten). The
 * panel owns both mutations, so that it shows their errors with the other controls'.
 */
export function SnapshotControls({
  snapshotControl,
  revertControl,
}: {
  snapshotControl: ReturnType<typeof useDevControl<WorkbenchSnapshot>>;
  revertControl: ReturnType<typeof useDevControl>;
}) {
  const [snapshots, setSnapshots] = useState<WorkbenchSnapshot[]>([]);
  const revert = (snapshot: WorkbenchSnapshot) =>
    revertControl.mutate(
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
    );
  return (
    <>
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
            version {snapshot.version} · height {snapshot.height} · clock offset{' '}
            {seconds(snapshot.offset_microseconds)} s
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            color="orange"
            aria-label={`Revert to snapshot ${snapshot.id}`}
            onClick={() => revert(snapshot)}
          >
            Revert
          </Button>
        </Group>
      ))}
    </>
  );
}
