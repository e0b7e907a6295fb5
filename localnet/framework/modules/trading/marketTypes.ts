/**
 * `0x7::market_types` (AptosExperimental's market_types.move), the part that stands on its own:
 * order statuses and cancellation reasons, the clearinghouse's result types (settle, validation,
 * maker placement, callback results), the market's config, and the market's own fields. What
 * goes through the order book or the trackers is not here yet; the clearinghouse's callbacks are in
 * `marketCallbacks.ts`.
 */
import type { Value } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import type { NativeFunction, NativeModule } from '../../context.ts';
import { none, some } from '../../vmState.ts';
import { MARKET_CALLBACK_FUNCTIONS } from './marketCallbacks.ts';
import { MARKET_EVENT_FUNCTIONS } from './marketEvents.ts';
import { at, borrower, CDS, enumAbi, EXPERIMENTAL, GENERIC, getter, packV1 } from './shared.ts';

const M = '0x7::market_types::';
const OPTION_STRING = '0x1::option::Option<0x1::string::String>';
const MARKET = `${M}Market<T0>`;
const CALLBACK = `${M}CallbackResult<T0>`;
const SETTLE = `${M}SettleTradeResult<T0>`;
const VALIDATION = `${M}ValidationResult`;
const MAKER = `${M}PlaceMakerOrderResult<T0>`;
const T = [CDS];
const EVENTS = new Set([
  'BulkOrderFilledEvent',
  'BulkOrderModifiedEvent',
  'BulkOrderPlacedEvent',
  'BulkOrderRejectionEvent',
  'OrderEvent',
]);

/** The reasons' constructors, in the order of their variants (ReduceOnlyViolation has none). */
const REASONS: Array<[string, number]> = [
  ['post_only_violation', 0],
  ['ioc_violation', 1],
  ['position_update_violation', 2],
  ['clearinghouse_settle_violation', 4],
  ['max_fill_limit_violation', 5],
  ['duplicate_client_order_id', 6],
  ['order_pre_cancelled', 7],
  ['place_maker_order_violation', 8],
  ['dead_mans_switch_expired', 9],
  ['disallowed_self_trading', 10],
  ['cancelled_by_user', 11],
  ['cancelled_by_system', 12],
  ['cancelled_by_system_due_to_error', 13],
  ['clearinghouse_stopped_matching', 14],
];
const STATUSES = ['open', 'filled', 'cancelled', 'rejected', 'size_reduced', 'acknowledged'];

// CallbackResult's variants.
const NOT_AVAILABLE = 0;
const CONTINUE_MATCHING = 1;
const STOP_MATCHING = 2;

const unit = (name: string, returns: string, variant: number): NativeFunction =>
  fn(name, { params: [], returns: [returns] }, () => [[variant]]);

const callbackResult = (name: string, variant: number): NativeFunction =>
  fn(name, { params: ['T0'], returns: [CALLBACK], typeParams: T }, (_h, _t, [result]) => [
    [variant, result as Value],
  ]);

/** `self.config.<field> = value` on a `&mut Market<M>` (config is the market's field 2). */
const setConfig = (name: string, field: number, type: string): NativeFunction =>
  fn(name, { params: [`&mut ${MARKET}`, type], typeParams: T }, (_h, _t, [self, value]) => {
    (at(self as Value, [3]) as Value[])[field + 1] = value as Value;
    return [];
  });

/** The fields BulkOrderPlacedEvent and BulkOrderModifiedEvent share, in the source's order. */
const BULK_ORDER_FIELDS: Array<[string, string]> = [
  ['parent', 'address'],
  ['market', 'address'],
  ['order_id', 'u128'],
  ['sequence_number', 'u64'],
  ['user', 'address'],
  ['bid_prices', 'vector<u64>'],
  ['bid_sizes', 'vector<u64>'],
  ['ask_prices', 'vector<u64>'],
  ['ask_sizes', 'vector<u64>'],
  ['cancelled_bid_prices', 'vector<u64>'],
  ['cancelled_bid_sizes', 'vector<u64>'],
  ['cancelled_ask_prices', 'vector<u64>'],
  ['cancelled_ask_sizes', 'vector<u64>'],
  ['previous_seq_num', 'u64'],
];

export const marketTypesModule: NativeModule = {
  address: EXPERIMENTAL,
  name: 'market_types',
  friends: [
    '0x7::market_bulk_order',
    '0x7::order_placement',
    '0x7::order_operations',
    '0x7::dead_mans_switch_operations',
  ],
  // The five #[event] enums are marked as such (is_event in the ABI).
  structs: [
    enumAbi(
      'BulkOrderFilledEvent',
      ['copy', 'drop', 'store'],
      [
        [
          'V1',
          [
            ['parent', 'address'],
            ['market', 'address'],
            ['order_id', 'u128'],
            ['sequence_number', 'u64'],
            ['user', 'address'],
            ['filled_size', 'u64'],
            ['price', 'u64'],
            ['orig_price', 'u64'],
            ['is_bid', 'bool'],
            ['fill_id', 'u128'],
          ],
        ],
      ],
    ),
    enumAbi(
      'BulkOrderModifiedEvent',
      ['copy', 'drop', 'store'],
      [
        [
          'V1',
          [
            ...BULK_ORDER_FIELDS,
            [
              'cancellation_reason',
              '0x1::option::Option<0x7::market_types::OrderCancellationReason>',
            ],
          ],
        ],
      ],
    ),
    enumAbi('BulkOrderPlacedEvent', ['copy', 'drop', 'store'], [['V1', [...BULK_ORDER_FIELDS]]]),
    enumAbi(
      'BulkOrderRejectionEvent',
      ['copy', 'drop', 'store'],
      [
        [
          'V1',
          [
            ['parent', 'address'],
            ['market', 'address'],
            ['user', 'address'],
            ['sequence_number', 'u64'],
            ['existing_sequence_number', 'u64'],
          ],
        ],
      ],
    ),
    enumAbi(
      'CallbackResult',
      ['copy', 'drop'],
      [
        ['NOT_AVAILABLE', []],
        ['CONTINUE_MATCHING', [['result', 'T0']]],
        ['STOP_MATCHING', [['result', 'T0']]],
      ],
      GENERIC,
    ),
    enumAbi(
      'Market',
      ['store'],
      [
        [
          'V1',
          [
            ['parent', 'address'],
            ['market', 'address'],
            ['config', `${M}MarketConfig`],
            ['order_book', '0x7::order_book::OrderBook<T0>'],
            [
              'pre_cancellation_tracker',
              '0x1::table::Table<u8, 0x7::pre_cancellation_tracker::PreCancellationTracker>',
            ],
            [
              'dead_mans_switch_tracker',
              '0x1::table::Table<u8, 0x7::dead_mans_switch_tracker::DeadMansSwitchTracker>',
            ],
          ],
        ],
      ],
      GENERIC,
    ),
    enumAbi(
      'MarketConfig',
      ['drop', 'store'],
      [
        [
          'V1',
          [
            ['allow_self_trade', 'bool'],
            ['allow_events_emission', 'bool'],
            ['pre_cancellation_window_secs', 'u64'],
            ['enable_dead_mans_switch', 'bool'],
            ['min_keep_alive_time_secs', 'u64'],
          ],
        ],
      ],
    ),
    enumAbi(
      'OrderCancellationReason',
      ['copy', 'drop', 'store'],
      [
        ['PostOnlyViolation', []],
        ['IOCViolation', []],
        ['PositionUpdateViolation', []],
        ['ReduceOnlyViolation', []],
        ['ClearinghouseSettleViolation', []],
        ['MaxFillLimitViolation', []],
        ['DuplicateClientOrderIdViolation', []],
        ['OrderPreCancelled', []],
        ['PlaceMakerOrderViolation', []],
        ['DeadMansSwitchExpired', []],
        ['DisallowedSelfTrading', []],
        ['OrderCancelledByUser', []],
        ['OrderCancelledBySystem', []],
        ['OrderCancelledBySystemDueToError', []],
        ['ClearinghouseStoppedMatching', []],
      ],
    ),
    enumAbi(
      'OrderEvent',
      ['copy', 'drop', 'store'],
      [
        [
          'V1',
          [
            ['parent', 'address'],
            ['market', 'address'],
            ['order_id', 'u128'],
            ['client_order_id', '0x1::option::Option<0x1::string::String>'],
            ['user', 'address'],
            ['orig_size', 'u64'],
            ['remaining_size', 'u64'],
            ['size_delta', 'u64'],
            ['price', 'u64'],
            ['is_bid', 'bool'],
            ['is_taker', 'bool'],
            ['status', `${M}OrderStatus`],
            ['details', '0x1::string::String'],
            ['metadata_bytes', 'vector<u8>'],
            ['time_in_force', '0x5::order_book_types::TimeInForce'],
            ['trigger_condition', '0x1::option::Option<0x5::order_book_types::TriggerCondition>'],
            [
              'cancellation_reason',
              '0x1::option::Option<0x7::market_types::OrderCancellationReason>',
            ],
          ],
        ],
      ],
    ),
    enumAbi(
      'OrderStatus',
      ['copy', 'drop', 'store'],
      [
        ['OPEN', []],
        ['FILLED', []],
        ['CANCELLED', []],
        ['REJECTED', []],
        ['SIZE_REDUCED', []],
        ['ACKNOWLEDGED', []],
      ],
    ),
    enumAbi(
      'PlaceMakerOrderResult',
      ['copy', 'drop'],
      [
        [
          'V1',
          [
            ['cancellation_reason', '0x1::option::Option<0x1::string::String>'],
            ['action', '0x1::option::Option<T0>'],
          ],
        ],
      ],
      GENERIC,
    ),
    enumAbi(
      'SettleTradeResult',
      ['drop'],
      [
        [
          'V1',
          [
            ['settled_size', 'u64'],
            ['maker_cancellation_reason', '0x1::option::Option<0x1::string::String>'],
            ['taker_cancellation_reason', '0x1::option::Option<0x1::string::String>'],
            ['callback_result', `${M}CallbackResult<T0>`],
          ],
        ],
      ],
      GENERIC,
    ),
    enumAbi(
      'ValidationResult',
      ['copy', 'drop'],
      [['V1', [['failure_reason', '0x1::option::Option<0x1::string::String>']]]],
    ),
  ].map((s) => (EVENTS.has(s.name) ? { ...s, isEvent: true } : s)),
  functions: [
    ...REASONS.map(([reason, variant]) =>
      unit(`order_cancellation_reason_${reason}`, `${M}OrderCancellationReason`, variant),
    ),
    ...STATUSES.map((status, variant) =>
      unit(`order_status_${status}`, `${M}OrderStatus`, variant),
    ),
    fn(
      'new_callback_result_not_available',
      { params: [], returns: [CALLBACK], typeParams: T },
      () => [[NOT_AVAILABLE]],
    ),
    callbackResult('new_callback_result_continue_matching', CONTINUE_MATCHING),
    callbackResult('new_callback_result_stop_matching', STOP_MATCHING),
    fn(
      'extract_results',
      { params: [CALLBACK], returns: ['0x1::option::Option<T0>'], typeParams: T },
      (_h, _t, [self]) => {
        const [variant, result] = self as [number, Value?];
        return [variant === NOT_AVAILABLE ? none() : some(result as Value)];
      },
    ),
    fn(
      'should_stop_matching',
      { params: [`&${CALLBACK}`], returns: ['bool'], typeParams: T },
      (_h, _t, [self]) => [at(self as Value, [0]) === STOP_MATCHING],
    ),
    fn(
      'new_settle_trade_result',
      { params: ['u64', OPTION_STRING, OPTION_STRING, CALLBACK], returns: [SETTLE], typeParams: T },
      (_h, _t, args) => [packV1(args)],
    ),
    getter('get_settled_size', SETTLE, 'u64', [1], T),
    getter('get_maker_cancellation_reason', SETTLE, OPTION_STRING, [2], T),
    getter('get_taker_cancellation_reason', SETTLE, OPTION_STRING, [3], T),
    borrower('get_callback_result', `&${SETTLE}`, `&${CALLBACK}`, [4], T),
    fn(
      'new_validation_result',
      { params: [OPTION_STRING], returns: [VALIDATION] },
      (_h, _t, args) => [packV1(args)],
    ),
    fn(
      'is_validation_result_valid',
      { params: [`&${VALIDATION}`], returns: ['bool'] },
      (_h, _t, [self]) => [(at(self as Value, [1, 0]) as Value[]).length === 0],
    ),
    getter('get_validation_failure_reason', VALIDATION, OPTION_STRING, [1]),
    fn(
      'new_place_maker_order_result',
      { params: [OPTION_STRING, '0x1::option::Option<T0>'], returns: [MAKER], typeParams: T },
      (_h, _t, args) => [packV1(args)],
    ),
    getter('get_place_maker_order_actions', MAKER, '0x1::option::Option<T0>', [2], T),
    getter('get_place_maker_order_cancellation_reason', MAKER, OPTION_STRING, [1], T),
    fn(
      'new_market_config',
      { params: ['bool', 'bool', 'u64', 'bool', 'u64'], returns: [`${M}MarketConfig`] },
      (_h, _t, args) => [packV1(args)],
    ),
    // The market's own fields: [0, parent, market, config, order_book, trackers…].
    borrower('get_order_book', `&${MARKET}`, '&0x7::order_book::OrderBook<T0>', [4], T),
    getter('get_market_address', MARKET, 'address', [2], T),
    getter('is_allowed_self_trade', MARKET, 'bool', [3, 1], T),
    setConfig('set_allow_self_trade', 0, 'bool'),
    setConfig('set_allow_events_emission', 1, 'bool'),
    setConfig('set_allow_dead_mans_switch', 3, 'bool'),
    ...MARKET_CALLBACK_FUNCTIONS,
    ...MARKET_EVENT_FUNCTIONS,
  ],
};
