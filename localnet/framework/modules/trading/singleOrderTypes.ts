/**
 * `0x5::single_order_types` (single_order_types.move): a single order's request, the order with
 * its priority index, and the order with its active flag. Values: `SingleOrderRequest` is
 * `[0, account, order_id, client_order_id, price, orig_size, remaining_size, is_bid,
 * trigger_condition, time_in_force, creation_time_micros, metadata]`, `SingleOrder`
 * `[0, order_request, unique_priority_idx]`, `OrderWithState` `[0, order, is_active]`.
 */
import type { Value } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import type { NativeFunction, NativeModule } from '../../context.ts';
import { none } from '../../vmState.ts';
import { destroySingleOrderMatchDetails } from './orderMatchTypes.ts';
import {
  aborter,
  at,
  borrower,
  CDS,
  enumAbi,
  failAt,
  GENERIC,
  getter,
  packV1,
  TRADING,
  unpackV1,
} from './shared.ts';

const M = '0x5::single_order_types::';
const B = '0x5::order_book_types::';
const REQUEST = `${M}SingleOrderRequest<T0>`;
const ORDER = `${M}SingleOrder<T0>`;
const STATE = `${M}OrderWithState<T0>`;
const OPTION_STRING = '0x1::option::Option<0x1::string::String>';
const OPTION_TRIGGER = `0x1::option::Option<${B}TriggerCondition>`;
const T = [CDS];
const abort = aborter('0x5::single_order_types');
const U64_MAX = (1n << 64n) - 1n;

// Where the request's fields sit in its value.
const ACCOUNT = 1;
const ORDER_ID = 2;
const CLIENT_ORDER_ID = 3;
const PRICE = 4;
const REMAINING = 6;
const IS_BID = 7;
const TRIGGER = 8;
const CREATION_TIME = 10;
const METADATA = 11;
/** The request's remaining size, from an `OrderWithState`. */
const STATE_REMAINING = [1, 1, REMAINING];

const requestGetter = (name: string, returns: string, index: number): NativeFunction =>
  getter(name, REQUEST, returns, [index], T);

/** `f(self: &mut OrderWithState<M>, x)` changing the request's remaining size with `change`. */
const resize = (name: string, change: (size: bigint, by: bigint) => bigint): NativeFunction =>
  fn(name, { params: [`&mut ${STATE}`, 'u64'], typeParams: T }, (_h, _t, [self, by]) => {
    const request = at(self as Value, [1, 1]) as Value[];
    request[REMAINING] = change(request[REMAINING] as bigint, by as bigint);
    return [];
  });

export const singleOrderTypesModule: NativeModule = {
  address: TRADING,
  name: 'single_order_types',
  friends: [],
  structs: [
    enumAbi(
      'SingleOrder',
      ['copy', 'drop', 'store'],
      [
        [
          'V1',
          [
            ['order_request', REQUEST],
            ['unique_priority_idx', `${B}IncreasingIdx`],
          ],
        ],
      ],
      GENERIC,
    ),
    enumAbi(
      'OrderWithState',
      ['copy', 'drop', 'store'],
      [
        [
          'V1',
          [
            ['order', ORDER],
            ['is_active', 'bool'],
          ],
        ],
      ],
      GENERIC,
    ),
    enumAbi(
      'SingleOrderRequest',
      ['copy', 'drop', 'store'],
      [
        [
          'V1',
          [
            ['account', 'address'],
            ['order_id', `${B}OrderId`],
            ['client_order_id', OPTION_STRING],
            ['price', 'u64'],
            ['orig_size', 'u64'],
            ['remaining_size', 'u64'],
            ['is_bid', 'bool'],
            ['trigger_condition', OPTION_TRIGGER],
            ['time_in_force', `${B}TimeInForce`],
            ['creation_time_micros', 'u64'],
            ['metadata', 'T0'],
          ],
        ],
      ],
      GENERIC,
    ),
  ],
  functions: [
    requestGetter('is_bid', 'bool', IS_BID),
    requestGetter('get_account', 'address', ACCOUNT),
    requestGetter('get_creation_time_micros', 'u64', CREATION_TIME),
    requestGetter('get_order_id', `${B}OrderId`, ORDER_ID),
    borrower('get_order_request', `&${ORDER}`, `&${REQUEST}`, [1], T),
    borrower('get_order_request_mut', `&mut ${ORDER}`, `&mut ${REQUEST}`, [1], T),
    getter('get_unique_priority_idx', ORDER, `${B}IncreasingIdx`, [2], T),
    resize('decrease_remaining_size_from_state', (size, by) => {
      if (!(size > by)) abort(1n, 'EINVALID_ORDER_SIZE_DECREASE');
      return size - by;
    }),
    fn(
      'destroy_order_from_state',
      { params: [STATE], returns: [ORDER, 'bool'], typeParams: T },
      (_h, _t, [self]) => unpackV1(self as Value),
    ),
    fn(
      'destroy_single_order',
      { params: [ORDER], returns: [REQUEST, `${B}IncreasingIdx`], typeParams: T },
      (_h, _t, [self]) => unpackV1(self as Value),
    ),
    fn(
      'destroy_single_order_request',
      {
        params: [REQUEST],
        returns: [
          'address',
          `${B}OrderId`,
          OPTION_STRING,
          'u64',
          'u64',
          'u64',
          'bool',
          OPTION_TRIGGER,
          `${B}TimeInForce`,
          'u64',
          'T0',
        ],
        typeParams: T,
      },
      (_h, _t, [self]) => unpackV1(self as Value),
    ),
    requestGetter('get_client_order_id', OPTION_STRING, CLIENT_ORDER_ID),
    getter('get_metadata_from_state', STATE, 'T0', [1, 1, METADATA], T),
    borrower('get_order_from_state', `&${STATE}`, `&${ORDER}`, [1], T),
    borrower('get_order_from_state_mut', `&mut ${STATE}`, `&mut ${ORDER}`, [1], T),
    requestGetter('get_price', 'u64', PRICE),
    requestGetter('get_remaining_size', 'u64', REMAINING),
    getter('get_remaining_size_from_state', STATE, 'u64', STATE_REMAINING, T),
    requestGetter('get_trigger_condition', OPTION_TRIGGER, TRIGGER),
    getter('get_unique_priority_idx_from_state', STATE, `${B}IncreasingIdx`, [1, 2], T),
    resize('increase_remaining_size_from_state', (size, by) => {
      if (size + by > U64_MAX)
        failAt('ARITHMETIC_ERROR', `${M}increase_remaining_size_from_state`, 8);
      return size + by;
    }),
    getter('is_active_order', STATE, 'bool', [2], T),
    fn(
      'new_order_request_from_match_details',
      {
        params: [`0x5::order_match_types::OrderMatchDetails<T0>`],
        returns: [REQUEST],
        typeParams: T,
      },
      (_h, _t, [details]) => {
        const [
          orderId,
          account,
          clientOrderId,
          ,
          price,
          origSize,
          remaining,
          isBid,
          tif,
          time,
          metadata,
        ] = destroySingleOrderMatchDetails(details as Value);
        return [
          [
            0,
            account,
            orderId,
            clientOrderId,
            price,
            origSize,
            remaining,
            isBid,
            none(),
            tif,
            time,
            metadata,
          ].map((v) => v as Value),
        ];
      },
    ),
    fn(
      'new_order_with_state',
      { params: [ORDER, 'bool'], returns: [STATE], typeParams: T },
      (_h, _t, args) => [packV1(args)],
    ),
    fn(
      'new_single_order',
      { params: [REQUEST, `${B}IncreasingIdx`], returns: [ORDER], typeParams: T },
      (_h, _t, args) => [packV1(args)],
    ),
    fn(
      'new_single_order_request',
      {
        params: [
          'address',
          `${B}OrderId`,
          OPTION_STRING,
          'u64',
          'u64',
          'u64',
          'bool',
          OPTION_TRIGGER,
          `${B}TimeInForce`,
          'T0',
        ],
        returns: [REQUEST],
        typeParams: T,
      },
      (host, _t, args) => {
        const metadata = args[9] as Value;
        return [packV1([...args.slice(0, 9), host.session.ctx.timestampMicros, metadata])];
      },
    ),
    fn(
      'set_metadata_in_state',
      { params: [`&mut ${STATE}`, 'T0'], typeParams: T },
      (_h, _t, [self, metadata]) => {
        (at(self as Value, [1, 1]) as Value[])[METADATA] = metadata as Value;
        return [];
      },
    ),
    resize('set_remaining_size_from_state', (_size, to) => to),
  ],
};
