/**
 * `0x1::fungible_asset`'s functions that create, move, mint and burn (the module's views and
 * refs are in `fungibleAsset.ts`), on the VM's values, as `fungible_asset.move`.
 */
import type { LongAddress } from '../../encoding.ts';
import { must } from '../../encoding.ts';
import { vmError } from '../../move/vm/errors.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import { fn, OBJECT_T } from '../abi.ts';
import type { NativeFunction } from '../context.ts';
import {
  asset,
  assetAmount,
  assetMetadata,
  balanceOf,
  borrowStore,
  changeSupply,
  CONCURRENT_BALANCE,
  CONCURRENT_SUPPLY,
  checkMetadataField,
  constructorAddress,
  createConcurrentSupply,
  createStore,
  depositSanityCheck,
  FA,
  fail,
  INVALID_ARGUMENT,
  METADATA,
  METADATA_OBJECT,
  NOT_FOUND,
  objectCall,
  owns,
  PERMISSION_DENIED,
  refMetadata,
  STORE,
  STORE_OBJECT,
  storeMetadata,
  SUPPLY,
  supplyOf,
  U64_MAX,
  UNAVAILABLE,
  uncheckedDeposit,
  uncheckedWithdraw,
  withdrawSanityCheck,
} from '../fungible.ts';
import {
  emitEvent,
  fieldsOf,
  none,
  object,
  objectAddress,
  optionValue,
  removeResource,
  resourceExists,
  signerAddress,
  some,
  updateResource,
  writeResource,
} from '../vmState.ts';
import { resourceKey } from '../../storage/types.ts';

const KEY = [['key']];
const FA_T = '0x1::fungible_asset::FungibleAsset';
const CONSTRUCTOR_REF = '&0x1::object::ConstructorRef';
const STRING = '0x1::string::String';
const ref = (name: string) => `&0x1::fungible_asset::${name}`;
const faFail = (code: bigint): never => fail('fungible_asset', code);

/** `move_to`: `RESOURCE_ALREADY_EXISTS` when the address has one. */
function moveTo(host: NativeHost, address: LongAddress, type: string, value: Value): void {
  if (resourceExists(host, address, type)) throw vmError('RESOURCE_ALREADY_EXISTS');
  writeResource(host, address, type, value);
}

/** `add_fungibility`: `Metadata`, a `Creation` event and a concurrent supply at the object. */
export function addFungibility(host: NativeHost, args: Value[]): LongAddress {
  const [constructorRef, maximum, ...fields] = args as [Value, Value, ...Value[]];
  const [self, canDelete] = fieldsOf(constructorRef) as [LongAddress, boolean];
  if (canDelete) faFail(INVALID_ARGUMENT | 18n);
  fields.forEach((field, i) => checkMetadataField(i, field));
  moveTo(host, self, METADATA, fields);
  emitEvent(host, `${FA}::Creation`, [self, ...fields, maximum]);
  if (resourceExists(host, self, CONCURRENT_SUPPLY)) throw vmError('RESOURCE_ALREADY_EXISTS');
  createConcurrentSupply(host, self, 0n, optionValue(maximum) as bigint | undefined);
  return self;
}

const mintAsset = (host: NativeHost, metadata: LongAddress, amount: bigint): Value => {
  changeSupply(host, metadata, amount);
  return asset(metadata, amount);
};

function burnAsset(host: NativeHost, burnRef: Value, fa: Value): void {
  if (refMetadata(burnRef) !== assetMetadata(fa)) faFail(INVALID_ARGUMENT | 13n);
  changeSupply(host, assetMetadata(fa), -assetAmount(fa));
}

export function withdrawWithRef(
  host: NativeHost,
  transferRef: Value,
  address: LongAddress,
  amount: bigint,
): Value {
  if (refMetadata(transferRef) !== storeMetadata(host, address)) faFail(INVALID_ARGUMENT | 9n);
  return uncheckedWithdraw(host, address, amount);
}

export function depositWithRef(
  host: NativeHost,
  transferRef: Value,
  address: LongAddress,
  fa: Value,
): void {
  if (refMetadata(transferRef) !== assetMetadata(fa)) faFail(INVALID_ARGUMENT | 2n);
  uncheckedDeposit(host, address, fa);
}

/** `mint_to`: the store's checks (no dispatch), the mint, then the deposit. */
export function mintTo(host: NativeHost, mintRef: Value, store: LongAddress, amount: bigint): void {
  depositSanityCheck(host, store, false);
  uncheckedDeposit(host, store, mintAsset(host, refMetadata(mintRef), amount));
}

/** `burn_from`: a withdrawal ignoring `frozen`, then the burn. */
export function burnFrom(host: NativeHost, burnRef: Value, store: LongAddress, amount: bigint) {
  burnAsset(host, burnRef, uncheckedWithdraw(host, store, amount));
}

/** `fungible_asset::withdraw` (dispatchable assets refused) and `deposit`. */
export function withdraw(host: NativeHost, owner: LongAddress, store: LongAddress, amount: bigint) {
  withdrawSanityCheck(host, owner, store, true);
  return uncheckedWithdraw(host, store, amount);
}
export function deposit(host: NativeHost, store: LongAddress, fa: Value): void {
  depositSanityCheck(host, store, true);
  uncheckedDeposit(host, store, fa);
}

/** `set_frozen_flag_internal`: the flag and a `Frozen` event. */
export function setFrozen(host: NativeHost, store: LongAddress, frozen: boolean): void {
  updateResource(host, store, STORE, (fields) => {
    fields[2] = frozen;
  });
  emitEvent(host, `${FA}::Frozen`, [store, frozen]);
}

export const FUNGIBLE_ASSET_OPERATIONS: NativeFunction[] = [
  fn(
    'add_fungibility',
    {
      params: [CONSTRUCTOR_REF, '0x1::option::Option<u128>', STRING, STRING, 'u8', STRING, STRING],
      returns: [METADATA_OBJECT],
    },
    (host, _t, args) => [object(addFungibility(host, args))],
  ),
  fn(
    'create_store',
    { params: [CONSTRUCTOR_REF, OBJECT_T], returns: [STORE_OBJECT], typeParams: KEY },
    (host, _t, [constructorRef, metadata]) => {
      const address = constructorAddress(constructorRef as Value);
      if (resourceExists(host, address, STORE)) throw vmError('RESOURCE_ALREADY_EXISTS');
      return [createStore(host, address, objectAddress(metadata as Value))];
    },
  ),
  fn('remove_store', { params: ['&0x1::object::DeleteRef'] }, (host, _t, [deleteRef]) => {
    const store = must(
      objectCall(host, 'object_from_delete_ref', [STORE], [deleteRef as Value])[0],
    );
    const address = objectAddress(store);
    const [metadata, balance] = removeResource(host, address, STORE) as Value[];
    if (balance !== 0n) faFail(PERMISSION_DENIED | 14n);
    if (resourceExists(host, address, CONCURRENT_BALANCE)) {
      if (balanceOf(host, address) !== 0n) faFail(PERMISSION_DENIED | 14n);
      host.session.ctx.write(resourceKey(address, CONCURRENT_BALANCE), null);
    }
    // The deprecated event handles, if any (this chain never creates them).
    if (resourceExists(host, address, `${FA}::FungibleAssetEvents`)) {
      host.session.ctx.write(resourceKey(address, `${FA}::FungibleAssetEvents`), null);
    }
    const owner = must(objectCall(host, 'owner', [STORE], [store])[0]);
    emitEvent(host, `${FA}::FungibleStoreDeletion`, [
      address,
      owner,
      objectAddress(metadata as Value),
    ]);
    return [];
  }),
  fn(
    'transfer',
    { params: ['&signer', OBJECT_T, OBJECT_T, 'u64'], typeParams: KEY, isEntry: true },
    (host, _t, [sender, from, to, amount]) => {
      const fa = withdraw(
        host,
        signerAddress(sender as Value),
        objectAddress(from as Value),
        amount as bigint,
      );
      deposit(host, objectAddress(to as Value), fa);
      return [];
    },
  ),
  fn(
    'withdraw',
    { params: ['&signer', OBJECT_T, 'u64'], returns: [FA_T], typeParams: KEY },
    (host, _t, [owner, store, amount]) => [
      withdraw(
        host,
        signerAddress(owner as Value),
        objectAddress(store as Value),
        amount as bigint,
      ),
    ],
  ),
  fn('deposit', { params: [OBJECT_T, FA_T], typeParams: KEY }, (host, _t, [store, fa]) => {
    deposit(host, objectAddress(store as Value), fa as Value);
    return [];
  }),
  fn(
    'deposit_sanity_check',
    { params: [OBJECT_T, 'bool'], typeParams: KEY },
    (host, _t, [store, abortOnDispatch]) => {
      depositSanityCheck(host, objectAddress(store as Value), abortOnDispatch as boolean);
      return [];
    },
  ),
  fn(
    'mint',
    { params: [ref('MintRef'), 'u64'], returns: [FA_T] },
    (host, _t, [mintRef, amount]) => [
      mintAsset(host, refMetadata(mintRef as Value), amount as bigint),
    ],
  ),
  fn(
    'mint_to',
    { params: [ref('MintRef'), OBJECT_T, 'u64'], typeParams: KEY },
    (host, _t, [mintRef, store, amount]) => {
      mintTo(host, mintRef as Value, objectAddress(store as Value), amount as bigint);
      return [];
    },
  ),
  fn(
    'set_frozen_flag',
    { params: [ref('TransferRef'), OBJECT_T, 'bool'], typeParams: KEY },
    (host, _t, [transferRef, store, frozen]) => {
      const address = objectAddress(store as Value);
      if (refMetadata(transferRef as Value) !== storeMetadata(host, address)) {
        faFail(INVALID_ARGUMENT | 9n);
      }
      setFrozen(host, address, frozen as boolean);
      return [];
    },
  ),
  fn('burn', { params: [ref('BurnRef'), FA_T] }, (host, _t, [burnRef, fa]) => {
    burnAsset(host, burnRef as Value, fa as Value);
    return [];
  }),
  fn(
    'burn_from',
    { params: [ref('BurnRef'), OBJECT_T, 'u64'], typeParams: KEY },
    (host, _t, [burnRef, store, amount]) => {
      burnFrom(host, burnRef as Value, objectAddress(store as Value), amount as bigint);
      return [];
    },
  ),
  fn(
    'withdraw_with_ref',
    { params: [ref('TransferRef'), OBJECT_T, 'u64'], returns: [FA_T], typeParams: KEY },
    (host, _t, [transferRef, store, amount]) => [
      withdrawWithRef(host, transferRef as Value, objectAddress(store as Value), amount as bigint),
    ],
  ),
  fn(
    'deposit_with_ref',
    { params: [ref('TransferRef'), OBJECT_T, FA_T], typeParams: KEY },
    (host, _t, [transferRef, store, fa]) => {
      depositWithRef(host, transferRef as Value, objectAddress(store as Value), fa as Value);
      return [];
    },
  ),
  fn(
    'transfer_with_ref',
    { params: [ref('TransferRef'), OBJECT_T, OBJECT_T, 'u64'], typeParams: KEY },
    (host, _t, [transferRef, from, to, amount]) => {
      const fa = withdrawWithRef(
        host,
        transferRef as Value,
        objectAddress(from as Value),
        amount as bigint,
      );
      depositWithRef(host, transferRef as Value, objectAddress(to as Value), fa);
      return [];
    },
  ),
  fn(
    'balance_with_ref',
    { params: [ref('RawBalanceRef'), OBJECT_T], returns: ['u64'], typeParams: KEY },
    (host, _t, [balanceRef, store]) => {
      const address = objectAddress(store as Value);
      if (refMetadata(balanceRef as Value) !== storeMetadata(host, address)) {
        faFail(INVALID_ARGUMENT | 34n);
      }
      return [balanceOf(host, address)];
    },
  ),
  fn(
    'supply_with_ref',
    {
      params: [ref('RawSupplyRef'), OBJECT_T],
      returns: ['0x1::option::Option<u128>'],
      typeParams: KEY,
    },
    (host, _t, [supplyRef, metadata]) => {
      if (refMetadata(supplyRef as Value) !== objectAddress(metadata as Value)) {
        faFail(INVALID_ARGUMENT | 34n);
      }
      const supply = supplyOf(host, objectAddress(metadata as Value));
      return [supply.length === 0 ? none() : some(supply[0] as bigint)];
    },
  ),
  fn(
    'mutate_metadata',
    {
      params: [
        ref('MutateMetadataRef'),
        '0x1::option::Option<0x1::string::String>',
        '0x1::option::Option<0x1::string::String>',
        '0x1::option::Option<u8>',
        '0x1::option::Option<0x1::string::String>',
        '0x1::option::Option<0x1::string::String>',
      ],
    },
    (host, _t, [metadataRef, ...changes]) => {
      updateResource(host, refMetadata(metadataRef as Value), METADATA, (fields) => {
        changes.forEach((change, i) => {
          const value = optionValue(change as Value);
          if (value === undefined) return;
          checkMetadataField(i, value);
          fields[i] = value;
        });
      });
      return [];
    },
  ),
  fn('zero', { params: [OBJECT_T], returns: [FA_T], typeParams: KEY }, (_h, _t, [metadata]) => [
    asset(objectAddress(metadata as Value), 0n),
  ]),
  fn('extract', { params: [`&mut ${FA_T}`, 'u64'], returns: [FA_T] }, (_h, _t, [fa, amount]) => {
    const fields = fieldsOf(fa as Value);
    if ((fields[1] as bigint) < (amount as bigint)) faFail(INVALID_ARGUMENT | 4n);
    fields[1] = (fields[1] as bigint) - (amount as bigint);
    return [asset(objectAddress(fields[0] as Value), amount as bigint)];
  }),
  fn('merge', { params: [`&mut ${FA_T}`, FA_T] }, (_h, _t, [fa, source]) => {
    const fields = fieldsOf(fa as Value);
    if (objectAddress(fields[0] as Value) !== assetMetadata(source as Value)) {
      faFail(INVALID_ARGUMENT | 6n);
    }
    const total = (fields[1] as bigint) + assetAmount(source as Value);
    if (total > U64_MAX) throw vmError('ARITHMETIC_ERROR', `${FA}::merge`);
    fields[1] = total;
    return [];
  }),
  fn('destroy_zero', { params: [FA_T] }, (_h, _t, [fa]) => {
    if (assetAmount(fa as Value) !== 0n) faFail(INVALID_ARGUMENT | 12n);
    return [];
  }),
  fn('amount', { params: [`&${FA_T}`], returns: ['u64'] }, (_h, _t, [fa]) => [
    assetAmount(fa as Value),
  ]),
  ...['asset_metadata', 'metadata_from_asset'].map((name) =>
    fn(name, { params: [`&${FA_T}`], returns: [METADATA_OBJECT] }, (_h, _t, [fa]) => [
      object(assetMetadata(fa as Value)),
    ]),
  ),
  fn('upgrade_to_concurrent', { params: ['&0x1::object::ExtendRef'] }, (host, _t, [extendRef]) => {
    const address = constructorAddress(extendRef as Value);
    if (!resourceExists(host, address, SUPPLY)) faFail(NOT_FOUND | 21n);
    const [current, maximum] = removeResource(host, address, SUPPLY) as Value[];
    if (resourceExists(host, address, CONCURRENT_SUPPLY)) throw vmError('RESOURCE_ALREADY_EXISTS');
    createConcurrentSupply(
      host,
      address,
      current as bigint,
      optionValue(maximum as Value) as bigint | undefined,
    );
    return [];
  }),
  fn(
    'upgrade_store_to_concurrent',
    { params: ['&signer', OBJECT_T], typeParams: KEY, isEntry: true },
    (host, _t, [owner, store]) => {
      const address = objectAddress(store as Value);
      if (!owns(host, address, signerAddress(owner as Value))) faFail(PERMISSION_DENIED | 8n);
      const fields = borrowStore(host, address);
      if (fields[2] === true) faFail(INVALID_ARGUMENT | 3n);
      if (resourceExists(host, address, CONCURRENT_BALANCE)) return [];
      // `ensure_store_upgraded_to_concurrent_internal`: the balance moves to an aggregator.
      host.session.ctx.write(resourceKey(address, CONCURRENT_BALANCE), {
        kind: 'resource',
        address,
        type: CONCURRENT_BALANCE,
        data: { balance: { value: String(fields[1] as bigint), max_value: U64_MAX.toString() } },
      });
      updateResource(host, address, STORE, (stored) => {
        stored[1] = 0n;
      });
      return [];
    },
  ),
  // Deprecated: the permissioned signer is gone (`error::unavailable`, and a bare `abort 0`).
  fn(
    'grant_permission_by_store',
    { params: ['&signer', '&signer', OBJECT_T, 'u64'], typeParams: KEY },
    () => faFail(UNAVAILABLE | 37n),
  ),
  fn('revoke_permission', { params: ['&signer', METADATA_OBJECT] }, () => faFail(0n)),
];
