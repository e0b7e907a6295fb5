import { createConnectWallet } from './connectWallet';
import { createDisconnectWallet } from './disconnectWallet';
import { createWatchWallet } from './watchWallet';
import type { WalletActorDeps } from './walletActorDeps';

/**
 * The real effects of the wallet machine, for `walletMachine.provide({ actors })`.
 *
 * @param deps - The adapter bridge, the dev wallet, the app's environment and a notifier.
 * @returns `connect`, `disconnect` and `watchWallet`.
 * @example
 * ```ts
 * const logic = walletMachine.provide({ actors: createWalletActors({ bridge, devWallet, getEnvironment, notify }) });
 * ```
 */
export function createWalletActors(deps: WalletActorDeps) {
  return {
    connect: createConnectWallet(deps),
    disconnect: createDisconnectWallet(deps),
    watchWallet: createWatchWallet(deps),
  };
}
