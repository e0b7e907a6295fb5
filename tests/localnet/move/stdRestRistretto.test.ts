import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RistrettoPoint } from '@noble/curves/ed25519';
import { describe, expect, it } from 'vitest';
import { MoveAbort, VmStatusError } from '../../../localnet/framework/context.ts';
import { FRAMEWORK_LINK } from '../../../localnet/framework/vmBridge.ts';
import type { NativeHost } from '../../../localnet/move/vm/loader.ts';
import { VmSession } from '../../../localnet/move/vm/session.ts';
import { FEATURES_TYPE, GENESIS_FEATURES } from '../../../localnet/move/vm/stdlib/features.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import { resourceKey } from '../../../localnet/storage/types.ts';
import type { Op } from './frameworkOracle.ts';
import { runOn } from './frameworkOracle.ts';
import { host as harness, native, ONE } from './nativeHarness.ts';

/**
 * ristretto255 natives against the test vectors of ristretto255.move's unit tests, and
 * ristretto255_pedersen / ristretto255_elgamal against their own bytecode run over those natives
 * (frameworkOracle.ts: the same results, aborts and point handles).
 */
const hex = (text: string): number[] => Array.from(Buffer.from(text, 'hex'));
const ref = (v: Value) => new Ref([v], 0);
const A_SCALAR = hex('1a0e978a90f6622d3747023f8ad8264da758aa1b88e040d1589e7b7f2376ef09');
const B_SCALAR = hex('dbfd97afd38a06f0138d0527efb28ead5b7109b486465913bf3aa472a8ed4e0d');
const A_POINT = hex('e87feda199d72b83de4f5b2d45d34805c57019c6c59c42cb70ee3d19aa996f75');
const B_POINT = hex('fa0b3624b081c62f364d0b2839dcc76d7c3ab0e27e31beb2b9ed766575f28e76');
const BASE = hex('e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76');

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

/** A host on a fresh session whose state has genesis's feature flags (BULLETPROOFS on). */
function genesisHost(): NativeHost {
  const session = new VmSession(
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
  return { ...harness, session, layout: session.layout.bind(session) };
}

describe('0x1::ristretto255', () => {
  const on = genesisHost();
  const R = (name: string, ...args: Value[]): Value[] =>
    native(`ristretto255::${name}`)(on, [], args);
  const bytesOf = (point: Value): string =>
    Buffer.from((R('point_compress', ref(point))[0] as Value[])[0] as number[]).toString('hex');
  const point = (bytes: number[]): Value =>
    ((R('new_point_from_bytes', bytes)[0] as Value[])[0] as Value[])[0] as Value;

  it('hashes to points as dalek does (basepoint_H, sha2_512, 64 uniform bytes)', () => {
    const h = RistrettoPoint.hashToCurve(
      createHash('sha3-512').update(Uint8Array.from(BASE)).digest(),
    );
    expect(Buffer.from(h.toBytes()).toString('hex')).toBe(
      Buffer.from((R('basepoint_H_compressed')[0] as Value[])[0] as number[]).toString('hex'),
    );
    const msg = Array.from(
      Buffer.from('To really appreciate architecture, you may even need to commit a murder'),
    );
    expect(bytesOf(R('new_point_from_sha2_512', msg)[0] as Value)).toBe(
      'baaa91eb43e5e2f12ffc96347e14bc458fdb1772b2232b08977ee61ea9f84e31',
    );
    const uniform = hex(
      'baaa91eb43e5e2f12ffc96347e14bc458fdb1772b2232b08977ee61ea9f84e31e87feda199d72b83de4f5b2d45d34805c57019c6c59c42cb70ee3d19aa996f75',
    );
    const [p] = R('new_point_from_64_uniform_bytes', uniform) as [Value[]];
    expect(bytesOf((p[0] as Value[])[0] as Value)).toBe(
      '4a8e429f906478654232d7ae180ad60854754944ac67f38e20d8fa79e4b7d71e',
    );
    expect(R('new_point_from_64_uniform_bytes', [1])).toEqual([[[]]]);
  });

  it('adds, multiplies and double-multiplies points to the unit tests’ values', () => {
    const a = [A_SCALAR];
    const b = [B_SCALAR];
    expect(bytesOf(R('basepoint_mul', ref(a))[0] as Value)).toBe(
      '96d52d9262ee1e1aae79fbaee8c1d9068b0d01bf9a4579e618090c3d1088ae10',
    );
    expect(bytesOf(R('point_add', ref(point(A_POINT)), ref(point(B_POINT)))[0] as Value)).toBe(
      '70cf3753475b9ff33e2f84413ed6b5052073bccc0a0a81789d3e5675dc258056',
    );
    expect(
      bytesOf(R('basepoint_double_mul', ref(a), ref(point(A_POINT)), ref(b))[0] as Value),
    ).toBe('be5d615d8b8f996723cdc6e1895b8b6d312cc75d1ffb0259873b99396a38c05a');
    const double = R(
      'double_scalar_mul',
      ref(a),
      ref(point(A_POINT)),
      ref(b),
      ref(R('basepoint')[0] as Value),
    );
    expect(bytesOf(double[0] as Value)).toBe(
      'be5d615d8b8f996723cdc6e1895b8b6d312cc75d1ffb0259873b99396a38c05a',
    );
    const scalars = ['1', '2', '3', '4', '5'].map(
      (t) => R('new_scalar_from_sha2_512', [t.charCodeAt(0)])[0] as Value,
    );
    const points = ['1', '2', '3', '4', '5'].map(
      (t) => R('new_point_from_sha2_512', [t.charCodeAt(0)])[0] as Value,
    );
    expect(bytesOf(R('multi_scalar_mul', ref(points), ref(scalars))[0] as Value)).toBe(
      'c4a98fbe6bd0f315a0c150858aec8508be397443093e955ef982e299c1318928',
    );
    expect(status(() => R('multi_scalar_mul', ref([]), ref(scalars)))).toMatch(
      /E_ZERO_POINTS\(0x10002\)/,
    );
    expect(status(() => R('multi_scalar_mul', ref(points), ref(scalars.slice(1))))).toMatch(
      /E_DIFFERENT_NUM_POINTS_AND_SCALARS\(0x10001\)/,
    );
  });

  it('keeps points behind handles: _assign in place, new ones numbered in order', () => {
    const p = point(A_POINT) as bigint[];
    const q = point(B_POINT) as bigint[];
    expect(q[0]).toBe((p[0] as bigint) + 1n);
    const out = R('point_add_assign', ref(p), ref(q))[0] as Ref;
    expect(out).toBeInstanceOf(Ref);
    expect(p[0]).toBe((q[0] as bigint) - 1n);
    expect(bytesOf(p)).toBe('70cf3753475b9ff33e2f84413ed6b5052073bccc0a0a81789d3e5675dc258056');
    const n = R('point_neg', ref(q))[0] as bigint[];
    expect(n[0]).toBe((q[0] as bigint) + 1n);
    expect(
      R('point_equals', ref(R('point_sub', ref(p), ref(n))[0] as Value), ref(point(A_POINT))),
    ).toEqual([false]);
    expect(R('new_point_from_bytes', hex('ff'.repeat(32)))).toEqual([[[]]]);
    expect(status(() => R('new_point_and_compressed_from_bytes', hex('ff'.repeat(32))))).toMatch(
      /E_NON_CANONICAL_ENCODING\(0x10006\)/,
    );
    // Without the BULLETPROOFS feature (the harness's empty state) point_clone aborts.
    expect(status(() => native('ristretto255::point_clone')(harness, [], [ref(p)]))).toMatch(
      /E_NATIVE_FUN_NOT_AVAILABLE\(0x30005\)/,
    );
  });

  it('does scalar arithmetic modulo ℓ', () => {
    const s = (bytes: number[]): Value => [bytes];
    const hexOf = (v: Value) => Buffer.from((v as Value[])[0] as number[]).toString('hex');
    expect(hexOf(R('scalar_mul', ref(s(A_SCALAR)), ref(s(B_SCALAR)))[0] as Value)).toBe(
      '2ab50e383d7c210f74d5387330735f18315112d10dfb98fcce1e2620c0c01402',
    );
    expect(hexOf(R('scalar_add', ref(s(A_SCALAR)), ref(s(B_SCALAR)))[0] as Value)).toBe(
      '083839dd491e57c5743710c39a91d6e502cab3cf0e279ae417d91ff2cb633e07',
    );
    const x = hex('4e5ab4345d4708845913b4641bc27d5252a585101bcc4244d449f4a879d9f204');
    const [inv] = R('scalar_invert', ref(s(x))) as [Value[]];
    expect(hexOf((inv[0] as Value[])[0] as Value)).toBe(
      '1cdc17fce0e9a5bbd9247e56bb016347bbba31edd5a9bb96d50bcd7a3f962a0f',
    );
    expect(R('scalar_invert', ref(R('scalar_zero')[0] as Value))).toEqual([[[]]]);
    expect(
      hexOf(
        (
          (R('new_scalar_reduced_from_32_bytes', hex('ff'.repeat(32)))[0] as Value[])[0] as Value[]
        )[0] as Value,
      ),
    ).toBe('1c95988d7431ecd670cf7d73f45befc6feffffffffffffffffffffffffffff0f');
    expect(
      R(
        'new_scalar_from_bytes',
        hex('eed3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010'),
      ),
    ).toEqual([[[]]]);
    const a = s([...A_SCALAR]);
    R('scalar_sub_assign', ref(a), ref(s(A_SCALAR)));
    expect(R('scalar_is_zero', ref(a))).toEqual([true]);
    R('scalar_neg_assign', ref(a));
    expect(R('scalar_is_zero', ref(a))).toEqual([true]);
    expect(hexOf(R('new_scalar_from_u64', 258n)[0] as Value)).toBe(`0201${'00'.repeat(30)}`);
    expect(R('scalar_is_one', ref(R('new_scalar_from_u8', 1)[0] as Value))).toEqual([true]);
  });
});

describe('pedersen and elgamal against their bytecode over the ristretto255 natives', () => {
  const calls = (list: Array<[string, Value[]]>): Op[] =>
    list.map(([name, args]): Op => [name, () => args]);
  const scalar = (n: number): Value => ref([[n, ...Array.from({ length: 31 }, () => 0)]]);

  it('ristretto255_pedersen', () => {
    const spec = {
      pkg: 'AptosStdlib',
      module: 'ristretto255_pedersen',
      tys: [],
      type: 'M::ristretto255_pedersen::Commitment',
    };
    const ops: Op[] = [
      ['commitment_to_bytes', (c) => [c]],
      ['commitment_as_compressed_point', (c) => [c]],
      ['commitment_equals', (c) => [c, c]],
      ['commitment_add_assign', (c) => [c, ref([[0n]])]],
      ['commitment_to_bytes', (c) => [c]],
      ...calls([
        ['new_commitment_for_bulletproof', [scalar(5), scalar(9)]],
        ['new_commitment_with_basepoint', [scalar(5), scalar(9), ref([1n])]],
        ['randomness_base_for_bulletproof', []],
        ['new_commitment_from_bytes', [hex('ff'.repeat(32))]],
        ['new_commitment_from_bytes', [B_POINT]],
        ['commitment_from_compressed', [ref([A_POINT])]],
      ]),
      ['commitment_sub', (c) => [c, c]],
      ['commitment_clone', (c) => [c]],
      ['commitment_as_point', (c) => [c]],
    ];
    const native = runOn(false, spec, ['new_commitment_from_bytes', [A_POINT]], []);
    const oracle = runOn(true, spec, ['new_commitment_from_bytes', [A_POINT]], []);
    expect(native.bytes).toBe(oracle.bytes);
    const [n, o] = [false, true].map((which) =>
      runOn(which, spec, ['commitment_from_compressed', [ref([A_POINT])]], ops),
    ) as [ReturnType<typeof runOn>, ReturnType<typeof runOn>];
    expect(n.results).toEqual(o.results);
    expect(n.bytes).toBe(o.bytes);
    expect(n.results[12]).toMatch(/E_NATIVE_FUN_NOT_AVAILABLE/);
  });

  it('ristretto255_elgamal', () => {
    const spec = {
      pkg: 'AptosStdlib',
      module: 'ristretto255_elgamal',
      tys: [],
      type: 'M::ristretto255_elgamal::Ciphertext',
    };
    const ops: Op[] = [
      ['ciphertext_to_bytes', (c) => [c]],
      ['compress_ciphertext', (c) => [c]],
      ['ciphertext_add', (c) => [c, c]],
      ['ciphertext_sub_assign', (c) => [c, ref([[0n], [1n]])]],
      ['ciphertext_equals', (c) => [c, ref([[0n], [1n]])]],
      ['get_value_component', (c) => [c]],
      ['ciphertext_as_points', (c) => [c]],
      ...calls([
        ['new_ciphertext_no_randomness', [scalar(3)]],
        ['new_ciphertext_from_bytes', [[...A_POINT, ...hex('ff'.repeat(32))]]],
        ['new_ciphertext_from_bytes', [[...hex('ff'.repeat(32)), ...B_POINT]]],
        ['new_ciphertext_from_bytes', [A_POINT]],
        ['new_pubkey_from_bytes', [B_POINT]],
        ['new_pubkey_from_bytes', [hex('ff'.repeat(32))]],
        ['pubkey_to_point', [ref([[A_POINT]])]],
        ['pubkey_to_bytes', [ref([[A_POINT]])]],
        ['pubkey_to_compressed_point', [ref([[A_POINT]])]],
        ['decompress_ciphertext', [ref([[A_POINT], [B_POINT]])]],
        ['ciphertext_from_compressed_points', [[A_POINT], [B_POINT]]],
      ]),
      ['ciphertext_clone', (c) => [c]],
    ];
    const [n, o] = [false, true].map((which) =>
      runOn(
        which,
        { ...spec, type: '0x1::option::Option<M::ristretto255_elgamal::Ciphertext>' },
        ['new_ciphertext_from_bytes', [[...A_POINT, ...B_POINT]]],
        [['ciphertext_to_bytes', (c) => [ref(((c.c[c.i] as Value[])[0] as Value[])[0] as Value)]]],
      ),
    ) as [ReturnType<typeof runOn>, ReturnType<typeof runOn>];
    expect(n.results).toEqual(o.results);
    expect(n.bytes).toBe(o.bytes);
    const [n2, o2] = [false, true].map((which) =>
      runOn(which, spec, ['new_ciphertext_no_randomness', [scalar(7)]], ops),
    ) as [ReturnType<typeof runOn>, ReturnType<typeof runOn>];
    expect(n2.results).toEqual(o2.results);
    expect(n2.bytes).toBe(o2.bytes);
  });
});

describe('ristretto255_bulletproofs', () => {
  const SOURCE = readFileSync(
    resolve(
      import.meta.dirname,
      '../../../../shared/reference/aptos-framework/AptosStdlib/sources/ristretto255_bulletproofs.move',
    ),
    'utf8',
  );
  const constant = (name: string): number[] =>
    hex(
      (
        new RegExp(`const ${name}: vector<u8> = x"([0-9a-f]*)"`).exec(SOURCE) as RegExpExecArray
      )[1] as string,
    );
  const DST = Array.from(Buffer.from('AptosBulletproofs'));
  const on = genesisHost();
  const B = (name: string, args: Value[], host: NativeHost = on) =>
    native(`ristretto255_bulletproofs::${name}`)(host, [], args);
  const commitment = (): Value =>
    (
      (
        native('ristretto255_pedersen::new_commitment_from_bytes')(
          on,
          [],
          [constant('A_COMM')],
        )[0] as Value[]
      )[0] as Value[]
    )[0] as Value;

  it('wraps range proofs; the batch verifiers abort as on a node', () => {
    expect(B('get_max_range_bits', [])).toEqual([64n]);
    const [proof] = B('range_proof_from_bytes', [[1, 2, 3]]);
    expect(B('range_proof_to_bytes', [ref(proof as Value)])).toEqual([[1, 2, 3]]);
    expect(
      status(() =>
        B('verify_batch_range_proof', [ref([]), ref([0n]), ref([1n]), ref(proof as Value), 8n, []]),
      ),
    ).toMatch(
      /^Move abort in 0x1::ristretto255_bulletproofs: E_NATIVE_FUN_NOT_AVAILABLE\(0xd0007\)/,
    );
  });

  it('verifies the unit tests’ 64-bit range proof, and nothing else', () => {
    const proof = [constant('A_RANGE_PROOF_PEDERSEN')];
    expect(B('verify_range_proof_pedersen', [ref(commitment()), ref(proof), 64n, DST])).toEqual([
      true,
    ]);
    expect(B('verify_range_proof_pedersen', [ref(commitment()), ref(proof), 32n, DST])).toEqual([
      false,
    ]);
    expect(
      B('verify_range_proof_pedersen', [ref(commitment()), ref(proof), 64n, [...DST, 1]]),
    ).toEqual([false]);
    const other = native('ristretto255_pedersen::new_commitment_from_bytes')(
      on,
      [],
      [constant('B_COMM')],
    )[0] as Value[];
    expect(
      B('verify_range_proof_pedersen', [
        ref((other[0] as Value[])[0] as Value),
        ref(proof),
        64n,
        DST,
      ]),
    ).toEqual([false]);
    const flipped = [...(proof[0] as number[])];
    flipped[40] = (flipped[40] as number) ^ 1;
    expect(B('verify_range_proof_pedersen', [ref(commitment()), ref([flipped]), 64n, DST])).toEqual(
      [false],
    );
    expect(
      status(() => B('verify_range_proof_pedersen', [ref(commitment()), ref(proof), 10n, DST])),
    ).toMatch(/E_RANGE_NOT_SUPPORTED\(0x10003\)/);
    expect(
      status(() => B('verify_range_proof_pedersen', [ref(commitment()), ref([[1]]), 64n, DST])),
    ).toMatch(/E_DESERIALIZE_RANGE_PROOF\(0x10001\)/);
    expect(
      status(() =>
        B('verify_range_proof_pedersen', [ref(commitment()), ref(proof), 64n, Array(257).fill(0)]),
      ),
    ).toMatch(/E_DST_TOO_LONG\(0x10006\)/);
    expect(
      status(() =>
        B('verify_range_proof', [ref([0n]), ref([0n]), ref([0n]), ref(proof), 64n, DST], harness),
      ),
    ).toMatch(/E_NATIVE_FUN_NOT_AVAILABLE\(0x30007\)/);
  });
});
