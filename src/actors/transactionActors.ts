import {
  AccountAuthenticator,
  Deserializer,
  Hex,
  SimpleTransaction,
  type AnyRawTransaction,
  type Aptos,
  type InputGenerateTransactionOptions,
  type PublicKey,
  type TransactionResponse,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import type { InputTransactionData } from '@aptos-labs/wallet-adapter-react';
import { fromPromise } from 'xstate';
import type {
  BuildTransactionInput,
  BuiltTransaction,
  BuiltTransactionInput,
  DraftOptions,
  LookupOutput,
  LookupTransactionInput,
  SignAndSubmitOutput,
  SignOutput,
  SubmitTransactionInput,
  TransactionActorLogic,
  TransactionDraft,
  WaitForTransactionInput,
} from '../../machines';
import type { DevWallet } from '../devwallet';
import { runWalletRequest, WalletRequestError } from './walletRequestError';

/** The connected wallet, as the transaction actors use it (through the wallet adapter). */
export interface TransactionSigner {
  walletName: string;
  /** The account's public key, for simulation; `null` simulates without one. */
  publicKey: PublicKey | null;
  /** The adapter's `signTransaction` with a built raw transaction. */
  signTransaction(transaction: AnyRawTransaction): Promise<{ authenticator: AccountAuthenticator }>;
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
  /** Milliseconds since the epoch; expiration times are computed from it. */
  now?: () => number;
}

/** How many built transactions (and signatures) the actors keep decoded. */
const MEMO_SIZE = 32;

function u64Number(value: string | undefined, what: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number)) {
    throw new Error(`${what} must be a whole number of at most 2^53 - 1, got “${value}”`);
  }
  return number;
}

/** The SDK's build options from a draft's options (the same mapping as `cli/actors.ts`). */
export function buildOptions(
  options: DraftOptions,
  nowMs: number,
): InputGenerateTransactionOptions {
  const built: InputGenerateTransactionOptions = {};
  const maxGasAmount = u64Number(options.maxGasAmount, 'maxGasAmount');
  const gasUnitPrice = u64Number(options.gasUnitPrice, 'gasUnitPrice');
  if (maxGasAmount !== undefined) built.maxGasAmount = maxGasAmount;
  if (gasUnitPrice !== undefined) built.gasUnitPrice = gasUnitPrice;
  if (options.expirationSecs !== undefined) {
    built.expireTimestamp = Math.floor(nowMs / 1000) + options.expirationSecs;
  }
  if (options.sequenceNumber !== undefined) {
    built.accountSequenceNumber = BigInt(options.sequenceNumber);
  }
  return built;
}

function toHex(data: Uint8Array): string {
  return Hex.fromHexInput(data).toString();
}

function bytes(hex: string): Uint8Array {
  return Hex.fromHexInput(hex).toUint8Array();
}

/** The SDK transaction back from the hex the machine carries. */
export function transactionFromHex(hex: string): SimpleTransaction {
  return SimpleTransaction.deserialize(new Deserializer(bytes(hex)));
}

/** The JSON-safe view of a built SDK transaction. */
export function toBuiltTransaction(transaction: SimpleTransaction): BuiltTransaction {
  const raw = transaction.rawTransaction;
  return {
    rawTransactionHex: toHex(transaction.bcsToBytes()),
    sender: raw.sender.toString(),
    sequenceNumber: raw.sequence_number.toString(),
    maxGasAmount: raw.max_gas_amount.toString(),
    gasUnitPrice: raw.gas_unit_price.toString(),
    expirationTimestampSecs: raw.expiration_timestamp_secs.toString(),
    chainId: raw.chain_id.chainId,
  };
}

function isNotFound(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404
  );
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
): { status: 'REJECTED' | 'CANCELLED' | 'INVALID' | 'PENDING'; message: string } | null {
  if (error instanceof WalletRequestError && error.status !== null && error.status !== 'APPROVED') {
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
  const { aptos } = deps;
  const now = deps.now ?? Date.now;
  // The machine carries BCS as hex; keep what this page built, and the drafts behind it.
  const transactions = new Map<string, SimpleTransaction>();
  const authenticators = new Map<string, AccountAuthenticator>();
  const drafts = new Map<string, TransactionDraft>();
  const transactionOf = (hex: string) => transactions.get(hex) ?? transactionFromHex(hex);
  const remember = <T>(map: Map<string, T>, key: string, value: T) => {
    if (map.size >= MEMO_SIZE) map.delete(map.keys().next().value as string);
    map.set(key, value);
  };

  return {
    buildTransaction: fromPromise<BuiltTransaction, BuildTransactionInput>(async ({ input }) => {
      const { draft } = input;
      const transaction = await aptos.transaction.build.simple({
        sender: draft.sender,
        data: {
          function: draft.payload.function,
          typeArguments: draft.payload.typeArguments,
          functionArguments: draft.payload.functionArguments,
        },
        options: buildOptions(draft.options, now()),
      });
      const built = toBuiltTransaction(transaction);
      remember(transactions, built.rawTransactionHex, transaction);
      remember(drafts, built.rawTransactionHex, draft);
      return built;
    }),
    simulateTransaction: fromPromise<UserTransactionResponse[], BuiltTransactionInput>(
      ({ input }) => {
        const publicKey = deps.getSigner()?.publicKey ?? undefined;
        return aptos.transaction.simulate.simple({
          ...(publicKey === undefined ? {} : { signerPublicKey: publicKey }),
          transaction: transactionOf(input.built.rawTransactionHex),
        });
      },
    ),
    signTransaction: fromPromise<SignOutput, BuiltTransactionInput>(async ({ input }) => {
      const signer = requireSigner(deps);
      const transaction = transactionOf(input.built.rawTransactionHex);
      try {
        const { authenticator } = await runWalletRequest({
          walletName: signer.walletName,
          devWallet: deps.devWallet,
          run: () => signer.signTransaction(transaction),
        });
        const authenticatorHex = toHex(authenticator.bcsToBytes());
        remember(authenticators, authenticatorHex, authenticator);
        return { status: 'APPROVED', authenticatorHex, hash: null };
      } catch (error) {
        const refused = refusal(error);
        if (refused !== null) return refused;
        throw error;
      }
    }),
    signAndSubmitTransaction: fromPromise<SignAndSubmitOutput, BuiltTransactionInput>(
      async ({ input }) => {
        const signer = requireSigner(deps);
        const draft = drafts.get(input.built.rawTransactionHex);
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
    submitTransaction: fromPromise<{ hash: string }, SubmitTransactionInput>(({ input }) => {
      const { authenticatorHex } = input.signature;
      const senderAuthenticator =
        authenticators.get(authenticatorHex) ??
        AccountAuthenticator.deserialize(new Deserializer(bytes(authenticatorHex)));
      return aptos.transaction.submit.simple({
        transaction: transactionOf(input.built.rawTransactionHex),
        senderAuthenticator,
      });
    }),
    waitForTransaction: fromPromise<TransactionResponse, WaitForTransactionInput>(({ input }) =>
      aptos.waitForTransaction({
        transactionHash: input.hash,
        options: {
          checkSuccess: false,
          ...(input.timeoutSecs === null ? {} : { timeoutSecs: input.timeoutSecs }),
        },
      }),
    ),
    lookupTransaction: fromPromise<LookupOutput<TransactionResponse>, LookupTransactionInput>(
      async ({ input }) => {
        try {
          const transaction = await aptos.getTransactionByHash({ transactionHash: input.hash });
          return { status: 'found', transaction };
        } catch (error) {
          if (!isNotFound(error)) throw error;
          const ledger = await aptos.getLedgerInfo();
          return { status: 'notFound', ledgerTimestampUsec: ledger.ledger_timestamp };
        }
      },
    ),
  };
}
