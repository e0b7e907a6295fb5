import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { networkLabels } from '../../network/networks';
import { useNetwork } from '../../network/useNetwork';
import { KEYLESS_WALLET_NAMES, supportsKeylessWallets } from '../keylessWallets';
import { useAdapterBridgeState } from '../useAdapterBridgeState';
import { useWalletMachine } from '../useWalletMachine';

function WalletIcon({ icon }: { icon: string | undefined }) {
  // Only data URIs are kept (see AdapterBridgeSync), so nothing loads from the network.
  return icon === undefined ? null : <img src={icon} alt="" width={20} height={20} />;
}

/**
 * The wallet selector: the installed wallets the machine found (each a Connect button, enabled
 * when the machine accepts `connect`) and the wallets the adapter knows that are not installed.
 */
export function WalletList() {
  const { actorRef } = useWalletMachine();
  const snapshot = useSelector(actorRef, (state) => state);
  const { view } = useAdapterBridgeState();
  const { network } = useNetwork();
  const icons = new Map(view.wallets.map((wallet) => [wallet.name, wallet.icon]));
  const installed = snapshot.context.wallets;

  return (
    <Stack gap="xs">
      <Title order={3} size="h6">
        Installed
      </Title>
      {installed.length === 0 ? (
        <Text size="sm">No installed wallet was found.</Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {installed.map((walletName) => (
            <li key={walletName}>
              <Button
                fullWidth
                justify="flex-start"
                variant="default"
                leftSection={<WalletIcon icon={icons.get(walletName)} />}
                aria-label={`Connect ${walletName}`}
                disabled={!snapshot.can({ type: 'connect', walletName })}
                onClick={() => actorRef.send({ type: 'connect', walletName })}
              >
                {walletName}
              </Button>
            </li>
          ))}
        </Stack>
      )}
      {!supportsKeylessWallets(network.kind) && (
        <Text size="xs" c="dimmed">
          {KEYLESS_WALLET_NAMES.join(', ')} (Aptos Connect) are offered on Mainnet and Testnet only;
          the workbench is on {networkLabels[network.kind]}.
        </Text>
      )}
      {view.notDetected.length > 0 && (
        <>
          <Title order={3} size="h6">
            Not installed
          </Title>
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {view.notDetected.map((wallet) => (
              <Group key={wallet.name} component="li" gap="xs" wrap="nowrap">
                <WalletIcon icon={wallet.icon} />
                <Text size="sm" style={{ flex: 1 }}>
                  {wallet.name}
                </Text>
                <Badge size="xs" color="gray" variant="light">
                  Not installed
                </Badge>
                {wallet.url !== undefined && (
                  <Anchor
                    size="xs"
                    href={wallet.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Get it: ${wallet.name} (opens its site)`}
                  >
                    Get it
                  </Anchor>
                )}
              </Group>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
