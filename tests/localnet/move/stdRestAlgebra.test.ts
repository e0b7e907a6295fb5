import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MoveAbort } from '../../../localnet/framework/context.ts';
import { FRAMEWORK_LINK } from '../../../localnet/framework/vmBridge.ts';
import type { NativeHost } from '../../../localnet/move/vm/loader.ts';
import { VmSession } from '../../../localnet/move/vm/session.ts';
import { FEATURES_TYPE, GENESIS_FEATURES } from '../../../localnet/move/vm/stdlib/features.ts';
import { parseTy } from '../../../localnet/move/vm/ty.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import { resourceKey } from '../../../localnet/storage/types.ts';
import { host as harness, native, ONE } from './nativeHarness.ts';

/**
 * crypto_algebra over BLS12-381 against the serialized constants of bls12381_algebra.move's own
 * unit tests (read from the reference source): generators, their multiples by 7 and negations in
 * G1, G2 and Gt, Fr and Fq12 values, the orders, and the pairing's bilinearity.
 */
const SOURCE = readFileSync(
  resolve(
    import.meta.dirname,
    '../../../../shared/reference/aptos-framework/AptosStdlib/sources/bls12381_algebra.move',
  ),
  'utf8',
);
const constant = (name: string): string => {
  const found = new RegExp(`const ${name}: vector<u8> = x"([0-9a-f]*)"`).exec(SOURCE);
  if (found === null) throw new Error(`no ${name}`);
  return found[1] as string;
};

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

const on = genesisHost();
const T = (name: string) => `0x1::bls12381_algebra::${name}`;
const A = (name: string, tys: string[], ...args: Value[]): Value[] =>
  native(`crypto_algebra::${name}`)(
    on,
    tys.map((t) => parseTy(T(t))),
    args,
  );
const ref = (v: Value) => new Ref([v], 0);
const hexOf = (v: Value | undefined) => Buffer.from(v as number[]).toString('hex');
const ser = (e: Value, s: string, f: string) => hexOf(A('serialize', [s, f], ref(e))[0]);
const de = (s: string, f: string, hex: string): Value => {
  const [opt] = A('deserialize', [s, f], ref(Array.from(Buffer.from(hex, 'hex'))));
  return ((opt as Value[])[0] as Value[])[0] as Value;
};

describe('crypto_algebra over BLS12-381', () => {
  it('G1 and G2: generators, times 7, negation, infinity, both encodings', () => {
    for (const [g, s] of [
      ['G1', 'G1'],
      ['G2', 'G2'],
    ] as const) {
      const gen = A('one', [s])[0] as Value;
      expect(ser(gen, s, `Format${g}Compr`)).toBe(constant(`${g}_GENERATOR_SERIALIZED_COMP`));
      expect(ser(gen, s, `Format${g}Uncompr`)).toBe(constant(`${g}_GENERATOR_SERIALIZED_UNCOMP`));
      const inf = A('zero', [s])[0] as Value;
      expect(ser(inf, s, `Format${g}Compr`)).toBe(constant(`${g}_INF_SERIALIZED_COMP`));
      expect(ser(inf, s, `Format${g}Uncompr`)).toBe(constant(`${g}_INF_SERIALIZED_UNCOMP`));
      const seven = A('from_u64', ['Fr'], 7n)[0] as Value;
      const p7 = A('scalar_mul', [s, 'Fr'], ref(gen), ref(seven))[0] as Value;
      expect(ser(p7, s, `Format${g}Compr`)).toBe(
        constant(`${g}_GENERATOR_MUL_BY_7_SERIALIZED_COMP`),
      );
      expect(ser(A('neg', [s], ref(p7))[0] as Value, s, `Format${g}Uncompr`)).toBe(
        constant(`${g}_GENERATOR_MUL_BY_7_NEG_SERIALIZED_UNCOMP`),
      );
      const back = de(
        s,
        `Format${g}Uncompr`,
        constant(`${g}_GENERATOR_MUL_BY_7_SERIALIZED_UNCOMP`),
      );
      expect(A('eq', [s], ref(back), ref(p7))).toEqual([true]);
      // A compressed encoding is not an uncompressed one.
      expect(
        A(
          'deserialize',
          [s, `Format${g}Uncompr`],
          ref(Array.from(Buffer.from(constant(`${g}_GENERATOR_SERIALIZED_COMP`), 'hex'))),
        ),
      ).toEqual([[[]]]);
      expect(hexOf(A('order', [s])[0])).toBe(constant('R_SERIALIZED'));
    }
  });

  it('Gt: the generator, its multiple by 7 and negation; Fq12 values and order', () => {
    const gen = A('one', ['Gt'])[0] as Value;
    expect(ser(gen, 'Gt', 'FormatGt')).toBe(constant('GT_GENERATOR_SERIALIZED'));
    const seven = A('from_u64', ['Fr'], 7n)[0] as Value;
    const g7 = A('scalar_mul', ['Gt', 'Fr'], ref(gen), ref(seven))[0] as Value;
    expect(ser(g7, 'Gt', 'FormatGt')).toBe(constant('GT_GENERATOR_MUL_BY_7_SERIALIZED'));
    expect(ser(A('neg', ['Gt'], ref(g7))[0] as Value, 'Gt', 'FormatGt')).toBe(
      constant('GT_GENERATOR_MUL_BY_7_NEG_SERIALIZED'),
    );
    expect(ser(A('zero', ['Gt'])[0] as Value, 'Gt', 'FormatGt')).toBe(
      constant('FQ12_ONE_SERIALIZED'),
    );
    // An Fq12 value outside Gt does not deserialize as Gt, nor downcast.
    expect(
      A(
        'deserialize',
        ['Gt', 'FormatGt'],
        ref(Array.from(Buffer.from(constant('FQ12_VAL_7_SERIALIZED'), 'hex'))),
      ),
    ).toEqual([[[]]]);
    const v7 = A('from_u64', ['Fq12'], 7n)[0] as Value;
    expect(ser(v7, 'Fq12', 'FormatFq12LscLsb')).toBe(constant('FQ12_VAL_7_SERIALIZED'));
    expect(ser(A('neg', ['Fq12'], ref(v7))[0] as Value, 'Fq12', 'FormatFq12LscLsb')).toBe(
      constant('FQ12_VAL_7_NEG_SERIALIZED'),
    );
    expect(A('downcast', ['Fq12', 'Gt'], ref(v7))).toEqual([[[]]]);
    const up = A('upcast', ['Gt', 'Fq12'], ref(g7))[0] as Value;
    expect(A('downcast', ['Fq12', 'Gt'], ref(up))[0]).not.toEqual([[]]);
    expect(hexOf(A('order', ['Fq12'])[0])).toBe(constant('Q12_SERIALIZED'));
  });

  it('Fr arithmetic and encodings; the pairing is bilinear', () => {
    const v7 = A('from_u64', ['Fr'], 7n)[0] as Value;
    expect(ser(v7, 'Fr', 'FormatFrLsb')).toBe(constant('FR_VAL_7_SERIALIZED_LSB'));
    expect(ser(v7, 'Fr', 'FormatFrMsb')).toBe(constant('FR_VAL_7_SERIALIZED_MSB'));
    expect(ser(A('neg', ['Fr'], ref(v7))[0] as Value, 'Fr', 'FormatFrLsb')).toBe(
      constant('FR_VAL_7_NEG_SERIALIZED_LSB'),
    );
    const inv = (A('inv', ['Fr'], ref(v7))[0] as Value[])[0] as Value[];
    const product = A('mul', ['Fr'], ref(v7), ref(inv[0] as Value))[0] as Value;
    expect(A('eq', ['Fr'], ref(product), ref(A('one', ['Fr'])[0] as Value))).toEqual([true]);
    expect(A('div', ['Fr'], ref(v7), ref(A('zero', ['Fr'])[0] as Value))).toEqual([[[]]]);
    const g1 = A('one', ['G1'])[0] as Value;
    const g2 = A('one', ['G2'])[0] as Value;
    const seven = ref(v7);
    const left = A(
      'pairing',
      ['G1', 'G2', 'Gt'],
      ref(A('scalar_mul', ['G1', 'Fr'], ref(g1), seven)[0] as Value),
      ref(g2),
    )[0] as Value;
    const right = A(
      'pairing',
      ['G1', 'G2', 'Gt'],
      ref(g1),
      ref(A('scalar_mul', ['G2', 'Fr'], ref(g2), seven)[0] as Value),
    )[0] as Value;
    expect(ser(left, 'Gt', 'FormatGt')).toBe(constant('GT_GENERATOR_MUL_BY_7_SERIALIZED'));
    expect(A('eq', ['Gt'], ref(left), ref(right))).toEqual([true]);
    const multi = A(
      'multi_pairing',
      ['G1', 'G2', 'Gt'],
      ref([g1, g1]),
      ref([g2, A('neg', ['G2'], ref(g2))[0] as Value]),
    )[0] as Value;
    expect(A('eq', ['Gt'], ref(multi), ref(A('zero', ['Gt'])[0] as Value))).toEqual([true]);
  });

  it('unsupported structures, mismatched lengths and the feature gate abort as on a node', () => {
    const bn = parseTy('0x1::bn254_algebra::Fr');
    const notImplemented = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return (error as MoveAbort).vmStatus;
      }
      return 'ok';
    };
    expect(notImplemented(() => native('crypto_algebra::zero')(on, [bn], []))).toMatch(
      /^Move abort in 0x1::crypto_algebra: E_NOT_IMPLEMENTED\(0xc0001\)/,
    );
    expect(notImplemented(() => A('mul', ['G1'], ref([0n]), ref([0n])))).toMatch(/0xc0001/);
    expect(notImplemented(() => A('multi_scalar_mul', ['G1', 'Fr'], ref([[0n]]), ref([])))).toMatch(
      /E_NON_EQUAL_LENGTHS\(0x10002\)/,
    );
    expect(
      notImplemented(() => native('crypto_algebra::zero')(harness, [parseTy(T('Fr'))], [])),
    ).toBe('Move abort in 0x1::crypto_algebra: 0xc0000');
  });
});
