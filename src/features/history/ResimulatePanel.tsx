import { Alert, Badge, Button, Code, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { WorkbenchRun } from '../../../machines';
import { diffExecutions, originalFacts } from '../../../replay/executionDiff';
import { resimulate } from '../../../replay/resimulate';
import { createAptos } from '../../aptos/createAptos';
import { useNetwork } from '../../network/useNetwork';

function Lines({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return <Text size="xs">none</Text>;
  return (
    <Stack gap={2}>
      {lines.map((line, index) => (
        <Code key={index} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {line}
        </Code>
      ))}
    </Stack>
  );
}

/**
 * Kind 3: simulate the run against the chain as it is now (the same bytes where the chain still
 * accepts them, else the draft built again) and show both side by side.
 */
export function ResimulatePanel({ record }: { record: WorkbenchRun }) {
  const { network } = useNetwork();
  const original = originalFacts(record);
  const run = useMutation({
    mutationFn: () => resimulate({ aptos: createAptos(network), record }),
  });
  if (original === null) {
    return (
      <Text size="xs">The run has no simulation and no committed transaction to compare with.</Text>
    );
  }
  const rows = run.data
    ? diffExecutions({ original, now: run.data.facts, sender: record.draft.sender })
    : null;
  return (
    <Stack gap="xs">
      <Button variant="light" onClick={() => run.mutate()} loading={run.isPending}>
        Re-simulate now on {network.kind}
      </Button>
      {run.isError && (
        <Alert color="red" title="The simulation could not run" role="alert">
          {run.error.message}
        </Alert>
      )}
      {run.data && rows && (
        <Stack gap="xs" aria-label="Re-simulation diff" role="region">
          <Text size="sm">
            {run.data.mode === 'sameBytes'
              ? 'Simulated the recorded bytes.'
              : 'Simulated the same draft, built again.'}{' '}
            {run.data.note}
          </Text>
          <Table.ScrollContainer minWidth={700}>
            <Table fz="xs" withColumnBorders>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>aspect</Table.Th>
                  <Table.Th>original</Table.Th>
                  <Table.Th>now</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.aspect}>
                    <Table.Th>
                      <Stack gap={2}>
                        {row.aspect}
                        <Badge size="xs" color={row.same ? 'teal' : 'orange'}>
                          {row.same ? 'same' : 'differs'}
                        </Badge>
                      </Stack>
                    </Table.Th>
                    <Table.Td>
                      <Lines lines={row.original} />
                    </Table.Td>
                    <Table.Td>
                      <Lines lines={row.now} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}
