import type { LongAddress } from '../../encoding.ts';
import { vmError } from '../../move/vm/errors.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import { fn } from '../abi.ts';
import { APTOS_COIN_TYPE, ensureAccount, FRAMEWORK_ADDRESS, withdrawApt } from '../assets.ts';
import {
  adjustCoinSupply,
  assetToCoin,
  aptTransfer,
  borrowCoinInfo,
  coinAddress,
  coinToAsset,
  coinTypeOf,
  depositPrimary,
  ensurePairedMetadata,
  faSupply,
  pairedMetadata,
  primaryBalance,
  readCoinInfo,
  withdrawPrimary,
  writeCoinInfo,
} from '../coins.ts';
import type { NativeFunction, NativeModule } from '../context.ts';
import { missingData } from '../context.ts';
import { abortIn, fieldsOf, none, signerAddress, some, str, textOf } from '../vmState.ts';
import { coinPairedFunctions, coinStructs } from './coinPaired.ts';

const COIN = 'coin';
const T0 = [[]] as string[][];
const COIN_T = '0x1::coin::Coin<T0>';
const cap = (kind: string) => `0x1::coin::${kind}Capability<T0>`;
const STRING = '0x1::string::String';

/** A capability value (`struct MintCapability<phantom T> has copy, store {}`). */
export const CAPABILITY: Value = [false];

const insufficient = (): never =>
  abortIn(COIN, 0x10006n, 'EINSUFFICIENT_BALANCE', 'Not enough coins to complete transaction');
const notPublished = (): never =>
  abortIn(
    COIN,
    0x10003n,
    'ECOIN_INFO_NOT_PUBLISHED',
    "`CoinType` hasn't been initialized as a coin",
  );

/** `is_coin_initialized<T>()`. */
export const isCoinInitialized = (host: NativeHost, coinType: string): boolean =>
  readCoinInfo(host.session.ctx, coinType) !== null;

/** `is_account_registered<T>(_)`: true for any initialized coin, `ECOIN_INFO_NOT_PUBLISHED` else. */
export function assertRegistered(host: NativeHost, coinType: string): true {
  if (!isCoinInitialized(host, coinType)) notPublished();
  return true;
}

/** `coin::balance<T>(owner)`: no `CoinStore` exists on this chain, so the paired store's balance. */
export function coinBalance(host: NativeHost, coinType: string, owner: LongAddress): bigint {
  const metadata = pairedMetadata(host.session.ctx, coinType);
  return metadata === null ? 0n : primaryBalance(host, owner, metadata);
}

/** `coin::mint` (`mint_internal`): a `Coin<T>`, the coin-form supply up. */
export function mintCoin(host: NativeHost, coinType: string, amount: bigint): Value {
  adjustCoinSupply(host.session.ctx, coinType, amount);
  return [amount];
}

/** `coin::deposit<T>(to, coin)`: the coin becomes its paired fungible asset in `to`'s primary store. */
export function depositCoin(host: NativeHost, coinType: string, to: LongAddress, amount: bigint) {
  // APT as before this module was general: the recipient's account created.
  if (coinType === APTOS_COIN_TYPE) ensureAccount(host.session.ctx, to);
  depositPrimary(host, to, coinToAsset(host, coinType, amount), amount);
}

/** `coin::withdraw<T>(owner, amount)`: from the paired primary store back into coin form. */
export function withdrawCoin(
  host: NativeHost,
  coinType: string,
  owner: LongAddress,
  amount: bigint,
) {
  const ctx = host.session.ctx;
  const metadata = ensurePairedMetadata(host, coinType);
  // APT keeps the coin module's abort it always had here.
  if (coinType === APTOS_COIN_TYPE) return withdrawApt(ctx, owner, amount, insufficient);
  withdrawPrimary(host, owner, metadata, amount);
  assetToCoin(host, coinType, amount);
}

/** `coin::transfer<T>(from, to, amount)`: between primary stores of the paired asset. */
export function transferCoin(
  host: NativeHost,
  coinType: string,
  from: LongAddress,
  to: LongAddress,
  amount: bigint,
) {
  const ctx = host.session.ctx;
  if (coinType === APTOS_COIN_TYPE) return aptTransfer(ctx, from, to, amount, insufficient);
  const metadata = ensurePairedMetadata(host, coinType);
  withdrawPrimary(host, from, metadata, amount);
  depositPrimary(host, to, metadata, amount);
}

const coinValue = (coin: Value): bigint => fieldsOf(coin)[0] as bigint;

/** `CoinInfo<T>`'s field through `borrow_global` (`MISSING_DATA` for no coin). */
const infoView = (
  name: string,
  returns: string,
  read: (info: ReturnType<typeof borrowCoinInfo>) => Value,
): NativeFunction =>
  fn(name, { params: [], returns: [returns], typeParams: T0, isView: true }, (host, tys) => [
    read(borrowCoinInfo(host.session.ctx, coinTypeOf(tys))),
  ]);

const supplyOption = (supply: bigint | null): Value => (supply === null ? none() : some(supply));

const noUpgrade = (): never =>
  abortIn(
    COIN,
    0x3000bn,
    'ECOIN_SUPPLY_UPGRADE_NOT_SUPPORTED',
    'Cannot upgrade the total supply of coins to different implementation.',
  );

export const coinInitialize = fn(
  'initialize',
  {
    params: ['&signer', STRING, STRING, 'u8', 'bool'],
    returns: [cap('Burn'), cap('Freeze'), cap('Mint')],
    typeParams: T0,
  },
  (host, tys, [account, name, symbol, decimals, monitor]) => {
    const coinType = coinTypeOf(tys);
    const address = signerAddress(account as Value);
    if (coinAddress(coinType) !== address) {
      abortIn(
        COIN,
        0x10001n,
        'ECOIN_INFO_ADDRESS_MISMATCH',
        "Address of account which is used to initialize a coin `CoinType` doesn't match the deployer of module",
      );
    }
    if (isCoinInitialized(host, coinType)) {
      abortIn(
        COIN,
        0x80002n,
        'ECOIN_INFO_ALREADY_PUBLISHED',
        '`CoinType` is already initialized as a coin',
      );
    }
    // `String::length` counts bytes.
    if ((fieldsOf(name as Value)[0] as number[]).length > 32) {
      abortIn(COIN, 0x1000cn, 'ECOIN_NAME_TOO_LONG', 'Name of the coin is too long');
    }
    if ((fieldsOf(symbol as Value)[0] as number[]).length > 32) {
      abortIn(COIN, 0x1000dn, 'ECOIN_SYMBOL_TOO_LONG', 'Symbol of the coin is too long');
    }
    if ((decimals as number) > 32) {
      abortIn(COIN, 0x1001dn, 'ECOIN_DECIMALS_TOO_LARGE', 'The decimals of the coin is too large.');
    }
    writeCoinInfo(host.session.ctx, coinType, {
      name: textOf(name as Value),
      symbol: textOf(symbol as Value),
      decimals: decimals as number,
      supply: monitor === true ? 0n : null,
    });
    return [CAPABILITY, CAPABILITY, CAPABILITY];
  },
);

const functions: NativeFunction[] = [
  coinInitialize,
  infoView('name', STRING, (info) => str(info.name)),
  infoView('symbol', STRING, (info) => str(info.symbol)),
  infoView('decimals', 'u8', (info) => info.decimals),
  // `coin_supply` plus, when paired, the asset's supply (APT: both, as `readSupply` sums them).
  infoView('coin_supply', '0x1::option::Option<u128>', (info) => supplyOption(info.supply)),
  fn(
    'supply',
    { params: [], returns: ['0x1::option::Option<u128>'], typeParams: T0, isView: true },
    (host, tys) => {
      const coinType = coinTypeOf(tys);
      const ctx = host.session.ctx;
      const { supply } = borrowCoinInfo(ctx, coinType);
      const metadata = pairedMetadata(ctx, coinType);
      if (supply === null || metadata === null || coinType === APTOS_COIN_TYPE)
        return [supplyOption(supply)];
      return [some(supply + faSupply(host, metadata))];
    },
  ),
  fn(
    'balance',
    { params: ['address'], returns: ['u64'], typeParams: T0, isView: true },
    (host, tys, [owner]) => [coinBalance(host, coinTypeOf(tys), owner as LongAddress)],
  ),
  fn(
    'is_balance_at_least',
    { params: ['address', 'u64'], returns: ['bool'], typeParams: T0, isView: true },
    (host, tys, [owner, amount]) => {
      if (amount === 0n) return [true];
      const metadata = pairedMetadata(host.session.ctx, coinTypeOf(tys));
      return [
        metadata !== null &&
          primaryBalance(host, owner as LongAddress, metadata) >= (amount as bigint),
      ];
    },
  ),
  fn(
    'is_coin_initialized',
    { params: [], returns: ['bool'], typeParams: T0, isView: true },
    (host, tys) => [isCoinInitialized(host, coinTypeOf(tys))],
  ),
  fn(
    'is_account_registered',
    { params: ['address'], returns: ['bool'], typeParams: T0, isView: true },
    (host, tys) => [assertRegistered(host, coinTypeOf(tys))],
  ),
  // No account holds a `CoinStore` here (a v10 framework never creates one): `borrow_global` fails.
  fn(
    'is_coin_store_frozen',
    { params: ['address'], returns: ['bool'], typeParams: T0, isView: true },
    (host, tys) => {
      assertRegistered(host, coinTypeOf(tys));
      return missingData();
    },
  ),
  fn(
    'freeze_coin_store',
    { params: ['address', `&${cap('Freeze')}`], typeParams: T0, isEntry: true },
    () => missingData(),
  ),
  fn(
    'unfreeze_coin_store',
    { params: ['address', `&${cap('Freeze')}`], typeParams: T0, isEntry: true },
    () => missingData(),
  ),
  fn('migrate_to_fungible_store', { params: ['&signer'], typeParams: T0, isEntry: true }, () => []),
  fn(
    'migrate_coin_store_to_fungible_store',
    { params: ['vector<address>'], typeParams: T0, isEntry: true },
    () => [],
  ),
  fn('register', { params: ['&signer'], typeParams: T0 }, (host, tys) => {
    assertRegistered(host, coinTypeOf(tys));
    return [];
  }),
  fn(
    'mint',
    { params: ['u64', `&${cap('Mint')}`], returns: [COIN_T], typeParams: T0 },
    (host, tys, [amount]) => [mintCoin(host, coinTypeOf(tys), amount as bigint)],
  ),
  fn('burn', { params: [COIN_T, `&${cap('Burn')}`], typeParams: T0 }, (host, tys, [coin]) => {
    adjustCoinSupply(host.session.ctx, coinTypeOf(tys), -coinValue(coin as Value));
    return [];
  }),
  fn('deposit', { params: ['address', COIN_T], typeParams: T0 }, (host, tys, [to, coin]) => {
    depositCoin(host, coinTypeOf(tys), to as LongAddress, coinValue(coin as Value));
    return [];
  }),
  fn(
    'deposit_with_signer',
    { params: ['&signer', COIN_T], typeParams: T0 },
    (host, tys, [account, coin]) => {
      depositCoin(host, coinTypeOf(tys), signerAddress(account as Value), coinValue(coin as Value));
      return [];
    },
  ),
  fn(
    'withdraw',
    { params: ['&signer', 'u64'], returns: [COIN_T], typeParams: T0 },
    (host, tys, [account, amount]) => {
      withdrawCoin(host, coinTypeOf(tys), signerAddress(account as Value), amount as bigint);
      return [[amount as bigint]];
    },
  ),
  fn(
    'transfer',
    { params: ['&signer', 'address', 'u64'], typeParams: T0, isEntry: true },
    (host, tys, [from, to, amount]) => {
      transferCoin(
        host,
        coinTypeOf(tys),
        signerAddress(from as Value),
        to as LongAddress,
        amount as bigint,
      );
      return [];
    },
  ),
  fn('value', { params: [`&${COIN_T}`], returns: ['u64'], typeParams: T0 }, (_h, _t, [coin]) => [
    coinValue(coin as Value),
  ]),
  fn('zero', { params: [], returns: [COIN_T], typeParams: T0 }, () => [[0n]]),
  fn('merge', { params: [`&mut ${COIN_T}`, COIN_T], typeParams: T0 }, (_h, _t, [dst, src]) => {
    const fields = fieldsOf(dst as Value);
    const sum = (fields[0] as bigint) + coinValue(src as Value);
    // `dst_coin.value += value` past u64: the VM's arithmetic error, not an abort.
    if (sum >= 1n << 64n) throw vmError('ARITHMETIC_ERROR', '0x1::coin::merge');
    fields[0] = sum;
    return [];
  }),
  fn(
    'extract',
    { params: [`&mut ${COIN_T}`, 'u64'], returns: [COIN_T], typeParams: T0 },
    (_h, _t, [coin, amount]) => {
      const fields = fieldsOf(coin as Value);
      if ((fields[0] as bigint) < (amount as bigint)) insufficient();
      fields[0] = (fields[0] as bigint) - (amount as bigint);
      return [[amount as bigint]];
    },
  ),
  fn(
    'extract_all',
    { params: [`&mut ${COIN_T}`], returns: [COIN_T], typeParams: T0 },
    (_h, _t, [coin]) => {
      const fields = fieldsOf(coin as Value);
      const all = fields[0] as bigint;
      fields[0] = 0n;
      return [[all]];
    },
  ),
  fn('destroy_zero', { params: [COIN_T], typeParams: T0 }, (_h, _t, [coin]) => {
    if (coinValue(coin as Value) !== 0n)
      abortIn(COIN, 0x10007n, 'EDESTRUCTION_OF_NONZERO_TOKEN', 'Cannot destroy non-zero coins');
    return [];
  }),
  ...['mint', 'burn', 'freeze'].map((kind) =>
    fn(
      `destroy_${kind}_cap`,
      { params: [cap(kind[0]?.toUpperCase() + kind.slice(1))], typeParams: T0 },
      () => [],
    ),
  ),
  fn('allow_supply_upgrades', { params: ['&signer', 'bool'] }, noUpgrade),
  fn('upgrade_supply', { params: ['&signer'], typeParams: T0, isEntry: true }, noUpgrade),
  ...coinPairedFunctions,
];

export const coinModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'coin',
  friends: ['0x1::aptos_coin', '0x1::genesis', '0x1::transaction_fee'],
  structs: coinStructs,
  functions,
};
