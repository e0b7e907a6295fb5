import { describe, expect, it } from 'vitest';
import { MoveAbort, VmStatusError } from '../../../localnet/framework/context.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import type { Op } from './frameworkOracle.ts';
import { runOn } from './frameworkOracle.ts';
import { FRAMEWORK_LINK } from '../../../localnet/framework/vmBridge.ts';
import { VmSession } from '../../../localnet/move/vm/session.ts';
import { FEATURES_TYPE, GENESIS_FEATURES } from '../../../localnet/move/vm/stdlib/features.ts';
import type { Ty } from '../../../localnet/move/vm/ty.ts';
import { T } from '../../../localnet/move/vm/ty.ts';
import { resourceKey } from '../../../localnet/storage/types.ts';
import { call, host, native, ONE } from './nativeHarness.ts';

/**
 * bcs_stream, math_fixed, math_fixed64, aptos_hash's Move wrappers, debug and secp256r1: the
 * natives against the framework's own bytecode (frameworkOracle.ts) where it runs here, else
 * against known values.
 */
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

function compare(spec: Parameters<typeof runOn>[1], create: [string, Value[]], ops: Op[]) {
  const native = runOn(false, spec, create, ops);
  const oracle = runOn(true, spec, create, ops);
  expect(native.results).toEqual(oracle.results);
  expect(native.bytes).toBe(oracle.bytes);
  return native.results;
}

const STREAM = {
  pkg: 'AptosStdlib',
  module: 'bcs_stream',
  tys: [],
  type: 'M::bcs_stream::BCSStream',
};
const reads = (names: string[]): Op[] => names.map((name): Op => [name, (s) => [s]]);

describe('bcs_stream against the framework bytecode', () => {
  it('reads integers, bools, an address and strings in order', () => {
    const data = [
      0x2a,
      1,
      0,
      0x34,
      0x12,
      0x78,
      0x56,
      0x34,
      0x12,
      ...Array.from({ length: 8 }, (_, i) => i + 1),
      ...Array.from({ length: 16 }, (_, i) => 0xf0 - i),
      ...Array.from({ length: 32 }, (_, i) => i),
      0xac,
      0x02,
      ...Array.from({ length: 32 }, (_, i) => 0xff - i),
      3,
      0x61,
      0x62,
      0x63,
      2,
    ];
    const results = compare(
      STREAM,
      ['new', [data]],
      [
        ...reads(['deserialize_u8', 'deserialize_bool', 'deserialize_bool', 'deserialize_u16']),
        ...reads(['deserialize_u32', 'deserialize_u64', 'deserialize_u128', 'deserialize_u256']),
        ...reads(['deserialize_uleb128', 'deserialize_address', 'has_remaining']),
        ...reads(['deserialize_string', 'deserialize_bool', 'has_remaining', 'deserialize_u8']),
      ],
    );
    expect(results[0]).toEqual([0x2a]);
    expect(results[8]).toEqual([300n]);
    expect(results.at(-3)).toMatch(/EMALFORMED_DATA\(0x10001\)/);
    // The failed read leaves the cursor where it was.
    expect(results.at(-1)).toEqual([2]);
  });

  it('refuses malformed ULEB128 and short data as the Move code does', () => {
    for (const data of [
      [0x80, 0x00],
      [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f],
      [0x80],
      [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01],
    ]) {
      compare(STREAM, ['new', [data]], reads(['deserialize_uleb128', 'has_remaining']));
    }
    compare(
      STREAM,
      ['new', [[1, 2, 3]]],
      reads(['deserialize_u32', 'deserialize_u16', 'deserialize_u64']),
    );
    compare(STREAM, ['new', [[2, 0xff, 0xfe]]], reads(['deserialize_string']));
  });

  it('deserialize_u256_entry checks the cursor', () => {
    const bytes = Array.from({ length: 33 }, () => 7);
    expect(call('bcs_stream::deserialize_u256_entry', [bytes, 1n])).toEqual([]);
    expect(status(() => call('bcs_stream::deserialize_u256_entry', [bytes, 2n]))).toMatch(
      /EOUT_OF_BYTES/,
    );
    expect(
      status(() => call('bcs_stream::deserialize_u256_entry', [bytes, (1n << 64n) - 1n])),
    ).toBe('ARITHMETIC_ERROR');
  });
});

describe('math_fixed and math_fixed64 against the framework bytecode', () => {
  const one32 = 1n << 32n;
  const one64 = 1n << 64n;
  /** Each call as an op of its own (the "collection" is the first call's result). */
  const calls = (list: Array<[string, Value[]]>): Op[] =>
    list.map(([name, args]): Op => [name, () => args]);
  const fp = (raw: bigint): Value => [raw];

  it('math_fixed: sqrt, exp, pow, logs and mul_div, with their aborts', () => {
    const spec = {
      pkg: 'AptosStdlib',
      module: 'math_fixed',
      tys: [],
      type: '0x1::fixed_point32::FixedPoint32',
    };
    const results = compare(
      spec,
      ['sqrt', [fp(one32)]],
      calls([
        ['sqrt', [fp(2n * one32)]],
        ['sqrt', [fp(0n)]],
        ['sqrt', [fp((1n << 64n) - 1n)]],
        ['exp', [fp(0n)]],
        ['exp', [fp(one32)]],
        ['exp', [fp(10n * one32)]],
        ['exp', [fp(31n * 2977044472n + 12345n)]],
        ['exp', [fp(32n * 2977044472n)]],
        ['pow', [fp(4295562865n), 4999n]],
        ['pow', [fp(3n * one32), 7n]],
        ['pow', [fp(2n * one32), 40n]],
        ['log2_plus_32', [fp(one32)]],
        ['log2_plus_32', [fp(12345678n)]],
        ['log2_plus_32', [fp(0n)]],
        ['ln_plus_32ln2', [fp(3n * one32)]],
        ['mul_div', [fp(6n), fp(4n), fp(3n)]],
        ['mul_div', [fp(1n), fp(1n), fp(0n)]],
        ['mul_div', [fp(1n << 63n), fp(4n), fp(1n)]],
      ]),
    );
    expect(results[0]).toEqual([[6074000999n]]);
    expect(results[3]).toEqual([[one32]]);
    expect(results[7]).toMatch(/^Move abort in 0x1::math_fixed: EOVERFLOW_EXP\(0x30001\)/);
    expect(results[10]).toBe('ARITHMETIC_ERROR');
    expect(results[11]).toEqual([[32n << 32n]]);
    expect(results[13]).toMatch(/^Move abort in 0x1::math128: EINVALID_ARG_FLOOR_LOG2/);
    expect(results[16]).toBe('Move abort in 0x1::math_fixed: 0x10004');
  });

  it('math_fixed64: the same in u256 arithmetic', () => {
    const spec = {
      pkg: 'AptosStdlib',
      module: 'math_fixed64',
      tys: [],
      type: '0x1::fixed_point64::FixedPoint64',
    };
    const results = compare(
      spec,
      ['sqrt', [fp(one64)]],
      calls([
        ['sqrt', [fp(2n * one64)]],
        ['sqrt', [fp(0n)]],
        ['sqrt', [fp((1n << 128n) - 1n)]],
        ['exp', [fp(0n)]],
        ['exp', [fp(one64)]],
        ['exp', [fp(10n * one64)]],
        ['exp', [fp(63n * 12786308645202655660n + 999n)]],
        ['exp', [fp(64n * 12786308645202655660n)]],
        ['pow', [fp(18468802611690918839n), 580n]],
        ['pow', [fp(3n * one64), 7n]],
        ['pow', [fp(2n * one64), 200n]],
        ['log2_plus_64', [fp(one64)]],
        ['log2_plus_64', [fp(0n)]],
        ['ln_plus_32ln2', [fp(5n * one64)]],
        ['mul_div', [fp(6n), fp(4n), fp(3n)]],
        ['mul_div', [fp(1n), fp(1n), fp(0n)]],
      ]),
    );
    expect(results[3]).toEqual([[one64]]);
    expect(results[7]).toMatch(/EOVERFLOW_EXP\(0x30001\)/);
    expect(results[11]).toEqual([[64n << 64n]]);
  });
});

describe('aptos_hash wrappers, debug and secp256r1', () => {
  it('blake2b_256 and sha2_512_value, behind their features', () => {
    const genesis = new VmSession(
      {
        signers: [],
        timestampMicros: 0n,
        chainId: 4,
        get: (key) =>
          key === resourceKey(ONE, FEATURES_TYPE)
            ? {
                kind: 'resource',
                address: ONE,
                type: FEATURES_TYPE,
                data: { features: GENESIS_FEATURES },
              }
            : null,
        write: () => undefined,
        emit: () => undefined,
        charge: () => undefined,
      },
      { module: () => null },
      new Uint8Array(32),
      FRAMEWORK_LINK,
    );
    const on = { ...host, session: genesis, layout: genesis.layout.bind(genesis) };
    const run = (id: string, args: Value[], tys: Ty[] = []) => native(id)(on, tys, args);
    const [digest] = run('aptos_hash::blake2b_256', [[]]) as [number[]];
    expect(Buffer.from(digest).toString('hex')).toBe(
      '0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8',
    );
    const [value] = run('aptos_hash::sha2_512_value', [ref(1n)], [T.u64]) as [number[]];
    const [bytes] = run('aptos_hash::sha2_512', [[1, 0, 0, 0, 0, 0, 0, 0]]) as [number[]];
    expect(value).toEqual(bytes);
    // No Features resource: every flag is off.
    expect(status(() => call('aptos_hash::blake2b_256', [[]]))).toMatch(
      /^Move abort in 0x1::aptos_hash: E_NATIVE_FUN_NOT_AVAILABLE\(0x30001\)/,
    );
  });

  it('debug prints nothing; secp256r1 keys are 64 bytes', () => {
    expect(call('debug::print', [ref(5n)], ['u64'])).toEqual([]);
    expect(call('debug::print_stack_trace', [])).toEqual([]);
    const key = Array.from({ length: 64 }, (_, i) => i);
    const [pk] = call('secp256r1::ecdsa_raw_public_key_from_64_bytes', [key]);
    expect(call('secp256r1::ecdsa_raw_public_key_to_bytes', [ref(pk as Value)])).toEqual([key]);
    expect(status(() => call('secp256r1::ecdsa_raw_public_key_from_64_bytes', [[1]]))).toMatch(
      /^Move abort in 0x1::secp256r1: E_DESERIALIZE\(0x10001\)/,
    );
  });
});
