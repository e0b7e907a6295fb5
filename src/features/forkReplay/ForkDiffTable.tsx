import { Badge, Stack, Table, Text } from '@mantine/core';
import type { DiffRow } from '../../../replay/executionDiff';
import { AspectLines } from '../transaction/AspectLines';

/**
 * The committed execution and the fork's side by side, one row per aspect (status, gas, events,
 * balance changes, write set); the rows that are the same only say so.
 */
export function ForkDiffTable(props: { rows: readonly DiffRow[]; label: string; other: string }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table fz="xs" withColumnBorders layout="fixed" aria-label={props.label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={120}>aspect</Table.Th>
            <Table.Th>committed</Table.Th>
            <Table.Th>{props.other}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row) => (
            <Table.Tr key={row.aspect}>
              <Table.Th scope="row">
                <Stack gap={2}>
                  {row.aspect}
                  <Badge size="xs" color={row.same ? 'teal' : 'orange'}>
                    {row.same ? 'same' : 'differs'}
                  </Badge>
                </Stack>
              </Table.Th>
              {row.same ? (
                <Table.Td colSpan={2}>
                  <Text size="xs">
                    {row.original.length === 1
                      ? row.original[0]
                      : `${row.original.length} items, the same`}
                  </Text>
                </Table.Td>
              ) : (
                <>
                  <Table.Td>
                    <AspectLines lines={row.original} />
                  </Table.Td>
                  <Table.Td>
                    <AspectLines lines={row.now} />
                  </Table.Td>
                </>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
