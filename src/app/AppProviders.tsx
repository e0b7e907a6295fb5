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
 * Only the wallets named here are constructed by the adapter. The keyless social-login wallets
 * fire unhandled rejections at mount on a local network and hang offline, so they stay out until
 * network selection can offer them where they work.
 */
const optInWallets = [] as const;

/** Every provider the app needs, in one place, shared by the app and the UI tests. */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? new QueryClient());
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <QueryClientProvider client={client}>
        <AptosWalletAdapterProvider
          autoConnect={false}
          disableTelemetry
          optInWallets={optInWallets}
        >
          <Notifications />
          {children}
        </AptosWalletAdapterProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
