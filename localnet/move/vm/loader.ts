/**
 * Loads compiled modules and scripts into the interpreter's form: structs, functions with their
 * signatures as VM types, and the module's metadata. Each function's code is prepared on first use
 * by `prepare.ts`.
 */
import type { LongAddress } from '../../encoding.ts';
import { shortAddress } from '../../encoding.ts';
import type {
  AbilitySet,
  Bytecode,
  CompiledModule,
  CompiledScript,
  CompiledUnitTables,
  SignatureToken,
  StructTypeParameter,
  Visibility,
} from '../binary/types.ts';
import type { EventHandleKey } from '../../storage/types.ts';
import { vmError } from './errors.ts';
import type { NativeContext } from './nativeContext.ts';
import type { Ty, StructName } from './ty.ts';
import { T } from './ty.ts';
import type { Value } from './values.ts';
import { BcsReader } from './values.ts';
import type { Layout } from './values.ts';

/** A struct or enum of a loaded module, its field types naming the struct's type parameters. */
export interface LoadedStruct {
  name: StructName;
  abilities: AbilitySet;
  typeParams: readonly StructTypeParameter[];
  /** `null` for an enum. */
  fields: Array<{ name: string; ty: Ty }> | null;
  variants: Array<{ name: string; fields: Array<{ name: string; ty: Ty }> }> | null;
}

/** A call site: the callee's identity and type arguments (which may name the caller's). */
export interface CallSite {
  address: LongAddress;
  module: string;
  name: string;
  tyArgs: Ty[];
  generic: boolean;
  argCount: number;
  /** Resolved on first use by the interpreter. */
  target: LoadedFunction | NativeImpl | null;
}

/** A `PackClosure` site, prepared by the loader. */
export interface ClosureSite {
  /** The function (its type arguments may name the enclosing function's). */
  site: CallSite;
  mask: bigint;
  /** The captured parameters' types, in parameter order (may name type parameters). */
  capturedTys: Ty[];
  generic: boolean;
}

/** A native implementation: takes the arguments, returns the results. */
export type NativeImpl = (vm: NativeHost, tyArgs: readonly Ty[], args: Value[]) => Value[];

/** What natives may reach of the session (`VmSession` implements it). */
export interface NativeSession {
  readonly ctx: NativeContext;
  /** The transaction's hash (any fixed bytes for a view). */
  readonly seed: Uint8Array;
  newTableHandle(): LongAddress;
  uniqueAddress(scheme: number): LongAddress;
  /** A table item's cell: `cell[0]` is the value (`undefined` when absent). */
  tableItem(handle: LongAddress, keyTy: Ty, valueTy: Ty, key: Value): { cell: Value[] };
  /** `exists<T>(address)` as bytecode sees it: the session's own writes included. */
  resourceExists(address: LongAddress, ty: Ty): boolean;
  /** A resource's cell as bytecode's `borrow_global` sees it: `cell[0]`, `undefined` when absent. */
  global(address: LongAddress, ty: Ty): { cell: Value[] };
  emit(ty: Ty, value: Value, handle?: EventHandleKey): void;
}

/** What natives may ask of the running VM (implemented by the interpreter). */
export interface NativeHost {
  /** Charges execution gas in internal units. */
  charge(internal: number): void;
  layout(s: StructName, args: readonly Ty[]): Layout;
  readonly session: NativeSession;
  /** Calls a Move function (bytecode or native) as bytecode would, e.g. a dispatch hook. */
  call(
    address: LongAddress,
    module: string,
    name: string,
    tyArgs: readonly Ty[],
    args: Value[],
  ): Value[];
}

/** A resource type site: `move_to<S<T>>`, `borrow_global<S>`… */
export interface StructSite {
  ty: Ty;
  generic: boolean;
  /** The cached tag string when not generic. */
  tag: string;
  struct: LoadedStruct;
}

export interface VariantSite {
  struct: LoadedStruct;
  tag: number;
  count: number;
  /** For variant field borrows: the variants that have the field. */
  variants: number[];
  offset: number;
}

/** A function's code, prepared for the interpreter. */
export interface Prepared {
  op: Uint8Array;
  num: Float64Array;
  obj: unknown[];
  localCount: number;
  paramCount: number;
}

export interface LoadedFunction {
  module: LoadedModule | null;
  name: string;
  /** `0x…::m::f`, short address. */
  id: string;
  visibility: Visibility;
  isEntry: boolean;
  isView: boolean;
  typeParams: readonly AbilitySet[];
  params: Ty[];
  returns: Ty[];
  locals: Ty[];
  code: readonly Bytecode[] | null;
  prepared: Prepared | null;
  unit: CompiledUnitTables;
}

export interface LoadedModule {
  address: LongAddress;
  name: string;
  /** `0x…::m`, short address, as abort messages print it. */
  id: string;
  compiled: CompiledModule;
  structs: LoadedStruct[];
  functions: LoadedFunction[];
  functionByName: Map<string, LoadedFunction>;
  structByName: Map<string, LoadedStruct>;
  errors: Map<bigint, { name: string; doc: string }>;
  views: Set<string>;
}

/** Converts a signature token of `unit` to a VM type (type parameters stay `PARAM`). */
export function tokenToTy(unit: CompiledUnitTables, token: SignatureToken): Ty {
  switch (token.kind) {
    case 'Bool':
      return T.bool;
    case 'U8':
      return T.u8;
    case 'U16':
      return T.u16;
    case 'U32':
      return T.u32;
    case 'U64':
      return T.u64;
    case 'U128':
      return T.u128;
    case 'U256':
      return T.u256;
    case 'I8':
      return T.i8;
    case 'I16':
      return T.i16;
    case 'I32':
      return T.i32;
    case 'I64':
      return T.i64;
    case 'I128':
      return T.i128;
    case 'I256':
      return T.i256;
    case 'Address':
      return T.address;
    case 'Signer':
      return T.signer;
    case 'Vector':
      return T.vector(tokenToTy(unit, token.inner));
    case 'Struct':
      return T.struct(structNameOf(unit, token.handle));
    case 'StructInstantiation':
      return T.struct(
        structNameOf(unit, token.handle),
        token.typeArgs.map((arg) => tokenToTy(unit, arg)),
      );
    case 'Reference':
      return T.ref(tokenToTy(unit, token.inner));
    case 'MutableReference':
      return T.mutRef(tokenToTy(unit, token.inner));
    case 'TypeParameter':
      return T.param(token.index);
    case 'Function':
      return T.fn(
        token.args.map((arg) => tokenToTy(unit, arg)),
        token.results.map((r) => tokenToTy(unit, r)),
        token.abilities,
      );
  }
}

export function structNameOf(unit: CompiledUnitTables, handleIndex: number): StructName {
  const handle = unit.structHandles[handleIndex];
  if (handle === undefined) throw vmError('TYPE_RESOLUTION_FAILURE');
  const module = unit.moduleHandles[handle.module];
  if (module === undefined) throw vmError('TYPE_RESOLUTION_FAILURE');
  return {
    address: unit.addressIdentifiers[module.address] as LongAddress,
    module: unit.identifiers[module.name] as string,
    name: unit.identifiers[handle.name] as string,
  };
}

/** The types of signature `index` of `unit`. */
export const sig = (unit: CompiledUnitTables, index: number): Ty[] =>
  (unit.signatures[index] ?? []).map((token) => tokenToTy(unit, token));

// ---------------------------------------------------------------------------------------------
// Module metadata (`aptos::metadata_v1`): error map and `#[view]` attributes

const VIEW_FUNCTION = 1;

function readString(r: BcsReader): string {
  const n = r.uleb();
  const bytes = r.buf.subarray(r.pos, r.pos + n);
  if (bytes.length !== n) throw new Error('unexpected end of input');
  r.pos += n;
  return Buffer.from(bytes).toString('utf8');
}

/** Reads the error map and view functions from `aptos::metadata_v0`/`_v1`; bad metadata is ignored. */
export function readMetadata(unit: CompiledUnitTables): {
  errors: Map<bigint, { name: string; doc: string }>;
  views: Set<string>;
} {
  const errors = new Map<bigint, { name: string; doc: string }>();
  const views = new Set<string>();
  for (const entry of unit.metadata) {
    const key = Buffer.from(entry.key).toString('utf8');
    if (key !== 'aptos::metadata_v1' && key !== 'aptos::metadata_v0') continue;
    try {
      const r = new BcsReader(entry.value);
      const count = r.uleb();
      for (let i = 0; i < count; i += 1) {
        const code = r.uint(8) as bigint;
        const name = readString(r);
        const doc = readString(r);
        errors.set(code, { name, doc });
      }
      if (key === 'aptos::metadata_v1') {
        const structs = r.uleb();
        for (let i = 0; i < structs; i += 1) {
          readString(r);
          const n = r.uleb();
          for (let j = 0; j < n; j += 1) {
            r.byte();
            const args = r.uleb();
            for (let a = 0; a < args; a += 1) readString(r);
          }
        }
        const fns = r.uleb();
        for (let i = 0; i < fns; i += 1) {
          const name = readString(r);
          const n = r.uleb();
          for (let j = 0; j < n; j += 1) {
            const kind = r.byte();
            const args = r.uleb();
            for (let a = 0; a < args; a += 1) readString(r);
            if (kind === VIEW_FUNCTION) views.add(name);
          }
        }
      }
    } catch {
      // Metadata a node would have refused at publishing; nothing to explain aborts with.
    }
  }
  return { errors, views };
}

// ---------------------------------------------------------------------------------------------
// Loading

export function loadModule(compiled: CompiledModule): LoadedModule {
  const self = compiled.moduleHandles[compiled.selfModuleHandleIdx];
  if (self === undefined) throw vmError('LINKER_ERROR');
  const address = compiled.addressIdentifiers[self.address] as LongAddress;
  const name = compiled.identifiers[self.name] as string;
  const { errors, views } = readMetadata(compiled);
  const module: LoadedModule = {
    address,
    name,
    id: `${shortAddress(address)}::${name}`,
    compiled,
    structs: [],
    functions: [],
    functionByName: new Map(),
    structByName: new Map(),
    errors,
    views,
  };
  for (const def of compiled.structDefs) {
    const handle = compiled.structHandles[def.structHandle];
    if (handle === undefined) throw vmError('TYPE_RESOLUTION_FAILURE');
    const field = (f: { name: number; signature: SignatureToken }) => ({
      name: compiled.identifiers[f.name] as string,
      ty: tokenToTy(compiled, f.signature),
    });
    const info = def.fieldInformation;
    const struct: LoadedStruct = {
      name: structNameOf(compiled, def.structHandle),
      abilities: handle.abilities,
      typeParams: handle.typeParameters,
      fields:
        info.kind === 'Declared' ? info.fields.map(field) : info.kind === 'Native' ? [] : null,
      variants:
        info.kind === 'DeclaredVariants'
          ? info.variants.map((variant) => ({
              name: compiled.identifiers[variant.name] as string,
              fields: variant.fields.map(field),
            }))
          : null,
    };
    module.structs.push(struct);
    module.structByName.set(struct.name.name, struct);
  }
  for (const def of compiled.functionDefs) {
    const handle = compiled.functionHandles[def.function];
    if (handle === undefined) throw vmError('FUNCTION_RESOLUTION_FAILURE');
    const fnName = compiled.identifiers[handle.name] as string;
    const params = sig(compiled, handle.parameters);
    const fn: LoadedFunction = {
      module,
      name: fnName,
      id: `${module.id}::${fnName}`,
      visibility: def.visibility,
      isEntry: def.isEntry,
      isView: views.has(fnName),
      typeParams: handle.typeParameters,
      params,
      returns: sig(compiled, handle.returns),
      locals: def.code === null ? params : [...params, ...sig(compiled, def.code.locals)],
      code: def.code?.code ?? null,
      prepared: null,
      unit: compiled,
    };
    module.functions.push(fn);
    module.functionByName.set(fnName, fn);
  }
  return module;
}

/** A script as a function of no module. */
export function loadScript(script: CompiledScript): LoadedFunction {
  const params = sig(script, script.parameters);
  return {
    module: null,
    name: 'main',
    id: 'script',
    visibility: 'public',
    isEntry: true,
    isView: false,
    typeParams: script.typeParameters,
    params,
    returns: [],
    locals: [...params, ...sig(script, script.code.locals)],
    code: script.code.code,
    prepared: null,
    unit: script,
  };
}

// ---------------------------------------------------------------------------------------------
// Preparation: bytecode → dense opcodes, operands resolved, integer widths inferred

/** Finds a struct definition by name (loads its module); used while preparing code. */
export type StructLookup = (name: StructName) => LoadedStruct;
