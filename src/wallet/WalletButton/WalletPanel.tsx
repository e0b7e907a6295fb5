import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { statePath } from '../../../machines';
import { useWalletMachine } from '../useWalletMachine';
import { ConnectedAccount } from './ConnectedAccount';
import { WalletList } from './WalletList';

/** Props of {@link WalletPanel}. */
export interface WalletPanelProps {
  /** Id for the panel's heading, so its container can be labelled by it. */
  headingId?: string;
  /** Called with `true` while a request started in the panel is running. */
  onBusyChange?: (busy: boolean) => void;
  /** Opens the dev wallet (its accounts, keys, policy, log); shown when the page has one. */
  onOpenDevWallet?: () => void;
}

/**
 * The app's one wallet entry point (in the header's wallet popover): the wallet machine's state,
 * in words and as its state path, with what can be done from it: connect (the wallet selector),
 * cancel, disconnect or switch wallet, fix a wrong network, fund from the faucet, send APT, and
 * open the dev wallet.
 */
export function WalletPanel({ headingId, onBusyChange, onOpenDevWallet }: WalletPanelProps) {
  const { actorRef, bridge, devWallet } = useWalletMachine();
  const snapshot = useSelector(actorRef, (state) => state);
  const { walletName, error } = snapshot.context;
  const path = statePath(snapshot.value);

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h5" id={headingId}>
          Wallet
        </Title>
        <Group gap={6} wrap="nowrap" role="status" aria-label={`Wallet machine state: ${path}`}>
          <Text size="xs" c="dimmed" aria-hidden>
            state
          </Text>
          <Badge
            variant="outline"
            color={snapshot.hasTag('error') ? 'red' : snapshot.hasTag('busy') ? 'blue' : 'teal'}
            tt="none"
            ff="monospace"
            aria-hidden
          >
            {path}
          </Badge>
        </Group>
      </Group>

      {snapshot.matches('detecting') && (
        <Text size="sm">Looking for installed wallets (AIP-62)…</Text>
      )}

      {snapshot.matches('unavailable') && (
        <>
          <Alert color="red" title="No wallet to connect" role="alert">
            <Stack gap="xs">
              <Text size="sm">
                {error?.message ??
                  'No wallet is installed in this browser for this network. The Workbench Dev Wallet loads with the app: reload the page if it is missing.'}
              </Text>
              <Group>
                <Button size="xs" variant="default" onClick={() => bridge.rescan()}>
                  Look for wallets again
                </Button>
              </Group>
            </Stack>
          </Alert>
          <WalletList />
        </>
      )}

      {snapshot.matches('disconnected') && (
        <>
          {error !== null && (
            <Alert color="orange" title="The last connection attempt failed" role="alert">
              <Text size="sm">{error.message}</Text>
            </Alert>
          )}
          <Text size="sm">Pick a wallet to connect.</Text>
          <WalletList />
        </>
      )}

      {(snapshot.matches('connecting') || snapshot.matches('reconnecting')) && (
        <Stack gap="xs">
          <Text size="sm">
            {snapshot.matches('connecting')
              ? `Waiting for ${walletName ?? 'the wallet'} to approve the connection. Answer in the wallet's prompt.`
              : `Reconnecting ${walletName ?? 'the wallet'}, which approved this app before: no prompt.`}
          </Text>
          <Group>
            <Button
              size="xs"
              variant="default"
              disabled={!snapshot.can({ type: 'disconnect' })}
              onClick={() => actorRef.send({ type: 'disconnect' })}
            >
              Cancel
            </Button>
          </Group>
        </Stack>
      )}

      {snapshot.matches('rejected') && (
        <>
          <Alert color="red" title={`${walletName ?? 'The wallet'} did not connect`} role="alert">
            <Stack gap={4}>
              <Group gap={6}>
                <Text size="sm">Status</Text>
                <Badge color="red" size="sm">
                  {error?.status ?? 'REJECTED'}
                </Badge>
              </Group>
              <Text size="sm">{error?.message}</Text>
              <Text size="sm">Connect again below when you are ready.</Text>
            </Stack>
          </Alert>
          <WalletList />
        </>
      )}

      {snapshot.matches('disconnecting') && <Text size="sm">Disconnecting from {walletName}…</Text>}

      {snapshot.matches('connected') && (
        <>
          {error !== null && (
            <Alert color="orange" title="The wallet did not disconnect" role="alert">
              <Text size="sm">{error.message}</Text>
            </Alert>
          )}
          <ConnectedAccount onBusyChange={onBusyChange} />
        </>
      )}

      {devWallet !== undefined && onOpenDevWallet !== undefined && (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            Keys, accounts, approval policy and request log of the in-page wallet.
          </Text>
          <Button size="xs" variant="default" onClick={onOpenDevWallet} style={{ flexShrink: 0 }}>
            Open dev wallet
          </Button>
        </Group>
      )}
    </Stack>
  );
}
