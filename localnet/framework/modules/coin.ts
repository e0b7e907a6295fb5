import type { LongAddress } from '../../encoding.ts';
import { entry, struct, view } from '../abi.ts';
import {
  APT_METADATA_ADDRESS,
  aptBalance,
  APTOS_COIN_TYPE,
  FRAMEWORK_ADDRESS,
  readSupply,
  transferApt,
} from '../assets.ts';
import type { NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, missingData, moduleError } from '../context.ts';

const COIN = '0x1::coin';
const coinErrors = {
  insufficient: moduleError(
    ERROR_CATEGORY.invalidArgument,
    6n,
    'EINSUFFICIENT_BALANCE',
    'Not enough coins to complete transaction',
  ),
  notPublished: moduleError(
    ERROR_CATEGORY.notFound,
    3n,
    'ECOIN_INFO_NOT_PUBLISHED',
    '`CoinType` is not registered as a coin',
  ),
};

/** Native coins: only APT exists on this chain; any other coin type aborts like an unpublished coin. */
export function requireApt(typeArgs: string[]): void {
  if (typeArgs[0] !== APTOS_COIN_TYPE) abort(COIN, coinErrors.notPublished);
}

/**
 * The views that `borrow_global<CoinInfo<T>>` in the framework: for a type without `CoinInfo`
 * (any type but APT here) the VM fails with `MISSING_DATA`, not an abort.
 */
function requireCoinInfo(typeArgs: string[]): void {
  if (typeArgs[0] !== APTOS_COIN_TYPE) missingData();
}

export const coinModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'coin',
  friends: ['0x1::aptos_coin', '0x1::genesis', '0x1::transaction_fee'],
  structs: [
    struct('Coin', ['store'], [['value', 'u64']], {
      typeParams: [{ constraints: [], is_phantom: true }],
    }),
    struct(
      'CoinInfo',
      ['key'],
      [
        ['name', '0x1::string::String'],
        ['symbol', '0x1::string::String'],
        ['decimals', 'u8'],
        ['supply', '0x1::option::Option<0x1::optional_aggregator::OptionalAggregator>'],
      ],
      { typeParams: [{ constraints: [], is_phantom: true }] },
    ),
  ],
  functions: [
    view(
      'balance',
      ['address'],
      ['u64'],
      // The framework sums the `CoinStore<T>` (0 when absent) and the paired fungible store: any
      // type that resolves answers, 0 for a type that is not a coin.
      (ctx, typeArgs, [owner]) => [
        typeArgs[0] === APTOS_COIN_TYPE ? aptBalance(ctx, owner as LongAddress) : 0n,
      ],
      [[]],
    ),
    view('decimals', [], ['u8'], (_c, typeArgs) => (requireCoinInfo(typeArgs), [8]), [[]]),
    view(
      'name',
      [],
      ['0x1::string::String'],
      (_c, typeArgs) => (requireCoinInfo(typeArgs), ['Aptos Coin']),
      [[]],
    ),
    view(
      'symbol',
      [],
      ['0x1::string::String'],
      (_c, typeArgs) => (requireCoinInfo(typeArgs), ['APT']),
      [[]],
    ),
    view(
      'supply',
      [],
      ['0x1::option::Option<u128>'],
      (ctx, typeArgs) => {
        requireCoinInfo(typeArgs);
        return [[readSupply(ctx)]];
      },
      [[]],
    ),
    view(
      'is_account_registered',
      ['address'],
      ['bool'],
      (_c, typeArgs) => [typeArgs[0] === APTOS_COIN_TYPE],
      [[]],
    ),
    view('is_coin_initialized', [], ['bool'], (_c, typeArgs) => [typeArgs[0] === APTOS_COIN_TYPE], [
      [],
    ]),
    view(
      'paired_metadata',
      [],
      ['0x1::option::Option<0x1::object::Object<0x1::fungible_asset::Metadata>>'],
      (_c, typeArgs) => [typeArgs[0] === APTOS_COIN_TYPE ? [APT_METADATA_ADDRESS] : []],
      [[]],
    ),
    entry('register', ['&signer'], (_c, typeArgs) => (requireApt(typeArgs), []), [[]]),
    entry(
      'transfer',
      ['&signer', 'address', 'u64'],
      (ctx, typeArgs, [to, amount]) => {
        requireApt(typeArgs);
        transferApt(ctx, to as LongAddress, amount as bigint, () =>
          abort(COIN, coinErrors.insufficient),
        );
        return [];
      },
      [[]],
    ),
  ],
};
