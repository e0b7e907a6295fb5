import type { Account, Aptos } from '@aptos-labs/ts-sdk';

import { describeSigner } from '../machines';
import type {
  BuiltTransactionInput,
  SignAndSubmitOutput,
  SignOutput,
  SignTransactionInput,
  TransactionActorLogic,
} from '../machines';
import {
  createChainActors,
  describeSignature,
  promiseActor,
  toHex,
  transactionForSigner,
} from '../chainActors';

export {
  buildFromDraft,
  buildOptions,
  toBuiltTransaction,
  transactionFromHex,
} from '../chainActors';

/** What the Node actors need: an SDK client, the local signer, and a clock. */
export interface NodeActorsArgs {
  aptos: Aptos;
  /** The local signer (Ed25519 key). Never leaves this process; never enters a record. */
  signer: Account;
  /**
   * Other local accounts that sign when a transaction names them (secondary signers, a named fee
   * payer); matched by address.
   */
  cosigners?: Account[];
  /** The account that signs as fee payer when the fee payer signs later (`0x0` in the build). */
  feePayer?: Account;
  /** Milliseconds since the epoch; expiration times are computed from it. */
  now?: () => number;
}

/**
 * The transaction machine's actors for Node: the shared chain actors (`chainActors/chainActors.ts`)
 * over the real ts-sdk, and signing with a local Ed25519 key.
 *
 * @example
 * ```ts
 * const logic = transactionMachine.provide({ actors: createNodeActors({ aptos, signer }) });
 * ```
 */
export function createNodeActors({
  aptos,
  signer,
  cosigners = [],
  feePayer,
  now = Date.now,
}: NodeActorsArgs): TransactionActorLogic {
  const accounts = [signer, ...cosigners, ...(feePayer === undefined ? [] : [feePayer])];
  const accountAt = (address: string) =>
    accounts.find((account) => account.accountAddress.toString() === address);
  const chain = createChainActors({
    aptos,
    now,
    simulationPublicKey: () => signer.publicKey,
    publicKeyOf: (address) => accountAt(address)?.publicKey,
  });
  return {
    ...chain.actors,
    signTransaction: promiseActor<SignOutput, SignTransactionInput>(async ({ input }) => {
      const { built, signer: slot } = input;
      const shared = chain.transactionOf(built.rawTransactionHex, built.kind);
      if (slot === undefined || built.signers === undefined || built.signers.length <= 1) {
        const senderAuthenticator = aptos.transaction.sign({ signer, transaction: shared });
        const authenticatorHex = toHex(senderAuthenticator.bcsToBytes());
        chain.rememberAuthenticator(authenticatorHex, senderAuthenticator);
        // The node names the hash when it accepts the transaction; no need to hash it here.
        return { status: 'APPROVED', authenticatorHex, hash: null };
      }
      const account = slot.address === null ? feePayer : accountAt(slot.address);
      if (account === undefined) {
        return {
          status: 'INVALID',
          message: `No local key for ${describeSigner(slot)}; pass its private key.`,
        };
      }
      const transaction = transactionForSigner(shared, built.kind);
      const authenticator =
        slot.role === 'feePayer'
          ? aptos.transaction.signAsFeePayer({ signer: account, transaction })
          : aptos.transaction.sign({ signer: account, transaction });
      const authenticatorHex = toHex(authenticator.bcsToBytes());
      chain.rememberAuthenticator(authenticatorHex, authenticator);
      return {
        status: 'APPROVED',
        authenticatorHex,
        hash: null,
        address: account.accountAddress.toString(),
        ...describeSignature(authenticator, transaction),
      };
    }),
    signAndSubmitTransaction: promiseActor<SignAndSubmitOutput, BuiltTransactionInput>(
      async ({ input }) => {
        const pending = await aptos.signAndSubmitTransaction({
          signer,
          transaction: chain.transactionOf(input.built.rawTransactionHex),
        });
        return { status: 'APPROVED', hash: pending.hash };
      },
    ),
  };
}
