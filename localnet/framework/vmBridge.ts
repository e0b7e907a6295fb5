/**
 * The framework as the VM links it (`FRAMEWORK_LINK`): a call from bytecode to a framework
 * function is its `native` (its code on the VM's own values, `NativeFunction.native`), the same
 * code a transaction's entry call and `/view` run; the layouts of framework structs come from
 * `vmLayouts.ts` (`frameworkStruct(name)`). No value is converted: the framework has no runtime
 * of its own. The VM does not import this file: whoever opens a `VmSession` hands it
 * `FRAMEWORK_LINK`.
 */
import type { LongAddress } from '../encoding.ts';
import type { NativeFunction } from './context.ts';
import { nativeFunction } from './registry.ts';
import { frameworkStruct } from './vmLayouts.ts';
import type { NativeImpl } from '../move/vm/loader.ts';
import type { FrameworkLink } from '../move/vm/session.ts';

/** A framework function's code on the VM's values; `undefined` when it has none (ABI only). */
export function frameworkFunction(
  address: LongAddress,
  module: string,
  fnName: string,
): NativeImpl | undefined {
  return nativeFunction(address, module, fnName)?.native;
}

/** A framework function's visibility from the registry's ABI; `undefined` when it has none. */
function frameworkVisibility(
  address: LongAddress,
  module: string,
  fnName: string,
): NativeFunction['visibility'] | undefined {
  return nativeFunction(address, module, fnName)?.visibility;
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
