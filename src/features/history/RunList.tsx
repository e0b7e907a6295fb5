import { Anchor, Checkbox, Group, Select, Table, TextInput, VisuallyHidden } from '@mantine/core';
import type { WorkbenchRun } from '../../../machines';
import { canonicalAddresses, compactAddresses } from '../../format/address';
import type { RunFilter } from '../runs';
import { readableLink } from './readableLink';
import classes from './RunList.module.css';
import { runHref } from './useHistoryRoute';
import { durationMs, formatDuration } from './runView';
import { StateBadge } from './StateBadge';
import { stateLabel } from './stateLabels';

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
  ].map((state) => ({ value: state, label: stateLabel(state) })),
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
  selected: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'short',
  timeStyle: 'medium',
});

/**
 * Runs, newest first, in the columns a user scans: outcome, function, start time, duration. The
 * sender, network, hash and attempt chain are on the run's page. The table fits its page at any
 * width: the function (short addresses, the full one on hover) takes what is left and wraps.
 */
export function RunList({ runs, selected, onSelect }: RunListProps) {
  return (
    <Table aria-label="Recorded runs" fz="sm" className={classes.table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th className={classes.fit}>
            <VisuallyHidden>Select</VisuallyHidden>
          </Table.Th>
          <Table.Th className={classes.fit}>Outcome</Table.Th>
          <Table.Th>Function</Table.Th>
          <Table.Th className={classes.fit}>Started</Table.Th>
          <Table.Th className={`${classes.fit} ${classes.duration}`}>Duration</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {runs.map((run) => {
          const fn = run.draft.payload.function;
          return (
            <Table.Tr key={run.id}>
              <Table.Td className={classes.fit}>
                <Checkbox
                  aria-label={`Select the run of ${new Date(run.startedAt).toISOString()}`}
                  checked={selected.has(run.id)}
                  onChange={(event) => onSelect(run.id, event.currentTarget.checked)}
                />
              </Table.Td>
              {/* As wide as its badge: a narrow table must not cut the outcome short. */}
              <Table.Td className={classes.outcome}>
                <StateBadge state={run.state} />
              </Table.Td>
              <Table.Td ff="monospace" className={classes.name}>
                <Anchor
                  style={readableLink}
                  href={runHref(run.id)}
                  size="sm"
                  title={canonicalAddresses(fn)}
                >
                  {compactAddresses(fn)}
                </Anchor>
              </Table.Td>
              <Table.Td className={classes.fit}>{timeFormat.format(run.startedAt)}</Table.Td>
              <Table.Td className={`${classes.fit} ${classes.duration}`}>
                {formatDuration(durationMs(run))}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
