import { Table, Text } from '@mantine/core';
import { CopyValue } from '../../components/CopyValue';
import { eventRows } from './decode';
import { FieldList } from './FieldList';
import { MoveType } from './MoveType';

/** A transaction's events: type (short, full on hover, copy), decoded data, copy of the JSON. */
export function EventsTable({ events }: { events: readonly unknown[] }) {
  const rows = eventRows(events);
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No events.
      </Text>
    );
  return (
    <Table fz="xs" layout="fixed" aria-label="Events" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={36}>#</Table.Th>
          <Table.Th w="34%">Type</Table.Th>
          <Table.Th>Data</Table.Th>
          <Table.Th w={44}>
            <Text span size="xs" fw={700}>
              JSON
            </Text>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.index}>
            <Table.Td>{row.index}</Table.Td>
            <Table.Td>
              <MoveType type={row.type} />
            </Table.Td>
            <Table.Td>
              <FieldList fields={row.fields} />
            </Table.Td>
            <Table.Td>
              <CopyValue value={row.json} label={`Copy event ${row.index} as JSON`} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
