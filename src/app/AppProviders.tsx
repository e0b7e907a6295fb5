import { Network } from '@aptos-labs/ts-sdk';
import { AptosWalletAdapterProvider } from '@aptos-labs/wallet-adapter-react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { theme } from './theme';

export interface AppProvidersProps {
  children: ReactNode;
  /** Injected by tests; the app creates its own. */
  queryClient?: QueryClient;
}

/**
 * The adapter constructs the keyless Aptos Connect wallets at mount, and each one asks its
 * network's node for the chain id right away. Pointing them at the embedded chain keeps that
 * request on this machine (the workbench loads nothing from the network by default).
 */
const dappConfig = { network: Network.LOCAL };

/** Every provider the app needs, in one place, shared by the app and the UI tests. */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? new QueryClient());
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <QueryClientProvider client={client}>
        <AptosWalletAdapterProvider autoConnect={false} disableTelemetry dappConfig={dappConfig}>
          <Notifications />
          {children}
        </AptosWalletAdapterProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
