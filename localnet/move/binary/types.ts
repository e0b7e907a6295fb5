/**
 * Kept as one piece: these types are one vocabulary the reader, the writer, the ABI and the
 * interpreter use together.
 *
 * The in-memory form of a deserialized Move binary: `CompiledModule` and `CompiledScript`, as the
 * Aptos Move binary format defines them (`move-binary-format/src/file_format.rs`), bytecode
 * versions 5 to 10 (v6: u16/u32/u256; v7: enums, access specifiers; v8: closures and function
 * types, function attributes; v9: signed integers i8…i256 and `$` in identifiers; v10:
 * `AbortMsg`). Every index is a plain `number` into the table its name says
 * (`SignatureIndex` into `signatures`, …). `reader.ts` builds these, `writer.ts` serializes them.
 *
 * The interpreter switches on `Bytecode['op']`: the names are the Rust `Bytecode` variant names.
 */

// ---------------------------------------------------------------------------------------------
// Versions and limits

export const VERSION_5 = 5;
export const VERSION_6 = 6;
export const VERSION_7 = 7;
export const VERSION_8 = 8;
export const VERSION_9 = 9;
export const VERSION_10 = 10;
/** The oldest and newest bytecode versions this reader accepts. */
export const VERSION_MIN = VERSION_5;
export const VERSION_MAX = VERSION_10;
/** Aptos marks its binaries by setting the high byte of the version word to 0x0A (v7+). */
export const APTOS_BYTECODE_VERSION_MASK = 0x0a000000;
export const MOVE_MAGIC = Uint8Array.of(0xa1, 0x1c, 0xeb, 0x0b);

/** Bounds the deserializer enforces (file_format_common.rs). */
export const LIMITS = {
  TABLE_COUNT_MAX: 255,
  TABLE_OFFSET_MAX: 0xffff_ffff,
  TABLE_SIZE_MAX: 0xffff_ffff,
  TABLE_INDEX_MAX: 65535,
  BYTECODE_COUNT_MAX: 65535,
  BYTECODE_INDEX_MAX: 65535,
  LOCAL_INDEX_MAX: 255,
  IDENTIFIER_SIZE_MAX: 255,
  CONSTANT_SIZE_MAX: 65535,
  METADATA_KEY_SIZE_MAX: 1023,
  METADATA_VALUE_SIZE_MAX: 65535,
  SIGNATURE_SIZE_MAX: 255,
  ACQUIRES_COUNT_MAX: 255,
  FIELD_COUNT_MAX: 255,
  FIELD_OFFSET_MAX: 255,
  VARIANT_COUNT_MAX: 127,
  VARIANT_OFFSET_MAX: 127,
  TYPE_PARAMETER_COUNT_MAX: 255,
  TYPE_PARAMETER_INDEX_MAX: 65536,
  ACCESS_SPECIFIER_COUNT_MAX: 64,
  SIGNATURE_TOKEN_DEPTH_MAX: 256,
  ATTRIBUTE_COUNT_MAX: 16,
} as const;

/** Table kinds in the binary's table header. */
export const TableType = {
  MODULE_HANDLES: 0x1,
  STRUCT_HANDLES: 0x2,
  FUNCTION_HANDLES: 0x3,
  FUNCTION_INST: 0x4,
  SIGNATURES: 0x5,
  CONSTANT_POOL: 0x6,
  IDENTIFIERS: 0x7,
  ADDRESS_IDENTIFIERS: 0x8,
  STRUCT_DEFS: 0xa,
  STRUCT_DEF_INST: 0xb,
  FUNCTION_DEFS: 0xc,
  FIELD_HANDLES: 0xd,
  FIELD_INST: 0xe,
  FRIEND_DECLS: 0xf,
  METADATA: 0x10,
  VARIANT_FIELD_HANDLES: 0x11,
  VARIANT_FIELD_INST: 0x12,
  STRUCT_VARIANT_HANDLES: 0x13,
  STRUCT_VARIANT_INST: 0x14,
} as const;
export type TableKind = (typeof TableType)[keyof typeof TableType];

/** Tags of a serialized signature token. */
export const SerializedType = {
  BOOL: 0x1,
  U8: 0x2,
  U64: 0x3,
  U128: 0x4,
  ADDRESS: 0x5,
  REFERENCE: 0x6,
  MUTABLE_REFERENCE: 0x7,
  STRUCT: 0x8,
  TYPE_PARAMETER: 0x9,
  VECTOR: 0xa,
  STRUCT_INST: 0xb,
  SIGNER: 0xc,
  U16: 0xd,
  U32: 0xe,
  U256: 0xf,
  FUNCTION: 0x10,
  // v9
  I8: 0x11,
  I16: 0x12,
  I32: 0x13,
  I64: 0x14,
  I128: 0x15,
  I256: 0x16,
} as const;

// ---------------------------------------------------------------------------------------------
// Abilities

/** An ability set is a bit mask of these. */
export const Ability = { Copy: 0x1, Drop: 0x2, Store: 0x4, Key: 0x8 } as const;
export type AbilitySet = number;
export const ABILITY_ALL: AbilitySet = 0xf;
/** Ability names in the order a node renders them (`copy`, `drop`, `store`, `key`). */
export const ABILITY_NAMES = ['copy', 'drop', 'store', 'key'] as const;
export type AbilityName = (typeof ABILITY_NAMES)[number];

export function abilityNames(set: AbilitySet): AbilityName[] {
  return ABILITY_NAMES.filter((_, i) => (set & (1 << i)) !== 0);
}

// ---------------------------------------------------------------------------------------------
// Indices (documentation aliases; all are u16 table indices unless said)

export type ModuleHandleIndex = number;
export type StructHandleIndex = number;
export type FunctionHandleIndex = number;
export type FieldHandleIndex = number;
export type StructDefinitionIndex = number;
export type StructDefInstantiationIndex = number;
export type FunctionInstantiationIndex = number;
export type FieldInstantiationIndex = number;
export type IdentifierIndex = number;
export type AddressIdentifierIndex = number;
export type ConstantPoolIndex = number;
export type SignatureIndex = number;
export type FunctionDefinitionIndex = number;
export type VariantFieldHandleIndex = number;
export type VariantFieldInstantiationIndex = number;
export type StructVariantHandleIndex = number;
export type StructVariantInstantiationIndex = number;
/** Index of a local (u8). */
export type LocalIndex = number;
/** Index of a type parameter (u16). */
export type TypeParameterIndex = number;
/** Offset into a code unit (u16). */
export type CodeOffset = number;
/** Offset of a field in a struct or variant (u16, ≤ 255). */
export type MemberCount = number;
/** Index of a variant in an enum (u16, ≤ 127). */
export type VariantIndex = number;
/** The bit mask of captured arguments of a closure (u64). */
export type ClosureMask = bigint;

// ---------------------------------------------------------------------------------------------
// Signatures

export type SignatureToken =
  | { readonly kind: 'Bool' }
  | { readonly kind: 'U8' }
  | { readonly kind: 'U16' }
  | { readonly kind: 'U32' }
  | { readonly kind: 'U64' }
  | { readonly kind: 'U128' }
  | { readonly kind: 'U256' }
  /** Signed integers (v9+). */
  | { readonly kind: 'I8' }
  | { readonly kind: 'I16' }
  | { readonly kind: 'I32' }
  | { readonly kind: 'I64' }
  | { readonly kind: 'I128' }
  | { readonly kind: 'I256' }
  | { readonly kind: 'Address' }
  | { readonly kind: 'Signer' }
  | { readonly kind: 'Vector'; readonly inner: SignatureToken }
  | { readonly kind: 'Struct'; readonly handle: StructHandleIndex }
  | {
      readonly kind: 'StructInstantiation';
      readonly handle: StructHandleIndex;
      readonly typeArgs: readonly SignatureToken[];
    }
  | { readonly kind: 'Reference'; readonly inner: SignatureToken }
  | { readonly kind: 'MutableReference'; readonly inner: SignatureToken }
  | { readonly kind: 'TypeParameter'; readonly index: TypeParameterIndex }
  /** A function type `|args| results has abilities` (v8+). */
  | {
      readonly kind: 'Function';
      readonly args: readonly SignatureToken[];
      readonly results: readonly SignatureToken[];
      readonly abilities: AbilitySet;
    };

export type SignatureTokenKind = SignatureToken['kind'];

/** A signature: a list of tokens (parameters, returns, locals, type arguments). */
export type Signature = readonly SignatureToken[];

// ---------------------------------------------------------------------------------------------
// Handles and definitions

export interface ModuleHandle {
  readonly address: AddressIdentifierIndex;
  readonly name: IdentifierIndex;
}

export interface StructTypeParameter {
  readonly constraints: AbilitySet;
  readonly isPhantom: boolean;
}

export interface StructHandle {
  readonly module: ModuleHandleIndex;
  readonly name: IdentifierIndex;
  readonly abilities: AbilitySet;
  readonly typeParameters: readonly StructTypeParameter[];
}

/** Access specifiers (v7+): `reads`/`writes` clauses of a function. */
export type AccessKind = 'Reads' | 'Writes';

export type ResourceSpecifier =
  | { readonly kind: 'Any' }
  | { readonly kind: 'DeclaredAtAddress'; readonly address: AddressIdentifierIndex }
  | { readonly kind: 'DeclaredInModule'; readonly module: ModuleHandleIndex }
  | { readonly kind: 'Resource'; readonly handle: StructHandleIndex }
  | {
      readonly kind: 'ResourceInstantiation';
      readonly handle: StructHandleIndex;
      readonly typeArgs: SignatureIndex;
    };

export type AddressSpecifier =
  | { readonly kind: 'Any' }
  | { readonly kind: 'Literal'; readonly address: AddressIdentifierIndex }
  | {
      readonly kind: 'Parameter';
      readonly param: LocalIndex;
      /** An optional function applied to the parameter. */
      readonly fn: FunctionInstantiationIndex | null;
    };

export interface AccessSpecifier {
  readonly kind: AccessKind;
  readonly negated: boolean;
  readonly resource: ResourceSpecifier;
  readonly address: AddressSpecifier;
}

/**
 * Function attributes (v8+; the struct-API ones from language 2.4): `Persistent` (1),
 * `ModuleLock` (2), and those marking the compiler's `pack$S`, `unpack$S`, `test_variant$S$V`,
 * `borrow$S$…`, `borrow_mut$S$…` functions: `Pack` (3), `PackVariant` (4), `Unpack` (5),
 * `UnpackVariant` (6), `TestVariant` (7), `BorrowFieldImmutable` (8), `BorrowFieldMutable` (9);
 * those with an index (a variant, or a field offset) carry it as a u16.
 */
export type FunctionAttribute =
  | 'Persistent'
  | 'ModuleLock'
  | 'Pack'
  | 'Unpack'
  | { readonly kind: IndexedFunctionAttribute; readonly index: number };
export type IndexedFunctionAttribute =
  'PackVariant' | 'UnpackVariant' | 'TestVariant' | 'BorrowFieldImmutable' | 'BorrowFieldMutable';
/** The serialized byte of each function attribute. */
export const FUNCTION_ATTRIBUTE_BYTE = {
  Persistent: 1,
  ModuleLock: 2,
  Pack: 3,
  PackVariant: 4,
  Unpack: 5,
  UnpackVariant: 6,
  TestVariant: 7,
  BorrowFieldImmutable: 8,
  BorrowFieldMutable: 9,
} as const;

export interface FunctionHandle {
  readonly module: ModuleHandleIndex;
  readonly name: IdentifierIndex;
  readonly parameters: SignatureIndex;
  /** `return_` in Rust. */
  readonly returns: SignatureIndex;
  /** The constraints of each type parameter. */
  readonly typeParameters: readonly AbilitySet[];
  /** v7+: `null` when the function declares none. */
  readonly accessSpecifiers: readonly AccessSpecifier[] | null;
  /** v8+: empty before. */
  readonly attributes: readonly FunctionAttribute[];
}

export interface FieldHandle {
  readonly owner: StructDefinitionIndex;
  readonly field: MemberCount;
}

export interface VariantFieldHandle {
  readonly struct: StructDefinitionIndex;
  /** The variants that all have this field at the same offset and type. */
  readonly variants: readonly VariantIndex[];
  readonly field: MemberCount;
}

export interface StructVariantHandle {
  readonly struct: StructDefinitionIndex;
  readonly variant: VariantIndex;
}

export interface StructDefInstantiation {
  readonly def: StructDefinitionIndex;
  readonly typeParameters: SignatureIndex;
}

export interface FunctionInstantiation {
  readonly handle: FunctionHandleIndex;
  readonly typeParameters: SignatureIndex;
}

export interface FieldInstantiation {
  readonly handle: FieldHandleIndex;
  readonly typeParameters: SignatureIndex;
}

export interface VariantFieldInstantiation {
  readonly handle: VariantFieldHandleIndex;
  readonly typeParameters: SignatureIndex;
}

export interface StructVariantInstantiation {
  readonly handle: StructVariantHandleIndex;
  readonly typeParameters: SignatureIndex;
}

export interface Constant {
  readonly type: SignatureToken;
  /** The BCS bytes of the value. */
  readonly data: Uint8Array;
}

export interface Metadata {
  readonly key: Uint8Array;
  readonly value: Uint8Array;
}

export interface FieldDefinition {
  readonly name: IdentifierIndex;
  readonly signature: SignatureToken;
}

export interface VariantDefinition {
  readonly name: IdentifierIndex;
  readonly fields: readonly FieldDefinition[];
}

export type StructFieldInformation =
  | { readonly kind: 'Native' }
  | { readonly kind: 'Declared'; readonly fields: readonly FieldDefinition[] }
  /** An enum (v7+). */
  | { readonly kind: 'DeclaredVariants'; readonly variants: readonly VariantDefinition[] };

export interface StructDefinition {
  readonly structHandle: StructHandleIndex;
  readonly fieldInformation: StructFieldInformation;
}

export type Visibility = 'private' | 'public' | 'friend';
/** The serialized visibility byte (2 was the deprecated `script`). */
export const VISIBILITY_BYTE: Readonly<Record<Visibility, number>> = {
  private: 0,
  public: 1,
  friend: 3,
};
/** Bits of a function definition's flags byte (v5+). */
export const FUNCTION_FLAG = { NATIVE: 0x2, ENTRY: 0x4 } as const;

export interface CodeUnit {
  /** The signature of the locals beyond the parameters. */
  readonly locals: SignatureIndex;
  readonly code: readonly Bytecode[];
}

export interface FunctionDefinition {
  readonly function: FunctionHandleIndex;
  readonly visibility: Visibility;
  readonly isEntry: boolean;
  readonly acquiresGlobalResources: readonly StructDefinitionIndex[];
  /** `null` for a native function. */
  readonly code: CodeUnit | null;
}

// ---------------------------------------------------------------------------------------------
// Bytecode

/** Opcode bytes (file_format_common.rs `Opcodes`). */
export const Opcodes = {
  Pop: 0x01,
  Ret: 0x02,
  BrTrue: 0x03,
  BrFalse: 0x04,
  Branch: 0x05,
  LdU64: 0x06,
  LdConst: 0x07,
  LdTrue: 0x08,
  LdFalse: 0x09,
  CopyLoc: 0x0a,
  MoveLoc: 0x0b,
  StLoc: 0x0c,
  MutBorrowLoc: 0x0d,
  ImmBorrowLoc: 0x0e,
  MutBorrowField: 0x0f,
  ImmBorrowField: 0x10,
  Call: 0x11,
  Pack: 0x12,
  Unpack: 0x13,
  ReadRef: 0x14,
  WriteRef: 0x15,
  Add: 0x16,
  Sub: 0x17,
  Mul: 0x18,
  Mod: 0x19,
  Div: 0x1a,
  BitOr: 0x1b,
  BitAnd: 0x1c,
  Xor: 0x1d,
  Or: 0x1e,
  And: 0x1f,
  Not: 0x20,
  Eq: 0x21,
  Neq: 0x22,
  Lt: 0x23,
  Gt: 0x24,
  Le: 0x25,
  Ge: 0x26,
  Abort: 0x27,
  Nop: 0x28,
  Exists: 0x29,
  MutBorrowGlobal: 0x2a,
  ImmBorrowGlobal: 0x2b,
  MoveFrom: 0x2c,
  MoveTo: 0x2d,
  FreezeRef: 0x2e,
  Shl: 0x2f,
  Shr: 0x30,
  LdU8: 0x31,
  LdU128: 0x32,
  CastU8: 0x33,
  CastU64: 0x34,
  CastU128: 0x35,
  MutBorrowFieldGeneric: 0x36,
  ImmBorrowFieldGeneric: 0x37,
  CallGeneric: 0x38,
  PackGeneric: 0x39,
  UnpackGeneric: 0x3a,
  ExistsGeneric: 0x3b,
  MutBorrowGlobalGeneric: 0x3c,
  ImmBorrowGlobalGeneric: 0x3d,
  MoveFromGeneric: 0x3e,
  MoveToGeneric: 0x3f,
  VecPack: 0x40,
  VecLen: 0x41,
  VecImmBorrow: 0x42,
  VecMutBorrow: 0x43,
  VecPushBack: 0x44,
  VecPopBack: 0x45,
  VecUnpack: 0x46,
  VecSwap: 0x47,
  LdU16: 0x48,
  LdU32: 0x49,
  LdU256: 0x4a,
  CastU16: 0x4b,
  CastU32: 0x4c,
  CastU256: 0x4d,
  // v7
  ImmBorrowVariantField: 0x4e,
  MutBorrowVariantField: 0x4f,
  ImmBorrowVariantFieldGeneric: 0x50,
  MutBorrowVariantFieldGeneric: 0x51,
  PackVariant: 0x52,
  PackVariantGeneric: 0x53,
  UnpackVariant: 0x54,
  UnpackVariantGeneric: 0x55,
  TestVariant: 0x56,
  TestVariantGeneric: 0x57,
  // v8
  PackClosure: 0x58,
  PackClosureGeneric: 0x59,
  CallClosure: 0x5a,
  // v9: signed integers
  LdI8: 0x5b,
  LdI16: 0x5c,
  LdI32: 0x5d,
  LdI64: 0x5e,
  LdI128: 0x5f,
  LdI256: 0x60,
  CastI8: 0x61,
  CastI16: 0x62,
  CastI32: 0x63,
  CastI64: 0x64,
  CastI128: 0x65,
  CastI256: 0x66,
  Negate: 0x67,
  // v10
  AbortMsg: 0x68,
} as const;

export type Opcode = keyof typeof Opcodes;

/** The first bytecode version that has an opcode (absent: every supported version). */
export const OPCODE_MIN_VERSION: Partial<Record<Opcode, number>> = {
  LdU16: VERSION_6,
  LdU32: VERSION_6,
  LdU256: VERSION_6,
  CastU16: VERSION_6,
  CastU32: VERSION_6,
  CastU256: VERSION_6,
  ImmBorrowVariantField: VERSION_7,
  MutBorrowVariantField: VERSION_7,
  ImmBorrowVariantFieldGeneric: VERSION_7,
  MutBorrowVariantFieldGeneric: VERSION_7,
  PackVariant: VERSION_7,
  PackVariantGeneric: VERSION_7,
  UnpackVariant: VERSION_7,
  UnpackVariantGeneric: VERSION_7,
  TestVariant: VERSION_7,
  TestVariantGeneric: VERSION_7,
  PackClosure: VERSION_8,
  PackClosureGeneric: VERSION_8,
  CallClosure: VERSION_8,
  LdI8: VERSION_9,
  LdI16: VERSION_9,
  LdI32: VERSION_9,
  LdI64: VERSION_9,
  LdI128: VERSION_9,
  LdI256: VERSION_9,
  CastI8: VERSION_9,
  CastI16: VERSION_9,
  CastI32: VERSION_9,
  CastI64: VERSION_9,
  CastI128: VERSION_9,
  CastI256: VERSION_9,
  Negate: VERSION_9,
  AbortMsg: VERSION_10,
};

type Simple<O extends Opcode> = { readonly op: O };

/**
 * One instruction. Operand names: `offset` (branch target), `local`, `value` (immediates),
 * `index` (constant pool), `fn` (function handle or instantiation), `def` (struct definition or
 * its instantiation), `field` (field handle or instantiation), `variant` (struct variant handle
 * or instantiation), `sig` (the element type's signature, for vector instructions), `count`.
 */
export type Bytecode =
  | Simple<'Pop'>
  | Simple<'Ret'>
  | { readonly op: 'BrTrue'; readonly offset: CodeOffset }
  | { readonly op: 'BrFalse'; readonly offset: CodeOffset }
  | { readonly op: 'Branch'; readonly offset: CodeOffset }
  | { readonly op: 'LdU8'; readonly value: number }
  | { readonly op: 'LdU16'; readonly value: number }
  | { readonly op: 'LdU32'; readonly value: number }
  | { readonly op: 'LdU64'; readonly value: bigint }
  | { readonly op: 'LdU128'; readonly value: bigint }
  | { readonly op: 'LdU256'; readonly value: bigint }
  | Simple<'CastU8'>
  | Simple<'CastU16'>
  | Simple<'CastU32'>
  | Simple<'CastU64'>
  | Simple<'CastU128'>
  | Simple<'CastU256'>
  | { readonly op: 'LdConst'; readonly index: ConstantPoolIndex }
  | Simple<'LdTrue'>
  | Simple<'LdFalse'>
  | { readonly op: 'CopyLoc'; readonly local: LocalIndex }
  | { readonly op: 'MoveLoc'; readonly local: LocalIndex }
  | { readonly op: 'StLoc'; readonly local: LocalIndex }
  | { readonly op: 'Call'; readonly fn: FunctionHandleIndex }
  | { readonly op: 'CallGeneric'; readonly fn: FunctionInstantiationIndex }
  | { readonly op: 'Pack'; readonly def: StructDefinitionIndex }
  | { readonly op: 'PackGeneric'; readonly def: StructDefInstantiationIndex }
  | { readonly op: 'Unpack'; readonly def: StructDefinitionIndex }
  | { readonly op: 'UnpackGeneric'; readonly def: StructDefInstantiationIndex }
  | Simple<'ReadRef'>
  | Simple<'WriteRef'>
  | Simple<'FreezeRef'>
  | { readonly op: 'MutBorrowLoc'; readonly local: LocalIndex }
  | { readonly op: 'ImmBorrowLoc'; readonly local: LocalIndex }
  | { readonly op: 'MutBorrowField'; readonly field: FieldHandleIndex }
  | { readonly op: 'MutBorrowFieldGeneric'; readonly field: FieldInstantiationIndex }
  | { readonly op: 'ImmBorrowField'; readonly field: FieldHandleIndex }
  | { readonly op: 'ImmBorrowFieldGeneric'; readonly field: FieldInstantiationIndex }
  | { readonly op: 'MutBorrowGlobal'; readonly def: StructDefinitionIndex }
  | { readonly op: 'MutBorrowGlobalGeneric'; readonly def: StructDefInstantiationIndex }
  | { readonly op: 'ImmBorrowGlobal'; readonly def: StructDefinitionIndex }
  | { readonly op: 'ImmBorrowGlobalGeneric'; readonly def: StructDefInstantiationIndex }
  | Simple<'Add'>
  | Simple<'Sub'>
  | Simple<'Mul'>
  | Simple<'Mod'>
  | Simple<'Div'>
  | Simple<'BitOr'>
  | Simple<'BitAnd'>
  | Simple<'Xor'>
  | Simple<'Or'>
  | Simple<'And'>
  | Simple<'Not'>
  | Simple<'Eq'>
  | Simple<'Neq'>
  | Simple<'Lt'>
  | Simple<'Gt'>
  | Simple<'Le'>
  | Simple<'Ge'>
  | Simple<'Shl'>
  | Simple<'Shr'>
  | Simple<'Abort'>
  | Simple<'Nop'>
  | { readonly op: 'Exists'; readonly def: StructDefinitionIndex }
  | { readonly op: 'ExistsGeneric'; readonly def: StructDefInstantiationIndex }
  | { readonly op: 'MoveFrom'; readonly def: StructDefinitionIndex }
  | { readonly op: 'MoveFromGeneric'; readonly def: StructDefInstantiationIndex }
  | { readonly op: 'MoveTo'; readonly def: StructDefinitionIndex }
  | { readonly op: 'MoveToGeneric'; readonly def: StructDefInstantiationIndex }
  | { readonly op: 'VecPack'; readonly sig: SignatureIndex; readonly count: bigint }
  | { readonly op: 'VecLen'; readonly sig: SignatureIndex }
  | { readonly op: 'VecImmBorrow'; readonly sig: SignatureIndex }
  | { readonly op: 'VecMutBorrow'; readonly sig: SignatureIndex }
  | { readonly op: 'VecPushBack'; readonly sig: SignatureIndex }
  | { readonly op: 'VecPopBack'; readonly sig: SignatureIndex }
  | { readonly op: 'VecUnpack'; readonly sig: SignatureIndex; readonly count: bigint }
  | { readonly op: 'VecSwap'; readonly sig: SignatureIndex }
  // v7: enums
  | { readonly op: 'ImmBorrowVariantField'; readonly field: VariantFieldHandleIndex }
  | { readonly op: 'MutBorrowVariantField'; readonly field: VariantFieldHandleIndex }
  | { readonly op: 'ImmBorrowVariantFieldGeneric'; readonly field: VariantFieldInstantiationIndex }
  | { readonly op: 'MutBorrowVariantFieldGeneric'; readonly field: VariantFieldInstantiationIndex }
  | { readonly op: 'PackVariant'; readonly variant: StructVariantHandleIndex }
  | { readonly op: 'PackVariantGeneric'; readonly variant: StructVariantInstantiationIndex }
  | { readonly op: 'UnpackVariant'; readonly variant: StructVariantHandleIndex }
  | { readonly op: 'UnpackVariantGeneric'; readonly variant: StructVariantInstantiationIndex }
  | { readonly op: 'TestVariant'; readonly variant: StructVariantHandleIndex }
  | { readonly op: 'TestVariantGeneric'; readonly variant: StructVariantInstantiationIndex }
  // v8: closures
  | { readonly op: 'PackClosure'; readonly fn: FunctionHandleIndex; readonly mask: ClosureMask }
  | {
      readonly op: 'PackClosureGeneric';
      readonly fn: FunctionInstantiationIndex;
      readonly mask: ClosureMask;
    }
  | { readonly op: 'CallClosure'; readonly sig: SignatureIndex }
  // v9: signed integers (immediates as signed values: numbers to i32, bigints from i64)
  | { readonly op: 'LdI8'; readonly value: number }
  | { readonly op: 'LdI16'; readonly value: number }
  | { readonly op: 'LdI32'; readonly value: number }
  | { readonly op: 'LdI64'; readonly value: bigint }
  | { readonly op: 'LdI128'; readonly value: bigint }
  | { readonly op: 'LdI256'; readonly value: bigint }
  | Simple<'CastI8'>
  | Simple<'CastI16'>
  | Simple<'CastI32'>
  | Simple<'CastI64'>
  | Simple<'CastI128'>
  | Simple<'CastI256'>
  | Simple<'Negate'>
  // v10: `abort` with a message (code, then the message's bytes on top)
  | Simple<'AbortMsg'>;

/** The instruction of one opcode: `BytecodeOf<'LdU64'>` is `{ op: 'LdU64'; value: bigint }`. */
export type BytecodeOf<O extends Opcode> = Extract<Bytecode, { op: O }>;

// ---------------------------------------------------------------------------------------------
// Compiled units

/** Tables a module and a script share. */
export interface CompiledUnitTables {
  /** The bytecode version (5..10), the Aptos mask removed. */
  readonly version: number;
  readonly moduleHandles: readonly ModuleHandle[];
  readonly structHandles: readonly StructHandle[];
  readonly functionHandles: readonly FunctionHandle[];
  readonly functionInstantiations: readonly FunctionInstantiation[];
  readonly signatures: readonly Signature[];
  readonly identifiers: readonly string[];
  /** Each a long-form address, `0x` and 64 lowercase hex digits. */
  readonly addressIdentifiers: readonly string[];
  readonly constantPool: readonly Constant[];
  readonly metadata: readonly Metadata[];
}

export interface CompiledModule extends CompiledUnitTables {
  readonly kind: 'module';
  /** This module's own handle in `moduleHandles`. */
  readonly selfModuleHandleIdx: ModuleHandleIndex;
  readonly fieldHandles: readonly FieldHandle[];
  readonly friendDecls: readonly ModuleHandle[];
  readonly structDefInstantiations: readonly StructDefInstantiation[];
  readonly fieldInstantiations: readonly FieldInstantiation[];
  readonly structDefs: readonly StructDefinition[];
  readonly functionDefs: readonly FunctionDefinition[];
  // v7
  readonly structVariantHandles: readonly StructVariantHandle[];
  readonly structVariantInstantiations: readonly StructVariantInstantiation[];
  readonly variantFieldHandles: readonly VariantFieldHandle[];
  readonly variantFieldInstantiations: readonly VariantFieldInstantiation[];
}

export interface CompiledScript extends CompiledUnitTables {
  readonly kind: 'script';
  /** The constraints of the script's type parameters. */
  readonly typeParameters: readonly AbilitySet[];
  readonly parameters: SignatureIndex;
  /** v8+ only (v7 scripts carry none). */
  readonly accessSpecifiers: readonly AccessSpecifier[] | null;
  readonly code: CodeUnit;
}

// ---------------------------------------------------------------------------------------------
// Errors

/** The VM status codes of deserialization and bounds checking (move-core-types `StatusCode`). */
export type BinaryStatus =
  | 'UNKNOWN_BINARY_ERROR'
  | 'MALFORMED'
  | 'BAD_MAGIC'
  | 'UNKNOWN_VERSION'
  | 'UNKNOWN_TABLE_TYPE'
  | 'UNKNOWN_SERIALIZED_TYPE'
  | 'UNKNOWN_OPCODE'
  | 'BAD_HEADER_TABLE'
  | 'DUPLICATE_TABLE'
  | 'UNKNOWN_ABILITY'
  | 'UNKNOWN_NATIVE_STRUCT_FLAG'
  | 'BAD_U16'
  | 'BAD_U32'
  | 'BAD_U64'
  | 'BAD_U128'
  | 'BAD_U256'
  | 'INVALID_FLAG_BITS'
  | 'INDEX_OUT_OF_BOUNDS'
  | 'NO_MODULE_HANDLES'
  | 'INVALID_SIGNATURE_TOKEN'
  | 'NUMBER_OF_TYPE_ARGUMENTS_MISMATCH'
  | 'ZERO_VARIANTS_ERROR'
  | 'TOO_MANY_LOCALS';

/** A binary the reader refuses: `status` is the node's status name, `offset` the byte offset. */
export class BinaryFormatError extends Error {
  override readonly name = 'BinaryFormatError';
  readonly status: BinaryStatus;
  /** Offset in the binary where the problem was found (-1 when not tied to one byte). */
  readonly offset: number;

  constructor(status: BinaryStatus, message: string, offset = -1) {
    super(offset >= 0 ? `${status}: ${message} (at byte ${offset})` : `${status}: ${message}`);
    this.status = status;
    this.offset = offset;
  }
}
