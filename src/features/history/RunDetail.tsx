import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { WorkbenchRun } from '../../../machines';
import { CopyValue } from '../../components/CopyValue';
import { canonicalAddresses, compactAddresses } from '../../format/address';
import { useNetwork } from '../../network/useNetwork';
import { RunResults } from '../compose/results/ResultsPanel';
import { ForkRunSection } from '../forkReplay';
import { useIsLiveRun, type RunStore } from '../runs';
import { ConfirmDelete } from './ConfirmDelete';
import { ExportTestButton } from './ExportTestButton';
import { ReplayPanel } from './ReplayPanel';
import { ResimulatePanel } from './ResimulatePanel';
import { ResubmitPanel } from './ResubmitPanel';
import { downloadRuns } from './runFiles';
import { readableLink } from './readableLink';
import { runHref, visualizerHref } from './useHistoryRoute';
import { isFailure, resultsData, shortHex } from './runView';
import { StateBadge } from './StateBadge';
import { useKeptTrace } from './useKeptTrace';

export interface RunDetailProps {
  record: WorkbenchRun;
  store: RunStore;
  /** Stored runs that retry this one. */
  retriedBy: readonly string[];
}

/** One stored run: its draft, chain facts, wallet requests, timings, outcome, and replays. */
export function RunDetail({ record, store, retriedBy }: RunDetailProps) {
  const [confirmOpen, confirm] = useDisclosure(false);
  const live = useIsLiveRun(record.id);
  const { network } = useNetwork();
  // A busy last state with no actor behind it: the run stopped waiting, it did not end.
  const interrupted = record.tags.includes('busy') && !live;
  const kept = useKeptTrace({ record, store, live });
  const fn = record.draft.payload.function;
  const fullName = canonicalAddresses(fn);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="start">
        <Stack gap={2}>
          <Anchor style={readableLink} href="#/history" size="sm">
            ← All runs
          </Anchor>
          <Group gap="xs">
            <Title
              order={3}
              size="h4"
              ff="monospace"
              title={fullName}
              style={{ overflowWrap: 'anywhere' }}
            >
              {compactAddresses(fn)}
            </Title>
            <CopyValue value={fullName} label={`Copy the function ${fullName}`} />
            <StateBadge state={record.state} />
          </Group>
          <Text size="xs">
            Run {record.id} · attempt {record.attempt} · {record.network.name} (
            {record.network.nodeUrl}) · started {new Date(record.startedAt).toLocaleString()}
          </Text>
          <Group gap={4} wrap="wrap">
            <Text size="xs">
              Machine state <Code>{record.state}</Code> · sender
            </Text>
            <Text size="xs" ff="monospace" title={record.draft.sender}>
              {shortHex(record.draft.sender)}
            </Text>
            <CopyValue value={record.draft.sender} label="Copy the sender's address" />
            {record.chain.hash && (
              <>
                <Text size="xs">· hash</Text>
                <Text size="xs" ff="monospace" title={record.chain.hash}>
                  {shortHex(record.chain.hash)}
                </Text>
                <CopyValue value={record.chain.hash} label="Copy the transaction hash" />
              </>
            )}
          </Group>
          <Group gap="xs">
            {record.retryOf && (
              <Anchor style={readableLink} href={runHref(record.retryOf)} size="sm">
                Retries run {shortHex(record.retryOf, 4)}
              </Anchor>
            )}
            {retriedBy.map((id) => (
              <Anchor style={readableLink} key={id} href={runHref(id)} size="sm">
                Retried by run {shortHex(id, 4)}
              </Anchor>
            ))}
          </Group>
        </Stack>
        <Group gap="xs">
          <Button component="a" href={visualizerHref(record.id)} variant="light">
            Open in the visualizer
          </Button>
          <Button variant="default" onClick={() => downloadRuns([record])}>
            Export
          </Button>
          <Button variant="light" color="red" onClick={confirm.open}>
            Delete…
          </Button>
        </Group>
      </Group>

      {interrupted && (
        <Alert color="orange" title={`Stopped at ${record.state}, before an outcome`}>
          <Text size="sm">
            The page was reloaded or closed, or the network was switched, while this run was at{' '}
            {record.state}. The record keeps every transition up to then.
            {record.chain.hash === null
              ? ' Nothing was submitted to the chain.'
              : ` Its transaction (${record.chain.hash}) may still have committed: look it up on the Chain page.`}
          </Text>
        </Alert>
      )}

      {isFailure(record) && (
        <Paper withBorder p="md" radius="md" component="section" aria-label="Replay">
          <Stack gap="sm">
            <Title order={3} size="h5">
              Replay this failure
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Stack gap="xs">
                <Button component="a" href={visualizerHref(record.id)} variant="light">
                  Trace replay in the visualizer
                </Button>
                <Text size="xs">The recorded transitions, played on the machine, offline.</Text>
              </Stack>
              <ReplayPanel record={record} />
              <ResimulatePanel record={record} />
              <ResubmitPanel record={record} />
              <ExportTestButton record={record} />
            </SimpleGrid>
          </Stack>
        </Paper>
      )}

      <ForkRunSection record={record} store={store} />

      <RunResults
        data={resultsData(record)}
        network={record.network.nodeUrl === network.fullnode ? network : undefined}
        ranOn={{ kind: record.network.name, fullnode: record.network.nodeUrl }}
        storedTrace={kept.stored}
        onTrace={kept.onTrace}
      />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md" component="section" aria-label="Draft">
          <Title order={3} size="h5" mb="xs">
            Draft
          </Title>
          <Code block tabIndex={0}>
            {JSON.stringify(record.draft, null, 2)}
          </Code>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-label="Wallet requests">
          <Title order={3} size="h5" mb="xs">
            Wallet requests
          </Title>
          {record.walletRequests.length === 0 ? (
            <Text size="sm">No wallet request in this attempt.</Text>
          ) : (
            <Table fz="sm">
              <Table.Tbody>
                {record.walletRequests.map((request, index) => (
                  <Table.Tr key={index}>
                    <Table.Td ff="monospace">{request.request}</Table.Td>
                    <Table.Td>
                      <Badge color={request.status === 'APPROVED' ? 'teal' : 'red'}>
                        {request.status ?? 'no answer'}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      </SimpleGrid>

      <Paper withBorder p="md" radius="md" component="section" aria-label="Transitions">
        <Title order={3} size="h5" mb="xs">
          Transitions ({record.transitions.length}
          {record.droppedTransitions > 0 ? `, ${record.droppedTransitions} oldest dropped` : ''})
        </Title>
        <Table.ScrollContainer minWidth={600}>
          <Table fz="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>at</Table.Th>
                <Table.Th>event</Table.Th>
                <Table.Th>from</Table.Th>
                <Table.Th>to</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {record.transitions.map((transition) => (
                <Table.Tr key={transition.seq}>
                  <Table.Td>{transition.seq}</Table.Td>
                  <Table.Td>{transition.atMs} ms</Table.Td>
                  <Table.Td ff="monospace">
                    {transition.event.type}
                    {transition.eventless ? ' (eventless)' : ''}
                  </Table.Td>
                  <Table.Td ff="monospace">{transition.source ?? '—'}</Table.Td>
                  <Table.Td ff="monospace">{transition.target}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <ConfirmDelete
        opened={confirmOpen}
        onClose={confirm.close}
        title="Delete this run?"
        message="The run is removed from this browser’s history."
        keepLabel="Keep it"
        deleteLabel="Delete the run"
        onDelete={() =>
          void store.deleteRun(record.id).then(() => {
            window.location.hash = '#/history';
          })
        }
      />
    </Stack>
  );
}
