import { useSyncExternalStore } from 'react';
import type { DevWalletSnapshot } from './types';
import { useDevWallet } from './useDevWallet';

/**
 * The dev wallet's state (accounts, network, policy, pending requests, request log); the
 * component re-renders when it changes.
 *
 * @example
 * ```tsx
 * const { accounts, pending } = useDevWalletSnapshot();
 * ```
 */
export function useDevWalletSnapshot(): DevWalletSnapshot {
  const wallet = useDevWallet();
  return useSyncExternalStore(wallet.subscribe, wallet.getSnapshot, wallet.getSnapshot);
}
