import { Table, Text } from '@mantine/core';
import { formatApt, unitsText } from '../../format/amounts';
import type { FeeBreakdown } from './decode';

/** The FeeStatement's split: execution, IO, storage, refund, total charged and net. */
export function FeeBreakdownTable({ fee }: { fee: FeeBreakdown }) {
  const rows: [string, string, string][] = [
    [
      'Execution',
      `${unitsText(fee.executionGasUnits)} × ${fee.gasUnitPrice}`,
      formatApt(fee.executionOctas),
    ],
    ['IO', `${unitsText(fee.ioGasUnits)} × ${fee.gasUnitPrice}`, formatApt(fee.ioOctas)],
    ['Storage', 'storage fee', formatApt(fee.storageFeeOctas)],
    [
      'Storage refund',
      'returned to the payer',
      fee.storageFeeRefundOctas === '0'
        ? formatApt('0')
        : `−${formatApt(fee.storageFeeRefundOctas)}`,
    ],
    ['Charged', `${unitsText(fee.totalGasUnits)} × ${fee.gasUnitPrice}`, formatApt(fee.totalOctas)],
    ['Net fee', 'charged − refund', formatApt(fee.netOctas)],
  ];
  return (
    <Table fz="xs" aria-label="Fee breakdown" verticalSpacing={2} layout="fixed">
      <Table.Caption>
        <Text span size="xs" c="dimmed">
          From the 0x1::transaction_fee::FeeStatement event
        </Text>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="22%">Part</Table.Th>
          <Table.Th w="30%">How</Table.Th>
          <Table.Th>Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([part, how, amount]) => (
          <Table.Tr key={part}>
            <Table.Td fw={part === 'Net fee' ? 600 : undefined}>{part}</Table.Td>
            <Table.Td ff="monospace">{how}</Table.Td>
            <Table.Td ff="monospace" aria-label={`${part} amount`}>
              {amount}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
