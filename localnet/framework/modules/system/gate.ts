/**
 * The shape most system and configuration functions share: `system_addresses::assert_*` on the
 * signer first, then a change to `0x1`'s state that only governance or the VM makes. No
 * transaction on this chain signs for `@aptos_framework` or `@vm_reserved` (there is no
 * governance and no block prologue in Move), so past the check these functions cannot run here:
 * reaching that point is a fault of the chain, reported as one, never a silent no-op.
 */
import type { NativeHost, NativeImpl } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { fn, struct } from '../../abi.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import type { NativeFunction, NativeModule, StructAbi } from '../../context.ts';
import { readResource, resourceExists, ty } from '../../vmState.ts';
import { assertFramework, assertVm } from './systemAddresses.ts';

/** Past a framework-signer (or VM-signer) check: unreachable for this chain's signers. */
export function frameworkSignerOnly(id: string): never {
  throw new Error(`${id}: only @aptos_framework's signer passes here; no transaction signs for it`);
}

interface Gate {
  returns?: string[];
  typeParams?: string[][];
  isEntry?: boolean;
  /** The signer check: the framework's (default) or the VM's. */
  signer?: 'framework' | 'vm';
  /** Checks the source makes before the signer's (on arguments). */
  before?: (host: NativeHost, args: Value[]) => void;
}

/** `name(params)`: the signer check (`args[0]`), then `frameworkSignerOnly`. */
export function gated(module: string, name: string, params: string[], gate: Gate = {}) {
  const impl: NativeImpl = (host, _t, args) => {
    gate.before?.(host, args);
    if (gate.signer === 'vm') assertVm(args[0]);
    else assertFramework(args[0]);
    return frameworkSignerOnly(`0x1::${module}::${name}`);
  };
  return fn(
    name,
    {
      params,
      returns: gate.returns ?? [],
      typeParams: gate.typeParams ?? [],
      isEntry: gate.isEntry ?? false,
    },
    impl,
  );
}

/** A `0x1` module of this folder. */
export const systemModule = (
  name: string,
  structs: StructAbi[],
  functions: NativeFunction[],
): NativeModule => ({ address: FRAMEWORK_ADDRESS, name, friends: [], structs, functions });

/** `exists<T>(@aptos_framework)` and `borrow_global<T>(@aptos_framework)` or `undefined`. */
export const frameworkHas = (host: NativeHost, type: string): boolean =>
  resourceExists(host, FRAMEWORK_ADDRESS, type);
export const frameworkResource = (host: NativeHost, type: string): Value | undefined =>
  readResource(host, FRAMEWORK_ADDRESS, type);

/** `copyable_any::pack<T>(value)` through the std native (the type's name and BCS). */
export const packAny = (host: NativeHost, type: string, value: Value): Value =>
  host.call(FRAMEWORK_ADDRESS, 'copyable_any', 'pack', [ty(type)], [value])[0] as Value;

/** An `Any`'s type name as text. */
export const anyTypeName = (any: Value): string =>
  Buffer.from(((any as Value[])[0] as Value[])[0] as number[]).toString('utf8');

/** `copyable_any::unpack<T>(any)`. */
export const unpackAny = (host: NativeHost, type: string, any: Value): Value =>
  host.call(FRAMEWORK_ADDRESS, 'copyable_any', 'unpack', [ty(type)], [any])[0] as Value;

/** A struct with no fields (`ConfigOff {}`): its `dummy_field`. */
export const emptyStruct = (name: string, abilities: string[]): StructAbi =>
  struct(name, abilities, [['dummy_field', 'bool']]);
