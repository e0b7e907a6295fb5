import { useWallet } from '@aptos-labs/wallet-adapter-react';
import { useMemo } from 'react';
import type { TransactionSigner } from '../../actors/transactionActors';

/** The connected wallet as the transaction actors sign with it, or `null`. */
export function useAdapterSigner(): TransactionSigner | null {
  const { connected, wallet, account, signTransaction, signAndSubmitTransaction } = useWallet();
  return useMemo<TransactionSigner | null>(() => {
    if (!connected || wallet === null || account === null) return null;
    const publicKey = Array.isArray(account.publicKey) ? null : account.publicKey;
    return {
      walletName: wallet.name,
      publicKey,
      signTransaction: (transaction) => signTransaction({ transactionOrPayload: transaction }),
      signAndSubmitTransaction: async (input) => {
        const { hash } = await signAndSubmitTransaction(input);
        return { hash };
      },
    };
  }, [connected, wallet, account, signTransaction, signAndSubmitTransaction]);
}
