import {
  AccountAddress,
  Deserializer,
  Hex,
  MultiAgentTransaction,
  TransactionExecutableEntryFunction,
  TransactionExecutableScript,
  TransactionInnerPayloadV1,
  TransactionPayloadEntryFunction,
  TransactionPayloadMultiSig,
  TransactionPayloadScript,
  type AnyRawTransaction,
  type EntryFunction,
  type EntryFunctionABI,
  type TypeTag,
  type TransactionPayload,
} from '@aptos-labs/ts-sdk';
import { APT_DECIMALS, formatUnits } from '../format/amounts';
import type { ArgumentSummary, TransactionSummary } from './types';

/** Parameters of well-known framework functions, so their arguments read as values, not bytes. */
const KNOWN_PARAMETERS: Record<string, readonly { name: string; type: 'address' | 'u64' }[]> = {
  '0x1::aptos_account::transfer': [
    { name: 'to', type: 'address' },
    { name: 'amount', type: 'u64' },
  ],
  '0x1::aptos_account::transfer_coins': [
    { name: 'to', type: 'address' },
    { name: 'amount', type: 'u64' },
  ],
  '0x1::coin::transfer': [
    { name: 'to', type: 'address' },
    { name: 'amount', type: 'u64' },
  ],
  '0x1::primary_fungible_store::transfer': [
    { name: 'metadata', type: 'address' },
    { name: 'recipient', type: 'address' },
    { name: 'amount', type: 'u64' },
  ],
  '0x1::aptos_account::create_account': [{ name: 'auth_key', type: 'address' }],
};

const MAX_DATE_MS = 8.64e15;

function decodeArgument(
  bytes: Uint8Array,
  parameter: { name: string; type: 'address' | 'u64' } | undefined,
): ArgumentSummary {
  if (parameter?.type === 'address' && bytes.length === AccountAddress.LENGTH) {
    return { ...parameter, value: AccountAddress.from(bytes).toString() };
  }
  if (parameter?.type === 'u64' && bytes.length === 8) {
    return { ...parameter, value: new Deserializer(bytes).deserializeU64().toString() };
  }
  return {
    ...(parameter === undefined ? {} : { name: parameter.name }),
    value: Hex.fromHexInput(bytes).toString(),
  };
}

function entryFunctionName(entryFunction: EntryFunction): string {
  const { module_name: moduleId, function_name: functionName } = entryFunction;
  return `${moduleId.address.toString()}::${moduleId.name.identifier}::${functionName.identifier}`;
}

const APTOS_COIN = '0x1::aptos_coin::AptosCoin';

/** Whether a well-known transfer moves APT (its `amount` is then octas). */
function movesApt(name: string, typeArguments: string[], args: ArgumentSummary[]): boolean {
  switch (name) {
    case '0x1::aptos_account::transfer':
      return true;
    case '0x1::aptos_account::transfer_coins':
    case '0x1::coin::transfer':
      return typeArguments[0] === APTOS_COIN;
    case '0x1::primary_fungible_store::transfer':
      // APT's metadata object is 0xa; any other asset's amount stays in its own units.
      return args[0]?.value === '0xa';
    default:
      return false;
  }
}

function summarizeEntryFunction(entryFunction: EntryFunction) {
  const name = entryFunctionName(entryFunction);
  const parameters = KNOWN_PARAMETERS[name] as (typeof KNOWN_PARAMETERS)[string] | undefined;
  const typeArguments = entryFunction.type_args.map((tag) => tag.toString());
  const args = entryFunction.args.map((arg, index) =>
    decodeArgument(arg.bcsToBytes(), parameters?.[index]),
  );
  const apt = movesApt(name, typeArguments, args);
  return {
    function: name,
    typeArguments,
    arguments: args.map((argument) =>
      apt && argument.name === 'amount' && argument.type === 'u64'
        ? { ...argument, apt: formatOctas(argument.value) }
        : argument,
    ),
  };
}

/** The entry function a payload calls, if it calls one. */
function entryFunctionOf(payload: TransactionPayload): EntryFunction | undefined {
  if (payload instanceof TransactionPayloadEntryFunction) return payload.entryFunction;
  if (
    payload instanceof TransactionInnerPayloadV1 &&
    payload.executable instanceof TransactionExecutableEntryFunction
  ) {
    return payload.executable.entryFunction;
  }
  if (payload instanceof TransactionPayloadMultiSig) {
    return payload.multiSig.transaction_payload?.transaction_payload;
  }
  return undefined;
}

/** Readers of the BCS of each Move type the prompts show as a value, by the type's name. */
const DECODERS: Record<string, (reader: Deserializer) => string> = {
  address: (reader) => AccountAddress.deserialize(reader).toString(),
  bool: (reader) => String(reader.deserializeBool()),
  u8: (reader) => String(reader.deserializeU8()),
  u16: (reader) => String(reader.deserializeU16()),
  u32: (reader) => String(reader.deserializeU32()),
  u64: (reader) => reader.deserializeU64().toString(),
  u128: (reader) => reader.deserializeU128().toString(),
  u256: (reader) => reader.deserializeU256().toString(),
  '0x1::string::String': (reader) => JSON.stringify(reader.deserializeStr()),
  'vector<u8>': (reader) => Hex.fromHexInput(reader.deserializeBytes()).toString(),
};

/** One BCS argument as a value of its Move type, or `undefined` for types shown as bytes. */
function decodeByType(bytes: Uint8Array, tag: TypeTag): string | undefined {
  const decoder = DECODERS[tag.toString()];
  return decoder === undefined ? undefined : decoder(new Deserializer(bytes));
}

/**
 * The summary with every argument the function's ABI types can decode shown as a value with its
 * Move type (addresses, integers, booleans, strings, byte vectors); the rest stay BCS hex.
 *
 * @example
 * ```ts
 * withAbiArguments({ summary, transaction, abi }).arguments[0]; // { type: 'u64', value: '1000' }
 * ```
 */
export function withAbiArguments(args: {
  summary: TransactionSummary;
  transaction: AnyRawTransaction;
  abi: EntryFunctionABI;
}): TransactionSummary {
  const { summary, abi } = args;
  const entryFunction = entryFunctionOf(args.transaction.rawTransaction.payload);
  if (entryFunction === undefined) return summary;
  const decoded = entryFunction.args.map((arg, index): ArgumentSummary => {
    const current = summary.arguments[index] as ArgumentSummary;
    const tag = abi.parameters[index];
    if (tag === undefined) return current;
    let value: string | undefined;
    try {
      value = decodeByType(arg.bcsToBytes(), tag);
    } catch {
      value = undefined;
    }
    return {
      ...(current.name === undefined ? {} : { name: current.name }),
      type: tag.toString(),
      value: value ?? current.value,
      ...(current.apt === undefined ? {} : { apt: current.apt }),
    };
  });
  return { ...summary, arguments: decoded };
}

function summarizePayload(
  payload: TransactionPayload,
): Pick<TransactionSummary, 'payloadType' | 'function' | 'typeArguments' | 'arguments'> {
  if (payload instanceof TransactionPayloadEntryFunction) {
    return { payloadType: 'entryFunction', ...summarizeEntryFunction(payload.entryFunction) };
  }
  if (payload instanceof TransactionInnerPayloadV1) {
    if (payload.executable instanceof TransactionExecutableEntryFunction) {
      return {
        payloadType: 'entryFunction',
        ...summarizeEntryFunction(payload.executable.entryFunction),
      };
    }
    if (payload.executable instanceof TransactionExecutableScript) {
      const { script } = payload.executable;
      return {
        payloadType: 'script',
        typeArguments: script.type_args.map((tag) => tag.toString()),
        arguments: script.args.map((arg) => ({
          value: Hex.fromHexInput(arg.bcsToBytes()).toString(),
        })),
      };
    }
  }
  if (payload instanceof TransactionPayloadScript) {
    return {
      payloadType: 'script',
      typeArguments: payload.script.type_args.map((tag) => tag.toString()),
      arguments: payload.script.args.map((arg) => ({
        value: Hex.fromHexInput(arg.bcsToBytes()).toString(),
      })),
    };
  }
  if (payload instanceof TransactionPayloadMultiSig) {
    const inner = payload.multiSig.transaction_payload?.transaction_payload;
    return {
      payloadType: 'multisig',
      ...(inner === undefined
        ? { typeArguments: [], arguments: [] }
        : summarizeEntryFunction(inner)),
    };
  }
  return { payloadType: 'other', typeArguments: [], arguments: [] };
}

/**
 * Expiration as an ISO 8601 time, or a phrase when the timestamp is past what a date can hold.
 */
export function expirationToIso(expirationTimestampSecs: bigint): string {
  const ms = Number(expirationTimestampSecs) * 1000;
  return ms > MAX_DATE_MS ? 'never (beyond any calendar date)' : new Date(ms).toISOString();
}

/**
 * A readable summary of a raw transaction for the approval prompt: who sends, what it calls with
 * which arguments, the gas limits and the maximum fee (as decimal strings), expiration and chain.
 *
 * @param args.transaction - A simple or multi-agent raw transaction.
 * @returns The summary (plain JSON).
 * @example
 * ```ts
 * const summary = summarizeTransaction({ transaction });
 * summary.maxFee; // '200000' = maxGasAmount × gasUnitPrice
 * ```
 */
export function summarizeTransaction(args: { transaction: AnyRawTransaction }): TransactionSummary {
  const { transaction } = args;
  const raw = transaction.rawTransaction;
  return {
    sender: raw.sender.toString(),
    sequenceNumber: raw.sequence_number.toString(),
    ...summarizePayload(raw.payload),
    maxGasAmount: raw.max_gas_amount.toString(),
    gasUnitPrice: raw.gas_unit_price.toString(),
    maxFee: (raw.max_gas_amount * raw.gas_unit_price).toString(),
    expirationTimestampSecs: raw.expiration_timestamp_secs.toString(),
    expiration: expirationToIso(raw.expiration_timestamp_secs),
    chainId: raw.chain_id.chainId,
    ...(transaction.feePayerAddress === undefined
      ? {}
      : { feePayer: transaction.feePayerAddress.toString() }),
    secondarySigners:
      transaction instanceof MultiAgentTransaction
        ? transaction.secondarySignerAddresses.map((address) => address.toString())
        : [],
  };
}

/**
 * The text an `aptos:signMessage` signature covers: `APTOS`, then the optional `address`,
 * `application` and `chainId` lines, then `message` and `nonce`, joined by `\n`.
 *
 * @example
 * ```ts
 * buildFullMessage({ message: 'hi', nonce: '1', chainId: 4 });
 * // 'APTOS\nchainId: 4\nmessage: hi\nnonce: 1'
 * ```
 */
export function buildFullMessage(args: {
  address?: string;
  application?: string;
  chainId?: number;
  message: string;
  nonce: string;
}): string {
  const lines = ['APTOS'];
  if (args.address !== undefined) lines.push(`address: ${args.address}`);
  if (args.application !== undefined) lines.push(`application: ${args.application}`);
  if (args.chainId !== undefined) lines.push(`chainId: ${args.chainId}`);
  lines.push(`message: ${args.message}`, `nonce: ${args.nonce}`);
  return lines.join('\n');
}

/**
 * Formats octas as APT with up to 8 decimals, without going through `number`.
 *
 * @example
 * ```ts
 * formatOctas('150000000'); // '1.5 APT'
 * ```
 */
export function formatOctas(octas: string): string {
  return `${formatUnits(octas, APT_DECIMALS, { group: false })} APT`;
}
