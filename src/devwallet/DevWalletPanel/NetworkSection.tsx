import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { bindText } from '../../components/forms';
import { errorMessage } from '../../errors/errorMessage';
import {
  DEV_WALLET_NETWORK_NAMES,
  isDevWalletNetworkName,
  networkLabel,
  networkNameLabel,
  type DevWalletNetwork,
  type DevWalletNetworkInput,
  type DevWalletNetworkName,
} from '../networks';
import { useDevWallet } from '../useDevWallet';

/** Props of {@link NetworkSection}. */
export interface NetworkSectionProps {
  network: DevWalletNetwork;
}

/**
 * Shows the wallet's network and lets the person switch it (a connected app hears of the switch).
 * A custom network takes a full node URL and optional faucet URL and chain id.
 */
export function NetworkSection({ network }: NetworkSectionProps) {
  const wallet = useDevWallet();
  const [name, setName] = useState<DevWalletNetworkName>(network.name);
  // Follow switches made elsewhere (an approved changeNetwork request).
  const [seenNetwork, setSeenNetwork] = useState(network);
  if (seenNetwork !== network) {
    setSeenNetwork(network);
    setName(network.name);
  }
  const [nodeUrl, setNodeUrl] = useState('');
  const [faucetUrl, setFaucetUrl] = useState('');
  const [chainId, setChainId] = useState('');
  const switchNetwork = useMutation({
    mutationFn: (input: DevWalletNetworkInput) => wallet.switchNetwork(input),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedChainId = chainId.trim();
    switchNetwork.mutate({
      name,
      ...(name === 'custom' ? { nodeUrl, faucetUrl } : {}),
      ...(name === 'custom' && trimmedChainId !== '' ? { chainId: Number(trimmedChainId) } : {}),
    });
  };

  const error = switchNetwork.isError ? errorMessage(switchNetwork.error) : undefined;

  return (
    <Stack gap="xs">
      <Text size="sm">
        Signing for <strong>{networkLabel(network)}</strong> at <code>{network.nodeUrl}</code>
      </Text>
      <form onSubmit={submit} aria-label="Switch the wallet network" noValidate>
        <Stack gap="xs">
          <Group gap="xs" align="flex-end">
            <NativeSelect
              label="Wallet network"
              value={name}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isDevWalletNetworkName(value)) setName(value);
                switchNetwork.reset();
              }}
              data={DEV_WALLET_NETWORK_NAMES.map((value) => ({
                value,
                label: networkNameLabel(value),
              }))}
              error={name === 'custom' ? undefined : error}
            />
            <Button type="submit" variant="default" loading={switchNetwork.isPending}>
              Switch network
            </Button>
          </Group>
          {name === 'custom' && (
            <>
              <TextInput
                label="Full node URL"
                placeholder="http://127.0.0.1:8080/v1"
                {...bindText(nodeUrl, setNodeUrl)}
                error={error}
                required
              />
              <TextInput
                label="Faucet URL"
                description="Optional; without it the wallet cannot fund accounts on this network."
                {...bindText(faucetUrl, setFaucetUrl)}
              />
              <TextInput
                label="Chain id"
                description="Optional; read from the node when empty."
                inputMode="numeric"
                {...bindText(chainId, setChainId)}
              />
            </>
          )}
          {switchNetwork.isSuccess && (
            <Text size="sm" role="status">
              Switched to {networkLabel(switchNetwork.data)}.
            </Text>
          )}
        </Stack>
      </form>
    </Stack>
  );
}
