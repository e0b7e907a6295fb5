import type { LongAddress } from '../../encoding.ts';
import { vmError } from '../../move/vm/errors.ts';
import type { Value } from '../../move/vm/values.ts';
import { eventHandle, fn, OBJECT_T, struct } from '../abi.ts';
import { APT_METADATA_ADDRESS, FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';
import {
  balanceOf,
  borrowStore,
  constructorAddress,
  DERIVE_SUPPLY,
  DISPATCH_STORE,
  fail,
  INVALID_ARGUMENT,
  maximumOf,
  METADATA,
  METADATA_OBJECT,
  metadataObject,
  NOT_FOUND,
  plainBalance,
  readMetadata,
  refMetadata,
  STORE,
  supplyOf,
  UNTRANSFERABLE,
} from '../fungible.ts';
import {
  none,
  object,
  objectAddress,
  readResource,
  resourceExists,
  some,
  writeResource,
} from '../vmState.ts';
import { FUNGIBLE_ASSET_OPERATIONS } from './fungibleAssetOps.ts';

const KEY = [['key']];
const STRING = '0x1::string::String';
const OPTION_FUNCTION = '0x1::option::Option<0x1::function_info::FunctionInfo>';
const CONSTRUCTOR_REF = '&0x1::object::ConstructorRef';

/** `borrow_global<Metadata>(metadata)`'s field `index` (MISSING_DATA without metadata). */
const metadataField = (name: string, returns: string, index: number) =>
  fn(
    name,
    { params: [OBJECT_T], returns: [returns], typeParams: KEY, isView: true },
    (host, _t, [m]) => [readMetadata(host, objectAddress(m as Value))[index] as Value],
  );

/** A ref's metadata object (`mint_ref_metadata`, …). */
const refGetter = (name: string, ref: string) =>
  fn(
    name,
    { params: [`&0x1::fungible_asset::${ref}`], returns: [METADATA_OBJECT] },
    (_h, _t, [r]) => [object(refMetadata(r as Value))],
  );

/** `generate_*_ref(constructor_ref)`: `object_from_constructor_ref<Metadata>`, then the ref. */
const refGenerator = (name: string, ref: string) =>
  fn(
    name,
    { params: [CONSTRUCTOR_REF], returns: [`0x1::fungible_asset::${ref}`] },
    (host, _t, [constructorRef]) => [
      [metadataObject(host, constructorAddress(constructorRef as Value))],
    ],
  );

/** The hooks of a store's asset (`withdraw_dispatch_function`, `deposit_dispatch_function`). */
const dispatchFunction = (name: string, index: number) =>
  fn(
    name,
    { params: [OBJECT_T], returns: [OPTION_FUNCTION], typeParams: KEY },
    (host, _t, [store]) => {
      const metadata = objectAddress(borrowStore(host, objectAddress(store as Value))[0] as Value);
      const hooks = readResource(host, metadata, DISPATCH_STORE) as Value[] | undefined;
      return [hooks === undefined ? none() : (hooks[index] as Value)];
    },
  );

const optionOf = (values: bigint[]): Value =>
  values.length === 0 ? none() : some(values[0] as bigint);

export const fungibleAssetModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'fungible_asset',
  friends: [
    '0x1::aptos_account',
    '0x1::coin',
    '0x1::dispatchable_fungible_asset',
    '0x1::primary_fungible_store',
  ],
  structs: [
    struct(
      'Supply',
      ['key'],
      [
        ['current', 'u128'],
        ['maximum', '0x1::option::Option<u128>'],
      ],
    ),
    struct('ConcurrentSupply', ['key'], [['current', '0x1::aggregator_v2::Aggregator<u128>']]),
    struct(
      'Metadata',
      ['copy', 'drop', 'key'],
      [
        ['name', STRING],
        ['symbol', STRING],
        ['decimals', 'u8'],
        ['icon_uri', STRING],
        ['project_uri', STRING],
      ],
    ),
    struct('Untransferable', ['key'], [['dummy_field', 'bool']]),
    struct(
      'FungibleStore',
      ['key'],
      [
        ['metadata', METADATA_OBJECT],
        ['balance', 'u64'],
        ['frozen', 'bool'],
      ],
    ),
    struct(
      'DispatchFunctionStore',
      ['key'],
      [
        ['withdraw_function', OPTION_FUNCTION],
        ['deposit_function', OPTION_FUNCTION],
        ['derived_balance_function', OPTION_FUNCTION],
      ],
    ),
    struct('DeriveSupply', ['key'], [['dispatch_function', OPTION_FUNCTION]]),
    struct(
      'ConcurrentFungibleBalance',
      ['key'],
      [['balance', '0x1::aggregator_v2::Aggregator<u64>']],
    ),
    struct(
      'FungibleAsset',
      [],
      [
        ['metadata', METADATA_OBJECT],
        ['amount', 'u64'],
      ],
    ),
    ...[
      'MintRef',
      'TransferRef',
      'RawBalanceRef',
      'RawSupplyRef',
      'BurnRef',
      'MutateMetadataRef',
    ].map((ref) => struct(ref, ['drop', 'store'], [['metadata', METADATA_OBJECT]])),
    struct(
      'Creation',
      ['drop', 'store'],
      [
        ['metadata', 'address'],
        ['name', STRING],
        ['symbol', STRING],
        ['decimals', 'u8'],
        ['icon_uri', STRING],
        ['project_uri', STRING],
        ['maximum_supply', '0x1::option::Option<u128>'],
      ],
      { isEvent: true },
    ),
    ...['Deposit', 'Withdraw'].map((event) =>
      struct(
        event,
        ['drop', 'store'],
        [
          ['store', 'address'],
          ['amount', 'u64'],
        ],
        { isEvent: true },
      ),
    ),
    struct(
      'Frozen',
      ['drop', 'store'],
      [
        ['store', 'address'],
        ['frozen', 'bool'],
      ],
      { isEvent: true },
    ),
    struct(
      'FungibleStoreDeletion',
      ['drop', 'store'],
      [
        ['store', 'address'],
        ['owner', 'address'],
        ['metadata', 'address'],
      ],
      { isEvent: true },
    ),
    struct(
      'FungibleAssetEvents',
      ['key'],
      [
        ['deposit_events', eventHandle('0x1::fungible_asset::DepositEvent')],
        ['withdraw_events', eventHandle('0x1::fungible_asset::WithdrawEvent')],
        ['frozen_events', eventHandle('0x1::fungible_asset::FrozenEvent')],
      ],
    ),
    struct('DepositEvent', ['drop', 'store'], [['amount', 'u64']]),
    struct('WithdrawEvent', ['drop', 'store'], [['amount', 'u64']]),
    struct('FrozenEvent', ['drop', 'store'], [['frozen', 'bool']]),
  ],
  functions: [
    metadataField('name', STRING, 0),
    metadataField('symbol', STRING, 1),
    metadataField('decimals', 'u8', 2),
    metadataField('icon_uri', STRING, 3),
    metadataField('project_uri', STRING, 4),
    fn(
      'metadata',
      { params: [OBJECT_T], returns: [METADATA], typeParams: KEY, isView: true },
      (host, _t, [m]) => [readMetadata(host, objectAddress(m as Value))],
    ),
    fn(
      'supply',
      { params: [OBJECT_T], returns: ['0x1::option::Option<u128>'], typeParams: KEY, isView: true },
      (host, _t, [m]) => {
        const metadata = objectAddress(m as Value);
        if (metadata !== APT_METADATA_ADDRESS && resourceExists(host, metadata, DERIVE_SUPPLY)) {
          fail('fungible_asset', INVALID_ARGUMENT | 28n);
        }
        return [optionOf(supplyOf(host, metadata))];
      },
    ),
    fn(
      'maximum',
      { params: [OBJECT_T], returns: ['0x1::option::Option<u128>'], typeParams: KEY, isView: true },
      (host, _t, [m]) => [optionOf(maximumOf(host, objectAddress(m as Value)))],
    ),
    fn(
      'store_exists',
      { params: ['address'], returns: ['bool'], isView: true },
      (host, _t, [store]) => [resourceExists(host, store as LongAddress, STORE)],
    ),
    fn(
      'store_metadata',
      { params: [OBJECT_T], returns: [METADATA_OBJECT], typeParams: KEY, isView: true },
      (host, _t, [store]) => [borrowStore(host, objectAddress(store as Value))[0] as Value],
    ),
    fn(
      'balance',
      { params: [OBJECT_T], returns: ['u64'], typeParams: KEY, isView: true },
      (host, _t, [store]) => [plainBalance(host, objectAddress(store as Value))],
    ),
    fn(
      'is_balance_at_least',
      { params: [OBJECT_T, 'u64'], returns: ['bool'], typeParams: KEY, isView: true },
      (host, _t, [store, amount]) => {
        const address = objectAddress(store as Value);
        const exists = resourceExists(host, address, STORE);
        return [exists ? balanceOf(host, address) >= (amount as bigint) : amount === 0n];
      },
    ),
    fn(
      'is_frozen',
      { params: [OBJECT_T], returns: ['bool'], typeParams: KEY, isView: true },
      (host, _t, [store]) => {
        const fields = readResource(host, objectAddress(store as Value), STORE) as
          Value[] | undefined;
        return [fields !== undefined && fields[2] === true];
      },
    ),
    fn(
      'is_store_dispatchable',
      { params: [OBJECT_T], returns: ['bool'], typeParams: KEY, isView: true },
      (host, _t, [store]) => {
        const metadata = objectAddress(
          borrowStore(host, objectAddress(store as Value))[0] as Value,
        );
        return [resourceExists(host, metadata, DISPATCH_STORE)];
      },
    ),
    fn(
      'is_asset_type_dispatchable',
      { params: [METADATA_OBJECT], returns: ['bool'], isView: true },
      (host, _t, [m]) => {
        const metadata = objectAddress(m as Value);
        return [
          resourceExists(host, metadata, DISPATCH_STORE) ||
            resourceExists(host, metadata, DERIVE_SUPPLY),
        ];
      },
    ),
    fn(
      'is_untransferable',
      { params: [OBJECT_T], returns: ['bool'], typeParams: KEY, isView: true },
      (host, _t, [m]) => [resourceExists(host, objectAddress(m as Value), UNTRANSFERABLE)],
    ),
    dispatchFunction('withdraw_dispatch_function', 0),
    dispatchFunction('deposit_dispatch_function', 1),
    refGenerator('generate_mint_ref', 'MintRef'),
    refGenerator('generate_burn_ref', 'BurnRef'),
    refGenerator('generate_transfer_ref', 'TransferRef'),
    refGenerator('generate_raw_balance_ref', 'RawBalanceRef'),
    refGenerator('generate_raw_supply_ref', 'RawSupplyRef'),
    refGenerator('generate_mutate_metadata_ref', 'MutateMetadataRef'),
    refGetter('mint_ref_metadata', 'MintRef'),
    refGetter('transfer_ref_metadata', 'TransferRef'),
    refGetter('burn_ref_metadata', 'BurnRef'),
    refGetter('object_from_metadata_ref', 'MutateMetadataRef'),
    fn('set_untransferable', { params: [CONSTRUCTOR_REF] }, (host, _t, [constructorRef]) => {
      const address = constructorAddress(constructorRef as Value);
      if (!resourceExists(host, address, METADATA)) fail('fungible_asset', NOT_FOUND | 30n);
      if (resourceExists(host, address, UNTRANSFERABLE)) throw vmError('RESOURCE_ALREADY_EXISTS');
      writeResource(host, address, UNTRANSFERABLE, [false]);
      return [];
    }),
    ...FUNGIBLE_ASSET_OPERATIONS,
  ],
};
