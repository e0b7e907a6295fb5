/**
 * `0x1::string_utils` (aptos_std): Move values as text, as the node's `native_format` and
 * `native_format_list` (aptos-core `aptos-move/framework/src/natives/string_utils.rs`) print them.
 *
 * - integers in decimal (`to_string_with_integer_types` would add `u8`, `u64`, …, but the
 *   framework passes `include_int_types = false` there too, so it prints like
 *   `to_string_with_canonical_addresses`, as on a node);
 * - `bool` as `true`/`false`; addresses `@0x1` (short) or, canonical, `@` + 64 hex digits without
 *   `0x`; a signer `signer(@0x…)`;
 * - `vector<u8>` as `0x` + hex; other vectors `[ 1, 2, 3 ]` (`[]` when empty);
 * - `0x1::string::String` quoted with `\` and `"` escaped; `Option` as `None` / `Some(v)`;
 * - a struct `Name { field: v, … }` (with `type_tag`, its full type `0x…::m::Name<…> { … }`), an
 *   enum value `Variant{ field: v }`;
 * - `debug_string`: vectors of non-primitives and structs one field a line, indented by two
 *   spaces per level, struct names with their full type.
 *
 * `format1`…`format4` replace each `{}` of the format (`{{` and `}}` escape braces) by the next
 * value, formatted with its type tag on one line. Aborts, in `0x1::string_utils`:
 * `EARGS_MISMATCH` (1, more or fewer values than `{}`), `EINVALID_FORMAT` (2, a lone brace or a
 * format that is not UTF-8), `EUNABLE_TO_FORMAT_DELAYED_FIELD` (3, an `aggregator_v2` value).
 * Gas: `string_utils.format.base` (1102) per value printed and `per_byte` (3) per byte of strings,
 * byte vectors and the format.
 */
import type { LongAddress } from '../../../encoding.ts';
import { shortAddress } from '../../../encoding.ts';
import { BytecodeAbort } from '../errors.ts';
import type { NativeHost, NativeImpl } from '../loader.ts';
import type { Ty } from '../ty.ts';
import { K, structId, T, tyString } from '../ty.ts';
import type { Value } from '../values.ts';
import { Ref } from '../values.ts';

const FRAMEWORK = `0x${'0'.repeat(63)}1` as LongAddress;
const BASE = 1102;
const PER_BYTE = 3;

const ERRORS = {
  1: {
    name: 'EARGS_MISMATCH',
    doc: 'The number of values in the list does not match the number of "{}" in the format string.',
  },
  2: { name: 'EINVALID_FORMAT', doc: 'The format string is not valid.' },
} as const;
const abort = (code: 1n | 2n | 3n): never => {
  throw new BytecodeAbort(
    '0x1::string_utils',
    code,
    code === 3n ? null : ERRORS[code === 1n ? 1 : 2],
  );
};

const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);

interface Options {
  typeTag: boolean;
  canonicalize: boolean;
  singleLine: boolean;
  includeIntTypes: boolean;
}

const INT_SUFFIX: Partial<Record<number, string>> = {
  [K.U8]: 'u8',
  [K.U16]: 'u16',
  [K.U32]: 'u32',
  [K.U64]: 'u64',
  [K.U128]: 'u128',
  [K.U256]: 'u256',
  [K.I8]: 'i8',
  [K.I16]: 'i16',
  [K.I32]: 'i32',
  [K.I64]: 'i64',
  [K.I128]: 'i128',
  [K.I256]: 'i256',
};

/** Types whose layout holds delayed fields on a node (`type_to_fully_annotated_layout` fails). */
const DELAYED = new Set([
  '0x1::aggregator_v2::Aggregator',
  '0x1::aggregator_v2::AggregatorSnapshot',
  '0x1::aggregator_v2::DerivedStringSnapshot',
]);
function checkLayout(host: NativeHost, ty: Ty, seen = new Set<string>()): void {
  if (ty.k === K.VECTOR) return checkLayout(host, ty.elem, seen);
  if (ty.k !== K.STRUCT) return;
  const id = structId(ty.s);
  if (DELAYED.has(id)) abort(3n);
  const key = tyString(ty);
  if (seen.has(key)) return;
  seen.add(key);
  const layout = host.layout(ty.s, ty.args);
  const fields =
    layout.kind === 'struct' ? layout.fields : layout.variants.flatMap((v) => v.fields);
  for (const field of fields) checkLayout(host, field.ty, seen);
}

const address = (a: string, o: Options): string =>
  o.canonicalize ? `@${a.slice(2)}` : `@${shortAddress(a as LongAddress)}`;
const escape = (s: string): string => s.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
const spaceOrNewline = (newline: boolean, depth: number): string =>
  newline ? `\n${'  '.repeat(depth)}` : ' ';
const primitive = (ty: Ty): boolean => ty.k !== K.VECTOR && ty.k !== K.STRUCT;

class Formatter {
  constructor(
    private readonly host: NativeHost,
    private readonly o: Options,
  ) {}

  /** `format_vector`: the items between the brackets, each with its field name when it has one. */
  private items(
    items: ReadonlyArray<{ name: string | null; ty: Ty; value: Value }>,
    depth: number,
    newline: boolean,
  ): string {
    if (items.length === 0) return '';
    let out = spaceOrNewline(newline, depth + 1);
    items.forEach((item, i) => {
      if (i > 0) out += `,${spaceOrNewline(newline, depth + 1)}`;
      if (item.name !== null) out += `${item.name}: `;
      out += this.format(item.ty, item.value, depth + 1);
    });
    return out + spaceOrNewline(newline, depth);
  }

  format(ty: Ty, value: Value, depth: number): string {
    this.host.charge(BASE);
    const v = deref(value);
    switch (ty.k) {
      case K.BOOL:
        return String(v);
      case K.U8:
      case K.U16:
      case K.U32:
      case K.U64:
      case K.U128:
      case K.U256:
      case K.I8:
      case K.I16:
      case K.I32:
      case K.I64:
      case K.I128:
      case K.I256:
        return `${String(v)}${this.o.includeIntTypes ? (INT_SUFFIX[ty.k] ?? '') : ''}`;
      case K.ADDRESS:
        return address(v as string, this.o);
      case K.SIGNER:
        return `signer(${address(v as string, this.o)})`;
      case K.VECTOR: {
        const items = v as Value[];
        if (ty.elem.k === K.U8) {
          this.host.charge(PER_BYTE * items.length);
          return `0x${Buffer.from(items as number[]).toString('hex')}`;
        }
        const list = items.map((item) => ({ name: null, ty: ty.elem, value: item }));
        return `[${this.items(list, depth, !this.o.singleLine && !primitive(ty.elem))}]`;
      }
      case K.STRUCT: {
        const id = structId(ty.s);
        const fields = v as Value[];
        if (id === '0x1::string::String') {
          const bytes = fields[0] as number[];
          this.host.charge(PER_BYTE * bytes.length);
          return `"${escape(Buffer.from(bytes).toString('utf8'))}"`;
        }
        if (id === '0x1::option::Option') {
          const inner = fields[0] as Value[];
          return inner.length === 0
            ? 'None'
            : `Some(${this.format(ty.args[0] as Ty, inner[0] as Value, depth)})`;
        }
        const layout = this.host.layout(ty.s, ty.args);
        if (layout.kind === 'enum') {
          const tag = fields[0] as number;
          const variant = layout.variants[tag];
          if (variant === undefined) return abort(2n);
          const list = variant.fields.map((f, i) => ({
            name: f.name,
            ty: f.ty,
            value: fields[i + 1] as Value,
          }));
          return `${variant.name}{${this.items(list, depth, !this.o.singleLine)}}`;
        }
        const list = layout.fields.map((f, i) => ({
          name: f.name,
          ty: f.ty,
          value: fields[i] as Value,
        }));
        const name = this.o.typeTag ? tyString(ty) : ty.s.name;
        return `${name} {${this.items(list, depth, !this.o.singleLine)}}`;
      }
      default:
        // References do not reach here (`&T` arguments are read first); function values need
        // the loader's captured layouts, which this interpreter does not keep yet.
        return abort(3n);
    }
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** `native_format<T>(s: &T, type_tag, canonicalize, single_line, include_int_types)`. */
export function formatValue(host: NativeHost, ty: Ty, value: Value, o: Options): string {
  checkLayout(host, ty);
  return new Formatter(host, o).format(ty, value, 0);
}

const toString = (text: string): Value => [Array.from(Buffer.from(text, 'utf8'))];

const isListStruct = (ty: Ty, name: string): boolean =>
  ty.k === K.STRUCT &&
  ty.s.address === FRAMEWORK &&
  ty.s.module === 'string_utils' &&
  ty.s.name === name;

/** `native_format_list<T>(fmt: &vector<u8>, val: &T)`: `T` is `Cons<A, Cons<B, … NIL>>`. */
export function formatList(host: NativeHost, fmtBytes: number[], listTy: Ty, list: Value): string {
  let text: string;
  try {
    text = UTF8.decode(Uint8Array.from(fmtBytes));
  } catch {
    return abort(2n);
  }
  host.charge(PER_BYTE * fmtBytes.length);
  let ty = listTy;
  let val = deref(list);
  let out = '';
  let inBraces = 0;
  for (const c of text) {
    if (inBraces === 1) {
      inBraces = 0;
      if (c === '}') {
        if (!isListStruct(ty, 'Cons')) abort(1n);
        const args = (ty as { args: Ty[] }).args;
        const [car, cdr] = val as [Value, Value];
        const carTy = args[0] as Ty;
        checkLayout(host, carTy);
        out += new Formatter(host, {
          typeTag: true,
          canonicalize: false,
          singleLine: true,
          includeIntTypes: false,
        }).format(carTy, car, 0);
        ty = args[1] as Ty;
        val = cdr;
        continue;
      } else if (c !== '{') abort(2n);
    } else if (inBraces === -1) {
      inBraces = 0;
      if (c !== '}') abort(2n);
    } else if (c === '{') {
      inBraces = 1;
      continue;
    } else if (c === '}') {
      inBraces = -1;
      continue;
    }
    out += c;
  }
  if (inBraces !== 0) abort(2n);
  if (!isListStruct(ty, 'NIL')) abort(1n);
  return out;
}

const CONS = (car: Ty, cdr: Ty): Ty =>
  T.struct({ address: FRAMEWORK, module: 'string_utils', name: 'Cons' }, [car, cdr]);
const NIL_TY = T.struct({ address: FRAMEWORK, module: 'string_utils', name: 'NIL' });
/** `NIL {}` compiles to a struct with one `dummy_field: bool`. */
const NIL: Value = [false];

const formatter =
  (typeTag: boolean, canonicalize: boolean, singleLine: boolean): NativeImpl =>
  (host, tys, [s]) => [
    toString(
      formatValue(host, tys[0] as Ty, s as Value, {
        typeTag,
        canonicalize,
        singleLine,
        includeIntTypes: false,
      }),
    ),
  ];

const formatN =
  (n: number): NativeImpl =>
  (host, tys, [fmt, ...values]) => {
    let listTy = NIL_TY;
    let list: Value = NIL;
    for (let i = n - 1; i >= 0; i -= 1) {
      listTy = CONS(tys[i] as Ty, listTy);
      list = [values[i] as Value, list];
    }
    return [toString(formatList(host, deref(fmt as Value) as number[], listTy, list))];
  };

/** The natives of `0x1::string_utils`, by function name. */
export const STRING_UTILS: ReadonlyArray<[string, NativeImpl]> = [
  ['to_string', formatter(false, false, true)],
  ['to_string_with_canonical_addresses', formatter(false, true, true)],
  // The framework passes the same flags as for canonical addresses (no integer suffixes).
  ['to_string_with_integer_types', formatter(false, true, true)],
  ['debug_string', formatter(true, false, false)],
  ['format1', formatN(1)],
  ['format2', formatN(2)],
  ['format3', formatN(3)],
  ['format4', formatN(4)],
  ['cons', (_h, _t, [car, cdr]) => [[car as Value, cdr as Value]]],
  ['nil', () => [[false]]],
  [
    'native_format',
    (host, tys, [s, typeTag, canonicalize, singleLine, includeIntTypes]) => [
      toString(
        formatValue(host, tys[0] as Ty, s as Value, {
          typeTag: typeTag as boolean,
          canonicalize: canonicalize as boolean,
          singleLine: singleLine as boolean,
          includeIntTypes: includeIntTypes as boolean,
        }),
      ),
    ],
  ],
  [
    'native_format_list',
    (host, tys, [fmt, val]) => [
      toString(formatList(host, deref(fmt as Value) as number[], tys[0] as Ty, val as Value)),
    ],
  ],
];
