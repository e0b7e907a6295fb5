import { Alert, Button, Code, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { replayRun, type TraceTransition, type WorkbenchRun } from '../../../machines';

function describe(transition: TraceTransition | null): string {
  if (transition === null) return '(none)';
  return `#${transition.seq} ${transition.source ?? '∅'} —${transition.event.type}→ ${transition.target}${transition.eventless ? ' (eventless)' : ''}`;
}

/**
 * Kind 2, the deterministic re-run: the machine runs again with replay actors answering from the
 * record; the result is "identical" or the first transition that differs.
 */
export function ReplayPanel({ record }: { record: WorkbenchRun }) {
  const replay = useMutation({ mutationFn: () => replayRun(record) });
  const result = replay.data;
  return (
    <Stack gap="xs">
      <Button
        variant="light"
        onClick={() => replay.mutate()}
        loading={replay.isPending}
        disabled={!record.replay}
      >
        Deterministic re-run
      </Button>
      {!record.replay && (
        <Text size="xs">This record has no recorded actor answers, so it cannot be re-run.</Text>
      )}
      {replay.isError && (
        <Alert color="red" title="The re-run could not start" role="alert">
          {replay.error.message}
        </Alert>
      )}
      {result?.identical && (
        <Alert color="teal" title="Identical">
          The machine made the same {result.compared} transitions, in the same order, from the
          recorded answers (no network, no wallet).
        </Alert>
      )}
      {result && result.divergence && (
        <Alert color="red" title="Diverged">
          <Stack gap={4}>
            <Text size="sm">
              First difference at transition {result.divergence.index + 1} (
              {result.divergence.fields.join(', ')}):
            </Text>
            <Table fz="xs" withRowBorders={false}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th>recorded</Table.Th>
                  <Table.Td>
                    <Code>{describe(result.divergence.expected)}</Code>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>re-run</Table.Th>
                  <Table.Td>
                    <Code>{describe(result.divergence.actual)}</Code>
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
