import type { Json, LongAddress } from '../../encoding.ts';
import { shortAddress } from '../../encoding.ts';
import type { FunctionInfo } from '../../executor/abstractionProof.ts';
import { functionInfoBcs } from '../../executor/abstractionProof.ts';
import { moduleStoreOf } from '../../move/vm/moduleSource.ts';
import { loadModule } from '../../move/vm/loader.ts';
import { K, tyString } from '../../move/vm/ty.ts';
import type { StateReader } from '../../storage/types.ts';
import type { Value } from '../../move/vm/values.ts';
import { fn, struct } from '../abi.ts';
import { FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeFunction, NativeModule } from '../context.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import { abort, moduleError } from '../context.ts';
import { signerAddress, textOf } from '../vmState.ts';

/**
 * `0x1::function_info`: a function named by address, module and name, as account abstraction
 * registers it. The value is `{ module_address, module_name, function_name }` in Move; here a
 * plain record. The functions are ABI only: bytecode never builds one (user packages take a
 * `FunctionInfo` only through the framework), and the framework's own uses are the helpers below.
 */
export type { FunctionInfo };
export { functionInfoBcs };

const MODULE = '0x1::function_info';
export const FUNCTION_INFO_TYPE = '0x1::function_info::FunctionInfo';

// `assert!(is_identifier(…), EINVALID_IDENTIFIER)`: a bare 1, no category.
const EINVALID_IDENTIFIER = moduleError(
  0n,
  1n,
  'EINVALID_IDENTIFIER',
  'String is not a valid Move identifier',
);
// The native `check_dispatch_type_compatibility_impl` aborts with a bare 2 (no category).
const EINVALID_FUNCTION = {
  name: 'EINVALID_FUNCTION',
  code: 2n,
  doc: "Function specified in the FunctionInfo doesn't exist on chain.",
};

/** Move's `Identifier::is_valid`: `[a-zA-Z][a-zA-Z0-9_$]*` or `[_$][a-zA-Z0-9_$]+` (`$` since v9). */
export function isIdentifier(text: string): boolean {
  return /^(?:[a-zA-Z][a-zA-Z0-9_$]*|[_$][a-zA-Z0-9_$]+)$/.test(text);
}

/** `new_function_info_from_address`: aborts `EINVALID_IDENTIFIER(0x1)` on a bad name. */
export function newFunctionInfo(
  moduleAddress: LongAddress,
  moduleName: string,
  functionName: string,
): FunctionInfo {
  if (!isIdentifier(moduleName) || !isIdentifier(functionName)) abort(MODULE, EINVALID_IDENTIFIER);
  return { moduleAddress, moduleName, functionName };
}

/** The REST JSON of a `FunctionInfo`, fields in declaration order. */
export function functionInfoJson(info: FunctionInfo): { [field: string]: Json } {
  return {
    module_address: shortAddress(info.moduleAddress),
    module_name: info.moduleName,
    function_name: info.functionName,
  };
}

export function functionInfoFromJson(json: Json): FunctionInfo {
  const record = json as { [field: string]: Json };
  const address = (record.module_address as string).slice(2).padStart(64, '0');
  return {
    moduleAddress: `0x${address}` as LongAddress,
    moduleName: record.module_name as string,
    functionName: record.function_name as string,
  };
}

export const sameFunction = (a: FunctionInfo, b: FunctionInfo): boolean =>
  a.moduleAddress === b.moduleAddress &&
  a.moduleName === b.moduleName &&
  a.functionName === b.functionName;

/** `std::cmp::compare` of two `FunctionInfo`s: address bytes, then the names' bytes. */
export function compareFunctionInfo(a: FunctionInfo, b: FunctionInfo): number {
  const bytes = (text: string) => Buffer.from(text, 'utf8');
  return (
    Buffer.compare(
      Buffer.from(a.moduleAddress.slice(2), 'hex'),
      Buffer.from(b.moduleAddress.slice(2), 'hex'),
    ) ||
    Buffer.compare(bytes(a.moduleName), bytes(b.moduleName)) ||
    Buffer.compare(bytes(a.functionName), bytes(b.functionName))
  );
}

export const AUTH_DATA_TYPE = '0x1::auth_data::AbstractionAuthData';

/** A natively implemented framework function by name (the registry's, handed down by it). */
export type NativeFunctionLookup = (
  address: LongAddress,
  module: string,
  name: string,
) => NativeFunction | undefined;

/**
 * `check_dispatch_type_compatibility(account_abstraction::dispatchable_authenticate, target)`:
 * the target must exist (else the native aborts `EINVALID_FUNCTION(0x2)`), and be public, not
 * native, without type parameters, taking `(signer, AbstractionAuthData)` and returning `signer`.
 * A bytecode target is read from the published package, a framework one from its native ABI.
 */
export function authFunctionCompatible(
  state: StateReader,
  target: FunctionInfo,
  nativeFunction: NativeFunctionLookup,
): boolean {
  const published = moduleStoreOf(state).module(target.moduleAddress, target.moduleName);
  if (published !== null) {
    const fn = loadModule(published).functionByName.get(target.functionName);
    if (fn === undefined) return abort(MODULE, EINVALID_FUNCTION);
    const [account, data] = fn.params;
    return (
      fn.visibility === 'public' &&
      fn.code !== null &&
      fn.typeParams.length === 0 &&
      fn.params.length === 2 &&
      account?.k === K.SIGNER &&
      data !== undefined &&
      tyString(data) === AUTH_DATA_TYPE &&
      fn.returns.length === 1 &&
      fn.returns[0]?.k === K.SIGNER
    );
  }
  const fn = nativeFunction(target.moduleAddress, target.moduleName, target.functionName);
  if (fn === undefined) return abort(MODULE, EINVALID_FUNCTION);
  const isDispatcher =
    target.moduleAddress === FRAMEWORK_ADDRESS &&
    target.moduleName === 'account_abstraction' &&
    target.functionName === 'dispatchable_authenticate';
  return (
    !isDispatcher &&
    fn.visibility === 'public' &&
    fn.typeParams.length === 0 &&
    fn.params.join(',') === `signer,${AUTH_DATA_TYPE}` &&
    fn.returns.join(',') === 'signer'
  );
}

/**
 * A natively implemented authentication function `public fun name(account: signer, signing_data:
 * AbstractionAuthData): signer`, on the VM's values: `authenticate` gets the account and the auth
 * data (an enum value, `[variant, digest, …fields]`, bytes as `number[]`) and returns the signer's
 * address (`localnet/executor/abstraction.ts` dispatches to it through the VM).
 */
export function nativeAuthFunction(
  name: string,
  authenticate: (host: NativeHost, account: LongAddress, authData: Value[]) => LongAddress,
): NativeFunction {
  return fn(name, { params: ['signer', AUTH_DATA_TYPE], returns: ['signer'] }, (host, _t, args) => [
    authenticate(host, signerAddress(args[0] as Value), args[1] as Value[]),
  ]);
}

export const functionInfoModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'function_info',
  friends: ['0x1::dispatchable_fungible_asset', '0x1::account_abstraction', '0x1::fungible_asset'],
  structs: [
    struct(
      'FunctionInfo',
      ['copy', 'drop', 'store'],
      [
        ['module_address', 'address'],
        ['module_name', '0x1::string::String'],
        ['function_name', '0x1::string::String'],
      ],
    ),
  ],
  functions: [
    // A dispatch hook's name (dispatchable fungible assets): `{ module_address, module_name,
    // function_name }` of the signer's module, the names checked as identifiers.
    fn(
      'new_function_info_from_address',
      {
        params: ['address', '0x1::string::String', '0x1::string::String'],
        returns: [FUNCTION_INFO_TYPE],
      },
      (_h, _t, [address, moduleName, functionName]) => {
        newFunctionInfo(
          address as LongAddress,
          textOf(moduleName as Value),
          textOf(functionName as Value),
        );
        return [[address as Value, moduleName as Value, functionName as Value]];
      },
    ),
    fn(
      'new_function_info',
      {
        params: ['&signer', '0x1::string::String', '0x1::string::String'],
        returns: [FUNCTION_INFO_TYPE],
      },
      (_h, _t, [signer, moduleName, functionName]) => {
        const info = newFunctionInfo(
          signerAddress(signer as Value),
          textOf(moduleName as Value),
          textOf(functionName as Value),
        );
        return [[info.moduleAddress, moduleName as Value, functionName as Value]];
      },
    ),
  ],
};
