import type { EntryFunction, RawTransaction } from '@aptos-labs/ts-sdk';
import {
  TransactionExecutableEntryFunction,
  TransactionInnerPayloadV1,
  TransactionPayloadEntryFunction,
  TransactionPayloadMultiSig,
} from '@aptos-labs/ts-sdk';
import type { LongAddress } from '../encoding.ts';
import { NodeError } from '../errors.ts';
import { checkEntryFunction, PayloadFormatError } from '../executor/payloadFormat.ts';
import type { DecodedTransaction } from '../executor/decode.ts';
import {
  DecodeError,
  decodeSignedTransaction,
  splitSignedTransactions,
  TooManyTransactions,
} from '../executor/decode.ts';
import { execute } from '../executor/execute.ts';
import type { TraceMode } from '../executor/trace.ts';
import type { MoveTrace } from '../move/vm/traceTypes.ts';
import { validate, validationFailureOutput } from '../executor/validate.ts';
import { GAS } from '../executor/gas.ts';
import { aptBalance } from '../framework/assets.ts';
import type { StateReader, TransactionOutput } from '../storage/types.ts';

/** The entry function of a plain, `Multisig` or `payload_v2` (orderless) entry function payload. */
function entryFunctionOf(raw: RawTransaction): EntryFunction | null {
  const payload = raw.payload;
  if (payload instanceof TransactionPayloadEntryFunction) return payload.entryFunction;
  if (payload instanceof TransactionPayloadMultiSig)
    return payload.multiSig.transaction_payload?.transaction_payload ?? null;
  if (
    payload instanceof TransactionInnerPayloadV1 &&
    payload.executable instanceof TransactionExecutableEntryFunction
  )
    return payload.executable.entryFunction;
  return null;
}

/** The node's 400 for bytes that are not a signed transaction (or a vector of them). */
function undecodable(error: unknown): NodeError {
  const reason = error instanceof DecodeError ? error.message : String(error);
  return new NodeError({
    code: 'invalid_input',
    message: `Failed to deserialize input into SignedTransaction: ${reason}`,
  });
}

/**
 * Decodes a submitted or simulated `SignedTransaction` and checks it as the node's API does before
 * anything else sees it.
 *
 * @throws NodeError `invalid_input` with the node's message.
 */
export function admit(bytes: Uint8Array): DecodedTransaction {
  let tx: DecodedTransaction;
  try {
    tx = decodeSignedTransaction(bytes);
  } catch (error) {
    throw undecodable(error);
  }
  if (
    tx.payloadKind !== 'entry_function' &&
    tx.payloadKind !== 'script' &&
    tx.payloadKind !== 'multisig'
  ) {
    throw new NodeError({
      code: 'invalid_input',
      message: `The local chain runs entry function and script payloads only (got a ${tx.payloadKind} payload); call the function through an entry function`,
    });
  }
  const entryFunction = entryFunctionOf(tx.raw);
  if (entryFunction !== null) {
    try {
      checkEntryFunction(
        entryFunction,
        entryFunction.module_name.address.toStringLong() as LongAddress,
      );
    } catch (error) {
      if (!(error instanceof PayloadFormatError)) throw error;
      const deserialize = error.message.startsWith('unknown variant');
      throw new NodeError({
        code: 'invalid_input',
        message: deserialize
          ? `Failed to deserialize input into SignedTransaction: ${error.message}`
          : error.message,
      });
    }
  }
  return tx;
}

/** The node's default `api.max_submit_transaction_batch_size`. */
export const MAX_SUBMIT_BATCH = 100;

/**
 * Cuts and admits the body of `POST /transactions/batch`, a BCS `Vec<SignedTransaction>`, as the
 * node does: more than {@link MAX_SUBMIT_BATCH} transactions, bytes that are not such a vector, or
 * one transaction that {@link admit} refuses, and the whole batch is refused.
 *
 * @throws NodeError `invalid_input` with the node's message.
 */
export function admitBatch(body: Uint8Array): DecodedTransaction[] {
  let parts: Uint8Array[];
  try {
    parts = splitSignedTransactions(body, MAX_SUBMIT_BATCH);
  } catch (error) {
    if (error instanceof TooManyTransactions)
      throw new NodeError({ code: 'invalid_input', message: error.message });
    throw undecodable(error);
  }
  return parts.map(admit);
}

export interface SimulateFlags {
  estimateGasUnitPrice: boolean;
  estimateMaxGasAmount: boolean;
  estimatePrioritizedGasUnitPrice: boolean;
}

/**
 * Simulates a decoded transaction against `state` (nothing is written): the estimate flags replace
 * its gas price or max gas first; a validation failure is the output's bare status name.
 */
export function simulateTransaction(
  decoded: DecodedTransaction,
  state: StateReader,
  flags: SimulateFlags,
  context: { nowMicros: bigint; chainId: number },
  trace?: TraceMode,
): { tx: DecodedTransaction; output: TransactionOutput & { trace?: MoveTrace } } {
  const tx = { ...decoded };
  if (flags.estimatePrioritizedGasUnitPrice) tx.gasUnitPrice = BigInt(GAS.estimate.prioritized);
  else if (flags.estimateGasUnitPrice) tx.gasUnitPrice = BigInt(GAS.estimate.regular);
  if (flags.estimateMaxGasAmount) {
    const payer = tx.feePayer?.address ?? tx.sender;
    const affordable =
      tx.gasUnitPrice === 0n ? GAS.maxGasAmount : aptBalance(state, payer) / tx.gasUnitPrice;
    tx.maxGasAmount = affordable < GAS.maxGasAmount ? affordable : GAS.maxGasAmount;
  }
  const failure = validate(tx, state, {
    nowSeconds: context.nowMicros / 1_000_000n,
    chainId: context.chainId,
    signatures: 'skip',
    sequence: 'exact',
    simulation: true,
  });
  const output =
    failure === null
      ? execute(
          tx,
          state,
          { timestampMicros: context.nowMicros, chainId: context.chainId },
          trace === undefined ? { simulation: true } : { simulation: true, trace },
        )
      : validationFailureOutput(failure);
  return { tx, output };
}
