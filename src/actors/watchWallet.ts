import { fromCallback, type EventObject } from 'xstate';
import type {
  WalletAccount,
  WalletNetwork,
  WalletWatchEvent,
  WatchWalletInput,
} from '../../machines';
import { DEV_WALLET_NAME, type DevWalletEvent } from '../devwallet';
import { offeredWallets, walletRefusal } from '../wallet/keylessWallets';
import type { AdapterView } from './adapterBridge';
import { REPORT_TIMEOUT_MS, type WalletActorDeps } from './walletActorDeps';

interface KnownConnection {
  walletName: string;
  account: WalletAccount;
  network: WalletNetwork | null;
}

function sameAccount(a: WalletAccount | null | undefined, b: WalletAccount): boolean {
  return a?.address === b.address && a.publicKey === b.publicKey;
}

function sameNetwork(a: WalletNetwork | null | undefined, b: WalletNetwork): boolean {
  return a?.name === b.name && a.chainId === b.chainId && a.url === b.url;
}

/**
 * The wallet machine's `watchWallet` actor: it turns what the adapter shows (and what the dev
 * wallet says happened inside it) into machine events.
 *
 * - `wallet.detected` whenever the offered wallet list changes (keyless wallets only on mainnet
 *   and testnet);
 * - `wallet.accountChanged` / `wallet.networkChanged` when the connected wallet reports a change,
 *   through the adapter or, for the dev wallet, its own events (so a change the adapter misses is
 *   still seen);
 * - `wallet.accountChanged` with `account: null` when the connection ends on the wallet's side
 *   (the adapter does not notice a disconnect made inside the dev wallet: it is told here);
 * - `wallet.reconnecting` while the adapter's autoConnect brings back a wallet that approved the
 *   app before: after a reload (the adapter asks, see `useAutoConnect`) and after the adapter is
 *   remounted for a new network; then the account, or a disconnect with a notice if nothing
 *   comes of it.
 *
 * @param deps - The adapter bridge, the dev wallet, the environment and a notifier.
 * @returns `fromCallback` logic for `walletMachine.provide({ actors: { watchWallet } })`.
 * @example
 * ```ts
 * walletMachine.provide({ actors: { watchWallet: createWatchWallet(deps) } });
 * ```
 */
export function createWatchWallet(deps: WalletActorDeps) {
  return fromCallback<EventObject, WatchWalletInput>(({ sendBack }) => {
    const { bridge, devWallet } = deps;
    const send = (event: WalletWatchEvent) => sendBack(event);
    let generation: number | null = null;
    let lastView: AdapterView | null = null;
    let scan = bridge.getState().scan;
    let detected: string | null = null;
    let known: KnownConnection | null = null;
    let pendingReattach: string | null = null;
    let reattaching: { walletName: string; timer: ReturnType<typeof setTimeout> } | null = null;

    const forget = () => {
      if (known === null) return;
      known = null;
      send({ type: 'wallet.accountChanged', account: null });
    };

    const finishReattach = () => {
      if (reattaching !== null) clearTimeout(reattaching.timer);
      reattaching = null;
      bridge.setReattaching(null);
    };

    const failReattach = (walletName: string, message: string) => {
      // The disconnect actor clears `reattaching` first: then the person asked for this.
      const askedToStop = bridge.getState().reattaching !== walletName;
      finishReattach();
      known = null;
      send({ type: 'wallet.accountChanged', account: null });
      void bridge
        .commands()
        ?.disconnectWallet(walletName)
        .catch(() => undefined);
      if (!askedToStop) {
        deps.notify({
          title: `${walletName} is disconnected`,
          message: `The workbench reconnects the wallet after a reload or a network change, and this time it could not: ${message}`,
        });
      }
    };

    // The adapter's autoConnect does the reconnecting, with no prompt for a wallet that approved
    // the app before; this only shows the step and gives up if nothing comes of it.
    const beginReattach = (walletName: string) => {
      const timeoutMs = deps.reportTimeoutMs ?? REPORT_TIMEOUT_MS;
      const timer = setTimeout(() => {
        if (reattaching?.timer !== timer) return;
        failReattach(
          walletName,
          `${walletName} did not reconnect by itself within ${timeoutMs / 1000} s. Connect it again.`,
        );
      }, timeoutMs);
      reattaching = { walletName, timer };
      bridge.setReattaching(walletName);
      send({ type: 'wallet.reconnecting', walletName });
    };

    const startReattach = (walletName: string, view: AdapterView) => {
      const refusal = walletRefusal({ walletName, ...deps.getEnvironment() });
      if (refusal !== undefined) {
        failReattach(walletName, refusal);
        return;
      }
      if (!view.wallets.some((wallet) => wallet.name === walletName)) {
        failReattach(walletName, `the adapter no longer lists ${walletName}.`);
        return;
      }
      beginReattach(walletName);
    };

    const onView = (view: AdapterView) => {
      if (view.generation !== generation) {
        if (generation !== null)
          pendingReattach = reattaching?.walletName ?? known?.walletName ?? null;
        if (reattaching !== null) finishReattach();
        generation = view.generation;
        detected = null;
      }
      if (!view.ready) return;

      const names = offeredWallets({
        wallets: view.wallets,
        kind: deps.getEnvironment().network.kind,
      }).map((wallet) => wallet.name);
      const key = JSON.stringify(names);
      if (key !== detected) {
        detected = key;
        send({ type: 'wallet.detected', wallets: names });
      }

      if (pendingReattach !== null) {
        const walletName = pendingReattach;
        pendingReattach = null;
        startReattach(walletName, view);
      }
      // The machine waits in `reconnecting` for the account, even an unchanged one.
      let reconnected = false;
      if (reattaching !== null) {
        if (!view.connected) return;
        finishReattach();
        reconnected = true;
      }

      if (view.connected && view.account !== null && view.walletName !== null) {
        const previous: KnownConnection | null = known;
        known = { walletName: view.walletName, account: view.account, network: view.network };
        if (
          reconnected ||
          previous?.walletName !== view.walletName ||
          !sameAccount(previous.account, view.account)
        ) {
          send({ type: 'wallet.accountChanged', account: view.account });
        }
        if (view.network !== null && !sameNetwork(previous?.network, view.network)) {
          send({ type: 'wallet.networkChanged', network: view.network });
        }
      } else {
        forget();
      }
    };

    const onDevWalletEvent = (event: DevWalletEvent) => {
      if (known?.walletName !== DEV_WALLET_NAME || reattaching !== null) return;
      switch (event.type) {
        case 'connection.changed':
          if (!event.connected && event.initiator === 'wallet') {
            forget();
            // The adapter still believes it is connected; let it know.
            void bridge
              .commands()
              ?.disconnect()
              .catch(() => undefined);
          }
          return;
        case 'account.changed': {
          if (event.account === null) return;
          const account = { address: event.account.address, publicKey: event.account.publicKey };
          if (sameAccount(known.account, account)) return;
          known = { ...known, account };
          send({ type: 'wallet.accountChanged', account });
          return;
        }
        case 'network.changed': {
          const network = {
            name: event.network.name,
            chainId: event.network.chainId,
            url: event.network.nodeUrl,
          };
          if (sameNetwork(known.network, network)) return;
          known = { ...known, network };
          send({ type: 'wallet.networkChanged', network });
          return;
        }
        case 'request.settled':
          return;
      }
    };

    const onBridge = () => {
      const state = bridge.getState();
      if (state.reattaching !== null && reattaching === null && known === null) {
        // After a reload: the adapter's autoConnect started on a wallet that approved the app.
        beginReattach(state.reattaching);
      }
      if (state.scan !== scan) {
        scan = state.scan;
        detected = null;
      } else if (state.view === lastView) {
        return;
      }
      lastView = state.view;
      onView(state.view);
    };

    const stopBridge = bridge.subscribe(onBridge);
    const stopDevWallet = devWallet?.onEvent(onDevWalletEvent);
    lastView = bridge.view();
    onView(lastView);
    return () => {
      stopBridge();
      stopDevWallet?.();
      finishReattach();
    };
  });
}
