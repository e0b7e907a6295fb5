import { describe, expect, it } from 'vitest';
import { referenceAvailable } from '../../../bench/tools/frameworkCoverage.ts';
import type { LongAddress } from '../../../localnet/encoding.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { answers, ref, type Call } from './tradingOracle.ts';

/**
 * AptosTrading's type modules (`0x5`) against their own bytecode: every public function called
 * with the same arguments natively and as the reference module, results, `&mut` arguments
 * afterwards and aborts equal.
 */
const FIVE = `0x${'0'.repeat(63)}5` as LongAddress;
const ALICE = `0x${'a'.repeat(64)}`;
const str = (s: string): Value => [Array.from(Buffer.from(s))];
const some = (v: Value): Value => [[v]];
const none = (): Value => [[]];

function same(module: string, calls: Call[], timestampMicros?: bigint): unknown[] {
  const spec = {
    pkg: 'AptosTrading',
    module,
    address: FIVE,
    ...(timestampMicros && { timestampMicros }),
  };
  const native = answers(false, spec, calls);
  const oracle = answers(true, spec, calls);
  expect(native).toEqual(oracle);
  return native;
}

describe.skipIf(!referenceAvailable())('AptosTrading against its bytecode', () => {
  it('order_book_types', () => {
    const up: Value = [0, 7n];
    const down: Value = [1, 8n];
    const time: Value = [2, 9n];
    const got = same('order_book_types', [
      ['single_order_type', [], () => []],
      ['bulk_order_type', [], () => []],
      ['is_bulk_order_type', [], () => [ref([1])]],
      ['is_bulk_order_type', [], () => [ref([0])]],
      ['is_single_order_type', [], () => [ref([0])]],
      ['is_single_order_type', [], () => [ref([5])]],
      ['new_order_id_type', [], () => [123n]],
      ['new_account_client_order_id', [], () => [ALICE, str('c1')]],
      ['into_decreasing_idx_type', [], () => [ref([5n])]],
      ['get_order_id_value', [], () => [ref([77n])]],
      ['time_in_force_from_index', [], () => [0]],
      ['time_in_force_from_index', [], () => [1]],
      ['time_in_force_from_index', [], () => [2]],
      ['time_in_force_from_index', [], () => [3]],
      ['good_till_cancelled', [], () => []],
      ['post_only', [], () => []],
      ['immediate_or_cancel', [], () => []],
      ['new_time_based_trigger_condition', [], () => [9n]],
      ['price_move_up_condition', [], () => [7n]],
      ['price_move_down_condition', [], () => [8n]],
      ['get_trigger_condition_indices', [], () => [ref(up)]],
      ['get_trigger_condition_indices', [], () => [ref(down)]],
      ['get_trigger_condition_indices', [], () => [ref(time)]],
    ]);
    // The answers are not all alike (a broken harness would make both sides fail the same way).
    expect(got[13]).toMatch(/EINVALID_TIME_IN_FORCE|abort/);
    expect(got[8]).toEqual({ out: [[(1n << 128n) - 6n]], args: [[5n]] });
    expect(got[21]).toEqual({ out: [some(8n), none(), none()], args: [down] });
  });

  it('order_match_types', () => {
    const U64 = 'u64';
    const single = (): Value => [
      0,
      [1n],
      ALICE,
      some(str('c')),
      [5n],
      100n,
      10n,
      7n,
      true,
      [2],
      33n,
      99n,
    ];
    const single2 = (): Value => [0, [1n], ALICE, none(), [5n], 100n, 10n, 3n, true, [0], 34n, 98n];
    const bulk = (): Value => [1, [2n], ALICE, [6n], 200n, 4n, false, 12n, 44n, 55n];
    const bulk2 = (): Value => [1, [2n], ALICE, [6n], 200n, 1n, false, 12n, 45n, 56n];
    const active = (type: number): Value => [0, [3n], 4n, 5n, [type]];
    const getters = [
      'get_account_from_match_details',
      'get_order_id_from_match_details',
      'get_unique_priority_idx_from_match_details',
      'get_price_from_match_details',
      'get_orig_size_from_match_details',
      'get_remaining_size_from_match_details',
      'get_time_in_force_from_match_details',
      'get_metadata_from_match_details',
      'get_client_order_id_from_match_details',
      'is_bid_from_match_details',
      'get_book_type_from_match_details',
      'is_bulk_order_from_match_details',
      'is_single_order_from_match_details',
      'get_sequence_number_from_match_details',
      'get_creation_time_micros_from_match_details',
    ];
    const calls: Call[] = [
      ...getters.flatMap((name): Call[] => [
        [name, [U64], () => [ref(single())]],
        [name, [U64], () => [ref(bulk())]],
      ]),
      ['new_single_order_match_details', [U64], () => (single() as Value[]).slice(1)],
      ['new_bulk_order_match_details', [U64], () => (bulk() as Value[]).slice(1)],
      ['new_order_match', [U64], () => [bulk(), 3n]],
      ['get_matched_size', [U64], () => [ref([0, single(), 8n])]],
      ['destroy_order_match', [U64], () => [[0, single(), 8n]]],
      ['new_order_match_details_with_modified_size', [U64], () => [ref(single()), 1n]],
      ['new_order_match_details_with_modified_size', [U64], () => [ref(bulk()), 2n]],
      ['new_active_matched_order', [], () => [[3n], 4n, 5n, [1]]],
      ['destroy_active_matched_order', [], () => [active(1)]],
      ['is_active_matched_book_type_single_order', [], () => [ref(active(0))]],
      ['is_active_matched_book_type_single_order', [], () => [ref(active(1))]],
      ['destroy_single_order_match_details', [U64], () => [single()]],
      ['destroy_single_order_match_details', [U64], () => [bulk()]],
      ['validate_single_order_reinsertion_request', [U64], () => [ref(single()), ref(single2())]],
      ['validate_single_order_reinsertion_request', [U64], () => [ref(single()), ref(bulk())]],
      ['validate_bulk_order_reinsertion_request', [U64], () => [ref(bulk()), ref(bulk2())]],
      ['validate_bulk_order_reinsertion_request', [U64], () => [ref(bulk()), ref(single())]],
    ];
    const got = same('order_match_types', calls);

    // A field the variant lacks fails where the compiled code borrows it, as a node names it.
    const mismatch = (named: string) =>
      `STRUCT_VARIANT_MISMATCH in 0x5::order_match_types::${named} at 1`;
    const reinsert = 'Move abort in 0x5::order_match_types: E_REINSERT_ORDER_MISMATCH(0x8): ';
    expect(got.filter((g) => typeof g === 'string')).toEqual([
      mismatch('get_matched_size'),
      mismatch('get_orig_size_from_match_details'),
      mismatch('destroy_single_order_match_details'),
      reinsert,
      reinsert,
    ]);
  });

  it('single_order_types', () => {
    const U64 = 'u64';
    const request = (remaining = 7n): Value => [
      0,
      ALICE,
      [1n],
      some(str('c')),
      100n,
      10n,
      remaining,
      true,
      some([0, 5n]),
      [2],
      33n,
      99n,
    ];
    const order = (remaining?: bigint): Value => [0, request(remaining), [4n]];
    const state = (remaining?: bigint): Value => [0, order(remaining), true];
    const single: Value = [
      0,
      [1n],
      ALICE,
      some(str('c')),
      [5n],
      100n,
      10n,
      7n,
      true,
      [2],
      33n,
      99n,
    ];
    const bulk: Value = [1, [2n], ALICE, [6n], 200n, 4n, false, 12n, 44n, 55n];
    const onRequest = [
      'is_bid',
      'get_account',
      'get_creation_time_micros',
      'get_order_id',
      'get_client_order_id',
      'get_price',
      'get_remaining_size',
      'get_trigger_condition',
    ];
    const onState = [
      'get_metadata_from_state',
      'get_order_from_state',
      'get_order_from_state_mut',
      'get_remaining_size_from_state',
      'get_unique_priority_idx_from_state',
      'is_active_order',
    ];
    const MAX = (1n << 64n) - 1n;
    const got = same(
      'single_order_types',
      [
        ...onRequest.map((name): Call => [name, [U64], () => [ref(request())]]),
        ...onState.map((name): Call => [name, [U64], () => [ref(state())]]),
        ['get_order_request', [U64], () => [ref(order())]],
        ['get_order_request_mut', [U64], () => [ref(order())]],
        ['get_unique_priority_idx', [U64], () => [ref(order())]],
        ['decrease_remaining_size_from_state', [U64], () => [ref(state()), 3n]],
        ['decrease_remaining_size_from_state', [U64], () => [ref(state()), 7n]],
        ['increase_remaining_size_from_state', [U64], () => [ref(state()), 3n]],
        ['increase_remaining_size_from_state', [U64], () => [ref(state(MAX)), 1n]],
        ['set_remaining_size_from_state', [U64], () => [ref(state()), 42n]],
        ['set_metadata_in_state', [U64], () => [ref(state()), 5n]],
        ['destroy_order_from_state', [U64], () => [state()]],
        ['destroy_single_order', [U64], () => [order()]],
        ['destroy_single_order_request', [U64], () => [request()]],
        ['new_order_request_from_match_details', [U64], () => [single]],
        ['new_order_request_from_match_details', [U64], () => [bulk]],
        ['new_order_with_state', [U64], () => [order(), false]],
        ['new_single_order', [U64], () => [request(), [9n]]],
        [
          'new_single_order_request',
          [U64],
          () => [ALICE, [1n], none(), 100n, 10n, 7n, false, none(), [1], 99n],
        ],
      ],
      1_700_000_000_000_000n,
    );
    expect(got.filter((g) => typeof g === 'string')).toEqual([
      'Move abort in 0x5::single_order_types: EINVALID_ORDER_SIZE_DECREASE(0x1): ',
      'ARITHMETIC_ERROR in 0x5::single_order_types::increase_remaining_size_from_state at 8',
      'STRUCT_VARIANT_MISMATCH in 0x5::order_match_types::destroy_single_order_match_details at 1',
    ]);
    // new_single_order_request stamps the block's time.
    expect((got.at(-1) as { out: Value[][] }).out[0]?.[10]).toBe(1_700_000_000_000_000n);
  });

  it('bulk_order_types', () => {
    const U64 = 'u64';
    const MAX = (1n << 64n) - 1n;
    const request = (
      bidPrices = [10n, 9n],
      bidSizes = [3n, 4n],
      askPrices = [11n, 12n],
      askSizes = [5n, 6n, 7n],
    ): Value => [0, ALICE, 12n, bidPrices, bidSizes, askPrices, askSizes, 99n];
    const order = (r: Value = request()): Value => [0, r, [1n], [4n], 33n];
    const success = (): Value => [0, order(), [1n], [2n], [], [3n], some(4n)];
    const rejection = (): Value => [1, ALICE, 5n, 6n];
    const sides = [
      'get_active_price',
      'get_active_size',
      'get_all_prices',
      'get_all_prices_mut',
      'get_all_sizes',
      'get_all_sizes_mut',
      'get_prices_and_sizes_mut',
      'get_total_remaining_size',
    ];
    const got = same('bulk_order_types', [
      ...sides.flatMap((name): Call[] => [
        [name, [U64], () => [ref(request()), true]],
        [name, [U64], () => [ref(request()), false]],
      ]),
      ['get_active_price', [U64], () => [ref(request([], [])), true]],
      ['get_active_size', [U64], () => [ref(request([], [])), true]],
      ['get_total_remaining_size', [U64], () => [ref(request([1n], [MAX, 1n])), true]],
      ['get_total_remaining_size', [U64], () => [ref(request([], [], [1n], [1n, MAX])), false]],
      ['get_sequence_number', [U64], () => [ref(request())]],
      ['get_account', [U64], () => [ref(request())]],
      ['get_creation_time_micros', [U64], () => [ref(order())]],
      ['get_order_id', [U64], () => [ref(order())]],
      ['get_unique_priority_idx', [U64], () => [ref(order())]],
      ['get_order_request', [U64], () => [ref(order())]],
      ['get_order_request_mut', [U64], () => [ref(order())]],
      ['is_success_response', [U64], () => [ref(success())]],
      ['is_success_response', [U64], () => [ref(rejection())]],
      ['is_rejection_response', [U64], () => [ref(rejection())]],
      ['is_rejection_response', [U64], () => [ref(success())]],
      ['destroy_bulk_order_place_response_success', [U64], () => [success()]],
      ['destroy_bulk_order_place_response_success', [U64], () => [rejection()]],
      ['destroy_bulk_order_place_response_rejection', [U64], () => [rejection()]],
      ['destroy_bulk_order_place_response_rejection', [U64], () => [success()]],
      ['destroy_bulk_order', [U64], () => [order()]],
      ['destroy_bulk_order_request', [U64], () => [request()]],
      ['new_bulk_order', [U64], () => [request(), [1n], [4n], 33n]],
      ['new_bulk_order_request', [U64], () => [ALICE, 12n, [1n], [2n], [3n], [4n], 99n]],
      ['new_bulk_order_place_response_success', [U64], () => (success() as Value[]).slice(1)],
      ['new_bulk_order_place_response_rejection', [U64], () => [ALICE, 5n, 6n]],
      ['new_bulk_order_match', [U64], () => [ref(order()), true, 2n]],
      ['new_bulk_order_match', [U64], () => [ref(order()), false, 5n]],
      ['new_bulk_order_match', [U64], () => [ref(order()), true, 4n]],
      ['new_bulk_order_match', [U64], () => [ref(order()), false, 6n]],
      ['new_bulk_order_match', [U64], () => [ref(order(request([], []))), true, 0n]],
      ['new_bulk_order_match', [U64], () => [ref(order(request([1n], []))), true, 0n]],
      ['new_bulk_order_match', [U64], () => [ref(order(request([], [], [], []))), false, 0n]],
      ['new_bulk_order_match', [U64], () => [ref(order(request([], [], [1n], []))), false, 0n]],
      ['set_empty', [U64], () => [ref(order())]],
    ]);
    const site = (status: string, named: string, offset: number) =>
      `${status} in 0x5::bulk_order_types::${named} at ${offset}`;
    expect(got.filter((g) => typeof g === 'string')).toEqual([
      site('ARITHMETIC_ERROR', 'get_order_request_mut', 32),
      site('ARITHMETIC_ERROR', 'get_order_request_mut', 73),
      site('STRUCT_VARIANT_MISMATCH', 'destroy_bulk_order_place_response_success', 1),
      site('STRUCT_VARIANT_MISMATCH', 'destroy_bulk_order_place_response_rejection', 1),
      ...[17, 56].map((offset) => site('ARITHMETIC_ERROR', 'is_rejection_response', offset)),
      ...[8, 14, 47, 53].map((at) => site('VECTOR_OPERATION_ERROR', 'is_rejection_response', at)),
    ]);
  });
});
