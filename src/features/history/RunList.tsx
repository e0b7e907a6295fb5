import {
  Anchor,
  Badge,
  Checkbox,
  Group,
  Select,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { WorkbenchRun } from '../../../machines';
import type { RunFilter } from '../runs';
import { readableLink } from './readableLink';
import { runHref } from './useHistoryRoute';
import { durationMs, formatDuration, shortHex, stateColor } from './runView';

const OUTCOMES = [
  { value: '', label: 'Any outcome' },
  { value: 'error', label: 'Any failure' },
  ...[
    'committed',
    'failed',
    'simulated.failure',
    'submitRejected',
    'rejected',
    'expired',
    'timedOut',
    'buildError',
    'simulationError',
  ].map((state) => ({ value: state, label: state })),
];

const NETWORKS = ['', 'local', 'devnet', 'testnet', 'mainnet', 'custom'].map((value) => ({
  value,
  label: value || 'Any network',
}));

export interface RunFiltersProps {
  filter: RunFilter;
  onChange: (filter: RunFilter) => void;
}

/** Outcome, network and function filters, and a search by hash or address. */
export function RunFilters({ filter, onChange }: RunFiltersProps) {
  return (
    <Group gap="sm" align="end" role="search" aria-label="Filter runs">
      <Select
        label="Outcome"
        data={OUTCOMES}
        value={filter.outcome ?? ''}
        onChange={(value) => onChange({ ...filter, outcome: value || undefined })}
        allowDeselect={false}
        w={170}
      />
      <Select
        label="Network"
        data={NETWORKS}
        value={filter.network ?? ''}
        onChange={(value) => onChange({ ...filter, network: value || undefined })}
        allowDeselect={false}
        w={150}
      />
      <TextInput
        label="Function"
        placeholder="0x1::aptos_account::transfer"
        value={filter.fn ?? ''}
        onChange={(event) => onChange({ ...filter, fn: event.currentTarget.value || undefined })}
        w={260}
      />
      <TextInput
        label="Hash or address"
        placeholder="0x…"
        value={filter.search ?? ''}
        onChange={(event) =>
          onChange({ ...filter, search: event.currentTarget.value || undefined })
        }
        w={260}
      />
    </Group>
  );
}

export interface RunListProps {
  runs: readonly WorkbenchRun[];
  /** Every stored run id → record, for the attempt-chain links. */
  retriedBy: ReadonlyMap<string, string[]>;
  selected: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'short',
  timeStyle: 'medium',
});

/** Runs, newest first: outcome, function, sender, network, hash, start time, duration, chain. */
export function RunList({ runs, retriedBy, selected, onSelect }: RunListProps) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label="Recorded runs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <VisuallyHidden>Select</VisuallyHidden>
            </Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Function</Table.Th>
            <Table.Th>Sender</Table.Th>
            <Table.Th>Network</Table.Th>
            <Table.Th>Hash</Table.Th>
            <Table.Th>Started</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Attempts</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => {
            const retries = retriedBy.get(run.id) ?? [];
            return (
              <Table.Tr key={run.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select the run of ${new Date(run.startedAt).toISOString()}`}
                    checked={selected.has(run.id)}
                    onChange={(event) => onSelect(run.id, event.currentTarget.checked)}
                  />
                </Table.Td>
                {/* As wide as its badge: a narrow table must not cut the outcome to "COMMITT…". */}
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge
                    color={stateColor(run.state)}
                    variant="light"
                    c="var(--mantine-color-text)"
                    styles={{ label: { overflow: 'visible' } }}
                  >
                    {run.state}
                  </Badge>
                </Table.Td>
                <Table.Td ff="monospace">
                  <Anchor style={readableLink} href={runHref(run.id)} size="sm">
                    {run.draft.payload.function}
                  </Anchor>
                </Table.Td>
                <Table.Td ff="monospace">{shortHex(run.draft.sender)}</Table.Td>
                <Table.Td>{run.network.name}</Table.Td>
                <Table.Td ff="monospace">
                  {run.chain.hash ? shortHex(run.chain.hash) : '—'}
                </Table.Td>
                <Table.Td>{timeFormat.format(run.startedAt)}</Table.Td>
                <Table.Td>{formatDuration(durationMs(run))}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {run.retryOf && (
                      <Anchor style={readableLink} href={runHref(run.retryOf)} size="xs">
                        retries a run
                      </Anchor>
                    )}
                    {retries.map((id, index) => (
                      <Anchor style={readableLink} key={id} href={runHref(id)} size="xs">
                        retried{retries.length > 1 ? ` (${index + 1})` : ''}
                      </Anchor>
                    ))}
                    {!run.retryOf && retries.length === 0 && <Text size="xs">—</Text>}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
