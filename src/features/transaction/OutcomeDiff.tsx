import { Alert, Table, Text } from '@mantine/core';
import type { DiffRow } from './decode';

/**
 * The simulated and the committed outcome as one diff: "Same as simulation" when every field
 * matches, otherwise each field with `simulated → committed` where they differ.
 */
export function OutcomeDiff({ rows }: { rows: readonly DiffRow[] }) {
  const differing = rows.filter((row) => !row.same);
  if (differing.length === 0) {
    const events = rows.find((row) => row.field === 'Events')?.committed ?? '0';
    return (
      <Alert color="teal" variant="light" title="Same as simulation" role="group">
        <Text size="sm">
          The committed transaction matches its simulation: status, VM status, gas, fee, balance
          changes, {events} {events === '1' ? 'event' : 'events'} and the write set size.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      title={`Differs from the simulation in ${differing.length} ${differing.length === 1 ? 'field' : 'fields'}`}
      role="group"
    >
      <Table fz="xs" verticalSpacing={2} layout="fixed" aria-label="Simulated → committed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="22%">Field</Table.Th>
            <Table.Th>Simulated → committed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.field}>
              <Table.Td>{row.field}</Table.Td>
              <Table.Td ff="monospace" style={{ wordBreak: 'break-word' }}>
                {row.same ? (
                  <Text span size="xs" c="dimmed">
                    same ({row.committed})
                  </Text>
                ) : (
                  `${row.simulated} → ${row.committed}`
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Alert>
  );
}
