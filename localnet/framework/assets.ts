import type { LongAddress } from '../encoding.ts';
import {
  memoize,
  parseAddress,
  sha3,
  shortAddress,
  toHex,
  uintLe,
  fromHex,
  must,
} from '../encoding.ts';
import type { ResourceValue, StateKey, StateReader, TableItemValue } from '../storage/types.ts';
import { resourceKey, tableKey } from '../storage/types.ts';
import type { NativeContext } from './context.ts';
import { abort, ERROR_CATEGORY, moduleError } from './context.ts';

const long = (short: string): LongAddress => must(parseAddress(short));

export const FRAMEWORK_ADDRESS = long('0x1');
/** APT's fungible asset metadata object. */
export const APT_METADATA_ADDRESS = long('0xa');
export const APTOS_COIN_TYPE = '0x1::aptos_coin::AptosCoin';
export const ACCOUNT_TYPE = '0x1::account::Account';
export const FUNGIBLE_STORE_TYPE = '0x1::fungible_asset::FungibleStore';
export const OBJECT_CORE_TYPE = '0x1::object::ObjectCore';
export const COIN_INFO_TYPE = `0x1::coin::CoinInfo<${APTOS_COIN_TYPE}>`;

/** The aggregator table slot holding APT's total supply (the handle and key mainnet uses). */
export const SUPPLY_TABLE_HANDLE = long(
  '0x1b854694ae746cdbd8d44186ca4929b2b337df21d1c74633be19b2710552fdca',
);
export const SUPPLY_TABLE_KEY = long(
  '0x619dc29a0aac8fa146714058e8dd6d2d0f3bdf5f6331907bf91f3acd81e6935',
);
export const SUPPLY_KEY = tableKey(SUPPLY_TABLE_HANDLE, SUPPLY_TABLE_KEY);
const U128_MAX = (1n << 128n) - 1n;

const FUNGIBLE_ASSET = '0x1::fungible_asset';
const EINSUFFICIENT_BALANCE = moduleError(
  ERROR_CATEGORY.invalidArgument,
  4n,
  'EINSUFFICIENT_BALANCE',
  'Insufficient balance to withdraw or transfer.',
);

const OBJECT_ADDRESS_SCHEME = new Uint8Array([0xfc]);

/** `primary_fungible_store::primary_store_address(owner, 0xa)`: sha3(owner ‖ metadata ‖ 0xFC). */
export const PRIMARY_STORE_CACHE_LIMIT = 16_384;
/** Cached (any address a client names is a key: at most `PRIMARY_STORE_CACHE_LIMIT`, ~4 MB). */
export const primaryStoreAddress = memoize(
  PRIMARY_STORE_CACHE_LIMIT,
  (owner: LongAddress) =>
    toHex(
      sha3(fromHex(owner), fromHex(APT_METADATA_ADDRESS), OBJECT_ADDRESS_SCHEME),
    ) as LongAddress,
);

/** `primary_store_address(owner, metadata)` for any metadata object. */
export const primaryStoreAddressOf = (owner: LongAddress, metadata: LongAddress): LongAddress =>
  metadata === APT_METADATA_ADDRESS
    ? primaryStoreAddress(owner)
    : (toHex(sha3(fromHex(owner), fromHex(metadata), OBJECT_ADDRESS_SCHEME)) as LongAddress);

/** A resource value under an address, its fields in REST JSON form. */
export const resource = (
  address: LongAddress,
  type: string,
  data: ResourceValue['data'],
): ResourceValue => ({ kind: 'resource', address, type, data });

export function accountValue(
  address: LongAddress,
  sequenceNumber: bigint,
  authKey: LongAddress,
): ResourceValue {
  const handle = (creation: string) => ({
    counter: '0',
    guid: { id: { addr: shortAddress(address), creation_num: creation } },
  });
  return resource(address, ACCOUNT_TYPE, {
    authentication_key: authKey,
    coin_register_events: handle('0'),
    guid_creation_num: '2',
    key_rotation_events: handle('1'),
    rotation_capability_offer: { for: { vec: [] } },
    sequence_number: sequenceNumber.toString(),
    signer_capability_offer: { for: { vec: [] } },
  });
}

export function readAccount(ctx: StateReader, address: LongAddress): ResourceValue | null {
  return ctx.get(resourceKey(address, ACCOUNT_TYPE)) as ResourceValue | null;
}

/** Creates `0x1::account::Account` at the address when it has none (first transfer to it). */
export function ensureAccount(ctx: NativeContext, address: LongAddress): void {
  if (readAccount(ctx, address) === null) {
    ctx.write(resourceKey(address, ACCOUNT_TYPE), accountValue(address, 0n, address));
  }
}

const APT_METADATA_SHORT = shortAddress(APT_METADATA_ADDRESS);

function storeValue(storeAddress: LongAddress, balance: bigint): ResourceValue {
  return resource(storeAddress, FUNGIBLE_STORE_TYPE, {
    balance: balance.toString(),
    frozen: false,
    metadata: { inner: APT_METADATA_SHORT },
  });
}

export function objectCoreValue(objectAddress: LongAddress, owner: LongAddress): ResourceValue {
  return resource(objectAddress, OBJECT_CORE_TYPE, {
    allow_ungated_transfer: false,
    guid_creation_num: '1125899906842625',
    owner: shortAddress(owner),
    transfer_events: {
      counter: '0',
      guid: { id: { addr: shortAddress(objectAddress), creation_num: '1125899906842624' } },
    },
  });
}

const CONCURRENT_BALANCE_TYPE = '0x1::fungible_asset::ConcurrentFungibleBalance';

/**
 * A store upgraded to a concurrent balance (`upgrade_store_to_concurrent`) keeps its balance in
 * `ConcurrentFungibleBalance` while `FungibleStore.balance` is 0, as `fungible_asset.move` reads it.
 */
function concurrentBalance(ctx: StateReader, storeAddress: LongAddress): ResourceValue | null {
  return ctx.get(resourceKey(storeAddress, CONCURRENT_BALANCE_TYPE)) as ResourceValue | null;
}

/** A fungible store as read once by a balance change: its value and its balance. */
interface StoreRead {
  storeAddress: LongAddress;
  storeKey: StateKey;
  store: ResourceValue | null;
  /** Its `ConcurrentFungibleBalance`, read when `FungibleStore.balance` is 0. */
  concurrent: ResourceValue | null;
  balance: bigint;
}

/** Reads a fungible store and its balance, `balance_impl` on REST JSON (0 when there is none). */
function readStore(ctx: StateReader, storeAddress: LongAddress): StoreRead {
  const storeKey = resourceKey(storeAddress, FUNGIBLE_STORE_TYPE);
  const store = ctx.get(storeKey) as ResourceValue | null;
  if (store === null) return { storeAddress, storeKey, store, concurrent: null, balance: 0n };
  const stored = BigInt(store.data.balance as string);
  const concurrent = stored === 0n ? concurrentBalance(ctx, storeAddress) : null;
  const balance =
    concurrent === null ? stored : BigInt((concurrent.data.balance as { value: string }).value);
  return { storeAddress, storeKey, store, concurrent, balance };
}

/** APT in the owner's primary store (0 when it has none). */
export const aptBalance = (ctx: StateReader, owner: LongAddress): bigint =>
  storeBalance(ctx, primaryStoreAddress(owner));

/** A fungible store's balance, `balance_impl` on REST JSON (0 when there is no store). */
export function storeBalance(ctx: StateReader, storeAddress: LongAddress): bigint {
  return readStore(ctx, storeAddress).balance;
}

/** Writes the owner's primary store (`read` is it as read before) with `balance`, creating it. */
function setBalance(
  ctx: NativeContext,
  owner: LongAddress,
  read: StoreRead,
  balance: bigint,
  create: boolean,
): void {
  const { storeAddress } = read;
  if (create)
    ctx.write(resourceKey(storeAddress, OBJECT_CORE_TYPE), objectCoreValue(storeAddress, owner));
  const concurrent = read.store?.data.balance === '0' ? read.concurrent : null;
  if (concurrent !== null) {
    const aggregator = concurrent.data.balance as { value: string; max_value: string };
    ctx.write(resourceKey(storeAddress, CONCURRENT_BALANCE_TYPE), {
      ...concurrent,
      data: { balance: { value: balance.toString(), max_value: aggregator.max_value } },
    });
    return;
  }
  ctx.write(read.storeKey, storeValue(storeAddress, balance));
}

/** Genesis writes of a primary store holding `balance`. */
export function primaryStoreValues(owner: LongAddress, balance: bigint): ResourceValue[] {
  const storeAddress = primaryStoreAddress(owner);
  return [objectCoreValue(storeAddress, owner), storeValue(storeAddress, balance)];
}

/** Withdraws APT from the owner's primary store, emitting `0x1::fungible_asset::Withdraw`. */
export function withdrawApt(
  ctx: NativeContext,
  owner: LongAddress,
  amount: bigint,
  insufficient: () => never = () => abort(FUNGIBLE_ASSET, EINSUFFICIENT_BALANCE),
): void {
  ctx.charge(450_000);
  const read = readStore(ctx, primaryStoreAddress(owner));
  if (read.balance < amount) insufficient();
  setBalance(ctx, owner, read, read.balance - amount, false);
  ctx.emit('0x1::fungible_asset::Withdraw', {
    store: shortAddress(read.storeAddress),
    amount: amount.toString(),
  });
}

/** Deposits APT into the owner's primary store (creating it), emitting `0x1::fungible_asset::Deposit`. */
export function depositApt(ctx: NativeContext, owner: LongAddress, amount: bigint): void {
  ctx.charge(450_000);
  const read = readStore(ctx, primaryStoreAddress(owner));
  setBalance(ctx, owner, read, read.balance + amount, read.store === null);
  ctx.emit('0x1::fungible_asset::Deposit', {
    store: shortAddress(read.storeAddress),
    amount: amount.toString(),
  });
}

/** `aptos_account::transfer`: creates the recipient's account when missing, then moves APT. */
export function transferApt(
  ctx: NativeContext,
  to: LongAddress,
  amount: bigint,
  insufficient?: () => never,
): void {
  const from = must(ctx.signers[0]);
  ensureAccount(ctx, to);
  withdrawApt(ctx, from, amount, insufficient);
  depositApt(ctx, to, amount);
}

/**
 * APT's supply lives in two places, as on a real chain since APT became a fungible asset: coins
 * still in `Coin<AptosCoin>` form (at genesis only the validator's stake, in its `StakePool`) count
 * in the aggregator table item `CoinInfo<AptosCoin>.supply` points to; APT in fungible stores (every
 * account's balance) counts in `0x1::fungible_asset::ConcurrentSupply` at `0xa`. `coin::supply`
 * answers their sum, `fungible_asset::supply(0xa)` the second.
 */
export function supplyValue(supply: bigint): TableItemValue {
  return {
    kind: 'table_item',
    handle: SUPPLY_TABLE_HANDLE,
    key: SUPPLY_TABLE_KEY,
    value: toHex(uintLe(supply, 16)),
    keyType: 'address',
    valueType: 'u128',
    decodedKey: shortAddress(SUPPLY_TABLE_KEY),
    decodedValue: supply.toString(),
  };
}

export const FA_SUPPLY_TYPE = '0x1::fungible_asset::ConcurrentSupply';
const FA_SUPPLY_KEY = resourceKey(APT_METADATA_ADDRESS, FA_SUPPLY_TYPE);

/** `ConcurrentSupply` of APT's fungible asset at `0xa` (an unbounded aggregator, as REST prints it). */
export function faSupplyValue(supply: bigint): ResourceValue {
  return resource(APT_METADATA_ADDRESS, FA_SUPPLY_TYPE, {
    current: { max_value: U128_MAX.toString(), value: supply.toString() },
  });
}

/** APT in coin form: the `CoinInfo<AptosCoin>` aggregator's table item. */
export function readCoinSupply(ctx: StateReader): bigint {
  const item = ctx.get(SUPPLY_KEY) as TableItemValue | null;
  return item === null ? 0n : BigInt(item.decodedValue as string);
}

/** APT in fungible stores: `ConcurrentSupply.current` at `0xa`. */
export function readFaSupply(ctx: StateReader): bigint {
  const value = ctx.get(FA_SUPPLY_KEY) as ResourceValue | null;
  const current = value?.data.current as { value?: string } | undefined;
  return current?.value === undefined ? 0n : BigInt(current.value);
}

/** APT's total supply, what `0x1::coin::supply<AptosCoin>` answers: coin form plus fungible asset. */
export function readSupply(ctx: StateReader): bigint {
  return readCoinSupply(ctx) + readFaSupply(ctx);
}

/**
 * Mints (positive) or burns (negative) APT in fungible stores: a mint lands in a primary store and
 * a fee is burnt from one, so only the fungible asset's `ConcurrentSupply` moves.
 */
export function adjustSupply(ctx: NativeContext, delta: bigint): void {
  const supply = readFaSupply(ctx) + delta;
  if (supply < 0n || supply > U128_MAX) throw new RangeError('APT supply out of range');
  ctx.write(FA_SUPPLY_KEY, faSupplyValue(supply));
}
