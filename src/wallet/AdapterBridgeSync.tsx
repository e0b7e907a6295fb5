import {
  useWallet,
  type AdapterNotDetectedWallet,
  type AdapterWallet,
  type WalletContextState,
} from '@aptos-labs/wallet-adapter-react';
import { useEffect, useState } from 'react';
import type { AdapterCommands, AdapterView, WalletListing } from '../actors';
import { useWalletMachine } from './useWalletMachine';

function toListing(wallet: AdapterWallet | AdapterNotDetectedWallet): WalletListing {
  const icon =
    typeof wallet.icon === 'string' && wallet.icon.startsWith('data:') ? wallet.icon : undefined;
  const features = 'features' in wallet ? wallet.features : undefined;
  return {
    name: wallet.name,
    ...(icon === undefined ? {} : { icon }),
    ...(typeof wallet.url === 'string' ? { url: wallet.url } : {}),
    canChangeNetwork: features?.['aptos:changeNetwork'] !== undefined,
  };
}

/** The adapter's state as plain data (addresses long form, keys hex). */
export function toAdapterView(
  adapter: WalletContextState,
  generation: number,
): Omit<AdapterView, 'ready'> & { loading: boolean } {
  const connected = adapter.connected && adapter.account !== null;
  return {
    generation,
    loading: adapter.isLoading,
    connected,
    walletName: connected ? (adapter.wallet?.name ?? null) : null,
    account:
      connected && adapter.account !== null
        ? {
            address: adapter.account.address.toStringLong(),
            publicKey: adapter.account.publicKey.toString(),
          }
        : null,
    network:
      connected && adapter.network !== null
        ? {
            name: String(adapter.network.name),
            chainId: adapter.network.chainId ?? null,
            url: adapter.network.url ?? null,
          }
        : null,
    wallets: [...adapter.wallets, ...adapter.hiddenWallets].map(toListing),
    notDetected: adapter.notDetectedWallets.map(toListing),
  };
}

function toCommands(adapter: WalletContextState): AdapterCommands {
  const findWallet = (name: string) =>
    [...adapter.wallets, ...adapter.hiddenWallets].find((wallet) => wallet.name === name);
  return {
    // `connect` and `disconnect` are typed `void` but return promises that reject.
    connect: async (walletName) => {
      await (adapter.connect(walletName) as unknown);
    },
    disconnect: async () => {
      await (adapter.disconnect() as unknown);
    },
    changeNetwork: async (network) => {
      await adapter.changeNetwork(network);
    },
    signAndSubmitTransaction: async (input) => {
      const { hash } = await adapter.signAndSubmitTransaction(input);
      return { hash };
    },
    disconnectWallet: async (walletName) => {
      await findWallet(walletName)?.features['aptos:disconnect'].disconnect();
    },
  };
}

/**
 * Publishes the wallet adapter's state and calls to the wallet machine's bridge. Render it once
 * inside the adapter provider; each mount (one per network) is a new generation.
 *
 * @example
 * ```tsx
 * <AptosWalletAdapterProvider key={network.fullnode} …>
 *   <AdapterBridgeSync />
 * </AptosWalletAdapterProvider>
 * ```
 */
export function AdapterBridgeSync() {
  const { bridge } = useWalletMachine();
  const adapter = useWallet();
  const [generation] = useState(() => bridge.attach());
  useEffect(() => {
    bridge.publish({ view: toAdapterView(adapter, generation), commands: toCommands(adapter) });
  });
  return null;
}
