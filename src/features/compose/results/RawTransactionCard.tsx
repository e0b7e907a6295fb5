import { Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { BuiltTransaction, TransactionDraft } from '../../../../machines';
import { CopyValue } from '../../../components/CopyValue';
import { compactAddresses } from '../../../format/address';

function expiration(secs: string): string {
  try {
    return new Date(Number(secs) * 1000).toISOString();
  } catch {
    return secs;
  }
}

/** The built raw transaction: its fields and its BCS as hex, with copy. */
export function RawTransactionCard({
  built,
  draft,
}: {
  built: BuiltTransaction;
  draft: TransactionDraft;
}) {
  const typeArguments = draft.payload.typeArguments.join(', ');
  // Functions and types named short; the full form (what was built) on hover.
  const rows: [label: string, value: string, full?: string][] = [
    ['Sender', built.sender],
    ['Sequence number', built.sequenceNumber],
    ['Function', compactAddresses(draft.payload.function), draft.payload.function],
    [
      'Type arguments',
      compactAddresses(typeArguments) || '(none)',
      typeArguments === '' ? undefined : typeArguments,
    ],
    ['Arguments', JSON.stringify(draft.payload.functionArguments)],
    ['Max gas amount', built.maxGasAmount],
    ['Gas unit price', `${built.gasUnitPrice} octas`],
    [
      'Expiration',
      `${built.expirationTimestampSecs} (${expiration(built.expirationTimestampSecs)})`,
    ],
    ['Chain id', String(built.chainId)],
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Raw transaction">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Raw transaction
        </Title>
        <Table fz="sm" withRowBorders={false} verticalSpacing={2}>
          <Table.Tbody>
            {rows.map(([label, value, full]) => (
              <Table.Tr key={label}>
                <Table.Th w={160} fw={500} c="dimmed">
                  {label}
                </Table.Th>
                <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }} title={full}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group gap="xs" justify="space-between">
          <Text size="sm" fw={500}>
            BCS ({(built.rawTransactionHex.length - 2) / 2} bytes)
          </Text>
          <CopyValue value={built.rawTransactionHex} label="Copy the BCS hex" />
        </Group>
        <Code
          block
          aria-label="BCS hex"
          mah={120}
          style={{ overflow: 'auto', wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
        >
          {built.rawTransactionHex}
        </Code>
      </Stack>
    </Paper>
  );
}
