import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { TIMED_STEPS } from '../../../../machines';
import type { StateTiming } from '../../../../machines';

/** How long each step of the attempt took (from the machine context's timing). */
export function TimingCard({ timing, attempt }: { timing: StateTiming; attempt: number }) {
  const steps = TIMED_STEPS.filter((step) => timing.stepDurationsMs[step] !== undefined);
  if (steps.length === 0) return null;
  const total =
    timing.attemptStartedAt !== null && timing.current !== null
      ? timing.current.since - timing.attemptStartedAt
      : null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Timings">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Timings (attempt {attempt})
        </Title>
        <Table fz="sm" withRowBorders={false} verticalSpacing={2}>
          <Table.Tbody>
            {steps.map((step) => (
              <Table.Tr key={step}>
                <Table.Th w={160} fw={500} c="dimmed">
                  {step}
                </Table.Th>
                <Table.Td ff="monospace">{timing.stepDurationsMs[step]} ms</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {total !== null && (
          <Text size="xs" c="dimmed">
            {total} ms from the start of the attempt to the current state.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
