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

function summarizeEntryFunction(entryFunction: EntryFunction) {
  const name = entryFunctionName(entryFunction);
  const parameters = KNOWN_PARAMETERS[name] as (typeof KNOWN_PARAMETERS)[string] | undefined;
  return {
    function: name,
    typeArguments: entryFunction.type_args.map((tag) => tag.toString()),
    arguments: entryFunction.args.map((arg, index) =>
      decodeArgument(arg.bcsToBytes(), parameters?.[index]),
    ),
  };
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
