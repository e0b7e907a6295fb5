import type { Json, LongAddress } from '../../encoding.ts';
import { shortAddress, toHex } from '../../encoding.ts';
import { deriveAccountAddress } from '../../executor/abstractionProof.ts';
import type { NativeImpl } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import type { ResourceValue, StateReader } from '../../storage/types.ts';
import { resourceKey } from '../../storage/types.ts';
import { fn, struct } from '../abi.ts';
import { FRAMEWORK_ADDRESS, primaryStoreAddress } from '../assets.ts';
import type { NativeContext, NativeFunction, NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError } from '../context.ts';
import { deref, fieldsOf, none, signerAddress, some, str, textOf } from '../vmState.ts';
import { gated } from './system/gate.ts';
import type { FunctionInfo, NativeFunctionLookup } from './functionInfo.ts';
import {
  authFunctionCompatible,
  AUTH_DATA_TYPE,
  compareFunctionInfo,
  FUNCTION_INFO_TYPE,
  functionInfoFromJson,
  functionInfoJson,
  newFunctionInfo,
  sameFunction,
} from './functionInfo.ts';

/**
 * `0x1::account_abstraction`, natively: an account registers the functions that may
 * authenticate it (`DispatchableAuthenticator`, an `OrderedMap<FunctionInfo, bool>` stored at
 * `create_user_derived_object_address(account, 0xa)`, as the framework does), and the executor
 * dispatches an `Abstraction` authenticator to one of them (`localnet/executor/abstraction.ts`).
 */
const MODULE = '0x1::account_abstraction';
export const DISPATCHABLE_AUTHENTICATOR_TYPE =
  '0x1::account_abstraction::DispatchableAuthenticator';

export const AA_ERRORS = {
  notUsed: moduleError(ERROR_CATEGORY.notFound, 1n, 'EDISPATCHABLE_AUTHENTICATOR_IS_NOT_USED', ''),
  existence: (category: bigint) => moduleError(category, 2n, 'EFUNCTION_INFO_EXISTENCE', ''),
  mismatch: moduleError(
    ERROR_CATEGORY.invalidArgument,
    3n,
    'EAUTH_FUNCTION_SIGNATURE_MISMATCH',
    '',
  ),
  inconsistentSigner: moduleError(
    ERROR_CATEGORY.invalidState,
    5n,
    'EINCONSISTENT_SIGNER_ADDRESS',
    '',
  ),
  deprecated: moduleError(0xdn, 6n, 'EDEPRECATED_FUNCTION', ''),
  derivableNotEnabled: moduleError(
    ERROR_CATEGORY.invalidState,
    9n,
    'EDERIVABLE_ACCOUNT_ABSTRACTION_NOT_ENABLED',
    '',
  ),
  derivableNotInitialized: moduleError(
    ERROR_CATEGORY.notFound,
    7n,
    'EDERIVABLE_AA_NOT_INITIALIZED',
    '',
  ),
} as const;

/** Aborts in `0x1::account_abstraction` (the framework's constants have no doc comments). */
export function aaAbort(error: { name: string; code: bigint; doc: string }): never {
  return abort(MODULE, error);
}

/** `resource_addr(account)`: `create_user_derived_object_address(account, @0xa)`. */
export const authenticatorAddress = (account: LongAddress): LongAddress =>
  primaryStoreAddress(account);

/** The functions registered for `account`, in the map's order; `null` when it uses none. */
export function registeredFunctions(
  state: Pick<StateReader, 'get'>,
  account: LongAddress,
): FunctionInfo[] | null {
  const value = state.get(
    resourceKey(authenticatorAddress(account), DISPATCHABLE_AUTHENTICATOR_TYPE),
  ) as ResourceValue | null;
  if (value === null) return null;
  const map = value.data.auth_functions as { entries: Array<{ key: Json }> };
  return map.entries.map((item) => functionInfoFromJson(item.key));
}

function writeFunctions(ctx: NativeContext, account: LongAddress, functions: FunctionInfo[]) {
  const address = authenticatorAddress(account);
  const key = resourceKey(address, DISPATCHABLE_AUTHENTICATOR_TYPE);
  const sorted = [...functions].sort(compareFunctionInfo);
  ctx.write(key, {
    kind: 'resource',
    address,
    type: DISPATCHABLE_AUTHENTICATOR_TYPE,
    data: {
      __variant__: 'V1',
      auth_functions: {
        entries: sorted.map((info) => ({ key: functionInfoJson(info), value: true })),
      },
    },
  });
}

function emitUpdate(ctx: NativeContext, account: LongAddress, update: string, info: FunctionInfo) {
  ctx.emit('0x1::account_abstraction::UpdateDispatchableAuthenticator', {
    account: shortAddress(account),
    update: toHex(Buffer.from(update, 'utf8')),
    auth_function: functionInfoJson(info),
  });
}

function removeAuthenticator(ctx: NativeContext, account: LongAddress): void {
  const key = resourceKey(authenticatorAddress(account), DISPATCHABLE_AUTHENTICATOR_TYPE);
  if (ctx.get(key) === null) return;
  ctx.write(key, null);
  ctx.emit('0x1::account_abstraction::RemoveDispatchableAuthenticator', {
    account: shortAddress(account),
  });
}

/** `update_dispatchable_authenticator_impl`, with the framework's checks in its order. */
function update(
  ctx: NativeContext,
  account: LongAddress,
  info: FunctionInfo,
  isAdd: boolean,
  nativeFunction: NativeFunctionLookup,
): void {
  if (!authFunctionCompatible(ctx, info, nativeFunction)) aaAbort(AA_ERRORS.mismatch);
  const current = registeredFunctions(ctx, account);
  if (isAdd) {
    const functions = current ?? [];
    if (functions.some((candidate) => sameFunction(candidate, info))) {
      aaAbort(AA_ERRORS.existence(ERROR_CATEGORY.alreadyExists));
    }
    writeFunctions(ctx, account, [...functions, info]);
    emitUpdate(ctx, account, 'add', info);
    return;
  }
  if (current === null) aaAbort(AA_ERRORS.existence(ERROR_CATEGORY.notFound));
  const remaining = (current ?? []).filter((candidate) => !sameFunction(candidate, info));
  if (remaining.length === (current ?? []).length) {
    aaAbort(AA_ERRORS.existence(ERROR_CATEGORY.notFound));
  }
  writeFunctions(ctx, account, remaining);
  emitUpdate(ctx, account, 'remove', info);
  if (remaining.length === 0) removeAuthenticator(ctx, account);
}

/**
 * The derivable authentication functions registered at `0x1` (`DerivableDispatchableAuthenticator`,
 * which only governance changes): the test function a localnet's genesis registers.
 */
export const DERIVABLE_FUNCTIONS: readonly FunctionInfo[] = [
  {
    moduleAddress: `0x${'0'.repeat(63)}7` as LongAddress,
    moduleName: 'test_derivable_account_abstraction_ed25519_hex',
    functionName: 'authenticate',
  },
];

const STRING = '0x1::string::String';
const AUTH_FUNCTION_PARAMS = ['&signer', 'address', STRING, STRING];
/** `(address, module_name, function_name)` arguments as a `FunctionInfo`, names checked. */
const functionArgs = ([address, moduleName, functionName]: Value[]): FunctionInfo =>
  newFunctionInfo(
    address as LongAddress,
    textOf(moduleName as Value),
    textOf(functionName as Value),
  );
const privateEntry = (name: string, params: string[], native: NativeImpl): NativeFunction =>
  fn(name, { params, isEntry: true, visibility: 'private' }, native);
// `public entry` on a node: bytecode may call them and gets the abort.
const deprecated = (name: string, params: string[]) =>
  fn(name, { params, isEntry: true }, () => aaAbort(AA_ERRORS.deprecated));

/**
 * The module; `nativeFunction` finds the framework's native functions (the registry, which lists
 * this module, hands it down) for `check_dispatch_type_compatibility`.
 */
export function accountAbstractionModule(nativeFunction: NativeFunctionLookup): NativeModule {
  return {
    address: FRAMEWORK_ADDRESS,
    name: 'account_abstraction',
    friends: ['0x1::transaction_validation'],
    structs: [
      struct(
        'UpdateDispatchableAuthenticator',
        ['drop', 'store'],
        [
          ['account', 'address'],
          ['update', 'vector<u8>'],
          ['auth_function', FUNCTION_INFO_TYPE],
        ],
        { isEvent: true },
      ),
      struct('RemoveDispatchableAuthenticator', ['drop', 'store'], [['account', 'address']], {
        isEvent: true,
      }),
      struct('DispatchableAuthenticator', ['copy', 'drop', 'key'], []),
      struct('DerivableDispatchableAuthenticator', ['key'], []),
    ],
    functions: [
      fn(
        'using_dispatchable_authenticator',
        { params: ['address'], returns: ['bool'], isView: true },
        (host, _t, [addr]) => [registeredFunctions(host.session.ctx, addr as LongAddress) !== null],
      ),
      fn(
        'dispatchable_authenticator',
        {
          params: ['address'],
          returns: [`0x1::option::Option<vector<${FUNCTION_INFO_TYPE}>>`],
          isView: true,
        },
        (host, _t, [addr]) => {
          const functions = registeredFunctions(host.session.ctx, addr as LongAddress);
          return [
            functions === null
              ? none()
              : some(
                  functions.map((info) => [
                    info.moduleAddress,
                    str(info.moduleName),
                    str(info.functionName),
                  ]),
                ),
          ];
        },
      ),
      fn(
        'derive_account_address_view',
        { params: ['address', STRING, STRING, 'vector<u8>'], returns: ['address'], isView: true },
        (_h, _t, args) => [
          deriveAccountAddress(functionArgs(args), Uint8Array.from(args[3] as number[])),
        ],
      ),
      fn(
        'derive_account_address',
        { params: [FUNCTION_INFO_TYPE, '&vector<u8>'], returns: ['address'] },
        (_h, _t, [info, key]) => {
          const [moduleAddress, moduleName, functionName] = fieldsOf(info as Value);
          const functionInfo = {
            moduleAddress: moduleAddress as LongAddress,
            moduleName: textOf(moduleName as Value),
            functionName: textOf(functionName as Value),
          };
          return [
            deriveAccountAddress(functionInfo, Uint8Array.from(deref(key as Value) as number[])),
          ];
        },
      ),
      gated('account_abstraction', 'initialize', ['&signer']),
      // The feature check comes before the signer's in account_abstraction.move.
      gated(
        'account_abstraction',
        'register_derivable_authentication_function',
        ['&signer', 'address', STRING, STRING],
        {
          isEntry: true,
          before: (host) => {
            const [on] = host.call(
              FRAMEWORK_ADDRESS,
              'features',
              'is_derivable_account_abstraction_enabled',
              [],
              [],
            );
            if (on !== true) aaAbort(AA_ERRORS.derivableNotEnabled);
          },
        },
      ),
      privateEntry('add_authentication_function', AUTH_FUNCTION_PARAMS, (host, _t, args) => {
        const [account, ...rest] = args;
        update(
          host.session.ctx,
          signerAddress(account as Value),
          functionArgs(rest),
          true,
          nativeFunction,
        );
        return [];
      }),
      privateEntry('remove_authentication_function', AUTH_FUNCTION_PARAMS, (host, _t, args) => {
        const [account, ...rest] = args;
        update(
          host.session.ctx,
          signerAddress(account as Value),
          functionArgs(rest),
          false,
          nativeFunction,
        );
        return [];
      }),
      privateEntry('remove_authenticator', ['&signer'], (host, _t, [account]) => {
        removeAuthenticator(host.session.ctx, signerAddress(account as Value));
        return [];
      }),
      deprecated('add_dispatchable_authentication_function', AUTH_FUNCTION_PARAMS),
      deprecated('remove_dispatchable_authentication_function', AUTH_FUNCTION_PARAMS),
      deprecated('remove_dispatchable_authenticator', ['&signer']),
    ],
  };
}

export { AUTH_DATA_TYPE };
