import { createContext, type ReactNode } from 'react';
import type { DevWallet } from './DevWallet';

/** Holds the dev wallet for {@link useDevWallet}; `null` outside a {@link DevWalletProvider}. */
export const DevWalletContext = createContext<DevWallet | null>(null);

/** Props of {@link DevWalletProvider}. */
export interface DevWalletProviderProps {
  /** The wallet the app created and registered. */
  wallet: DevWallet;
  children: ReactNode;
}

/**
 * Makes a dev wallet reachable with {@link useDevWallet} below it.
 *
 * @example
 * ```tsx
 * <DevWalletProvider wallet={devWallet}>
 *   <App />
 *   <ApprovalModal />
 * </DevWalletProvider>
 * ```
 */
export function DevWalletProvider({ wallet, children }: DevWalletProviderProps) {
  return <DevWalletContext.Provider value={wallet}>{children}</DevWalletContext.Provider>;
}
