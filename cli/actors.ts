import type { Account, Aptos } from '@aptos-labs/ts-sdk';
import { fromPromise } from 'xstate';
import type {
  BuiltTransactionInput,
  SignAndSubmitOutput,
  SignOutput,
  TransactionActorLogic,
} from '../machines';
import { createChainActors, toHex } from '../chainActors';

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
  now = Date.now,
}: NodeActorsArgs): TransactionActorLogic {
  const chain = createChainActors({ aptos, now, simulationPublicKey: () => signer.publicKey });
  return {
    ...chain.actors,
    signTransaction: fromPromise<SignOutput, BuiltTransactionInput>(async ({ input }) => {
      const transaction = chain.transactionOf(input.built.rawTransactionHex);
      const senderAuthenticator = aptos.transaction.sign({ signer, transaction });
      const authenticatorHex = toHex(senderAuthenticator.bcsToBytes());
      chain.rememberAuthenticator(authenticatorHex, senderAuthenticator);
      // The node names the hash when it accepts the transaction; no need to hash it here.
      return { status: 'APPROVED', authenticatorHex, hash: null };
    }),
    signAndSubmitTransaction: fromPromise<SignAndSubmitOutput, BuiltTransactionInput>(
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
