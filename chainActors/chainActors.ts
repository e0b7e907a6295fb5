import {
  AccountAddress,
  AccountAuthenticator,
  AccountAuthenticatorEd25519,
  AccountAuthenticatorMultiEd25519,
  AccountAuthenticatorMultiKey,
  AccountAuthenticatorSingleKey,
  DEFAULT_TXN_EXP_SEC_FROM_NOW,
  Deserializer,
  Hex,
  MultiAgentTransaction,
  MultiEd25519PublicKey,
  SimpleTransaction,
  generateSigningMessageForTransaction,
  type AnyRawTransaction,
  type Aptos,
  type AptosConfig,
  type Client,
  type ClientRequest,
  type ClientResponse,
  type CommittedTransactionResponse,
  type InputGenerateTransactionOptions,
  type PublicKey,
  type TransactionResponse,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { promiseActor } from './promiseActor';
import type {
  BuildTransactionInput,
  BuiltTransaction,
  BuiltTransactionInput,
  CollectedSignature,
  DraftOptions,
  SignerSlot,
  TransactionKind,
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
  // Counted from `nowMs`, the chain's clock, also when the draft leaves it to the default: the
  // SDK would count its default from the wall clock, which a chain clock moved forward outruns
  // (a publish draft built then failed TRANSACTION_EXPIRED).
  built.expireTimestamp =
    Math.floor(nowMs / 1000) + (options.expirationSecs ?? DEFAULT_TXN_EXP_SEC_FROM_NOW);
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

/** True for the kinds the SDK builds as a `MultiAgentTransaction`. */
function isMultiAgentKind(kind: TransactionKind | undefined): boolean {
  return kind === 'multiAgent' || kind === 'multiAgentSponsored';
}

/** True for the kinds with a fee payer. */
function isSponsoredKind(kind: TransactionKind | undefined): boolean {
  return kind === 'sponsored' || kind === 'multiAgentSponsored';
}

/**
 * The SDK transaction back from the hex the machine carries: a `MultiAgentTransaction` for the
 * multi-agent kinds, a `SimpleTransaction` (with or without fee payer) otherwise.
 */
export function transactionFromHex(hex: string, kind?: TransactionKind): AnyRawTransaction {
  const deserializer = new Deserializer(bytes(hex));
  return isMultiAgentKind(kind)
    ? MultiAgentTransaction.deserialize(deserializer)
    : SimpleTransaction.deserialize(deserializer);
}

/** The SDK authenticator back from the hex the machine carries. */
export function authenticatorFromHex(hex: string): AccountAuthenticator {
  return AccountAuthenticator.deserialize(new Deserializer(bytes(hex)));
}

/** The kind of a built SDK transaction, read from its shape. */
export function kindOf(transaction: AnyRawTransaction): TransactionKind {
  const multiAgent = transaction instanceof MultiAgentTransaction;
  const sponsored = transaction.feePayerAddress !== undefined;
  if (multiAgent) return sponsored ? 'multiAgentSponsored' : 'multiAgent';
  return sponsored ? 'sponsored' : 'simple';
}

/**
 * The signatures a built transaction needs, in order: the sender, each secondary signer, the fee
 * payer (`address: null` while it is `0x0`: whoever pays signs later).
 */
export function signerSlots(transaction: AnyRawTransaction): SignerSlot[] {
  const slots: SignerSlot[] = [
    { role: 'sender', address: transaction.rawTransaction.sender.toString(), index: 0 },
  ];
  if (transaction instanceof MultiAgentTransaction) {
    for (const address of transaction.secondarySignerAddresses) {
      slots.push({ role: 'secondary', address: address.toString(), index: slots.length });
    }
  }
  const feePayer = transaction.feePayerAddress;
  if (feePayer !== undefined) {
    slots.push({
      role: 'feePayer',
      address: feePayer.equals(AccountAddress.ZERO) ? null : feePayer.toString(),
      index: slots.length,
    });
  }
  return slots;
}

/** The JSON-safe view of a built SDK transaction. */
export function toBuiltTransaction(transaction: AnyRawTransaction): BuiltTransaction {
  const raw = transaction.rawTransaction;
  const built: BuiltTransaction = {
    rawTransactionHex: toHex(transaction.bcsToBytes()),
    sender: raw.sender.toString(),
    sequenceNumber: raw.sequence_number.toString(),
    maxGasAmount: raw.max_gas_amount.toString(),
    gasUnitPrice: raw.gas_unit_price.toString(),
    expirationTimestampSecs: raw.expiration_timestamp_secs.toString(),
    chainId: raw.chain_id.chainId,
  };
  const kind = kindOf(transaction);
  if (kind !== 'simple') {
    built.kind = kind;
    built.signers = signerSlots(transaction);
    built.feePayerAddress = transaction.feePayerAddress?.toString() ?? null;
  }
  return built;
}

/** The draft's kind, checked against the signers it names. */
function draftKind(draft: TransactionDraft): TransactionKind {
  const kind = draft.kind ?? 'simple';
  if (isMultiAgentKind(kind) && (draft.secondarySigners ?? []).length === 0) {
    throw new Error('A multi-agent transaction needs at least one secondary signer address.');
  }
  return kind;
}

/**
 * Builds the SDK transaction a draft describes (the same call the machine's actor makes), with
 * the SDK's own builders: `build.simple` or `build.multiAgent` (`secondarySignerAddresses`),
 * `withFeePayer` for the sponsored kinds. The SDK builds a fee payer transaction with `0x0` as the
 * fee payer; a named fee payer is then set on it, as the SDK's `signAsFeePayer` does.
 */
export async function buildFromDraft(
  aptos: Aptos,
  draft: TransactionDraft,
  nowMs: number,
): Promise<AnyRawTransaction> {
  const kind = draftKind(draft);
  const common = {
    sender: draft.sender,
    data: {
      function: draft.payload.function,
      typeArguments: draft.payload.typeArguments,
      functionArguments: draft.payload.functionArguments,
    },
    options: buildOptions(draft.options, nowMs),
    withFeePayer: isSponsoredKind(kind),
  };
  const transaction = isMultiAgentKind(kind)
    ? await aptos.transaction.build.multiAgent({
        ...common,
        secondarySignerAddresses: draft.secondarySigners ?? [],
      })
    : await aptos.transaction.build.simple(common);
  const feePayer = isSponsoredKind(kind) ? (draft.feePayer ?? null) : null;
  if (feePayer !== null) transaction.feePayerAddress = AccountAddress.from(feePayer);
  return transaction;
}

/** The key type of an account authenticator: `ed25519`, `multiEd25519`, `singleKey`, `multiKey`. */
export function keyTypeOf(authenticator: AccountAuthenticator): string {
  if (authenticator instanceof AccountAuthenticatorEd25519) return 'ed25519';
  if (authenticator instanceof AccountAuthenticatorMultiEd25519) return 'multiEd25519';
  if (authenticator instanceof AccountAuthenticatorSingleKey) return 'singleKey';
  if (authenticator instanceof AccountAuthenticatorMultiKey) return 'multiKey';
  return 'none';
}

/** Signatures inside an authenticator: k for a k-of-n account, 1 for one key, 0 for none. */
export function signatureCountOf(authenticator: AccountAuthenticator): number {
  if (authenticator instanceof AccountAuthenticatorMultiEd25519) {
    return authenticator.signature.signatures.length;
  }
  if (authenticator instanceof AccountAuthenticatorMultiKey) {
    return authenticator.signatures.signatures.length;
  }
  return keyTypeOf(authenticator) === 'none' ? 0 : 1;
}

/** Whether an authenticator's signature verifies over the transaction as it was signed. */
export function authenticatorVerifies(
  authenticator: AccountAuthenticator,
  transaction: AnyRawTransaction,
): boolean {
  const message = generateSigningMessageForTransaction(transaction);
  try {
    if (authenticator instanceof AccountAuthenticatorEd25519) {
      return authenticator.public_key.verifySignature({
        message,
        signature: authenticator.signature,
      });
    }
    if (authenticator instanceof AccountAuthenticatorMultiEd25519) {
      return authenticator.public_key.verifySignature({
        message,
        signature: authenticator.signature,
      });
    }
    if (authenticator instanceof AccountAuthenticatorSingleKey) {
      return authenticator.public_key.verifySignature({
        message,
        signature: authenticator.signature,
      });
    }
    if (authenticator instanceof AccountAuthenticatorMultiKey) {
      return authenticator.public_keys.verifySignature({
        message,
        signature: authenticator.signatures,
      });
    }
  } catch {
    return false;
  }
  return false;
}

/** What a signer reports with its signature: key type, signature count, local verification. */
export function describeSignature(
  authenticator: AccountAuthenticator,
  transaction: AnyRawTransaction,
) {
  return {
    keyType: keyTypeOf(authenticator),
    signatureCount: signatureCountOf(authenticator),
    verified: authenticatorVerifies(authenticator, transaction),
  };
}

/**
 * A copy of the transaction for one signer: the fee payer signs with its own address in place of
 * `0x0` (`signAsFeePayer` sets it), so the shared transaction is never changed.
 */
export function transactionForSigner(
  transaction: AnyRawTransaction,
  kind: TransactionKind | undefined,
): AnyRawTransaction {
  return transactionFromHex(toHex(transaction.bcsToBytes()), kind);
}

/**
 * Submits a transaction with more than one signer through the SDK (`submit.simple` with a fee
 * payer, or `submit.multiAgent`), every authenticator in signing order. A fee payer that signed
 * later is written into the transaction first: the others signed over `0x0`, the fee payer over
 * its own address, and a node accepts both.
 */
function submitMultiSigner(
  aptos: Aptos,
  args: {
    transaction: AnyRawTransaction;
    senderAuthenticator: AccountAuthenticator;
    signatures: CollectedSignature[];
    authenticatorOf: (hex: string) => AccountAuthenticator;
  },
) {
  const { transaction, senderAuthenticator, signatures, authenticatorOf } = args;
  const feePayer = signatures.find((s) => s.role === 'feePayer');
  if (feePayer !== undefined && transaction.feePayerAddress !== undefined) {
    transaction.feePayerAddress = AccountAddress.from(feePayer.address);
  }
  const feePayerAuthenticator =
    feePayer === undefined ? undefined : authenticatorOf(feePayer.authenticatorHex);
  const fee = feePayerAuthenticator === undefined ? {} : { feePayerAuthenticator };
  if (transaction instanceof MultiAgentTransaction) {
    return aptos.transaction.submit.multiAgent({
      transaction,
      senderAuthenticator,
      additionalSignersAuthenticators: signatures
        .filter((s) => s.role === 'secondary')
        .map((s) => authenticatorOf(s.authenticatorHex)),
      ...fee,
    });
  }
  return aptos.transaction.submit.simple({ transaction, senderAuthenticator, ...fee });
}

/**
 * A public key the SDK can simulate with; the SDK refuses multi-Ed25519 keys ("Unsupported
 * PublicKey used for simulations"), so those simulate with no authenticator, as a wallet would.
 */
function simulationKey(publicKey: PublicKey | undefined): PublicKey | undefined {
  return publicKey instanceof MultiEd25519PublicKey ? undefined : publicKey;
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
  /**
   * The public key of another signer (secondary signer or fee payer) for simulation, when known;
   * without one the SDK simulates that signer with no authenticator.
   */
  publicKeyOf?: (address: string) => PublicKey | undefined;
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
  /** The SDK transaction behind a built transaction (decoded again when not remembered). */
  transactionOf: (hex: string, kind?: TransactionKind) => AnyRawTransaction;
  /** The draft a built transaction came from, while it is remembered. */
  draftOf: (hex: string) => TransactionDraft | undefined;
  /** Remembers a signature, so that submitting does not decode it again. */
  rememberAuthenticator: (hex: string, authenticator: AccountAuthenticator) => void;
}

/** What a stopped wait's next request throws; nobody reads it (its actor has stopped). */
export class WaitStoppedError extends Error {
  constructor() {
    super('The wait was stopped (cancelled, or its run went away); no further requests are made.');
    this.name = 'WaitStoppedError';
  }
}

/**
 * The SDK's `waitForTransaction`, which stops at its next request once `active()` turns false.
 * The SDK takes no abort signal and polls until its timeout, so a cancelled wait went on asking
 * the node for up to the whole timeout. Its requests go through the same client, wrapped to
 * refuse once the wait is no longer wanted; the SDK rethrows anything that is not an API error.
 *
 * @param aptos - the workbench's client.
 * @param args - the SDK's wait arguments.
 * @param active - whether the wait is still wanted (the invoking actor is still running).
 */
export function stoppableWait(
  aptos: Aptos,
  args: Parameters<Aptos['waitForTransaction']>[0],
  active: () => boolean,
): Promise<CommittedTransactionResponse> {
  const base = aptos.config.client;
  const client: Client = {
    provider: <Req, Res>(request: ClientRequest<Req>): Promise<ClientResponse<Res>> =>
      active() ? base.provider<Req, Res>(request) : Promise.reject(new WaitStoppedError()),
  };
  // The same settings with that client; the wait reads nothing but `this.config`.
  const config = Object.create(aptos.config, { client: { value: client } }) as AptosConfig;
  return aptos.transaction.waitForTransaction.call({ config }, args);
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
  publicKeyOf = () => undefined,
}: ChainActorsArgs): ChainActors {
  const transactions = new HexMemo<AnyRawTransaction>();
  const drafts = new HexMemo<TransactionDraft>();
  const authenticators = new HexMemo<AccountAuthenticator>();
  const transactionOf = (hex: string, kind?: TransactionKind) => {
    const known = transactions.get(hex);
    if (known !== undefined) return known;
    const decoded = transactionFromHex(hex, kind);
    transactions.set(hex, decoded);
    return decoded;
  };
  const authenticatorOf = (hex: string) => authenticators.get(hex) ?? authenticatorFromHex(hex);
  const keyOf = (address: string | null) =>
    address === null ? undefined : simulationKey(publicKeyOf(address));
  return {
    transactionOf,
    draftOf: (hex) => drafts.get(hex),
    rememberAuthenticator: (hex, authenticator) => authenticators.set(hex, authenticator),
    actors: {
      buildTransaction: promiseActor<BuiltTransaction, BuildTransactionInput>(async ({ input }) => {
        const transaction = await buildFromDraft(aptos, input.draft, await now());
        const built = toBuiltTransaction(transaction);
        transactions.set(built.rawTransactionHex, transaction);
        drafts.set(built.rawTransactionHex, input.draft);
        return built;
      }),
      simulateTransaction: promiseActor<UserTransactionResponse[], BuiltTransactionInput>(
        ({ input }) => {
          const { built } = input;
          const publicKey = simulationKey(simulationPublicKey());
          const transaction = transactionOf(built.rawTransactionHex, built.kind);
          const slots = built.signers ?? [];
          const feePayerSlot = slots.find((slot) => slot.role === 'feePayer');
          const feePayerPublicKey = feePayerSlot ? keyOf(feePayerSlot.address) : undefined;
          const keys = {
            ...(publicKey === undefined ? {} : { signerPublicKey: publicKey }),
            ...(feePayerPublicKey === undefined ? {} : { feePayerPublicKey }),
          };
          if (transaction instanceof MultiAgentTransaction) {
            return aptos.transaction.simulate.multiAgent({
              ...keys,
              transaction,
              secondarySignersPublicKeys: slots
                .filter((slot) => slot.role === 'secondary')
                .map((slot) => keyOf(slot.address)),
            });
          }
          return aptos.transaction.simulate.simple({ ...keys, transaction });
        },
      ),
      submitTransaction: promiseActor<{ hash: string }, SubmitTransactionInput>(({ input }) => {
        const { built } = input;
        const senderAuthenticator = authenticatorOf(input.signature.authenticatorHex);
        const signatures = input.signatures ?? [];
        if (built.signers === undefined || built.signers.length <= 1) {
          return aptos.transaction.submit.simple({
            transaction: transactionOf(built.rawTransactionHex, built.kind),
            senderAuthenticator,
          });
        }
        return submitMultiSigner(aptos, {
          transaction: transactionFromHex(built.rawTransactionHex, built.kind),
          senderAuthenticator,
          signatures,
          authenticatorOf,
        });
      }),
      waitForTransaction: promiseActor<TransactionResponse, WaitForTransactionInput>(
        ({ input, self }) =>
          stoppableWait(
            aptos,
            {
              transactionHash: input.hash,
              options: {
                checkSuccess: false,
                ...(input.timeoutSecs === null ? {} : { timeoutSecs: input.timeoutSecs }),
              },
            },
            () => self.getSnapshot().status === 'active',
          ),
      ),
      lookupTransaction: promiseActor<LookupOutput<TransactionResponse>, LookupTransactionInput>(
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
