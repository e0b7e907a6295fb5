import { Alert, Grid, List, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { formatApt } from '../../format/amounts';
import { useNetwork } from '../../network/useNetwork';
import { accountQueries } from '../../queries/chainQueries';
import { useWalletMachine } from '../../wallet/useWalletMachine';
import { DevControlsPanel } from '../chain/devControls';
import { LedgerCard } from '../chain/LedgerCard';
import { useComposeRun } from '../runs';
import { Composer, type DraftResult } from './composer';
import { ResultsPanel } from './results/ResultsPanel';
import { RunStepper } from './run/RunStepper';
import { StepControls } from './run/StepControls';

/** The sender's APT balance, refetched after each commit (the run invalidates account queries). */
function SenderBalance({ address }: { address: string }) {
  const { network } = useNetwork();
  const balance = useQuery({ ...accountQueries.aptBalance(network, address), retry: false });
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" fw={600}>
        Sender
      </Text>
      <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {address}
      </Text>
      <Text size="sm" aria-label="Sender balance">
        {balance.isPending
          ? 'Balance: reading…'
          : balance.isError
            ? 'Balance: none yet (fund the account from the dev wallet).'
            : `Balance: ${formatApt(balance.data)}`}
      </Text>
    </Paper>
  );
}

function ComposeWorkspace() {
  const { actorRef: walletRef } = useWalletMachine();
  const account = useSelector(walletRef, (snapshot) =>
    snapshot.matches('connected') ? snapshot.context.account : null,
  );
  const sender = account?.address ?? null;
  const actorRef = useComposeRun();
  const [draftResult, setDraftResult] = useState<DraftResult | null>(null);
  const editing = useSelector(actorRef, (snapshot) => snapshot.matches('editing'));

  useEffect(() => {
    if (editing && draftResult?.ok)
      actorRef.send({ type: 'draft.update', draft: draftResult.draft });
  }, [actorRef, editing, draftResult]);
  const signingMode = draftResult?.signingMode;
  useEffect(() => {
    if (signingMode) actorRef.send({ type: 'signer.change', signingMode });
  }, [actorRef, signingMode]);

  const draftReady = draftResult?.ok === true;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <Composer sender={sender} disabled={!editing} onDraft={setDraftResult} />
          </Paper>
          <Paper withBorder p="md" radius="md" component="section" aria-label="Run">
            <Stack gap="sm">
              <StepControls actorRef={actorRef} draftReady={draftReady} />
              {editing && draftResult && !draftResult.ok && (
                <Alert
                  color="yellow"
                  title="The draft is not ready to build"
                  aria-label="Draft problems"
                >
                  <List size="sm">
                    {draftResult.problems.map((problem) => (
                      <List.Item key={problem}>{problem}</List.Item>
                    ))}
                  </List>
                </Alert>
              )}
              {sender === null && (
                <Text size="sm" c="dimmed">
                  Connect a wallet (the wallet button in the header) to choose the sender and sign.
                </Text>
              )}
            </Stack>
          </Paper>
          <RunStepper actorRef={actorRef} />
          <ResultsPanel actorRef={actorRef} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="md">
          {sender && <SenderBalance address={sender} />}
          <LedgerCard />
          <DevControlsPanel />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/**
 * Compose and run: the composer, the step controls driven by the transaction machine, where the
 * run is, what the chain said, and the chain panel (ledger, sender balance, dev controls). The
 * transaction actor lives in RunsProvider, so a run goes on while another page is open.
 */
export function ComposePage() {
  const { network } = useNetwork();
  return <ComposeWorkspace key={network.fullnode} />;
}
