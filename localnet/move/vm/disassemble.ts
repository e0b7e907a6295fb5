/**
 * One instruction as text for a stepping trace, with its handles resolved: `Call
 * 0x1::coin::transfer`, `CallGeneric 0x1::coin::transfer<0x1::aptos_coin::AptosCoin>`,
 * `LdU64(7)`, `BrFalse(12)`, `MutBorrowField 0xcafe::m::S.value`, `VecPack<u8>(3)`.
 */
import { shortAddress } from '../../encoding.ts';
import type { LongAddress } from '../../encoding.ts';
import type { Bytecode, CompiledModule, CompiledUnitTables } from '../binary/types.ts';
import type { LoadedFunction } from './loader.ts';
import { sig, structNameOf } from './loader.ts';
import { tyString } from './ty.ts';

const typeArgs = (unit: CompiledUnitTables, index: number): string => {
  const tys = sig(unit, index);
  return tys.length === 0 ? '' : `<${tys.map(tyString).join(', ')}>`;
};

function functionName(unit: CompiledUnitTables, handleIndex: number): string {
  const handle = unit.functionHandles[handleIndex];
  if (handle === undefined) return `#${handleIndex}`;
  const module = unit.moduleHandles[handle.module];
  const address = unit.addressIdentifiers[module?.address ?? -1] ?? '0x0';
  const moduleName = unit.identifiers[module?.name ?? -1] ?? '?';
  return `${shortAddress(address as LongAddress)}::${moduleName}::${unit.identifiers[handle.name] ?? '?'}`;
}

const moduleOf = (unit: CompiledUnitTables): CompiledModule | null =>
  'structDefs' in unit ? (unit as CompiledModule) : null;

function structName(unit: CompiledUnitTables, defIndex: number): string {
  const def = moduleOf(unit)?.structDefs[defIndex];
  if (def === undefined) return `#${defIndex}`;
  const name = structNameOf(unit, def.structHandle);
  return `${shortAddress(name.address)}::${name.module}::${name.name}`;
}

function fieldName(unit: CompiledUnitTables, defIndex: number, field: number, variant = 0): string {
  const info = moduleOf(unit)?.structDefs[defIndex]?.fieldInformation;
  const fields =
    info?.kind === 'Declared'
      ? info.fields
      : info?.kind === 'DeclaredVariants'
        ? info.variants[variant]?.fields
        : undefined;
  const name = fields?.[field]?.name;
  return name === undefined ? `#${field}` : (unit.identifiers[name] ?? `#${field}`);
}

function variantName(unit: CompiledUnitTables, defIndex: number, variant: number): string {
  const info = moduleOf(unit)?.structDefs[defIndex]?.fieldInformation;
  const name = info?.kind === 'DeclaredVariants' ? info.variants[variant]?.name : undefined;
  return `${structName(unit, defIndex)}::${name === undefined ? `#${variant}` : (unit.identifiers[name] ?? '?')}`;
}

/** `instr` of a function of `unit`, as text. */
export function disassemble(unit: CompiledUnitTables, instr: Bytecode): string {
  const m = moduleOf(unit);
  switch (instr.op) {
    case 'BrTrue':
    case 'BrFalse':
    case 'Branch':
      return `${instr.op}(${instr.offset})`;
    case 'LdU8':
    case 'LdU16':
    case 'LdU32':
    case 'LdU64':
    case 'LdU128':
    case 'LdU256':
    case 'LdI8':
    case 'LdI16':
    case 'LdI32':
    case 'LdI64':
    case 'LdI128':
    case 'LdI256':
      return `${instr.op}(${instr.value.toString()})`;
    case 'LdConst':
      return `LdConst[${instr.index}]`;
    case 'CopyLoc':
    case 'MoveLoc':
    case 'StLoc':
    case 'MutBorrowLoc':
    case 'ImmBorrowLoc':
      return `${instr.op}(${instr.local})`;
    case 'Call':
    case 'PackClosure':
      return `${instr.op} ${functionName(unit, instr.fn)}`;
    case 'CallGeneric':
    case 'PackClosureGeneric': {
      const inst = unit.functionInstantiations[instr.fn];
      if (inst === undefined) return `${instr.op} #${instr.fn}`;
      return `${instr.op} ${functionName(unit, inst.handle)}${typeArgs(unit, inst.typeParameters)}`;
    }
    case 'Pack':
    case 'Unpack':
    case 'MutBorrowGlobal':
    case 'ImmBorrowGlobal':
    case 'Exists':
    case 'MoveFrom':
    case 'MoveTo':
      return `${instr.op} ${structName(unit, instr.def)}`;
    case 'PackGeneric':
    case 'UnpackGeneric':
    case 'MutBorrowGlobalGeneric':
    case 'ImmBorrowGlobalGeneric':
    case 'ExistsGeneric':
    case 'MoveFromGeneric':
    case 'MoveToGeneric': {
      const inst = m?.structDefInstantiations[instr.def];
      if (inst === undefined) return `${instr.op} #${instr.def}`;
      return `${instr.op} ${structName(unit, inst.def)}${typeArgs(unit, inst.typeParameters)}`;
    }
    case 'MutBorrowField':
    case 'ImmBorrowField': {
      const handle = m?.fieldHandles[instr.field];
      if (handle === undefined) return `${instr.op} #${instr.field}`;
      return `${instr.op} ${structName(unit, handle.owner)}.${fieldName(unit, handle.owner, handle.field)}`;
    }
    case 'MutBorrowFieldGeneric':
    case 'ImmBorrowFieldGeneric': {
      const inst = m?.fieldInstantiations[instr.field];
      const handle = m?.fieldHandles[inst?.handle ?? -1];
      if (inst === undefined || handle === undefined) return `${instr.op} #${instr.field}`;
      return `${instr.op} ${structName(unit, handle.owner)}${typeArgs(unit, inst.typeParameters)}.${fieldName(unit, handle.owner, handle.field)}`;
    }
    case 'ImmBorrowVariantField':
    case 'MutBorrowVariantField':
    case 'ImmBorrowVariantFieldGeneric':
    case 'MutBorrowVariantFieldGeneric': {
      const generic = instr.op.endsWith('Generic');
      const inst = generic ? m?.variantFieldInstantiations[instr.field] : undefined;
      const handle = m?.variantFieldHandles[generic ? (inst?.handle ?? -1) : instr.field];
      if (handle === undefined) return `${instr.op} #${instr.field}`;
      const tys = inst === undefined ? '' : typeArgs(unit, inst.typeParameters);
      const field = fieldName(unit, handle.struct, handle.field, handle.variants[0]);
      return `${instr.op} ${structName(unit, handle.struct)}${tys}.${field}`;
    }
    case 'PackVariant':
    case 'UnpackVariant':
    case 'TestVariant':
    case 'PackVariantGeneric':
    case 'UnpackVariantGeneric':
    case 'TestVariantGeneric': {
      const generic = instr.op.endsWith('Generic');
      const inst = generic ? m?.structVariantInstantiations[instr.variant] : undefined;
      const handle = m?.structVariantHandles[generic ? (inst?.handle ?? -1) : instr.variant];
      if (handle === undefined) return `${instr.op} #${instr.variant}`;
      const tys = inst === undefined ? '' : typeArgs(unit, inst.typeParameters);
      return `${instr.op} ${variantName(unit, handle.struct, handle.variant)}${tys}`;
    }
    case 'VecPack':
    case 'VecUnpack':
      return `${instr.op}${typeArgs(unit, instr.sig)}(${instr.count.toString()})`;
    case 'VecLen':
    case 'VecImmBorrow':
    case 'VecMutBorrow':
    case 'VecPushBack':
    case 'VecPopBack':
    case 'VecSwap':
    case 'CallClosure':
      return `${instr.op}${typeArgs(unit, instr.sig)}`;
    default:
      return instr.op;
  }
}

const listings = new WeakMap<LoadedFunction, string[]>();

/** The instruction at `offset` of `fn`, as text (each function disassembled once). */
export function instructionAt(fn: LoadedFunction, offset: number): string {
  let listing = listings.get(fn);
  if (listing === undefined) {
    listing = (fn.code ?? []).map((instr) => disassemble(fn.unit, instr));
    listings.set(fn, listing);
  }
  return listing[offset] ?? `#${offset}`;
}
