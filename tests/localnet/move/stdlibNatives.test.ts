import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import { MoveAbort, VmStatusError } from '../../../localnet/framework/context.ts';
import { sipHash24 } from '../../../localnet/move/vm/stdlib/sipHash.ts';
import { bucketIndex } from '../../../localnet/move/vm/stdlib/smartTable.ts';
import { parseTy } from '../../../localnet/move/vm/ty.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { call, charged, ONE, session } from './nativeHarness.ts';
import { Ref, serialize } from '../../../localnet/move/vm/values.ts';

/**
 * `0x1::string_utils`, `0x1::smart_table` and `aptos_hash::sip_hash` natives, called directly:
 * SipHash against the reference implementation's vectors, string_utils against the strings of
 * the Move unit tests in `string_utils.move`, smart_table against `smart_table.move`'s tests.
 */

const bytes = (text: string): number[] => Array.from(Buffer.from(text, 'utf8'));
const str = (text: string): Value => [bytes(text)];
const text = (v: Value | undefined): string =>
  Buffer.from((v as Value[])[0] as number[]).toString('utf8');
const ref = (v: Value) => new Ref([v], 0);

function status(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof MoveAbort) return error.vmStatus;
    if (error instanceof VmStatusError) return error.status;
    throw error;
  }
  return 'ok';
}

describe('SipHash-2-4', () => {
  it('matches the reference implementation vectors (key 00..0f, message 00..n-1)', () => {
    const expected = [
      0x726fdb47dd0e0e31n,
      0x74f839c593dc67fdn,
      0x0d6c8009d9a94f5an,
      0x85676696d7fb7e2dn,
      0xcf2794e0277187b7n,
      0x18765564cd99a68dn,
      0xcbc9466e58fee3cen,
      0xab0200f58b01d137n,
      0x93f5f5799a932462n,
      0x9e0082df0ba9e4b0n,
      0x7a5dbbc594ddb9f3n,
      0xf4b32f46226bada7n,
      0x751e8fbc860ee5fbn,
      0x14ea5627c0843d90n,
      0xf723ca908e7af2een,
      0xa129ca6149be45e5n,
      0x3f2acc7f57c29bdbn,
    ];
    const k0 = 0x0706050403020100n;
    const k1 = 0x0f0e0d0c0b0a0908n;
    expected.forEach((want, n) => {
      const message = Uint8Array.from({ length: n }, (_, i) => i);
      expect(sipHash24(message, k0, k1)).toBe(want);
    });
    // Keys 0 and 0 (Rust's `SipHasher::new()`, what aptos_hash::sip_hash uses), empty input.
    expect(sipHash24(new Uint8Array(0))).toBe(0x1e924b9d737700d7n);
  });

  it('is aptos_hash::sip_hash and sip_hash_from_value (of the BCS bytes)', () => {
    const before = charged();
    const [direct] = call('aptos_hash::sip_hash', [[]]);
    expect(direct).toBe(0x1e924b9d737700d7n);
    const [fromValue] = call('aptos_hash::sip_hash_from_value', [ref(7n)], ['u64']);
    expect(fromValue).toBe(sipHash24(Uint8Array.of(7, 0, 0, 0, 0, 0, 0, 0)));
    expect(charged()).toBeGreaterThan(before);
  });
});

describe('0x1::string_utils', () => {
  it('prints the values of string_utils.move test_format', () => {
    expect(text(call('string_utils::to_string', [ref(1n)], ['u64'])[0])).toBe('1');
    expect(text(call('string_utils::to_string', [ref(false)], ['bool'])[0])).toBe('false');
    expect(text(call('string_utils::to_string', [ref(1n)], ['u256'])[0])).toBe('1');
    expect(text(call('string_utils::to_string', [ref([1n, 2n, 3n])], ['vector<u64>'])[0])).toBe(
      '[ 1, 2, 3 ]',
    );
    const [cons] = call('string_utils::cons', [str('My string'), 2n]);
    expect(
      text(
        call(
          'string_utils::to_string',
          [ref(cons as Value)],
          ['0x1::string_utils::Cons<0x1::string::String, u64>'],
        )[0],
      ),
    ).toBe('Cons { car: "My string", cdr: 2 }');
    expect(
      text(call('string_utils::to_string', [ref([[]])], ['0x1::option::Option<u64>'])[0]),
    ).toBe('None');
    expect(
      text(call('string_utils::to_string', [ref([[1n]])], ['0x1::option::Option<u64>'])[0]),
    ).toBe('Some(1)');
  });

  it('prints addresses short or canonical, signers, bytes, escapes and empty vectors', () => {
    const to = (tyName: string, v: Value, fn = 'to_string') =>
      text(call(`string_utils::${fn}`, [ref(v)], [tyName])[0]);
    expect(to('address', ONE)).toBe('@0x1');
    expect(to('address', ONE, 'to_string_with_canonical_addresses')).toBe(`@${ONE.slice(2)}`);
    expect(to('signer', ONE)).toBe('signer(@0x1)');
    expect(to('vector<u8>', [1, 2, 3])).toBe('0x010203');
    expect(to('vector<u64>', [])).toBe('[]');
    expect(to('0x1::string::String', str('a "q" \\ b'))).toBe('"a \\"q\\" \\\\ b"');
    // The framework's to_string_with_integer_types passes include_int_types = false.
    expect(to('u8', 6, 'to_string_with_integer_types')).toBe('6');
    expect(
      text(call('string_utils::native_format', [ref(6), false, false, true, true], ['u8'])[0]),
    ).toBe('6u8');
  });

  it('prints debug_string with the full type and one field a line', () => {
    const ty = '0x1::string_utils::Cons<u64, vector<0x1::string_utils::Cons<u8, bool>>>';
    const value: Value = [1n, [[2, true]]];
    expect(text(call('string_utils::debug_string', [ref(value)], [ty])[0])).toBe(
      [
        `${ty} {`,
        '  car: 1,',
        '  cdr: [',
        '    0x1::string_utils::Cons<u8, bool> {',
        '      car: 2,',
        '      cdr: true',
        '    }',
        '  ]',
        '}',
      ].join('\n'),
    );
  });

  it('formats lists as string_utils.move test_format_list and its brace tests', () => {
    const fmt = (f: string, tys: string[], values: Value[]) =>
      call(`string_utils::format${values.length}`, [ref(bytes(f)), ...values], tys);
    expect(
      text(
        fmt(
          'a = {} b = {} c = {}',
          ['u64', 'u64', '0x1::string::String'],
          [1n, 2n, str('My string')],
        )[0],
      ),
    ).toBe('a = 1 b = 2 c = "My string"');
    expect(text(fmt('{{a = {} b = {} c = {}}}', ['u64', 'u64', 'u64'], [1n, 2n, 3n])[0])).toBe(
      '{a = 1 b = 2 c = 3}',
    );
    const mismatch =
      'Move abort in 0x1::string_utils: EARGS_MISMATCH(0x1): The number of values in the list does not match the number of "{}" in the format string.';
    const invalid =
      'Move abort in 0x1::string_utils: EINVALID_FORMAT(0x2): The format string is not valid.';
    expect(
      status(() => fmt('a = {} b = {} c = {}', ['u64', 'u64', 'u64', 'u64'], [1n, 2n, 3n, 4n])),
    ).toBe(mismatch);
    expect(status(() => fmt('a = {} b = {} c = {}', ['u64', 'u64'], [1n, 2n]))).toBe(mismatch);
    expect(status(() => fmt('a = {} b = {} c = {', ['u64', 'u64', 'u64'], [1n, 2n, 3n]))).toBe(
      invalid,
    );
    expect(status(() => fmt('a = {} b = { c = {}', ['u64', 'u64', 'u64'], [1n, 2n, 3n]))).toBe(
      invalid,
    );
    expect(status(() => fmt('a = } b = {} c = {}', ['u64', 'u64', 'u64'], [1n, 2n, 3n]))).toBe(
      invalid,
    );
    // A list not ending in NIL (test_format_list_not_valid_nil).
    const list: Value = [1n, [2n, [3n, 4n]]];
    expect(
      status(() =>
        call(
          'string_utils::native_format_list',
          [ref(bytes('a = {} b = {} c = {}')), ref(list)],
          [
            '0x1::string_utils::Cons<u64, 0x1::string_utils::Cons<u64, 0x1::string_utils::Cons<u64, u64>>>',
          ],
        ),
      ),
    ).toBe(mismatch);
    // formatN prints structs with their type tag.
    expect(text(fmt('{}', ['0x1::string_utils::Cons<u8, address>'], [[1, ONE]])[0])).toBe(
      '0x1::string_utils::Cons<u8, address> { car: 1, cdr: @0x1 }',
    );
    expect(status(() => fmt('{}', ['vector<u8>'], [[0xff]]))).toBe('ok');
    expect(status(() => call('string_utils::format1', [ref([0xff]), 1n], ['u64']))).toBe(invalid);
  });

  it('refuses aggregator values (EUNABLE_TO_FORMAT_DELAYED_FIELD)', () => {
    expect(
      status(() =>
        call('string_utils::to_string', [ref([1n, 10n])], ['0x1::aggregator_v2::Aggregator<u64>']),
      ),
    ).toBe(
      'Move abort in 0x1::string_utils: EUNABLE_TO_FORMAT_DELAYED_FIELD(0x3): Formatting is not possible because the value contains delayed fields such as aggregators.',
    );
  });
});

describe('0x1::smart_table', () => {
  const K = ['u64', 'u64'];
  const st = (v: Value) => new Ref([v], 0);
  const fields = (v: Value) => v as Value[];

  it('splits like smart_table.move smart_table_split_test (levels, 257 buckets, load 99)', () => {
    const [table] = call('smart_table::new_with_config', [1n, 100, 1n], K);
    let level = 0;
    for (let i = 1n; i <= 256n; i += 1n) {
      expect(fields(table as Value)[1]).toBe(i);
      expect(fields(table as Value)[2]).toBe(level);
      call('smart_table::add', [st(table as Value), i, i], K);
      if (i + 1n === 1n << BigInt(level + 1)) level += 1;
    }
    for (let i = 1n; i <= 256n; i += 1n) {
      const [r] = call('smart_table::borrow', [st(table as Value), i], K);
      expect((r as Ref).c[(r as Ref).i]).toBe(i);
    }
    expect(fields(table as Value)[1]).toBe(257n);
    expect(call('smart_table::load_factor', [st(table as Value)], K)).toEqual([99n]);
    expect(call('smart_table::length', [st(table as Value)], K)).toEqual([256n]);
    // Every entry sits in the bucket its SipHash names, with that hash.
    const level8 = fields(table as Value)[2] as number;
    const handle = ((fields(table as Value)[0] as Value[])[0] as Value[])[0] as LongAddress;
    const entryTy = parseTy('vector<0x1::smart_table::Entry<u64, u64>>');
    for (let b = 0n; b < 257n; b += 1n) {
      const bucket = session.tableItem(handle, parseTy('u64'), entryTy, b).cell[0] as Value[][];
      for (const [hash, key] of bucket) {
        const want = sipHash24(serialize(parseTy('u64'), key as Value, session.layout));
        expect(hash).toBe(want);
        expect(bucketIndex(level8, 257n, want)).toBe(b);
      }
    }
    call('smart_table::destroy', [table as Value], K);
    expect(fields(table as Value)[1]).toBe(1n);
  });

  it('keeps entries through add, upsert, remove, clear and pages keys', () => {
    const [table] = call('smart_table::new', [], K);
    expect(fields(table as Value).slice(1)).toEqual([2n, 1, 0n, 75, 0n]);
    expect(status(() => call('smart_table::load_factor', [st(table as Value)], K))).toBe(
      'ARITHMETIC_ERROR',
    );
    for (let i = 0n; i < 200n; i += 1n) call('smart_table::add', [st(table as Value), i, i], K);
    // target_bucket_size = 1024 / size_of_val(Entry<u64, u64>) = 1024 / 24.
    expect(fields(table as Value)[5]).toBe(42n);
    expect(status(() => call('smart_table::add', [st(table as Value), 5n, 0n], K))).toBe(
      'Move abort in 0x1::smart_table: EALREADY_EXIST(0x10004): Key already exists',
    );
    call('smart_table::upsert', [st(table as Value), 5n, 55n], K);
    call('smart_table::upsert', [st(table as Value), 500n, 1n], K);
    expect(call('smart_table::length', [st(table as Value)], K)).toEqual([201n]);
    expect(call('smart_table::remove', [st(table as Value), 5n], K)).toEqual([55n]);
    expect(call('smart_table::contains', [st(table as Value), 5n], K)).toEqual([false]);
    expect(status(() => call('smart_table::remove', [st(table as Value), 5n], K))).toBe(
      'Move abort in 0x1::smart_table: ENOT_FOUND(0x10001): Key not found in the smart table',
    );
    const [dflt] = call('smart_table::borrow_with_default', [st(table as Value), 5n, ref(9n)], K);
    expect((dflt as Ref).c[(dflt as Ref).i]).toBe(9n);
    const [keys] = call('smart_table::keys', [st(table as Value)], K);
    expect((keys as bigint[]).length).toBe(200);
    expect(new Set(keys as bigint[]).size).toBe(200);
    // Pages of 30 cover the same keys in the same order.
    const paged: Value[] = [];
    let [b, v] = [0n, 0n];
    do {
      const [page, nb, nv] = call(
        'smart_table::keys_paginated',
        [st(table as Value), b, v, 30n],
        K,
      );
      paged.push(...(page as Value[]));
      [b, v] = [nb as bigint, nv as bigint];
    } while (paged.length < 200);
    expect(paged).toEqual(keys);
    expect(
      status(() => call('smart_table::keys_paginated', [st(table as Value), 9999n, 0n, 1n], K)),
    ).toBe('Move abort in 0x1::smart_table: EINVALID_BUCKET_INDEX(0x8): Invalid bucket index.');
    const [map] = call('smart_table::to_simple_map', [st(table as Value)], K);
    expect(((map as Value[])[0] as Value[]).length).toBe(200);
    expect(status(() => call('smart_table::destroy_empty', [table as Value], K))).toBe(
      'Move abort in 0x1::smart_table: ENOT_EMPTY(0x10003): Cannot destroy non-empty hashmap',
    );
    call('smart_table::clear', [st(table as Value)], K);
    expect(fields(table as Value).slice(1, 4)).toEqual([1n, 0, 0n]);
    expect((fields(table as Value)[0] as Value[])[1]).toBe(1n);
    call('smart_table::destroy_empty', [table as Value], K);
  });

  it('checks its configuration with the module abort codes', () => {
    expect(status(() => call('smart_table::new_with_config', [0n, 101, 0n], K))).toBe(
      'Move abort in 0x1::smart_table: EINVALID_LOAD_THRESHOLD_PERCENT(0x10005): Invalid load threshold percent to trigger split.',
    );
    const [table] = call('smart_table::new_with_config', [4n, 0, 0n], K);
    expect(fields(table as Value).slice(1, 3)).toEqual([4n, 2]);
    expect(
      status(() => call('smart_table::update_split_load_threshold', [st(table as Value), 0], K)),
    ).toContain('0x10005');
    expect(
      status(() => call('smart_table::update_target_bucket_size', [st(table as Value), 0n], K)),
    ).toContain('EINVALID_TARGET_BUCKET_SIZE(0x10006)');
    call('smart_table::update_target_bucket_size', [st(table as Value), 3n], K);
    expect(fields(table as Value)[5]).toBe(3n);
    expect(
      status(() => call('smart_table::add_all', [st(table as Value), [1n, 2n], [1n]], K)),
    ).toBe(
      'Move abort in 0x1::vector: EVECTORS_LENGTH_MISMATCH(0x20002): The length of the vectors are not equal.',
    );
    expect(call('smart_table::length', [st(table as Value)], K)).toEqual([0n]);
  });
});
