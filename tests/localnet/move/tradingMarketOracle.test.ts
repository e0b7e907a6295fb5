import { describe, expect, it } from 'vitest';
import { referenceAvailable } from '../../../bench/tools/frameworkCoverage.ts';
import type { LongAddress } from '../../../localnet/encoding.ts';
import type { Ty } from '../../../localnet/move/vm/ty.ts';
import { parseTy } from '../../../localnet/move/vm/ty.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Closure } from '../../../localnet/move/vm/values.ts';
import { answers, ref, type Call } from './tradingOracle.ts';

/**
 * AptosExperimental's modules (`0x7`) against their own bytecode, as tradingTypesOracle does for
 * `0x5`: the same calls natively and as the reference module, results, `&mut` arguments
 * afterwards and failures equal.
 */
const SEVEN = `0x${'0'.repeat(63)}7` as LongAddress;
const ALICE = `0x${'a'.repeat(64)}`;
const BOB = `0x${'b'.repeat(64)}`;
const str = (s: string): Value => [Array.from(Buffer.from(s))];
const some = (v: Value): Value => [[v]];
const none = (): Value => [[]];

function same(module: string, calls: Call[]): unknown[] {
  const spec = { pkg: 'AptosExperimental', module, address: SEVEN };
  const native = answers(false, spec, calls);
  expect(native).toEqual(answers(true, spec, calls));
  return native;
}

describe.skipIf(!referenceAvailable())('AptosExperimental against its bytecode', () => {
  it('market_types: statuses, reasons, results, config and the market’s fields', () => {
    const U64 = 'u64';
    const reasons = [
      'post_only_violation',
      'ioc_violation',
      'position_update_violation',
      'clearinghouse_settle_violation',
      'max_fill_limit_violation',
      'duplicate_client_order_id',
      'order_pre_cancelled',
      'place_maker_order_violation',
      'dead_mans_switch_expired',
      'disallowed_self_trading',
      'cancelled_by_user',
      'cancelled_by_system',
      'cancelled_by_system_due_to_error',
      'clearinghouse_stopped_matching',
    ];
    const statuses = ['open', 'filled', 'cancelled', 'rejected', 'size_reduced', 'acknowledged'];
    const settle = (): Value => [0, 5n, some(str('maker')), none(), [2, 9n]];
    // The order book and trackers are not read by these functions: placeholders stand in.
    const market = (): Value => [
      0,
      ALICE,
      BOB,
      [0, true, false, 10n, true, 60n],
      [0],
      [ALICE],
      [BOB],
    ];
    const got = same('market_types', [
      ...reasons.map((r): Call => [`order_cancellation_reason_${r}`, [], () => []]),
      ...statuses.map((s): Call => [`order_status_${s}`, [], () => []]),
      ['new_callback_result_not_available', [U64], () => []],
      ['new_callback_result_continue_matching', [U64], () => [3n]],
      ['new_callback_result_stop_matching', [U64], () => [4n]],
      ['extract_results', [U64], () => [[0]]],
      ['extract_results', [U64], () => [[1, 3n]]],
      ['extract_results', [U64], () => [[2, 4n]]],
      ['should_stop_matching', [U64], () => [ref([2, 4n])]],
      ['should_stop_matching', [U64], () => [ref([1, 4n])]],
      ['should_stop_matching', [U64], () => [ref([0])]],
      ['new_settle_trade_result', [U64], () => (settle() as Value[]).slice(1)],
      ['get_settled_size', [U64], () => [ref(settle())]],
      ['get_maker_cancellation_reason', [U64], () => [ref(settle())]],
      ['get_taker_cancellation_reason', [U64], () => [ref(settle())]],
      ['get_callback_result', [U64], () => [ref(settle())]],
      ['new_validation_result', [], () => [none()]],
      ['is_validation_result_valid', [], () => [ref([0, none()])]],
      ['is_validation_result_valid', [], () => [ref([0, some(str('bad'))])]],
      ['get_validation_failure_reason', [], () => [ref([0, some(str('bad'))])]],
      ['new_place_maker_order_result', [U64], () => [some(str('no')), some(7n)]],
      ['get_place_maker_order_actions', [U64], () => [ref([0, none(), some(7n)])]],
      [
        'get_place_maker_order_cancellation_reason',
        [U64],
        () => [ref([0, some(str('no')), none()])],
      ],
      ['new_market_config', [], () => [true, false, 10n, true, 60n]],
      ['get_market_address', [U64], () => [ref(market())]],
      ['is_allowed_self_trade', [U64], () => [ref(market())]],
      ['get_order_book', [U64], () => [ref(market())]],
      ['set_allow_self_trade', [U64], () => [ref(market()), false]],
      ['set_allow_events_emission', [U64], () => [ref(market()), true]],
      ['set_allow_dead_mans_switch', [U64], () => [ref(market()), false]],
    ]);
    expect(got.filter((g) => typeof g === 'string')).toEqual([]);
    // Variant indices follow the enum: ReduceOnlyViolation (3) has no constructor.
    expect(got[3]).toEqual({ out: [[4]], args: [] });
    expect(got.at(-3)).toMatchObject({
      args: [[0, ALICE, BOB, [0, false, false, 10n, true, 60n], [0], [ALICE], [BOB]], false],
    });
  });

  it('market_clearinghouse_order_info', () => {
    const info = (): Value => [0, ALICE, [1n], some(str('c')), true, 100n, [2], [1], none(), 5n];
    const getters = [
      'get_account',
      'get_order_id',
      'is_bid',
      'get_client_order_id',
      'get_metadata',
    ];
    const got = same('market_clearinghouse_order_info', [
      ['new_clearinghouse_order_info', ['u64'], () => (info() as Value[]).slice(1)],
      ...getters.map((name): Call => [name, ['u64'], () => [ref(info())]]),
      ['into_inner', ['u64'], () => [info()]],
    ]);
    expect(got[5]).toEqual({ out: [5n], args: [info()] });
  });

  it('native_position_types', () => {
    const index = -(1n << 100n);
    const perp = (): Value[] => [7n, true, 1n << 90n, 3n, 20, false, [index], -5n, 99n];
    const got = same('native_position_types', [
      ['new_accumulative_index', [], () => [index]],
      ['accumulative_index_value', [], () => [ref([index])]],
      ['new_perp_v1', [], () => perp()],
      ['unpack_perp_v1', [], () => [[0, ...perp()]]],
    ]);
    expect(got[3]).toEqual({ out: perp(), args: [[0, ...perp()]] });
  });

  it('trading_native_capability on a chain without its registry', () => {
    const signer = (a: string) => ref(a);
    const got = same('trading_native_capability', [
      ['is_denied', [], () => [ALICE]],
      ['get_capability', [], () => [signer(ALICE)]],
      ['assert_valid', [], () => [ref([ALICE])]],
      ['register', [], () => [signer(ALICE), BOB]],
      ['deny', [], () => [signer(ALICE), BOB]],
      ['reenable', [], () => [signer(ALICE), BOB]],
      ['exchange', [], () => [ref([BOB])]],
    ]);
    expect(got[0]).toBe('MISSING_DATA in 0x7::trading_native_capability::new at 1');
    // TRADING_NATIVE (118) is off in this chain's genesis flags.
    expect(got[1]).toMatch(/EFEATURE_DISABLED\(0x50001\)/);
    expect(got[3]).toMatch(/0x1::system_addresses: ENOT_APTOS_FRAMEWORK_ADDRESS\(0x50003\)/);
    expect(got[6]).toEqual({ out: [BOB], args: [[BOB]] });
  });

  it('market_types: the clearinghouse callbacks call their function values', () => {
    const FIVE = `0x${'0'.repeat(63)}5` as LongAddress;
    const ONE = `0x${'0'.repeat(63)}1` as LongAddress;
    const U64 = parseTy('u64');
    // Packers of the chain's own with the callbacks' arities (captured values fill the rest).
    const pack = (module: string, name: string, tys: Ty[] = [], captured: Value[] = []) =>
      new Closure(FIVE, module, name, tys, (1n << BigInt(captured.length)) - 1n, captured, null);
    const callbacks = (): Value => [
      0,
      pack('bulk_order_types', 'new_bulk_order_request', [U64], [ALICE]),
      pack('order_book_types', 'new_account_client_order_id'),
      pack('order_match_types', 'new_bulk_order_match_details', [U64], [[1n], ALICE, [2n]]),
      pack('order_match_types', 'new_order_match', [U64]),
      pack('bulk_order_types', 'new_bulk_order_place_response_rejection', [U64]),
      pack('bulk_order_types', 'new_bulk_order_request', [U64], [ALICE, 1n]),
      pack('order_match_types', 'new_single_order_match_details', [U64]),
      pack(
        'bulk_order_types',
        'new_bulk_order_place_response_success',
        [U64],
        [[0], [1n], [], [2n]],
      ),
      new Closure(ONE, 'bcs', 'to_bytes', [U64], 0n, [], null),
    ];
    const info = (): Value => [0, ALICE, [1n], none(), true, 100n, [2], [1], none(), 5n];
    const market = (): Value => [
      0,
      ALICE,
      BOB,
      [0, true, false, 10n, true, 60n],
      [0],
      [ALICE],
      [BOB],
    ];
    const v = (n: bigint) => ref([n]);
    const T = ['u64', 'u64'];
    const got = same('market_types', [
      ['new_market_clearinghouse_callbacks', T, () => (callbacks() as Value[]).slice(1)],
      ['settle_trade', T, () => [ref(callbacks()), ref(market()), info(), info(), 9n, 100n, 3n]],
      ['validate_order_placement', T, () => [ref(callbacks()), info(), 3n]],
      [
        'validate_bulk_order_placement',
        T,
        () => [ref(callbacks()), BOB, v(1n), v(2n), v(3n), v(4n), ref(5n)],
      ],
      ['place_maker_order', T, () => [ref(callbacks()), info(), 4n]],
      ['cleanup_order', T, () => [ref(callbacks()), info(), 4n, true]],
      ['cleanup_bulk_order_at_price', T, () => [ref(callbacks()), BOB, [7n], false, 100n, 2n]],
      [
        'place_bulk_order',
        T,
        () => [
          ref(callbacks()),
          BOB,
          [7n],
          v(1n),
          v(2n),
          v(3n),
          v(4n),
          v(5n),
          v(6n),
          v(7n),
          v(8n),
          ref(9n),
        ],
      ],
      ['decrease_order_size', T, () => [ref(callbacks()), info(), 1n]],
      ['get_order_metadata_bytes', T, () => [ref(callbacks()), ref(258n)]],
    ]);
    expect(got.filter((g) => typeof g === 'string')).toEqual([]);
    // bcs::to_bytes(&258u64), through the last function value.
    expect((got.at(-1) as { out: Value[] }).out).toEqual([[2, 1, 0, 0, 0, 0, 0, 0]]);
    // validate_order_placement handed (info, 3) to its function: an AccountClientOrderId of them.
    expect((got[2] as { out: Value[] }).out).toEqual([[info(), 3n]]);
  });

  it('market_types: events for orders and bulk orders, when the market allows them', () => {
    const ONE = `0x${'0'.repeat(63)}1` as LongAddress;
    const U64 = parseTy('u64');
    const market = (events: boolean): Value => [
      0,
      ALICE,
      BOB,
      [0, true, events, 10n, true, 60n],
      [0],
      [ALICE],
      [BOB],
    ];
    const toBytes = new Closure(ONE, 'bcs', 'to_bytes', [U64], 0n, [], null);
    const callbacks = (): Value => [0, ...Array<Value>(8).fill(toBytes), toBytes];
    const T = ['u64', 'u64'];
    const order = (events: boolean): Call => [
      'emit_event_for_order',
      T,
      () => [
        ref(market(events)),
        [77n],
        some(str('c1')),
        BOB,
        10n,
        7n,
        3n,
        100n,
        true,
        false,
        [1],
        str('filled'),
        258n,
        some([0, 5n]),
        [2],
        some([11]),
        ref(callbacks()),
      ],
    ];
    const v = (...xs: bigint[]) => xs;
    const bulk = (events: boolean): Call[] => [
      [
        'emit_event_for_bulk_order_placed',
        ['u64'],
        () => [
          ref(market(events)),
          [5n],
          3n,
          BOB,
          v(1n),
          v(2n),
          v(3n),
          v(4n),
          v(5n),
          v(6n),
          v(7n),
          v(8n),
          2n,
        ],
      ],
      [
        'emit_event_for_bulk_order_cancelled',
        ['u64'],
        () => [ref(market(events)), [5n], 3n, BOB, v(1n), v(2n), v(3n), v(4n), some([11])],
      ],
      [
        'emit_event_for_bulk_order_filled',
        ['u64'],
        () => [ref(market(events)), [5n], 3n, BOB, 4n, 100n, 101n, true, 9n],
      ],
      [
        'emit_event_for_bulk_order_modified',
        ['u64'],
        () => [
          ref(market(events)),
          [5n],
          3n,
          BOB,
          v(1n),
          v(2n),
          v(3n),
          v(4n),
          v(5n),
          v(6n),
          v(7n),
          v(8n),
          none(),
        ],
      ],
      ['emit_event_for_bulk_order_rejection', ['u64'], () => [ref(market(events)), BOB, 3n, 2n]],
    ];
    const got = same('market_types', [
      order(true),
      ...bulk(true),
      order(false),
      ...bulk(false),
    ]) as Array<{
      events?: Array<[string, Record<string, unknown>]>;
    }>;
    expect(got.map((g) => g.events?.[0]?.[0])).toEqual([
      '0x7::market_types::OrderEvent',
      '0x7::market_types::BulkOrderPlacedEvent',
      '0x7::market_types::BulkOrderModifiedEvent',
      '0x7::market_types::BulkOrderFilledEvent',
      '0x7::market_types::BulkOrderModifiedEvent',
      '0x7::market_types::BulkOrderRejectionEvent',
      ...Array<undefined>(6).fill(undefined),
    ]);
    // The metadata as the callback gives its bytes (bcs of 258u64).
    expect(got[0]?.events?.[0]?.[1]).toMatchObject({
      metadata_bytes: '0x0201000000000000',
      order_id: '77',
    });
  });

  it('order_placement: match results and cancellation reasons', () => {
    const MAX = (1n << 64n) - 1n;
    const result = (fills: bigint[] = [3n, 4n]): Value => [
      0,
      [9n],
      5n,
      some([1]),
      [7n, 8n],
      fills,
      3,
    ];
    const U64 = ['u64'];
    const got = same('order_placement', [
      ['get_order_id', U64, () => [result()]],
      ['destroy_order_match_result', U64, () => [result()]],
      ['get_cancel_reason', U64, () => [ref(result())]],
      ['get_remaining_size_from_result', U64, () => [ref(result())]],
      ['number_of_fills', U64, () => [ref(result())]],
      ['number_of_matches', U64, () => [ref(result())]],
      ['total_fill_size', U64, () => [ref(result())]],
      ['total_fill_size', U64, () => [ref(result([1n, MAX]))]],
      ...[
        'is_clearinghouse_stopped_matching',
        'is_dead_mans_switch_expired',
        'is_fill_limit_violation',
        'is_ioc_violation',
      ].flatMap((name) => [1, 5, 9, 14].map((variant): Call => [name, [], () => [[variant]]])),
    ]);
    expect(got[6]).toEqual({ out: [7n], args: [result()] });
    expect(got.filter((g) => typeof g === 'string')).toEqual([
      'ARITHMETIC_ERROR in 0x7::order_placement::emit_event_for_order at 30',
    ]);
  });
});
