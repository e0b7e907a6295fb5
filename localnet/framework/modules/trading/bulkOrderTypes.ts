/**
 * `0x5::bulk_order_types` (bulk_order_types.move): a bulk order's request (price and size levels
 * on each side), the placed bulk order, and the response to placing one. Values:
 * `BulkOrderRequest` `[0, account, order_sequence_number, bid_prices, bid_sizes, ask_prices,
 * ask_sizes, metadata]`, `BulkOrder` `[0, order_request, order_id, unique_priority_idx,
 * creation_time_micros]`, `BulkOrderPlaceResponse` `[0, order, cancelled_bid_prices,
 * cancelled_bid_sizes, cancelled_ask_prices, cancelled_ask_sizes, previous_seq_num]` or
 * `[1, account, sequence_number, existing_sequence_number]`.
 */
import type { Value } from '../../../move/vm/values.ts';
import { copyValue, Ref } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import type { NativeFunction, NativeModule } from '../../context.ts';
import { deref, none, some } from '../../vmState.ts';
import {
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
  variantMismatch,
} from './shared.ts';

const M = '0x5::bulk_order_types::';
const B = '0x5::order_book_types::';
const REQUEST = `${M}BulkOrderRequest<T0>`;
const ORDER = `${M}BulkOrder<T0>`;
const RESPONSE = `${M}BulkOrderPlaceResponse<T0>`;
const T = [CDS];
const U64_MAX = (1n << 64n) - 1n;

// Where the request's fields sit in its value.
const BID_PRICES = 3;
const BID_SIZES = 4;
const ASK_PRICES = 5;
const ASK_SIZES = 6;
const prices = (isBid: Value) => (isBid === true ? BID_PRICES : ASK_PRICES);
const sizes = (isBid: Value) => (isBid === true ? BID_SIZES : ASK_SIZES);

/** `f(self: &BulkOrderRequest<M>, is_bid: bool): R` over the side's levels at `index(is_bid)`. */
const side = (
  name: string,
  returns: string,
  index: (isBid: Value) => number,
  answer: (levels: bigint[]) => Value,
): NativeFunction =>
  fn(
    name,
    { params: [`&${REQUEST}`, 'bool'], returns: [returns], typeParams: T },
    (_h, _t, [self, isBid]) => [answer(at(self as Value, [index(isBid as Value)]) as bigint[])],
  );

/** The first level, if any (`get_active_price`, `get_active_size`). */
const first = (levels: bigint[]): Value =>
  levels.length === 0 ? none() : some(levels[0] as Value);

const sideMut = (name: string, index: (isBid: Value) => number): NativeFunction =>
  fn(
    name,
    { params: [`&mut ${REQUEST}`, 'bool'], returns: ['&mut vector<u64>'], typeParams: T },
    (_h, _t, [self, isBid]) => [new Ref(deref(self as Value) as Value[], index(isBid as Value))],
  );

/**
 * Where `new_bulk_order_match`'s code fails, by side: `v[0]` of empty prices or sizes
 * (`VECTOR_OPERATION_ERROR`), then `sizes[0] - matched_size` below zero; a node names the site
 * `is_rejection_response` (the handle at the function's definition index).
 */
const MATCH_SITES = { bid: [8, 14, 17], ask: [47, 53, 56] } as const;
const MATCH_NAMED = `${M}is_rejection_response`;

function firstLevel(levels: bigint[], offset: number): bigint {
  return levels[0] ?? failAt('VECTOR_OPERATION_ERROR', MATCH_NAMED, offset);
}

export const bulkOrderTypesModule: NativeModule = {
  address: TRADING,
  name: 'bulk_order_types',
  friends: [],
  structs: [
    enumAbi(
      'BulkOrder',
      ['copy', 'drop', 'store'],
      [
        [
          'V1',
          [
            ['order_request', REQUEST],
            ['order_id', `${B}OrderId`],
            ['unique_priority_idx', `${B}IncreasingIdx`],
            ['creation_time_micros', 'u64'],
          ],
        ],
      ],
      GENERIC,
    ),
    enumAbi(
      'BulkOrderPlaceResponse',
      ['copy', 'drop'],
      [
        [
          'Success_V1',
          [
            ['order', ORDER],
            ['cancelled_bid_prices', 'vector<u64>'],
            ['cancelled_bid_sizes', 'vector<u64>'],
            ['cancelled_ask_prices', 'vector<u64>'],
            ['cancelled_ask_sizes', 'vector<u64>'],
            ['previous_seq_num', '0x1::option::Option<u64>'],
          ],
        ],
        [
          'Rejection_V1',
          [
            ['account', 'address'],
            ['sequence_number', 'u64'],
            ['existing_sequence_number', 'u64'],
          ],
        ],
      ],
      GENERIC,
    ),
    enumAbi(
      'BulkOrderRequest',
      ['copy', 'drop', 'store'],
      [
        [
          'V1',
          [
            ['account', 'address'],
            ['order_sequence_number', 'u64'],
            ['bid_prices', 'vector<u64>'],
            ['bid_sizes', 'vector<u64>'],
            ['ask_prices', 'vector<u64>'],
            ['ask_sizes', 'vector<u64>'],
            ['metadata', 'T0'],
          ],
        ],
      ],
      GENERIC,
    ),
  ],
  functions: [
    getter('get_sequence_number', REQUEST, 'u64', [2], T),
    fn(
      'destroy_bulk_order',
      {
        params: [ORDER],
        returns: [REQUEST, `${B}OrderId`, `${B}IncreasingIdx`, 'u64'],
        typeParams: T,
      },
      (_h, _t, [self]) => unpackV1(self as Value),
    ),
    fn(
      'destroy_bulk_order_place_response_rejection',
      { params: [RESPONSE], returns: ['address', 'u64', 'u64'], typeParams: T },
      (_h, _t, [self]) => {
        const values = self as Value[];
        if (values[0] !== 1) variantMismatch(`${M}destroy_bulk_order_place_response_rejection`, 1);
        return values.slice(1);
      },
    ),
    fn(
      'destroy_bulk_order_place_response_success',
      {
        params: [RESPONSE],
        returns: [
          ORDER,
          'vector<u64>',
          'vector<u64>',
          'vector<u64>',
          'vector<u64>',
          '0x1::option::Option<u64>',
        ],
        typeParams: T,
      },
      (_h, _t, [self]) => {
        const values = self as Value[];
        if (values[0] !== 0) variantMismatch(`${M}destroy_bulk_order_place_response_success`, 1);
        return values.slice(1);
      },
    ),
    fn(
      'destroy_bulk_order_request',
      {
        params: [REQUEST],
        returns: [
          'address',
          'u64',
          'vector<u64>',
          'vector<u64>',
          'vector<u64>',
          'vector<u64>',
          'T0',
        ],
        typeParams: T,
      },
      (_h, _t, [self]) => unpackV1(self as Value),
    ),
    getter('get_account', REQUEST, 'address', [1], T),
    side('get_active_price', '0x1::option::Option<u64>', prices, first),
    side('get_active_size', '0x1::option::Option<u64>', sizes, first),
    side('get_all_prices', 'vector<u64>', prices, (levels) => copyValue(levels)),
    sideMut('get_all_prices_mut', prices),
    side('get_all_sizes', 'vector<u64>', sizes, (levels) => copyValue(levels)),
    sideMut('get_all_sizes_mut', sizes),
    getter('get_creation_time_micros', ORDER, 'u64', [4], T),
    getter('get_order_id', ORDER, `${B}OrderId`, [2], T),
    borrower('get_order_request', `&${ORDER}`, `&${REQUEST}`, [1], T),
    borrower('get_order_request_mut', `&mut ${ORDER}`, `&mut ${REQUEST}`, [1], T),
    fn(
      'get_prices_and_sizes_mut',
      {
        params: [`&mut ${REQUEST}`, 'bool'],
        returns: ['&mut vector<u64>', '&mut vector<u64>'],
        typeParams: T,
      },
      (_h, _t, [self, isBid]) => {
        const request = deref(self as Value) as Value[];
        return [new Ref(request, prices(isBid as Value)), new Ref(request, sizes(isBid as Value))];
      },
    ),
    fn(
      'get_total_remaining_size',
      { params: [`&${REQUEST}`, 'bool'], returns: ['u64'], typeParams: T },
      (_h, _t, [self, isBid]) => {
        let total = 0n;
        for (const size of at(self as Value, [sizes(isBid as Value)]) as bigint[]) {
          total += size;
          // The fold's `acc + size`, inlined (a node names the site by the handle there).
          const offset = isBid === true ? 32 : 73;
          if (total > U64_MAX) failAt('ARITHMETIC_ERROR', `${M}get_order_request_mut`, offset);
        }
        return [total];
      },
    ),
    getter('get_unique_priority_idx', ORDER, `${B}IncreasingIdx`, [3], T),
    fn(
      'is_rejection_response',
      { params: [`&${RESPONSE}`], returns: ['bool'], typeParams: T },
      (_h, _t, [self]) => [at(self as Value, [0]) === 1],
    ),
    fn(
      'is_success_response',
      { params: [`&${RESPONSE}`], returns: ['bool'], typeParams: T },
      (_h, _t, [self]) => [at(self as Value, [0]) === 0],
    ),
    fn(
      'new_bulk_order',
      {
        params: [REQUEST, `${B}OrderId`, `${B}IncreasingIdx`, 'u64'],
        returns: [ORDER],
        typeParams: T,
      },
      (_h, _t, args) => [packV1(args)],
    ),
    fn(
      'new_bulk_order_match',
      {
        params: [`&${ORDER}`, 'bool', 'u64'],
        returns: ['0x5::order_match_types::OrderMatch<T0>'],
        typeParams: T,
      },
      (_h, _t, [self, isBid, matched]) => {
        const order = deref(self as Value) as Value[];
        const request = order[1] as Value[];
        const bid = isBid === true;
        const [priceAt, sizeAt, subAt] = bid ? MATCH_SITES.bid : MATCH_SITES.ask;
        const price = firstLevel(request[prices(isBid as Value)] as bigint[], priceAt);
        const size = firstLevel(request[sizes(isBid as Value)] as bigint[], sizeAt);
        if (size < (matched as bigint)) failAt('ARITHMETIC_ERROR', MATCH_NAMED, subAt);
        const details: Value = [
          1,
          copyValue(order[2] as Value),
          request[1] as Value,
          copyValue(order[3] as Value),
          price,
          size - (matched as bigint),
          bid,
          request[2] as Value,
          order[4] as Value,
          copyValue(request[7] as Value),
        ];
        return [packV1([details, matched as Value])];
      },
    ),
    fn(
      'new_bulk_order_place_response_rejection',
      { params: ['address', 'u64', 'u64'], returns: [RESPONSE], typeParams: T },
      (_h, _t, args) => [[1, ...args]],
    ),
    fn(
      'new_bulk_order_place_response_success',
      {
        params: [
          ORDER,
          'vector<u64>',
          'vector<u64>',
          'vector<u64>',
          'vector<u64>',
          '0x1::option::Option<u64>',
        ],
        returns: [RESPONSE],
        typeParams: T,
      },
      (_h, _t, args) => [[0, ...args]],
    ),
    fn(
      'new_bulk_order_request',
      {
        params: [
          'address',
          'u64',
          'vector<u64>',
          'vector<u64>',
          'vector<u64>',
          'vector<u64>',
          'T0',
        ],
        returns: [REQUEST],
        typeParams: T,
      },
      (_h, _t, args) => [packV1(args)],
    ),
    fn('set_empty', { params: [`&mut ${ORDER}`], typeParams: T }, (_h, _t, [self]) => {
      const request = at(self as Value, [1]) as Value[];
      for (const i of [BID_SIZES, ASK_SIZES, BID_PRICES, ASK_PRICES]) request[i] = [];
      return [];
    }),
  ],
};
