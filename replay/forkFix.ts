import {
  AccountAddress,
  AccountAuthenticatorEd25519,
  AccountAuthenticatorSingleKey,
  generateSignedTransactionForSimulation,
  generateTransactionPayloadWithABI,
  RawTransaction,
  SimpleTransaction,
  TransactionAuthenticatorEd25519,
  TransactionAuthenticatorSingleSender,
  type EntryFunctionABI,
  type EntryFunctionArgumentTypes,
  type PublicKey,
  type SignedTransaction,
  type SimpleEntryFunctionArgumentTypes,
  type TransactionPayload,
} from '@aptos-labs/ts-sdk';
import type { DraftArgument } from '../machines';
import { draftArgument } from './forkRun';
import type { AtVersionChanges } from './reexecute';

/**
 * "Try a fix" on a fork (issue 34), for the app and the CLI: the committed transaction changed
 * (gas, arguments, sender) as simulation bytes, valid where the original was.
 */

/** The sender's public key of a single-signer transaction; `null` for other authenticators. */
function senderPublicKey(signed: SignedTransaction): PublicKey | null {
  const auth = signed.authenticator;
  if (auth instanceof TransactionAuthenticatorEd25519) return auth.public_key;
  if (auth instanceof TransactionAuthenticatorSingleSender) {
    const sender = auth.sender;
    if (sender instanceof AccountAuthenticatorEd25519) return sender.public_key;
    if (sender instanceof AccountAuthenticatorSingleKey) return sender.public_key;
  }
  return null;
}

const DECIMAL = /^[0-9]{1,20}$/;

/** What "try a fix" may change: gas, the entry function's arguments, and the sender. */
export interface ForkChanges extends AtVersionChanges {
  /** The entry function's arguments as a draft holds them (JSON). */
  functionArguments?: DraftArgument[];
  /** Another sender (long address), which sends with its own sequence number at that state. */
  sender?: string;
  /** The other sender's sequence number at that state (a decimal string), with `sender`. */
  sequenceNumber?: string;
}

/** A JSON argument as the SDK takes it: an `Object<T>`'s `{ inner }` as its address. */
function sdkArgument(
  value: DraftArgument,
): EntryFunctionArgumentTypes | SimpleEntryFunctionArgumentTypes {
  if (Array.isArray(value)) return value.map(sdkArgument) as SimpleEntryFunctionArgumentTypes;
  if (typeof value === 'string' && value.startsWith('{')) {
    try {
      const parsed = JSON.parse(value) as { inner?: unknown };
      if (typeof parsed.inner === 'string') return parsed.inner;
    } catch {
      // Not JSON: the string itself.
    }
  }
  return value === null ? null : value;
}

/**
 * The committed arguments with some replaced, from `i=value` (the command line's `--arg`): `i`
 * counts from 0; `value` is read as JSON when it is JSON (`true`, `[1,2]`, `"text"`), else taken
 * as written (`0xb0b`, `1000`); numbers become decimal strings, as a draft holds them.
 *
 * @throws Error naming the replacement that is not `i=value` or points past the arguments.
 */
export function argumentsWithReplacements(
  committed: DraftArgument[],
  replacements: string[],
): DraftArgument[] {
  const result = [...committed];
  for (const replacement of replacements) {
    const match = /^([0-9]+)=(.*)$/s.exec(replacement);
    if (match === null)
      throw new Error(`--arg ${replacement}: write i=value, e.g. --arg 1=5000 (i from 0).`);
    const index = Number(match[1]);
    if (index >= committed.length)
      throw new Error(
        `--arg ${replacement}: the function takes ${committed.length} argument${committed.length === 1 ? '' : 's'} (0 to ${committed.length - 1}).`,
      );
    const text = match[2] ?? '';
    let value: unknown = text;
    try {
      value = JSON.parse(text);
    } catch {
      // Not JSON: the text as written.
    }
    result[index] = draftArgument(value);
  }
  return result;
}

/**
 * The entry function payload of `fn` with other arguments, checked against its ABI.
 *
 * @throws Error naming the argument the ABI refuses.
 */
export function entryPayloadWithArguments(args: {
  function: `${string}::${string}::${string}`;
  typeArguments: string[];
  functionArguments: DraftArgument[];
  abi: EntryFunctionABI;
}): TransactionPayload {
  const functionArguments = args.functionArguments.map((value, index) => {
    const converted = sdkArgument(value);
    // The node prints special addresses short (0x1, 0xb0b); the SDK takes them long only.
    const isAddress = args.abi.parameters[index]?.isAddress() === true;
    return isAddress && typeof converted === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(converted)
      ? AccountAddress.fromString(converted, { maxMissingChars: 63 })
      : converted;
  });
  return generateTransactionPayloadWithABI({
    function: args.function,
    typeArguments: args.typeArguments,
    functionArguments,
    abi: args.abi,
  });
}

/**
 * The same transaction with the changes, as simulation bytes (signature zeroed): the same sender,
 * sequence number and expiration (and payload, unless `payload` replaces it), so it is valid
 * exactly where the original was. With `sender`, another account sends it with its sequence
 * number at that state; its key is unknown, so it carries no public key (the SDK's simulation
 * form without one, whose authentication key a simulation does not check).
 *
 * @throws Error for a change that is not a whole number, or a transaction with several signers
 *   (multi-agent or sponsored: their other signers signed for the original sender).
 */
export function modifiedSignedTransaction(
  signed: SignedTransaction,
  changes: AtVersionChanges,
  payload?: TransactionPayload,
  sender?: { address: string; sequenceNumber: string },
): Uint8Array {
  for (const [name, value] of Object.entries({
    ...changes,
    ...(sender === undefined ? {} : { sequenceNumber: sender.sequenceNumber }),
  })) {
    if (value !== undefined && !DECIMAL.test(value)) {
      throw new Error(`${name} must be a whole number (decimal digits), got "${value}".`);
    }
  }
  const publicKey = senderPublicKey(signed);
  if (publicKey === null) {
    throw new Error(
      sender === undefined
        ? 'Only a single signer’s transaction can be modified here (this one is multi-agent, sponsored or multi-key).'
        : 'Another sender replaces the only signer of a single-signer transaction; this one is multi-agent, sponsored or multi-key, whose other signers signed for its sender: it cannot be sent from another account here.',
    );
  }
  const raw = signed.raw_txn;
  const changed = new RawTransaction(
    sender === undefined ? raw.sender : AccountAddress.from(sender.address),
    sender === undefined ? raw.sequence_number : BigInt(sender.sequenceNumber),
    payload ?? raw.payload,
    changes.maxGasAmount === undefined ? raw.max_gas_amount : BigInt(changes.maxGasAmount),
    changes.gasUnitPrice === undefined ? raw.gas_unit_price : BigInt(changes.gasUnitPrice),
    raw.expiration_timestamp_secs,
    raw.chain_id,
  );
  return generateSignedTransactionForSimulation({
    transaction: new SimpleTransaction(changed),
    ...(sender === undefined ? { signerPublicKey: publicKey } : {}),
  });
}
