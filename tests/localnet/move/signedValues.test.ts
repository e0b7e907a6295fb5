import { describe, expect, it } from 'vitest';
import { tinyModule } from './tinyModule.ts';
import type { LongAddress } from '../../../localnet/encoding.ts';
import {
  decodeArgument,
  encodeValue,
  typeTagOf,
  valueToJson,
} from '../../../localnet/executor/moveValues.ts';
import { readModule } from '../../../localnet/move/binary/reader.ts';
import {
  BinaryFormatError,
  type Bytecode,
  type CompiledModule,
} from '../../../localnet/move/binary/types.ts';
import { writeModule } from '../../../localnet/move/binary/writer.ts';
import { Closure, readTypeTag, writeTypeTag } from '../../../localnet/move/vm/closures.ts';
import { OP, type SignedRange } from '../../../localnet/move/vm/ops.ts';
import { signedArith } from '../../../localnet/move/vm/signedOps.ts';
import { K, parseTy, T, type Ty, tyString } from '../../../localnet/move/vm/ty.ts';
import {
  BcsReader,
  BcsWriter,
  deserialize,
  serialize,
  ValueError,
} from '../../../localnet/move/vm/values.ts';
import { fromJson, toJson } from '../../../localnet/move/vm/valuesJson.ts';

/**
 * Bytecode v9/v10 at the unit level: what each version may contain, signed values in BCS and
 * JSON, type tags, and the signed arithmetic's edge cases (Rust's `checked_*`).
 */
const noLayouts = () => {
  throw new Error('no structs here');
};

const SIGNED: Array<[Ty, bigint, bigint]> = [
  [T.i8, -128n, 127n],
  [T.i16, -32768n, 32767n],
  [T.i32, -(2n ** 31n), 2n ** 31n - 1n],
  [T.i64, -(2n ** 63n), 2n ** 63n - 1n],
  [T.i128, -(2n ** 127n), 2n ** 127n - 1n],
  [T.i256, -(2n ** 255n), 2n ** 255n - 1n],
];
const small = (ty: Ty) => ty.k <= K.I32;
const asValue = (ty: Ty, v: bigint) => (small(ty) ? Number(v) : v);

/** A module at `version` whose one function runs `code` (no parameters, no returns). */
function withCode(version: number, code: Bytecode[], identifiers?: string[]): CompiledModule {
  const base = tinyModule({ version });
  return {
    ...base,
    identifiers: identifiers ?? [...base.identifiers, 'f'],
    functionHandles: [
      {
        module: 0,
        name: 1,
        parameters: 0,
        returns: 0,
        typeParameters: [],
        accessSpecifiers: null,
        attributes: [],
      },
    ],
    functionDefs: [
      {
        function: 0,
        visibility: 'public',
        isEntry: false,
        acquiresGlobalResources: [],
        code: { locals: 0, code },
      },
    ],
  };
}

function statusOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof BinaryFormatError) return e.status;
    throw e;
  }
  return 'read';
}

describe('what each bytecode version may contain', () => {
  const signedCode: Bytecode[] = [{ op: 'LdI8', value: -1 }, { op: 'Pop' }, { op: 'Ret' }];
  const abortMsg: Bytecode[] = [
    { op: 'LdU64', value: 1n },
    { op: 'LdConst', index: 0 },
    { op: 'AbortMsg' },
  ];

  it('reads signed instructions from v9 on, and refuses them in v8 as MALFORMED', () => {
    expect(statusOf(() => readModule(writeModule(withCode(9, signedCode))))).toBe('read');
    expect(statusOf(() => readModule(writeModule(withCode(8, signedCode))))).toBe('MALFORMED');
  });

  it('reads AbortMsg from v10 on, and refuses it in v9', () => {
    const module = (version: number) => ({
      ...withCode(version, abortMsg),
      constantPool: [{ type: { kind: 'Vector', inner: { kind: 'U8' } }, data: Uint8Array.of(0) }],
    });
    expect(statusOf(() => readModule(writeModule(module(10) as CompiledModule)))).toBe('read');
    expect(statusOf(() => readModule(writeModule(module(9) as CompiledModule)))).toBe('MALFORMED');
  });

  it('reads i8…i256 in signatures from v9 on only', () => {
    const typed = (version: number) => ({
      ...tinyModule({ version }),
      signatures: [[], [{ kind: 'I256' }, { kind: 'I8' }]],
    });
    const read = readModule(writeModule(typed(9) as CompiledModule));
    expect(read.signatures[1]).toEqual([{ kind: 'I256' }, { kind: 'I8' }]);
    expect(statusOf(() => readModule(writeModule(typed(8) as CompiledModule)))).toBe('MALFORMED');
  });

  it('takes `$` in names from v9 on (not first, unless followed by more)', () => {
    const named = (version: number, name: string) =>
      withCode(version, [{ op: 'Ret' }], ['m', name]);
    expect(statusOf(() => readModule(writeModule(named(9, 'pack$S$0'))))).toBe('read');
    expect(statusOf(() => readModule(writeModule(named(9, '$x'))))).toBe('read');
    expect(statusOf(() => readModule(writeModule(named(9, '$'))))).toBe('MALFORMED');
    expect(statusOf(() => readModule(writeModule(named(8, 'pack$S'))))).toBe('MALFORMED');
  });

  it('writes signed immediates as two’s complement and reads them back', () => {
    const code: Bytecode[] = [
      { op: 'LdI16', value: -2 },
      { op: 'Pop' },
      { op: 'LdI128', value: -(2n ** 127n) },
      { op: 'Pop' },
      { op: 'Ret' },
    ];
    const bytes = writeModule(withCode(9, code));
    expect(Buffer.from(bytes).toString('hex')).toContain('5cfeff01');
    expect(readModule(bytes).functionDefs[0]?.code?.code).toEqual(code);
    expect(() => writeModule(withCode(9, [{ op: 'LdI8', value: 128 }, { op: 'Ret' }]))).toThrow(
      RangeError,
    );
  });
});

describe('signed values', () => {
  it('serialize as two’s complement little-endian and come back', () => {
    expect(Buffer.from(serialize(T.i8, -1, noLayouts)).toString('hex')).toBe('ff');
    expect(Buffer.from(serialize(T.i64, -2n, noLayouts)).toString('hex')).toBe('feffffffffffffff');
    for (const [ty, min, max] of SIGNED) {
      for (const v of [min, -1n, 0n, 1n, max]) {
        const value = asValue(ty, v);
        const bytes = serialize(ty, value, noLayouts);
        expect(bytes.length).toBe(2 ** (ty.k - K.I8));
        expect(deserialize(ty, bytes, noLayouts)).toBe(value);
      }
    }
  });

  it('render as a node does: i8…i32 numbers, i64…i256 strings, and read back', () => {
    for (const [ty, min] of SIGNED) {
      const json = toJson(ty, asValue(ty, min), noLayouts);
      expect(json).toEqual(small(ty) ? Number(min) : min.toString());
      expect(fromJson(ty, json, noLayouts)).toBe(asValue(ty, min));
    }
    expect(fromJson(T.vector(T.i16), [-3, '4'], noLayouts)).toEqual([-3, 4]);
    expect(() => fromJson(T.i8, 128, noLayouts)).toThrow(ValueError);
    expect(() => fromJson(T.i64, '-9223372036854775809', noLayouts)).toThrow(ValueError);
    expect(() => fromJson(T.i32, 1.5, noLayouts)).toThrow(ValueError);
  });

  it('are captured by function values: layouts i8…i256 (13…18), two’s complement', () => {
    const fnTy = T.fn([], [], 0);
    const closure = new Closure(
      `0x${'0'.repeat(62)}42` as LongAddress,
      'm',
      'f',
      [T.i64],
      3n,
      [-5, -(2n ** 127n)],
      [T.i8, T.i128],
    );
    const bytes = serialize(fnTy, closure, noLayouts);
    const hex = Buffer.from(bytes).toString('hex');
    expect(hex).toContain('0dfb'); // layout i8 (13), then -5
    expect(hex).toContain(`11${'00'.repeat(15)}80`); // layout i128 (17), then -2^127
    const back = deserialize(fnTy, bytes, noLayouts) as Closure;
    expect(back.captured).toEqual([-5, -(2n ** 127n)]);
    expect(back.tyArgs).toEqual([T.i64]);
    expect(Buffer.from(serialize(fnTy, back, noLayouts)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('are named i8…i256 in types and type tags (TypeTag 12…17)', () => {
    expect(tyString(T.vector(T.i128))).toBe('vector<i128>');
    expect(parseTy('vector<i256>')).toEqual(T.vector(T.i256));
    SIGNED.forEach(([ty], i) => {
      const w = new BcsWriter();
      writeTypeTag(w, ty);
      expect([...w.bytes()]).toEqual([12 + i]);
      expect(readTypeTag(new BcsReader(w.bytes()))).toEqual(ty);
    });
  });
});

describe('signed arguments as the executor decodes and prints them', () => {
  it('decodes BCS arguments and prints them as a node does', () => {
    const i64 = typeTagOf('i64');
    const bytes = encodeValue(i64, -40n);
    expect(Buffer.from(bytes).toString('hex')).toBe('d8ffffffffffffff');
    expect(decodeArgument(i64, bytes)).toBe(-40n);
    expect(valueToJson(i64, -40n)).toBe('-40');
    const v = typeTagOf('vector<i8>');
    expect(valueToJson(v, decodeArgument(v, Uint8Array.of(2, 0xff, 0x7f)))).toEqual([-1, 127]);
  });
});

describe('signed arithmetic (Rust checked_*)', () => {
  const i8: SignedRange = { min: -128, max: 127 };
  const i64: SignedRange = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

  it('divides toward zero; the remainder takes the dividend’s sign', () => {
    expect(signedArith(OP.DIV_S, -7, 2, i8)).toBe(-3);
    expect(signedArith(OP.MOD_S, -7, 2, i8)).toBe(-1);
    expect(signedArith(OP.MOD_S, 7, -2, i8)).toBe(1);
    expect(signedArith(OP.DIV_S, -7n, 2n, i64)).toBe(-3n);
    expect(signedArith(OP.MOD_S, -7n, 2n, i64)).toBe(-1n);
    expect(Object.is(signedArith(OP.MUL_S, 0, -5, i8), 0)).toBe(true);
  });

  it('is None at the edges: overflow, zero divisors, MIN / -1 and MIN % -1', () => {
    expect(signedArith(OP.ADD_S, 127, 1, i8)).toBeNull();
    expect(signedArith(OP.SUB_S, -128, 1, i8)).toBeNull();
    expect(signedArith(OP.MUL_S, -128, -1, i8)).toBeNull();
    expect(signedArith(OP.DIV_S, -128, -1, i8)).toBeNull();
    expect(signedArith(OP.MOD_S, -128, -1, i8)).toBeNull();
    expect(signedArith(OP.DIV_S, 1, 0, i8)).toBeNull();
    expect(signedArith(OP.MOD_S, 1n, 0n, i64)).toBeNull();
    expect(signedArith(OP.MOD_S, i64.min, -1n, i64)).toBeNull();
    expect(signedArith(OP.ADD_S, i64.max, 1n, i64)).toBeNull();
    expect(signedArith(OP.ADD_S, -128, 255, i8)).toBe(127);
  });
});
