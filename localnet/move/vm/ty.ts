import type { LongAddress } from '../../encoding.ts';
import { parseAddress, shortAddress } from '../../encoding.ts';

/**
 * Types as the interpreter sees them: signature types of a loaded module (which may name the
 * enclosing function's or struct's type parameters, `PARAM`) and runtime types (fully
 * instantiated). Kinds are small integers so the hot paths switch on numbers.
 */
export const K = {
  BOOL: 0,
  U8: 1,
  U16: 2,
  U32: 3,
  U64: 4,
  U128: 5,
  U256: 6,
  ADDRESS: 7,
  SIGNER: 8,
  VECTOR: 9,
  STRUCT: 10,
  REF: 11,
  MUT_REF: 12,
  PARAM: 13,
  /** A function type `|args|results has abilities` (bytecode v8 closures). */
  FUNCTION: 14,
  /** Signed integers (bytecode v9): i8/i16/i32 numbers, i64/i128/i256 bigints, as unsigned. */
  I8: 15,
  I16: 16,
  I32: 17,
  I64: 18,
  I128: 19,
  I256: 20,
} as const;
export type Kind = (typeof K)[keyof typeof K];

/** The kinds of a type without parts (integers, bool, address, signer). */
type PrimKind = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 15 | 16 | 17 | 18 | 19 | 20;

export type Ty =
  | { k: PrimKind }
  | { k: 9; elem: Ty }
  | { k: 10; s: StructName; args: Ty[] }
  | { k: 11 | 12; to: Ty }
  | { k: 13; idx: number }
  | { k: 14; args: Ty[]; results: Ty[]; abilities: number };

/** A struct's identity: its module's address (long form), module and name. */
export interface StructName {
  address: LongAddress;
  module: string;
  name: string;
}

const prim = (k: PrimKind): Ty => ({ k });
export const T = {
  bool: prim(0),
  u8: prim(1),
  u16: prim(2),
  u32: prim(3),
  u64: prim(4),
  u128: prim(5),
  u256: prim(6),
  address: prim(7),
  signer: prim(8),
  i8: prim(15),
  i16: prim(16),
  i32: prim(17),
  i64: prim(18),
  i128: prim(19),
  i256: prim(20),
  vector: (elem: Ty): Ty => ({ k: 9, elem }),
  struct: (s: StructName, args: Ty[] = []): Ty => ({ k: 10, s, args }),
  ref: (to: Ty): Ty => ({ k: 11, to }),
  mutRef: (to: Ty): Ty => ({ k: 12, to }),
  param: (idx: number): Ty => ({ k: 13, idx }),
  fn: (args: Ty[], results: Ty[], abilities: number): Ty => ({ k: 14, args, results, abilities }),
} as const;

export const isUnsigned = (ty: Ty): boolean => ty.k >= K.U8 && ty.k <= K.U256;
export const isSigned = (ty: Ty): boolean => ty.k >= K.I8 && ty.k <= K.I256;
export const isInteger = (ty: Ty): boolean => isUnsigned(ty) || isSigned(ty);

/** Bit widths of the integer kinds (u8 … u256, i8 … i256). */
export const INT_BITS: Readonly<Record<number, number>> = {
  [K.U8]: 8,
  [K.U16]: 16,
  [K.U32]: 32,
  [K.U64]: 64,
  [K.U128]: 128,
  [K.U256]: 256,
  [K.I8]: 8,
  [K.I16]: 16,
  [K.I32]: 32,
  [K.I64]: 64,
  [K.I128]: 128,
  [K.I256]: 256,
};

/** Replaces the type parameters in `ty` with `args` (no copy when nothing changes). */
export function subst(ty: Ty, args: readonly Ty[]): Ty {
  switch (ty.k) {
    case 13: {
      const arg = args[ty.idx];
      if (arg === undefined) throw new Error(`type parameter T${ty.idx} has no argument`);
      return arg;
    }
    case 9: {
      const elem = subst(ty.elem, args);
      return elem === ty.elem ? ty : { k: 9, elem };
    }
    case 10: {
      if (ty.args.length === 0) return ty;
      return { k: 10, s: ty.s, args: ty.args.map((arg) => subst(arg, args)) };
    }
    case 11:
    case 12: {
      const to = subst(ty.to, args);
      return to === ty.to ? ty : { k: ty.k, to };
    }
    case 14:
      return {
        k: 14,
        args: ty.args.map((arg) => subst(arg, args)),
        results: ty.results.map((r) => subst(r, args)),
        abilities: ty.abilities,
      };
    default:
      return ty;
  }
}

/** Whether a type still names a type parameter. */
export function isGeneric(ty: Ty): boolean {
  switch (ty.k) {
    case 13:
      return true;
    case 9:
      return isGeneric(ty.elem);
    case 10:
      return ty.args.some(isGeneric);
    case 11:
    case 12:
      return isGeneric(ty.to);
    case 14:
      return ty.args.some(isGeneric) || ty.results.some(isGeneric);
    default:
      return false;
  }
}

/** Names of the kinds without parts, by kind (the composite kinds 9…14 have none). */
const PRIM_NAMES: ReadonlyArray<string | undefined> = [
  'bool',
  'u8',
  'u16',
  'u32',
  'u64',
  'u128',
  'u256',
  'address',
  'signer',
  ...Array<undefined>(6),
  'i8',
  'i16',
  'i32',
  'i64',
  'i128',
  'i256',
];

export const structId = (s: StructName): string =>
  `${shortAddress(s.address)}::${s.module}::${s.name}`;

/**
 * The type as a node prints a type tag (`0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>`,
 * `vector<u8>`, `&mut u64`, `T0`): addresses short, type arguments after `<` separated by `, `.
 */
export function tyString(ty: Ty): string {
  switch (ty.k) {
    case 9:
      return `vector<${tyString(ty.elem)}>`;
    case 10:
      return ty.args.length === 0
        ? structId(ty.s)
        : `${structId(ty.s)}<${ty.args.map(tyString).join(', ')}>`;
    case 11:
      return `&${tyString(ty.to)}`;
    case 12:
      return `&mut ${tyString(ty.to)}`;
    case 13:
      return `T${ty.idx}`;
    case 14:
      // As aptos-api-types' `MoveType` prints a function type (abilities not shown).
      return `|${ty.args.map(tyString).join(',')}|${ty.results.map(tyString).join(',')}`;
    default:
      return PRIM_NAMES[ty.k] ?? '?';
  }
}

export function tyEquals(a: Ty, b: Ty): boolean {
  if (a === b) return true;
  if (a.k !== b.k) return false;
  switch (a.k) {
    case 9:
      return tyEquals(a.elem, (b as typeof a).elem);
    case 10: {
      const other = b as typeof a;
      return (
        a.s.address === other.s.address &&
        a.s.module === other.s.module &&
        a.s.name === other.s.name &&
        a.args.length === other.args.length &&
        a.args.every((arg, i) => tyEquals(arg, other.args[i] as Ty))
      );
    }
    case 11:
    case 12:
      return tyEquals(a.to, (b as typeof a).to);
    case 13:
      return a.idx === (b as typeof a).idx;
    case 14: {
      const other = b as typeof a;
      return a.abilities === other.abilities && fnShapeEquals(a, other);
    }
    default:
      return true;
  }
}

const listEquals = (a: readonly Ty[], b: readonly Ty[]): boolean =>
  a.length === b.length && a.every((ty, i) => tyEquals(ty, b[i] as Ty));

function fnShapeEquals(
  a: { args: Ty[]; results: Ty[] },
  b: { args: Ty[]; results: Ty[] },
): boolean {
  return listEquals(a.args, b.args) && listEquals(a.results, b.results);
}

/**
 * The verifier's `is_assignable_from`: equality, except that a function type accepts a function
 * value whose abilities are a superset of its own (only at the top level, as in Move).
 */
export function tyAssignable(expected: Ty, given: Ty): boolean {
  if (expected.k === 14 && given.k === 14) {
    return (
      (expected.abilities & given.abilities) === expected.abilities &&
      fnShapeEquals(expected, given)
    );
  }
  return tyEquals(expected, given);
}

/** Thrown by `parseTy` for a type string that does not parse. */
export class TypeParseError extends Error {
  override readonly name = 'TypeParseError';
}

/**
 * Parses a type as the REST API and ABIs spell it: `u64`, `vector<u8>`, `&mut signer`,
 * `0x1::coin::Coin<0x1::aptos_coin::AptosCoin>`, `T0` (when generics are allowed).
 */
export function parseTy(text: string, allowGenerics = false): Ty {
  let pos = 0;
  const src = text.trim();
  const skip = () => {
    while (src[pos] === ' ') pos += 1;
  };
  const ident = (): string => {
    skip();
    const match = /^[A-Za-z_0-9$]+/.exec(src.slice(pos));
    if (match === null) throw new TypeParseError(`Invalid type: ${text}`);
    pos += match[0].length;
    return match[0];
  };
  const expect = (token: string) => {
    skip();
    if (!src.startsWith(token, pos)) throw new TypeParseError(`Invalid type: ${text}`);
    pos += token.length;
  };
  const one = (): Ty => {
    skip();
    if (src[pos] === '&') {
      pos += 1;
      skip();
      if (src.startsWith('mut ', pos)) {
        pos += 4;
        return T.mutRef(one());
      }
      return T.ref(one());
    }
    const head = ident();
    const index = PRIM_NAMES.indexOf(head);
    if (index >= 0) return prim(index as PrimKind);
    if (head === 'vector') {
      expect('<');
      const elem = one();
      expect('>');
      return T.vector(elem);
    }
    const generic = /^T([0-9]+)$/.exec(head);
    if (generic !== null && allowGenerics && src[pos] !== ':') return T.param(Number(generic[1]));
    const address = parseAddress(head);
    if (address === null) throw new TypeParseError(`Invalid type: ${text}`);
    expect('::');
    const module = ident();
    expect('::');
    const name = ident();
    skip();
    const args: Ty[] = [];
    if (src[pos] === '<') {
      pos += 1;
      args.push(one());
      skip();
      while (src[pos] === ',') {
        pos += 1;
        args.push(one());
        skip();
      }
      expect('>');
    }
    return T.struct({ address, module, name }, args);
  };
  const ty = one();
  skip();
  if (pos !== src.length) throw new TypeParseError(`Invalid type: ${text}`);
  return ty;
}
