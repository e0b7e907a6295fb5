import { notifications } from '@mantine/notifications';
import { useActorRef } from '@xstate/react';
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { walletMachine } from '../../machines';
import { workbenchTrace } from '../inspection/workbenchTrace';
import { createAdapterBridge, createWalletActors, type WalletEnvironment } from '../actors';
import type { DevWallet } from '../devwallet';
import { useChainCheck } from '../network/useChainCheck';
import { useNetwork } from '../network/useNetwork';
import { toAppNetwork } from './networkConverters';
import { WalletMachineContext } from './WalletMachineContext';

/** A value the actors read when they run, kept current by the provider. */
function createLatest<T>(initial: T) {
  let value = initial;
  return {
    get: () => value,
    set: (next: T) => {
      value = next;
    },
  };
}

/** Props of {@link WalletMachineProvider}. */
export interface WalletMachineProviderProps {
  /** The in-page dev wallet (its statuses and events sharpen what the adapter reports). */
  devWallet?: DevWallet;
  children: ReactNode;
}

/**
 * Runs the wallet machine for the whole app. It sits above the wallet adapter, which is remounted
 * for each network, so the connection survives a network change: the adapter reaches the machine
 * through a bridge (`AdapterBridgeSync`), and `watchWallet` reconnects the wallet on the new
 * adapter. Sends `app.networkChanged` when the selected network (or its chain id) changes.
 *
 * @example
 * ```tsx
 * <WalletMachineProvider devWallet={devWallet}>
 *   <WalletAdapterProvider>…</WalletAdapterProvider>
 * </WalletMachineProvider>
 * ```
 */
export function WalletMachineProvider({ devWallet, children }: WalletMachineProviderProps) {
  const { network } = useNetwork();
  const chainCheck = useChainCheck();
  const appNetwork = toAppNetwork({ network, chainCheck });
  const [environment] = useState(() =>
    createLatest<Omit<WalletEnvironment, 'online'>>({ network, chainCheck }),
  );
  // A layout effect runs before the remounted adapter publishes (in its passive effects).
  useLayoutEffect(() => {
    environment.set({ network, chainCheck });
  });

  const [bridge] = useState(createAdapterBridge);
  const [logic] = useState(() =>
    walletMachine.provide({
      actors: createWalletActors({
        bridge,
        devWallet,
        getEnvironment: () => ({ ...environment.get(), online: navigator.onLine }),
        notify: ({ title, message }) =>
          notifications.show({ title, message, color: 'orange', autoClose: 10_000 }),
      }),
    }),
  );
  const actorRef = useActorRef(logic, {
    input: { appNetwork },
    inspect: workbenchTrace.inspectWallet,
  });

  const { name, chainId } = appNetwork;
  useEffect(() => {
    actorRef.send({ type: 'app.networkChanged', network: { name, chainId } });
  }, [actorRef, name, chainId]);

  const value = useMemo(() => ({ actorRef, bridge, devWallet }), [actorRef, bridge, devWallet]);
  return <WalletMachineContext.Provider value={value}>{children}</WalletMachineContext.Provider>;
}
