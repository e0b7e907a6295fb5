import { Network } from '@aptos-labs/ts-sdk';
import { AptosWalletAdapterProvider } from '@aptos-labs/wallet-adapter-react';
import { useMemo, type ReactNode } from 'react';
import { sdkNetwork, type NetworkConfig } from '../network/networks';
import { useNetwork } from '../network/useNetwork';
import { AdapterBridgeSync } from './AdapterBridgeSync';
import { createAptosConnectClient } from './aptosConnectClient';
import { useAutoConnect } from './useAutoConnect';

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

const NO_HIDDEN_WALLETS: [] = [];

/**
 * The wallet adapter for the selected network, wired to the wallet machine's bridge. The adapter
 * reads its props once, so a new network remounts it (`key`); its `autoConnect` brings back the
 * wallet of the last connection, after a reload too, without a prompt (see `useAutoConnect`).
 *
 * @example
 * ```tsx
 * <WalletMachineProvider devWallet={devWallet}>
 *   <WalletAdapterProvider>{children}</WalletAdapterProvider>
 * </WalletMachineProvider>
 * ```
 */
export function WalletAdapterProvider({ children }: { children: ReactNode }) {
  const { network } = useNetwork();
  const dappConfig = useMemo(() => adapterConfig(network), [network]);
  const autoConnect = useAutoConnect();
  return (
    <AptosWalletAdapterProvider
      key={network.fullnode}
      autoConnect={autoConnect}
      disableTelemetry
      dappConfig={dappConfig}
      hideWallets={NO_HIDDEN_WALLETS}
    >
      <AdapterBridgeSync />
      {children}
    </AptosWalletAdapterProvider>
  );
}
