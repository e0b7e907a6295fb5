import type { LongAddress } from '../../encoding.ts';
import { must } from '../../encoding.ts';
import type { MoveVal } from '../../executor/moveValues.ts';
import { declared, entry, eventHandle, struct, view } from '../abi.ts';
import { ensureAccount, FRAMEWORK_ADDRESS, readAccount, transferApt } from '../assets.ts';
import type { NativeContext, NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError } from '../context.ts';
import { ACCOUNT, accountErrors } from './account.ts';
import { requireApt } from './coin.ts';

const APTOS_ACCOUNT = '0x1::aptos_account';
const aptosAccountErrors = {
  lengths: moduleError(
    ERROR_CATEGORY.invalidArgument,
    5n,
    'EMISMATCHING_RECIPIENTS_AND_AMOUNTS_LENGTH',
    "The lengths of the recipients and amounts lists don't match.",
  ),
};

function batchTransfer(ctx: NativeContext, recipients: MoveVal, amounts: MoveVal): void {
  const to = recipients as LongAddress[];
  const values = amounts as bigint[];
  if (to.length !== values.length) abort(APTOS_ACCOUNT, aptosAccountErrors.lengths);
  to.forEach((recipient, i) => transferApt(ctx, recipient, must(values[i])));
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
    declared('assert_account_exists', ['address']),
    declared('assert_account_is_registered_for_apt', ['address']),
    entry(
      'batch_transfer',
      ['&signer', 'vector<address>', 'vector<u64>'],
      (ctx, _t, [to, amounts]) => {
        batchTransfer(ctx, must(to), must(amounts));
        return [];
      },
    ),
    entry(
      'batch_transfer_coins',
      ['&signer', 'vector<address>', 'vector<u64>'],
      (ctx, typeArgs, [to, amounts]) => {
        requireApt(typeArgs);
        batchTransfer(ctx, must(to), must(amounts));
        return [];
      },
      [[]],
    ),
    view('can_receive_direct_coin_transfers', ['address'], ['bool'], () => [true]),
    entry('create_account', ['address'], (ctx, _t, [addr]) => {
      if (readAccount(ctx, addr as LongAddress) !== null) abort(ACCOUNT, accountErrors.exists);
      ensureAccount(ctx, addr as LongAddress);
      return [];
    }),
    entry('set_allow_direct_coin_transfers', ['&signer', 'bool'], () => []),
    entry('transfer', ['&signer', 'address', 'u64'], (ctx, _t, [to, amount]) => {
      transferApt(ctx, to as LongAddress, amount as bigint);
      return [];
    }),
    entry(
      'transfer_coins',
      ['&signer', 'address', 'u64'],
      (ctx, typeArgs, [to, amount]) => {
        requireApt(typeArgs);
        transferApt(ctx, to as LongAddress, amount as bigint);
        return [];
      },
      [[]],
    ),
  ],
};
