import { useContext } from 'react';
import { WalletMachineContext, type WalletMachineContextValue } from './WalletMachineContext';

/**
 * The wallet machine, the adapter bridge and the dev wallet of the nearest
 * `WalletMachineProvider`. Read the machine with `useSelector(actorRef, …)`.
 *
 * @throws Error when used outside a `WalletMachineProvider`.
 * @example
 * ```tsx
 * const { actorRef } = useWalletMachine();
 * const busy = useSelector(actorRef, (state) => state.hasTag('busy'));
 * ```
 */
export function useWalletMachine(): WalletMachineContextValue {
  const value = useContext(WalletMachineContext);
  if (value === null) {
    throw new Error(
      'useWalletMachine must be used inside WalletMachineProvider (AppProviders sets it up).',
    );
  }
  return value;
}
