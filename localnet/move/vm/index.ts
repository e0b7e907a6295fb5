/**
 * The Move bytecode VM's entry points for the executor and the view endpoint: run an entry
 * function, a view function or a script of published bytecode on top of a `NativeContext`.
 * Layout: `loader.ts` (CompiledModule → loaded functions), `prepare.ts` (code → dense opcodes,
 * with the verifier's type pass), `interpreter.ts` (the loop),
 * `natives.ts` (std/aptos_std), the native framework through the `FrameworkLink` a caller passes
 * (`localnet/framework/vmBridge.ts`),
 * `session.ts` (globals, tables, events, write-back), `values.ts` (values, BCS, JSON).
 */
import type { Json, LongAddress } from '../../encoding.ts';
import { shortAddress } from '../../encoding.ts';
import type { NativeContext } from './nativeContext.ts';
import type { CompiledScript } from '../binary/types.ts';
import { vmError } from './errors.ts';
import { isFrameworkModule } from './frameworkModules.ts';
import type { GasCounter } from './interpreter.ts';
import { Interpreter } from './interpreter.ts';
import type { LoadedModule, NativeImpl } from './loader.ts';
import { verifyDependencies } from '../verifier/dependencies.ts';
import { verifyUnit } from '../verifier/index.ts';
import { loadScript } from './loader.ts';
import { verifyCode } from './prepare.ts';
import type { FrameworkLink, ModuleStore } from './session.ts';
import { loadStored, VmSession } from './session.ts';
import type { Ty } from './ty.ts';
import { K, parseTy, subst, TypeParseError } from './ty.ts';
import type { Value } from './values.ts';
import { deserialize, Ref, ValueError } from './values.ts';
import { fromJson, toJson } from './valuesJson.ts';

export { BytecodeAbort, VmError } from './errors.ts';
export type { GasCounter } from './interpreter.ts';
export type { FrameworkLink, ModuleStore } from './session.ts';

export interface VmCall {
  ctx: NativeContext;
  store: ModuleStore;
  meter: GasCounter;
  /** Seeds new table handles (the transaction's hash; any fixed bytes for a view). */
  seed: Uint8Array;
  /** The native framework's functions and structs (the layer above supplies them). */
  framework: FrameworkLink;
}

const isSignerParam = (ty: Ty): boolean =>
  ty.k === K.SIGNER || ((ty.k === K.REF || ty.k === K.MUT_REF) && ty.to.k === K.SIGNER);

function parseTypeArgs(typeArgs: readonly string[], expected: number): Ty[] {
  if (typeArgs.length !== expected) throw vmError('NUMBER_OF_TYPE_ARGUMENTS_MISMATCH');
  try {
    return typeArgs.map((arg) => parseTy(arg));
  } catch (error) {
    if (error instanceof TypeParseError) throw vmError('TYPE_RESOLUTION_FAILURE');
    throw error;
  }
}

/** The bytecode module at `address::name`, if one is published. */
export function bytecodeModule(
  store: ModuleStore,
  _ctx: NativeContext,
  address: LongAddress,
  name: string,
): LoadedModule | null {
  return loadStored(store, address, name);
}

function signerArgs(
  fn: { params: readonly Ty[] },
  signers: readonly LongAddress[],
): { values: Value[]; count: number } {
  let count = 0;
  while (count < fn.params.length && isSignerParam(fn.params[count] as Ty)) count += 1;
  if (count > 0 && count !== signers.length) throw vmError('NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH');
  const values = signers
    .slice(0, count)
    .map((signer, i) =>
      (fn.params[i] as Ty).k === K.SIGNER ? (signer as Value) : new Ref([signer], 0),
    );
  return { values, count };
}

const FRAMEWORK = `0x${'0'.repeat(63)}1` as LongAddress;

/**
 * The framework structs a transaction may pass as an argument (aptos-vm's
 * `transaction_arg_validation.rs`, its constructor map), by `module::name` at `0x1`.
 */
const ALLOWED_ARG_STRUCTS = new Set([
  'string::String',
  'object::Object',
  'option::Option',
  'fixed_point32::FixedPoint32',
  'fixed_point64::FixedPoint64',
]);

/**
 * Whether a transaction may pass a value of `ty` (instantiated) to an entry function or script,
 * as aptos-vm's `is_valid_txn_arg` / `construct_arg` decide: integers, `bool`, `address`,
 * vectors of those, and the structs above (an `Option`'s element too; an `Object`'s type is
 * phantom). A signer after the leading ones, a reference, a type parameter, a function type or
 * any other struct is `INVALID_MAIN_FUNCTION_SIGNATURE`.
 */
function validTxnArg(ty: Ty): boolean {
  switch (ty.k) {
    case K.BOOL:
    case K.U8:
    case K.U16:
    case K.U32:
    case K.U64:
    case K.U128:
    case K.U256:
    case K.I8:
    case K.I16:
    case K.I32:
    case K.I64:
    case K.I128:
    case K.I256:
    case K.ADDRESS:
      return true;
    case K.VECTOR:
      return validTxnArg(ty.elem);
    case K.STRUCT: {
      if (ty.s.address !== FRAMEWORK) return false;
      const id = `${ty.s.module}::${ty.s.name}`;
      if (!ALLOWED_ARG_STRUCTS.has(id)) return false;
      return id !== 'option::Option' || ty.args.every(validTxnArg);
    }
    default:
      return false;
  }
}

/** A transaction's arguments for an entry function or script (after its signers). */
function decodeTxnArgs(
  session: VmSession,
  params: readonly Ty[],
  tys: readonly Ty[],
  args: readonly Uint8Array[],
): Value[] {
  if (params.length !== args.length) throw vmError('NUMBER_OF_ARGUMENTS_MISMATCH');
  if (params.some((param) => !validTxnArg(subst(param, tys))))
    throw vmError('INVALID_MAIN_FUNCTION_SIGNATURE');
  return decodeArgs(session, params, tys, args);
}

function decodeArgs(
  session: VmSession,
  params: readonly Ty[],
  tys: readonly Ty[],
  args: readonly Uint8Array[],
): Value[] {
  if (params.length !== args.length) throw vmError('NUMBER_OF_ARGUMENTS_MISMATCH');
  try {
    return params.map((param, i) =>
      deserialize(subst(param, tys), args[i] as Uint8Array, session.layout),
    );
  } catch (error) {
    if (error instanceof ValueError) throw vmError('FAILED_TO_DESERIALIZE_ARGUMENT');
    throw error;
  }
}

/** Runs an entry function of a bytecode module with BCS arguments (the transaction's). */
export function runEntry(
  call: VmCall,
  module: LoadedModule,
  functionName: string,
  typeArgs: readonly string[],
  args: readonly Uint8Array[],
): void {
  const fn = module.functionByName.get(functionName);
  if (fn === undefined)
    throw vmError('FUNCTION_RESOLUTION_FAILURE', `${module.id}::${functionName}`);
  if (!fn.isEntry) throw vmError('EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION');
  const tys = parseTypeArgs(typeArgs, fn.typeParams.length);
  const session = new VmSession(call.ctx, call.store, call.seed, call.framework);
  const signers = signerArgs(fn, call.ctx.signers);
  const values = [
    ...signers.values,
    ...decodeTxnArgs(session, fn.params.slice(signers.count), tys, args),
  ];
  new Interpreter(session, call.meter).run(fn, tys, values);
  session.finish();
}

/** Runs `init_module(&signer)` of a module just published at `address`. */
export function runInit(call: VmCall, module: LoadedModule, address: LongAddress): void {
  const fn = module.functionByName.get('init_module');
  if (fn === undefined) return;
  const session = new VmSession(call.ctx, call.store, call.seed, call.framework);
  const signer: Value =
    (fn.params[0] as Ty | undefined)?.k === K.SIGNER ? address : new Ref([address], 0);
  new Interpreter(session, call.meter).run(fn, [], fn.params.length === 0 ? [] : [signer]);
  session.finish();
}

/**
 * A node loads a script's dependencies before running it: each module it names must exist
 * (`LINKER_ERROR`), even one the run never calls. The framework's resolve without bytecode.
 */
function checkScriptDependencies(session: VmSession, script: CompiledScript): void {
  for (const handle of script.moduleHandles) {
    const address = script.addressIdentifiers[handle.address] as LongAddress;
    const name = script.identifiers[handle.name] as string;
    if (isFrameworkModule(shortAddress(address), name)) continue;
    if (session.module(address, name) === null)
      throw vmError('LINKER_ERROR', `${address}::${name}`);
  }
}

/** Runs a script payload (its code deserialized by the reader) with BCS arguments. */
export function runScript(
  call: VmCall,
  script: CompiledScript,
  typeArgs: readonly string[],
  args: readonly Uint8Array[],
): void {
  const fn = loadScript(script);
  const tys = parseTypeArgs(typeArgs, fn.typeParams.length);
  const session = new VmSession(call.ctx, call.store, call.seed, call.framework);
  // A node verifies a script before running it: the verifier's statuses, as on publishing.
  verifyUnit(script, 'script');
  checkScriptDependencies(session, script);
  verifyCode(fn, (name) => session.struct(name));
  // Then, as a node's loader, the script's calls against its dependencies (visibility).
  verifyDependencies(script, 'script', (address, module, name) =>
    session.callee(address, module, name),
  );
  const signers = signerArgs(fn, call.ctx.signers);
  const values = [
    ...signers.values,
    ...decodeTxnArgs(session, fn.params.slice(signers.count), tys, args),
  ];
  new Interpreter(session, call.meter).run(fn, tys, values);
  session.finish();
}

/**
 * A framework function the chain implements on the VM's values (`NativeFunction.native`), as a
 * transaction's entry function or a view: its ABI parsed into VM types, and its code.
 */
export interface NativeCall {
  /** `0x1::m::f`, as failures name it. */
  id: string;
  params: readonly Ty[];
  returns: readonly Ty[];
  typeParamCount: number;
  impl: NativeImpl;
}

/** Runs a native framework entry function with a transaction's BCS arguments. */
export function runNativeEntry(
  call: VmCall,
  fn: NativeCall,
  typeArgs: readonly string[],
  args: readonly Uint8Array[],
): void {
  const tys = parseTypeArgs(typeArgs, fn.typeParamCount);
  const session = new VmSession(call.ctx, call.store, call.seed, call.framework);
  const signers = signerArgs(fn, call.ctx.signers);
  const values = [
    ...signers.values,
    ...decodeTxnArgs(session, fn.params.slice(signers.count), tys, args),
  ];
  new Interpreter(session, call.meter).runNative(fn.id, fn.impl, tys, values);
  session.finish();
}

/** Runs a native framework view with JSON or BCS arguments; its results as a node renders them. */
export function runNativeView(
  call: VmCall,
  fn: NativeCall,
  typeArgs: readonly string[],
  args: ViewArgs,
): Json[] {
  const tys = parseTypeArgs(typeArgs, fn.typeParamCount);
  const session = new VmSession(call.ctx, call.store, call.seed, call.framework);
  const values = viewArgs(session, fn.params, tys, args);
  const results = new Interpreter(session, call.meter).runNative(fn.id, fn.impl, tys, values);
  return fn.returns.map((ret, i) => toJson(subst(ret, tys), results[i] as Value, session.layout));
}

function viewArgs(
  session: VmSession,
  params: readonly Ty[],
  tys: readonly Ty[],
  args: ViewArgs,
): Value[] {
  const given = 'json' in args ? args.json : args.bcs;
  if (given.length !== params.length) {
    throw new ViewFailure(`Function expects ${params.length} arguments, got ${given.length}`);
  }
  try {
    return 'json' in args
      ? params.map((param, i) => fromJson(subst(param, tys), args.json[i] ?? null, session.layout))
      : decodeArgs(session, params, tys, args.bcs);
  } catch (error) {
    if (error instanceof ValueError) throw new ViewFailure(`Invalid argument: ${error.message}`);
    throw error;
  }
}

/** A view function's arguments: JSON (as `/view` takes them) or BCS. */
export type ViewArgs = { json: Json[] } | { bcs: Uint8Array[] };

/** Runs a `#[view]` function and renders its results as a node does. Nothing is written. */
export function runView(
  call: VmCall,
  module: LoadedModule,
  functionName: string,
  typeArgs: readonly string[],
  args: ViewArgs,
): Json[] {
  const fn = module.functionByName.get(functionName);
  const id = `${module.id}::${functionName}`;
  if (fn === undefined) throw new ViewFailure(`Function ${id} does not exist`);
  if (!fn.isView) throw new ViewFailure(`Function ${id} is not marked as a view function`);
  if (fn.typeParams.length !== typeArgs.length) {
    throw new ViewFailure(
      `Function ${id} expects ${fn.typeParams.length} type arguments, got ${typeArgs.length}`,
    );
  }
  const tys = parseTypeArgs(typeArgs, fn.typeParams.length);
  const session = new VmSession(call.ctx, call.store, call.seed, call.framework);
  const values = viewArgs(session, fn.params, tys, args);
  const results = new Interpreter(session, call.meter).run(fn, tys, values);
  return fn.returns.map((ret, i) => toJson(subst(ret, tys), results[i] as Value, session.layout));
}

/** A view call refused before running (400 `invalid_input` with this message). */
export class ViewFailure extends Error {
  override readonly name = 'ViewFailure';
}
