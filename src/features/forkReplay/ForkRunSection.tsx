import { Anchor, Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { WorkbenchRun } from '../../../machines';
import { networkKinds, type NetworkConfig, type NetworkKind } from '../../network/networks';
import { runHref } from '../history/useHistoryRoute';
import type { RunStore } from '../runs';
import { ForkReplayPanel } from './ForkReplayPanel';
import { NativeFramework } from './NativeFramework';

/** The network a run committed on, as the app names networks (a URL it does not know: custom). */
export function runNetwork(record: WorkbenchRun): NetworkConfig {
  const kind = (networkKinds as readonly string[]).includes(record.network.name)
    ? (record.network.name as NetworkKind)
    : 'custom';
  return { kind, fullnode: record.network.nodeUrl };
}

/** What a fork replay's run recorded: where it ran and how it compared. */
function ForkRunFacts({ record }: { record: WorkbenchRun }) {
  const ids = useId();
  const facts = record.forkReplay;
  if (facts === undefined) return null;
  const changes = Object.entries(facts.changes ?? {});
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${ids}-title`}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={`${ids}-title`}>
          {facts.mode === 'recorded' ? 'Replayed on a fork' : 'A fix tried on a fork'}
        </Title>
        <Text size="sm">
          {record.network.name} ({facts.upstream}) forked at version {facts.forkVersion}; the
          transaction at version {facts.version} ran on the state just before it
          {changes.length > 0
            ? `, changed: ${changes.map(([name, value]) => `${name} ${typeof value === 'string' ? value : JSON.stringify(value)}`).join(', ')}`
            : ', with its original signature'}
          .
        </Text>
        {facts.hash !== undefined && (
          <Group gap={4}>
            <Text size="xs">Committed transaction</Text>
            <Code>{facts.hash}</Code>
          </Group>
        )}
        <Group gap="xs">
          <Badge color={facts.identical ? 'teal' : 'orange'} variant="light">
            {facts.identical
              ? 'identical to the committed result'
              : `differs: ${(facts.differences ?? []).join(', ')}`}
          </Badge>
          {record.retryOf && (
            <Anchor href={runHref(record.retryOf)} size="sm">
              The replay it fixes
            </Anchor>
          )}
        </Group>
        <NativeFramework functions={facts.nativeFramework} />
      </Stack>
    </Paper>
  );
}

/**
 * History's part of issue 34: a fork replay's run shows where it ran and how it compared; a run
 * that failed on chain, or a fork replay, can be replayed on a fork (again) at its version.
 */
export function ForkRunSection({
  record,
  store,
}: {
  record: WorkbenchRun;
  store: Pick<RunStore, 'putRun'>;
}) {
  const version = record.forkReplay?.version ?? record.chain.version;
  const replayable =
    record.forkReplay !== undefined || (version !== null && record.chain.success === false);
  return (
    <>
      <ForkRunFacts record={record} />
      {replayable && version !== null && (
        <ForkReplayPanel
          key={`${record.id}@${version}`}
          network={runNetwork(record)}
          version={version}
          store={store}
        />
      )}
    </>
  );
}
