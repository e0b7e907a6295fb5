import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { runWalletRequest, WalletRequestError } from '../../actors';
import { DEV_WALLET_NAME } from '../../devwallet';
import {
  networkLabels,
  parseCustomNetwork,
  presetNetworks,
  sdkNetwork,
  type NetworkConfig,
} from '../../network/networks';
import { useNetwork } from '../../network/useNetwork';
import { chainIdText, toDevWalletNetworkInput, UNKNOWN_CHAIN_ID } from '../networkConverters';
import { errorMessage } from '../../errors/errorMessage';
import { useAdapterBridgeState } from '../useAdapterBridgeState';
import { useWalletMachine } from '../useWalletMachine';

/** The preset whose chain id (or name, for devnet) matches the wallet's network. */
function matchingPreset(wallet: {
  name: string;
  chainId: number | null;
}): NetworkConfig | undefined {
  return Object.values(presetNetworks).find(
    (preset) =>
      (preset.expectedChainId !== undefined && preset.expectedChainId === wallet.chainId) ||
      (preset.kind === 'devnet' && wallet.name === 'devnet'),
  );
}

/** Props of {@link WrongNetworkHelp}. */
export interface WrongNetworkHelpProps {
  /** Called with `true` while the wallet is asked to switch (its prompt may be open). */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * `connected.wrongNetwork`: what differs (the wallet's chain id and the workbench's) and the two
 * ways out: switch the wallet's network (a button when the wallet supports `aptos:changeNetwork`,
 * or for the dev wallet on a custom node), or pick the wallet's network in the selector.
 */
export function WrongNetworkHelp({ onBusyChange }: WrongNetworkHelpProps) {
  const { actorRef, bridge, devWallet } = useWalletMachine();
  const walletName = useSelector(actorRef, (state) => state.context.walletName) ?? 'The wallet';
  const walletNetwork = useSelector(actorRef, (state) => state.context.walletNetwork);
  const appChainId = useSelector(actorRef, (state) => state.context.appNetwork.chainId);
  const { view } = useAdapterBridgeState();
  const { network, setNetwork } = useNetwork();
  const label = networkLabels[network.kind];
  const listing = view.wallets.find((wallet) => wallet.name === walletName);
  const chainKnown = appChainId !== UNKNOWN_CHAIN_ID;

  const switchWallet = useMutation({
    mutationFn: async () => {
      if (network.kind === 'custom') {
        if (devWallet === undefined) throw new Error('No dev wallet in this page.');
        await devWallet.switchNetwork(toDevWalletNetworkInput({ network, chainId: appChainId }));
        return;
      }
      const commands = bridge.commands();
      if (commands === null) throw new Error('The wallet adapter is still starting.');
      await runWalletRequest({
        walletName,
        devWallet,
        run: () => commands.changeNetwork(sdkNetwork(network.kind)),
      });
    },
    onMutate: () => onBusyChange?.(true),
    onSettled: () => onBusyChange?.(false),
  });

  const canSwitchWallet =
    chainKnown &&
    (network.kind === 'custom'
      ? walletName === DEV_WALLET_NAME && devWallet !== undefined
      : listing?.canChangeNetwork === true);
  const preset = walletNetwork === null ? undefined : matchingPreset(walletNetwork);
  const walletNode =
    walletNetwork?.url != null && preset === undefined
      ? parseCustomNetwork({ fullnode: walletNetwork.url })
      : undefined;

  return (
    <Alert color="orange" title="The wallet is on another network" role="alert">
      <Stack gap="xs">
        <Text size="sm">
          {walletName} is on {walletNetwork?.name ?? 'an unknown network'} (
          {chainIdText(walletNetwork?.chainId ?? null)}); the workbench is on {label} (
          {chainIdText(appChainId)}).
          {chainKnown
            ? ' Transactions built here would be refused by the wallet or the chain.'
            : ` The workbench has not read the chain id of ${network.fullnode} yet (is the node reachable?), so the wallet's network cannot be confirmed.`}
        </Text>
        <Text size="sm" fw={600}>
          To fix it, either:
        </Text>
        {canSwitchWallet ? (
          <Button size="xs" onClick={() => switchWallet.mutate()} loading={switchWallet.isPending}>
            {network.kind === 'custom'
              ? `Switch the dev wallet to this node (${chainIdText(appChainId)})`
              : `Switch ${walletName} to ${label}`}
          </Button>
        ) : (
          <Text size="sm">
            • switch the network inside {walletName} to {label}
            {chainKnown ? ` (${chainIdText(appChainId)})` : ''};
          </Text>
        )}
        {preset !== undefined && preset.kind !== network.kind ? (
          <Button size="xs" variant="default" onClick={() => setNetwork(preset)}>
            Use {networkLabels[preset.kind]} in the workbench
          </Button>
        ) : walletNode?.ok === true && walletNode.network.fullnode !== network.fullnode ? (
          <Button size="xs" variant="default" onClick={() => setNetwork(walletNode.network)}>
            Use the wallet&apos;s node ({walletNode.network.fullnode}) in the workbench
          </Button>
        ) : (
          <Text size="sm">• or pick the wallet&apos;s network in the network selector.</Text>
        )}
        {switchWallet.isError && (
          <Group gap={6} wrap="nowrap" align="flex-start" role="alert">
            {switchWallet.error instanceof WalletRequestError &&
              switchWallet.error.status !== null && (
                <Badge color="red" size="sm">
                  {switchWallet.error.status}
                </Badge>
              )}
            <Text size="sm" c="red">
              {errorMessage(switchWallet.error)}
            </Text>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
