import { describe, expect, it } from 'vitest';
import { MoveAbort, VmStatusError } from '../../../localnet/framework/context.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import { call } from './nativeHarness.ts';

/**
 * MoveStdlib's result, bit_vector, acl and string::into_bytes natives, called directly, against
 * result.move, bit_vector.move and acl.move (values, and the abort codes a node names).
 */

const ref = (v: Value) => new Ref([v], 0);
const A = `0x${'0'.repeat(63)}a`;
const B = `0x${'0'.repeat(63)}b`;

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

describe('0x1::result', () => {
  const T = ['u64', 'bool'];
  const ok = () => call('result::pack$Result$Ok', [7n], T)[0] as Value;
  const err = () => call('result::pack$Result$Err', [true], T)[0] as Value;

  it('packs, tests and unwraps both variants', () => {
    expect(ok()).toEqual([0, 7n]);
    expect(err()).toEqual([1, true]);
    expect(call('result::is_ok', [ref(ok())], T)).toEqual([true]);
    expect(call('result::is_err', [ref(ok())], T)).toEqual([false]);
    expect(call('result::test_variant$Result$Err', [ref(err())], T)).toEqual([true]);
    expect(call('result::test_variant$Result$Ok', [ref(err())], T)).toEqual([false]);
    expect(call('result::unwrap', [ok()], T)).toEqual([7n]);
    expect(call('result::unwrap_err', [err()], T)).toEqual([true]);
    expect(call('result::unpack$Result$Ok', [ok()], T)).toEqual([7n]);
  });

  it('aborts as result.move does on the other variant', () => {
    expect(status(() => call('result::unwrap', [err()], T))).toBe(
      'Move abort in 0x1::result: E_UNWRAP_OK(0x10000): Attempt to unwrap value but found error',
    );
    expect(status(() => call('result::unwrap_err', [ok()], T))).toMatch(
      /^Move abort in 0x1::result: E_UNWRAP_ERR\(0x10001\)/,
    );
    expect(status(() => call('result::unpack$Result$Err', [ok()], T))).toBe(
      'STRUCT_VARIANT_MISMATCH',
    );
    expect(status(() => call('result::borrow$Result$0$0', [ref(err())], T))).toBe(
      'STRUCT_VARIANT_MISMATCH',
    );
  });

  it('borrow_mut changes the value in place', () => {
    const r = ok();
    const [field] = call('result::borrow_mut$Result$0$0', [ref(r)], T) as [Ref];
    field.c[field.i] = 9n;
    expect(r).toEqual([0, 9n]);
    expect(call('result::borrow$Result$0$1', [ref(err())], T)[0]).toBeInstanceOf(Ref);
  });
});

describe('0x1::bit_vector', () => {
  const bv = (n: bigint) => call('bit_vector::new', [n])[0] as Value[];

  it('new checks 0 < length < 1024', () => {
    expect(bv(3n)).toEqual([3n, [false, false, false]]);
    for (const n of [0n, 1024n]) {
      expect(status(() => bv(n))).toBe(
        'Move abort in 0x1::bit_vector: ELENGTH(0x20001): An invalid length of bitvector was given',
      );
    }
  });

  it('set, unset, is_index_set, length and the EINDEX bound', () => {
    const v = bv(4n);
    call('bit_vector::set', [ref(v), 1n]);
    call('bit_vector::set', [ref(v), 2n]);
    call('bit_vector::unset', [ref(v), 2n]);
    expect(call('bit_vector::is_index_set', [ref(v), 1n])).toEqual([true]);
    expect(call('bit_vector::is_index_set', [ref(v), 2n])).toEqual([false]);
    expect(call('bit_vector::length', [ref(v)])).toEqual([4n]);
    expect(status(() => call('bit_vector::set', [ref(v), 4n]))).toMatch(/EINDEX\(0x20000\)/);
  });

  it('shift_left and longest_set_sequence_starting_at follow the Move loops', () => {
    const v = bv(6n);
    for (const i of [1n, 2n, 3n, 5n]) call('bit_vector::set', [ref(v), i]);
    expect(call('bit_vector::longest_set_sequence_starting_at', [ref(v), 1n])).toEqual([3n]);
    expect(call('bit_vector::longest_set_sequence_starting_at', [ref(v), 0n])).toEqual([0n]);
    call('bit_vector::shift_left', [ref(v), 1n]);
    expect(v[1]).toEqual([true, true, true, false, true, false]);
    call('bit_vector::shift_left', [ref(v), 6n]);
    expect(v[1]).toEqual([false, false, false, false, false, false]);
    expect(
      status(() => call('bit_vector::longest_set_sequence_starting_at', [ref(v), 6n])),
    ).toMatch(/EINDEX/);
  });
});

describe('0x1::acl and string::into_bytes', () => {
  it('adds, checks and removes members with acl.move’s aborts', () => {
    const acl = call('acl::empty', [])[0] as Value[];
    call('acl::add', [ref(acl), A]);
    call('acl::add', [ref(acl), B]);
    expect(status(() => call('acl::add', [ref(acl), A]))).toBe(
      'Move abort in 0x1::acl: ECONTAIN(0x10000): The ACL already contains the address.',
    );
    expect(call('acl::contains', [ref(acl), B])).toEqual([true]);
    call('acl::remove', [ref(acl), A]);
    expect(acl).toEqual([[B]]);
    expect(status(() => call('acl::remove', [ref(acl), A]))).toMatch(/ENOT_CONTAIN\(0x10001\)/);
    expect(status(() => call('acl::assert_contains', [ref(acl), A]))).toMatch(/ENOT_CONTAIN/);
    expect(status(() => call('acl::assert_contains', [ref(acl), B]))).toBe('ok');
  });

  it('into_bytes returns the string’s bytes', () => {
    expect(call('string::into_bytes', [[[104, 105]]])).toEqual([[104, 105]]);
  });
});

describe('0x1::reflect', () => {
  it('error_code is the ReflectionError variant’s index, as reflect.move matches it', () => {
    for (let variant = 0; variant < 5; variant += 1) {
      expect(call('reflect::error_code', [[variant]])).toEqual([BigInt(variant)]);
    }
  });
});
