/**
 * Kept whole: a function value's packing, call-time merge, JSON and BCS forms are one format
 * (the mask, the captured values and their layouts), read and written in step with each other.
 *
 * Move function values (bytecode v8 closures), as the Aptos Move VM defines them
 * (move-vm-types `values/function_values_impl.rs`, move-core-types `function.rs`):
 * - `PackClosure f, mask` pops the captured arguments (in parameter order, the value for the
 *   lowest captured parameter deepest) and pushes a closure; bit `i` of the mask set means
 *   parameter `i` is captured;
 * - `CallClosure` finds the closure on top of the stack, the call-time arguments (the parameters
 *   not captured, in order) under it, and merges both in parameter order;
 * - a closure's type is `|not captured params| results` with the abilities of the function
 *   (`copy + drop`, and `store` for a persistent one) intersected with the captured values'.
 *
 * A closure is immutable once packed (nothing can borrow into it), so copying one shares it; the
 * captured values are copied when a call takes them as locals.
 */
import type { Json, LongAddress } from '../../encoding.ts';
import { parseAddress, shortAddress } from '../../encoding.ts';
import type { Ty } from './ty.ts';
import { K, parseTy, tyString } from './ty.ts';

/** `AbilitySet::PUBLIC_FUNCTIONS` (copy, drop, store) and `PRIVATE_FUNCTIONS` (copy, drop). */
const PUBLIC_FUNCTIONS = 0x7;
const PRIVATE_FUNCTIONS = 0x3;

/**
 * The verifier's `clos_pack` shape: the captured and remaining parameter types and the abilities
 * before the captured values' are intersected (`store` only for a function whose handle has the
 * `Persistent` attribute, which the compiler gives public functions). `null` for a mask that
 * names a parameter the function does not have.
 */
export function packClosureType(
  params: readonly Ty[],
  _returns: readonly Ty[],
  mask: bigint,
  persistent: boolean,
): { captured: Ty[]; rest: Ty[]; abilities: number } | null {
  const split = splitByMask(params, mask);
  if (split === null) return null;
  return { ...split, abilities: persistent ? PUBLIC_FUNCTIONS : PRIVATE_FUNCTIONS };
}

/** What the interpreter resolves a closure's function to (a `LoadedFunction` or a native). */
export type ClosureTarget = object;

export class Closure {
  /** Resolved on first call by the interpreter. */
  target: ClosureTarget | null = null;

  constructor(
    /** The function's module address (long form), module and name. */
    readonly address: LongAddress,
    readonly module: string,
    readonly name: string,
    /** The function's type arguments (fully instantiated). */
    readonly tyArgs: readonly Ty[],
    readonly mask: bigint,
    /**
     * The captured values in parameter order; `null` for a closure read back from storage until
     * the call that needs them decodes `capturedJson` with the function's parameter types.
     */
    public captured: unknown[] | null,
    /** The captured values' types, when known (packed in this session, or decoded). */
    public capturedTys: Ty[] | null,
    /** The captured values as stored (REST JSON), for a closure read back from storage. */
    public capturedJson: Json[] | null = null,
    /** The captured values' stored layouts, for a closure decoded from BCS (types unknown). */
    public capturedLayouts: MoveLayout[] | null = null,
  ) {}

  /** `0x1::m::f`, short address, as the node prints `__fun_name__`. */
  get funName(): string {
    return `${shortAddress(this.address)}::${this.module}::${this.name}`;
  }
}

/** The positions of the captured parameters in a mask (bit `i` → parameter `i`). */
export function capturedPositions(mask: bigint): number[] {
  const out: number[] = [];
  for (let i = 0; mask >> BigInt(i) !== 0n; i += 1) {
    if (((mask >> BigInt(i)) & 1n) === 1n) out.push(i);
  }
  return out;
}

/**
 * Splits `params` by `mask` (`ClosureMask::extract`): the captured ones and the rest, each in
 * parameter order. `null` when the mask names a parameter the function does not have.
 */
export function splitByMask(
  params: readonly Ty[],
  mask: bigint,
): { captured: Ty[]; rest: Ty[] } | null {
  if (mask < 0n || mask >> BigInt(params.length) !== 0n) return null;
  const captured: Ty[] = [];
  const rest: Ty[] = [];
  params.forEach((ty, i) => {
    if (((mask >> BigInt(i)) & 1n) === 1n) captured.push(ty);
    else rest.push(ty);
  });
  return { captured, rest };
}

/**
 * Merges a closure's captured values and the call-time arguments in parameter order
 * (`ClosureMask::compose`), copying the captured ones (the callee owns its locals).
 */
export function composeArgs<V>(
  mask: bigint,
  captured: readonly V[],
  provided: readonly V[],
  copy: (v: V) => V,
): V[] {
  const total = captured.length + provided.length;
  const out = new Array<V>(total);
  let c = 0;
  let p = 0;
  for (let i = 0; i < total; i += 1) {
    out[i] =
      i < 64 && ((mask >> BigInt(i)) & 1n) === 1n ? copy(captured[c++] as V) : (provided[p++] as V);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// REST JSON (aptos-api-types `TryFrom<AnnotatedMoveClosure> for MoveStructValue`)

/**
 * A function value as a node prints it in a resource: an object with, in key order,
 * `__captured__` (when something is captured), `__fun_name__` (`0x1::m::f`), `__mask__` (the
 * mask in binary, as Rust's `{:b}` prints it) and `__ty_args__` (when the function is generic).
 */
export function closureToJson(c: Closure, render: (ty: Ty, v: unknown) => Json): Json {
  const out: { [key: string]: Json } = {};
  if (c.captured !== null && c.captured.length > 0) {
    const tys = c.capturedTys;
    const layouts = c.capturedLayouts;
    if (tys !== null) out.__captured__ = c.captured.map((v, i) => render(tys[i] as Ty, v));
    else if (layouts !== null) {
      out.__captured__ = c.captured.map((v, i) => layoutJson(layouts[i] as MoveLayout, v, render));
    } else throw new Error('captured values without types');
  } else if (c.captured === null && c.capturedJson !== null && c.capturedJson.length > 0) {
    out.__captured__ = c.capturedJson;
  }
  out.__fun_name__ = c.funName;
  out.__mask__ = c.mask.toString(2);
  if (c.tyArgs.length > 0) out.__ty_args__ = c.tyArgs.map(tyString);
  return out;
}

/** Reads a function value back from the JSON `closureToJson` writes (captured values stay JSON). */
export function closureFromJson(json: Json): Closure {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new Error(`expected a function value, got ${JSON.stringify(json)}`);
  }
  const name = json.__fun_name__;
  const mask = json.__mask__;
  const match =
    typeof name === 'string' ? /^(0x[0-9a-fA-F]+)::([\w$]+)::([\w$]+)$/.exec(name) : null;
  const address = match === null ? null : parseAddress(match[1] as string);
  if (match === null || address === null || typeof mask !== 'string' || !/^[01]+$/.test(mask)) {
    throw new Error(`expected a function value, got ${JSON.stringify(json)}`);
  }
  const tyArgs = Array.isArray(json.__ty_args__)
    ? json.__ty_args__.map((t) => parseTy(String(t)))
    : [];
  const captured = Array.isArray(json.__captured__) ? json.__captured__ : [];
  return new Closure(
    address,
    match[2] as string,
    match[3] as string,
    tyArgs,
    BigInt(`0b${mask}`),
    null,
    null,
    captured,
  );
}

// ---------------------------------------------------------------------------------------------
// BCS (move-core-types `MoveClosure` serialization, `FUNCTION_DATA_SERIALIZATION_FORMAT_V1`)

/** What the BCS writer of values.ts offers. */
export interface ByteSink {
  byte(b: number): void;
  uleb(n: number): void;
  uint(value: number | bigint, size: number): void;
  address(addr: string): void;
}

const FORMAT_V1 = 1;

function writeString(w: ByteSink, s: string): void {
  const bytes = Buffer.from(s, 'utf8');
  w.uleb(bytes.length);
  for (const b of bytes) w.byte(b);
}

/**
 * A `TypeTag` in BCS (bool 0, u8 1, u64 2, u128 3, address 4, signer 5, vector 6, struct 7, u16 8,
 * u32 9, u256 10, function 11, i8…i256 12…17: move-core-types `language_storage.rs`).
 */
export function writeTypeTag(w: ByteSink, ty: Ty): void {
  switch (ty.k) {
    case K.BOOL:
      return w.byte(0);
    case K.U8:
      return w.byte(1);
    case K.U64:
      return w.byte(2);
    case K.U128:
      return w.byte(3);
    case K.ADDRESS:
      return w.byte(4);
    case K.SIGNER:
      return w.byte(5);
    case K.VECTOR:
      w.byte(6);
      return writeTypeTag(w, ty.elem);
    case K.STRUCT:
      w.byte(7);
      w.address(ty.s.address);
      writeString(w, ty.s.module);
      writeString(w, ty.s.name);
      w.uleb(ty.args.length);
      for (const arg of ty.args) writeTypeTag(w, arg);
      return;
    case K.U16:
      return w.byte(8);
    case K.U32:
      return w.byte(9);
    case K.U256:
      return w.byte(10);
    case K.I8:
    case K.I16:
    case K.I32:
    case K.I64:
    case K.I128:
    case K.I256:
      return w.byte(12 + ty.k - K.I8);
    case K.FUNCTION:
      w.byte(11);
      w.uleb(ty.args.length);
      for (const arg of ty.args) writeTypeTag(w, arg);
      w.uleb(ty.results.length);
      for (const r of ty.results) writeTypeTag(w, r);
      w.byte(ty.abilities);
      return;
    default:
      throw new Error(`type ${tyString(ty)} has no type tag`);
  }
}

/** The field types of a struct instance (a struct's, or each variant's for an enum). */
export type FieldTypes = (ty: Ty & { k: 10 }) => { struct: Ty[] } | { variants: Ty[][] };

/**
 * A captured value's `MoveTypeLayout` in BCS (runtime layout: bool 0, u8 1, u64 2, u128 3,
 * address 4, vector 5, struct 6 (`Runtime` 0 / `RuntimeVariants` 1), signer 7, u16 8, u32 9,
 * u256 10, function 12, i8…i256 13…18: move-core-types `value.rs`).
 */
export function writeTypeLayout(w: ByteSink, ty: Ty, fields: FieldTypes): void {
  switch (ty.k) {
    case K.BOOL:
      return w.uleb(0);
    case K.U8:
      return w.uleb(1);
    case K.U64:
      return w.uleb(2);
    case K.U128:
      return w.uleb(3);
    case K.ADDRESS:
      return w.uleb(4);
    case K.VECTOR:
      w.uleb(5);
      return writeTypeLayout(w, ty.elem, fields);
    case K.STRUCT: {
      w.uleb(6);
      const layout = fields(ty);
      if ('struct' in layout) {
        w.uleb(0);
        w.uleb(layout.struct.length);
        for (const f of layout.struct) writeTypeLayout(w, f, fields);
      } else {
        w.uleb(1);
        w.uleb(layout.variants.length);
        for (const variant of layout.variants) {
          w.uleb(variant.length);
          for (const f of variant) writeTypeLayout(w, f, fields);
        }
      }
      return;
    }
    case K.SIGNER:
      return w.uleb(7);
    case K.U16:
      return w.uleb(8);
    case K.U32:
      return w.uleb(9);
    case K.U256:
      return w.uleb(10);
    case K.FUNCTION:
      return w.uleb(12);
    case K.I8:
    case K.I16:
    case K.I32:
    case K.I64:
    case K.I128:
    case K.I256:
      return w.uleb(13 + ty.k - K.I8);
    default:
      throw new Error(`type ${tyString(ty)} has no layout`);
  }
}

/**
 * Writes a closure as aptos-core stores it: a BCS sequence of `5 + 2 × captured` elements,
 * `format_version: u16` (1), `module_id` (address, name), `fun_id`, `ty_args: Vec<TypeTag>`,
 * `mask: u64`, then each captured value's layout followed by the value.
 */
export function writeClosure(
  w: ByteSink,
  c: Closure,
  fields: FieldTypes,
  writeValue: (ty: Ty, v: unknown) => void,
): void {
  const captured = c.captured;
  const tys = c.capturedTys;
  const layouts = c.capturedLayouts;
  if (captured === null || (tys === null && layouts === null)) {
    throw new Error(`the captured values of ${c.funName} are not decoded`);
  }
  w.uleb(5 + captured.length * 2);
  w.uint(FORMAT_V1, 2);
  w.address(c.address);
  writeString(w, c.module);
  writeString(w, c.name);
  w.uleb(c.tyArgs.length);
  for (const ty of c.tyArgs) writeTypeTag(w, ty);
  w.uint(c.mask, 8);
  captured.forEach((v, i) => {
    if (tys !== null) {
      writeTypeLayout(w, tys[i] as Ty, fields);
      writeValue(tys[i] as Ty, v);
    } else {
      const layout = (layouts as MoveLayout[])[i] as MoveLayout;
      writeLayout(w, layout);
      writeByLayout(w, layout, v, fields, writeValue);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Reading BCS: the stored layouts decode the captured values (their types are not stored)

/** A runtime `MoveTypeLayout` as stored with a captured value. */
export type MoveLayout =
  | {
      t:
        | 'bool'
        | 'u8'
        | 'u16'
        | 'u32'
        | 'u64'
        | 'u128'
        | 'u256'
        | 'i8'
        | 'i16'
        | 'i32'
        | 'i64'
        | 'i128'
        | 'i256'
        | 'address'
        | 'signer'
        | 'fn';
    }
  | { t: 'vector'; elem: MoveLayout }
  | { t: 'struct'; fields: MoveLayout[] }
  | { t: 'variants'; variants: MoveLayout[][] };

/** What the BCS reader of values.ts offers. */
export interface ByteSource {
  byte(): number;
  uleb(): number;
  uint(size: number): number | bigint;
  address(): string;
}

const SCALAR_LAYOUTS: Readonly<Record<number, MoveLayout['t']>> = {
  0: 'bool',
  1: 'u8',
  2: 'u64',
  3: 'u128',
  4: 'address',
  7: 'signer',
  8: 'u16',
  9: 'u32',
  10: 'u256',
  12: 'fn',
  13: 'i8',
  14: 'i16',
  15: 'i32',
  16: 'i64',
  17: 'i128',
  18: 'i256',
};
const LAYOUT_TAGS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(SCALAR_LAYOUTS).map(([tag, t]) => [t, Number(tag)]),
);
const WIDTH: Readonly<Record<string, number>> = {
  u8: 1,
  u16: 2,
  u32: 4,
  u64: 8,
  u128: 16,
  u256: 32,
};
/** Signed scalars' widths: their values are two's complement in BCS. */
const SIGNED_WIDTH: Readonly<Record<string, number>> = {
  i8: 1,
  i16: 2,
  i32: 4,
  i64: 8,
  i128: 16,
  i256: 32,
};

function readSigned(r: ByteSource, size: number): number | bigint {
  const raw = BigInt(r.uint(size));
  const bits = BigInt(8 * size);
  const v = raw >= 1n << (bits - 1n) ? raw - (1n << bits) : raw;
  return size <= 4 ? Number(v) : v;
}

function writeSigned(w: ByteSink, v: number | bigint, size: number): void {
  const x = BigInt(v);
  w.uint(x < 0n ? x + (1n << BigInt(8 * size)) : x, size);
}

function readLayout(r: ByteSource, depth = 0): MoveLayout {
  if (depth > 128) throw new Error('layout nested too deeply');
  const tag = r.uleb();
  const scalar = SCALAR_LAYOUTS[tag];
  if (scalar !== undefined) return { t: scalar } as MoveLayout;
  if (tag === 5) return { t: 'vector', elem: readLayout(r, depth + 1) };
  if (tag !== 6) throw new Error(`unsupported layout tag ${tag}`);
  const kind = r.uleb();
  const list = () => Array.from({ length: r.uleb() }, () => readLayout(r, depth + 1));
  if (kind === 0) return { t: 'struct', fields: list() };
  if (kind === 1) return { t: 'variants', variants: Array.from({ length: r.uleb() }, list) };
  throw new Error(`unsupported struct layout ${kind}`);
}

function writeLayout(w: ByteSink, layout: MoveLayout): void {
  switch (layout.t) {
    case 'vector':
      w.uleb(5);
      return writeLayout(w, layout.elem);
    case 'struct':
      w.uleb(6);
      w.uleb(0);
      w.uleb(layout.fields.length);
      return layout.fields.forEach((f) => writeLayout(w, f));
    case 'variants':
      w.uleb(6);
      w.uleb(1);
      w.uleb(layout.variants.length);
      for (const variant of layout.variants) {
        w.uleb(variant.length);
        for (const f of variant) writeLayout(w, f);
      }
      return;
    default:
      return w.uleb(LAYOUT_TAGS[layout.t] as number);
  }
}

function readByLayout(r: ByteSource, layout: MoveLayout, depth: number): unknown {
  if (depth > 128) throw new Error('value nested too deeply');
  switch (layout.t) {
    case 'bool': {
      const b = r.byte();
      if (b > 1) throw new Error('expected boolean');
      return b === 1;
    }
    case 'address':
    case 'signer':
      return r.address();
    case 'fn':
      return readClosure(r, depth + 1);
    case 'vector':
      return Array.from({ length: r.uleb() }, () => readByLayout(r, layout.elem, depth + 1));
    case 'struct':
      return layout.fields.map((f) => readByLayout(r, f, depth + 1));
    case 'variants': {
      const tag = r.uleb();
      const variant = layout.variants[tag];
      if (variant === undefined) throw new Error(`invalid variant index ${tag}`);
      return [tag, ...variant.map((f) => readByLayout(r, f, depth + 1))];
    }
    default: {
      const signed = SIGNED_WIDTH[layout.t];
      return signed === undefined ? r.uint(WIDTH[layout.t] as number) : readSigned(r, signed);
    }
  }
}

function writeByLayout(
  w: ByteSink,
  layout: MoveLayout,
  v: unknown,
  fields: FieldTypes,
  writeValue: (ty: Ty, v: unknown) => void,
): void {
  switch (layout.t) {
    case 'bool':
      return w.byte(v === true ? 1 : 0);
    case 'address':
    case 'signer':
      return w.address(v as string);
    case 'fn':
      return writeClosure(w, v as Closure, fields, writeValue);
    case 'vector': {
      const items = v as unknown[];
      w.uleb(items.length);
      for (const item of items) writeByLayout(w, layout.elem, item, fields, writeValue);
      return;
    }
    case 'struct':
      return layout.fields.forEach((f, i) =>
        writeByLayout(w, f, (v as unknown[])[i], fields, writeValue),
      );
    case 'variants': {
      const value = v as unknown[];
      const tag = value[0] as number;
      w.uleb(tag);
      (layout.variants[tag] ?? []).forEach((f, i) =>
        writeByLayout(w, f, value[i + 1], fields, writeValue),
      );
      return;
    }
    default: {
      const signed = SIGNED_WIDTH[layout.t];
      if (signed !== undefined) return writeSigned(w, v as number | bigint, signed);
      return w.uint(v as number | bigint, WIDTH[layout.t] as number);
    }
  }
}

/**
 * Renders a captured value known only by its layout as the node renders an undecorated struct
 * (`RawMoveStruct`): fields by position (`"0"`, `"1"`…), `__variant_tag__` for a variant.
 */
function layoutJson(layout: MoveLayout, v: unknown, render: (ty: Ty, v: unknown) => Json): Json {
  switch (layout.t) {
    case 'bool':
    case 'u8':
    case 'u16':
    case 'u32':
    case 'i8':
    case 'i16':
    case 'i32':
      return v as boolean | number;
    case 'address':
    case 'signer':
      return shortAddress(v as LongAddress);
    case 'fn':
      return closureToJson(v as Closure, render);
    case 'vector': {
      const items = v as unknown[];
      if (layout.elem.t === 'u8') return `0x${Buffer.from(items as number[]).toString('hex')}`;
      return items.map((item) => layoutJson(layout.elem, item, render));
    }
    case 'struct': {
      const out: { [key: string]: Json } = {};
      layout.fields.forEach((f, i) => {
        out[String(i)] = layoutJson(f, (v as unknown[])[i], render);
      });
      return out;
    }
    case 'variants': {
      const value = v as unknown[];
      const tag = value[0] as number;
      const out: { [key: string]: Json } = { __variant_tag__: tag };
      (layout.variants[tag] ?? []).forEach((f, i) => {
        out[String(i)] = layoutJson(f, value[i + 1], render);
      });
      return out;
    }
    default:
      return String(v as bigint);
  }
}

function readString(r: ByteSource): string {
  const n = r.uleb();
  const bytes = Uint8Array.from({ length: n }, () => r.byte());
  return Buffer.from(bytes).toString('utf8');
}

/** A `TypeTag` from BCS. */
export function readTypeTag(r: ByteSource, depth = 0): Ty {
  if (depth > 128) throw new Error('type tag nested too deeply');
  const tag = r.uleb();
  const prims: Readonly<Record<number, Ty>> = {
    0: { k: K.BOOL },
    1: { k: K.U8 },
    2: { k: K.U64 },
    3: { k: K.U128 },
    4: { k: K.ADDRESS },
    5: { k: K.SIGNER },
    8: { k: K.U16 },
    9: { k: K.U32 },
    10: { k: K.U256 },
    12: { k: K.I8 },
    13: { k: K.I16 },
    14: { k: K.I32 },
    15: { k: K.I64 },
    16: { k: K.I128 },
    17: { k: K.I256 },
  };
  const prim = prims[tag];
  if (prim !== undefined) return prim;
  const list = () => Array.from({ length: r.uleb() }, () => readTypeTag(r, depth + 1));
  if (tag === 6) return { k: K.VECTOR, elem: readTypeTag(r, depth + 1) };
  if (tag === 7) {
    const address = r.address() as LongAddress;
    const module = readString(r);
    const name = readString(r);
    return { k: K.STRUCT, s: { address, module, name }, args: list() };
  }
  if (tag === 11) {
    const args = list();
    const results = list();
    return { k: K.FUNCTION, args, results, abilities: r.byte() };
  }
  throw new Error(`invalid type tag ${tag}`);
}

/** Reads a closure as `writeClosure` writes it (format version 1 only). */
export function readClosure(r: ByteSource, depth = 0): Closure {
  const elements = r.uleb();
  const version = r.uint(2);
  if (version !== FORMAT_V1) throw new Error(`invalid function data version ${version}`);
  const address = r.address() as LongAddress;
  const module = readString(r);
  const name = readString(r);
  const tyArgs = Array.from({ length: r.uleb() }, () => readTypeTag(r, depth + 1));
  const mask = BigInt(r.uint(8));
  const count = capturedPositions(mask).length;
  if (elements !== 5 + 2 * count) throw new Error('function data length does not match its mask');
  const layouts: MoveLayout[] = [];
  const captured: unknown[] = [];
  for (let i = 0; i < count; i += 1) {
    const layout = readLayout(r, depth + 1);
    layouts.push(layout);
    captured.push(readByLayout(r, layout, depth + 1));
  }
  return new Closure(address, module, name, tyArgs, mask, captured, null, null, layouts);
}

/** Closures compare by function, type arguments, mask, then captured values. */
export function closureEquals(
  a: Closure,
  b: Closure,
  equals: (x: unknown, y: unknown) => boolean,
): boolean {
  if (
    a.address !== b.address ||
    a.module !== b.module ||
    a.name !== b.name ||
    a.mask !== b.mask ||
    a.tyArgs.length !== b.tyArgs.length ||
    a.tyArgs.some((t, i) => tyString(t) !== tyString(b.tyArgs[i] as Ty))
  ) {
    return false;
  }
  if (a.captured !== null && b.captured !== null) {
    return (
      a.captured.length === b.captured.length &&
      a.captured.every((v, i) => equals(v, (b.captured as unknown[])[i]))
    );
  }
  // One (or both) read back from a resource and not called yet: compare as stored.
  const stored = (c: Closure): string => {
    if (c.captured === null) return JSON.stringify(c.capturedJson ?? []);
    const json = closureToJson(c, (ty, v) => renderPlain(ty, v));
    return JSON.stringify((json as { __captured__?: Json }).__captured__ ?? []);
  };
  try {
    return stored(a) === stored(b);
  } catch {
    return false; // a captured struct: its layout is not at hand here
  }
}

/** Renders a captured scalar or vector of scalars as the node does (no struct layouts needed). */
function renderPlain(ty: Ty, v: unknown): Json {
  switch (ty.k) {
    case K.BOOL:
    case K.U8:
    case K.U16:
    case K.U32:
    case K.I8:
    case K.I16:
    case K.I32:
      return v as boolean | number;
    case K.U64:
    case K.U128:
    case K.U256:
    case K.I64:
    case K.I128:
    case K.I256:
      return String(v as bigint);
    case K.ADDRESS:
    case K.SIGNER:
      return shortAddress(v as LongAddress);
    case K.VECTOR:
      if (ty.elem.k === K.U8) return `0x${Buffer.from(v as number[]).toString('hex')}`;
      return (v as unknown[]).map((item) => renderPlain(ty.elem, item));
    case K.FUNCTION:
      return closureToJson(v as Closure, renderPlain);
    default:
      throw new Error('needs a layout');
  }
}
