import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../errors/errorMessage';
import { canonicalAddresses, compactAddresses } from '../../format/address';
import { useNetwork } from '../../network/useNetwork';
import { explorerQueries } from './explorerQueries';

function shortHash(hash: string): string {
  return `${hash.slice(0, 10)}…${hash.slice(-6)}`;
}

function functionOf(payload: unknown): string | null {
  if (typeof payload === 'object' && payload !== null && 'function' in payload) {
    const name = (payload as { function: unknown }).function;
    if (typeof name === 'string') return name;
  }
  return null;
}

function timeOf(micros: string | undefined): string {
  if (micros === undefined || !/^\d+$/.test(micros)) return '—';
  return new Date(Number(BigInt(micros) / 1000n)).toISOString().replace('T', ' ').slice(0, 19);
}

/**
 * The transactions an account sent, newest first, a page at a time (the node's
 * `/accounts/{addr}/transactions` with `start` and `limit`). A hash opens it in the lookup.
 */
export function AccountTransactions({
  address,
  onOpen,
}: {
  address: string;
  onOpen: (hash: string) => void;
}) {
  const { network } = useNetwork();
  const [page, setPage] = useState(0);
  const query = useQuery(explorerQueries.transactions(network, address, page));

  if (query.isPending) return <Loader size="sm" role="status" aria-label="Loading transactions" />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;
  const { count, pageCount, transactions } = query.data;
  const shownPage = query.data.page;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {count === 0
          ? 'This account has sent no transactions.'
          : `${count} sent transaction${count === 1 ? '' : 's'}, newest first. Page ${shownPage + 1} of ${pageCount}.`}
      </Text>
      {transactions.length > 0 && (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table striped highlightOnHover aria-label="Transactions sent by the account">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Seq</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>Hash</Table.Th>
                <Table.Th>Function</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Time (UTC)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {transactions.map((tx) => {
                const user = tx.type === 'user_transaction' ? tx : null;
                const fn = functionOf(user?.payload);
                return (
                  <Table.Tr key={tx.hash}>
                    <Table.Td ff="monospace">{user?.sequence_number ?? '—'}</Table.Td>
                    <Table.Td ff="monospace">{'version' in tx ? tx.version : '—'}</Table.Td>
                    <Table.Td>
                      <Anchor
                        component="button"
                        type="button"
                        ff="monospace"
                        size="sm"
                        title={tx.hash}
                        aria-label={`${shortHash(tx.hash)}: open transaction ${tx.hash}`}
                        onClick={() => onOpen(tx.hash)}
                      >
                        {shortHash(tx.hash)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td
                      ff="monospace"
                      fz="xs"
                      title={fn === null ? undefined : canonicalAddresses(fn)}
                    >
                      {fn === null ? '—' : compactAddresses(fn)}
                    </Table.Td>
                    <Table.Td>
                      {user ? (
                        <Badge size="sm" color={user.success ? 'teal' : 'red'} variant="light">
                          {user.success ? 'success' : 'failed'}
                        </Badge>
                      ) : (
                        <Badge size="sm" variant="light" color="gray">
                          {tx.type}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td fz="xs">{timeOf(user?.timestamp)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pageCount > 1 && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={page === 0}
            onClick={() => setPage((p) => Math.max(0, p - 1))}
          >
            Newer
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={page + 1 >= pageCount}
            onClick={() => setPage((p) => p + 1)}
          >
            Older
          </Button>
          {query.isFetching && <Loader size="xs" role="status" aria-label="Loading the page" />}
        </Group>
      )}
    </Stack>
  );
}
