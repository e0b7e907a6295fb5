/**
 * `0x5::order_book_types` (AptosTrading's order_book_types.move): order ids, priority indices,
 * the order type tag, time in force and trigger conditions. `next_increasing_idx_type` is left
 * out: it reads `transaction_context::monotonically_increasing_counter`, which this chain lacks.
 */
import type { Value } from '../../../move/vm/values.ts';
import { fn, struct } from '../../abi.ts';
import type { NativeModule } from '../../context.ts';
import { none, some } from '../../vmState.ts';
import { aborter, at, enumAbi, getter, read, TRADING } from './shared.ts';

const M = '0x5::order_book_types::';
const ORDER_TYPE = `${M}OrderType`;
const TIME_IN_FORCE = `${M}TimeInForce`;
const TRIGGER = `${M}TriggerCondition`;
const MAX_U128 = (1n << 128n) - 1n;
const abort = aborter('0x5::order_book_types');

const SINGLE_ORDER_TYPE = 0;
const BULK_ORDER_TYPE = 1;

const constant = (name: string, returns: string, value: () => Value) =>
  fn(name, { params: [], returns: [returns] }, () => [value()]);
const wrap = (name: string, param: string, returns: string, make: (v: Value) => Value) =>
  fn(name, { params: [param], returns: [returns] }, (_h, _t, [v]) => [make(v as Value)]);

export const orderBookTypesModule: NativeModule = {
  address: TRADING,
  name: 'order_book_types',
  friends: ['0x5::bulk_order_types', '0x5::single_order_types'],
  structs: [
    struct(
      'AccountClientOrderId',
      ['copy', 'drop', 'store'],
      [
        ['account', 'address'],
        ['client_order_id', '0x1::string::String'],
      ],
    ),
    struct('DecreasingIdx', ['copy', 'drop', 'store'], [['idx', 'u128']]),
    struct('IncreasingIdx', ['copy', 'drop', 'store'], [['idx', 'u128']]),
    struct('OrderId', ['copy', 'drop', 'store'], [['order_id', 'u128']]),
    struct('OrderType', ['copy', 'drop', 'store'], [['type', 'u16']]),
    enumAbi(
      'TimeInForce',
      ['copy', 'drop', 'store'],
      [
        ['GTC', []],
        ['POST_ONLY', []],
        ['IOC', []],
      ],
    ),
    enumAbi(
      'TriggerCondition',
      ['copy', 'drop', 'store'],
      [
        ['PriceMoveAbove', [['_0', 'u64']]],
        ['PriceMoveBelow', [['_0', 'u64']]],
        ['TimeBased', [['_0', 'u64']]],
      ],
    ),
  ],
  functions: [
    constant('bulk_order_type', ORDER_TYPE, () => [BULK_ORDER_TYPE]),
    constant('single_order_type', ORDER_TYPE, () => [SINGLE_ORDER_TYPE]),
    getter('get_order_id_value', `${M}OrderId`, 'u128', [0]),
    fn(
      'get_trigger_condition_indices',
      {
        params: [`&${TRIGGER}`],
        returns: Array<string>(3).fill('0x1::option::Option<u64>'),
      },
      (_h, _t, [self]) => {
        // (price move down, price move up, time): the variant's value in its slot.
        const [variant, value] = at(self as Value, []) as [number, bigint];
        const slot = [1, 0, 2][variant] as number;
        return [0, 1, 2].map((i) => (i === slot ? some(value) : none()));
      },
    ),
    constant('good_till_cancelled', TIME_IN_FORCE, () => [0]),
    constant('post_only', TIME_IN_FORCE, () => [1]),
    constant('immediate_or_cancel', TIME_IN_FORCE, () => [2]),
    fn(
      'into_decreasing_idx_type',
      { params: [`&${M}IncreasingIdx`], returns: [`${M}DecreasingIdx`] },
      (_h, _t, [self]) => [[MAX_U128 - (read(self as Value, [0]) as bigint)]],
    ),
    fn(
      'is_bulk_order_type',
      { params: [`&${ORDER_TYPE}`], returns: ['bool'] },
      (_h, _t, [self]) => [read(self as Value, [0]) === BULK_ORDER_TYPE],
    ),
    fn(
      'is_single_order_type',
      { params: [`&${ORDER_TYPE}`], returns: ['bool'] },
      (_h, _t, [self]) => [read(self as Value, [0]) === SINGLE_ORDER_TYPE],
    ),
    fn(
      'new_account_client_order_id',
      { params: ['address', '0x1::string::String'], returns: [`${M}AccountClientOrderId`] },
      (_h, _t, [account, id]) => [[account as Value, id as Value]],
    ),
    wrap('new_order_id_type', 'u128', `${M}OrderId`, (v) => [v]),
    wrap('new_time_based_trigger_condition', 'u64', TRIGGER, (v) => [2, v]),
    wrap('price_move_up_condition', 'u64', TRIGGER, (v) => [0, v]),
    wrap('price_move_down_condition', 'u64', TRIGGER, (v) => [1, v]),
    fn('time_in_force_from_index', { params: ['u8'], returns: [TIME_IN_FORCE] }, (_h, _t, [i]) => {
      if ((i as number) > 2) abort(5n, 'EINVALID_TIME_IN_FORCE');
      return [[i as number]];
    }),
  ],
};
