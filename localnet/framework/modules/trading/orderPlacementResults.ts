/**
 * `0x7::order_placement`'s result accessors (order_placement.move): `OrderMatchResult`
 * (`[0, order_id, remaining_size, cancel_reason, callback_results, fill_sizes, match_count]`) and
 * the cancellation-reason checks. Placing orders goes through the order book, not here yet.
 */
import type { Value } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import type { NativeFunction, NativeModule } from '../../context.ts';
import { at, CDS, enumAbi, EXPERIMENTAL, failAt, getter, GENERIC, unpackV1 } from './shared.ts';

const RESULT = '0x7::order_placement::OrderMatchResult<T0>';
const REASON = '0x7::market_types::OrderCancellationReason';
const OPTION_REASON = `0x1::option::Option<${REASON}>`;
const T = [CDS];
const U64_MAX = (1n << 64n) - 1n;

/** `reason == market_types::order_cancellation_reason_<…>()`: the variant's index. */
const isReason = (name: string, variant: number): NativeFunction =>
  fn(name, { params: [REASON], returns: ['bool'] }, (_h, _t, [reason]) => [
    (reason as Value[])[0] === variant,
  ]);

export const orderPlacementModule: NativeModule = {
  address: EXPERIMENTAL,
  name: 'order_placement',
  friends: [],
  structs: [
    enumAbi(
      'OrderMatchResult',
      ['drop'],
      [
        [
          'V1',
          [
            ['order_id', '0x5::order_book_types::OrderId'],
            ['remaining_size', 'u64'],
            ['cancel_reason', OPTION_REASON],
            ['callback_results', 'vector<T0>'],
            ['fill_sizes', 'vector<u64>'],
            ['match_count', 'u32'],
          ],
        ],
      ],
      GENERIC,
    ),
  ],
  functions: [
    fn(
      'get_order_id',
      { params: [RESULT], returns: ['0x5::order_book_types::OrderId'], typeParams: T },
      (_h, _t, [self]) => [(self as Value[])[1] as Value],
    ),
    fn(
      'destroy_order_match_result',
      {
        params: [RESULT],
        returns: [
          '0x5::order_book_types::OrderId',
          'u64',
          OPTION_REASON,
          'vector<T0>',
          'vector<u64>',
          'u32',
        ],
        typeParams: T,
      },
      (_h, _t, [self]) => unpackV1(self as Value),
    ),
    getter('get_cancel_reason', RESULT, OPTION_REASON, [3], T),
    getter('get_remaining_size_from_result', RESULT, 'u64', [2], T),
    isReason('is_clearinghouse_stopped_matching', 14),
    isReason('is_dead_mans_switch_expired', 9),
    isReason('is_fill_limit_violation', 5),
    isReason('is_ioc_violation', 1),
    fn(
      'number_of_fills',
      { params: [`&${RESULT}`], returns: ['u64'], typeParams: T },
      (_h, _t, [self]) => [BigInt((at(self as Value, [5]) as Value[]).length)],
    ),
    getter('number_of_matches', RESULT, 'u32', [6], T),
    fn(
      'total_fill_size',
      { params: [`&${RESULT}`], returns: ['u64'], typeParams: T },
      (_h, _t, [self]) => {
        let total = 0n;
        for (const size of at(self as Value, [5]) as bigint[]) {
          total += size;
          // The fold's `acc + fill_size`, inlined; a node names the site by the handle there.
          if (total > U64_MAX) {
            failAt('ARITHMETIC_ERROR', '0x7::order_placement::emit_event_for_order', 30);
          }
        }
        return [total];
      },
    ),
  ],
};
