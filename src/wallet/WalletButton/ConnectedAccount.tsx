import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { CopyValue } from '../../components/CopyValue';
import { formatApt } from '../../format/amounts';
import { errorMessage } from '../../errors/errorMessage';
import { networkLabels } from '../../network/networks';
import { useNetwork } from '../../network/useNetwork';
import { accountQueries } from '../../queries/chainQueries';
import { chainIdText } from '../networkConverters';
import { FundForm } from '../FundForm';
import { SendAptForm } from '../SendAptForm';
import { useWalletMachine } from '../useWalletMachine';
import { WrongNetworkHelp } from './WrongNetworkHelp';

function Balance({ address }: { address: string }) {
  const { network } = useNetwork();
  const balance = useQuery({ ...accountQueries.aptBalance(network, address), retry: false });
  return (
    <Text size="sm" aria-live="polite">
      Balance:{' '}
      {balance.isPending
        ? 'reading…'
        : balance.isError
          ? `not available (${errorMessage(balance.error)}). Fund the account below.`
          : formatApt(balance.data)}
    </Text>
  );
}

/** Props of {@link ConnectedAccount}. */
export interface ConnectedAccountProps {
  /** Called with `true` while a request started here is running. */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * `connected`: the account (copyable), the wallet's and the workbench's networks, and either the
 * mismatch with its fixes (`connected.wrongNetwork`) or the balance and the Send APT form
 * (`connected.ready`).
 */
export function ConnectedAccount({ onBusyChange }: ConnectedAccountProps) {
  const { actorRef } = useWalletMachine();
  const snapshot = useSelector(actorRef, (state) => state);
  const { network } = useNetwork();
  const { account, walletName, walletNetwork } = snapshot.context;
  const ready = snapshot.matches({ connected: 'ready' });

  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm">
          Connected to <b>{walletName}</b>
        </Text>
        {account !== null && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <Code style={{ wordBreak: 'break-all' }} aria-label="Connected account address">
              {account.address}
            </Code>
            <CopyValue
              value={account.address}
              label="Copy the address"
              copiedLabel="Address copied"
              size="md"
            />
          </Group>
        )}
        <Text size="xs" c="dimmed">
          Wallet network: {walletNetwork?.name ?? 'not reported'} (
          {chainIdText(walletNetwork?.chainId ?? null)}) · Workbench: {networkLabels[network.kind]}{' '}
          ({chainIdText(snapshot.context.appNetwork.chainId)})
        </Text>
      </Stack>
      {snapshot.matches({ connected: 'wrongNetwork' }) && (
        <WrongNetworkHelp onBusyChange={onBusyChange} />
      )}
      {ready && account !== null && <Balance address={account.address} />}
      {ready && account !== null && (
        <FundForm address={account.address} onBusyChange={onBusyChange} />
      )}
      {ready && walletName !== null && (
        <SendAptForm walletName={walletName} onBusyChange={onBusyChange} />
      )}
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          To switch wallet, disconnect and pick another.
        </Text>
        <Button
          variant="default"
          size="xs"
          disabled={!snapshot.can({ type: 'disconnect' })}
          onClick={() => actorRef.send({ type: 'disconnect' })}
        >
          Disconnect
        </Button>
      </Group>
    </Stack>
  );
}
