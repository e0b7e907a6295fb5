import { AccountAddress, MultiAgentTransaction, type AnyRawTransaction } from '@aptos-labs/ts-sdk';
import { isMainnet, networkLabel, type DevWalletNetwork } from './networks';
import type { Prepared } from './requestQueue';
import { expirationToIso, summarizeTransaction } from './summaries';
import type { DevWalletRequestSummary } from './types';

/** The reason every signing request on mainnet ends INVALID. */
export const MAINNET_REFUSAL =
  'The dev wallet never signs for mainnet (chain id 1): its keys sit unencrypted in this page and its storage, so they must not control real funds. Use a real wallet for mainnet, or switch the dev wallet to local, devnet or testnet.';

/** The reason a request from an app that is not connected ends INVALID. */
export const NOT_CONNECTED =
  'The app is not connected to the dev wallet. Connect first (and approve the connection), then retry.';

/** What a signing check reads of the wallet; plain values, so the checks stay pure. */
export interface SigningState {
  readonly connected: boolean;
  readonly activeAddress: string | null;
  readonly network: DevWalletNetwork;
  /** Whether the wallet holds the key of this long-form address. */
  readonly hasKey: (address: string) => boolean;
}

/** Who signs a request, on which chain: what must still hold when the prompt closes. */
export interface SigningContext {
  readonly signerAddress: string;
  readonly chainId: number;
}

/** Why no signing request can be served now (not connected, mainnet), or `undefined`. */
export function signingRefusal(state: SigningState): string | undefined {
  if (!state.connected || state.activeAddress === null) return NOT_CONNECTED;
  if (isMainnet(state.network)) return MAINNET_REFUSAL;
  return undefined;
}

/** Why an approved signing request no longer holds (signer removed, network switched). */
export function recheckSigning(state: SigningState, context: SigningContext): string | undefined {
  const refusal = signingRefusal(state);
  if (refusal !== undefined) return refusal;
  if (!state.hasKey(context.signerAddress)) {
    return `The signing account ${context.signerAddress} was removed from the wallet`;
  }
  if (state.network.chainId !== context.chainId) {
    return `The wallet switched to ${networkLabel(state.network)}`;
  }
  return undefined;
}

function findSigner(
  state: SigningState,
  transaction: AnyRawTransaction,
  sender: string,
  asFeePayer: boolean,
  signerAddress: string | undefined,
): { address: string | undefined; role: 'sender' | 'feePayer' | 'secondarySigner' } {
  const wanted =
    signerAddress === undefined ? undefined : AccountAddress.from(signerAddress).toStringLong();
  if (asFeePayer) {
    const address = wanted ?? state.activeAddress ?? undefined;
    return {
      address: address !== undefined && state.hasKey(address) ? address : undefined,
      role: 'feePayer',
    };
  }
  const senderLong = AccountAddress.from(sender).toStringLong();
  const secondary = (
    transaction instanceof MultiAgentTransaction ? transaction.secondarySignerAddresses : []
  ).map((address) => address.toStringLong());
  if (wanted !== undefined) {
    // The caller names the account (one signer of several): it must be one of the signers.
    const role = wanted === senderLong ? 'sender' : 'secondarySigner';
    const listed = wanted === senderLong || secondary.includes(wanted);
    return { address: listed && state.hasKey(wanted) ? wanted : undefined, role };
  }
  if (state.hasKey(senderLong)) return { address: senderLong, role: 'sender' };
  const address = secondary.find((candidate) => state.hasKey(candidate));
  return { address, role: address === undefined ? 'sender' : 'secondarySigner' };
}

/** The most a signer in `role` may pay in fees: the fee payer's, or the sender's without one. */
function maxFeeFor(
  role: 'sender' | 'feePayer' | 'secondarySigner',
  transaction: AnyRawTransaction,
  maxFee: string,
): string {
  if (role === 'feePayer') return maxFee;
  if (role === 'sender' && transaction.feePayerAddress === undefined) return maxFee;
  return '0';
}

/**
 * The checks of `aptos:signTransaction` before the prompt: a built raw transaction, for the
 * wallet's chain (never mainnet), signed by one of our accounts, not yet expired.
 *
 * @param args.nowMs - The clock, for the expiration check.
 * @returns The summary for the prompt and who signs, or why the request is INVALID.
 */
export function prepareSignTransaction(args: {
  state: SigningState;
  transaction: AnyRawTransaction;
  asFeePayer: boolean;
  nowMs: number;
  /** The account to sign with, when the caller names it (one signer of several). */
  signerAddress?: string;
}): Prepared<SigningContext> {
  const { state, transaction, asFeePayer } = args;
  if (!state.connected || state.activeAddress === null) return { invalid: NOT_CONNECTED };
  if (
    typeof transaction !== 'object' ||
    transaction === null ||
    !('rawTransaction' in transaction)
  ) {
    return {
      invalid:
        'signTransaction 1.0.0 expects a built raw transaction (AnyRawTransaction); build it first.',
    };
  }
  const tx = summarizeTransaction({ transaction });
  const { network } = state;
  const signer = findSigner(state, transaction, tx.sender, asFeePayer, args.signerAddress);
  const summary: DevWalletRequestSummary = {
    kind: 'signTransaction',
    signer: signer.address ?? args.signerAddress ?? tx.sender,
    signerRole: signer.role,
    signerMaxFee: maxFeeFor(signer.role, transaction, tx.maxFee),
    transaction: tx,
  };
  if (tx.chainId === 1 || isMainnet(network)) return { invalid: MAINNET_REFUSAL, summary };
  if (tx.chainId !== network.chainId) {
    return {
      invalid: `The transaction is for chain id ${tx.chainId}, but the wallet is on ${networkLabel(network)}. Rebuild it for chain id ${network.chainId}, or switch the wallet's network.`,
      summary,
    };
  }
  if (signer.address === undefined && args.signerAddress !== undefined) {
    return {
      invalid: `The account ${args.signerAddress} is not one of this transaction's signers with a key in this wallet. Import its key, or sign with the account the transaction names.`,
      summary,
    };
  }
  if (signer.address === undefined) {
    return {
      invalid: `The sender ${tx.sender} is not an account of this wallet. Build the transaction with one of the wallet's accounts as sender, or import the sender's key.`,
      summary,
    };
  }
  if (asFeePayer && transaction.feePayerAddress === undefined) {
    return {
      invalid:
        'Signing as fee payer needs a fee-payer transaction; build it with `withFeePayer: true`.',
      summary,
    };
  }
  const nowSecs = BigInt(Math.floor(args.nowMs / 1000));
  if (transaction.rawTransaction.expiration_timestamp_secs <= nowSecs) {
    return {
      invalid: `The transaction expired at ${expirationToIso(transaction.rawTransaction.expiration_timestamp_secs)}; build it again.`,
      summary,
    };
  }
  return { summary, context: { signerAddress: signer.address, chainId: network.chainId } };
}
