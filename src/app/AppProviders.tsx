import { Network } from '@aptos-labs/ts-sdk';
import { AptosWalletAdapterProvider } from '@aptos-labs/wallet-adapter-react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { NetworkProvider } from '../network/NetworkContext';
import { sdkNetwork, type NetworkConfig } from '../network/networks';
import { useNetwork } from '../network/useNetwork';
import { createAptosConnectClient } from '../wallet/aptosConnectClient';
import { theme } from './theme';

export interface AppProvidersProps {
  children: ReactNode;
  /** Injected by tests; the app creates its own. */
  queryClient?: QueryClient;
}

/**
 * What the wallet adapter is told about the network. The adapter refuses `custom`, so a custom
 * node is presented as local (the workbench builds and submits with its own client anyway). The
 * keyless Aptos Connect wallets get a client that answers their chain-id prefetch without the
 * network (see createAptosConnectClient).
 */
function adapterConfig(network: NetworkConfig) {
  const kind = sdkNetwork(network.kind);
  return {
    network: kind === Network.CUSTOM ? Network.LOCAL : kind,
    aptosConnect: {
      aptosClientConfig: { client: createAptosConnectClient(network.expectedChainId) },
    },
  };
}

function WalletProvider({ children }: { children: ReactNode }) {
  const { network } = useNetwork();
  const dappConfig = useMemo(() => adapterConfig(network), [network]);
  // The adapter reads its props once on mount: a new network needs a new provider.
  return (
    <AptosWalletAdapterProvider
      key={network.fullnode}
      autoConnect={false}
      disableTelemetry
      dappConfig={dappConfig}
    >
      {children}
    </AptosWalletAdapterProvider>
  );
}

/** Every provider the app needs, in one place, shared by the app and the UI tests. */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? new QueryClient());
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <QueryClientProvider client={client}>
        <NetworkProvider>
          <WalletProvider>
            <Notifications />
            {children}
          </WalletProvider>
        </NetworkProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
