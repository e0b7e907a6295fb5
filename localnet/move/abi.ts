/**
 * The ABI of a compiled module, derived from its bytecode exactly as a node renders `MoveModule`
 * (aptos-api-types `bytecode.rs`): exposed functions are the public, friend and entry ones in
 * definition order; `is_view` and `is_event` come from the `aptos::metadata_v1` attributes; types
 * print as `MoveType` does (`0x1::coin::Coin<T0>`, `&mut u64`, `vector<u8>`, `|u64|bool`).
 *
 * Also the module's runtime metadata (error map, attributes), which the interpreter needs to
 * render `Move abort in 0x…::m: E_NAME(0x…): doc`.
 */
import { Deserializer } from '@aptos-labs/ts-sdk';
import { type LongAddress, shortAddress } from '../encoding.ts';
import {
  type AbilitySet,
  abilityNames,
  type AbilityName,
  type CompiledModule,
  type CompiledScript,
  type FunctionDefinition,
  type SignatureToken,
  type StructDefinition,
} from './binary/types.ts';

// ---------------------------------------------------------------------------------------------
// The MoveModule JSON

export interface MoveFunctionAbi {
  name: string;
  visibility: 'private' | 'public' | 'friend';
  is_entry: boolean;
  is_view: boolean;
  generic_type_params: Array<{ constraints: AbilityName[] }>;
  params: string[];
  return: string[];
}

export interface MoveStructFieldAbi {
  name: string;
  type: string;
}

export interface MoveStructAbi {
  name: string;
  is_native: boolean;
  is_event: boolean;
  is_enum: boolean;
  abilities: AbilityName[];
  generic_type_params: Array<{ constraints: AbilityName[]; is_phantom: boolean }>;
  fields: MoveStructFieldAbi[];
  variants: Array<{ name: string; fields: MoveStructFieldAbi[] }>;
}

export interface MoveModuleAbi {
  address: string;
  name: string;
  friends: string[];
  exposed_functions: MoveFunctionAbi[];
  structs: MoveStructAbi[];
}

type Unit = CompiledModule | CompiledScript;

function at<T>(table: readonly T[], i: number, what: string): T {
  const v = table[i];
  if (v === undefined) throw new RangeError(`${what} ${i} out of bounds (${table.length})`);
  return v;
}

/** The long-form address and name of a module handle. */
export function moduleHandleId(u: Unit, handleIdx: number): { address: LongAddress; name: string } {
  const h = at(u.moduleHandles, handleIdx, 'module handle');
  return {
    address: at(u.addressIdentifiers, h.address, 'address identifier') as LongAddress,
    name: at(u.identifiers, h.name, 'identifier'),
  };
}

/** This module's own address (long form) and name. */
export function moduleId(m: CompiledModule): { address: LongAddress; name: string } {
  return moduleHandleId(m, m.selfModuleHandleIdx);
}

/** The fully qualified name of a struct handle, `0x1::coin::Coin` (short address). */
export function structName(u: Unit, handleIdx: number): string {
  const sh = at(u.structHandles, handleIdx, 'struct handle');
  const mod = moduleHandleId(u, sh.module);
  return `${shortAddress(mod.address)}::${mod.name}::${at(u.identifiers, sh.name, 'identifier')}`;
}

/**
 * A signature token as the node's `MoveType` prints it. Type parameters print as `T0`, `T1`, …
 * unless `typeArgs` substitutes them (already-rendered strings).
 */
export function typeToString(u: Unit, tok: SignatureToken, typeArgs?: readonly string[]): string {
  switch (tok.kind) {
    case 'Bool':
      return 'bool';
    case 'U8':
      return 'u8';
    case 'U16':
      return 'u16';
    case 'U32':
      return 'u32';
    case 'U64':
      return 'u64';
    case 'U128':
      return 'u128';
    case 'U256':
      return 'u256';
    case 'I8':
    case 'I16':
    case 'I32':
    case 'I64':
    case 'I128':
    case 'I256':
      return tok.kind.toLowerCase();
    case 'Address':
      return 'address';
    case 'Signer':
      return 'signer';
    case 'Vector':
      return `vector<${typeToString(u, tok.inner, typeArgs)}>`;
    case 'Struct':
      return structName(u, tok.handle);
    case 'StructInstantiation':
      return `${structName(u, tok.handle)}<${tok.typeArgs.map((t) => typeToString(u, t, typeArgs)).join(', ')}>`;
    case 'Reference':
      return `&${typeToString(u, tok.inner, typeArgs)}`;
    case 'MutableReference':
      return `&mut ${typeToString(u, tok.inner, typeArgs)}`;
    case 'TypeParameter':
      return typeArgs?.[tok.index] ?? `T${tok.index}`;
    case 'Function':
      return `|${tok.args.map((t) => typeToString(u, t, typeArgs)).join(',')}|${tok.results.map((t) => typeToString(u, t, typeArgs)).join(',')}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Runtime metadata (`aptos::metadata_v0`/`aptos::metadata_v1`)

export interface KnownAttribute {
  kind: number;
  args: string[];
}

export const ATTRIBUTE_KIND = {
  LegacyViewFunction: 0,
  ViewFunction: 1,
  ResourceGroup: 2,
  ResourceGroupMember: 3,
  Event: 4,
  Randomness: 5,
} as const;

export interface RuntimeMetadata {
  /** Abort code → its constant's name and doc comment. */
  errorMap: Map<bigint, { name: string; description: string }>;
  structAttributes: Map<string, KnownAttribute[]>;
  funAttributes: Map<string, KnownAttribute[]>;
}

const METADATA_V0 = 'aptos::metadata_v0';
const METADATA_V1 = 'aptos::metadata_v1';
const text = new TextDecoder();

function readAttributeMap(d: Deserializer): Map<string, KnownAttribute[]> {
  const out = new Map<string, KnownAttribute[]>();
  const n = d.deserializeUleb128AsU32();
  for (let i = 0; i < n; i++) {
    const key = d.deserializeStr();
    const count = d.deserializeUleb128AsU32();
    const attrs: KnownAttribute[] = [];
    for (let j = 0; j < count; j++) {
      const kind = d.deserializeU8();
      const nArgs = d.deserializeUleb128AsU32();
      const args: string[] = [];
      for (let k = 0; k < nArgs; k++) args.push(d.deserializeStr());
      attrs.push({ kind, args });
    }
    out.set(key, attrs);
  }
  return out;
}

/**
 * The Aptos runtime metadata of a module or script, as `get_metadata_from_compiled_code` reads it
 * (v1 preferred, v0 upgraded; v5 binaries lose their attributes). `null` when absent or not
 * decodable (the node ignores undecodable metadata here; publishing checks it separately).
 */
export function runtimeMetadata(u: Unit): RuntimeMetadata | null {
  const find = (key: string) => u.metadata.find((m) => text.decode(m.key) === key);
  const v1 = find(METADATA_V1);
  const entry = v1 ?? find(METADATA_V0);
  if (entry === undefined) return null;
  try {
    const d = new Deserializer(entry.value);
    const errorMap = new Map<bigint, { name: string; description: string }>();
    const n = d.deserializeUleb128AsU32();
    for (let i = 0; i < n; i++) {
      const code = d.deserializeU64();
      const name = d.deserializeStr();
      const description = d.deserializeStr();
      errorMap.set(code, { name, description });
    }
    let structAttributes = new Map<string, KnownAttribute[]>();
    let funAttributes = new Map<string, KnownAttribute[]>();
    if (v1 !== undefined) {
      structAttributes = readAttributeMap(d);
      funAttributes = readAttributeMap(d);
      if (u.version === 5) {
        structAttributes = new Map();
        funAttributes = new Map();
      }
    }
    if (d.remaining() !== 0) return null;
    return { errorMap, structAttributes, funAttributes };
  } catch {
    return null;
  }
}

function hasAttribute(
  map: Map<string, KnownAttribute[]> | undefined,
  name: string,
  kinds: number[],
): boolean {
  return (map?.get(name) ?? []).some((a) => kinds.includes(a.kind));
}

// ---------------------------------------------------------------------------------------------
// Derivation

const constraints = (set: AbilitySet) => abilityNames(set);

function functionAbi(
  m: CompiledModule,
  def: FunctionDefinition,
  meta: RuntimeMetadata | null,
): MoveFunctionAbi {
  const h = at(m.functionHandles, def.function, 'function handle');
  const name = at(m.identifiers, h.name, 'identifier');
  return {
    name,
    visibility: def.visibility,
    is_entry: def.isEntry,
    is_view: hasAttribute(meta?.funAttributes, name, [
      ATTRIBUTE_KIND.LegacyViewFunction,
      ATTRIBUTE_KIND.ViewFunction,
    ]),
    generic_type_params: h.typeParameters.map((c) => ({ constraints: constraints(c) })),
    params: at(m.signatures, h.parameters, 'signature').map((t) => typeToString(m, t)),
    return: at(m.signatures, h.returns, 'signature').map((t) => typeToString(m, t)),
  };
}

function structAbi(
  m: CompiledModule,
  def: StructDefinition,
  meta: RuntimeMetadata | null,
): MoveStructAbi {
  const h = at(m.structHandles, def.structHandle, 'struct handle');
  const name = at(m.identifiers, h.name, 'identifier');
  const field = (f: { name: number; signature: SignatureToken }) => ({
    name: at(m.identifiers, f.name, 'identifier'),
    type: typeToString(m, f.signature),
  });
  const info = def.fieldInformation;
  return {
    name,
    is_native: info.kind === 'Native',
    is_event: hasAttribute(meta?.structAttributes, name, [ATTRIBUTE_KIND.Event]),
    is_enum: info.kind === 'DeclaredVariants',
    abilities: abilityNames(h.abilities),
    generic_type_params: h.typeParameters.map((p) => ({
      constraints: constraints(p.constraints),
      is_phantom: p.isPhantom,
    })),
    fields: info.kind === 'Declared' ? info.fields.map(field) : [],
    variants:
      info.kind === 'DeclaredVariants'
        ? info.variants.map((v) => ({
            name: at(m.identifiers, v.name, 'identifier'),
            fields: v.fields.map(field),
          }))
        : [],
  };
}

/** Whether the node lists a function in `exposed_functions`: public, friend, or entry. */
export const isExposed = (def: FunctionDefinition) => def.isEntry || def.visibility !== 'private';

/** The `abi` of `GET accounts/{a}/module/{name}`, derived from the bytecode. */
export function moduleAbi(m: CompiledModule): MoveModuleAbi {
  const meta = runtimeMetadata(m);
  const id = moduleId(m);
  return {
    address: shortAddress(id.address),
    name: id.name,
    friends: m.friendDecls.map((f) => {
      const address = at(m.addressIdentifiers, f.address, 'address identifier') as LongAddress;
      return `${shortAddress(address)}::${at(m.identifiers, f.name, 'identifier')}`;
    }),
    exposed_functions: m.functionDefs.filter(isExposed).map((d) => functionAbi(m, d, meta)),
    structs: m.structDefs.map((d) => structAbi(m, d, meta)),
  };
}

/** Finds a function definition by name (any visibility). */
export function findFunction(
  m: CompiledModule,
  name: string,
): { index: number; def: FunctionDefinition } | null {
  for (let i = 0; i < m.functionDefs.length; i++) {
    const def = at(m.functionDefs, i, 'function definition');
    const h = at(m.functionHandles, def.function, 'function handle');
    if (m.identifiers[h.name] === name) return { index: i, def };
  }
  return null;
}

/** Finds a struct definition by name. */
export function findStruct(
  m: CompiledModule,
  name: string,
): { index: number; def: StructDefinition } | null {
  for (let i = 0; i < m.structDefs.length; i++) {
    const def = at(m.structDefs, i, 'struct definition');
    const h = at(m.structHandles, def.structHandle, 'struct handle');
    if (m.identifiers[h.name] === name) return { index: i, def };
  }
  return null;
}
