import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { DEV_WALLET_NAME } from '../../devwallet/constants';
import { errorMessage } from '../../errors/errorMessage';
import { formatApt } from '../../format/amounts';
import { useNetwork } from '../../network/useNetwork';
import { accountQueries } from '../../queries/chainQueries';
import { useWalletMachine } from '../../wallet/useWalletMachine';

/** Props of {@link GetStarted}. */
export interface GetStartedProps {
  sender: string | null;
  /** The machine's attempt number: 1 until an outcome is left with Edit or Retry. */
  attempt?: number;
  draftReady: boolean;
  /** Whether the transaction machine accepts `build` and `run` now (not while a step runs). */
  canStep: boolean;
  /** Builds the draft (sends `build`). */
  onBuild: () => void;
  /** Runs every step (sends `run`). */
  onRunAll: () => void;
}

function Step({
  index,
  title,
  done,
  children,
}: {
  index: number;
  title: string;
  done: boolean;
  children: React.ReactNode;
}) {
  return (
    <List.Item>
      <Stack gap={4}>
        <Group gap="xs">
          <Text fw={600}>
            {index}. {title}
          </Text>
          {done && (
            <Badge color="teal" variant="light">
              done
            </Badge>
          )}
        </Group>
        {children}
      </Stack>
    </List.Item>
  );
}

/**
 * What to do first, while nothing has run: connect a wallet, fund the account, then build. Each
 * step acts (connect the dev wallet, ask the faucet, build or run all) and says when it is done.
 */
export function GetStarted({
  sender,
  attempt = 1,
  draftReady,
  canStep,
  onBuild,
  onRunAll,
}: GetStartedProps) {
  const { network } = useNetwork();
  const { actorRef: walletRef, devWallet } = useWalletMachine();
  const queryClient = useQueryClient();
  const canConnect = useSelector(walletRef, (snapshot) =>
    snapshot.can({ type: 'connect', walletName: DEV_WALLET_NAME }),
  );
  const connecting = useSelector(walletRef, (snapshot) => snapshot.hasTag('busy'));
  const balance = useQuery({
    ...accountQueries.aptBalance(network, sender ?? '0x0'),
    enabled: sender !== null,
    retry: false,
  });
  const funded = balance.data !== undefined && BigInt(balance.data) > 0n;
  const faucet = network.kind === 'local' || network.kind === 'devnet';
  const fund = useMutation({
    mutationFn: async () => {
      if (!devWallet || sender === null) throw new Error('Connect the dev wallet first.');
      return devWallet.fundAccount({ address: sender });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.all(network) }),
  });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Get started">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {attempt > 1 ? `Attempt ${attempt}: nothing run yet` : 'Nothing run yet'}
        </Title>
        <Text size="sm" c="dimmed">
          {attempt > 1
            ? 'Edit the draft, then build or run all. Earlier attempts are kept in History.'
            : 'Three steps to a committed transaction; the default template (0.1 APT to the root account) needs no editing.'}
        </Text>
        <List type="ordered" listStyleType="none" spacing="md" pl={0}>
          <Step index={1} title="Connect a wallet" done={sender !== null}>
            {sender === null ? (
              <Group gap="xs">
                <Button
                  size="xs"
                  disabled={!canConnect}
                  loading={connecting}
                  onClick={() => walletRef.send({ type: 'connect', walletName: DEV_WALLET_NAME })}
                >
                  Connect the dev wallet
                </Button>
                <Text size="xs" c="dimmed">
                  or another wallet from the wallet button in the header.
                </Text>
              </Group>
            ) : (
              <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                Sender {sender}
              </Text>
            )}
          </Step>
          <Step index={2} title="Fund the account" done={funded}>
            {sender === null ? (
              <Text size="xs" c="dimmed">
                Connect first: the faucet funds the connected account.
              </Text>
            ) : funded ? (
              <Text size="xs">Balance {formatApt(balance.data ?? '0')}</Text>
            ) : faucet && devWallet ? (
              <Group gap="xs">
                <Button size="xs" loading={fund.isPending} onClick={() => fund.mutate()}>
                  Fund from the faucet
                </Button>
                <Text size="xs" c="dimmed">
                  The {network.kind === 'local' ? 'embedded chain' : network.kind} faucet gives 1
                  APT.
                </Text>
              </Group>
            ) : (
              <Text size="xs" c="dimmed">
                {network.kind} has no faucet here: send APT to the account from a funded one.
              </Text>
            )}
            {fund.isError && (
              <Alert color="red" title="The faucet did not fund the account" role="alert">
                {errorMessage(fund.error)}
              </Alert>
            )}
          </Step>
          <Step index={3} title="Build, or Run all" done={false}>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                disabled={!draftReady || !canStep}
                onClick={onBuild}
              >
                Build the draft
              </Button>
              <Button size="xs" disabled={!draftReady || !funded || !canStep} onClick={onRunAll}>
                Run all steps
              </Button>
              {!draftReady && (
                <Text size="xs" c="dimmed">
                  The draft is not ready: see the reasons under the step buttons.
                </Text>
              )}
            </Group>
          </Step>
        </List>
      </Stack>
    </Paper>
  );
}
