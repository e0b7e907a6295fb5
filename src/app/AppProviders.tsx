import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createDevWallet, type DevWallet } from '../devwallet';
import { ApprovalModal, DevWalletProvider } from '../devwallet/react';
import { RunsProvider } from '../features/runs';
import { NetworkProvider } from '../network/NetworkContext';
import { WalletAdapterProvider, WalletMachineProvider } from '../wallet';
import { cssVariablesResolver, theme } from './theme';

export interface AppProvidersProps {
  children: ReactNode;
  /** Injected by tests; the app creates its own. */
  queryClient?: QueryClient;
  /**
   * The dev wallet, created and registered at boot (main.tsx). Without one, an unregistered
   * in-memory wallet backs the dev wallet panel, and the adapter does not list it.
   */
  devWallet?: DevWallet;
}

/**
 * Every provider the app needs, in one place, shared by the app and the UI tests. The wallet
 * machine sits above the wallet adapter (remounted per network) so a connection outlives a
 * network change; the approval prompt and notifications sit above both. RunsProvider holds the
 * Compose run (and records it) inside the adapter, whose wallet signs it.
 */
export function AppProviders({ children, queryClient, devWallet }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? new QueryClient());
  const [wallet] = useState(() => devWallet ?? createDevWallet());
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <Notifications />
      <QueryClientProvider client={client}>
        <NetworkProvider>
          <DevWalletProvider wallet={wallet}>
            <WalletMachineProvider devWallet={wallet}>
              <WalletAdapterProvider>
                <RunsProvider>{children}</RunsProvider>
              </WalletAdapterProvider>
              <ApprovalModal />
            </WalletMachineProvider>
          </DevWalletProvider>
        </NetworkProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
