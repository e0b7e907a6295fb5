import { Group, Table, Text } from '@mantine/core';
import { formatUnits } from '../../format/amounts';
import { CopyValue } from '../../components/CopyValue';
import type { BalanceChange } from '../../../replay/balanceChanges';
import { formatSignedOctas } from './gasFee';

function short(address: string): string {
  return address.length > 18 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;
}

/** APT balance changes per account, APT and octas together, the fee part and the balance after. */
export function BalanceChangesTable({
  changes,
  sender,
}: {
  changes: readonly BalanceChange[];
  sender: string | undefined;
}) {
  if (changes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No APT moved.
      </Text>
    );
  return (
    <Table fz="xs" aria-label="Balance changes" layout="fixed" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="28%">Account</Table.Th>
          <Table.Th>Change</Table.Th>
          <Table.Th w="18%">Of which fee (octas)</Table.Th>
          <Table.Th w="20%">Balance after (APT)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => (
          <Table.Tr key={change.store}>
            <Table.Td>
              <Group gap={2} wrap="nowrap">
                <Text size="xs" ff="monospace" title={change.account}>
                  {short(change.account)}
                  {change.account === sender
                    ? ' (sender)'
                    : change.role === 'feePayer'
                      ? ' (fee payer)'
                      : change.ownerKnown
                        ? ''
                        : ' (store)'}
                </Text>
                <CopyValue value={change.account} label={`Copy ${change.account}`} />
              </Group>
              {change.role === 'feePayer' && (
                <Text size="xs" c="dimmed">
                  Paid the fee for the sender
                </Text>
              )}
            </Table.Td>
            <Table.Td ff="monospace" c={change.deltaOctas.startsWith('-') ? 'red' : 'teal'}>
              {formatSignedOctas(change.deltaOctas)} APT ({change.deltaOctas} octas)
            </Table.Td>
            <Table.Td ff="monospace">{change.feeOctas === '0' ? '–' : change.feeOctas}</Table.Td>
            <Table.Td ff="monospace">
              {change.balanceAfter === null ? '–' : formatUnits(change.balanceAfter)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
