import { useWallet } from '@aptos-labs/wallet-adapter-react';
import { useMemo } from 'react';
import type { TransactionSigner } from '../actors/transactionActors';

/**
 * The connected wallet as the transaction actors sign with it, through the adapter; `null` while
 * no wallet is connected.
 *
 * @example
 * ```tsx
 * const signer = useTransactionSigner();
 * const actorRef = useTransactionRun({ network, aptos, signer, devWallet, sender });
 * ```
 */
export function useTransactionSigner(): TransactionSigner | null {
  const { connected, wallet, account, signTransaction, signAndSubmitTransaction } = useWallet();
  return useMemo<TransactionSigner | null>(() => {
    if (!connected || wallet === null || account === null) return null;
    const publicKey = Array.isArray(account.publicKey) ? null : account.publicKey;
    return {
      walletName: wallet.name,
      publicKey,
      signTransaction: (transaction, asFeePayer) =>
        signTransaction({
          transactionOrPayload: transaction,
          ...(asFeePayer === true ? { asFeePayer } : {}),
        }),
      signAndSubmitTransaction: async (input) => {
        const { hash } = await signAndSubmitTransaction(input);
        return { hash };
      },
    };
  }, [connected, wallet, account, signTransaction, signAndSubmitTransaction]);
}
