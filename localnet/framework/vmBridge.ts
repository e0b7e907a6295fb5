/**
 * Where bytecode meets the native framework (`localnet/framework/`); with `vmLayouts.ts`
 * (`frameworkStruct(name)`: the layouts of framework structs bytecode may hold), the whole
 * boundary.
 *
 * - `frameworkFunction(address, module, name)`: a call from bytecode into the framework: any
 *   natively implemented framework function (`coin::transfer`, `aptos_account::transfer`, `timestamp::now_seconds`,
 *   any function of `localnet/framework/modules/` with a `run`), its arguments converted from
 *   VM values to the framework's `MoveVal`s and its results back, by the function's ABI types.
 *
 * Both sides then share one `NativeContext` (one write buffer, one gas meter, one event list).
 * The VM does not import this file: whoever opens a `VmSession` hands it `FRAMEWORK_LINK`.
 */
import type { LongAddress } from '../encoding.ts';
import type { NativeContext, NativeFunction } from './context.ts';
import { findModule } from './registry.ts';
import { frameworkStruct } from './vmLayouts.ts';
import type { MoveVal } from '../executor/moveValues.ts';
import type { NativeImpl } from '../move/vm/loader.ts';
import type { FrameworkLink } from '../move/vm/session.ts';
import type { Ty } from '../move/vm/ty.ts';
import { K, parseTy, structId, subst, tyString } from '../move/vm/ty.ts';
import type { Value } from '../move/vm/values.ts';
import { Ref, ValueError } from '../move/vm/values.ts';

// ---------------------------------------------------------------------------------------------
// Values across the boundary

const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);

/** A VM value as the native framework takes it (`MoveVal`). */
export function toMoveVal(ty: Ty, v: Value): MoveVal {
  v = deref(v);
  switch (ty.k) {
    case K.VECTOR:
      if (ty.elem.k === K.U8) return Uint8Array.from(v as number[]);
      return (v as Value[]).map((item) => toMoveVal(ty.elem, item));
    case K.STRUCT: {
      const id = structId(ty.s);
      const fields = v as Value[];
      if (id === '0x1::string::String') return Buffer.from(fields[0] as number[]).toString('utf8');
      if (id === '0x1::option::Option')
        return (fields[0] as Value[]).map((item) => toMoveVal(ty.args[0] as Ty, item));
      if (id === '0x1::object::Object') return fields[0] as string;
      throw new ValueError(`${id} cannot cross into the native framework`);
    }
    case K.REF:
    case K.MUT_REF:
      return toMoveVal(ty.to, v);
    default:
      return v as MoveVal;
  }
}

/** A native framework result as a VM value. */
export function fromMoveVal(ty: Ty, v: MoveVal): Value {
  switch (ty.k) {
    case K.VECTOR:
      if (ty.elem.k === K.U8) return Array.from(v as Uint8Array);
      return (v as MoveVal[]).map((item) => fromMoveVal(ty.elem, item));
    case K.STRUCT: {
      const id = structId(ty.s);
      if (id === '0x1::string::String') return [Array.from(Buffer.from(v as string, 'utf8'))];
      if (id === '0x1::option::Option')
        return [(v as MoveVal[]).map((item) => fromMoveVal(ty.args[0] as Ty, item))];
      if (id === '0x1::object::Object') return [v as string];
      throw new ValueError(`${id} cannot come from the native framework`);
    }
    default:
      return v as Value;
  }
}

const isSigner = (ty: Ty): boolean =>
  ty.k === K.SIGNER || ((ty.k === K.REF || ty.k === K.MUT_REF) && ty.to.k === K.SIGNER);

/** The context a framework function sees: the session's, with the signers bytecode passed. */
function withSigners(ctx: NativeContext, signers: readonly LongAddress[]): NativeContext {
  return {
    signers,
    timestampMicros: ctx.timestampMicros,
    chainId: ctx.chainId,
    get: (k) => ctx.get(k),
    write: (k, value) => ctx.write(k, value),
    emit: (type, data, handle) => ctx.emit(type, data, handle),
    charge: (internal) => ctx.charge(internal),
  };
}

function bridge(fn: NativeFunction, run: NonNullable<NativeFunction['run']>): NativeImpl {
  const params = fn.params.map((param) => parseTy(param, true));
  const returns = fn.returns.map((ret) => parseTy(ret, true));
  let signerCount = 0;
  while (signerCount < params.length && isSigner(params[signerCount] as Ty)) signerCount += 1;
  return (host, tyArgs, args) => {
    const signers = args.slice(0, signerCount).map((arg) => deref(arg) as LongAddress);
    const rest = args
      .slice(signerCount)
      .map((arg, i) => toMoveVal(subst(params[signerCount + i] as Ty, tyArgs), arg));
    const ctx = signerCount === 0 ? host.session.ctx : withSigners(host.session.ctx, signers);
    const results = run(ctx, tyArgs.map(tyString), rest);
    return returns.map((ret, i) => fromMoveVal(subst(ret, tyArgs), results[i] as MoveVal));
  };
}

const bridged = new Map<string, NativeImpl | null>();

/** A natively implemented framework function, callable from bytecode; `undefined` when none. */
export function frameworkFunction(
  address: LongAddress,
  module: string,
  fnName: string,
): NativeImpl | undefined {
  const id = `${address}::${module}::${fnName}`;
  let impl = bridged.get(id);
  if (impl !== undefined) return impl ?? undefined;
  const fn = findModule(address, module)?.functions.find((candidate) => candidate.name === fnName);
  // The function's own VM code first (one runtime), then the bridge to its MoveVal `run`.
  impl = fn?.native;
  if (impl === undefined) {
    impl = fn?.run === undefined ? null : bridge(fn, fn.run);
    // Only functions the registry has: a made-up name (a client's bytecode can hold any) is not kept.
    if (fn !== undefined) bridged.set(id, impl);
  }
  return impl ?? undefined;
}

/** A framework function's visibility from the registry's ABI; `undefined` when it has none. */
function frameworkVisibility(
  address: LongAddress,
  module: string,
  fnName: string,
): NativeFunction['visibility'] | undefined {
  return findModule(address, module)?.functions.find((fn) => fn.name === fnName)?.visibility;
}

/**
 * The framework as the VM reaches it: its functions (here) and its structs' layouts. Only `public`
 * functions bind from bytecode: a module's bytecode is never a framework module's friend, and a
 * private `entry` function is a transaction's, not a caller's (the publisher's dependency check
 * refuses such a call with `LOOKUP_FAILED`; the resolver does not bind it either).
 */
export const FRAMEWORK_LINK: FrameworkLink = {
  function: (address, module, fnName) => {
    const visibility = frameworkVisibility(address, module, fnName);
    if (visibility !== undefined && visibility !== 'public') return undefined;
    return frameworkFunction(address, module, fnName);
  },
  struct: frameworkStruct,
  visibility: frameworkVisibility,
};
