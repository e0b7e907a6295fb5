import type { AccountAuthenticator, EntryFunction, EntryFunctionBytes } from '@aptos-labs/ts-sdk';
import {
  AccountAuthenticatorEd25519,
  AccountAuthenticatorMultiEd25519,
  RawTransaction,
  TransactionAuthenticator,
  TransactionAuthenticatorEd25519,
  TransactionAuthenticatorFeePayer,
  TransactionAuthenticatorMultiAgent,
  TransactionAuthenticatorMultiEd25519,
  TransactionAuthenticatorSingleSender,
  TransactionExecutableEntryFunction,
  TransactionExecutableScript,
  TransactionExtraConfigV1,
  TransactionInnerPayloadV1,
  TransactionPayloadEntryFunction,
  TransactionPayloadMultiSig,
  TransactionPayloadScript,
} from '@aptos-labs/ts-sdk';
import type { LongAddress } from '../encoding.ts';
import { concatBytes, sha3, uleb128, utf8, must } from '../encoding.ts';
import { commonShapeLength, decodeCommonShape, userTransactionHash } from './commonShape.ts';
import './abstractionProof.ts'; // reads `Abstraction` authenticators as the node does
import type { DecodedTransaction, EntryCall } from './transaction.ts';
import { ViewDeserializer } from './viewDeserializer.ts';

export { ViewDeserializer };

export type { DecodedTransaction, EntryCall, Signer } from './transaction.ts';

/** Thrown with the reason BCS decoding failed. */
export class DecodeError extends Error {
  override readonly name = 'DecodeError';
}

function longAddress(address: { toStringLong(): string }): LongAddress {
  return address.toStringLong() as LongAddress;
}

function entryCallOf(call: EntryFunction): EntryCall {
  return {
    module: longAddress(call.module_name.address),
    moduleName: call.module_name.name.identifier,
    functionName: call.function_name.identifier,
    typeArgs: call.type_args.map((tag) => tag.toString()),
    args: call.args.map((arg) => (arg as EntryFunctionBytes).value.value),
  };
}

function signersOf(
  sender: LongAddress,
  auth: TransactionAuthenticator,
): Pick<DecodedTransaction, 'senderSigner' | 'secondarySigners' | 'feePayer'> {
  const single = (authenticator: AccountAuthenticator) => ({
    senderSigner: { address: sender, authenticator },
    secondarySigners: [],
    feePayer: null,
  });
  if (auth instanceof TransactionAuthenticatorEd25519) {
    return single(new AccountAuthenticatorEd25519(auth.public_key, auth.signature));
  }
  if (auth instanceof TransactionAuthenticatorMultiEd25519) {
    return single(new AccountAuthenticatorMultiEd25519(auth.public_key, auth.signature));
  }
  if (auth instanceof TransactionAuthenticatorSingleSender) return single(auth.sender);
  if (
    auth instanceof TransactionAuthenticatorMultiAgent ||
    auth instanceof TransactionAuthenticatorFeePayer
  ) {
    if (auth.secondary_signer_addresses.length !== auth.secondary_signers.length) {
      throw new DecodeError('secondary signer addresses and authenticators differ in length');
    }
    const secondarySigners = auth.secondary_signers.map((authenticator, i) => ({
      address: longAddress(must(auth.secondary_signer_addresses[i])),
      authenticator,
    }));
    const feePayer =
      auth instanceof TransactionAuthenticatorFeePayer
        ? {
            address: longAddress(auth.fee_payer.address),
            authenticator: auth.fee_payer.authenticator,
          }
        : null;
    return {
      senderSigner: { address: sender, authenticator: auth.sender },
      secondarySigners,
      feePayer,
    };
  }
  throw new DecodeError('unsupported transaction authenticator');
}

/** The payload's kind, entry function, script and orderless nonce (see {@link DecodedTransaction}). */
function payloadOf(
  raw: RawTransaction,
): Pick<DecodedTransaction, 'payloadKind' | 'entry' | 'script' | 'nonce'> {
  const payload = raw.payload;
  const none = { entry: null, script: null, nonce: null };
  if (payload instanceof TransactionPayloadEntryFunction)
    return { ...none, payloadKind: 'entry_function', entry: entryCallOf(payload.entryFunction) };
  if (payload instanceof TransactionPayloadScript)
    return { ...none, payloadKind: 'script', script: payload.script };
  if (payload instanceof TransactionPayloadMultiSig) return { ...none, payloadKind: 'multisig' };
  if (payload instanceof TransactionInnerPayloadV1) {
    const config = payload.extra_config;
    const nonce =
      config instanceof TransactionExtraConfigV1 ? (config.replayProtectionNonce ?? null) : null;
    const multisig =
      config instanceof TransactionExtraConfigV1 && config.multisigAddress !== undefined;
    const executable = payload.executable;
    if (!multisig && executable instanceof TransactionExecutableEntryFunction) {
      return {
        ...none,
        payloadKind: 'entry_function',
        entry: entryCallOf(executable.entryFunction),
        nonce,
      };
    }
    if (!multisig && executable instanceof TransactionExecutableScript)
      return { ...none, payloadKind: 'script', script: executable.script, nonce };
    return { ...none, payloadKind: 'payload_v2', nonce };
  }
  return { ...none, payloadKind: 'payload_v2' };
}

/** How many variants the node's enums have, for serde's "expected variant index" wording. */
const VARIANT_COUNTS: { [name: string]: number } = {
  TransactionAuthenticator: 5,
  AccountAuthenticator: 6,
  TransactionPayload: 5,
  TransactionArgument: 10,
  ScriptTransactionArgument: 10,
  TypeTag: 11,
};

/**
 * The ts-sdk deserializer's messages in the wording of the node's (Rust `bcs` and serde), so a
 * client sees what a real node says: truncated bytes are `unexpected end of input`.
 */
export function bcsWording(message: string): string {
  if (message === 'Reached to the end of buffer') return 'unexpected end of input';
  if (message === 'Buffer has remaining bytes') return 'remaining input';
  if (message === 'Invalid boolean value') return 'expected boolean';
  if (message.startsWith('Overflow while parsing uleb128'))
    return 'ULEB128-encoded integer did not fit in the target size';
  const variant = /^Unknown variant index for (\w+): (\d+)$/.exec(message);
  if (variant !== null) {
    const count = VARIANT_COUNTS[variant[1] ?? ''];
    return count === undefined
      ? `invalid value: integer \`${variant[2]}\`, expected variant index`
      : `invalid value: integer \`${variant[2]}\`, expected variant index 0 <= i < ${count}`;
  }
  return message;
}

/**
 * Decodes a BCS `SignedTransaction`: the common shape through {@link decodeCommonShape}, anything
 * else (and anything malformed, for the SDK's error messages) through {@link decodeWithSdk}.
 *
 * @throws DecodeError with the reason when the bytes are not exactly one signed transaction.
 */
export function decodeSignedTransaction(bytes: Uint8Array): DecodedTransaction {
  return decodeCommonShape(bytes) ?? decodeWithSdk(bytes);
}

/**
 * Cuts a BCS `Vec<SignedTransaction>` (the body of `POST /transactions/batch`) into each
 * transaction's bytes, in order, without decoding them: the common shape is measured by
 * {@link commonShapeLength}, anything else by reading it with the SDK's classes. `maxCount` is
 * checked as soon as the vector's length is read, before any transaction is.
 *
 * @throws DecodeError with the reason, in the node's wording, when the bytes are not a vector of
 *   signed transactions; `TooManyTransactions` when the vector is longer than `maxCount`.
 */
export function splitSignedTransactions(bytes: Uint8Array, maxCount: number): Uint8Array[] {
  const reader = new ViewDeserializer(bytes);
  const out: Uint8Array[] = [];
  try {
    const count = reader.deserializeUleb128AsU32();
    if (count > maxCount) throw new TooManyTransactions(count, maxCount);
    for (let i = 0; i < count; i += 1) {
      const start = bytes.length - reader.remaining();
      const common = commonShapeLength(bytes, start);
      if (common > 0) reader.deserializeFixedBytes(common);
      else {
        RawTransaction.deserialize(reader);
        TransactionAuthenticator.deserialize(reader);
      }
      out.push(bytes.slice(start, bytes.length - reader.remaining()));
    }
  } catch (error) {
    if (error instanceof TooManyTransactions) throw error;
    throw new DecodeError(bcsWording(error instanceof Error ? error.message : String(error)));
  }
  if (reader.remaining() !== 0) throw new DecodeError('remaining input');
  return out;
}

/** A batch longer than the node's `max_submit_transaction_batch_size`. */
export class TooManyTransactions extends Error {
  override readonly name = 'TooManyTransactions';
  constructor(
    readonly count: number,
    readonly limit: number,
  ) {
    super(`Submitted too many transactions: ${count}, while limit: ${limit}`);
  }
}

/**
 * Decodes a BCS `SignedTransaction` with the ts-sdk's classes (through {@link ViewDeserializer}).
 *
 * @throws DecodeError with the reason when the bytes are not exactly one signed transaction.
 */
export function decodeWithSdk(bytes: Uint8Array): DecodedTransaction {
  let raw: RawTransaction;
  let authenticator: TransactionAuthenticator;
  let rawLength: number;
  try {
    const deserializer = new ViewDeserializer(bytes);
    raw = RawTransaction.deserialize(deserializer);
    rawLength = bytes.length - deserializer.remaining();
    authenticator = TransactionAuthenticator.deserialize(deserializer);
    if (deserializer.remaining() !== 0) {
      // The node's BCS deserializer (the `bcs` crate) says `remaining input`.
      throw new DecodeError('remaining input');
    }
  } catch (error) {
    if (error instanceof DecodeError) throw error;
    throw new DecodeError(bcsWording(error instanceof Error ? error.message : String(error)));
  }
  const sender = longAddress(raw.sender);
  return {
    bytes,
    hash: userTransactionHash(bytes),
    raw,
    rawBytes: bytes.subarray(0, rawLength),
    authenticator,
    sender,
    sequenceNumber: raw.sequence_number,
    maxGasAmount: raw.max_gas_amount,
    gasUnitPrice: raw.gas_unit_price,
    expirationSecs: raw.expiration_timestamp_secs,
    chainId: raw.chain_id.chainId,
    ...payloadOf(raw),
    ...signersOf(sender, authenticator),
  };
}

const RAW_TRANSACTION_SALT = sha3(utf8('APTOS::RawTransaction'));
const RAW_TRANSACTION_WITH_DATA_SALT = sha3(utf8('APTOS::RawTransactionWithData'));

function addressVector(addresses: LongAddress[]): Uint8Array[] {
  const out: Uint8Array[] = [uleb128(addresses.length)];
  for (const address of addresses) out.push(Buffer.from(address.slice(2), 'hex'));
  return out;
}

/**
 * The messages a signer may have signed. Multi-agent and fee-payer transactions sign a
 * `RawTransactionWithData`; for fee-payer ones the sender and secondary signers may also have
 * signed with fee payer `0x0` (what wallets do before a sponsor is known), which the chain accepts.
 */
export function signingMessages(
  tx: DecodedTransaction,
  role: 'sender' | 'fee_payer',
): Uint8Array[] {
  if (tx.authenticator instanceof TransactionAuthenticatorMultiAgent) {
    const secondary = tx.secondarySigners.map((s) => s.address);
    return [
      concatBytes([
        RAW_TRANSACTION_WITH_DATA_SALT,
        new Uint8Array([0]),
        tx.rawBytes,
        ...addressVector(secondary),
      ]),
    ];
  }
  if (tx.feePayer !== null) {
    const secondary = tx.secondarySigners.map((s) => s.address);
    const withFeePayer = (feePayer: Uint8Array) =>
      concatBytes([
        RAW_TRANSACTION_WITH_DATA_SALT,
        new Uint8Array([1]),
        tx.rawBytes,
        ...addressVector(secondary),
        feePayer,
      ]);
    const real = withFeePayer(Buffer.from(tx.feePayer.address.slice(2), 'hex'));
    return role === 'fee_payer' ? [real] : [real, withFeePayer(new Uint8Array(32))];
  }
  return [concatBytes([RAW_TRANSACTION_SALT, tx.rawBytes])];
}
