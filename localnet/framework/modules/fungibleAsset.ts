import type { LongAddress } from '../../encoding.ts';
import type { MoveVal } from '../../executor/moveValues.ts';
import type { ResourceValue } from '../../storage/types.ts';
import { resourceKey } from '../../storage/types.ts';
import { OBJECT_T, struct, view } from '../abi.ts';
import { APT_METADATA_ADDRESS, FRAMEWORK_ADDRESS, readFaSupply } from '../assets.ts';
import type { NativeContext, NativeFunction, NativeModule } from '../context.ts';
import { missingData } from '../context.ts';

const metadataView = (
  name: string,
  returns: string,
  value: (ctx: NativeContext) => MoveVal,
): NativeFunction =>
  view(
    name,
    [OBJECT_T],
    [returns],
    // `borrow_global<Metadata>` in the framework: MISSING_DATA for an address without metadata.
    (ctx, _t, [metadata]) => (metadata === APT_METADATA_ADDRESS ? [value(ctx)] : missingData()),
    [['key']],
  );

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
      'Metadata',
      ['key'],
      [
        ['name', '0x1::string::String'],
        ['symbol', '0x1::string::String'],
        ['decimals', 'u8'],
        ['icon_uri', '0x1::string::String'],
        ['project_uri', '0x1::string::String'],
      ],
    ),
    struct(
      'FungibleStore',
      ['key'],
      [
        ['metadata', '0x1::object::Object<0x1::fungible_asset::Metadata>'],
        ['balance', 'u64'],
        ['frozen', 'bool'],
      ],
    ),
    struct('ConcurrentSupply', ['key'], [['current', '0x1::aggregator_v2::Aggregator<u128>']]),
    struct(
      'Withdraw',
      ['drop', 'store'],
      [
        ['store', 'address'],
        ['amount', 'u64'],
      ],
      { isEvent: true },
    ),
    struct(
      'Deposit',
      ['drop', 'store'],
      [
        ['store', 'address'],
        ['amount', 'u64'],
      ],
      { isEvent: true },
    ),
  ],
  functions: [
    metadataView('name', '0x1::string::String', () => 'Aptos Coin'),
    metadataView('symbol', '0x1::string::String', () => 'APT'),
    metadataView('decimals', 'u8', () => 8),
    metadataView('supply', '0x1::option::Option<u128>', (ctx) => [readFaSupply(ctx)]),
    view(
      'balance',
      [OBJECT_T],
      ['u64'],
      (ctx, _t, [store]) => {
        const value = ctx.get(
          resourceKey(store as LongAddress, '0x1::fungible_asset::FungibleStore'),
        ) as ResourceValue | null;
        return [value === null ? 0n : BigInt(value.data.balance as string)];
      },
      [['key']],
    ),
    view('store_exists', ['address'], ['bool'], (ctx, _t, [store]) => [
      ctx.get(resourceKey(store as LongAddress, '0x1::fungible_asset::FungibleStore')) !== null,
    ]),
  ],
};
