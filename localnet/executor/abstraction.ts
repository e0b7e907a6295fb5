import type { LongAddress } from '../encoding.ts';
import type { NativeContext } from '../framework/context.ts';
import { MoveAbort, VmStatusError } from '../framework/context.ts';
import { findModule } from '../framework/registry.ts';
import {
  aaAbort,
  AA_ERRORS,
  DERIVABLE_FUNCTIONS,
  registeredFunctions,
} from '../framework/modules/accountAbstraction.ts';
import { sameFunction } from '../framework/modules/functionInfo.ts';
import { ERROR_CATEGORY } from '../framework/context.ts';
import { moduleStoreOf } from '../move/vm/moduleSource.ts';
import { FRAMEWORK_LINK } from '../framework/vmBridge.ts';
import { gasCounterOf } from './bytecode.ts';
import { vmError } from '../move/vm/errors.ts';
import { Interpreter } from '../move/vm/interpreter.ts';
import { VmSession } from '../move/vm/session.ts';
import { K } from '../move/vm/ty.ts';
import type { Value } from '../move/vm/values.ts';
import type { StateKey, StateReader, StateValue } from '../storage/types.ts';
import type { DecodedTransaction, Signer } from './decode.ts';
import type { AbstractionProof } from './abstractionProof.ts';
import { abstractionProof, deriveAccountAddress } from './abstractionProof.ts';
import { GasMeter, OutOfGas } from './gas.ts';
import type { StatusName } from '../move/vm/statusCodes.ts';

// Account abstraction (AIP-104): a signer whose `AccountAuthenticator` is `Abstraction` is
// authenticated by a Move function the account registered (`0x1::account_abstraction`). The
// signature check only compares the digest with the transaction's signing message; the
// registered function then runs, as the node's `dispatchable_authenticate`, before the prologue.

/** The `0x1::auth_data::AbstractionAuthData` value the function receives (enum: tag, fields). */
function authDataValue(proof: AbstractionProof): Value {
  const bytes = (b: Uint8Array): Value => Array.from(b);
  return proof.data.kind === 'v1'
    ? [0, bytes(proof.digest), bytes(proof.data.authenticator)]
    : [1, bytes(proof.digest), bytes(proof.data.signature), bytes(proof.data.publicKey)];
}

/**
 * `account_abstraction::authenticate(account, func_info, signing_data)`: the function must be
 * registered for the account (or, derivable, at `0x1` with the address derived from the key);
 * then it runs and must return the account's own signer. Throws the Move abort or VM status.
 */
export function authenticateAbstraction(
  ctx: NativeContext,
  meter: GasMeter,
  seed: Uint8Array,
  signer: LongAddress,
  proof: AbstractionProof,
): void {
  if (proof.data.kind === 'derivable') {
    if (deriveAccountAddress(proof.info, proof.data.publicKey) !== signer) {
      aaAbort(AA_ERRORS.inconsistentSigner);
    }
    if (!DERIVABLE_FUNCTIONS.some((info) => sameFunction(info, proof.info))) {
      aaAbort(AA_ERRORS.existence(ERROR_CATEGORY.notFound));
    }
  } else {
    const registered = registeredFunctions(ctx, signer);
    if (registered === null) aaAbort(AA_ERRORS.notUsed);
    if (!(registered ?? []).some((info) => sameFunction(info, proof.info))) {
      aaAbort(AA_ERRORS.existence(ERROR_CATEGORY.notFound));
    }
  }
  const returned = dispatch(ctx, meter, seed, signer, proof);
  if (returned !== signer) aaAbort(AA_ERRORS.inconsistentSigner);
}

/** `dispatchable_authenticate`: the registered function, run by the VM (bytecode or native). */
function dispatch(
  ctx: NativeContext,
  meter: GasMeter,
  seed: Uint8Array,
  signer: LongAddress,
  proof: AbstractionProof,
): LongAddress {
  const { moduleAddress, moduleName, functionName } = proof.info;
  const store = moduleStoreOf(ctx);
  const session = new VmSession(ctx, store, seed, FRAMEWORK_LINK);
  const module = session.module(moduleAddress, moduleName);
  if (module === null) {
    // A framework function on the VM's values (`nativeAuthFunction`), or only declared.
    const native = findModule(moduleAddress, moduleName);
    if (native === undefined) throw vmError('LINKER_ERROR');
    const fn = native.functions.find((candidate) => candidate.name === functionName);
    if (fn?.native === undefined) {
      throw vmError('FUNCTION_RESOLUTION_FAILURE', `${moduleName}::${functionName}`);
    }
    const [result] = new Interpreter(session, gasCounterOf(meter)).runNative(
      `${native.address}::${moduleName}::${functionName}`,
      fn.native,
      [],
      [signer, authDataValue(proof)],
    );
    session.finish();
    return result as LongAddress;
  }
  const fn = module.functionByName.get(functionName);
  if (fn === undefined)
    throw vmError('FUNCTION_RESOLUTION_FAILURE', `${module.id}::${functionName}`);
  const [result] = new Interpreter(session, gasCounterOf(meter)).run(
    fn,
    [],
    [signer, authDataValue(proof)],
  );
  session.finish();
  if (fn.returns[0]?.k !== K.SIGNER || typeof result !== 'string') {
    throw vmError('UNKNOWN_INVARIANT_VIOLATION_ERROR', fn.id);
  }
  return result as LongAddress;
}

function ctxWithSigner(ctx: NativeContext, signer: LongAddress): NativeContext {
  return {
    signers: [signer],
    timestampMicros: ctx.timestampMicros,
    chainId: ctx.chainId,
    get: (key) => ctx.get(key),
    write: (key, value) => ctx.write(key, value),
    emit: (type, data, handle) => ctx.emit(type, data, handle),
    charge: (internal) => ctx.charge(internal),
  };
}

/** Every signer with an `Abstraction` authenticator, with its proof. */
function abstractSigners(
  tx: DecodedTransaction,
): Array<{ signer: Signer; proof: AbstractionProof }> {
  const all = [
    tx.senderSigner,
    ...tx.secondarySigners,
    ...(tx.feePayer === null ? [] : [tx.feePayer]),
  ];
  const out: Array<{ signer: Signer; proof: AbstractionProof }> = [];
  for (const signer of all) {
    const proof = abstractionProof(signer.authenticator);
    if (proof !== null && proof !== 'malformed') out.push({ signer, proof });
  }
  return out;
}

/** True when some signer authenticates through account abstraction. */
export const usesAbstraction = (tx: DecodedTransaction): boolean => abstractSigners(tx).length > 0;

/**
 * The node's `max_aa_gas`: an authentication function may use at most 60 gas units (or the
 * transaction's `max_gas_amount`, if lower); past it the transaction is discarded with
 * `ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED`.
 */
export const MAX_AA_GAS = 60n;

const VM_STATUSES = new Set([
  'FUNCTION_RESOLUTION_FAILURE',
  'LINKER_ERROR',
  'MISSING_DATA',
  'ARITHMETIC_ERROR',
  'VECTOR_OPERATION_ERROR',
]);

/**
 * Runs every abstract signer's authentication on top of `state` (its writes discarded), with its
 * gas bounded by `MAX_AA_GAS`: `null` when all return their signer, else the status a node's
 * validator answers with (`ABORTED` for an abort, the VM status otherwise). `detail` receives the
 * abort's full `vm_status`.
 */
export function abstractionFailure(
  tx: DecodedTransaction,
  state: StateReader,
  block: { timestampMicros: bigint; chainId: number },
  detail?: (vmStatus: string) => void,
): StatusName | null {
  for (const { signer, proof } of abstractSigners(tx)) {
    const limit = tx.maxGasAmount < MAX_AA_GAS ? tx.maxGasAmount : MAX_AA_GAS;
    const meter = new GasMeter(limit, 0);
    meter.execution = 0;
    const writes = new Map<StateKey, StateValue | null>();
    const ctx: NativeContext = {
      signers: [signer.address],
      timestampMicros: block.timestampMicros,
      chainId: block.chainId,
      get: (key) => (writes.has(key) ? (writes.get(key) ?? null) : state.get(key)),
      write: (key, value) => writes.set(key, value),
      emit: () => undefined,
      charge: (internal) => meter.chargeExecution(internal),
    };
    try {
      authenticateAbstraction(
        ctx,
        meter,
        Buffer.from(tx.hash.slice(2), 'hex'),
        signer.address,
        proof,
      );
    } catch (error) {
      if (error instanceof OutOfGas) return 'ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED';
      if (error instanceof MoveAbort) {
        detail?.(error.vmStatus);
        return 'ABORTED';
      }
      if (error instanceof VmStatusError) {
        detail?.(error.message);
        return VM_STATUSES.has(error.status)
          ? (error.status as StatusName)
          : 'UNKNOWN_INVARIANT_VIOLATION_ERROR';
      }
      throw error;
    }
  }
  return null;
}

/**
 * Runs every abstract signer's authentication inside the transaction, on its session and gas
 * meter (the gas is the transaction's, as on a node). Throws as `authenticateAbstraction`.
 */
export function runAbstractionAuthentication(
  tx: DecodedTransaction,
  ctx: NativeContext,
  meter: GasMeter,
): void {
  for (const { signer, proof } of abstractSigners(tx)) {
    const own = ctxWithSigner(ctx, signer.address);
    authenticateAbstraction(
      own,
      meter,
      Buffer.from(tx.hash.slice(2), 'hex'),
      signer.address,
      proof,
    );
  }
}
