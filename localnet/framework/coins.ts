/**
 * Coins of any type (`0x1::coin`). `CoinInfo<T>`, the pairing's own resources and the managed
 * capabilities are kept as REST JSON through the native context; the paired asset's object,
 * metadata, supply and stores are the fungible-asset modules' (`object::create_named_object`,
 * `primary_fungible_store::*` through `host.call`, `fungible.ts`' helpers).
 *
 * As the v10 framework, a coin lives as a fungible asset: `CoinInfo<T>` at the coin's address holds
 * name, symbol, decimals and the supply still in `Coin<T>` form; a deposit pairs the coin with a
 * fungible asset (a named object of `@aptos_fungible_asset` (0xa) seeded with the coin's type name)
 * and lands in the recipient's primary store of that asset. APT keeps its own paths (`assets.ts`),
 * paired with `0xa` since genesis.
 *
 * One difference from a node: the framework finds the pairing in `CoinConversionMap`'s table at
 * `0x1`; this chain has no such table (genesis does not write it) and finds the pairing by the
 * metadata object's derived address and its `PairedCoinType`, which a node's pairing also writes.
 */
import type { LongAddress } from '../encoding.ts';
import { must, parseAddress, shortAddress, toHex, utf8 } from '../encoding.ts';
import type { NativeHost } from '../move/vm/loader.ts';
import type { Ty } from '../move/vm/ty.ts';
import { tyString } from '../move/vm/ty.ts';
import type { Value } from '../move/vm/values.ts';
import { Ref } from '../move/vm/values.ts';
import type { ResourceValue, StateReader } from '../storage/types.ts';
import { resourceKey } from '../storage/types.ts';
import {
  APT_METADATA_ADDRESS,
  APTOS_COIN_TYPE,
  depositApt,
  ensureAccount,
  FRAMEWORK_ADDRESS,
  primaryStoreAddressOf,
  readSupply,
  resource,
  withdrawApt,
} from './assets.ts';
import type { NativeContext } from './context.ts';
import { missingData } from './context.ts';
import {
  asset,
  balanceOf,
  changeSupply,
  METADATA,
  primaryStore,
  STORE,
  supplyOf,
} from './fungible.ts';
import { namedObjectAddress } from './objects.ts';
import { abortIn, fieldsOf, none, object, signerAddress, str, ty } from './vmState.ts';

const U128_MAX = (1n << 128n) - 1n;
const COIN = '0x1::coin';
const PAIRED_COIN_TYPE = `${COIN}::PairedCoinType`;
const PAIRED_REFS_TYPE = `${COIN}::PairedFungibleAssetRefs`;

/** A coin function's coin type (its type argument) as a type tag string. */
export const coinTypeOf = (tys: readonly Ty[]): string => tyString(tys[0] as Ty);

/** `system_addresses::assert_aptos_framework`. */
export function assertFramework(account: Value): void {
  if (signerAddress(account) !== FRAMEWORK_ADDRESS) {
    abortIn(
      'system_addresses',
      0x50003n,
      'ENOT_APTOS_FRAMEWORK_ADDRESS',
      'The address/account did not correspond to the core framework address',
    );
  }
}

export const coinInfoType = (coinType: string) => `${COIN}::CoinInfo<${coinType}>`;

/** `coin_address<T>()`: the address of the module declaring the coin's struct. */
export function coinAddress(coinType: string): LongAddress {
  const address = parseAddress(coinType.split('::')[0] ?? '');
  // `type_info::type_of` of a type that is not a struct.
  if (address === null) abortIn('type_info', 0x10001n, 'E_NOT_A_STRUCT', '');
  return address;
}

export interface CoinInfo {
  name: string;
  symbol: string;
  decimals: number;
  /** `Some(supply)` in coin form when monitored, `null` for `none`. */
  supply: bigint | null;
}

const get = (ctx: StateReader, address: LongAddress, type: string) =>
  ctx.get(resourceKey(address, type)) as ResourceValue | null;

export function readCoinInfo(ctx: StateReader, coinType: string): CoinInfo | null {
  const value = get(ctx, coinAddress(coinType), coinInfoType(coinType));
  if (value === null) return null;
  const data = value.data as {
    name: string;
    symbol: string;
    decimals: number;
    supply: { vec: Array<{ integer: { vec: Array<{ value: string }> } }> };
  };
  const monitored = data.supply.vec[0];
  let supply: bigint | null = null;
  // APT's coin-form supply is an aggregator (a table item); any other coin's an integer.
  if (coinType === APTOS_COIN_TYPE) supply = readSupply(ctx);
  else if (monitored !== undefined) supply = BigInt(must(monitored.integer.vec[0]).value);
  return { name: data.name, symbol: data.symbol, decimals: data.decimals, supply };
}

/** `borrow_global<CoinInfo<T>>`: `MISSING_DATA` for a type that is not an initialized coin. */
export const borrowCoinInfo = (ctx: StateReader, coinType: string): CoinInfo =>
  readCoinInfo(ctx, coinType) ?? missingData();

/** `move_to(account, CoinInfo<T> { …, supply: optional_aggregator::new(false) or none })`. */
export function writeCoinInfo(ctx: NativeContext, coinType: string, info: CoinInfo): void {
  const address = coinAddress(coinType);
  const supply =
    info.supply === null
      ? []
      : [
          {
            aggregator: { vec: [] },
            integer: { vec: [{ limit: U128_MAX.toString(), value: info.supply.toString() }] },
          },
        ];
  ctx.write(
    resourceKey(address, coinInfoType(coinType)),
    resource(address, coinInfoType(coinType), {
      decimals: info.decimals,
      name: info.name,
      supply: { vec: supply },
      symbol: info.symbol,
    }),
  );
}

/**
 * `mint_internal` (`delta` > 0) and `burn_internal` (`delta` < 0): the coin-form supply moves when
 * the coin monitors it (`borrow_global_mut<CoinInfo<T>>`, so `MISSING_DATA` for no coin). APT's
 * coin-form supply is not tracked here (its coins are only ever in fungible stores).
 */
export function adjustCoinSupply(ctx: NativeContext, coinType: string, delta: bigint): void {
  if (delta === 0n || coinType === APTOS_COIN_TYPE) return;
  const info = borrowCoinInfo(ctx, coinType);
  if (info.supply === null) return writeCoinInfo(ctx, coinType, info);
  const supply = info.supply + delta;
  // `optional_aggregator`'s integer: add over its limit, sub under 0.
  if (supply > U128_MAX) abortIn('optional_aggregator', 0x20001n, 'EAGGREGATOR_OVERFLOW', '');
  if (supply < 0n) abortIn('optional_aggregator', 0x20002n, 'EAGGREGATOR_UNDERFLOW', '');
  writeCoinInfo(ctx, coinType, { ...info, supply });
}

// ---------------------------------------------------------------------------------------------
// Pairing

/** The metadata object a coin pairs with: `create_object_address(@0xa, type_name<T>())`. */
export const pairedAddress = (coinType: string): LongAddress =>
  coinType === APTOS_COIN_TYPE
    ? APT_METADATA_ADDRESS
    : namedObjectAddress(APT_METADATA_ADDRESS, utf8(coinType));

/** `paired_metadata<T>()`: the metadata address, or `null` before the coin's first pairing. */
export function pairedMetadata(ctx: StateReader, coinType: string): LongAddress | null {
  if (coinType === APTOS_COIN_TYPE) return APT_METADATA_ADDRESS;
  const address = pairedAddress(coinType);
  return get(ctx, address, PAIRED_COIN_TYPE) === null ? null : address;
}

/** `TypeInfo` of a struct type, as REST JSON prints it. */
export function typeInfoJson(coinType: string): Record<string, string> {
  const [address = '', module = '', ...rest] = coinType.split('::');
  const hex = (text: string) => toHex(utf8(text));
  return {
    account_address: shortAddress(must(parseAddress(address))),
    module_name: hex(module),
    struct_name: hex(rest.join('::')),
  };
}

/** `paired_coin(metadata)`: the coin type paired with a metadata object (REST JSON), or `null`. */
export function pairedCoin(ctx: StateReader, metadata: LongAddress): Record<string, string> | null {
  if (metadata === APT_METADATA_ADDRESS) return typeInfoJson(APTOS_COIN_TYPE);
  const paired = get(ctx, metadata, PAIRED_COIN_TYPE);
  return paired === null ? null : (paired.data.type as Record<string, string>);
}

/**
 * `ensure_paired_metadata<T>()` (`create_and_return_paired_metadata_if_not_exist`): the named object
 * of `0xa`, `primary_fungible_store::create_primary_store_enabled_fungible_asset` on it with the
 * coin's name, symbol and decimals (unlimited supply, no URIs), `PairedCoinType`, `PairCreation`
 * and `PairedFungibleAssetRefs` holding all three refs.
 */
export function ensurePairedMetadata(host: NativeHost, coinType: string): LongAddress {
  const ctx = host.session.ctx;
  const existing = pairedMetadata(ctx, coinType);
  if (existing !== null) return existing;
  const info = borrowCoinInfo(ctx, coinType);
  // `object::create_named_object(&create_signer(@aptos_fungible_asset), type_name<T>())`.
  const seed = Array.from(utf8(coinType));
  const [constructorRef] = call(
    host,
    'object',
    'create_named_object',
    [],
    [new Ref([APT_METADATA_ADDRESS], 0), seed],
  );
  const address = fieldsOf(must(constructorRef))[0] as LongAddress;
  call(
    host,
    'primary_fungible_store',
    'create_primary_store_enabled_fungible_asset',
    [],
    [
      new Ref([must(constructorRef)], 0),
      none(),
      str(info.name),
      str(info.symbol),
      info.decimals,
      str(''),
      str(''),
    ],
  );
  const put = (type: string, data: ResourceValue['data']) =>
    ctx.write(resourceKey(address, type), resource(address, type, data));
  const type = typeInfoJson(coinType);
  put(PAIRED_COIN_TYPE, { type });
  ctx.emit(`${COIN}::PairCreation`, {
    coin_type: type,
    fungible_asset_metadata_address: shortAddress(address),
  });
  const inner = { inner: shortAddress(address) };
  put(PAIRED_REFS_TYPE, {
    burn_ref_opt: { vec: [{ metadata: inner }] },
    mint_ref_opt: { vec: [{ metadata: inner }] },
    transfer_ref_opt: { vec: [{ metadata: inner }] },
  });
  return address;
}

/**
 * `coin_to_fungible_asset<T>`'s state change: the coin paired, burnt in coin form and minted as its
 * asset; the paired metadata. APT's coin form is not tracked here (its coins only ever leave and
 * re-enter fungible stores), so neither supply moves for it.
 */
export function coinToAsset(host: NativeHost, coinType: string, amount: bigint): LongAddress {
  const metadata = ensurePairedMetadata(host, coinType);
  if (coinType === APTOS_COIN_TYPE) return metadata;
  adjustCoinSupply(host.session.ctx, coinType, -amount);
  changeSupply(host, metadata, amount);
  return metadata;
}

/** `fungible_asset_to_coin<T>`'s state change: the paired asset burnt, the coin minted (not APT's). */
export function assetToCoin(host: NativeHost, coinType: string, amount: bigint): void {
  if (coinType === APTOS_COIN_TYPE) return;
  changeSupply(host, pairedAddress(coinType), -amount);
  adjustCoinSupply(host.session.ctx, coinType, amount);
}

export type RefKind = 'mint' | 'transfer' | 'burn';

/** `PairedFungibleAssetRefs.<kind>_ref_opt` of a paired metadata object (`null`: no resource). */
export function pairedRef(ctx: StateReader, metadata: LongAddress, kind: RefKind): boolean | null {
  const refs = get(ctx, metadata, PAIRED_REFS_TYPE);
  // APT's refs as genesis.move leaves them (not in this chain's genesis state): the burn ref
  // taken by `transaction_fee::store_aptos_coin_burn_cap`, the mint and transfer refs in place.
  if (refs === null && metadata === APT_METADATA_ADDRESS) return kind !== 'burn';
  if (refs === null) return null;
  return (refs.data[`${kind}_ref_opt`] as { vec: unknown[] }).vec.length > 0;
}

/** Takes (`present` false) or puts back (`present` true) one of the paired refs. */
export function setPairedRef(
  ctx: NativeContext,
  metadata: LongAddress,
  kind: RefKind,
  present: boolean,
): void {
  const refs = must(get(ctx, metadata, PAIRED_REFS_TYPE));
  const vec = present ? [{ metadata: { inner: shortAddress(metadata) } }] : [];
  ctx.write(resourceKey(metadata, PAIRED_REFS_TYPE), {
    ...refs,
    data: { ...refs.data, [`${kind}_ref_opt`]: { vec } },
  });
}

// ---------------------------------------------------------------------------------------------
// Primary stores of the paired asset: `primary_fungible_store`'s own natives (APT through
// `assets.ts`, as its transfers always went)

const call = (host: NativeHost, module: string, name: string, tys: string[], args: Value[]) =>
  host.call(
    FRAMEWORK_ADDRESS,
    module,
    name,
    tys.map((tag) => ty(tag)),
    args,
  );

/** `primary_fungible_store::balance(owner, metadata)`: 0 when the store does not exist. */
export function primaryBalance(
  host: NativeHost,
  owner: LongAddress,
  metadata: LongAddress,
): bigint {
  return balanceOf(host, primaryStoreAddressOf(owner, metadata));
}

/**
 * APT from `from` to `to` as `assets.ts`' `transferApt` moves it for the transaction's signer: the
 * recipient's account created first, then the stores.
 */
export function aptTransfer(
  ctx: NativeContext,
  from: LongAddress,
  to: LongAddress,
  amount: bigint,
  insufficient?: () => never,
): void {
  ensureAccount(ctx, to);
  withdrawApt(ctx, from, amount, insufficient);
  depositApt(ctx, to, amount);
}

/** `primary_fungible_store::deposit(owner, fa)`. */
export function depositPrimary(
  host: NativeHost,
  owner: LongAddress,
  metadata: LongAddress,
  amount: bigint,
): void {
  if (metadata === APT_METADATA_ADDRESS) return depositApt(host.session.ctx, owner, amount);
  call(host, 'primary_fungible_store', 'deposit', [], [owner, asset(metadata, amount)]);
}

/** `primary_fungible_store::withdraw(owner, metadata, amount)`: the asset taken out of circulation here. */
export function withdrawPrimary(
  host: NativeHost,
  owner: LongAddress,
  metadata: LongAddress,
  amount: bigint,
): void {
  if (metadata === APT_METADATA_ADDRESS) return withdrawApt(host.session.ctx, owner, amount);
  call(
    host,
    'primary_fungible_store',
    'withdraw',
    [METADATA],
    [new Ref([owner], 0), object(metadata), amount],
  );
}

/** `fungible_asset::burn_from(burn_ref, primary_store(account, metadata), amount)`. */
export function burnFromPrimary(
  host: NativeHost,
  account: LongAddress,
  metadata: LongAddress,
  amount: bigint,
): void {
  const store = primaryStore(host, account, metadata);
  call(
    host,
    'fungible_asset',
    'burn_from',
    [STORE],
    [new Ref([[object(metadata)]], 0), object(store), amount],
  );
}

/** `fungible_asset::supply(metadata)` of a paired coin. */
export const faSupply = (host: NativeHost, metadata: LongAddress): bigint =>
  supplyOf(host, metadata)[0] ?? 0n;
