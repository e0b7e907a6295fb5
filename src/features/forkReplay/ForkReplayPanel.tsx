import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { compareWithCommitted, progressText, type ForkHandle } from '../../../replay/forkReplay';
import { forkRun, type ForkRunPlace } from '../../../replay/forkRun';
import { networkLabels, presetNetworks, type NetworkConfig } from '../../network/networks';
import { runHref } from '../history/useHistoryRoute';
import type { RunStore } from '../runs';
import { TraceTab } from '../trace';
import { ForkDiffTable } from './ForkDiffTable';
import { ForkFailure } from './forkErrors';
import { ForkFix } from './ForkFix';
import { forkQueries } from './forkQueries';
import { NativeFramework } from './NativeFramework';

export interface ForkReplayPanelProps {
  /** The network the transaction committed on. */
  network: NetworkConfig;
  /** Its version. */
  version: string;
  /** Where each replay is kept as a run (History's store). */
  store: Pick<RunStore, 'putRun'>;
  /** Where the embedded chain answers (it opens the fork); the local network's node by default. */
  chainUrl?: string;
}

const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * "Replay on a fork" (issue 34): the embedded chain forks the transaction's network at its
 * version, re-executes it there with its original signature on the state just before it, and the
 * result is compared with what the network committed (status, gas, events, balance changes,
 * write set). Shows the upstream reads while it works, the limits it met, the framework functions
 * run natively, the trace on the fork, and "try a fix"; each replay is a run in History.
 */
export function ForkReplayPanel({
  network,
  version,
  store,
  chainUrl = presetNetworks.local.fullnode,
}: ForkReplayPanelProps) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [started, setStarted] = useState(false);
  const [traceOpen, setTraceOpen] = useState(false);
  const committed = useQuery({ ...forkQueries.committed(network, version), enabled: started });
  const fork = useQuery({
    ...forkQueries.fork(chainUrl, network.fullnode, version),
    enabled: started,
  });
  const forkUrl = fork.data?.rest ?? '';
  const replay = useQuery({
    ...forkQueries.replay(forkUrl, version),
    enabled: started && fork.isSuccess,
  });
  const failed = fork.error ?? replay.error ?? committed.error;
  const working = started && failed === null && (fork.isPending || replay.isPending);
  const forks = useQuery({
    ...forkQueries.list(chainUrl),
    enabled: started,
    refetchInterval: working ? 500 : false,
  });
  const entry: ForkHandle | undefined = forks.data?.find((candidate) =>
    fork.data
      ? candidate.id === fork.data.id
      : candidate.version === version && sameUrl(candidate.url, network.fullnode),
  );
  const comparison = useMemo(
    () =>
      // Only once asked: a cached replay must not show (and be kept again) on its own.
      started && committed.data && replay.data
        ? compareWithCommitted({ committed: committed.data, replayed: replay.data.facts })
        : null,
    [started, committed.data, replay.data],
  );
  const name = network.kind === 'custom' ? network.fullnode : networkLabels[network.kind];
  const forkData = fork.data;
  const place = useMemo<ForkRunPlace | null>(
    () =>
      forkData
        ? {
            networkName: network.kind === 'custom' ? network.fullnode : network.kind,
            chainId: forkData.chain_id,
            upstream: network.fullnode,
            forkVersion: forkData.version,
          }
        : null,
    [forkData, network.kind, network.fullnode],
  );

  // Each replay is recorded once, as a run in History.
  const recorded = useRef<object | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<Error | null>(null);
  useEffect(() => {
    if (!comparison || !committed.data || !replay.data || !place) return;
    if (recorded.current === replay.data) return;
    recorded.current = replay.data;
    const id = crypto.randomUUID();
    void queryClient.invalidateQueries({ queryKey: forkQueries.list(chainUrl).queryKey });
    store
      .putRun(
        forkRun({
          id,
          startedAt: Date.now(),
          committed: committed.data,
          replayed: replay.data.facts,
          comparison,
          place,
          mode: 'recorded',
          nativeFramework: replay.data.nativeFramework,
        }),
      )
      .then(() => setRunId(id), setSaveError);
  }, [comparison, committed.data, replay.data, place, store, queryClient, chainUrl]);

  const differing = comparison?.rows.filter((row) => !row.same) ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${ids}-title`}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={`${ids}-title`}>
          Replay on a fork
        </Title>
        <Text size="xs">
          The embedded chain forks {name} at version {version} and re-executes this transaction with
          its original signature on the state just before it (version {String(BigInt(version) - 1n)}
          ), reading that state from the network as it needs it.
        </Text>
        {!started && (
          <Group>
            <Button variant="light" onClick={() => setStarted(true)}>
              Replay on a fork
            </Button>
          </Group>
        )}
        <div role="status" aria-live="polite">
          {working && (
            <Group gap="xs" wrap="nowrap">
              <Loader size="xs" aria-hidden />
              <Text size="sm">
                {fork.isPending
                  ? `Forking ${name} at version ${version}…`
                  : 'Re-executing on the fork…'}
                {entry ? ` ${progressText(entry.progress)}` : ''}
              </Text>
            </Group>
          )}
          {comparison && (
            <Alert
              color={comparison.identical ? 'teal' : 'orange'}
              variant="light"
              title={
                comparison.identical
                  ? 'Identical to the committed result'
                  : `Differs from the committed result in ${differing.map((row) => row.aspect).join(', ')}`
              }
            >
              <Text size="sm">
                {comparison.identical
                  ? `Status, gas used, events, balance changes and the write set are exactly what ${name} committed.`
                  : 'The fork produced another result than the network: see the aspects below.'}
              </Text>
            </Alert>
          )}
        </div>
        {failed !== null && <ForkFailure error={failed} />}
        {saveError !== null && (
          <Alert color="red" title="Not kept in History" role="alert">
            {saveError.message}
          </Alert>
        )}
        {comparison && replay.data && committed.data && place && (
          <>
            <Text size="xs">
              Fork at {fork.data?.rest} (chain id {fork.data?.chain_id}, version {place.forkVersion}
              ){entry ? `: ${progressText(entry.progress)} from the network` : ''}.
            </Text>
            <ForkDiffTable
              rows={comparison.rows}
              label="Committed result and the replay on the fork"
              other="on the fork"
            />
            <NativeFramework functions={replay.data.nativeFramework} />
            <Group gap="xs">
              <Button
                variant="default"
                aria-expanded={traceOpen}
                onClick={() => setTraceOpen((open) => !open)}
              >
                {traceOpen ? 'Hide its trace' : 'Open its trace'}
              </Button>
              {runId !== null && (
                <Button component="a" href={runHref(runId)} variant="subtle">
                  Open the replay in History
                </Button>
              )}
            </Group>
            {traceOpen && (
              <TraceTab
                target={{ network: { kind: 'local', fullnode: forkUrl }, request: { version } }}
              />
            )}
            <ForkFix
              network={network}
              version={version}
              forkUrl={forkUrl}
              committed={committed.data}
              place={place}
              replayRunId={runId}
              store={store}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
