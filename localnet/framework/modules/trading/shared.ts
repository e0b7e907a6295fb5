/**
 * What the AptosTrading (`0x5`) and AptosExperimental (`0x7`) modules share: their addresses, the
 * ABI of an enum, and field access on the VM's values (a struct is an array of its fields, an
 * enum value `[variant, ...fields]`, so field `i` of a variant sits at index `i + 1`).
 */
import type { LongAddress } from '../../../encoding.ts';
import { vmError } from '../../../move/vm/errors.ts';
import type { Value } from '../../../move/vm/values.ts';
import { copyValue, Ref } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import type { NativeFunction, StructAbi } from '../../context.ts';
import { abortIn, deref } from '../../vmState.ts';

export const TRADING = `0x${'0'.repeat(63)}5` as LongAddress;
export const EXPERIMENTAL = `0x${'0'.repeat(63)}7` as LongAddress;

/** The constraint every order's metadata type `M` has (`store + copy + drop`). */
export const CDS = ['copy', 'drop', 'store'];
export const GENERIC = { typeParams: [{ constraints: CDS, is_phantom: false }] };

/** An enum's ABI: its variants with their fields, no fields of its own. */
export const enumAbi = (
  name: string,
  abilities: string[],
  variants: Array<[string, Array<[string, string]>]>,
  extra: Partial<StructAbi> = {},
): StructAbi => ({
  name,
  abilities,
  fields: [],
  variants: variants.map(([variant, fields]) => ({
    name: variant,
    fields: fields.map(([fieldName, type]) => ({ name: fieldName, type })),
  })),
  ...extra,
});

/** The value at `path` (indices into nested structs/enums) under `v`, read through a `Ref`. */
export function at(v: Value, path: readonly number[]): Value {
  let cur = deref(v);
  for (const i of path) cur = (cur as Value[])[i] as Value;
  return cur;
}

/** A `Ref` to the value at `path` under `v` (itself a `Ref`): `&self.a.b`, `&mut self.a.b`. */
export function refAt(v: Value, path: readonly number[]): Ref {
  const parent = at(v, path.slice(0, -1)) as Value[];
  return new Ref(parent, path[path.length - 1] as number);
}

/** `self.a.b` of a copyable field: a copy, as `*&self.a.b` reads it. */
export const read = (v: Value, path: readonly number[]): Value => copyValue(at(v, path));

/**
 * A VM failure (`STRUCT_VARIANT_MISMATCH` where the compiled code borrows a field the variant
 * lacks, `ARITHMETIC_ERROR` on overflow, `MISSING_DATA` reading an absent resource) at the site a node names: `named` is the function the API
 * prints (the handle at the failing function's definition index, not always the function
 * itself), `offset` the instruction's in the reference bytecode.
 */
export const failAt = (
  status:
    'STRUCT_VARIANT_MISMATCH' | 'ARITHMETIC_ERROR' | 'VECTOR_OPERATION_ERROR' | 'MISSING_DATA',
  named: string,
  offset: number,
): never => {
  const error = vmError(status, `${named}+${offset}`);
  error.site = { function: named, offset };
  throw error;
};

export const variantMismatch = (named: string, offset: number): never =>
  failAt('STRUCT_VARIANT_MISMATCH', named, offset);

/** An `abort CODE` of a trading module (the sources abort with bare codes). */
export const aborter =
  (module: string) =>
  (code: bigint, name: string, doc = ''): never =>
    abortIn(module, code, name, doc);

/** A getter `f(self: &S): T` reading `self` at `path`. */
export const getter = (
  name: string,
  param: string,
  returns: string,
  path: readonly number[],
  typeParams?: string[][],
): NativeFunction =>
  fn(
    name,
    { params: [`&${param}`], returns: [returns], ...(typeParams && { typeParams }) },
    (_h, _t, [self]) => [read(self as Value, path)],
  );

/** `f(self: &S): &T` / `&mut T`: a reference into `self` at `path`. */
export const borrower = (
  name: string,
  param: string,
  returns: string,
  path: readonly number[],
  typeParams?: string[][],
): NativeFunction =>
  fn(
    name,
    { params: [param], returns: [returns], ...(typeParams && { typeParams }) },
    (_h, _t, [self]) => [refAt(self as Value, path)],
  );

/** A constructor of a one-variant enum (`V1 { … }`) from its arguments in field order. */
export const packV1 = (args: Value[]): Value => [0, ...args];

/** Unpacking a one-variant enum value passed by value: its fields in order. */
export const unpackV1 = (v: Value): Value[] => (v as Value[]).slice(1);
