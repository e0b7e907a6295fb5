import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import { MoveAbort, VmStatusError } from '../../../localnet/framework/context.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { call, charged, ONE } from './nativeHarness.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';

const ME = `0x${'cd'.repeat(32)}` as LongAddress;

const bytes = (text: string): Value[] => Array.from(Buffer.from(text, 'utf8'));
const str = (text: string): Value => [bytes(text)];

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

describe('Move VM natives', () => {
  it('hashes with sha2_256 and sha3_256 and charges per byte', () => {
    const before = charged();
    const [sha2] = call('hash::sha2_256', [bytes('abc')]);
    const [sha3] = call('hash::sha3_256', [bytes('abc')]);
    expect(Buffer.from(sha2 as number[]).toString('hex')).toBe(
      createHash('sha256').update('abc').digest('hex'),
    );
    expect(Buffer.from(sha3 as number[]).toString('hex')).toBe(
      createHash('sha3-256').update('abc').digest('hex'),
    );
    expect(charged()).toBeGreaterThan(before);
  });

  it('hashes with aptos_hash::keccak256 (Keccak, not SHA3 padding) and charges per byte', () => {
    const before = charged();
    const [empty] = call('aptos_hash::keccak256', [[]]);
    const [abc] = call('aptos_hash::keccak256', [bytes('abc')]);
    // The published Keccak-256 test vectors (as Ethereum uses them).
    expect(Buffer.from(empty as number[]).toString('hex')).toBe(
      'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    );
    expect(Buffer.from(abc as number[]).toString('hex')).toBe(
      '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
    );
    expect(charged()).toBeGreaterThan(before);
  });

  it('serializes with bcs::to_bytes and reads back with from_bcs', () => {
    const [encoded] = call('bcs::to_bytes', [new Ref([300n], 0)], ['u64']);
    expect(encoded).toEqual([44, 1, 0, 0, 0, 0, 0, 0]);
    expect(call('from_bcs::to_u64', [encoded as Value])).toEqual([300n]);
    expect(status(() => call('from_bcs::to_u64', [[1, 2]]))).toBe(
      'Move abort in 0x1::from_bcs: EINVALID_UTF8(0x10001): UTF8 check failed in conversion from bytes to string',
    );
    const [s] = call('bcs::to_bytes', [new Ref([str('hé')], 0)], ['0x1::string::String']);
    expect(s).toEqual([3, 0x68, 0xc3, 0xa9]);
  });

  it('checks UTF-8 and char boundaries in std::string', () => {
    expect(status(() => call('string::utf8', [[0xff]]))).toBe(
      'Move abort in 0x1::string: EINVALID_UTF8(0x1): An invalid UTF8 encoding.',
    );
    const text = str('héllo');
    expect(call('string::sub_string', [new Ref([text], 0), 0n, 1n])).toEqual([str('h')]);
    expect(status(() => call('string::sub_string', [new Ref([text], 0), 0n, 2n]))).toBe(
      'Move abort in 0x1::string: EINVALID_INDEX(0x2): Index out of range.',
    );
    expect(call('string::index_of', [new Ref([text], 0), new Ref([str('llo')], 0)])).toEqual([3n]);
    expect(call('string::index_of', [new Ref([text], 0), new Ref([str('xyz')], 0)])).toEqual([6n]);
  });

  it('follows std::vector and std::option', () => {
    const v: Value[] = [1n, 2n, 3n];
    expect(call('vector::remove', [new Ref([v], 0), 1n])).toEqual([2n]);
    expect(v).toEqual([1n, 3n]);
    expect(status(() => call('vector::remove', [new Ref([v], 0), 5n]))).toBe(
      'Move abort in 0x1::vector: EINDEX_OUT_OF_BOUNDS(0x20000): The index into the vector is out of bounds',
    );
    expect(call('vector::index_of', [new Ref([v], 0), new Ref([3n], 0)])).toEqual([true, 1n]);
    const none: Value = [[]];
    expect(status(() => call('option::extract', [new Ref([none], 0)]))).toBe(
      'Move abort in 0x1::option: EOPTION_NOT_SET(0x40001): The `Option` is in an invalid state for the operation attempted.\nThe `Option` is `None` while it should be `Some`.',
    );
    expect(call('option::get_with_default', [new Ref([[[7n]]], 0), 0n])).toEqual([7n]);
  });

  it('names types with type_info and type_name, addresses short', () => {
    const [name] = call(
      'type_info::type_name',
      [],
      [`${ME}::m::S<u8, vector<0x1::string::String>>`],
    );
    expect(Buffer.from((name as Value[])[0] as number[]).toString()).toBe(
      `${ME}::m::S<u8, vector<0x1::string::String>>`,
    );
    const [info] = call('type_info::type_of', [], ['0x1::aptos_coin::AptosCoin']);
    expect(info).toEqual([ONE, bytes('aptos_coin'), bytes('AptosCoin')]);
    expect(status(() => call('type_info::type_of', [], ['u64']))).toBe(
      'Move abort in 0x1::type_info: E_NATIVE_FUN_NOT_AVAILABLE(0x10001): ',
    );
  });

  it('keeps a SimpleMap and computes math64', () => {
    const map: Value = [[]];
    call('simple_map::add', [new Ref([map], 0), 1n, 10n]);
    expect(status(() => call('simple_map::add', [new Ref([map], 0), 1n, 11n]))).toBe(
      'Move abort in 0x1::simple_map: EKEY_ALREADY_EXISTS(0x10001): Map key already exists',
    );
    const [ref] = call('simple_map::borrow', [new Ref([map], 0), new Ref([1n], 0)]);
    expect((ref as Ref).c[(ref as Ref).i]).toBe(10n);
    expect(call('math64::pow', [2n, 10n])).toEqual([1024n]);
    expect(status(() => call('math64::pow', [2n, 64n]))).toBe('ARITHMETIC_ERROR');
    expect(call('math64::sqrt', [99n])).toEqual([9n]);
  });

  it('builds error codes and resource account addresses', () => {
    expect(call('error::not_found', [1n])).toEqual([0x60001n]);
    const [address] = call('account::create_resource_address', [new Ref([ME], 0), bytes('seed')]);
    const expected = createHash('sha3-256')
      .update(
        Buffer.concat([Buffer.from(ME.slice(2), 'hex'), Buffer.from('seed'), Buffer.of(0xff)]),
      )
      .digest('hex');
    expect(address).toBe(`0x${expected}`);
  });
});
