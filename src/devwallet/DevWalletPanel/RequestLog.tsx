import { Badge, Table, Text } from '@mantine/core';
import type { DevWalletRequestRecord, DevWalletRequestStatus } from '../types';

/** Props of {@link RequestLog}. */
export interface RequestLogProps {
  requests: readonly DevWalletRequestRecord[];
  /** How many of the latest requests to show. */
  limit?: number;
}

const STATUS_COLORS: Record<DevWalletRequestStatus, string> = {
  APPROVED: 'green',
  REJECTED: 'red',
  CANCELLED: 'gray',
  INVALID: 'orange',
  PENDING: 'blue',
};

/** The latest wallet requests with their status and reason, newest first. */
export function RequestLog({ requests, limit = 8 }: RequestLogProps) {
  if (requests.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No request yet. Requests from the app (connect, sign, switch network) appear here.
      </Text>
    );
  }
  const latest = requests.slice(-limit).reverse();
  return (
    <Table aria-label="Recent wallet requests" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Request</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Reason</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {latest.map((request) => (
          <Table.Tr key={request.id}>
            <Table.Td>
              <Text size="sm">
                {request.id} · {request.kind}
              </Text>
              <Text size="xs" c="dimmed">
                <time dateTime={request.time}>{request.time}</time>
              </Text>
            </Table.Td>
            <Table.Td>
              {/* Its full width: a narrow drawer squeezed the column to "CANC…". */}
              <Badge color={STATUS_COLORS[request.status]} variant="light" miw="max-content">
                {request.status}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{request.error ?? request.reason ?? ''}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
