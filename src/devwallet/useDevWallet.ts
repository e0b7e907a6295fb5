import { useContext } from 'react';
import type { DevWallet } from './DevWallet';
import { DevWalletContext } from './DevWalletContext';

/**
 * The dev wallet of the nearest {@link DevWalletProvider}.
 *
 * @throws Error when used outside a `DevWalletProvider`.
 * @example
 * ```tsx
 * const wallet = useDevWallet();
 * wallet.generateAccount();
 * ```
 */
export function useDevWallet(): DevWallet {
  const wallet = useContext(DevWalletContext);
  if (wallet === null) {
    throw new Error(
      'useDevWallet must be used inside DevWalletProvider: wrap the app in <DevWalletProvider wallet={…}>.',
    );
  }
  return wallet;
}
