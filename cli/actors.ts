import { AccountAuthenticator, Deserializer, Hex, SimpleTransaction } from '@aptos-labs/ts-sdk';
import type { Account, Aptos, InputGenerateTransactionOptions } from '@aptos-labs/ts-sdk';
import { fromPromise } from 'xstate';
import type { TransactionResponse, UserTransactionResponse } from '@aptos-labs/ts-sdk';
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
} from '../machines';

/** What the Node actors need: an SDK client, the local signer, and a clock. */
export interface NodeActorsArgs {
  aptos: Aptos;
  /** The local signer (Ed25519 key). Never leaves this process; never enters a record. */
  signer: Account;
  /** Milliseconds since the epoch; expiration times are computed from it. */
  now?: () => number;
}

function u64Number(value: string | undefined, what: string): number | undefined {
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

function bytes(hex: string): Uint8Array {
  return Hex.fromHexInput(hex).toUint8Array();
}

/** `0x` hex of BCS bytes (node's Buffer: several times faster than the SDK's `bcsToHex`). */
function toHex(data: Uint8Array): string {
  return `0x${Buffer.from(data).toString('hex')}`;
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

/**
 * The transaction machine's actors for Node, over the real ts-sdk and a local Ed25519 signer.
 * Each one converts between the machine's JSON (hex BCS, decimal strings) and SDK objects, and
 * passes SDK results and errors through unchanged for `classifyOutcome`.
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
  // The machine carries BCS as hex; these memos spare decoding what this process just encoded.
  const transactions = new Memo<SimpleTransaction>((hex) => transactionFromHex(hex));
  const authenticators = new Memo<AccountAuthenticator>((hex) =>
    AccountAuthenticator.deserialize(new Deserializer(bytes(hex))),
  );
  return {
    buildTransaction: fromPromise<BuiltTransaction, BuildTransactionInput>(async ({ input }) => {
      const transaction = await buildFromDraft(aptos, input.draft, now());
      const built = toBuiltTransaction(transaction);
      transactions.set(built.rawTransactionHex, transaction);
      return built;
    }),
    simulateTransaction: fromPromise<UserTransactionResponse[], BuiltTransactionInput>(
      ({ input }) =>
        aptos.transaction.simulate.simple({
          signerPublicKey: signer.publicKey,
          transaction: transactions.get(input.built.rawTransactionHex),
        }),
    ),
    signTransaction: fromPromise<SignOutput, BuiltTransactionInput>(async ({ input }) => {
      const transaction = transactions.get(input.built.rawTransactionHex);
      const senderAuthenticator = aptos.transaction.sign({ signer, transaction });
      const authenticatorHex = toHex(senderAuthenticator.bcsToBytes());
      authenticators.set(authenticatorHex, senderAuthenticator);
      // The node names the hash when it accepts the transaction; no need to hash it here.
      return { status: 'APPROVED', authenticatorHex, hash: null };
    }),
    signAndSubmitTransaction: fromPromise<SignAndSubmitOutput, BuiltTransactionInput>(
      async ({ input }) => {
        const pending = await aptos.signAndSubmitTransaction({
          signer,
          transaction: transactions.get(input.built.rawTransactionHex),
        });
        return { status: 'APPROVED', hash: pending.hash };
      },
    ),
    submitTransaction: fromPromise<{ hash: string }, SubmitTransactionInput>(({ input }) =>
      aptos.transaction.submit.simple({
        transaction: transactions.get(input.built.rawTransactionHex),
        senderAuthenticator: authenticators.get(input.signature.authenticatorHex),
      }),
    ),
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

/** A few recent decodings by hex; anything else is decoded again. */
class Memo<T> {
  private readonly entries = new Map<string, T>();

  constructor(
    private readonly decode: (hex: string) => T,
    private readonly size = 16,
  ) {}

  set(hex: string, value: T): void {
    this.entries.delete(hex);
    this.entries.set(hex, value);
    if (this.entries.size > this.size) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  get(hex: string): T {
    const known = this.entries.get(hex);
    if (known !== undefined) return known;
    const value = this.decode(hex);
    this.set(hex, value);
    return value;
  }
}
