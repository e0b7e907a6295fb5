/**
 * Where the executor and `/view` hand a call to bytecode: a function of a module that is not in
 * the native framework runs here, on the same `NativeContext` (state, writes, events, gas).
 */
import type { ScriptFunctionArgument } from '@aptos-labs/ts-sdk';
import { Serialized } from '@aptos-labs/ts-sdk';
import type { Json, LongAddress } from '../encoding.ts';
import { fromHex, sha3, shortAddress, toHex } from '../encoding.ts';
import type { DecodedTransaction } from './decode.ts';
import { NodeError } from '../errors.ts';
import { GAS, GasMeter } from './gas.ts';
import type { NativeContext, PublishRuntime } from '../move/vm/nativeContext.ts';
import type { NativeFunction } from '../framework/context.ts';
import { findModule } from '../framework/registry.ts';
import { FRAMEWORK_LINK } from '../framework/vmBridge.ts';
import type { StateKey, StateReader, StateValue } from '../storage/types.ts';
import { readScript } from '../move/binary/reader.ts';
import type { CompiledModule, CompiledScript } from '../move/binary/types.ts';
import { abilityNames, BinaryFormatError } from '../move/binary/types.ts';
import type { GasCounter, ModuleStore, NativeCall, ViewArgs } from '../move/vm/index.ts';
import { vmError } from '../move/vm/errors.ts';
import { loadScript } from '../move/vm/loader.ts';
import { moduleStoreOf } from '../move/vm/moduleSource.ts';
import { checkModule } from '../move/vm/prepare.ts';
import { verifyDependencies } from '../move/verifier/dependencies.ts';
import { VmSession } from '../move/vm/session.ts';
import { K, parseTy, tyString } from '../move/vm/ty.ts';
import { deserialize, ValueError } from '../move/vm/values.ts';
import { toJson } from '../move/vm/valuesJson.ts';
import { vmFailureOf } from '../move/vm/vmOutcome.ts';
import {
  bytecodeModule,
  runEntry,
  runInit,
  runNativeEntry,
  runNativeView,
  runScript,
  runView,
  ViewFailure,
} from '../move/vm/index.ts';

export function gasCounterOf(meter: GasMeter): GasCounter {
  return {
    remaining: () => meter.remaining(),
    consume: (internal) => meter.chargeExecution(internal),
  };
}

/** An entry call as the transaction names it. */
export interface BytecodeEntryCall {
  module: LongAddress;
  moduleName: string;
  functionName: string;
  typeArgs: string[];
  args: Uint8Array[];
}

/**
 * Runs `call` if its module is published bytecode; `false` when there is no such module (the
 * caller then fails with `LINKER_ERROR` as before). Aborts and VM failures throw the framework's
 * `MoveAbort` / `VmStatusError`, which the executor already renders.
 */
export function runBytecodeEntry(
  ctx: NativeContext,
  meter: GasMeter,
  txHash: string,
  call: BytecodeEntryCall,
): boolean {
  const store = moduleStoreOf(ctx);
  const module = bytecodeModule(store, ctx, call.module, call.moduleName);
  if (module === null) return false;
  runEntry(
    {
      ctx,
      store,
      meter: gasCounterOf(meter),
      seed: Buffer.from(txHash.slice(2), 'hex'),
      framework: FRAMEWORK_LINK,
    },
    module,
    call.functionName,
    call.typeArgs,
    call.args,
  );
  return true;
}

const nativeCalls = new WeakMap<NativeFunction, NativeCall>();

/** A framework function's VM code with its ABI as VM types (parsed once per function). */
function nativeCallOf(address: LongAddress, moduleName: string, fn: NativeFunction): NativeCall {
  let call = nativeCalls.get(fn);
  if (call === undefined) {
    const impl = fn.native;
    if (impl === undefined) throw new Error(`${moduleName}::${fn.name} has no VM code`);
    call = {
      id: `${shortAddress(address)}::${moduleName}::${fn.name}`,
      params: fn.params.map((param) => parseTy(param, true)),
      returns: fn.returns.map((ret) => parseTy(ret, true)),
      typeParamCount: fn.typeParams.length,
      impl,
    };
    nativeCalls.set(fn, call);
  }
  return call;
}

/**
 * Runs a framework entry function the chain implements on the VM's values (`fn.native`) with
 * the transaction's BCS arguments: the same code bytecode reaches through `FRAMEWORK_LINK`.
 */
export function runFrameworkEntry(
  ctx: NativeContext,
  meter: GasMeter,
  txHash: string,
  fn: NativeFunction,
  call: BytecodeEntryCall,
): void {
  runNativeEntry(
    {
      ctx,
      store: moduleStoreOf(ctx),
      meter: gasCounterOf(meter),
      seed: Buffer.from(txHash.slice(2), 'hex'),
      framework: FRAMEWORK_LINK,
    },
    nativeCallOf(call.module, call.moduleName, fn),
    call.typeArgs,
    call.args,
  );
}

/** Runs a script payload's code. */
export function runBytecodeScript(
  ctx: NativeContext,
  meter: GasMeter,
  txHash: string,
  script: CompiledScript,
  typeArgs: string[],
  args: Uint8Array[],
): void {
  const store = moduleStoreOf(ctx);
  runScript(
    {
      ctx,
      store,
      meter: gasCounterOf(meter),
      seed: Buffer.from(txHash.slice(2), 'hex'),
      framework: FRAMEWORK_LINK,
    },
    script,
    typeArgs,
    args,
  );
}

/** Runs a `#[view]` of published bytecode; `null` when the module is not bytecode. */
export function runBytecodeView(
  ctx: NativeContext,
  meter: GasMeter,
  request: {
    module: LongAddress;
    moduleName: string;
    functionName: string;
    typeArgs: string[];
    args: ViewArgs;
  },
): Json[] | null {
  const store = moduleStoreOf(ctx);
  const module = bytecodeModule(store, ctx, request.module, request.moduleName);
  if (module === null) return null;
  return runView(
    { ctx, store, meter: gasCounterOf(meter), seed: new Uint8Array(32), framework: FRAMEWORK_LINK },
    module,
    request.functionName,
    request.typeArgs,
    request.args,
  );
}

/**
 * `/view` on published bytecode: runs against `state` with a view's gas budget, writes dropped.
 * `null` when the module is not bytecode. Failures throw a 400 `invalid_input`
 * `NodeError` as native views do.
 */
export function viewBytecode(
  state: StateReader,
  request: {
    module: LongAddress;
    moduleName: string;
    functionName: string;
    typeArgs: string[];
    args: ViewArgs;
  },
  block: { timestampMicros: bigint; chainId: number },
): { values: Json[]; gasUsed: bigint } | null {
  // A framework view (`native`, on the VM's values) runs here like bytecode's; any other function
  // of a framework module is refused by the caller with the node's message (`resolveView`).
  const framework = findModule(request.module, request.moduleName);
  const nativeFn = framework?.functions.find((fn) => fn.name === request.functionName);
  if (
    framework !== undefined &&
    (nativeFn?.native === undefined ||
      !nativeFn.isView ||
      nativeFn.typeParams.length !== request.typeArgs.length)
  )
    return null;
  const meter = new GasMeter(GAS.maxGasAmount, 0);
  meter.execution = GAS.viewCall;
  const ctx: NativeContext = {
    signers: [],
    timestampMicros: block.timestampMicros,
    chainId: block.chainId,
    get: (key) => {
      meter.chargeIo(GAS.readSlot);
      return state.get(key);
    },
    write: () => undefined,
    emit: () => undefined,
    charge: (internal) => meter.chargeExecution(internal),
  };
  try {
    const values =
      nativeFn?.native === undefined
        ? runBytecodeView(ctx, meter, request)
        : runNativeView(
            {
              ctx,
              store: moduleStoreOf(ctx),
              meter: gasCounterOf(meter),
              seed: new Uint8Array(32),
              framework: FRAMEWORK_LINK,
            },
            nativeCallOf(request.module, request.moduleName, nativeFn),
            request.typeArgs,
            request.args,
          );
    return values === null ? null : { values, gasUsed: meter.units() };
  } catch (error) {
    const refused = (message: string, vmErrorCode?: number) =>
      new NodeError({
        code: 'invalid_input',
        message,
        ...(vmErrorCode === undefined ? {} : { vmErrorCode }),
      });
    const failure = vmFailureOf(error);
    if (failure !== null) throw refused(failure.viewMessage, failure.code);
    if (error instanceof ViewFailure) throw refused(error.message);
    throw error;
  }
}

/**
 * Runs a freshly published module's `init_module(&signer)` (what `0x1::code` does after
 * publishing); `false` when the module has none.
 */
export function runBytecodeInit(
  ctx: NativeContext,
  meter: GasMeter,
  txHash: string,
  address: LongAddress,
  name: string,
): boolean {
  const store = moduleStoreOf(ctx);
  const module = bytecodeModule(store, ctx, address, name);
  if (module?.functionByName.get('init_module') === undefined) return false;
  runInit(
    {
      ctx,
      store,
      meter: gasCounterOf(meter),
      seed: Buffer.from(txHash.slice(2), 'hex'),
      framework: FRAMEWORK_LINK,
    },
    module,
    address,
  );
  return true;
}

/** BCS bytes of a script argument (`Serialized` carries them already). */
function scriptArgBytes(arg: ScriptFunctionArgument): Uint8Array {
  return arg instanceof Serialized ? arg.value : arg.bcsToBytes();
}

/**
 * A script payload: its code read by the binary reader (a binary that does not read fails with
 * the reader's status, as a node's `CODE_DESERIALIZATION_ERROR` does), then run with the
 * transaction's signers.
 */
export function runScriptPayload(
  ctx: NativeContext,
  meter: GasMeter,
  tx: DecodedTransaction,
): void {
  const payload = tx.script; // a script payload, plain or `payload_v2`
  if (payload === null) throw vmError('FEATURE_UNDER_GATING');
  let script: CompiledScript;
  try {
    script = readScript(payload.bytecode);
  } catch (error) {
    if (error instanceof BinaryFormatError) throw vmError('CODE_DESERIALIZATION_ERROR');
    throw error;
  }
  runBytecodeScript(
    ctx,
    meter,
    tx.hash,
    script,
    payload.type_args.map((tag) => tag.toString()),
    payload.args.map(scriptArgBytes),
  );
}

/** The `payload` JSON of a script transaction as a node prints it (code, ABI, decoded arguments). */
export function scriptPayloadJson(tx: DecodedTransaction): { [key: string]: Json } {
  const script = tx.script;
  if (script === null) return { type: `${tx.payloadKind}_payload` };
  const bytecode = toHex(script.bytecode);
  const typeArgs = script.type_args.map((tag) => tag.toString());
  const rawArgs = script.args.map(scriptArgBytes);
  let code: { [key: string]: Json } = { bytecode };
  let args: Json[] = rawArgs.map((bytes) => toHex(bytes));
  try {
    const fn = loadScript(readScript(script.bytecode));
    code = {
      bytecode,
      abi: {
        name: 'main',
        visibility: 'public',
        is_entry: true,
        is_view: false,
        generic_type_params: fn.typeParams.map((set) => ({ constraints: abilityNames(set) })),
        params: fn.params.map(tyString),
        return: [],
      },
    };
    const params = fn.params.filter(
      (ty) =>
        ty.k !== K.SIGNER && !((ty.k === K.REF || ty.k === K.MUT_REF) && ty.to.k === K.SIGNER),
    );
    const noStructs = () => {
      throw new ValueError('struct argument');
    };
    if (params.length === rawArgs.length) {
      args = params.map((ty, i) =>
        toJson(ty, deserialize(ty, rawArgs[i] as Uint8Array, noStructs), noStructs),
      );
    }
  } catch {
    // What was accepted is printed, never re-judged: code that does not read stays bytes only.
  }
  return { type: 'script_payload', code, type_arguments: typeArgs, arguments: args };
}

/**
 * For the publisher: prepares every function of a package's modules as the interpreter will
 * (structs resolved in the package, then in state and the framework); throws the framework's
 * `VmStatusError` (e.g. `UNKNOWN_INVARIANT_VIOLATION_ERROR`, `TYPE_RESOLUTION_FAILURE`) for code
 * it could not run.
 */
export function checkPackage(
  state: { get(key: StateKey): StateValue | null },
  modules: readonly CompiledModule[],
): void {
  const bundle = new Map<string, CompiledModule>();
  for (const compiled of modules) {
    const self = compiled.moduleHandles[compiled.selfModuleHandleIdx];
    if (self === undefined) continue;
    const address = compiled.addressIdentifiers[self.address] ?? '';
    bundle.set(`${address}::${compiled.identifiers[self.name] ?? ''}`, compiled);
  }
  const stored = moduleStoreOf(state);
  const store: ModuleStore = {
    module: (address, name) => bundle.get(`${address}::${name}`) ?? stored.module(address, name),
  };
  const ctx: NativeContext = {
    signers: [],
    timestampMicros: 0n,
    chainId: 0,
    get: (key) => state.get(key),
    write: () => undefined,
    emit: () => undefined,
    charge: () => undefined,
  };
  const session = new VmSession(ctx, store, new Uint8Array(), FRAMEWORK_LINK);
  for (const key of bundle.keys()) {
    const [address, name] = key.split('::') as [LongAddress, string];
    const module = session.module(address, name);
    if (module === null) continue;
    checkModule(module, (s) => session.struct(s));
    // A node's dependency check: every call into another module must be visible from this one.
    verifyDependencies(module.compiled, module.id, (a, m, n) => session.callee(a, m, n));
  }
}

/**
 * How the executor's sessions publish (`ctx.publishing`, read by `localnet/move/publish.ts`): every
 * bundle through {@link checkPackage}, then `init_module` in the publishing transaction's context
 * and on its gas meter (the executor's session carries it).
 */
export const BYTECODE_PUBLISHING: PublishRuntime = {
  verify: (ctx, modules) => checkPackage(ctx, modules),
  runInit: (ctx, address, name) => {
    const meter = (ctx as { meter?: GasMeter | null }).meter ?? new GasMeter(GAS.maxGasAmount, 0);
    const seed = toHex(sha3(fromHex(address), new TextEncoder().encode(`${name}::init_module`)));
    runBytecodeInit(ctx, meter, seed, address, name);
  },
};
