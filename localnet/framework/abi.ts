import type { NativeImpl } from '../move/vm/loader.ts';
import type { NativeFunction, StructAbi } from './context.ts';

/** The one builder of a function's ABI (without code: listed for the SDK, not callable). */
function nativeFunction(args: {
  name: string;
  params: string[];
  returns?: string[];
  isEntry?: boolean;
  isView?: boolean;
  typeParams?: string[][];
  visibility?: NativeFunction['visibility'];
}): NativeFunction {
  return {
    name: args.name,
    visibility: args.visibility ?? 'public',
    isEntry: args.isEntry ?? false,
    isView: args.isView ?? false,
    typeParams: (args.typeParams ?? []).map((constraints) => ({ constraints })),
    params: args.params,
    returns: args.returns ?? [],
  };
}

/**
 * A framework function on the VM's own values (`NativeFunction.native`): its ABI and its code in
 * one declaration. `params` and `returns` as the ABI prints them (`&signer`, `u64`,
 * `0x1::object::Object<T0>`); `typeParams` one constraint list per type parameter.
 *
 * @example
 * fn('object_exists', { params: ['address'], returns: ['bool'], typeParams: [[]] },
 *   (host, [ty], [address]) => [exists(host, address as LongAddress, ty)]);
 */
export function fn(
  name: string,
  abi: {
    params: string[];
    returns?: string[];
    typeParams?: string[][];
    visibility?: NativeFunction['visibility'];
    isEntry?: boolean;
    isView?: boolean;
  },
  native: NativeImpl,
): NativeFunction {
  return { ...nativeFunction({ name, ...abi }), native };
}

/** An ABI-only function (listed for the SDK, not callable here). */
export function declared(
  name: string,
  params: string[],
  returns: string[] = [],
  options: { isView?: boolean } = {},
): NativeFunction {
  return nativeFunction({ name, params, returns, ...options });
}

export const eventHandle = (type: string) => `0x1::event::EventHandle<${type}>`;

/** `Object<T0>`, the metadata parameter of fungible asset functions. */
export const OBJECT_T = '0x1::object::Object<T0>';

export const struct = (
  name: string,
  abilities: string[],
  fields: Array<[string, string]>,
  extra: Partial<StructAbi> = {},
): StructAbi => ({
  name,
  abilities,
  fields: fields.map(([fieldName, type]) => ({ name: fieldName, type })),
  ...extra,
});
