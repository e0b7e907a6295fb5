import { fromPromise } from 'xstate';
import type { DisconnectInput } from '../../machines';
import type { WalletActorDeps } from './walletActorDeps';
import { runWalletRequest } from './walletRequestError';

/**
 * The wallet machine's `disconnect` actor. From `connecting` it is the Cancel: it answers the dev
 * wallet's open connect prompt with CANCELLED and succeeds when nothing is connected yet. From
 * `connected` it asks the adapter to disconnect.
 *
 * @param deps - The adapter bridge and the dev wallet.
 * @returns `fromPromise` logic for `walletMachine.provide({ actors: { disconnect } })`.
 * @example
 * ```ts
 * walletMachine.provide({ actors: { disconnect: createDisconnectWallet(deps) } });
 * ```
 */
export function createDisconnectWallet(deps: WalletActorDeps) {
  return fromPromise<unknown, DisconnectInput>(async () => {
    const { bridge, devWallet } = deps;
    bridge.setReattaching(null);
    for (const request of devWallet?.getSnapshot().pending ?? []) {
      if (request.kind === 'connect') devWallet?.respond({ id: request.id, decision: 'CANCELLED' });
    }
    const view = bridge.view();
    const commands = bridge.commands();
    if (!view.connected || commands === null) return;
    await runWalletRequest({
      walletName: view.walletName ?? '',
      devWallet,
      run: () => commands.disconnect(),
    });
  });
}
