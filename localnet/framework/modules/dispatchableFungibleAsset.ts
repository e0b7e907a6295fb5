import type { LongAddress } from '../../encoding.ts';
import { must } from '../../encoding.ts';
import { vmError } from '../../move/vm/errors.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Ty } from '../../move/vm/ty.ts';
import type { Value } from '../../move/vm/values.ts';
import { fn, OBJECT_T, struct } from '../abi.ts';
import { APT_METADATA_ADDRESS, FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';
import {
  ALREADY_EXISTS,
  balanceOf,
  borrowStore,
  constructorAddress,
  DERIVE_SUPPLY,
  derivedBalance,
  DISPATCH_STORE,
  dispatchableDeposit,
  dispatchableWithdraw,
  FA_TYPE,
  fail,
  functionTarget,
  hook,
  hookCompatible,
  INVALID_ARGUMENT,
  METADATA,
  metadataObject,
  NOT_FOUND,
  PERMISSION_DENIED,
  plainBalance,
  supplyOf,
  TRANSFER_REF_STORE,
} from '../fungible.ts';
import {
  fieldsOf,
  none,
  objectAddress,
  optionValue,
  readResource,
  resourceExists,
  signerAddress,
  some,
  writeResource,
} from '../vmState.ts';

const KEY = [['key']];
const CONSTRUCTOR_REF = '&0x1::object::ConstructorRef';
const OPTION_FUNCTION = '0x1::option::Option<0x1::function_info::FunctionInfo>';
const OBJECT_T0 = '0x1::object::Object<T0>';
const TRANSFER_REF = '&0x1::fungible_asset::TransferRef';

/** The dispatchers' signatures (without their `&FunctionInfo`) a hook must have, and the code. */
const HOOKS = {
  withdraw: { params: [OBJECT_T0, 'u64', TRANSFER_REF], returns: [FA_TYPE], code: 25n },
  deposit: { params: [OBJECT_T0, FA_TYPE, TRANSFER_REF], returns: [], code: 26n },
  derivedBalance: { params: [OBJECT_T0], returns: ['u64'], code: 27n },
  derivedSupply: { params: [OBJECT_T0], returns: ['0x1::option::Option<u128>'], code: 33n },
} as const;

function checkHook(host: NativeHost, option: Value, kind: keyof typeof HOOKS): void {
  const target = optionValue(option);
  if (target === undefined) return;
  const { params, returns, code } = HOOKS[kind];
  if (!hookCompatible(host, target, [...params], [...returns], 1)) {
    fail('fungible_asset', INVALID_ARGUMENT | code);
  }
}

/** `register_dispatch_function_sanity_check`. */
function sanityCheck(host: NativeHost, constructorRef: Value): LongAddress {
  const [address, canDelete] = fieldsOf(constructorRef) as [LongAddress, boolean];
  if (address === APT_METADATA_ADDRESS) fail('fungible_asset', PERMISSION_DENIED | 31n);
  if (canDelete) fail('fungible_asset', INVALID_ARGUMENT | 18n);
  if (!resourceExists(host, address, METADATA)) fail('fungible_asset', NOT_FOUND | 30n);
  return address;
}

/** `derived_supply`: the asset's hook, else `fungible_asset::supply`. */
function derivedSupply(host: NativeHost, metadata: LongAddress, tyArg: Ty): Value {
  const held = readResource(host, metadata, DERIVE_SUPPLY) as Value[] | undefined;
  const target = held === undefined ? undefined : optionValue(held[0] as Value);
  if (target !== undefined) {
    const [address, module, name] = functionTarget(target);
    return must(host.call(address, module, name, [tyArg], [[metadata]])[0]);
  }
  if (held !== undefined && metadata !== APT_METADATA_ADDRESS) {
    fail('fungible_asset', INVALID_ARGUMENT | 28n);
  }
  const supply = supplyOf(host, metadata);
  return supply.length === 0 ? none() : some(supply[0] as bigint);
}

function transfer(host: NativeHost, tyArg: Ty, [sender, from, to, amount]: Value[]): void {
  const fa = dispatchableWithdraw(
    host,
    signerAddress(sender as Value),
    objectAddress(from as Value),
    amount as bigint,
    tyArg,
  );
  dispatchableDeposit(host, objectAddress(to as Value), fa, tyArg);
}

export const dispatchableFungibleAssetModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'dispatchable_fungible_asset',
  friends: [],
  structs: [
    struct('TransferRefStore', ['key'], [['transfer_ref', '0x1::fungible_asset::TransferRef']]),
  ],
  functions: [
    fn(
      'register_dispatch_functions',
      { params: [CONSTRUCTOR_REF, OPTION_FUNCTION, OPTION_FUNCTION, OPTION_FUNCTION] },
      (host, _t, [constructorRef, withdraw, deposit, balance]) => {
        checkHook(host, withdraw as Value, 'withdraw');
        checkHook(host, deposit as Value, 'deposit');
        checkHook(host, balance as Value, 'derivedBalance');
        const address = sanityCheck(host, constructorRef as Value);
        if (resourceExists(host, address, DISPATCH_STORE)) {
          fail('fungible_asset', ALREADY_EXISTS | 29n);
        }
        writeResource(host, address, DISPATCH_STORE, [
          withdraw as Value,
          deposit as Value,
          balance as Value,
        ]);
        const transferRef = [metadataObject(host, constructorAddress(constructorRef as Value))];
        if (resourceExists(host, address, TRANSFER_REF_STORE)) {
          throw vmError('RESOURCE_ALREADY_EXISTS');
        }
        writeResource(host, address, TRANSFER_REF_STORE, [transferRef]);
        return [];
      },
    ),
    fn(
      'register_derive_supply_dispatch_function',
      { params: [CONSTRUCTOR_REF, OPTION_FUNCTION] },
      (host, _t, [constructorRef, supply]) => {
        checkHook(host, supply as Value, 'derivedSupply');
        const address = sanityCheck(host, constructorRef as Value);
        if (resourceExists(host, address, DERIVE_SUPPLY)) {
          fail('fungible_asset', ALREADY_EXISTS | 29n);
        }
        writeResource(host, address, DERIVE_SUPPLY, [supply as Value]);
        return [];
      },
    ),
    fn(
      'withdraw',
      { params: ['&signer', OBJECT_T, 'u64'], returns: [FA_TYPE], typeParams: KEY },
      (host, [tyArg], [owner, store, amount]) => [
        dispatchableWithdraw(
          host,
          signerAddress(owner as Value),
          objectAddress(store as Value),
          amount as bigint,
          must(tyArg),
        ),
      ],
    ),
    fn(
      'deposit',
      { params: [OBJECT_T, FA_TYPE], typeParams: KEY },
      (host, [tyArg], [store, fa]) => {
        dispatchableDeposit(host, objectAddress(store as Value), fa as Value, must(tyArg));
        return [];
      },
    ),
    fn(
      'transfer',
      { params: ['&signer', OBJECT_T, OBJECT_T, 'u64'], typeParams: KEY, isEntry: true },
      (host, [tyArg], args) => {
        transfer(host, must(tyArg), args);
        return [];
      },
    ),
    fn(
      'transfer_assert_minimum_deposit',
      {
        params: ['&signer', OBJECT_T, OBJECT_T, 'u64', 'u64'],
        typeParams: KEY,
        isEntry: true,
      },
      (host, [tyArg], args) => {
        const to = objectAddress(args[2] as Value);
        const start = plainBalance(host, to);
        transfer(host, must(tyArg), args.slice(0, 4));
        const end = plainBalance(host, to);
        if (end - start < (args[4] as bigint)) fail('dispatchable_fungible_asset', 0x70002n);
        return [];
      },
    ),
    fn(
      'derived_balance',
      { params: [OBJECT_T], returns: ['u64'], typeParams: KEY, isView: true },
      (host, [tyArg], [store]) => [
        derivedBalance(host, objectAddress(store as Value), must(tyArg)),
      ],
    ),
    fn(
      'is_derived_balance_at_least',
      { params: [OBJECT_T, 'u64'], returns: ['bool'], typeParams: KEY, isView: true },
      (host, [tyArg], [store, amount]) => {
        const address = objectAddress(store as Value);
        const metadata = objectAddress(borrowStore(host, address)[0] as Value);
        const balance =
          hook(host, metadata, 2) === undefined
            ? balanceOf(host, address)
            : derivedBalance(host, address, must(tyArg));
        return [balance >= (amount as bigint)];
      },
    ),
    fn(
      'derived_supply',
      { params: [OBJECT_T], returns: ['0x1::option::Option<u128>'], typeParams: KEY, isView: true },
      (host, [tyArg], [metadata]) => [
        derivedSupply(host, objectAddress(metadata as Value), must(tyArg)),
      ],
    ),
  ],
};
