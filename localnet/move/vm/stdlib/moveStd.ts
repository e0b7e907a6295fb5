/**
 * MoveStdlib modules that are Move code in the framework, natively (`0x1` has no bytecode here),
 * following their sources:
 *
 * - `result`: `enum Result<T, E> { Ok(T), Err(E) }` is `[variant, value]`; `unwrap` of an `Err`
 *   aborts `E_UNWRAP_OK` 0x10000, `unwrap_err` of an `Ok` `E_UNWRAP_ERR` 0x10001; the
 *   compiler's struct API (`pack$Result$Ok`, `borrow$Result$0$1`, …) fails as its single
 *   instruction does: `STRUCT_VARIANT_MISMATCH` on the other variant.
 * - `bit_vector`: `BitVector { length, bit_field: vector<bool> }`; `new` aborts `ELENGTH` 0x20001
 *   outside `1..1023`, an index past the field `EINDEX` 0x20000.
 * - `acl`: `ACL { list: vector<address> }`; `ECONTAIN` 0x10000, `ENOT_CONTAIN` 0x10001.
 * - `string::into_bytes`;
 * - `reflect::error_code` (the `ReflectionError` variant's index). `reflect::resolve` is not
 *   here: it needs the loader's function lookup and type check from a native.
 */
import { BytecodeAbort, vmError } from '../errors.ts';
import type { NativeHost, NativeImpl } from '../loader.ts';
import { GAS_PARAMS } from '../ops.ts';
import type { Value } from '../values.ts';
import { Ref } from '../values.ts';

const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);
const fields = (v: Value | undefined): Value[] => deref(v as Value) as Value[];
/** About one iteration of a Move loop. */
const PER_ELEMENT = 735;

const abortIn =
  (module: string) =>
  (code: bigint): never => {
    throw new BytecodeAbort(`0x1::${module}`, code, null);
  };

const base =
  (impl: (host: NativeHost, args: Value[]) => Value[]): NativeImpl =>
  (host, _tys, args) => {
    host.charge(GAS_PARAMS.nativeBase);
    return impl(host, args);
  };

// ---------------------------------------------------------------------------------------------
// result

const OK = 0;
const ERR = 1;
const resultAbort = abortIn('result');

/** The variant's value, or `STRUCT_VARIANT_MISMATCH` at the function's one instruction. */
const variantOf = (r: Value[], variant: number, fn: string): Value[] => {
  if (r[0] !== variant) throw vmError('STRUCT_VARIANT_MISMATCH', `0x1::result::${fn}+1`);
  return r;
};

export const RESULT: ReadonlyArray<[string, NativeImpl]> = [
  ['is_ok', base((_h, [r]) => [fields(r)[0] === OK])],
  ['is_err', base((_h, [r]) => [fields(r)[0] === ERR])],
  ['test_variant$Result$Ok', base((_h, [r]) => [fields(r)[0] === OK])],
  ['test_variant$Result$Err', base((_h, [r]) => [fields(r)[0] === ERR])],
  ['pack$Result$Ok', base((_h, [v]) => [[OK, v as Value]])],
  ['pack$Result$Err', base((_h, [v]) => [[ERR, v as Value]])],
  [
    'unpack$Result$Ok',
    base((_h, [r]) => [variantOf(r as Value[], OK, 'unpack$Result$Ok')[1] as Value]),
  ],
  [
    'unpack$Result$Err',
    base((_h, [r]) => [variantOf(r as Value[], ERR, 'unpack$Result$Err')[1] as Value]),
  ],
  ...(
    [
      ['borrow$Result$0$0', OK],
      ['borrow$Result$0$1', ERR],
      ['borrow_mut$Result$0$0', OK],
      ['borrow_mut$Result$0$1', ERR],
    ] as const
  ).map(([name, variant]): [string, NativeImpl] => [
    name,
    base((_h, [r]) => [new Ref(variantOf(fields(r), variant, name), 1)]),
  ]),
  [
    'unwrap',
    base((_h, [r]) => {
      const v = r as Value[];
      if (v[0] !== OK) resultAbort(0x10000n);
      return [v[1] as Value];
    }),
  ],
  [
    'unwrap_err',
    base((_h, [r]) => {
      const v = r as Value[];
      if (v[0] !== ERR) resultAbort(0x10001n);
      return [v[1] as Value];
    }),
  ],
];

// ---------------------------------------------------------------------------------------------
// bit_vector

const EINDEX = 0x20000n;
const ELENGTH = 0x20001n;
const bitAbort = abortIn('bit_vector');

/** `bit_field`, after `bit_index < bit_field.length()` (else `EINDEX`). */
const bitsAt = (v: Value | undefined, index: Value | undefined): [boolean[], number] => {
  const bits = fields(v)[1] as boolean[];
  const i = index as bigint;
  if (i >= BigInt(bits.length)) bitAbort(EINDEX);
  return [bits, Number(i)];
};

export const BIT_VECTOR: ReadonlyArray<[string, NativeImpl]> = [
  [
    'new',
    base((host, [length]) => {
      const n = length as bigint;
      if (n === 0n || n >= 1024n) bitAbort(ELENGTH);
      host.charge(PER_ELEMENT * Number(n));
      return [[n, Array.from({ length: Number(n) }, () => false)]];
    }),
  ],
  [
    'set',
    base((_h, [v, i]) => {
      const [bits, at] = bitsAt(v, i);
      bits[at] = true;
      return [];
    }),
  ],
  [
    'unset',
    base((_h, [v, i]) => {
      const [bits, at] = bitsAt(v, i);
      bits[at] = false;
      return [];
    }),
  ],
  [
    'is_index_set',
    base((_h, [v, i]) => {
      const [bits, at] = bitsAt(v, i);
      return [bits[at] as boolean];
    }),
  ],
  ['length', base((_h, [v]) => [BigInt((fields(v)[1] as boolean[]).length)])],
  [
    'shift_left',
    base((host, [v, amount]) => {
      const f = fields(v);
      const length = f[0] as bigint;
      const bits = f[1] as boolean[];
      const shift = amount as bigint;
      host.charge(PER_ELEMENT * bits.length);
      if (shift >= length) {
        bits.fill(false);
        return [];
      }
      // The Move loops index up to `length`, which a hand-built value may set past the field.
      for (let i = shift; i < length; i += 1n) {
        const [from, at] = bitsAt(v, i);
        const [to, target] = bitsAt(v, i - shift);
        to[target] = from[at] as boolean;
      }
      for (let i = length - shift; i < length; i += 1n) {
        const [to, target] = bitsAt(v, i);
        to[target] = false;
      }
      return [];
    }),
  ],
  [
    'longest_set_sequence_starting_at',
    base((host, [v, start]) => {
      const f = fields(v);
      const length = f[0] as bigint;
      const from = start as bigint;
      if (from >= length) bitAbort(EINDEX);
      let index = from;
      while (index < length) {
        const [bits, at] = bitsAt(v, index);
        if (bits[at] !== true) break;
        index += 1n;
      }
      host.charge(PER_ELEMENT * Number(index - from));
      return [index - from];
    }),
  ],
];

// ---------------------------------------------------------------------------------------------
// acl

const aclAbort = abortIn('acl');
const listOf = (acl: Value | undefined): string[] => fields(acl)[0] as string[];

export const ACL: ReadonlyArray<[string, NativeImpl]> = [
  ['empty', base(() => [[[]]])],
  [
    'add',
    base((host, [acl, addr]) => {
      const list = listOf(acl);
      host.charge(PER_ELEMENT * list.length);
      if (list.includes(addr as string)) aclAbort(0x10000n);
      list.push(addr as string);
      return [];
    }),
  ],
  [
    'remove',
    base((host, [acl, addr]) => {
      const list = listOf(acl);
      host.charge(PER_ELEMENT * list.length);
      const index = list.indexOf(addr as string);
      if (index < 0) aclAbort(0x10001n);
      list.splice(index, 1);
      return [];
    }),
  ],
  [
    'contains',
    base((host, [acl, addr]) => {
      const list = listOf(acl);
      host.charge(PER_ELEMENT * list.length);
      return [list.includes(addr as string)];
    }),
  ],
  [
    'assert_contains',
    base((host, [acl, addr]) => {
      const list = listOf(acl);
      host.charge(PER_ELEMENT * list.length);
      if (!list.includes(addr as string)) aclAbort(0x10001n);
      return [];
    }),
  ],
];

export const STRING: ReadonlyArray<[string, NativeImpl]> = [
  ['into_bytes', base((_h, [s]) => [(s as Value[])[0] as Value])],
];

export const REFLECT: ReadonlyArray<[string, NativeImpl]> = [
  ['error_code', base((_h, [e]) => [BigInt((e as Value[])[0] as number)])],
];
