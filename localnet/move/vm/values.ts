import { Closure, closureEquals, readClosure, writeClosure } from './closures.ts';
import type { FieldTypes } from './closures.ts';
import type { StructName, Ty } from './ty.ts';
import { K } from './ty.ts';

export { Closure } from './closures.ts';

/**
 * Move values in the interpreter:
 * - `bool` boolean; `u8`/`u16`/`u32` number; `u64`/`u128`/`u256` bigint; `i8`/`i16`/`i32`
 *   number and `i64`/`i128`/`i256` bigint, negative as they are;
 * - `address` and `signer` a long-form address string (`0x` + 64 hex digits);
 * - `vector<T>` a JS array (also `vector<u8>`, of numbers);
 * - a struct an array of its fields; an enum value an array `[variant, ...fields]`;
 * - a reference a `Ref` to a slot of a container (locals, a struct, a vector, a global cell);
 * - a function value a `Closure` (closures.ts; immutable, so copies share it).
 */
export type Value = boolean | number | bigint | string | Value[] | Ref | Closure;

/** A reference: slot `i` of container `c` (a frame's locals, a struct's fields, a vector). */
export class Ref {
  constructor(
    public c: Value[],
    public i: number,
  ) {}
}

/** Value semantics: copying a struct or vector copies it deeply (references are shared). */
export function copyValue(v: Value): Value {
  if (!Array.isArray(v)) return v;
  const out = new Array<Value>(v.length);
  for (let i = 0; i < v.length; i += 1) {
    const item = v[i] as Value;
    out[i] = Array.isArray(item) ? copyValue(item) : item;
  }
  return out;
}

/** Structural equality (`==`); references compare what they point to. */
export function valueEquals(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (a instanceof Ref) a = a.c[a.i] as Value;
  if (b instanceof Ref) b = b.c[b.i] as Value;
  if (a === b) return true;
  if (a instanceof Closure && b instanceof Closure) {
    return closureEquals(a, b, (x, y) => valueEquals(x as Value, y as Value));
  }
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    if (!valueEquals(a[i] as Value, b[i] as Value)) return false;
  }
  return true;
}

/**
 * The abstract size Aptos's gas schedule charges per unit for copies, reads and comparisons
 * (`misc.abs_val`): 40 per scalar, struct, vector or reference; inside a vector of scalars the
 * packed sizes (1 per u8, 8 per u64, 32 per address). An approximation: small integers in a
 * vector count 1 whatever their width.
 */
export function abstractSize(v: Value): number {
  if (!Array.isArray(v)) return 40;
  let size = 40;
  for (const item of v) {
    if (Array.isArray(item)) size += abstractSize(item);
    else if (typeof item === 'number' || typeof item === 'boolean') size += 1;
    else if (typeof item === 'bigint') size += 8;
    else if (typeof item === 'string') size += 32;
    else if (item instanceof Closure) size += closureSize(item);
    else size += 40;
  }
  return size;
}

/** A closure counts 40 plus its captured values. */
export function closureSize(c: Closure): number {
  let size = 40;
  for (const v of c.captured ?? []) size += abstractSize(v as Value);
  return size;
}

/** A struct's or enum's fields with its type arguments substituted. */
export type Layout =
  | { kind: 'struct'; fields: ReadonlyArray<{ name: string; ty: Ty }> }
  | {
      kind: 'enum';
      variants: ReadonlyArray<{ name: string; fields: ReadonlyArray<{ name: string; ty: Ty }> }>;
    };

/** Finds the layout of a struct type (through the loader, or the native framework's table). */
export type LayoutResolver = (s: StructName, args: readonly Ty[]) => Layout;

/** A value that does not fit its type while (de)serializing or converting. */
export class ValueError extends Error {
  override readonly name = 'ValueError';
}

// ---------------------------------------------------------------------------------------------
// BCS

const sizeOf = (k: number): number =>
  k === K.U8 ? 1 : k === K.U16 ? 2 : k === K.U32 ? 4 : k === K.U64 ? 8 : k === K.U128 ? 16 : 32;

/** Bytes of a signed integer kind (i8 … i256). */
export const signedSize = (k: number): number => 2 ** (k - K.I8);

/** A signed value as BCS writes it: two's complement in `size` bytes. */
function twosComplement(v: number | bigint, size: number): number | bigint {
  if (typeof v === 'number') return v < 0 ? v + 2 ** (8 * size) : v;
  return v < 0n ? v + (1n << BigInt(8 * size)) : v;
}

/** The inverse of `twosComplement`. */
function fromTwosComplement(raw: number | bigint, size: number): number | bigint {
  if (typeof raw === 'number') return raw >= 2 ** (8 * size - 1) ? raw - 2 ** (8 * size) : raw;
  return raw >= 1n << BigInt(8 * size - 1) ? raw - (1n << BigInt(8 * size)) : raw;
}

export class BcsWriter {
  private buf = new Uint8Array(64);
  length = 0;

  private ensure(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.length++] = b;
  }

  uleb(n: number): void {
    let rest = n >>> 0;
    do {
      let b = rest & 0x7f;
      rest >>>= 7;
      if (rest !== 0) b |= 0x80;
      this.byte(b);
    } while (rest !== 0);
  }

  uint(value: number | bigint, size: number): void {
    this.ensure(size);
    if (typeof value === 'number' && size <= 4) {
      for (let i = 0; i < size; i += 1) this.buf[this.length++] = (value >>> (8 * i)) & 0xff;
      return;
    }
    let rest = BigInt(value);
    for (let i = 0; i < size; i += 1) {
      this.buf[this.length++] = Number(rest & 0xffn);
      rest >>= 8n;
    }
  }

  address(addr: string): void {
    this.ensure(32);
    const hex = addr.slice(2);
    for (let i = 0; i < 32; i += 1)
      this.buf[this.length++] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

export function serializeInto(w: BcsWriter, ty: Ty, v: Value, layouts: LayoutResolver): void {
  switch (ty.k) {
    case K.BOOL:
      w.byte(v === true ? 1 : 0);
      return;
    case K.U8:
    case K.U16:
    case K.U32:
    case K.U64:
    case K.U128:
    case K.U256:
      w.uint(v as number | bigint, sizeOf(ty.k));
      return;
    case K.I8:
    case K.I16:
    case K.I32:
    case K.I64:
    case K.I128:
    case K.I256: {
      const size = signedSize(ty.k);
      w.uint(twosComplement(v as number | bigint, size), size);
      return;
    }
    case K.ADDRESS:
    case K.SIGNER:
      w.address(v as string);
      return;
    case K.VECTOR: {
      const items = v as Value[];
      w.uleb(items.length);
      for (const item of items) serializeInto(w, ty.elem, item, layouts);
      return;
    }
    case K.STRUCT: {
      const layout = layouts(ty.s, ty.args);
      const fields = v as Value[];
      if (layout.kind === 'struct') {
        layout.fields.forEach((field, i) =>
          serializeInto(w, field.ty, fields[i] as Value, layouts),
        );
        return;
      }
      const tag = fields[0] as number;
      w.uleb(tag);
      const variant = layout.variants[tag];
      if (variant === undefined) throw new ValueError(`variant ${tag} out of range`);
      variant.fields.forEach((field, i) =>
        serializeInto(w, field.ty, fields[i + 1] as Value, layouts),
      );
      return;
    }
    case K.FUNCTION: {
      if (!(v instanceof Closure)) throw new ValueError('expected a function value');
      try {
        writeClosure(w, v, fieldTypes(layouts), (t, x) => serializeInto(w, t, x as Value, layouts));
      } catch (error) {
        if (error instanceof ValueError) throw error;
        throw new ValueError(error instanceof Error ? error.message : String(error));
      }
      return;
    }
    default:
      throw new ValueError(`cannot serialize a value of kind ${ty.k}`);
  }
}

/** The field types of a struct instance, for a closure's captured layouts. */
const fieldTypes =
  (layouts: LayoutResolver): FieldTypes =>
  (ty) => {
    const layout = layouts(ty.s, ty.args);
    return layout.kind === 'struct'
      ? { struct: layout.fields.map((f) => f.ty) }
      : { variants: layout.variants.map((variant) => variant.fields.map((f) => f.ty)) };
  };

export function serialize(ty: Ty, v: Value, layouts: LayoutResolver): Uint8Array {
  const w = new BcsWriter();
  serializeInto(w, ty, v, layouts);
  return w.bytes();
}

export class BcsReader {
  pos = 0;

  constructor(readonly buf: Uint8Array) {}

  byte(): number {
    if (this.pos >= this.buf.length) throw new ValueError('unexpected end of input');
    return this.buf[this.pos++] as number;
  }

  uleb(): number {
    let value = 0;
    let shift = 0;
    for (;;) {
      const b = this.byte();
      value += (b & 0x7f) * 2 ** shift;
      if ((b & 0x80) === 0) break;
      shift += 7;
      if (shift > 28) throw new ValueError('ULEB128 too long');
    }
    if (value > 0xffffffff) throw new ValueError('ULEB128 out of range');
    return value;
  }

  uint(size: number): number | bigint {
    if (this.pos + size > this.buf.length) throw new ValueError('unexpected end of input');
    if (size <= 4) {
      let value = 0;
      for (let i = size - 1; i >= 0; i -= 1)
        value = value * 256 + (this.buf[this.pos + i] as number);
      this.pos += size;
      return value;
    }
    let value = 0n;
    for (let i = size - 1; i >= 0; i -= 1)
      value = (value << 8n) | BigInt(this.buf[this.pos + i] as number);
    this.pos += size;
    return value;
  }

  address(): string {
    if (this.pos + 32 > this.buf.length) throw new ValueError('unexpected end of input');
    // A view of the bytes, not a copy (every address argument of a transaction comes here).
    const hex = Buffer.from(this.buf.buffer, this.buf.byteOffset + this.pos, 32).toString('hex');
    this.pos += 32;
    return `0x${hex}`;
  }
}

export function deserializeFrom(r: BcsReader, ty: Ty, layouts: LayoutResolver, depth = 0): Value {
  if (depth > 128) throw new ValueError('value nested too deeply');
  switch (ty.k) {
    case K.BOOL: {
      const b = r.byte();
      if (b > 1) throw new ValueError('expected boolean');
      return b === 1;
    }
    case K.U8:
    case K.U16:
    case K.U32:
    case K.U64:
    case K.U128:
    case K.U256:
      return r.uint(sizeOf(ty.k));
    case K.I8:
    case K.I16:
    case K.I32:
    case K.I64:
    case K.I128:
    case K.I256: {
      const size = signedSize(ty.k);
      return fromTwosComplement(r.uint(size), size);
    }
    case K.ADDRESS:
    case K.SIGNER:
      return r.address();
    case K.VECTOR: {
      const n = r.uleb();
      if (n > r.buf.length - r.pos) throw new ValueError('unexpected end of input');
      const out: Value[] = [];
      for (let i = 0; i < n; i += 1) out.push(deserializeFrom(r, ty.elem, layouts, depth + 1));
      return out;
    }
    case K.STRUCT: {
      const layout = layouts(ty.s, ty.args);
      if (layout.kind === 'struct') {
        return layout.fields.map((field) => deserializeFrom(r, field.ty, layouts, depth + 1));
      }
      const tag = r.uleb();
      const variant = layout.variants[tag];
      if (variant === undefined) throw new ValueError(`invalid variant index ${tag}`);
      return [
        tag,
        ...variant.fields.map((field) => deserializeFrom(r, field.ty, layouts, depth + 1)),
      ];
    }
    case K.FUNCTION:
      try {
        return readClosure(r, depth);
      } catch (error) {
        if (error instanceof ValueError) throw error;
        throw new ValueError(error instanceof Error ? error.message : String(error));
      }
    default:
      throw new ValueError(`cannot deserialize a value of kind ${ty.k}`);
  }
}

/** Deserializes BCS into a value of `ty`; every byte must be used. */
export function deserialize(ty: Ty, bytes: Uint8Array, layouts: LayoutResolver): Value {
  const r = new BcsReader(bytes);
  const value = deserializeFrom(r, ty, layouts);
  if (r.pos !== bytes.length) throw new ValueError('remaining input');
  return value;
}
