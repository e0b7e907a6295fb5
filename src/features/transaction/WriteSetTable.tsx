import { Group, Table, Text } from '@mantine/core';
import { CopyValue } from '../../components/CopyValue';
import { writeSetRows } from './decode';
import { FieldList } from './FieldList';
import { MoveType } from './MoveType';

function shortAddress(address: string): string {
  return address.length > 18 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;
}

/** A transaction's write set: what changed where, the resource type, decoded values, copy. */
export function WriteSetTable({ changes }: { changes: readonly unknown[] }) {
  const rows = writeSetRows(changes);
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        The write set is empty.
      </Text>
    );
  return (
    <Table fz="xs" layout="fixed" aria-label="Write set" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={36}>#</Table.Th>
          <Table.Th w={110}>Change</Table.Th>
          <Table.Th w="18%">Where</Table.Th>
          <Table.Th w="26%">Type</Table.Th>
          <Table.Th>Value</Table.Th>
          <Table.Th w={44}>JSON</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.index}>
            <Table.Td>{row.index}</Table.Td>
            <Table.Td ff="monospace">{row.kind}</Table.Td>
            <Table.Td>
              <Group gap={2} wrap="nowrap">
                <Text size="xs" ff="monospace" title={row.target}>
                  {row.target.startsWith('table ')
                    ? `table ${shortAddress(row.target.slice(6))}`
                    : shortAddress(row.target)}
                </Text>
                {row.target && <CopyValue value={row.target} label={`Copy ${row.target}`} />}
              </Group>
            </Table.Td>
            <Table.Td>{row.type ? <MoveType type={row.type} /> : '–'}</Table.Td>
            <Table.Td>
              <FieldList fields={row.fields} />
            </Table.Td>
            <Table.Td>
              <CopyValue value={row.json} label={`Copy change ${row.index} as JSON`} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
