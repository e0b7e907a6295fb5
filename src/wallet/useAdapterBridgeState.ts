import { useSyncExternalStore } from 'react';
import type { AdapterBridgeState } from '../actors';
import { useWalletMachine } from './useWalletMachine';

/**
 * What the mounted wallet adapter shows (wallet lists, icons, connection) and whether a wallet is
 * being reconnected after a network change; re-renders when it changes.
 *
 * @example
 * ```tsx
 * const { view, reattaching } = useAdapterBridgeState();
 * ```
 */
export function useAdapterBridgeState(): AdapterBridgeState {
  const { bridge } = useWalletMachine();
  return useSyncExternalStore(bridge.subscribe, bridge.getState, bridge.getState);
}
