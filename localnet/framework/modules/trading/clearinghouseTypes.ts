/**
 * `0x7::market_clearinghouse_order_info` (an order as the clearinghouse sees it:
 * `[0, account, order_id, client_order_id, is_bid, limit_price, time_in_force, order_type,
 * trigger_condition, metadata]`) and `0x7::native_position_types` (an accumulative index and a
 * perpetual position), after their sources: constructors, getters and unpacks.
 */
import type { Value } from '../../../move/vm/values.ts';
import { fn, struct } from '../../abi.ts';
import type { NativeModule } from '../../context.ts';
import { borrower, enumAbi, EXPERIMENTAL, getter, packV1, unpackV1 } from './shared.ts';

const B = '0x5::order_book_types::';
const INFO = '0x7::market_clearinghouse_order_info::MarketClearinghouseOrderInfo<T0>';
const OPTION_STRING = '0x1::option::Option<0x1::string::String>';
const OPTION_TRIGGER = `0x1::option::Option<${B}TriggerCondition>`;
const CD = [['copy', 'drop']];
const FIELDS: Array<[string, string]> = [
  ['account', 'address'],
  ['order_id', `${B}OrderId`],
  ['client_order_id', OPTION_STRING],
  ['is_bid', 'bool'],
  ['limit_price', 'u64'],
  ['time_in_force', `${B}TimeInForce`],
  ['order_type', `${B}OrderType`],
  ['trigger_condition', OPTION_TRIGGER],
  ['metadata', 'T0'],
];
const TYPES = FIELDS.map(([, type]) => type);

export const clearinghouseOrderInfoModule: NativeModule = {
  address: EXPERIMENTAL,
  name: 'market_clearinghouse_order_info',
  friends: ['0x7::market_types', '0x7::order_operations', '0x7::order_placement'],
  structs: [
    enumAbi('MarketClearinghouseOrderInfo', ['copy', 'drop'], [['V1', FIELDS]], {
      typeParams: [{ constraints: ['copy', 'drop'], is_phantom: false }],
    }),
  ],
  functions: [
    fn(
      'new_clearinghouse_order_info',
      { params: TYPES, returns: [INFO], typeParams: CD },
      (_h, _t, args) => [packV1(args)],
    ),
    getter('get_account', INFO, 'address', [1], CD),
    getter('get_order_id', INFO, `${B}OrderId`, [2], CD),
    getter('is_bid', INFO, 'bool', [4], CD),
    getter('get_client_order_id', INFO, OPTION_STRING, [3], CD),
    borrower('get_metadata', `&${INFO}`, '&T0', [9], CD),
    fn('into_inner', { params: [INFO], returns: TYPES, typeParams: CD }, (_h, _t, [self]) =>
      unpackV1(self as Value),
    ),
  ],
};

const P = '0x7::native_position_types::';
const POSITION_FIELDS: Array<[string, string]> = [
  ['size', 'u64'],
  ['is_long', 'bool'],
  ['entry_px_times_size_sum', 'u128'],
  ['avg_acquire_entry_px', 'u64'],
  ['user_leverage', 'u8'],
  ['is_isolated', 'bool'],
  ['funding_index_at_last_update', `${P}AccumulativeIndex`],
  ['unrealized_funding_amount_before_last_update', 'i64'],
  ['timestamp', 'u64'],
];
const POSITION_TYPES = POSITION_FIELDS.map(([, type]) => type);

export const nativePositionTypesModule: NativeModule = {
  address: EXPERIMENTAL,
  name: 'native_position_types',
  friends: [],
  structs: [
    struct('AccumulativeIndex', ['copy', 'drop', 'store'], [['index', 'i128']]),
    enumAbi('Position', ['copy', 'drop', 'store'], [['PerpV1', POSITION_FIELDS]]),
  ],
  functions: [
    fn(
      'new_accumulative_index',
      { params: ['i128'], returns: [`${P}AccumulativeIndex`] },
      (_h, _t, [index]) => [[index as Value]],
    ),
    getter('accumulative_index_value', `${P}AccumulativeIndex`, 'i128', [0]),
    fn('new_perp_v1', { params: POSITION_TYPES, returns: [`${P}Position`] }, (_h, _t, args) => [
      packV1(args),
    ]),
    fn('unpack_perp_v1', { params: [`${P}Position`], returns: POSITION_TYPES }, (_h, _t, [pos]) =>
      unpackV1(pos as Value),
    ),
  ],
};
