/**
 * Kept as one piece, as the Rust deserializer is: every table reader shares the cursor, the
 * limits and the error offsets, and the bounds checker reads the tables they build.
 *
 * The deserializer of the Move binary format (modules and scripts, bytecode v5 to v10), following
 * `move-binary-format/src/deserializer.rs`, then the bounds checker of `check_bounds.rs`.
 *
 * Every problem is a `BinaryFormatError` with the node's status name (`MALFORMED`,
 * `UNKNOWN_OPCODE`, `BAD_HEADER_TABLE`, `INDEX_OUT_OF_BOUNDS`, …) and the byte offset where it was
 * found. Every loop consumes input or is bounded by a limit, so no input hangs the reader.
 */
import {
  type AbilitySet,
  type AccessSpecifier,
  type AddressSpecifier,
  type BinaryStatus,
  BinaryFormatError,
  type Bytecode,
  type CodeUnit,
  type CompiledModule,
  type CompiledScript,
  type Constant,
  type FieldDefinition,
  type FieldHandle,
  type FieldInstantiation,
  type FunctionAttribute,
  type FunctionDefinition,
  type FunctionHandle,
  type FunctionInstantiation,
  type Metadata,
  type ModuleHandle,
  type ResourceSpecifier,
  type Signature,
  type SignatureToken,
  type StructDefInstantiation,
  type StructDefinition,
  type StructFieldInformation,
  type StructHandle,
  type StructTypeParameter,
  type StructVariantHandle,
  type StructVariantInstantiation,
  type VariantDefinition,
  type VariantFieldHandle,
  type VariantFieldInstantiation,
  type Visibility,
  ABILITY_ALL,
  APTOS_BYTECODE_VERSION_MASK,
  FUNCTION_ATTRIBUTE_BYTE,
  FUNCTION_FLAG,
  LIMITS,
  MOVE_MAGIC,
  SerializedType,
  TableType,
  VERSION_6,
  VERSION_7,
  VERSION_8,
  VERSION_9,
  VERSION_10,
  VERSION_MAX,
  VERSION_MIN,
} from './types.ts';

export interface ReaderOptions {
  /** The highest bytecode version accepted (default `VERSION_MAX`, 10). */
  maxVersion?: number;
  /** Run the bounds checker after deserializing (default true). */
  checkBounds?: boolean;
}

const fail = (status: BinaryStatus, message: string, offset = -1): never => {
  throw new BinaryFormatError(status, message, offset);
};

/** A cursor over `bytes[pos..end)`; offsets in errors are absolute in the whole binary. */
class Cursor {
  constructor(
    readonly bytes: Uint8Array,
    public pos: number,
    readonly end: number,
    readonly version: number,
  ) {}

  eof(): boolean {
    return this.pos >= this.end;
  }

  u8(what = 'Unexpected EOF'): number {
    if (this.pos >= this.end) fail('MALFORMED', what, this.pos);
    return this.bytes[this.pos++] ?? 0;
  }

  take(n: number, status: BinaryStatus, what: string): Uint8Array {
    if (n > this.end - this.pos) fail(status, what, this.pos);
    const out = this.bytes.slice(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  /** A little-endian unsigned integer of `n` bytes as a bigint. */
  uintLE(n: number, status: BinaryStatus): bigint {
    if (n > this.end - this.pos) fail(status, `expected ${n} bytes`, this.pos);
    let v = 0n;
    for (let i = n - 1; i >= 0; i--) v = (v << 8n) | BigInt(this.bytes[this.pos + i] ?? 0);
    this.pos += n;
    return v;
  }

  /** ULEB128 as in the node: canonical, at most 64 bits, then `≤ max`. */
  uleb(max: number, what: string): number {
    const start = this.pos;
    let value = 0;
    let shift = 0;
    for (;;) {
      if (this.pos >= this.end) return fail('MALFORMED', `Bad Uleb (${what})`, start);
      const byte = this.bytes[this.pos++] ?? 0;
      const cur = byte & 0x7f;
      if (shift === 63 && cur > 1) return fail('MALFORMED', `Bad Uleb (${what})`, start);
      value += cur * 2 ** shift;
      if ((byte & 0x80) === 0) {
        if (shift > 0 && cur === 0) return fail('MALFORMED', `Bad Uleb (${what})`, start);
        break;
      }
      shift += 7;
      if (shift > 63) return fail('MALFORMED', `Bad Uleb (${what})`, start);
    }
    if (value > max)
      fail('MALFORMED', `Uleb greater than max requested (${what}: ${value} > ${max})`, start);
    return value;
  }

  /** ULEB128 as a u64 bigint (closure masks). */
  ulebBig(what: string): bigint {
    const start = this.pos;
    let value = 0n;
    let shift = 0n;
    for (;;) {
      if (this.pos >= this.end) return fail('MALFORMED', `Bad Uleb (${what})`, start);
      const byte = this.bytes[this.pos++] ?? 0;
      const cur = BigInt(byte & 0x7f);
      if (shift === 63n && cur > 1n) return fail('MALFORMED', `Bad Uleb (${what})`, start);
      value |= cur << shift;
      if ((byte & 0x80) === 0) {
        if (shift > 0n && cur === 0n) return fail('MALFORMED', `Bad Uleb (${what})`, start);
        return value;
      }
      shift += 7n;
      if (shift > 63n) return fail('MALFORMED', `Bad Uleb (${what})`, start);
    }
  }

  index(what: string): number {
    return this.uleb(LIMITS.TABLE_INDEX_MAX, what);
  }

  local(): number {
    return this.uleb(LIMITS.LOCAL_INDEX_MAX, 'local index');
  }

  codeOffset(): number {
    return this.uleb(LIMITS.BYTECODE_INDEX_MAX, 'code offset');
  }
}

// ---------------------------------------------------------------------------------------------
// Header

/** The little-endian version word at bytes 4..8 (callers check the length). */
function versionWord(bytes: Uint8Array): number {
  const b = (i: number) => bytes[i] ?? 0;
  return (b(4) | (b(5) << 8) | (b(6) << 16) | (b(7) << 24)) >>> 0;
}

interface Table {
  kind: number;
  offset: number;
  count: number;
}

const TABLE_KINDS = new Set<number>(Object.values(TableType));

const TABLE_NAME: Record<number, string> = Object.fromEntries(
  Object.entries(TableType).map(([name, kind]) => [kind, name]),
);

interface Header {
  version: number;
  tables: Table[];
  /** Absolute offset where table contents start. */
  contentStart: number;
  /** Absolute offset just after the table contents. */
  contentEnd: number;
}

function readHeader(bytes: Uint8Array, maxVersion: number): Header {
  if (bytes.length < 4 || MOVE_MAGIC.some((b, i) => bytes[i] !== b))
    fail('BAD_MAGIC', 'not a Move binary (magic 0xA11CEB0B expected)', 0);
  if (bytes.length < 8) fail('MALFORMED', 'Bad binary header', 4);
  const raw = versionWord(bytes);
  const version = (raw & ~APTOS_BYTECODE_VERSION_MASK) >>> 0;
  if (version === 0 || version > Math.min(maxVersion, VERSION_MAX))
    fail('UNKNOWN_VERSION', `bytecode version ${version} unsupported`, 4);
  if (version < VERSION_MIN)
    fail(
      'UNKNOWN_VERSION',
      `bytecode version ${version} is older than ${VERSION_MIN}, the oldest this chain reads`,
      4,
    );
  const c = new Cursor(bytes, 8, bytes.length, version);
  const tableCount = c.uleb(LIMITS.TABLE_COUNT_MAX, 'table count');
  const tables: Table[] = [];
  for (let i = 0; i < tableCount; i++) {
    const at = c.pos;
    if (c.eof()) fail('MALFORMED', 'Error reading table', at);
    const kind = c.u8();
    const offset = c.uleb(LIMITS.TABLE_OFFSET_MAX, 'table offset');
    const count = c.uleb(LIMITS.TABLE_SIZE_MAX, 'table size');
    if (!TABLE_KINDS.has(kind))
      fail('UNKNOWN_TABLE_TYPE', `unknown table type 0x${kind.toString(16)}`, at);
    tables.push({ kind, offset, count });
  }
  // check_tables: sorted by offset, contiguous from 0, non-empty, no duplicates.
  tables.sort((a, b) => a.offset - b.offset);
  let current = 0;
  const seen = new Set<number>();
  for (const t of tables) {
    if (t.offset !== current)
      fail(
        'BAD_HEADER_TABLE',
        `table ${TABLE_NAME[t.kind]} starts at ${t.offset}, expected ${current}`,
      );
    if (t.count === 0) fail('BAD_HEADER_TABLE', `table ${TABLE_NAME[t.kind]} is empty`);
    current += t.count;
    if (current > 0xffff_ffff) fail('BAD_HEADER_TABLE', 'table sizes overflow');
    if (seen.has(t.kind)) fail('DUPLICATE_TABLE', `table ${TABLE_NAME[t.kind]} appears twice`);
    seen.add(t.kind);
    if (current > bytes.length)
      fail('BAD_HEADER_TABLE', `table ${TABLE_NAME[t.kind]} ends past the binary`);
  }
  const contentStart = c.pos;
  const contentEnd = contentStart + current;
  if (contentEnd > bytes.length)
    fail('MALFORMED', 'Error reading table contents: binary too short', bytes.length);
  return { version, tables, contentStart, contentEnd };
}

// ---------------------------------------------------------------------------------------------
// Entries

/** move-core-types `Identifier::is_valid` (plus the compiler's `<SELF>_N` script names). */
const IDENT_RE = /^(?:[a-zA-Z][a-zA-Z0-9_]*|_[a-zA-Z0-9_]+|<SELF>(?:_[0-9]+)?)$/;
/** From v9 `$` may appear too (reserved for compiler-made names, unreachable from Move source). */
const IDENT_RE_V9 = /^(?:[a-zA-Z][a-zA-Z0-9_$]*|[_$][a-zA-Z0-9_$]+|<SELF>(?:_[0-9]+)?)$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function loadIdentifier(c: Cursor): string {
  const at = c.pos;
  const size = c.uleb(LIMITS.IDENTIFIER_SIZE_MAX, 'identifier size');
  const raw = c.take(size, 'MALFORMED', 'Bad Identifier pool size');
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    return fail('MALFORMED', 'Invalid Identifier (not UTF-8)', at);
  }
  if (!(c.version >= VERSION_9 ? IDENT_RE_V9 : IDENT_RE).test(text))
    fail('MALFORMED', `Invalid Identifier ${JSON.stringify(text)}`, at);
  return text;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function bytesToHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += HEX[b];
  return s;
}

function loadAddress(c: Cursor): string {
  return `0x${bytesToHex(c.take(32, 'MALFORMED', 'Bad Address pool size'))}`;
}

function loadAbilitySet(c: Cursor): AbilitySet {
  const at = c.pos;
  const u = c.uleb(0xff, 'ability set');
  if ((u & ~ABILITY_ALL) !== 0)
    fail('UNKNOWN_ABILITY', `unknown ability bits 0x${u.toString(16)}`, at);
  return u;
}

function loadAbilitySets(c: Cursor): AbilitySet[] {
  const n = c.uleb(LIMITS.TYPE_PARAMETER_COUNT_MAX, 'type parameter count');
  const out: AbilitySet[] = [];
  for (let i = 0; i < n; i++) out.push(loadAbilitySet(c));
  return out;
}

type Builder =
  | { t: 'done'; tok: SignatureToken }
  | { t: 'vector' | 'ref' | 'mutref' }
  | { t: 'inst'; handle: number; arity: number; args: SignatureToken[] }
  | {
      t: 'fn';
      abilities: AbilitySet;
      argc: number;
      resc: number;
      args: SignatureToken[];
      results: SignatureToken[];
    };

const PRIMITIVE: Record<number, SignatureToken> = {
  [SerializedType.BOOL]: { kind: 'Bool' },
  [SerializedType.U8]: { kind: 'U8' },
  [SerializedType.U16]: { kind: 'U16' },
  [SerializedType.U32]: { kind: 'U32' },
  [SerializedType.U64]: { kind: 'U64' },
  [SerializedType.U128]: { kind: 'U128' },
  [SerializedType.U256]: { kind: 'U256' },
  [SerializedType.I8]: { kind: 'I8' },
  [SerializedType.I16]: { kind: 'I16' },
  [SerializedType.I32]: { kind: 'I32' },
  [SerializedType.I64]: { kind: 'I64' },
  [SerializedType.I128]: { kind: 'I128' },
  [SerializedType.I256]: { kind: 'I256' },
  [SerializedType.ADDRESS]: { kind: 'Address' },
  [SerializedType.SIGNER]: { kind: 'Signer' },
};

function readTypeStep(c: Cursor): Builder {
  const at = c.pos;
  const tag = c.u8('Unexpected EOF in a signature token');
  if (
    (tag === SerializedType.U16 || tag === SerializedType.U32 || tag === SerializedType.U256) &&
    c.version < VERSION_6
  )
    fail('MALFORMED', `u16, u32, u256 integers not supported in bytecode version ${c.version}`, at);
  if (tag === SerializedType.FUNCTION && c.version < VERSION_8)
    fail('MALFORMED', `function types not supported in bytecode version ${c.version}`, at);
  if (tag >= SerializedType.I8 && tag <= SerializedType.I256 && c.version < VERSION_9)
    fail('MALFORMED', `signed integers not supported in bytecode version ${c.version}`, at);
  const prim = PRIMITIVE[tag];
  if (prim !== undefined) return { t: 'done', tok: prim };
  switch (tag) {
    case SerializedType.VECTOR:
      return { t: 'vector' };
    case SerializedType.REFERENCE:
      return { t: 'ref' };
    case SerializedType.MUTABLE_REFERENCE:
      return { t: 'mutref' };
    case SerializedType.STRUCT:
      return { t: 'done', tok: { kind: 'Struct', handle: c.index('struct handle index') } };
    case SerializedType.STRUCT_INST: {
      const handle = c.index('struct handle index');
      const arity = c.uleb(LIMITS.TYPE_PARAMETER_COUNT_MAX, 'type argument count');
      if (arity === 0) fail('MALFORMED', 'Struct inst with arity 0', at);
      return { t: 'inst', handle, arity, args: [] };
    }
    case SerializedType.TYPE_PARAMETER:
      return {
        t: 'done',
        tok: {
          kind: 'TypeParameter',
          index: c.uleb(LIMITS.TYPE_PARAMETER_INDEX_MAX, 'type parameter index'),
        },
      };
    case SerializedType.FUNCTION: {
      const abilities = loadAbilitySet(c);
      const argc = c.uleb(LIMITS.TYPE_PARAMETER_COUNT_MAX, 'function argument count');
      const resc = c.uleb(LIMITS.TYPE_PARAMETER_COUNT_MAX, 'function result count');
      if (argc + resc === 0)
        return { t: 'done', tok: { kind: 'Function', args: [], results: [], abilities } };
      return { t: 'fn', abilities, argc, resc, args: [], results: [] };
    }
    default:
      return fail('UNKNOWN_SERIALIZED_TYPE', `unknown signature token 0x${tag.toString(16)}`, at);
  }
}

function apply(b: Builder, tok: SignatureToken): Builder {
  switch (b.t) {
    case 'vector':
      return { t: 'done', tok: { kind: 'Vector', inner: tok } };
    case 'ref':
      return { t: 'done', tok: { kind: 'Reference', inner: tok } };
    case 'mutref':
      return { t: 'done', tok: { kind: 'MutableReference', inner: tok } };
    case 'inst':
      b.args.push(tok);
      return b.args.length >= b.arity
        ? { t: 'done', tok: { kind: 'StructInstantiation', handle: b.handle, typeArgs: b.args } }
        : b;
    case 'fn':
      if (b.args.length < b.argc) b.args.push(tok);
      else b.results.push(tok);
      return b.args.length === b.argc && b.results.length === b.resc
        ? {
            t: 'done',
            tok: { kind: 'Function', args: b.args, results: b.results, abilities: b.abilities },
          }
        : b;
    case 'done':
      throw new Error('unreachable: applying a saturated type');
  }
}

/** One signature token, with the node's stack algorithm (depth ≤ 256, no recursion). */
function loadSignatureToken(c: Cursor): SignatureToken {
  const first = readTypeStep(c);
  if (first.t === 'done') return first.tok;
  const stack: Builder[] = [first];
  const at = c.pos;
  for (;;) {
    if (stack.length > LIMITS.SIGNATURE_TOKEN_DEPTH_MAX)
      fail('MALFORMED', 'Maximum recursion depth reached', at);
    const top = stack[stack.length - 1];
    if (top === undefined) throw new Error('unreachable: empty type stack');
    if (top.t === 'done') {
      stack.pop();
      const parent = stack.pop();
      if (parent === undefined) return top.tok;
      stack.push(apply(parent, top.tok));
    } else {
      stack.push(readTypeStep(c));
    }
  }
}

function loadSignature(c: Cursor): Signature {
  const n = c.uleb(LIMITS.SIGNATURE_SIZE_MAX, 'signature size');
  const out: SignatureToken[] = [];
  for (let i = 0; i < n; i++) out.push(loadSignatureToken(c));
  return out;
}

function loadBlob(c: Cursor, max: number, what: string): Uint8Array {
  const n = c.uleb(max, `${what} size`);
  return c.take(n, 'MALFORMED', `Bad byte blob size (${what})`);
}

function loadConstant(c: Cursor): Constant {
  const type = loadSignatureToken(c);
  const data = loadBlob(c, LIMITS.CONSTANT_SIZE_MAX, 'constant');
  return { type, data };
}

function loadMetadata(c: Cursor): Metadata {
  const key = loadBlob(c, LIMITS.METADATA_KEY_SIZE_MAX, 'metadata key');
  const value = loadBlob(c, LIMITS.METADATA_VALUE_SIZE_MAX, 'metadata value');
  return { key, value };
}

function loadModuleHandle(c: Cursor): ModuleHandle {
  const address = c.index('address index');
  const name = c.index('identifier index');
  return { address, name };
}

function loadStructHandle(c: Cursor): StructHandle {
  const module = c.index('module handle index');
  const name = c.index('identifier index');
  const abilities = loadAbilitySet(c);
  const n = c.uleb(LIMITS.TYPE_PARAMETER_COUNT_MAX, 'type parameter count');
  const typeParameters: StructTypeParameter[] = [];
  for (let i = 0; i < n; i++) {
    const constraints = loadAbilitySet(c);
    const isPhantom = c.uleb(1, 'phantom flag') !== 0;
    typeParameters.push({ constraints, isPhantom });
  }
  return { module, name, abilities, typeParameters };
}

function loadOption<T>(c: Cursor, load: (c: Cursor) => T): T | null {
  const at = c.pos;
  const tag = c.u8();
  if (tag === 1) return null;
  if (tag === 2) return load(c);
  return fail('MALFORMED', 'malformed option', at);
}

function loadResourceSpecifier(c: Cursor): ResourceSpecifier {
  const at = c.pos;
  switch (c.u8()) {
    case 1:
      return { kind: 'Any' };
    case 2:
      return { kind: 'DeclaredAtAddress', address: c.index('address index') };
    case 3:
      return { kind: 'DeclaredInModule', module: c.index('module handle index') };
    case 4:
      return { kind: 'Resource', handle: c.index('struct handle index') };
    case 5: {
      const handle = c.index('struct handle index');
      return { kind: 'ResourceInstantiation', handle, typeArgs: c.index('signature index') };
    }
    default:
      return fail('MALFORMED', 'malformed resource specifier', at);
  }
}

function loadAddressSpecifier(c: Cursor): AddressSpecifier {
  const at = c.pos;
  switch (c.u8()) {
    case 1:
      return { kind: 'Any' };
    case 2:
      return { kind: 'Literal', address: c.index('address index') };
    case 3: {
      const param = c.uleb(LIMITS.LOCAL_INDEX_MAX, 'local index');
      const fn = loadOption(c, (cc) => cc.index('function instantiation index'));
      return { kind: 'Parameter', param, fn };
    }
    default:
      return fail('MALFORMED', 'malformed address specifier', at);
  }
}

function loadAccessSpecifiers(c: Cursor): AccessSpecifier[] | null {
  return loadOption(c, (cc) => {
    const n = cc.uleb(LIMITS.ACCESS_SPECIFIER_COUNT_MAX, 'access specifier count');
    const out: AccessSpecifier[] = [];
    for (let i = 0; i < n; i++) {
      const at = cc.pos;
      const k = cc.u8();
      if (k !== 1 && k !== 2) fail('MALFORMED', 'malformed access kind', at);
      const nb = cc.u8();
      if (nb !== 1 && nb !== 2) fail('MALFORMED', 'malformed boolean', at + 1);
      const resource = loadResourceSpecifier(cc);
      const address = loadAddressSpecifier(cc);
      out.push({ kind: k === 1 ? 'Reads' : 'Writes', negated: nb === 2, resource, address });
    }
    return out;
  });
}

const ATTRIBUTE_OF_BYTE: Record<number, keyof typeof FUNCTION_ATTRIBUTE_BYTE> = Object.fromEntries(
  Object.entries(FUNCTION_ATTRIBUTE_BYTE).map(([name, byte]) => [byte, name]),
) as Record<number, keyof typeof FUNCTION_ATTRIBUTE_BYTE>;

function loadFunctionHandle(c: Cursor): FunctionHandle {
  const module = c.index('module handle index');
  const name = c.index('identifier index');
  const parameters = c.index('signature index');
  const returns = c.index('signature index');
  const typeParameters = loadAbilitySets(c);
  const accessSpecifiers = c.version >= VERSION_7 ? loadAccessSpecifiers(c) : null;
  const attributes: FunctionAttribute[] = [];
  if (c.version >= VERSION_8) {
    const n = c.uleb(LIMITS.ATTRIBUTE_COUNT_MAX, 'attribute count');
    for (let i = 0; i < n; i++) {
      const at = c.pos;
      const a = c.u8();
      const kind = ATTRIBUTE_OF_BYTE[a];
      if (kind === undefined) return fail('MALFORMED', 'malformed attribute', at);
      if (kind === 'Persistent' || kind === 'ModuleLock' || kind === 'Pack' || kind === 'Unpack')
        attributes.push(kind);
      else attributes.push({ kind, index: Number(c.uintLE(2, 'BAD_U16')) });
    }
  }
  return { module, name, parameters, returns, typeParameters, accessSpecifiers, attributes };
}

function loadFieldDefs(c: Cursor): FieldDefinition[] {
  const n = c.uleb(LIMITS.FIELD_COUNT_MAX, 'field count');
  const out: FieldDefinition[] = [];
  for (let i = 0; i < n; i++) {
    const name = c.index('identifier index');
    out.push({ name, signature: loadSignatureToken(c) });
  }
  return out;
}

function loadStructDef(c: Cursor): StructDefinition {
  const structHandle = c.index('struct handle index');
  const at = c.pos;
  const flag = c.u8('Invalid field info in struct');
  let fieldInformation: StructFieldInformation;
  if (flag === 1) fieldInformation = { kind: 'Native' };
  else if (flag === 2) fieldInformation = { kind: 'Declared', fields: loadFieldDefs(c) };
  else if (flag === 3) {
    if (c.version < VERSION_7)
      fail('MALFORMED', `Enum types not supported in version ${c.version}`, at);
    const n = c.uleb(LIMITS.VARIANT_COUNT_MAX, 'variant count');
    const variants: VariantDefinition[] = [];
    for (let i = 0; i < n; i++) {
      const name = c.index('identifier index');
      variants.push({ name, fields: loadFieldDefs(c) });
    }
    fieldInformation = { kind: 'DeclaredVariants', variants };
  } else
    return fail('UNKNOWN_NATIVE_STRUCT_FLAG', `unknown struct flag 0x${flag.toString(16)}`, at);
  return { structHandle, fieldInformation };
}

function loadFieldHandle(c: Cursor): FieldHandle {
  const owner = c.index('struct definition index');
  return { owner, field: c.uleb(LIMITS.FIELD_OFFSET_MAX, 'field offset') };
}

function loadVariantFieldHandle(c: Cursor): VariantFieldHandle {
  const struct = c.index('struct definition index');
  const field = c.uleb(LIMITS.FIELD_OFFSET_MAX, 'field offset');
  const n = c.uleb(LIMITS.VARIANT_COUNT_MAX, 'variant count');
  const variants: number[] = [];
  for (let i = 0; i < n; i++) variants.push(c.uleb(LIMITS.VARIANT_OFFSET_MAX, 'variant offset'));
  return { struct, variants, field };
}

function loadStructVariantHandle(c: Cursor): StructVariantHandle {
  const struct = c.index('struct definition index');
  return { struct, variant: c.uleb(LIMITS.VARIANT_OFFSET_MAX, 'variant offset') };
}

function loadInstantiation(c: Cursor, what: string): { handle: number; typeParameters: number } {
  const handle = c.index(what);
  return { handle, typeParameters: c.index('signature index') };
}

const VISIBILITY: Record<number, Visibility> = { 0: 'private', 1: 'public', 3: 'friend' };

function loadFunctionDef(c: Cursor): FunctionDefinition {
  const fn = c.index('function handle index');
  const at = c.pos;
  const visibility = VISIBILITY[c.u8()];
  if (visibility === undefined) return fail('MALFORMED', 'Invalid visibility byte', at);
  const flagsAt = c.pos;
  let flags = c.u8();
  const isEntry = (flags & FUNCTION_FLAG.ENTRY) !== 0;
  flags &= ~FUNCTION_FLAG.ENTRY;
  const nAcq = c.uleb(LIMITS.ACQUIRES_COUNT_MAX, 'acquires count');
  const acquires: number[] = [];
  for (let i = 0; i < nAcq; i++) acquires.push(c.index('struct definition index'));
  let code: CodeUnit | null = null;
  if ((flags & FUNCTION_FLAG.NATIVE) !== 0) flags &= ~FUNCTION_FLAG.NATIVE;
  else code = loadCodeUnit(c);
  if (flags !== 0)
    fail('INVALID_FLAG_BITS', `unknown function flag bits 0x${flags.toString(16)}`, flagsAt);
  return { function: fn, visibility, isEntry, acquiresGlobalResources: acquires, code };
}

// ---------------------------------------------------------------------------------------------
// Code

const V6_OPS = new Set([0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d]);

function loadCodeUnit(c: Cursor): CodeUnit {
  const locals = c.index('signature index');
  const n = c.uleb(LIMITS.BYTECODE_COUNT_MAX, 'bytecode count');
  const code: Bytecode[] = [];
  while (code.length < n) code.push(loadInstruction(c));
  return { locals, code };
}

/** A little-endian two's-complement integer of `n` bytes (a signed immediate). */
function signedLE(c: Cursor, n: number, status: BinaryStatus): bigint {
  const raw = c.uintLE(n, status);
  const bits = BigInt(8 * n);
  return raw >= 1n << (bits - 1n) ? raw - (1n << bits) : raw;
}

function loadInstruction(c: Cursor): Bytecode {
  const at = c.pos;
  const byte = c.u8('Unexpected EOF in code');
  if (V6_OPS.has(byte) && c.version < VERSION_6)
    fail(
      'MALFORMED',
      `Loading or casting u16, u32, u256 integers not supported in bytecode version ${c.version}`,
      at,
    );
  if (byte >= 0x4e && byte <= 0x57 && c.version < VERSION_7)
    fail(
      'MALFORMED',
      `Enum type operations not available before bytecode version ${VERSION_7}`,
      at,
    );
  if (byte >= 0x58 && byte <= 0x5a && c.version < VERSION_8)
    fail('MALFORMED', `Closure operations not available before bytecode version ${VERSION_8}`, at);
  if (byte >= 0x5b && byte <= 0x67 && c.version < VERSION_9)
    fail(
      'MALFORMED',
      `signed integer operations not available before bytecode version ${VERSION_9}`,
      at,
    );
  if (byte === 0x68 && c.version < VERSION_10)
    fail(
      'MALFORMED',
      `aborting with message not available before bytecode version ${VERSION_10}`,
      at,
    );
  switch (byte) {
    case 0x01:
      return { op: 'Pop' };
    case 0x02:
      return { op: 'Ret' };
    case 0x03:
      return { op: 'BrTrue', offset: c.codeOffset() };
    case 0x04:
      return { op: 'BrFalse', offset: c.codeOffset() };
    case 0x05:
      return { op: 'Branch', offset: c.codeOffset() };
    case 0x06:
      return { op: 'LdU64', value: c.uintLE(8, 'BAD_U64') };
    case 0x07:
      return { op: 'LdConst', index: c.index('constant pool index') };
    case 0x08:
      return { op: 'LdTrue' };
    case 0x09:
      return { op: 'LdFalse' };
    case 0x0a:
      return { op: 'CopyLoc', local: c.local() };
    case 0x0b:
      return { op: 'MoveLoc', local: c.local() };
    case 0x0c:
      return { op: 'StLoc', local: c.local() };
    case 0x0d:
      return { op: 'MutBorrowLoc', local: c.local() };
    case 0x0e:
      return { op: 'ImmBorrowLoc', local: c.local() };
    case 0x0f:
      return { op: 'MutBorrowField', field: c.index('field handle index') };
    case 0x10:
      return { op: 'ImmBorrowField', field: c.index('field handle index') };
    case 0x11:
      return { op: 'Call', fn: c.index('function handle index') };
    case 0x12:
      return { op: 'Pack', def: c.index('struct definition index') };
    case 0x13:
      return { op: 'Unpack', def: c.index('struct definition index') };
    case 0x14:
      return { op: 'ReadRef' };
    case 0x15:
      return { op: 'WriteRef' };
    case 0x16:
      return { op: 'Add' };
    case 0x17:
      return { op: 'Sub' };
    case 0x18:
      return { op: 'Mul' };
    case 0x19:
      return { op: 'Mod' };
    case 0x1a:
      return { op: 'Div' };
    case 0x1b:
      return { op: 'BitOr' };
    case 0x1c:
      return { op: 'BitAnd' };
    case 0x1d:
      return { op: 'Xor' };
    case 0x1e:
      return { op: 'Or' };
    case 0x1f:
      return { op: 'And' };
    case 0x20:
      return { op: 'Not' };
    case 0x21:
      return { op: 'Eq' };
    case 0x22:
      return { op: 'Neq' };
    case 0x23:
      return { op: 'Lt' };
    case 0x24:
      return { op: 'Gt' };
    case 0x25:
      return { op: 'Le' };
    case 0x26:
      return { op: 'Ge' };
    case 0x27:
      return { op: 'Abort' };
    case 0x28:
      return { op: 'Nop' };
    case 0x29:
      return { op: 'Exists', def: c.index('struct definition index') };
    case 0x2a:
      return { op: 'MutBorrowGlobal', def: c.index('struct definition index') };
    case 0x2b:
      return { op: 'ImmBorrowGlobal', def: c.index('struct definition index') };
    case 0x2c:
      return { op: 'MoveFrom', def: c.index('struct definition index') };
    case 0x2d:
      return { op: 'MoveTo', def: c.index('struct definition index') };
    case 0x2e:
      return { op: 'FreezeRef' };
    case 0x2f:
      return { op: 'Shl' };
    case 0x30:
      return { op: 'Shr' };
    case 0x31:
      return { op: 'LdU8', value: c.u8() };
    case 0x32:
      return { op: 'LdU128', value: c.uintLE(16, 'BAD_U128') };
    case 0x33:
      return { op: 'CastU8' };
    case 0x34:
      return { op: 'CastU64' };
    case 0x35:
      return { op: 'CastU128' };
    case 0x36:
      return { op: 'MutBorrowFieldGeneric', field: c.index('field instantiation index') };
    case 0x37:
      return { op: 'ImmBorrowFieldGeneric', field: c.index('field instantiation index') };
    case 0x38:
      return { op: 'CallGeneric', fn: c.index('function instantiation index') };
    case 0x39:
      return { op: 'PackGeneric', def: c.index('struct instantiation index') };
    case 0x3a:
      return { op: 'UnpackGeneric', def: c.index('struct instantiation index') };
    case 0x3b:
      return { op: 'ExistsGeneric', def: c.index('struct instantiation index') };
    case 0x3c:
      return { op: 'MutBorrowGlobalGeneric', def: c.index('struct instantiation index') };
    case 0x3d:
      return { op: 'ImmBorrowGlobalGeneric', def: c.index('struct instantiation index') };
    case 0x3e:
      return { op: 'MoveFromGeneric', def: c.index('struct instantiation index') };
    case 0x3f:
      return { op: 'MoveToGeneric', def: c.index('struct instantiation index') };
    case 0x40: {
      const sig = c.index('signature index');
      return { op: 'VecPack', sig, count: c.uintLE(8, 'BAD_U64') };
    }
    case 0x41:
      return { op: 'VecLen', sig: c.index('signature index') };
    case 0x42:
      return { op: 'VecImmBorrow', sig: c.index('signature index') };
    case 0x43:
      return { op: 'VecMutBorrow', sig: c.index('signature index') };
    case 0x44:
      return { op: 'VecPushBack', sig: c.index('signature index') };
    case 0x45:
      return { op: 'VecPopBack', sig: c.index('signature index') };
    case 0x46: {
      const sig = c.index('signature index');
      return { op: 'VecUnpack', sig, count: c.uintLE(8, 'BAD_U64') };
    }
    case 0x47:
      return { op: 'VecSwap', sig: c.index('signature index') };
    case 0x48:
      return { op: 'LdU16', value: Number(c.uintLE(2, 'BAD_U16')) };
    case 0x49:
      return { op: 'LdU32', value: Number(c.uintLE(4, 'BAD_U32')) };
    case 0x4a:
      return { op: 'LdU256', value: c.uintLE(32, 'BAD_U256') };
    case 0x4b:
      return { op: 'CastU16' };
    case 0x4c:
      return { op: 'CastU32' };
    case 0x4d:
      return { op: 'CastU256' };
    case 0x4e:
      return { op: 'ImmBorrowVariantField', field: c.index('variant field handle index') };
    case 0x4f:
      return { op: 'MutBorrowVariantField', field: c.index('variant field handle index') };
    case 0x50:
      return {
        op: 'ImmBorrowVariantFieldGeneric',
        field: c.index('variant field instantiation index'),
      };
    case 0x51:
      return {
        op: 'MutBorrowVariantFieldGeneric',
        field: c.index('variant field instantiation index'),
      };
    case 0x52:
      return { op: 'PackVariant', variant: c.index('struct variant handle index') };
    case 0x53:
      return { op: 'PackVariantGeneric', variant: c.index('struct variant instantiation index') };
    case 0x54:
      return { op: 'UnpackVariant', variant: c.index('struct variant handle index') };
    case 0x55:
      return { op: 'UnpackVariantGeneric', variant: c.index('struct variant instantiation index') };
    case 0x56:
      return { op: 'TestVariant', variant: c.index('struct variant handle index') };
    case 0x57:
      return { op: 'TestVariantGeneric', variant: c.index('struct variant instantiation index') };
    case 0x58: {
      const fn = c.index('function handle index');
      return { op: 'PackClosure', fn, mask: c.ulebBig('closure mask') };
    }
    case 0x59: {
      const fn = c.index('function instantiation index');
      return { op: 'PackClosureGeneric', fn, mask: c.ulebBig('closure mask') };
    }
    case 0x5a:
      return { op: 'CallClosure', sig: c.index('signature index') };
    case 0x5b:
      return { op: 'LdI8', value: Number(signedLE(c, 1, 'MALFORMED')) };
    case 0x5c:
      return { op: 'LdI16', value: Number(signedLE(c, 2, 'BAD_U16')) };
    case 0x5d:
      return { op: 'LdI32', value: Number(signedLE(c, 4, 'BAD_U32')) };
    case 0x5e:
      return { op: 'LdI64', value: signedLE(c, 8, 'BAD_U64') };
    case 0x5f:
      return { op: 'LdI128', value: signedLE(c, 16, 'BAD_U128') };
    case 0x60:
      return { op: 'LdI256', value: signedLE(c, 32, 'BAD_U256') };
    case 0x61:
      return { op: 'CastI8' };
    case 0x62:
      return { op: 'CastI16' };
    case 0x63:
      return { op: 'CastI32' };
    case 0x64:
      return { op: 'CastI64' };
    case 0x65:
      return { op: 'CastI128' };
    case 0x66:
      return { op: 'CastI256' };
    case 0x67:
      return { op: 'Negate' };
    case 0x68:
      return { op: 'AbortMsg' };
    default:
      return fail('UNKNOWN_OPCODE', `code ${byte.toString(16).toUpperCase()}`, at);
  }
}

// ---------------------------------------------------------------------------------------------
// Tables

interface MutableTables {
  moduleHandles: ModuleHandle[];
  structHandles: StructHandle[];
  functionHandles: FunctionHandle[];
  functionInstantiations: FunctionInstantiation[];
  signatures: Signature[];
  identifiers: string[];
  addressIdentifiers: string[];
  constantPool: Constant[];
  metadata: Metadata[];
  fieldHandles: FieldHandle[];
  friendDecls: ModuleHandle[];
  structDefInstantiations: StructDefInstantiation[];
  fieldInstantiations: FieldInstantiation[];
  structDefs: StructDefinition[];
  functionDefs: FunctionDefinition[];
  structVariantHandles: StructVariantHandle[];
  structVariantInstantiations: StructVariantInstantiation[];
  variantFieldHandles: VariantFieldHandle[];
  variantFieldInstantiations: VariantFieldInstantiation[];
}

const MODULE_ONLY = new Set<number>([
  TableType.STRUCT_DEFS,
  TableType.STRUCT_DEF_INST,
  TableType.FUNCTION_DEFS,
  TableType.FIELD_HANDLES,
  TableType.FIELD_INST,
  TableType.FRIEND_DECLS,
  TableType.VARIANT_FIELD_HANDLES,
  TableType.VARIANT_FIELD_INST,
  TableType.STRUCT_VARIANT_HANDLES,
  TableType.STRUCT_VARIANT_INST,
]);

const ENUM_TABLES = new Set<number>([
  TableType.VARIANT_FIELD_HANDLES,
  TableType.VARIANT_FIELD_INST,
  TableType.STRUCT_VARIANT_HANDLES,
  TableType.STRUCT_VARIANT_INST,
]);

function emptyTables(): MutableTables {
  return {
    moduleHandles: [],
    structHandles: [],
    functionHandles: [],
    functionInstantiations: [],
    signatures: [],
    identifiers: [],
    addressIdentifiers: [],
    constantPool: [],
    metadata: [],
    fieldHandles: [],
    friendDecls: [],
    structDefInstantiations: [],
    fieldInstantiations: [],
    structDefs: [],
    functionDefs: [],
    structVariantHandles: [],
    structVariantInstantiations: [],
    variantFieldHandles: [],
    variantFieldInstantiations: [],
  };
}

function loadTable<T>(
  bytes: Uint8Array,
  h: Header,
  t: Table,
  out: T[],
  load: (c: Cursor) => T,
): void {
  const start = h.contentStart + t.offset;
  const c = new Cursor(bytes, start, start + t.count, h.version);
  while (!c.eof()) out.push(load(c));
}

function loadTables(bytes: Uint8Array, h: Header, isScript: boolean): MutableTables {
  const m = emptyTables();
  for (const t of h.tables) {
    if (isScript && MODULE_ONLY.has(t.kind))
      fail('MALFORMED', `Bad table in Script (${TABLE_NAME[t.kind]})`, h.contentStart + t.offset);
    if (ENUM_TABLES.has(t.kind) && h.version < VERSION_7)
      fail(
        'MALFORMED',
        `Enum types not available for bytecode version ${h.version}`,
        h.contentStart + t.offset,
      );
    switch (t.kind) {
      case TableType.MODULE_HANDLES:
        loadTable(bytes, h, t, m.moduleHandles, loadModuleHandle);
        break;
      case TableType.STRUCT_HANDLES:
        loadTable(bytes, h, t, m.structHandles, loadStructHandle);
        break;
      case TableType.FUNCTION_HANDLES:
        loadTable(bytes, h, t, m.functionHandles, loadFunctionHandle);
        break;
      case TableType.FUNCTION_INST:
        loadTable(bytes, h, t, m.functionInstantiations, (c) =>
          loadInstantiation(c, 'function handle index'),
        );
        break;
      case TableType.SIGNATURES:
        loadTable(bytes, h, t, m.signatures, loadSignature);
        break;
      case TableType.CONSTANT_POOL:
        loadTable(bytes, h, t, m.constantPool, loadConstant);
        break;
      case TableType.IDENTIFIERS:
        loadTable(bytes, h, t, m.identifiers, loadIdentifier);
        break;
      case TableType.ADDRESS_IDENTIFIERS:
        loadTable(bytes, h, t, m.addressIdentifiers, loadAddress);
        break;
      case TableType.METADATA:
        loadTable(bytes, h, t, m.metadata, loadMetadata);
        break;
      case TableType.STRUCT_DEFS:
        loadTable(bytes, h, t, m.structDefs, loadStructDef);
        break;
      case TableType.STRUCT_DEF_INST:
        loadTable(bytes, h, t, m.structDefInstantiations, (c) => {
          const { handle, typeParameters } = loadInstantiation(c, 'struct definition index');
          return { def: handle, typeParameters };
        });
        break;
      case TableType.FUNCTION_DEFS:
        loadTable(bytes, h, t, m.functionDefs, loadFunctionDef);
        break;
      case TableType.FIELD_HANDLES:
        loadTable(bytes, h, t, m.fieldHandles, loadFieldHandle);
        break;
      case TableType.FIELD_INST:
        loadTable(bytes, h, t, m.fieldInstantiations, (c) =>
          loadInstantiation(c, 'field handle index'),
        );
        break;
      case TableType.FRIEND_DECLS:
        loadTable(bytes, h, t, m.friendDecls, loadModuleHandle);
        break;
      case TableType.VARIANT_FIELD_HANDLES:
        loadTable(bytes, h, t, m.variantFieldHandles, loadVariantFieldHandle);
        break;
      case TableType.VARIANT_FIELD_INST:
        loadTable(bytes, h, t, m.variantFieldInstantiations, (c) =>
          loadInstantiation(c, 'variant field handle index'),
        );
        break;
      case TableType.STRUCT_VARIANT_HANDLES:
        loadTable(bytes, h, t, m.structVariantHandles, loadStructVariantHandle);
        break;
      case TableType.STRUCT_VARIANT_INST:
        loadTable(bytes, h, t, m.structVariantInstantiations, (c) =>
          loadInstantiation(c, 'struct variant handle index'),
        );
        break;
      default:
        fail('UNKNOWN_TABLE_TYPE', `unknown table type 0x${t.kind.toString(16)}`);
    }
  }
  return m;
}

function toBytes(input: Uint8Array | string): Uint8Array {
  if (typeof input !== 'string') return input;
  const hex = input.startsWith('0x') || input.startsWith('0X') ? input.slice(2) : input;
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex))
    fail('MALFORMED', 'the binary is not valid hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Public entry points

/** Deserializes (and by default bounds-checks) a module. Accepts bytes or hex (with or without 0x). */
export function readModule(
  input: Uint8Array | string,
  options: ReaderOptions = {},
): CompiledModule {
  const bytes = toBytes(input);
  const h = readHeader(bytes, options.maxVersion ?? VERSION_MAX);
  const tables = loadTables(bytes, h, false);
  const tail = new Cursor(bytes, h.contentEnd, bytes.length, h.version);
  const selfModuleHandleIdx = tail.index('self module handle index');
  const module: CompiledModule = {
    kind: 'module',
    version: h.version,
    selfModuleHandleIdx,
    ...tables,
  };
  if (options.checkBounds ?? true) checkModuleBounds(module);
  return module;
}

/** Deserializes (and by default bounds-checks) a script. */
export function readScript(
  input: Uint8Array | string,
  options: ReaderOptions = {},
): CompiledScript {
  const bytes = toBytes(input);
  const h = readHeader(bytes, options.maxVersion ?? VERSION_MAX);
  const t = loadTables(bytes, h, true);
  const c = new Cursor(bytes, h.contentEnd, bytes.length, h.version);
  const typeParameters = loadAbilitySets(c);
  const parameters = c.index('signature index');
  const accessSpecifiers = h.version >= VERSION_8 ? loadAccessSpecifiers(c) : null;
  const code = loadCodeUnit(c);
  const script: CompiledScript = {
    kind: 'script',
    version: h.version,
    moduleHandles: t.moduleHandles,
    structHandles: t.structHandles,
    functionHandles: t.functionHandles,
    functionInstantiations: t.functionInstantiations,
    signatures: t.signatures,
    identifiers: t.identifiers,
    addressIdentifiers: t.addressIdentifiers,
    constantPool: t.constantPool,
    metadata: t.metadata,
    typeParameters,
    parameters,
    accessSpecifiers,
    code,
  };
  if (options.checkBounds ?? true) checkScriptBounds(script);
  return script;
}

/** Reads the version word of a binary without reading the rest (null when not a Move binary). */
export function peekVersion(bytes: Uint8Array): number | null {
  if (bytes.length < 8 || MOVE_MAGIC.some((b, i) => bytes[i] !== b)) return null;
  const raw = versionWord(bytes);
  return (raw & ~APTOS_BYTECODE_VERSION_MASK) >>> 0;
}

// ---------------------------------------------------------------------------------------------
// Bounds checking (check_bounds.rs)

type Unit = CompiledModule | CompiledScript;

/** The module-only tables of a script: none. */
const NO_MODULE_TABLES = {
  fieldInstantiations: [],
  variantFieldInstantiations: [],
  structDefInstantiations: [],
  structVariantInstantiations: [],
} as const satisfies Partial<CompiledModule>;

/** An element the bounds checker has already checked (throws on a broken invariant). */
function get<T>(table: readonly T[], i: number): T {
  const v = table[i];
  if (v === undefined)
    return fail('INDEX_OUT_OF_BOUNDS', `index ${i} out of bounds (${table.length})`);
  return v;
}

const oob = (what: string, idx: number, len: number, where: string): never =>
  fail('INDEX_OUT_OF_BOUNDS', `${what} ${idx} out of bounds (${len}) in ${where}`);

function inBounds(len: number, idx: number, what: string, where: string): void {
  if (idx >= len) oob(what, idx, len, where);
}

function* preorder(tok: SignatureToken): Generator<SignatureToken> {
  const stack: SignatureToken[] = [tok];
  while (stack.length > 0) {
    const t = stack.pop();
    if (t === undefined) break;
    yield t;
    switch (t.kind) {
      case 'Vector':
      case 'Reference':
      case 'MutableReference':
        stack.push(t.inner);
        break;
      case 'StructInstantiation':
        for (let i = t.typeArgs.length - 1; i >= 0; i--) stack.push(get(t.typeArgs, i));
        break;
      case 'Function':
        for (let i = t.results.length - 1; i >= 0; i--) stack.push(get(t.results, i));
        for (let i = t.args.length - 1; i >= 0; i--) stack.push(get(t.args, i));
        break;
      default:
        break;
    }
  }
}

function checkType(u: Unit, tok: SignatureToken, where: string): void {
  for (const t of preorder(tok)) {
    if (t.kind === 'Struct' || t.kind === 'StructInstantiation') {
      inBounds(u.structHandles.length, t.handle, 'struct handle', where);
      const expected = get(u.structHandles, t.handle).typeParameters.length;
      const got = t.kind === 'Struct' ? 0 : t.typeArgs.length;
      if (expected !== got)
        fail(
          'NUMBER_OF_TYPE_ARGUMENTS_MISMATCH',
          `expected ${expected} type parameters got ${got} in ${where}`,
        );
    }
  }
}

/** The highest type parameter index a signature uses (-1: none), cached per signature. */
const maxTypeParamCache = new WeakMap<readonly SignatureToken[], number>();

function maxTypeParam(tokens: readonly SignatureToken[]): number {
  const cached = maxTypeParamCache.get(tokens);
  if (cached !== undefined) return cached;
  const max = computeMaxTypeParam(tokens);
  maxTypeParamCache.set(tokens, max);
  return max;
}

function computeMaxTypeParam(tokens: readonly SignatureToken[]): number {
  let max = -1;
  for (const tok of tokens)
    for (const t of preorder(tok)) if (t.kind === 'TypeParameter' && t.index > max) max = t.index;
  return max;
}

function checkTypeParamsIn(u: Unit, sig: number, count: number, where: string): void {
  const max = maxTypeParam(get(u.signatures, sig));
  if (max >= count) oob('type parameter', max, count, where);
}

function checkCommon(u: Unit): void {
  u.signatures.forEach((s, i) => s.forEach((t) => checkType(u, t, `signature ${i}`)));
  u.constantPool.forEach((k, i) => checkType(u, k.type, `constant ${i}`));
  const handle = (h: ModuleHandle, where: string) => {
    inBounds(u.addressIdentifiers.length, h.address, 'address identifier', where);
    inBounds(u.identifiers.length, h.name, 'identifier', where);
  };
  u.moduleHandles.forEach((h, i) => handle(h, `module handle ${i}`));
  if (u.kind === 'module') {
    inBounds(
      u.moduleHandles.length,
      u.selfModuleHandleIdx,
      'module handle',
      'the self module handle',
    );
  }
  u.structHandles.forEach((h, i) => {
    inBounds(u.moduleHandles.length, h.module, 'module handle', `struct handle ${i}`);
    inBounds(u.identifiers.length, h.name, 'identifier', `struct handle ${i}`);
  });
  u.functionHandles.forEach((h, i) => {
    const where = `function handle ${i}`;
    inBounds(u.moduleHandles.length, h.module, 'module handle', where);
    inBounds(u.identifiers.length, h.name, 'identifier', where);
    inBounds(u.signatures.length, h.parameters, 'signature', where);
    inBounds(u.signatures.length, h.returns, 'signature', where);
    checkTypeParamsIn(u, h.parameters, h.typeParameters.length, where);
    checkTypeParamsIn(u, h.returns, h.typeParameters.length, where);
    for (const a of h.accessSpecifiers ?? []) {
      const r = a.resource;
      if (r.kind === 'DeclaredAtAddress')
        inBounds(u.addressIdentifiers.length, r.address, 'address identifier', where);
      if (r.kind === 'DeclaredInModule')
        inBounds(u.moduleHandles.length, r.module, 'module handle', where);
      if (r.kind === 'Resource' || r.kind === 'ResourceInstantiation')
        inBounds(u.structHandles.length, r.handle, 'struct handle', where);
      if (r.kind === 'ResourceInstantiation')
        inBounds(u.signatures.length, r.typeArgs, 'signature', where);
      const ad = a.address;
      if (ad.kind === 'Literal')
        inBounds(u.addressIdentifiers.length, ad.address, 'address identifier', where);
      if (ad.kind === 'Parameter' && ad.fn !== null)
        inBounds(u.functionInstantiations.length, ad.fn, 'function instantiation', where);
    }
  });
  u.functionInstantiations.forEach((f, i) => {
    inBounds(u.functionHandles.length, f.handle, 'function handle', `function instantiation ${i}`);
    inBounds(u.signatures.length, f.typeParameters, 'signature', `function instantiation ${i}`);
  });
}

function fieldCount(def: StructDefinition, variant: number | null): number {
  const info = def.fieldInformation;
  if (info.kind === 'Declared') return variant === null ? info.fields.length : 0;
  if (info.kind === 'DeclaredVariants')
    return variant === null ? 0 : (info.variants[variant]?.fields.length ?? 0);
  return 0;
}

function variantCount(def: StructDefinition): number {
  return def.fieldInformation.kind === 'DeclaredVariants'
    ? def.fieldInformation.variants.length
    : 0;
}

function checkModuleBounds(m: CompiledModule): void {
  if (m.moduleHandles.length === 0)
    fail('NO_MODULE_HANDLES', 'a module needs at least its own module handle');
  checkCommon(m);
  m.fieldHandles.forEach((f, i) => {
    inBounds(m.structDefs.length, f.owner, 'struct definition', `field handle ${i}`);
    const n = fieldCount(get(m.structDefs, f.owner), null);
    if (f.field >= n) oob('field', f.field, n, `field handle ${i}`);
  });
  m.friendDecls.forEach((h, i) => {
    inBounds(m.addressIdentifiers.length, h.address, 'address identifier', `friend ${i}`);
    inBounds(m.identifiers.length, h.name, 'identifier', `friend ${i}`);
  });
  m.structDefInstantiations.forEach((s, i) => {
    inBounds(m.structDefs.length, s.def, 'struct definition', `struct instantiation ${i}`);
    inBounds(m.signatures.length, s.typeParameters, 'signature', `struct instantiation ${i}`);
  });
  m.fieldInstantiations.forEach((f, i) => {
    inBounds(m.fieldHandles.length, f.handle, 'field handle', `field instantiation ${i}`);
    inBounds(m.signatures.length, f.typeParameters, 'signature', `field instantiation ${i}`);
  });
  m.structDefs.forEach((d, i) => {
    const where = `struct definition ${i}`;
    inBounds(m.structHandles.length, d.structHandle, 'struct handle', where);
    const tpCount = get(m.structHandles, d.structHandle).typeParameters.length;
    const info = d.fieldInformation;
    const fields =
      info.kind === 'Declared'
        ? info.fields
        : info.kind === 'DeclaredVariants'
          ? info.variants.flatMap((v) => v.fields)
          : [];
    if (info.kind === 'DeclaredVariants') {
      if (info.variants.length === 0)
        fail('ZERO_VARIANTS_ERROR', `${where} is an enum without variants`);
      for (const v of info.variants) inBounds(m.identifiers.length, v.name, 'identifier', where);
    }
    for (const f of fields) {
      inBounds(m.identifiers.length, f.name, 'identifier', where);
      checkType(m, f.signature, where);
      const max = maxTypeParam([f.signature]);
      if (max >= tpCount) oob('type parameter', max, tpCount, where);
    }
  });
  m.functionDefs.forEach((d, i) => {
    const where = `function definition ${i}`;
    inBounds(m.functionHandles.length, d.function, 'function handle', where);
    for (const a of d.acquiresGlobalResources)
      inBounds(m.structDefs.length, a, 'struct definition', where);
    if (d.code === null) return;
    const fh = get(m.functionHandles, d.function);
    checkCode(m, d.code, fh.typeParameters.length, get(m.signatures, fh.parameters).length, where);
  });
  m.variantFieldHandles.forEach((h, i) => {
    const where = `variant field handle ${i}`;
    inBounds(m.structDefs.length, h.struct, 'struct definition', where);
    const def = get(m.structDefs, h.struct);
    for (const v of h.variants) {
      inBounds(variantCount(def), v, 'variant', where);
      const n = fieldCount(def, v);
      if (h.field >= n) oob('field', h.field, n, where);
    }
  });
  m.structVariantHandles.forEach((h, i) => {
    inBounds(m.structDefs.length, h.struct, 'struct definition', `struct variant handle ${i}`);
    inBounds(
      variantCount(get(m.structDefs, h.struct)),
      h.variant,
      'variant',
      `struct variant handle ${i}`,
    );
  });
  m.variantFieldInstantiations.forEach((f, i) => {
    inBounds(
      m.variantFieldHandles.length,
      f.handle,
      'variant field handle',
      `variant field instantiation ${i}`,
    );
    inBounds(
      m.signatures.length,
      f.typeParameters,
      'signature',
      `variant field instantiation ${i}`,
    );
  });
  m.structVariantInstantiations.forEach((f, i) => {
    inBounds(
      m.structVariantHandles.length,
      f.handle,
      'struct variant handle',
      `struct variant instantiation ${i}`,
    );
    inBounds(
      m.signatures.length,
      f.typeParameters,
      'signature',
      `struct variant instantiation ${i}`,
    );
  });
}

function checkScriptBounds(s: CompiledScript): void {
  checkCommon(s);
  inBounds(s.signatures.length, s.parameters, 'signature', 'the script parameters');
  checkTypeParamsIn(s, s.parameters, s.typeParameters.length, 'the script parameters');
  checkCode(
    s,
    s.code,
    s.typeParameters.length,
    get(s.signatures, s.parameters).length,
    'the script',
  );
}

function checkCode(
  u: Unit,
  code: CodeUnit,
  tpCount: number,
  paramCount: number,
  fnWhere: string,
): void {
  inBounds(u.signatures.length, code.locals, 'signature', fnWhere);
  const localsCount = get(u.signatures, code.locals).length + paramCount;
  if (localsCount > 255) fail('TOO_MANY_LOCALS', `${localsCount} locals in ${fnWhere}`);
  checkTypeParamsIn(u, code.locals, tpCount, fnWhere);
  const m = u.kind === 'module' ? u : null;
  const mt = m ?? NO_MODULE_TABLES;
  const len = code.code.length;
  const n = (table: readonly unknown[] | undefined) => table?.length ?? 0;
  code.code.forEach((ins, at) => {
    const where = `${fnWhere} at code offset ${at}`;
    switch (ins.op) {
      case 'LdConst':
        inBounds(u.constantPool.length, ins.index, 'constant', where);
        break;
      case 'MutBorrowField':
      case 'ImmBorrowField':
        inBounds(n(m?.fieldHandles), ins.field, 'field handle', where);
        break;
      case 'MutBorrowVariantField':
      case 'ImmBorrowVariantField':
        inBounds(n(m?.variantFieldHandles), ins.field, 'variant field handle', where);
        break;
      case 'MutBorrowFieldGeneric':
      case 'ImmBorrowFieldGeneric':
        inBounds(n(m?.fieldInstantiations), ins.field, 'field instantiation', where);
        checkTypeParamsIn(u, get(mt.fieldInstantiations, ins.field).typeParameters, tpCount, where);
        break;
      case 'MutBorrowVariantFieldGeneric':
      case 'ImmBorrowVariantFieldGeneric':
        inBounds(n(m?.variantFieldInstantiations), ins.field, 'variant field instantiation', where);
        checkTypeParamsIn(
          u,
          get(mt.variantFieldInstantiations, ins.field).typeParameters,
          tpCount,
          where,
        );
        break;
      case 'Call':
      case 'PackClosure':
        inBounds(u.functionHandles.length, ins.fn, 'function handle', where);
        break;
      case 'CallGeneric':
      case 'PackClosureGeneric':
        inBounds(u.functionInstantiations.length, ins.fn, 'function instantiation', where);
        checkTypeParamsIn(u, get(u.functionInstantiations, ins.fn).typeParameters, tpCount, where);
        break;
      case 'Pack':
      case 'Unpack':
      case 'Exists':
      case 'ImmBorrowGlobal':
      case 'MutBorrowGlobal':
      case 'MoveFrom':
      case 'MoveTo':
        inBounds(n(m?.structDefs), ins.def, 'struct definition', where);
        break;
      case 'PackVariant':
      case 'UnpackVariant':
      case 'TestVariant':
        inBounds(n(m?.structVariantHandles), ins.variant, 'struct variant handle', where);
        break;
      case 'PackGeneric':
      case 'UnpackGeneric':
      case 'ExistsGeneric':
      case 'ImmBorrowGlobalGeneric':
      case 'MutBorrowGlobalGeneric':
      case 'MoveFromGeneric':
      case 'MoveToGeneric':
        inBounds(n(m?.structDefInstantiations), ins.def, 'struct instantiation', where);
        checkTypeParamsIn(
          u,
          get(mt.structDefInstantiations, ins.def).typeParameters,
          tpCount,
          where,
        );
        break;
      case 'PackVariantGeneric':
      case 'UnpackVariantGeneric':
      case 'TestVariantGeneric':
        inBounds(
          n(m?.structVariantInstantiations),
          ins.variant,
          'struct variant instantiation',
          where,
        );
        checkTypeParamsIn(
          u,
          get(mt.structVariantInstantiations, ins.variant).typeParameters,
          tpCount,
          where,
        );
        break;
      case 'BrTrue':
      case 'BrFalse':
      case 'Branch':
        if (ins.offset >= len) oob('code offset', ins.offset, len, where);
        break;
      case 'CopyLoc':
      case 'MoveLoc':
      case 'StLoc':
      case 'MutBorrowLoc':
      case 'ImmBorrowLoc':
        if (ins.local >= localsCount) oob('local', ins.local, localsCount, where);
        break;
      case 'VecPack':
      case 'VecLen':
      case 'VecImmBorrow':
      case 'VecMutBorrow':
      case 'VecPushBack':
      case 'VecPopBack':
      case 'VecUnpack':
      case 'VecSwap':
      case 'CallClosure':
        inBounds(u.signatures.length, ins.sig, 'signature', where);
        checkTypeParamsIn(u, ins.sig, tpCount, where);
        break;
      default:
        break;
    }
  });
}
