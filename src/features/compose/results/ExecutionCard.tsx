import { Accordion, Badge, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { JsonValue, SimulationResult } from '../../../../machines';
import { formatUnits } from '../../../format/amounts';
import { balanceChanges } from './balanceChanges';
import { CopyValue } from '../../../components/CopyValue';
import { formatSignedOctas, gasFee } from './gasFee';
import { VmStatusExplanation } from './VmStatusExplanation';

/** What an execution produced, simulated or committed (a committed one has its hash and version). */
export type Execution = SimulationResult & { hash?: string; version?: string };

/** Props of {@link ExecutionCard}. */
export interface ExecutionCardProps {
  title: string;
  execution: Execution;
  sender: string;
  /** Addresses that may own a store whose balance changed (the address arguments). */
  candidates: readonly string[];
}

function eventType(event: JsonValue): string {
  return typeof event === 'object' &&
    event !== null &&
    !Array.isArray(event) &&
    typeof event.type === 'string'
    ? event.type
    : 'event';
}

function changeLabel(change: JsonValue): string {
  if (typeof change !== 'object' || change === null || Array.isArray(change)) return 'change';
  const data = change.data;
  const type =
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data) &&
    typeof data.type === 'string'
      ? data.type
      : null;
  const where =
    typeof change.address === 'string'
      ? change.address
      : typeof change.handle === 'string'
        ? `table ${change.handle}`
        : '';
  return `${String(change.type)} ${type ?? ''} ${where}`.replace(/\s+/g, ' ').trim();
}

function short(address: string): string {
  return address.length > 18 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;
}

/**
 * A transaction as an explorer shows it: status, the VM status explained, gas used × price =
 * fee, balance changes per account, events and the write set.
 */
export function ExecutionCard({ title, execution, sender, candidates }: ExecutionCardProps) {
  const fee = gasFee({ gasUsed: execution.gasUsed, gasUnitPrice: execution.gasUnitPrice });
  const changes = balanceChanges({
    events: execution.events,
    changes: execution.changes,
    sender,
    gasUsed: execution.gasUsed,
    gasUnitPrice: execution.gasUnitPrice,
    candidates,
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {title}
          </Title>
          <Badge color={execution.success ? 'teal' : 'red'}>
            {execution.success ? 'Success' : 'Failed'}
          </Badge>
        </Group>
        {execution.hash && (
          <Group gap={4} wrap="nowrap">
            <Text
              size="sm"
              ff="monospace"
              style={{ wordBreak: 'break-all' }}
              aria-label="Transaction hash"
            >
              {execution.hash}
            </Text>
            <CopyValue value={execution.hash} label="Copy the hash" />
          </Group>
        )}
        {execution.version && (
          <Text size="sm">
            Version <Code>{execution.version}</Code>
          </Text>
        )}
        <VmStatusExplanation vmStatus={execution.vmStatus} />
        <Text size="sm" aria-label="Gas fee">
          {fee
            ? `Gas: ${fee.gasUsed} units × ${fee.gasUnitPrice} octas = ${fee.feeOctas} octas (${fee.feeApt} APT)`
            : `Gas: ${execution.gasUsed} units`}
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Balance changes (APT)
          </Text>
          {changes.length === 0 ? (
            <Text size="xs" c="dimmed">
              No APT moved{fee ? ' besides the fee' : ''}.
            </Text>
          ) : (
            <Table fz="xs" aria-label={`${title}: balance changes`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>Change</Table.Th>
                  <Table.Th>Of which fee</Table.Th>
                  <Table.Th>Balance after</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.map((change) => (
                  <Table.Tr key={change.store}>
                    <Table.Td ff="monospace" title={change.account}>
                      {short(change.account)}
                      {change.account === sender
                        ? ' (sender)'
                        : change.ownerKnown
                          ? ''
                          : ' (store)'}
                    </Table.Td>
                    <Table.Td ff="monospace" c={change.deltaOctas.startsWith('-') ? 'red' : 'teal'}>
                      {formatSignedOctas(change.deltaOctas)} ({change.deltaOctas} octas)
                    </Table.Td>
                    <Table.Td ff="monospace">
                      {change.feeOctas === '0' ? '–' : change.feeOctas}
                    </Table.Td>
                    <Table.Td ff="monospace">
                      {change.balanceAfter === null ? '–' : formatUnits(change.balanceAfter)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
        <Accordion variant="contained" multiple>
          <Accordion.Item value="events">
            <Accordion.Control>Events ({execution.events.length})</Accordion.Control>
            <Accordion.Panel>
              <Stack gap={4}>
                {execution.events.map((event, index) => (
                  <Stack key={index} gap={2}>
                    <Text size="xs" ff="monospace" fw={600}>
                      {eventType(event)}
                    </Text>
                    <Code block>{JSON.stringify(event, null, 2)}</Code>
                  </Stack>
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="changes">
            <Accordion.Control>Write set ({execution.changes.length})</Accordion.Control>
            <Accordion.Panel>
              <Stack gap={4}>
                {execution.changes.map((change, index) => (
                  <Stack key={index} gap={2}>
                    <Text size="xs" ff="monospace" fw={600}>
                      {changeLabel(change)}
                    </Text>
                    <Code block mah={200} style={{ overflow: 'auto' }}>
                      {JSON.stringify(change, null, 2)}
                    </Code>
                  </Stack>
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Stack>
    </Paper>
  );
}
