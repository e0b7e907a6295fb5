/**
 * Kept as one piece: it mirrors `reader.ts` table by table, so the two read side by side.
 *
 * The serializer of the Move binary format: the inverse of `reader.ts`, in the node's table order
 * (`move-binary-format/src/serializer.rs`), so a module the compiler wrote comes back byte for
 * byte. Tests and the interpreter's tests build modules with it.
 */
import {
  type AbilitySet,
  type AccessSpecifier,
  type Bytecode,
  type CodeUnit,
  type CompiledModule,
  type CompiledScript,
  type CompiledUnitTables,
  type FunctionHandle,
  type SignatureToken,
  type StructDefinition,
  APTOS_BYTECODE_VERSION_MASK,
  FUNCTION_ATTRIBUTE_BYTE,
  FUNCTION_FLAG,
  LIMITS,
  MOVE_MAGIC,
  Opcodes,
  SerializedType,
  TableType,
  VERSION_7,
  VERSION_8,
  VISIBILITY_BYTE,
} from './types.ts';

class Out {
  private buf = new Uint8Array(256);
  len = 0;

  private grow(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  u8(b: number): void {
    this.grow(1);
    this.buf[this.len++] = b & 0xff;
  }

  bytes(b: Uint8Array): void {
    this.grow(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
  }

  uleb(
    value: number | bigint,
    max: number | bigint = Number.MAX_SAFE_INTEGER,
    what = 'value',
  ): void {
    let v = BigInt(value);
    if (v < 0n || v > BigInt(max))
      throw new RangeError(`${what} ${value} is out of range (max ${max})`);
    for (;;) {
      const cur = Number(v & 0x7fn);
      v >>= 7n;
      if (v === 0n) {
        this.u8(cur);
        return;
      }
      this.u8(cur | 0x80);
    }
  }

  /** A two's-complement little-endian integer of `n` bytes (signed immediates, v9). */
  intLE(value: bigint | number, n: number): void {
    const v = BigInt(value);
    const half = 1n << BigInt(8 * n - 1);
    if (v < -half || v >= half) throw new RangeError(`${value} does not fit in ${n} signed bytes`);
    this.uintLE(v < 0n ? v + 2n * half : v, n);
  }

  uintLE(value: bigint | number, n: number): void {
    let v = BigInt(value);
    if (v < 0n || v >= 1n << BigInt(8 * n))
      throw new RangeError(`${value} does not fit in ${n} bytes`);
    for (let i = 0; i < n; i++) {
      this.u8(Number(v & 0xffn));
      v >>= 8n;
    }
  }

  index(i: number, what = 'index'): void {
    this.uleb(i, LIMITS.TABLE_INDEX_MAX, what);
  }

  result(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

const enc = new TextEncoder();

function writeToken(o: Out, tok: SignatureToken): void {
  switch (tok.kind) {
    case 'Bool':
      return o.u8(SerializedType.BOOL);
    case 'U8':
      return o.u8(SerializedType.U8);
    case 'U16':
      return o.u8(SerializedType.U16);
    case 'U32':
      return o.u8(SerializedType.U32);
    case 'U64':
      return o.u8(SerializedType.U64);
    case 'U128':
      return o.u8(SerializedType.U128);
    case 'U256':
      return o.u8(SerializedType.U256);
    case 'I8':
    case 'I16':
    case 'I32':
    case 'I64':
    case 'I128':
    case 'I256':
      return o.u8(SerializedType[tok.kind]);
    case 'Address':
      return o.u8(SerializedType.ADDRESS);
    case 'Signer':
      return o.u8(SerializedType.SIGNER);
    case 'Vector':
      o.u8(SerializedType.VECTOR);
      return writeToken(o, tok.inner);
    case 'Reference':
      o.u8(SerializedType.REFERENCE);
      return writeToken(o, tok.inner);
    case 'MutableReference':
      o.u8(SerializedType.MUTABLE_REFERENCE);
      return writeToken(o, tok.inner);
    case 'Struct':
      o.u8(SerializedType.STRUCT);
      return o.index(tok.handle);
    case 'StructInstantiation':
      o.u8(SerializedType.STRUCT_INST);
      o.index(tok.handle);
      o.uleb(tok.typeArgs.length, LIMITS.TYPE_PARAMETER_COUNT_MAX);
      for (const t of tok.typeArgs) writeToken(o, t);
      return;
    case 'TypeParameter':
      o.u8(SerializedType.TYPE_PARAMETER);
      return o.uleb(tok.index, LIMITS.TYPE_PARAMETER_INDEX_MAX);
    case 'Function':
      o.u8(SerializedType.FUNCTION);
      o.uleb(tok.abilities, 0xf);
      o.uleb(tok.args.length, LIMITS.TYPE_PARAMETER_COUNT_MAX);
      o.uleb(tok.results.length, LIMITS.TYPE_PARAMETER_COUNT_MAX);
      for (const t of tok.args) writeToken(o, t);
      for (const t of tok.results) writeToken(o, t);
      return;
  }
}

function writeAbilitySets(o: Out, sets: readonly AbilitySet[]): void {
  o.uleb(sets.length, LIMITS.TYPE_PARAMETER_COUNT_MAX);
  for (const s of sets) o.uleb(s, 0xf);
}

function writeAccessSpecifiers(o: Out, specs: readonly AccessSpecifier[] | null): void {
  if (specs === null) return o.u8(1);
  o.u8(2);
  o.uleb(specs.length, LIMITS.ACCESS_SPECIFIER_COUNT_MAX);
  for (const s of specs) {
    o.u8(s.kind === 'Reads' ? 1 : 2);
    o.u8(s.negated ? 2 : 1);
    const r = s.resource;
    switch (r.kind) {
      case 'Any':
        o.u8(1);
        break;
      case 'DeclaredAtAddress':
        o.u8(2);
        o.index(r.address);
        break;
      case 'DeclaredInModule':
        o.u8(3);
        o.index(r.module);
        break;
      case 'Resource':
        o.u8(4);
        o.index(r.handle);
        break;
      case 'ResourceInstantiation':
        o.u8(5);
        o.index(r.handle);
        o.index(r.typeArgs);
        break;
    }
    const a = s.address;
    switch (a.kind) {
      case 'Any':
        o.u8(1);
        break;
      case 'Literal':
        o.u8(2);
        o.index(a.address);
        break;
      case 'Parameter':
        o.u8(3);
        o.uleb(a.param, LIMITS.LOCAL_INDEX_MAX);
        if (a.fn === null) o.u8(1);
        else {
          o.u8(2);
          o.index(a.fn);
        }
        break;
    }
  }
}

function writeFunctionHandle(o: Out, version: number, h: FunctionHandle): void {
  o.index(h.module);
  o.index(h.name);
  o.index(h.parameters);
  o.index(h.returns);
  writeAbilitySets(o, h.typeParameters);
  if (version >= VERSION_7) writeAccessSpecifiers(o, h.accessSpecifiers);
  else if (h.accessSpecifiers !== null)
    throw new RangeError(`access specifiers need bytecode version ${VERSION_7}`);
  if (version >= VERSION_8) {
    o.uleb(h.attributes.length, LIMITS.ATTRIBUTE_COUNT_MAX);
    for (const a of h.attributes) {
      if (typeof a === 'string') o.u8(FUNCTION_ATTRIBUTE_BYTE[a]);
      else {
        o.u8(FUNCTION_ATTRIBUTE_BYTE[a.kind]);
        o.uintLE(a.index, 2);
      }
    }
  }
}

function writeFields(
  o: Out,
  fields: StructDefinition['fieldInformation'] & { kind: 'Declared' },
): void {
  o.uleb(fields.fields.length, LIMITS.FIELD_COUNT_MAX);
  for (const f of fields.fields) {
    o.index(f.name);
    writeToken(o, f.signature);
  }
}

function writeStructDef(o: Out, d: StructDefinition): void {
  o.index(d.structHandle);
  const info = d.fieldInformation;
  if (info.kind === 'Native') return o.u8(1);
  if (info.kind === 'Declared') {
    o.u8(2);
    return writeFields(o, info);
  }
  o.u8(3);
  o.uleb(info.variants.length, LIMITS.VARIANT_COUNT_MAX);
  for (const v of info.variants) {
    o.index(v.name);
    writeFields(o, { kind: 'Declared', fields: v.fields });
  }
}

function writeInstruction(o: Out, ins: Bytecode): void {
  o.u8(Opcodes[ins.op]);
  switch (ins.op) {
    case 'BrTrue':
    case 'BrFalse':
    case 'Branch':
      return o.uleb(ins.offset, LIMITS.BYTECODE_INDEX_MAX, 'code offset');
    case 'LdU8':
      return o.uintLE(ins.value, 1);
    case 'LdU16':
      return o.uintLE(ins.value, 2);
    case 'LdU32':
      return o.uintLE(ins.value, 4);
    case 'LdU64':
      return o.uintLE(ins.value, 8);
    case 'LdU128':
      return o.uintLE(ins.value, 16);
    case 'LdU256':
      return o.uintLE(ins.value, 32);
    case 'LdI8':
      return o.intLE(ins.value, 1);
    case 'LdI16':
      return o.intLE(ins.value, 2);
    case 'LdI32':
      return o.intLE(ins.value, 4);
    case 'LdI64':
      return o.intLE(ins.value, 8);
    case 'LdI128':
      return o.intLE(ins.value, 16);
    case 'LdI256':
      return o.intLE(ins.value, 32);
    case 'LdConst':
      return o.index(ins.index);
    case 'CopyLoc':
    case 'MoveLoc':
    case 'StLoc':
    case 'MutBorrowLoc':
    case 'ImmBorrowLoc':
      return o.uleb(ins.local, LIMITS.LOCAL_INDEX_MAX, 'local');
    case 'Call':
    case 'CallGeneric':
      return o.index(ins.fn);
    case 'PackClosure':
    case 'PackClosureGeneric':
      o.index(ins.fn);
      return o.uleb(ins.mask, (1n << 64n) - 1n, 'closure mask');
    case 'Pack':
    case 'PackGeneric':
    case 'Unpack':
    case 'UnpackGeneric':
    case 'Exists':
    case 'ExistsGeneric':
    case 'MoveFrom':
    case 'MoveFromGeneric':
    case 'MoveTo':
    case 'MoveToGeneric':
    case 'MutBorrowGlobal':
    case 'MutBorrowGlobalGeneric':
    case 'ImmBorrowGlobal':
    case 'ImmBorrowGlobalGeneric':
      return o.index(ins.def);
    case 'MutBorrowField':
    case 'MutBorrowFieldGeneric':
    case 'ImmBorrowField':
    case 'ImmBorrowFieldGeneric':
    case 'ImmBorrowVariantField':
    case 'MutBorrowVariantField':
    case 'ImmBorrowVariantFieldGeneric':
    case 'MutBorrowVariantFieldGeneric':
      return o.index(ins.field);
    case 'PackVariant':
    case 'PackVariantGeneric':
    case 'UnpackVariant':
    case 'UnpackVariantGeneric':
    case 'TestVariant':
    case 'TestVariantGeneric':
      return o.index(ins.variant);
    case 'VecPack':
    case 'VecUnpack':
      o.index(ins.sig);
      return o.uintLE(ins.count, 8);
    case 'VecLen':
    case 'VecImmBorrow':
    case 'VecMutBorrow':
    case 'VecPushBack':
    case 'VecPopBack':
    case 'VecSwap':
    case 'CallClosure':
      return o.index(ins.sig);
    default:
      return;
  }
}

function writeCodeUnit(o: Out, code: CodeUnit): void {
  o.index(code.locals);
  o.uleb(code.code.length, LIMITS.BYTECODE_COUNT_MAX, 'bytecode count');
  for (const ins of code.code) writeInstruction(o, ins);
}

type TableWriter = [kind: number, write: (o: Out) => void, count: number];

function each<T>(items: readonly T[], write: (o: Out, item: T) => void): (o: Out) => void {
  return (o) => {
    for (const item of items) write(o, item);
  };
}

function commonTables(u: CompiledUnitTables): TableWriter[] {
  const v = u.version;
  return [
    [
      TableType.MODULE_HANDLES,
      each(u.moduleHandles, (o, h) => {
        o.index(h.address);
        o.index(h.name);
      }),
      u.moduleHandles.length,
    ],
    [
      TableType.STRUCT_HANDLES,
      each(u.structHandles, (o, h) => {
        o.index(h.module);
        o.index(h.name);
        o.uleb(h.abilities, 0xf);
        o.uleb(h.typeParameters.length, LIMITS.TYPE_PARAMETER_COUNT_MAX);
        for (const tp of h.typeParameters) {
          o.uleb(tp.constraints, 0xf);
          o.u8(tp.isPhantom ? 1 : 0);
        }
      }),
      u.structHandles.length,
    ],
    [
      TableType.FUNCTION_HANDLES,
      each(u.functionHandles, (o, h) => writeFunctionHandle(o, v, h)),
      u.functionHandles.length,
    ],
    [
      TableType.FUNCTION_INST,
      each(u.functionInstantiations, (o, f) => {
        o.index(f.handle);
        o.index(f.typeParameters);
      }),
      u.functionInstantiations.length,
    ],
    [
      TableType.SIGNATURES,
      each(u.signatures, (o, s) => {
        o.uleb(s.length, LIMITS.SIGNATURE_SIZE_MAX, 'signature size');
        for (const t of s) writeToken(o, t);
      }),
      u.signatures.length,
    ],
    [
      TableType.IDENTIFIERS,
      each(u.identifiers, (o, id) => {
        const b = enc.encode(id);
        o.uleb(b.length, LIMITS.IDENTIFIER_SIZE_MAX, 'identifier size');
        o.bytes(b);
      }),
      u.identifiers.length,
    ],
    [
      TableType.ADDRESS_IDENTIFIERS,
      each(u.addressIdentifiers, (o, a) => o.bytes(addressBytes(a))),
      u.addressIdentifiers.length,
    ],
    [
      TableType.CONSTANT_POOL,
      each(u.constantPool, (o, k) => {
        writeToken(o, k.type);
        o.uleb(k.data.length, LIMITS.CONSTANT_SIZE_MAX, 'constant size');
        o.bytes(k.data);
      }),
      u.constantPool.length,
    ],
    [
      TableType.METADATA,
      each(u.metadata, (o, m) => {
        o.uleb(m.key.length, LIMITS.METADATA_KEY_SIZE_MAX, 'metadata key size');
        o.bytes(m.key);
        o.uleb(m.value.length, LIMITS.METADATA_VALUE_SIZE_MAX, 'metadata value size');
        o.bytes(m.value);
      }),
      u.metadata.length,
    ],
  ];
}

/** A long- or short-form address (`0x1`, `0x…64 hex`) as its 32 bytes. */
export function addressBytes(address: string): Uint8Array {
  const hex = address.startsWith('0x') ? address.slice(2) : address;
  if (hex.length === 0 || hex.length > 64 || !/^[0-9a-fA-F]+$/.test(hex))
    throw new RangeError(`not an address: ${address}`);
  const padded = hex.padStart(64, '0');
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(padded.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function assemble(version: number, tables: TableWriter[], tail: (o: Out) => void): Uint8Array {
  const content = new Out();
  const headers: [number, number, number][] = [];
  for (const [kind, write, count] of tables) {
    if (count === 0) continue;
    const start = content.len;
    write(content);
    headers.push([kind, start, content.len - start]);
  }
  const o = new Out();
  o.bytes(MOVE_MAGIC);
  o.uintLE(version >= VERSION_7 ? (version | APTOS_BYTECODE_VERSION_MASK) >>> 0 : version, 4);
  o.uleb(headers.length, LIMITS.TABLE_COUNT_MAX, 'table count');
  for (const [kind, offset, size] of headers) {
    o.u8(kind);
    o.uleb(offset);
    o.uleb(size);
  }
  o.bytes(content.result());
  tail(o);
  return o.result();
}

/** Serializes a module (the version word carries the Aptos mask from v7 on, as the compiler writes it). */
export function writeModule(m: CompiledModule): Uint8Array {
  const tables: TableWriter[] = [
    ...commonTables(m),
    [TableType.STRUCT_DEFS, each(m.structDefs, writeStructDef), m.structDefs.length],
    [
      TableType.STRUCT_DEF_INST,
      each(m.structDefInstantiations, (o, s) => {
        o.index(s.def);
        o.index(s.typeParameters);
      }),
      m.structDefInstantiations.length,
    ],
    [
      TableType.FUNCTION_DEFS,
      each(m.functionDefs, (o, d) => {
        o.index(d.function);
        o.u8(VISIBILITY_BYTE[d.visibility]);
        o.u8((d.isEntry ? FUNCTION_FLAG.ENTRY : 0) | (d.code === null ? FUNCTION_FLAG.NATIVE : 0));
        o.uleb(d.acquiresGlobalResources.length, LIMITS.ACQUIRES_COUNT_MAX, 'acquires count');
        for (const a of d.acquiresGlobalResources) o.index(a);
        if (d.code !== null) writeCodeUnit(o, d.code);
      }),
      m.functionDefs.length,
    ],
    [
      TableType.FIELD_HANDLES,
      each(m.fieldHandles, (o, f) => {
        o.index(f.owner);
        o.uleb(f.field, LIMITS.FIELD_OFFSET_MAX);
      }),
      m.fieldHandles.length,
    ],
    [
      TableType.FIELD_INST,
      each(m.fieldInstantiations, (o, f) => {
        o.index(f.handle);
        o.index(f.typeParameters);
      }),
      m.fieldInstantiations.length,
    ],
    [
      TableType.FRIEND_DECLS,
      each(m.friendDecls, (o, h) => {
        o.index(h.address);
        o.index(h.name);
      }),
      m.friendDecls.length,
    ],
    // In table-kind order (0x11…0x14), as the compiler writes them.
    [
      TableType.VARIANT_FIELD_HANDLES,
      each(m.variantFieldHandles, (o, h) => {
        o.index(h.struct);
        o.uleb(h.field, LIMITS.FIELD_OFFSET_MAX);
        o.uleb(h.variants.length, LIMITS.VARIANT_COUNT_MAX);
        for (const v of h.variants) o.uleb(v, LIMITS.VARIANT_OFFSET_MAX);
      }),
      m.variantFieldHandles.length,
    ],
    [
      TableType.VARIANT_FIELD_INST,
      each(m.variantFieldInstantiations, (o, h) => {
        o.index(h.handle);
        o.index(h.typeParameters);
      }),
      m.variantFieldInstantiations.length,
    ],
    [
      TableType.STRUCT_VARIANT_HANDLES,
      each(m.structVariantHandles, (o, h) => {
        o.index(h.struct);
        o.uleb(h.variant, LIMITS.VARIANT_OFFSET_MAX);
      }),
      m.structVariantHandles.length,
    ],
    [
      TableType.STRUCT_VARIANT_INST,
      each(m.structVariantInstantiations, (o, h) => {
        o.index(h.handle);
        o.index(h.typeParameters);
      }),
      m.structVariantInstantiations.length,
    ],
  ];
  return assemble(m.version, tables, (o) => o.index(m.selfModuleHandleIdx));
}

/** Serializes a script. */
export function writeScript(s: CompiledScript): Uint8Array {
  return assemble(s.version, commonTables(s), (o) => {
    writeAbilitySets(o, s.typeParameters);
    o.index(s.parameters);
    if (s.version >= VERSION_8) writeAccessSpecifiers(o, s.accessSpecifiers);
    writeCodeUnit(o, s.code);
  });
}
