import {
  AccountAuthenticator,
  Deserializer,
  Hex,
  SimpleTransaction,
  type Aptos,
  type InputGenerateTransactionOptions,
  type PublicKey,
  type TransactionResponse,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { fromPromise } from 'xstate';
import type {
  BuildTransactionInput,
  BuiltTransaction,
  BuiltTransactionInput,
  DraftOptions,
  LookupOutput,
  LookupTransactionInput,
  SubmitTransactionInput,
  TransactionActorLogic,
  TransactionDraft,
  WaitForTransactionInput,
} from '../machines';

/*
 * The transaction actors that talk only to the chain (build, simulate, submit, wait, look up),
 * shared by the browser (`src/actors/transactionActors.ts`, signing through the wallet adapter) and the
 * headless runner (`cli/actors.ts`, signing with a local key). Plain ts-sdk: no DOM, no Node.
 */

/** A u64 option the SDK takes as a number; refuses what a number cannot hold exactly. */
export function u64Number(value: string | undefined, what: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number)) {
    throw new Error(`${what} must be a whole number of at most 2^53 - 1, got “${value}”`);
  }
  return number;
}

/** The SDK's build options from a draft's options. */
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

const HEX_DIGITS = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** `0x` hex of BCS bytes (a table lookup: several times faster than the SDK's `bcsToHex`). */
export function toHex(data: Uint8Array): string {
  let hex = '0x';
  for (const byte of data) hex += HEX_DIGITS[byte];
  return hex;
}

function bytes(hex: string): Uint8Array {
  return Hex.fromHexInput(hex).toUint8Array();
}

/** The SDK transaction back from the hex the machine carries. */
export function transactionFromHex(hex: string): SimpleTransaction {
  return SimpleTransaction.deserialize(new Deserializer(bytes(hex)));
}

/** The SDK authenticator back from the hex the machine carries. */
export function authenticatorFromHex(hex: string): AccountAuthenticator {
  return AccountAuthenticator.deserialize(new Deserializer(bytes(hex)));
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

/** Builds the SDK transaction a draft describes (the same call the machine's actor makes). */
export function buildFromDraft(aptos: Aptos, draft: TransactionDraft, nowMs: number) {
  return aptos.transaction.build.simple({
    sender: draft.sender,
    data: {
      function: draft.payload.function,
      typeArguments: draft.payload.typeArguments,
      functionArguments: draft.payload.functionArguments,
    },
    options: buildOptions(draft.options, nowMs),
  });
}

function isNotFound(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404
  );
}

/** A few recent values by hex; anything else is decoded again (or missing). */
export class HexMemo<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly size = 32) {}

  set(hex: string, value: T): void {
    this.entries.delete(hex);
    this.entries.set(hex, value);
    if (this.entries.size > this.size) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  get(hex: string): T | undefined {
    return this.entries.get(hex);
  }
}

export interface ChainActorsArgs {
  /** The ts-sdk client of the selected network. */
  aptos: Aptos;
  /**
   * Milliseconds since the epoch; expiration times are computed from it. On a chain whose clock
   * may run ahead of the wall clock (the embedded chain after "advance clock"), the chain's time.
   */
  now: () => number | Promise<number>;
  /** The signer's public key for simulation, or `undefined` to simulate without one. */
  simulationPublicKey: () => PublicKey | undefined;
}

/** The chain actors plus what the signing actors need to share with them. */
export interface ChainActors {
  actors: Pick<
    TransactionActorLogic,
    | 'buildTransaction'
    | 'simulateTransaction'
    | 'submitTransaction'
    | 'waitForTransaction'
    | 'lookupTransaction'
  >;
  /** The SDK transaction behind a built transaction's hex (decoded again when not remembered). */
  transactionOf: (hex: string) => SimpleTransaction;
  /** The draft a built transaction came from, while it is remembered. */
  draftOf: (hex: string) => TransactionDraft | undefined;
  /** Remembers a signature, so that submitting does not decode it again. */
  rememberAuthenticator: (hex: string, authenticator: AccountAuthenticator) => void;
}

/**
 * Build, simulate, submit, wait and look up over the ts-sdk. Each converts between the machine's
 * JSON (hex BCS, decimal strings) and SDK objects, and passes SDK results and errors through
 * unchanged for `classifyOutcome`. The machine carries BCS as hex; memos spare decoding what
 * this process just encoded.
 *
 * @example
 * ```ts
 * const chain = createChainActors({ aptos, now: Date.now, simulationPublicKey: () => key });
 * const logic = transactionMachine.provide({ actors: { ...chain.actors, ...signingActors } });
 * ```
 */
export function createChainActors({
  aptos,
  now,
  simulationPublicKey,
}: ChainActorsArgs): ChainActors {
  const transactions = new HexMemo<SimpleTransaction>();
  const drafts = new HexMemo<TransactionDraft>();
  const authenticators = new HexMemo<AccountAuthenticator>();
  const transactionOf = (hex: string) => {
    const known = transactions.get(hex);
    if (known !== undefined) return known;
    const decoded = transactionFromHex(hex);
    transactions.set(hex, decoded);
    return decoded;
  };
  return {
    transactionOf,
    draftOf: (hex) => drafts.get(hex),
    rememberAuthenticator: (hex, authenticator) => authenticators.set(hex, authenticator),
    actors: {
      buildTransaction: fromPromise<BuiltTransaction, BuildTransactionInput>(async ({ input }) => {
        const transaction = await buildFromDraft(aptos, input.draft, await now());
        const built = toBuiltTransaction(transaction);
        transactions.set(built.rawTransactionHex, transaction);
        drafts.set(built.rawTransactionHex, input.draft);
        return built;
      }),
      simulateTransaction: fromPromise<UserTransactionResponse[], BuiltTransactionInput>(
        ({ input }) => {
          const publicKey = simulationPublicKey();
          return aptos.transaction.simulate.simple({
            ...(publicKey === undefined ? {} : { signerPublicKey: publicKey }),
            transaction: transactionOf(input.built.rawTransactionHex),
          });
        },
      ),
      submitTransaction: fromPromise<{ hash: string }, SubmitTransactionInput>(({ input }) => {
        const { authenticatorHex } = input.signature;
        return aptos.transaction.submit.simple({
          transaction: transactionOf(input.built.rawTransactionHex),
          senderAuthenticator:
            authenticators.get(authenticatorHex) ?? authenticatorFromHex(authenticatorHex),
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
    },
  };
}
