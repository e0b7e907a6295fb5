import { fromPromise } from 'xstate';
import type { ConnectInput, ConnectOutput } from '../../machines';
import { walletRefusal } from '../wallet/keylessWallets';
import { REPORT_TIMEOUT_MS, type WalletActorDeps } from './walletActorDeps';
import { runWalletRequest, WalletRequestError } from './walletRequestError';

/**
 * The wallet machine's `connect` actor: refuses wallets the selected network cannot use, asks the
 * adapter to connect, and resolves with the account and network the adapter then reports. A
 * refusal keeps the wallet's status (REJECTED, CANCELLED, INVALID).
 *
 * @param deps - The adapter bridge, the dev wallet and the app's environment.
 * @returns `fromPromise` logic for `walletMachine.provide({ actors: { connect } })`.
 * @example
 * ```ts
 * walletMachine.provide({ actors: { connect: createConnectWallet({ bridge, devWallet, getEnvironment, notify }) } });
 * ```
 */
export function createConnectWallet(deps: WalletActorDeps) {
  return fromPromise<ConnectOutput, ConnectInput>(async ({ input, signal }) => {
    const { walletName } = input;
    const refusal = walletRefusal({ walletName, ...deps.getEnvironment() });
    if (refusal !== undefined) throw new WalletRequestError({ message: refusal, status: null });

    const view = deps.bridge.view();
    const commands = deps.bridge.commands();
    if (commands === null || !view.ready) {
      throw new WalletRequestError({
        message: 'The wallet adapter is still starting; try again in a moment.',
        status: null,
      });
    }
    if (!view.wallets.some((wallet) => wallet.name === walletName)) {
      throw new WalletRequestError({
        message: `${walletName} is not installed in this browser. Install it, or pick an installed wallet.`,
        status: null,
      });
    }
    const { generation } = view;
    if (!(view.connected && view.walletName === walletName)) {
      await runWalletRequest({
        walletName,
        devWallet: deps.devWallet,
        run: () => commands.connect(walletName),
      });
    }
    if (signal.aborted) {
      // Cancelled while the wallet was asking: undo what the wallet approved late.
      await commands.disconnect().catch(() => undefined);
      throw new WalletRequestError({
        message: 'The connection was cancelled.',
        status: 'CANCELLED',
      });
    }
    const reported = await deps.bridge.waitFor(
      (next) =>
        next.generation !== generation || (next.connected && next.walletName === walletName),
      deps.reportTimeoutMs ?? REPORT_TIMEOUT_MS,
    );
    if (reported !== null && reported.generation !== generation) {
      throw new WalletRequestError({
        message: 'The network changed while connecting; connect again.',
        status: null,
      });
    }
    return { account: reported?.account ?? null, network: reported?.network ?? null };
  });
}
