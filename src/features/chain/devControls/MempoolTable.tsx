import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { MempoolEntry } from './devControlQueries';

function shortHash(hash: string): string {
  return hash.length > 18 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash;
}

/** The actions on one pending transaction: hold or release it (by its state), and drop it. */
function rowActions(entry: MempoolEntry) {
  return [
    entry.held
      ? { label: 'Release', path: '/mempool/release', color: undefined }
      : { label: 'Hold', path: '/mempool/hold', color: undefined },
    { label: 'Drop', path: '/mempool/drop', color: 'red' },
  ];
}

/** The transactions waiting to commit, each with hold or release and drop; then release all. */
export function MempoolTable({
  entries,
  send,
}: {
  entries: MempoolEntry[] | undefined;
  send: (path: string, body?: unknown) => void;
}) {
  return (
    <>
      {entries && entries.length === 0 && (
        <Text size="xs" c="dimmed">
          The mempool is empty.
        </Text>
      )}
      {entries && entries.length > 0 && (
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
            {entries.map((entry) => (
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
                    {rowActions(entry).map((action) => (
                      <Button
                        key={action.label}
                        size="compact-xs"
                        variant="light"
                        color={action.color}
                        aria-label={`${action.label} ${entry.hash}`}
                        onClick={() => send(action.path, { hash: entry.hash })}
                      >
                        {action.label}
                      </Button>
                    ))}
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
    </>
  );
}
