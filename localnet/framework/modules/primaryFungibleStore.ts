import type { LongAddress } from '../../encoding.ts';
import { vmError } from '../../move/vm/errors.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Ty } from '../../move/vm/ty.ts';
import type { Value } from '../../move/vm/values.ts';
import { fn, OBJECT_T, struct } from '../abi.ts';
import { FRAMEWORK_ADDRESS, primaryStoreAddressOf } from '../assets.ts';
import type { NativeModule } from '../context.ts';
import {
  assetMetadata,
  balanceOf,
  constructorAddress,
  createPrimaryStore,
  DERIVE_REF_POD,
  derivedBalance,
  dispatchableDeposit,
  dispatchableWithdraw,
  ensurePrimaryStore,
  fail,
  FA_TYPE,
  hook,
  mayBeUnburn,
  plainBalance,
  primaryStore,
  refMetadata,
  STORE,
  STORE_OBJECT,
  storeMetadata,
  UNAVAILABLE,
} from '../fungible.ts';
import {
  object,
  objectAddress,
  readResource,
  resourceExists,
  signerAddress,
  ty,
  writeResource,
} from '../vmState.ts';
import {
  addFungibility,
  burnFrom,
  depositWithRef,
  mintTo,
  setFrozen,
  withdrawWithRef,
} from './fungibleAssetOps.ts';

const KEY = [['key']];
const STRING = '0x1::string::String';
const TRANSFER_REF = '&0x1::fungible_asset::TransferRef';

/** The store type dispatch hooks see (`Object<FungibleStore>`'s `T`). */
const storeTy = (): Ty => ty(STORE);

const store = (host: NativeHost, owner: Value, metadata: Value): LongAddress =>
  ensurePrimaryStore(host, owner as LongAddress, objectAddress(metadata));

const primaryExists = (host: NativeHost, owner: Value, metadata: Value): boolean =>
  resourceExists(host, primaryStoreAddressOf(owner as LongAddress, objectAddress(metadata)), STORE);

/** `transfer`, and `transfer_assert_minimum_deposit` when `expected` is given. */
function transfer(
  host: NativeHost,
  [sender, metadata, recipient, amount]: Value[],
  expected: bigint | null,
): Value[] {
  const owner = signerAddress(sender as Value);
  const from = store(host, owner, metadata as Value);
  mayBeUnburn(host, owner, from);
  const to = store(host, recipient as Value, metadata as Value);
  const start = expected === null ? 0n : plainBalance(host, to);
  const fa = dispatchableWithdraw(host, owner, from, amount as bigint, storeTy());
  dispatchableDeposit(host, to, fa, storeTy());
  if (expected !== null) {
    const end = plainBalance(host, to);
    if (end - start < expected) fail('dispatchable_fungible_asset', 0x70002n);
  }
  return [];
}

export const primaryStoreModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'primary_fungible_store',
  friends: [],
  structs: [struct('DeriveRefPod', ['key'], [['metadata_derive_ref', '0x1::object::DeriveRef']])],
  functions: [
    fn(
      'create_primary_store_enabled_fungible_asset',
      {
        params: [
          '&0x1::object::ConstructorRef',
          '0x1::option::Option<u128>',
          STRING,
          STRING,
          'u8',
          STRING,
          STRING,
        ],
      },
      (host, _t, args) => {
        const address = addFungibility(host, args);
        if (resourceExists(host, address, DERIVE_REF_POD)) throw vmError('RESOURCE_ALREADY_EXISTS');
        // `generate_derive_ref`: a `DeriveRef` of the metadata object.
        writeResource(host, address, DERIVE_REF_POD, [[constructorAddress(args[0] as Value)]]);
        return [];
      },
    ),
    fn(
      'ensure_primary_store_exists',
      { params: ['address', OBJECT_T], returns: [STORE_OBJECT], typeParams: KEY },
      (host, _t, [owner, metadata]) => [object(store(host, owner as Value, metadata as Value))],
    ),
    fn(
      'create_primary_store',
      { params: ['address', OBJECT_T], returns: [STORE_OBJECT], typeParams: KEY },
      (host, _t, [owner, metadata]) => [
        object(createPrimaryStore(host, owner as LongAddress, objectAddress(metadata as Value))),
      ],
    ),
    fn(
      'primary_store_address',
      { params: ['address', OBJECT_T], returns: ['address'], typeParams: KEY, isView: true },
      // A pure derivation in the framework: defined for any metadata address.
      (_h, _t, [owner, metadata]) => [
        primaryStoreAddressOf(owner as LongAddress, objectAddress(metadata as Value)),
      ],
    ),
    fn(
      'primary_store',
      { params: ['address', OBJECT_T], returns: [STORE_OBJECT], typeParams: KEY, isView: true },
      (host, _t, [owner, metadata]) => [
        object(primaryStore(host, owner as LongAddress, objectAddress(metadata as Value))),
      ],
    ),
    fn(
      'primary_store_exists',
      { params: ['address', OBJECT_T], returns: ['bool'], typeParams: KEY, isView: true },
      (host, _t, [owner, metadata]) => [primaryExists(host, owner as Value, metadata as Value)],
    ),
    fn(
      'balance',
      { params: ['address', OBJECT_T], returns: ['u64'], typeParams: KEY, isView: true },
      (host, _t, [owner, metadata]) => {
        if (!primaryExists(host, owner as Value, metadata as Value)) return [0n];
        const address = primaryStore(host, owner as LongAddress, objectAddress(metadata as Value));
        return [derivedBalance(host, address, storeTy())];
      },
    ),
    fn(
      'is_balance_at_least',
      {
        params: ['address', OBJECT_T, 'u64'],
        returns: ['bool'],
        typeParams: KEY,
        isView: true,
      },
      (host, _t, [owner, metadata, amount]) => {
        if (!primaryExists(host, owner as Value, metadata as Value)) return [amount === 0n];
        const address = primaryStore(host, owner as LongAddress, objectAddress(metadata as Value));
        const balance =
          hook(host, storeMetadata(host, address), 2) === undefined
            ? balanceOf(host, address)
            : derivedBalance(host, address, storeTy());
        return [balance >= (amount as bigint)];
      },
    ),
    fn(
      'is_frozen',
      { params: ['address', OBJECT_T], returns: ['bool'], typeParams: KEY, isView: true },
      (host, _t, [owner, metadata]) => {
        if (!primaryExists(host, owner as Value, metadata as Value)) return [false];
        const address = primaryStore(host, owner as LongAddress, objectAddress(metadata as Value));
        return [(readResource(host, address, STORE) as Value[])[2] as boolean];
      },
    ),
    fn(
      'withdraw',
      { params: ['&signer', OBJECT_T, 'u64'], returns: [FA_TYPE], typeParams: KEY },
      (host, _t, [signer, metadata, amount]) => {
        const owner = signerAddress(signer as Value);
        const from = store(host, owner, metadata as Value);
        mayBeUnburn(host, owner, from);
        return [dispatchableWithdraw(host, owner, from, amount as bigint, storeTy())];
      },
    ),
    fn('deposit', { params: ['address', FA_TYPE] }, (host, _t, [owner, fa]) => {
      const to = store(host, owner as Value, object(assetMetadata(fa as Value)));
      dispatchableDeposit(host, to, fa as Value, storeTy());
      return [];
    }),
    fn('deposit_with_signer', { params: ['&signer', FA_TYPE] }, (host, _t, [signer, fa]) => {
      const owner = signerAddress(signer as Value);
      const to = store(host, owner, object(assetMetadata(fa as Value)));
      dispatchableDeposit(host, to, fa as Value, storeTy());
      return [];
    }),
    fn(
      'transfer',
      { params: ['&signer', OBJECT_T, 'address', 'u64'], typeParams: KEY, isEntry: true },
      (host, _t, args) => transfer(host, args, null),
    ),
    fn(
      'transfer_assert_minimum_deposit',
      { params: ['&signer', OBJECT_T, 'address', 'u64', 'u64'], typeParams: KEY, isEntry: true },
      (host, _t, args) => transfer(host, args.slice(0, 4), args[4] as bigint),
    ),
    fn(
      'mint',
      { params: ['&0x1::fungible_asset::MintRef', 'address', 'u64'] },
      (host, _t, [mintRef, owner, amount]) => {
        const to = store(host, owner as Value, object(refMetadata(mintRef as Value)));
        mintTo(host, mintRef as Value, to, amount as bigint);
        return [];
      },
    ),
    fn(
      'burn',
      { params: ['&0x1::fungible_asset::BurnRef', 'address', 'u64'] },
      (host, _t, [burnRef, owner, amount]) => {
        const from = primaryStore(host, owner as LongAddress, refMetadata(burnRef as Value));
        burnFrom(host, burnRef as Value, from, amount as bigint);
        return [];
      },
    ),
    fn(
      'set_frozen_flag',
      { params: [TRANSFER_REF, 'address', 'bool'] },
      (host, _t, [transferRef, owner, frozen]) => {
        const address = store(host, owner as Value, object(refMetadata(transferRef as Value)));
        if (refMetadata(transferRef as Value) !== storeMetadata(host, address)) {
          fail('fungible_asset', 0x10009n);
        }
        setFrozen(host, address, frozen as boolean);
        return [];
      },
    ),
    fn(
      'withdraw_with_ref',
      { params: [TRANSFER_REF, 'address', 'u64'], returns: [FA_TYPE] },
      (host, _t, [transferRef, owner, amount]) => {
        const from = primaryStore(host, owner as LongAddress, refMetadata(transferRef as Value));
        return [withdrawWithRef(host, transferRef as Value, from, amount as bigint)];
      },
    ),
    fn(
      'deposit_with_ref',
      { params: [TRANSFER_REF, 'address', FA_TYPE] },
      (host, _t, [transferRef, owner, fa]) => {
        const to = store(host, owner as Value, object(refMetadata(transferRef as Value)));
        depositWithRef(host, transferRef as Value, to, fa as Value);
        return [];
      },
    ),
    fn(
      'transfer_with_ref',
      { params: [TRANSFER_REF, 'address', 'address', 'u64'] },
      (host, _t, [transferRef, from, to, amount]) => {
        const metadata = refMetadata(transferRef as Value);
        const source = primaryStore(host, from as LongAddress, metadata);
        const destination = store(host, to as Value, object(metadata));
        const fa = withdrawWithRef(host, transferRef as Value, source, amount as bigint);
        depositWithRef(host, transferRef as Value, destination, fa);
        return [];
      },
    ),
    // Deprecated: the permissioned signer is gone.
    fn(
      'grant_permission',
      { params: ['&signer', '&signer', OBJECT_T, 'u64'], typeParams: KEY },
      () => fail('primary_fungible_store', UNAVAILABLE | 1n),
    ),
    fn('grant_apt_permission', { params: ['&signer', '&signer', 'u64'] }, () =>
      fail('primary_fungible_store', UNAVAILABLE | 1n),
    ),
  ],
};
