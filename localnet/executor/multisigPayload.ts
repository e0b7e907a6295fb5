// The VM's `Multisig` transaction payload (TransactionPayload variant 3): an owner executes the
// next pending transaction of a `0x1::multisig_account` account, which runs as that account.
// As aptos-vm's `execute_multisig_transaction`: the payload is the stored one (or the one
// provided when only its hash was stored); a failure of the inner call is tolerated (its writes
// dropped, the multisig transaction still resolved) and the outer transaction succeeds; the
// cleanup (`successful_`/`failed_transaction_execution_cleanup`) runs unmetered in the epilogue.
import type { EntryFunction, EntryFunctionBytes } from '@aptos-labs/ts-sdk';
import {
  Deserializer,
  MultiSigTransactionPayload,
  TransactionPayloadMultiSig,
} from '@aptos-labs/ts-sdk';
import type { LongAddress } from '../encoding.ts';
import type { NativeContext } from '../framework/context.ts';
import { MoveAbort, VmStatusError } from '../framework/context.ts';
import { STATUS_CODES } from '../move/vm/statusCodes.ts';
import type { ExecutionError, MultisigPrologueStatus } from '../framework/multisig/transactions.ts';
import {
  failedExecutionCleanup,
  nextTransactionPayload,
  successfulExecutionCleanup,
  validateMultisigTransaction,
} from '../framework/multisig/transactions.ts';
import type { StateReader } from '../storage/types.ts';
import type { DecodedTransaction, EntryCall } from './decode.ts';

/** The multisig account and the payload the transaction carries (if any), BCS as the VM sees it. */
export interface MultisigPayload {
  multisig: LongAddress;
  /** `bcs(MultisigTransactionPayload::EntryFunction(..))`, or empty when none is provided. */
  provided: Uint8Array;
  call: EntryCall | null;
}

const longAddress = (address: { toStringLong(): string }) => address.toStringLong() as LongAddress;

/** An entry function as the executor calls it (arguments kept as BCS). */
export function entryCallFrom(call: EntryFunction): EntryCall {
  return {
    module: longAddress(call.module_name.address),
    moduleName: call.module_name.name.identifier,
    functionName: call.function_name.identifier,
    typeArgs: call.type_args.map((tag) => tag.toString()),
    args: call.args.map((arg) => (arg as EntryFunctionBytes).value.value),
  };
}

/** The multisig payload of a transaction, or `null` for any other payload. */
export function multisigPayloadOf(tx: DecodedTransaction): MultisigPayload | null {
  const payload = tx.raw.payload;
  if (!(payload instanceof TransactionPayloadMultiSig)) return null;
  const inner = payload.multiSig.transaction_payload;
  return {
    multisig: longAddress(payload.multiSig.multisig_address),
    provided: inner === undefined ? new Uint8Array(0) : inner.bcsToBytes(),
    call: inner === undefined ? null : entryCallFrom(inner.transaction_payload),
  };
}

/**
 * The multisig prologue (`validate_multisig_transaction`) of a transaction, `null` when it passes
 * or the payload is not a multisig one. A node skips it when simulating.
 */
export function multisigPrologue(
  tx: DecodedTransaction,
  state: StateReader,
): MultisigPrologueStatus | null {
  const multisig = multisigPayloadOf(tx);
  if (multisig === null) return null;
  return validateMultisigTransaction(state, tx.sender, multisig.multisig, multisig.provided);
}

/** Runs `call` as `signer` in a child session: `null` when it succeeded (writes kept), else the error. */
export type RunAs = (signer: LongAddress, call: EntryCall) => unknown;

/** What the VM's `ExecutionError::try_from(VMStatus)` makes of a failure. */
function executionErrorOf(error: unknown): ExecutionError {
  if (error instanceof MoveAbort) {
    return { abortLocation: error.module, errorType: 'MoveAbort', errorCode: error.code };
  }
  if (error instanceof VmStatusError) {
    return { abortLocation: '', errorType: 'VMError', errorCode: BigInt(error.code) };
  }
  return { abortLocation: '', errorType: 'VMError', errorCode: 0n };
}

/**
 * Executes a multisig payload in the user session `ctx`. Failures to find or decode the payload
 * fail the whole transaction (thrown); a failure of the inner call does not. Returns the cleanup
 * to run on the epilogue session.
 */
export function executeMultisigPayload(
  tx: DecodedTransaction,
  ctx: NativeContext,
  runAs: RunAs,
): (epilogue: NativeContext) => void {
  const { multisig, provided } = multisigPayloadOf(tx) ?? {
    multisig: tx.sender,
    provided: new Uint8Array(0),
  };
  const payloadBytes = nextTransactionPayload(ctx, multisig, provided);
  let call: EntryCall;
  try {
    // Variant 0, EntryFunction (the SDK's reader does not check the variant).
    if (payloadBytes[0] !== 0) throw new Error('not an entry function');
    const deserializer = new Deserializer(payloadBytes);
    call = entryCallFrom(MultiSigTransactionPayload.deserialize(deserializer).transaction_payload);
    if (deserializer.remaining() !== 0) throw new Error('remaining input');
  } catch {
    throw new VmStatusError(
      'FAILED_TO_DESERIALIZE_ARGUMENT',
      STATUS_CODES.FAILED_TO_DESERIALIZE_ARGUMENT,
    );
  }
  const error = runAs(multisig, call);
  return error === null
    ? (epilogue) => successfulExecutionCleanup(epilogue, tx.sender, multisig, payloadBytes)
    : (epilogue) =>
        failedExecutionCleanup(
          epilogue,
          tx.sender,
          multisig,
          payloadBytes,
          executionErrorOf(error),
        );
}
