import type { AccountAuthenticator, AnyRawTransaction, Aptos, PublicKey } from '@aptos-labs/ts-sdk';
import type { InputTransactionData } from '@aptos-labs/wallet-adapter-react';
import { describeSigner, isRefusal } from '../../machines';
import type {
  BuiltTransactionInput,
  SignAndSubmitOutput,
  SignerSlot,
  SignOutput,
  SignTransactionInput,
  TransactionActorLogic,
} from '../../machines';
import { DEV_WALLET_NAME } from '../devwallet';
import type { DevWallet } from '../devwallet';
import {
  createChainActors,
  describeSignature,
  promiseActor,
  toHex,
  transactionForSigner,
  u64Number,
} from '../../chainActors';
import { runDevWalletRequest, runWalletRequest, WalletRequestError } from './walletRequestError';

/** The connected wallet, as the transaction actors use it (through the wallet adapter). */
export interface TransactionSigner {
  walletName: string;
  /** The account's public key, for simulation; `null` simulates without one. */
  publicKey: PublicKey | null;
  /** The adapter's `signTransaction` with a built raw transaction (as fee payer when asked). */
  signTransaction(
    transaction: AnyRawTransaction,
    asFeePayer?: boolean,
  ): Promise<{ authenticator: AccountAuthenticator }>;
  /** The adapter's `signAndSubmitTransaction` (the wallet builds, signs and submits). */
  signAndSubmitTransaction(input: InputTransactionData): Promise<{ hash: string }>;
}

/** What the browser's transaction actors are built from. */
export interface TransactionActorDeps {
  /** The workbench's own ts-sdk client for the selected network (`createAptos(network)`). */
  aptos: Aptos;
  /** The connected wallet now, or `null` when none is connected. */
  getSigner: () => TransactionSigner | null;
  /** The in-page dev wallet, whose request log tells REJECTED, CANCELLED and INVALID apart. */
  devWallet?: DevWallet;
  /** Milliseconds since the epoch (the chain's time where it differs); expiration counts from it. */
  now?: () => number | Promise<number>;
}

function requireSigner(deps: TransactionActorDeps): TransactionSigner {
  const signer = deps.getSigner();
  if (signer === null) {
    throw new WalletRequestError({
      message: 'No wallet is connected. Connect a wallet (the header’s wallet button), then sign.',
      status: null,
    });
  }
  return signer;
}

/** A refusal the wallet reported (REJECTED, CANCELLED, INVALID) as the actor's output. */
function refusal(
  error: unknown,
): { status: 'REJECTED' | 'CANCELLED' | 'INVALID'; message: string } | null {
  if (error instanceof WalletRequestError && isRefusal(error.status)) {
    return { status: error.status, message: error.message };
  }
  return null;
}

/**
 * The transaction machine's actors for the browser: building, simulating, submitting, waiting
 * and looking up with the workbench's own ts-sdk client, and signing through the connected wallet
 * via the wallet adapter (`signTransaction` with the built raw transaction, or
 * `signAndSubmitTransaction` for wallets that only sign and submit). They mirror `cli/actors.ts`:
 * JSON in and out of the machine, SDK results and errors passed through for `classifyOutcome`.
 * A wallet refusal keeps the wallet's own status (the dev wallet's request log tells them apart).
 *
 * @param deps - the SDK client, the connected wallet, the dev wallet and a clock.
 * @returns the seven actors for `transactionMachine.provide({ actors })`.
 * @example
 * ```ts
 * const logic = transactionMachine.provide({
 *   actors: createTransactionActors({ aptos: createAptos(network), getSigner, devWallet }),
 *   actions: transactionClock(Date.now),
 * });
 * ```
 */
export function createTransactionActors(deps: TransactionActorDeps): TransactionActorLogic {
  const chain = createChainActors({
    aptos: deps.aptos,
    now: deps.now ?? Date.now,
    simulationPublicKey: () => deps.getSigner()?.publicKey ?? undefined,
  });

  /**
   * One signer of several: the dev wallet signs with the account the slot names (its prompt says
   * the role and the fee); another wallet signs with its connected account.
   */
  async function signOneOf(
    input: SignTransactionInput,
    slot: SignerSlot,
    signal: AbortSignal,
  ): Promise<SignOutput> {
    const { built } = input;
    const transaction = transactionForSigner(
      chain.transactionOf(built.rawTransactionHex, built.kind),
      built.kind,
    );
    const asFeePayer = slot.role === 'feePayer';
    const connected = deps.getSigner();
    const devWallet = deps.devWallet;
    let authenticator: AccountAuthenticator;
    if (
      devWallet !== undefined &&
      (connected === null || connected.walletName === DEV_WALLET_NAME)
    ) {
      const response = await runDevWalletRequest({
        devWallet,
        withdrawOn: { signal, kind: 'signTransaction' },
        run: () => devWallet.signTransaction(transaction, asFeePayer, slot.address ?? undefined),
      });
      if (response.status !== 'Approved') {
        const record = devWallet.lastRequest();
        const status =
          record !== undefined && isRefusal(record.status) ? record.status : 'REJECTED';
        return {
          status,
          message: record?.reason ?? `The dev wallet did not sign for ${describeSigner(slot)}.`,
        };
      }
      authenticator = response.args;
    } else {
      const signer = requireSigner(deps);
      try {
        ({ authenticator } = await runWalletRequest({
          walletName: signer.walletName,
          devWallet,
          withdrawOn: { signal, kind: 'signTransaction' },
          run: () => signer.signTransaction(transaction, asFeePayer),
        }));
      } catch (error) {
        const refused = refusal(error);
        if (refused !== null) return refused;
        throw error;
      }
    }
    const authenticatorHex = toHex(authenticator.bcsToBytes());
    chain.rememberAuthenticator(authenticatorHex, authenticator);
    const address = asFeePayer
      ? (transaction.feePayerAddress?.toString() ?? slot.address)
      : slot.address;
    return {
      status: 'APPROVED',
      authenticatorHex,
      hash: null,
      ...(address === null ? {} : { address }),
      ...describeSignature(authenticator, transaction),
    };
  }

  return {
    ...chain.actors,
    signTransaction: promiseActor<SignOutput, SignTransactionInput>(async ({ input, signal }) => {
      if (input.signer !== undefined && (input.built.signers?.length ?? 1) > 1) {
        return signOneOf(input, input.signer, signal);
      }
      const signer = requireSigner(deps);
      const transaction = chain.transactionOf(input.built.rawTransactionHex);
      try {
        const { authenticator } = await runWalletRequest({
          walletName: signer.walletName,
          devWallet: deps.devWallet,
          withdrawOn: { signal, kind: 'signTransaction' },
          run: () => signer.signTransaction(transaction),
        });
        const authenticatorHex = toHex(authenticator.bcsToBytes());
        chain.rememberAuthenticator(authenticatorHex, authenticator);
        return { status: 'APPROVED', authenticatorHex, hash: null };
      } catch (error) {
        const refused = refusal(error);
        if (refused !== null) return refused;
        throw error;
      }
    }),
    signAndSubmitTransaction: promiseActor<SignAndSubmitOutput, BuiltTransactionInput>(
      async ({ input, signal }) => {
        const signer = requireSigner(deps);
        const draft = chain.draftOf(input.built.rawTransactionHex);
        if (draft === undefined) {
          throw new Error('The draft behind this transaction is gone; edit and build it again.');
        }
        const options: InputTransactionData['options'] = {};
        const maxGasAmount = u64Number(draft.options.maxGasAmount, 'maxGasAmount');
        const gasUnitPrice = u64Number(draft.options.gasUnitPrice, 'gasUnitPrice');
        if (maxGasAmount !== undefined) options.maxGasAmount = maxGasAmount;
        if (gasUnitPrice !== undefined) options.gasUnitPrice = gasUnitPrice;
        try {
          const { hash } = await runWalletRequest({
            walletName: signer.walletName,
            devWallet: deps.devWallet,
            withdrawOn: { signal, kind: 'signAndSubmitTransaction' },
            run: () =>
              signer.signAndSubmitTransaction({
                data: {
                  function: draft.payload.function,
                  typeArguments: draft.payload.typeArguments,
                  functionArguments: draft.payload.functionArguments,
                },
                options,
              }),
          });
          return { status: 'APPROVED', hash };
        } catch (error) {
          const refused = refusal(error);
          if (refused !== null) return refused;
          throw error;
        }
      },
    ),
  };
}
