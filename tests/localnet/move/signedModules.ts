import { AccountAddress, Serializer } from '@aptos-labs/ts-sdk';
import type {
  Bytecode,
  CompiledModule,
  CompiledScript,
  SignatureToken,
} from '../../../localnet/move/binary/types.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * Packages as today's compiler writes them, built with the project's writer: bytecode v9 (signed
 * integers, `$` in names) and v10 (`abort` with a message), for `signedIntegers.test.ts`.
 */
export const I = {
  i8: { kind: 'I8' },
  i16: { kind: 'I16' },
  i32: { kind: 'I32' },
  i64: { kind: 'I64' },
  i128: { kind: 'I128' },
  i256: { kind: 'I256' },
} as const satisfies Record<string, SignatureToken>;

const SIGNER = S.ref(S.signer);
const op = (name: Bytecode['op']): Bytecode => ({ op: name }) as Bytecode;
const loc = (local: number): Bytecode => ({ op: 'MoveLoc', local });
const RET = op('Ret');

/** Two's-complement little-endian bytes (a constant's BCS). */
export function signedBytes(value: bigint, size: number): number[] {
  const raw = value < 0n ? value + (1n << BigInt(8 * size)) : value;
  return Array.from({ length: size }, (_, i) => Number((raw >> BigInt(8 * i)) & 0xffn));
}

/**
 * `module sint` (v9):
 * - `struct Reading has key, store, drop, copy { value: i64, small: i8, wide: i256 }`
 * - `public fun sum$checked(a: i64, b: i64): i64 { a + b }` and `entry fun touch$v2(s: &signer)`
 *   (names only bytecode can spell)
 * - `entry fun record(s: &signer, a: i64, b: i64, k: i8)`: stores and emits
 *   `Reading { value: sum$checked(a, b), small: -k, wide: (a as i256) * -3 }`
 * - views `arith(a, b: i64): (i64, i64, i64, i64)` (a-b, a*b, a/b, a%b), `neg(x: i128)`,
 *   `to_u8(x: i16): u8`, `to_i8(x: u64): i8`, `less(a, b: i32): bool`,
 *   `consts(): (i8, i16, i32, i64, i128, i256)` (immediates and a constant), `echo(v: vector<i32>)`
 */
export function sintModule(owner: string): CompiledModule {
  const b = new ModuleBuilder(owner, 'sint');
  const reading = b.struct('Reading', 1 | 2 | 4 | 8, [
    ['value', I.i64],
    ['small', I.i8],
    ['wide', I.i256],
  ]);
  const readingTy = S.struct(reading.handle);
  // The module's own function handles come first, as the compiler lays them out (a node's API
  // names a failing function by its definition index read as a handle index); `event::emit`'s
  // handle and instantiation (index 0) are declared after the functions.
  const emitReading = 0;
  const sum = b.fn('sum$checked', {
    params: [I.i64, I.i64],
    returns: [I.i64],
    code: [loc(0), loc(1), op('Add'), RET],
  });
  b.fn('touch$v2', { entry: true, params: [SIGNER], code: [RET] });
  b.fn('record', {
    entry: true,
    params: [SIGNER, I.i64, I.i64, I.i8],
    locals: [readingTy],
    code: [
      { op: 'CopyLoc', local: 1 },
      { op: 'CopyLoc', local: 2 },
      { op: 'Call', fn: sum },
      loc(3),
      op('Negate'),
      loc(1),
      op('CastI256'),
      { op: 'LdI256', value: -3n },
      op('Mul'),
      { op: 'Pack', def: reading.def },
      { op: 'StLoc', local: 4 },
      { op: 'CopyLoc', local: 0 },
      { op: 'CopyLoc', local: 4 },
      { op: 'MoveTo', def: reading.def },
      loc(0),
      op('Pop'),
      loc(4),
      { op: 'CallGeneric', fn: emitReading },
      RET,
    ],
  });
  b.fn('arith', {
    view: true,
    params: [I.i64, I.i64],
    returns: [I.i64, I.i64, I.i64, I.i64],
    code: [
      ...(['Sub', 'Mul', 'Div', 'Mod'] as const).flatMap((name): Bytecode[] => [
        { op: 'CopyLoc', local: 0 },
        { op: 'CopyLoc', local: 1 },
        op(name),
      ]),
      RET,
    ],
  });
  b.fn('neg', {
    view: true,
    params: [I.i128],
    returns: [I.i128],
    code: [loc(0), op('Negate'), RET],
  });
  b.fn('to_u8', {
    view: true,
    params: [I.i16],
    returns: [S.u8],
    code: [loc(0), op('CastU8'), RET],
  });
  b.fn('to_i8', {
    view: true,
    params: [S.u64],
    returns: [I.i8],
    code: [loc(0), op('CastI8'), RET],
  });
  b.fn('less', {
    view: true,
    params: [I.i32, I.i32],
    returns: [S.bool],
    code: [loc(0), loc(1), op('Lt'), RET],
  });
  const big = b.constant(I.i64, signedBytes(-9_000_000_000_000n, 8));
  b.fn('consts', {
    view: true,
    returns: [I.i8, I.i16, I.i32, I.i64, I.i128, I.i256],
    code: [
      { op: 'LdI8', value: -128 },
      { op: 'LdI16', value: -300 },
      { op: 'LdI32', value: 2147483647 },
      { op: 'LdConst', index: big },
      { op: 'LdI128', value: -(1n << 100n) },
      { op: 'LdI256', value: -(1n << 255n) },
      RET,
    ],
  });
  b.fn('echo', {
    view: true,
    params: [S.vec(I.i32)],
    returns: [S.vec(I.i32)],
    code: [loc(0), RET],
  });
  const emit = b.use('0x1', 'event', 'emit', [S.param(0)], [], 1);
  if (b.fnInst(emit, [readingTy]) !== emitReading) throw new Error('emit<Reading> is not inst 0');
  return { ...b.build(), version: 9 };
}

/** The UTF-8 bytes of a message. */
const utf8 = (s: string): number[] => Array.from(Buffer.from(s, 'utf8'));
const bcsBytes = (bytes: number[]): number[] => {
  const s = new Serializer();
  s.serializeBytes(Uint8Array.from(bytes));
  return Array.from(s.toUint8Array());
};

/**
 * `module msg` (v10), error map `E_TOO_LARGE = 7` ("Too large.") only:
 * - `entry fun fail(s: &signer, code: u64) { abort(code, b"value too large: -5") }` (`AbortMsg`)
 * - `entry fun garbled(s: &signer) { abort(1, x"ff") }` (not UTF-8)
 * - `#[view] fun check(x: i64): i64 { if (x < 0) abort(7, b"negative") ; x }`
 */
export function msgModule(owner: string): CompiledModule {
  const b = new ModuleBuilder(owner, 'msg');
  b.error(7n, 'E_TOO_LARGE', 'Too large.');
  const message = b.constant(S.vec(S.u8), bcsBytes(utf8('value too large: -5')));
  const garbled = b.constant(S.vec(S.u8), bcsBytes([0xff, 0xfe]));
  const negative = b.constant(S.vec(S.u8), bcsBytes(utf8('negative')));
  b.fn('fail', {
    entry: true,
    params: [SIGNER, S.u64],
    code: [loc(1), { op: 'LdConst', index: message }, op('AbortMsg')],
  });
  b.fn('garbled', {
    entry: true,
    params: [SIGNER],
    code: [{ op: 'LdU64', value: 1n }, { op: 'LdConst', index: garbled }, op('AbortMsg')],
  });
  b.fn('check', {
    view: true,
    params: [I.i64],
    returns: [I.i64],
    code: [
      { op: 'CopyLoc', local: 0 },
      { op: 'LdI64', value: 0n },
      op('Lt'),
      { op: 'BrFalse', offset: 7 },
      { op: 'LdU64', value: 7n },
      { op: 'LdConst', index: negative },
      op('AbortMsg'),
      loc(0),
      RET,
    ],
  });
  return { ...b.build(), version: 10 };
}

/**
 * `script { fun main(s: &signer, x: i32) { if (-x > 10) abort(3, b"big"); } }` (v10): a script
 * with a signed argument, `Negate` and `AbortMsg`.
 */
export function signedScript(): CompiledScript {
  const big = bcsBytes(utf8('big'));
  return {
    kind: 'script',
    version: 10,
    moduleHandles: [],
    structHandles: [],
    functionHandles: [],
    functionInstantiations: [],
    signatures: [[SIGNER, I.i32], []],
    identifiers: [],
    addressIdentifiers: [],
    constantPool: [{ type: S.vec(S.u8), data: Uint8Array.from(big) }],
    metadata: [],
    typeParameters: [],
    parameters: 0,
    accessSpecifiers: null,
    code: {
      locals: 1,
      code: [
        loc(1),
        op('Negate'),
        { op: 'LdI32', value: 10 },
        op('Gt'),
        { op: 'BrFalse', offset: 8 },
        { op: 'LdU64', value: 3n },
        { op: 'LdConst', index: 0 },
        op('AbortMsg'),
        RET,
      ],
    },
  };
}

/** BCS `0x1::code::PackageMetadata` of a package of `modules` (no sources, no dependencies). */
export function packageMetadata(name: string, modules: string[]): Uint8Array {
  const s = new Serializer();
  s.serializeStr(name);
  s.serializeU8(1); // compatible
  s.serializeU64(0);
  s.serializeStr('');
  s.serializeBytes(new Uint8Array());
  s.serializeU32AsUleb128(modules.length);
  for (const module of modules) {
    s.serializeStr(module);
    s.serializeBytes(new Uint8Array());
    s.serializeBytes(new Uint8Array());
    s.serializeU32AsUleb128(0);
  }
  s.serializeU32AsUleb128(1);
  AccountAddress.ONE.serialize(s);
  s.serializeStr('AptosFramework');
  s.serializeU32AsUleb128(0);
  return s.toUint8Array();
}
