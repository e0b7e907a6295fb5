/**
 * `0x7::market_types`' clearinghouse callbacks (market_types.move): `MarketClearinghouseCallbacks`
 * holds nine function values (`[0, settle_trade_f, validate_order_placement_f,
 * validate_bulk_order_placement_f, place_maker_order_f, cleanup_order_f,
 * cleanup_bulk_order_at_price_f, place_bulk_order_f, decrease_order_size_f,
 * get_order_metadata_bytes]`), and each invoker calls its function with its arguments, as
 * `(self.f)(…)` does: captured values merged in by the closure's mask, then a call as bytecode
 * makes it. The struct itself is not declared here: the chain's type parser has no function
 * types, and the callbacks (drop only) are never stored.
 */
import type { NativeHost } from '../../../move/vm/loader.ts';
import { composeArgs } from '../../../move/vm/closures.ts';
import type { Value } from '../../../move/vm/values.ts';
import { Closure, copyValue } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import type { NativeFunction } from '../../context.ts';
import { at, CDS, packV1 } from './shared.ts';

const M = '0x7::market_types::';
const INFO = '0x7::market_clearinghouse_order_info::MarketClearinghouseOrderInfo<T0>';
const ORDER_ID = '0x5::order_book_types::OrderId';
const CALLBACKS = `&${M}MarketClearinghouseCallbacks<T0, T1>`;
const V = '&vector<u64>';
const TT = [CDS, CDS];

/** `(self.<field>)(args)`: the closure at `field` of the callbacks, called with `args`. */
function callback(host: NativeHost, self: Value, field: number, args: Value[]): Value[] {
  const f = at(self, [field]);
  if (!(f instanceof Closure) || f.captured === null) {
    // A closure read back from storage: the callbacks (drop only) cannot be stored.
    throw new Error(
      `${M}MarketClearinghouseCallbacks: field ${field} is not a live function value`,
    );
  }
  const merged = composeArgs(f.mask, f.captured as Value[], args, copyValue);
  return host.call(f.address, f.module, f.name, f.tyArgs, merged);
}

/** An invoker `name(self, ...params): returns` of the function value at `field`. */
const invoker = (name: string, field: number, params: string[], returns: string[] = []) =>
  fn(
    name,
    { params: [CALLBACKS, ...params], returns, typeParams: TT },
    (host, _t, [self, ...args]) => callback(host, self as Value, field, args as Value[]),
  );

/** The function types of the nine fields, as the ABI prints them. */
const FUNCTION_TYPES = [
  `|&mut ${M}Market<T0>,${INFO},${INFO},u128,u64,u64|${M}SettleTradeResult<T1>`,
  `|${INFO},u64|${M}ValidationResult`,
  `|address,${V},${V},${V},${V},&T0|${M}ValidationResult`,
  `|${INFO},u64|${M}PlaceMakerOrderResult<T1>`,
  `|${INFO},u64,bool|`,
  `|address,${ORDER_ID},bool,u64,u64|`,
  `|address,${ORDER_ID},${V},${V},${V},${V},${V},${V},${V},${V},&T0|`,
  `|${INFO},u64|`,
  '|&T0|vector<u8>',
];

export const MARKET_CALLBACK_FUNCTIONS: readonly NativeFunction[] = [
  fn(
    'new_market_clearinghouse_callbacks',
    {
      params: FUNCTION_TYPES,
      returns: [`${M}MarketClearinghouseCallbacks<T0, T1>`],
      typeParams: TT,
    },
    (_h, _t, fs) => [packV1(fs as Value[])],
  ),
  invoker(
    'settle_trade',
    1,
    [`&mut ${M}Market<T0>`, INFO, INFO, 'u128', 'u64', 'u64'],
    [`${M}SettleTradeResult<T1>`],
  ),
  invoker('validate_order_placement', 2, [INFO, 'u64'], [`${M}ValidationResult`]),
  invoker(
    'validate_bulk_order_placement',
    3,
    ['address', V, V, V, V, '&T0'],
    [`${M}ValidationResult`],
  ),
  invoker('place_maker_order', 4, [INFO, 'u64'], [`${M}PlaceMakerOrderResult<T1>`]),
  invoker('cleanup_order', 5, [INFO, 'u64', 'bool']),
  invoker('cleanup_bulk_order_at_price', 6, ['address', ORDER_ID, 'bool', 'u64', 'u64']),
  invoker('place_bulk_order', 7, ['address', ORDER_ID, V, V, V, V, V, V, V, V, '&T0']),
  invoker('decrease_order_size', 8, [INFO, 'u64']),
  invoker('get_order_metadata_bytes', 9, ['&T0'], ['vector<u8>']),
];
