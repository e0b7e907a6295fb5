import { useMemo } from 'react';
import type { AdapterBridge } from '../actors';
import { DEV_WALLET_NAME, type DevWallet } from '../devwallet';
import type { NetworkKind } from '../network/networks';
import { useNetwork } from '../network/useNetwork';
import { isKeylessWallet, supportsKeylessWallets } from './keylessWallets';
import { useWalletMachine } from './useWalletMachine';

/** The adapter's `autoConnect` callback: whether to reconnect this wallet now. */
export type AutoConnect = (core: unknown, wallet: { name: string }) => Promise<boolean>;

/**
 * The adapter's `autoConnect` decision: reconnect the wallet remembered from the last connection
 * (after a reload, or when the adapter is remounted for a new network) only when that cannot open
 * a prompt the person did not ask for. The dev wallet must have approved this app on its
 * network; keyless wallets must be usable on the selected network. When it reconnects, the bridge
 * is told, so the wallet machine shows `reconnecting`.
 *
 * @example
 * ```ts
 * const autoConnect = createAutoConnect({ bridge, devWallet, networkKind: 'local' });
 * await autoConnect(core, { name: 'Workbench Dev Wallet' }); // true once the app was approved
 * ```
 */
export function createAutoConnect(args: {
  bridge: AdapterBridge;
  devWallet: DevWallet | undefined;
  networkKind: NetworkKind;
}): AutoConnect {
  const { bridge, devWallet, networkKind } = args;
  return async (_core, wallet) => {
    const allowed =
      wallet.name === DEV_WALLET_NAME
        ? devWallet?.hasApproved() === true
        : !isKeylessWallet(wallet.name) || supportsKeylessWallets(networkKind);
    if (allowed) bridge.setReattaching(wallet.name);
    return allowed;
  };
}

/**
 * {@link createAutoConnect} for the selected network and the app's wallet machine.
 *
 * @example
 * ```tsx
 * <AptosWalletAdapterProvider autoConnect={useAutoConnect()} …>
 * ```
 */
export function useAutoConnect(): AutoConnect {
  const { bridge, devWallet } = useWalletMachine();
  const { network } = useNetwork();
  return useMemo(
    () => createAutoConnect({ bridge, devWallet, networkKind: network.kind }),
    [bridge, devWallet, network.kind],
  );
}
