import type { LongAddress } from '../../encoding.ts';
import { must, shortAddress } from '../../encoding.ts';
import type { Json } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import { resourceKey } from '../../storage/types.ts';
import { eventHandle, fn, struct } from '../abi.ts';
import {
  ACCOUNT_TYPE,
  APT_METADATA_ADDRESS,
  APTOS_COIN_TYPE,
  ensureAccount,
  FRAMEWORK_ADDRESS,
  readAccount,
  resource,
} from '../assets.ts';
import { aptTransfer, coinTypeOf, depositPrimary, withdrawPrimary } from '../coins.ts';
import type { NativeContext, NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, missingData, moduleError } from '../context.ts';
import { abortIn, emitEvent, fieldsOf, objectAddress, signerAddress } from '../vmState.ts';
import { ACCOUNT, accountErrors } from './account.ts';
import { assertRegistered, depositCoin, withdrawCoin } from './coin.ts';

const APTOS_ACCOUNT = '0x1::aptos_account';
const DIRECT_TRANSFER_CONFIG = `${APTOS_ACCOUNT}::DirectTransferConfig`;
const METADATA = '0x1::object::Object<0x1::fungible_asset::Metadata>';
const aptosAccountErrors = {
  lengths: moduleError(
    ERROR_CATEGORY.invalidArgument,
    5n,
    'EMISMATCHING_RECIPIENTS_AND_AMOUNTS_LENGTH',
    "The lengths of the recipients and amounts lists don't match.",
  ),
};

/** `recipients.length() == amounts.length()`, then `each(recipient, amount)`. */
function forEachRecipient(
  recipients: Value,
  amounts: Value,
  each: (to: LongAddress, amount: bigint) => void,
): void {
  const to = recipients as LongAddress[];
  const values = amounts as bigint[];
  if (to.length !== values.length) abort(APTOS_ACCOUNT, aptosAccountErrors.lengths);
  to.forEach((recipient, i) => each(recipient, must(values[i])));
}

/** `transfer_coins<T>`: `deposit_coins(to, coin::withdraw<T>(from, amount))`. */
function transferCoins(
  host: NativeHost,
  coinType: string,
  from: LongAddress,
  to: LongAddress,
  amount: bigint,
) {
  const ctx = host.session.ctx;
  // APT as this entry always moved it (the recipient's account first, then the stores).
  if (coinType === APTOS_COIN_TYPE) return aptTransfer(ctx, from, to, amount);
  withdrawCoin(host, coinType, from, amount);
  depositCoins(host, coinType, to, amount);
}

/**
 * `deposit_coins<T>(to, coins)`: the account created when missing; every initialized coin counts as
 * registered in a v10 framework, so the direct-transfer opt-out is never consulted.
 */
function depositCoins(host: NativeHost, coinType: string, to: LongAddress, amount: bigint): void {
  ensureAccount(host.session.ctx, to);
  assertRegistered(host, coinType);
  depositCoin(host, coinType, to, amount);
}

/** `transfer_fungible_assets`: `primary_fungible_store::withdraw`, then `deposit_fungible_assets`. */
function transferAssets(
  host: NativeHost,
  from: LongAddress,
  metadata: LongAddress,
  to: LongAddress,
  amount: bigint,
) {
  const ctx = host.session.ctx;
  withdrawPrimary(host, from, metadata, amount);
  ensureAccount(ctx, to);
  depositPrimary(host, to, metadata, amount);
}

const accountExists = (host: NativeHost, address: LongAddress) =>
  readAccount(host.session.ctx, address) !== null;

function assertAccountExists(host: NativeHost, address: LongAddress): void {
  if (!accountExists(host, address))
    abortIn(APTOS_ACCOUNT, 0x60001n, 'EACCOUNT_NOT_FOUND', 'Account does not exist.');
}

/** `account::new_event_handle`: a GUID from the account's counter, which moves on. */
function newEventHandle(ctx: NativeContext, address: LongAddress): Json {
  const account = readAccount(ctx, address);
  // `borrow_global_mut<Account>`.
  if (account === null) return missingData();
  const creation = BigInt(account.data.guid_creation_num as string);
  ctx.write(resourceKey(address, ACCOUNT_TYPE), {
    ...account,
    data: { ...account.data, guid_creation_num: (creation + 1n).toString() },
  });
  return {
    counter: '0',
    guid: { id: { addr: shortAddress(address), creation_num: creation.toString() } },
  };
}

export const aptosAccountModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'aptos_account',
  friends: [
    '0x1::genesis',
    '0x1::resource_account',
    '0x1::transaction_fee',
    '0x1::transaction_validation',
  ],
  structs: [
    struct(
      'DirectCoinTransferConfigUpdatedEvent',
      ['drop', 'store'],
      [['new_allow_direct_transfers', 'bool']],
    ),
    struct(
      'DirectCoinTransferConfigUpdated',
      ['drop', 'store'],
      [
        ['account', 'address'],
        ['new_allow_direct_transfers', 'bool'],
      ],
      { isEvent: true },
    ),
    struct(
      'DirectTransferConfig',
      ['key'],
      [
        ['allow_arbitrary_coin_transfers', 'bool'],
        [
          'update_coin_transfer_events',
          eventHandle('0x1::aptos_account::DirectCoinTransferConfigUpdatedEvent'),
        ],
      ],
    ),
  ],
  functions: [
    fn('assert_account_exists', { params: ['address'] }, (host, _t, [addr]) => {
      assertAccountExists(host, addr as LongAddress);
      return [];
    }),
    fn('assert_account_is_registered_for_apt', { params: ['address'] }, (host, _t, [addr]) => {
      assertAccountExists(host, addr as LongAddress);
      assertRegistered(host, APTOS_COIN_TYPE);
      return [];
    }),
    fn(
      'batch_transfer',
      { params: ['&signer', 'vector<address>', 'vector<u64>'], isEntry: true },
      (host, _t, [source, recipients, amounts]) => {
        const from = signerAddress(source as Value);
        forEachRecipient(recipients as Value, amounts as Value, (to, amount) =>
          aptTransfer(host.session.ctx, from, to, amount),
        );
        return [];
      },
    ),
    fn(
      'batch_transfer_coins',
      { params: ['&signer', 'vector<address>', 'vector<u64>'], typeParams: [[]], isEntry: true },
      (host, tys, [from, recipients, amounts]) => {
        const coinType = coinTypeOf(tys);
        const sender = signerAddress(from as Value);
        forEachRecipient(recipients as Value, amounts as Value, (to, amount) =>
          transferCoins(host, coinType, sender, to, amount),
        );
        return [];
      },
    ),
    fn(
      'batch_transfer_fungible_assets',
      { params: ['&signer', METADATA, 'vector<address>', 'vector<u64>'], isEntry: true },
      (host, _t, [from, metadata, recipients, amounts]) => {
        const sender = signerAddress(from as Value);
        forEachRecipient(recipients as Value, amounts as Value, (to, amount) =>
          transferAssets(host, sender, objectAddress(metadata as Value), to, amount),
        );
        return [];
      },
    ),
    fn(
      'can_receive_direct_coin_transfers',
      { params: ['address'], returns: ['bool'], isView: true },
      (host, _t, [addr]) => {
        const config = host.session.ctx.get(
          resourceKey(addr as LongAddress, DIRECT_TRANSFER_CONFIG),
        );
        return [
          config === null ||
            (config.kind === 'resource' && config.data.allow_arbitrary_coin_transfers === true),
        ];
      },
    ),
    fn('create_account', { params: ['address'], isEntry: true }, (host, _t, [addr]) => {
      const ctx = host.session.ctx;
      if (readAccount(ctx, addr as LongAddress) !== null) abort(ACCOUNT, accountErrors.exists);
      ensureAccount(ctx, addr as LongAddress);
      return [];
    }),
    fn(
      'deposit_coins',
      { params: ['address', '0x1::coin::Coin<T0>'], typeParams: [[]] },
      (host, tys, [to, coin]) => {
        depositCoins(
          host,
          coinTypeOf(tys),
          to as LongAddress,
          fieldsOf(coin as Value)[0] as bigint,
        );
        return [];
      },
    ),
    fn(
      'deposit_fungible_assets',
      { params: ['address', '0x1::fungible_asset::FungibleAsset'] },
      (host, _t, [to, fa]) => {
        const [metadata, amount] = fieldsOf(fa as Value);
        ensureAccount(host.session.ctx, to as LongAddress);
        depositPrimary(host, to as LongAddress, objectAddress(metadata as Value), amount as bigint);
        return [];
      },
    ),
    // `public(friend) entry`: a transaction may call it, bytecode may not. APT between primary stores.
    fn(
      'fungible_transfer_only',
      { params: ['&signer', 'address', 'u64'], visibility: 'friend', isEntry: true },
      (host, _t, [source, to, amount]) => {
        withdrawPrimary(
          host,
          signerAddress(source as Value),
          APT_METADATA_ADDRESS,
          amount as bigint,
        );
        depositPrimary(host, to as LongAddress, APT_METADATA_ADDRESS, amount as bigint);
        return [];
      },
    ),
    fn(
      'set_allow_direct_coin_transfers',
      { params: ['&signer', 'bool'], isEntry: true },
      (host, _t, [account, allow]) => {
        const ctx = host.session.ctx;
        const address = signerAddress(account as Value);
        const key = resourceKey(address, DIRECT_TRANSFER_CONFIG);
        const config = ctx.get(key);
        const updated = () =>
          emitEvent(host, `${APTOS_ACCOUNT}::DirectCoinTransferConfigUpdated`, [
            address,
            allow as boolean,
          ]);
        if (config !== null && config.kind === 'resource') {
          if (config.data.allow_arbitrary_coin_transfers === allow) return [];
          ctx.write(key, {
            ...config,
            data: { ...config.data, allow_arbitrary_coin_transfers: allow as boolean },
          });
          updated();
          return [];
        }
        const handle = newEventHandle(ctx, address);
        updated();
        ctx.write(
          key,
          resource(address, DIRECT_TRANSFER_CONFIG, {
            allow_arbitrary_coin_transfers: allow as boolean,
            update_coin_transfer_events: handle,
          }),
        );
        return [];
      },
    ),
    fn(
      'transfer',
      { params: ['&signer', 'address', 'u64'], isEntry: true },
      (host, _t, [source, to, amount]) => {
        aptTransfer(
          host.session.ctx,
          signerAddress(source as Value),
          to as LongAddress,
          amount as bigint,
        );
        return [];
      },
    ),
    fn(
      'transfer_coins',
      { params: ['&signer', 'address', 'u64'], typeParams: [[]], isEntry: true },
      (host, tys, [from, to, amount]) => {
        transferCoins(
          host,
          coinTypeOf(tys),
          signerAddress(from as Value),
          to as LongAddress,
          amount as bigint,
        );
        return [];
      },
    ),
    fn(
      'transfer_fungible_assets',
      { params: ['&signer', METADATA, 'address', 'u64'], isEntry: true },
      (host, _t, [from, metadata, to, amount]) => {
        transferAssets(
          host,
          signerAddress(from as Value),
          objectAddress(metadata as Value),
          to as LongAddress,
          amount as bigint,
        );
        return [];
      },
    ),
  ],
};
