/**
 * `0x7::market_types`' event emitters (market_types.move): each emits its module event (`OrderEvent`,
 * `BulkOrderPlacedEvent`, `BulkOrderModifiedEvent` for a modification or a cancellation,
 * `BulkOrderFilledEvent`, `BulkOrderRejectionEvent`) with the market's parent and address, only
 * when the market's config allows events; an order's metadata goes in as the bytes the
 * clearinghouse's `get_order_metadata_bytes` callback gives.
 */
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { Ref } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import type { NativeFunction } from '../../context.ts';
import { emitEvent } from '../../vmState.ts';
import { at, CDS, EXPERIMENTAL } from './shared.ts';

const M = '0x7::market_types::';
const MARKET = `&${M}Market<T0>`;
const ORDER_ID = '0x5::order_book_types::OrderId';
const OPTION_REASON = `0x1::option::Option<${M}OrderCancellationReason>`;
const VEC = 'vector<u64>';
const T = [CDS];

/** `self.config.allow_events_emission`, then the event `[0, parent, market, ...fields]`. */
function emitFor(host: NativeHost, market: Value, event: string, fields: Value[]): void {
  if (at(market, [3, 2]) !== true) return;
  emitEvent(host, `${M}${event}`, [0, at(market, [1]), at(market, [2]), ...fields]);
}

/** `order_id.get_order_id_value()`. */
const idValue = (orderId: Value): Value => (orderId as Value[])[0] as Value;

const emitter = (
  name: string,
  params: string[],
  event: string,
  fields: (args: Value[]) => Value[],
): NativeFunction =>
  fn(name, { params: [MARKET, ...params], typeParams: T }, (host, _t, [self, ...args]) => {
    emitFor(host, self as Value, event, fields(args as Value[]));
    return [];
  });

export const MARKET_EVENT_FUNCTIONS: readonly NativeFunction[] = [
  fn(
    'emit_event_for_order',
    {
      params: [
        MARKET,
        ORDER_ID,
        '0x1::option::Option<0x1::string::String>',
        'address',
        'u64',
        'u64',
        'u64',
        'u64',
        'bool',
        'bool',
        `${M}OrderStatus`,
        '0x1::string::String',
        'T0',
        '0x1::option::Option<0x5::order_book_types::TriggerCondition>',
        '0x5::order_book_types::TimeInForce',
        OPTION_REASON,
        `&${M}MarketClearinghouseCallbacks<T0, T1>`,
      ],
      typeParams: [CDS, CDS],
    },
    (host, tys, [self, orderId, clientOrderId, user, ...rest]) => {
      const [orig, remaining, delta, price, isBid, isTaker, status, details, metadata] = rest;
      const [trigger, timeInForce, reason, callbacks] = rest.slice(9);
      if (at(self as Value, [3, 2]) !== true) return [];
      const [bytes] = host.call(EXPERIMENTAL, 'market_types', 'get_order_metadata_bytes', tys, [
        callbacks as Value,
        new Ref([metadata as Value], 0),
      ]);
      emitFor(host, self as Value, 'OrderEvent', [
        idValue(orderId as Value),
        clientOrderId as Value,
        user as Value,
        ...([orig, remaining, delta, price, isBid, isTaker, status, details] as Value[]),
        bytes as Value,
        timeInForce as Value,
        trigger as Value,
        reason as Value,
      ]);
      return [];
    },
  ),
  emitter(
    'emit_event_for_bulk_order_placed',
    [ORDER_ID, 'u64', 'address', VEC, VEC, VEC, VEC, VEC, VEC, VEC, VEC, 'u64'],
    'BulkOrderPlacedEvent',
    ([orderId, ...rest]) => [idValue(orderId as Value), ...rest],
  ),
  emitter(
    'emit_event_for_bulk_order_cancelled',
    [ORDER_ID, 'u64', 'address', VEC, VEC, VEC, VEC, OPTION_REASON],
    'BulkOrderModifiedEvent',
    ([orderId, sequence, user, cbp, cbs, cap, cas, reason]) => [
      idValue(orderId as Value),
      sequence as Value,
      user as Value,
      [],
      [],
      [],
      [],
      ...([cbp, cbs, cap, cas] as Value[]),
      sequence as Value,
      reason as Value,
    ],
  ),
  emitter(
    'emit_event_for_bulk_order_filled',
    [ORDER_ID, 'u64', 'address', 'u64', 'u64', 'u64', 'bool', 'u128'],
    'BulkOrderFilledEvent',
    ([orderId, ...rest]) => [idValue(orderId as Value), ...rest],
  ),
  emitter(
    'emit_event_for_bulk_order_modified',
    [ORDER_ID, 'u64', 'address', VEC, VEC, VEC, VEC, VEC, VEC, VEC, VEC, OPTION_REASON],
    'BulkOrderModifiedEvent',
    ([orderId, sequence, user, ...rest]) => [
      idValue(orderId as Value),
      sequence as Value,
      user as Value,
      ...rest.slice(0, 8),
      sequence as Value,
      rest[8] as Value,
    ],
  ),
  emitter(
    'emit_event_for_bulk_order_rejection',
    ['address', 'u64', 'u64'],
    'BulkOrderRejectionEvent',
    (args) => args,
  ),
];
