/**
 * Instruction consistency (move-bytecode-verifier `instruction_consistency.rs`): an instruction's
 * generic form names a generic struct or function and its plain form a non-generic one
 * (`GENERIC_MEMBER_OPCODE_MISMATCH`), and `VecPack` / `VecUnpack` counts fit in a u16
 * (`CONSTRAINT_NOT_SATISFIED`). Run over every function of a module (or a script's code) before
 * the per-function passes.
 */
import type { Bytecode, CompiledModule, CompiledUnitTables } from '../binary/types.ts';
import { vmError } from '../vm/errors.ts';

export function verifyInstructionConsistency(
  unit: CompiledUnitTables,
  id: string,
  code: readonly Bytecode[],
): void {
  const module = unit as Partial<CompiledModule>;
  const mismatch = (pc: number): never => {
    throw vmError('GENERIC_MEMBER_OPCODE_MISMATCH', `${id}+${pc}`);
  };
  const structOp = (pc: number, def: number | undefined, generic: boolean): void => {
    const sd = def === undefined ? undefined : module.structDefs?.[def];
    const handle = sd === undefined ? undefined : unit.structHandles[sd.structHandle];
    if (handle !== undefined && (handle.typeParameters.length === 0) === generic) mismatch(pc);
  };
  const functionOp = (pc: number, handleIndex: number | undefined, generic: boolean): void => {
    const handle = handleIndex === undefined ? undefined : unit.functionHandles[handleIndex];
    if (handle !== undefined && (handle.typeParameters.length === 0) === generic) mismatch(pc);
  };
  const structInst = (i: number): number | undefined => module.structDefInstantiations?.[i]?.def;
  const variantDef = (i: number | undefined): number | undefined =>
    i === undefined ? undefined : module.structVariantHandles?.[i]?.struct;
  code.forEach((instr, pc) => {
    switch (instr.op) {
      case 'MutBorrowField':
      case 'ImmBorrowField':
        structOp(pc, module.fieldHandles?.[instr.field]?.owner, false);
        break;
      case 'MutBorrowFieldGeneric':
      case 'ImmBorrowFieldGeneric': {
        const h = module.fieldInstantiations?.[instr.field]?.handle;
        structOp(pc, h === undefined ? undefined : module.fieldHandles?.[h]?.owner, true);
        break;
      }
      case 'MutBorrowVariantField':
      case 'ImmBorrowVariantField':
        structOp(pc, module.variantFieldHandles?.[instr.field]?.struct, false);
        break;
      case 'MutBorrowVariantFieldGeneric':
      case 'ImmBorrowVariantFieldGeneric': {
        const h = module.variantFieldInstantiations?.[instr.field]?.handle;
        structOp(pc, h === undefined ? undefined : module.variantFieldHandles?.[h]?.struct, true);
        break;
      }
      case 'Call':
      case 'PackClosure':
        functionOp(pc, instr.fn, false);
        break;
      case 'CallGeneric':
      case 'PackClosureGeneric':
        functionOp(pc, unit.functionInstantiations[instr.fn]?.handle, true);
        break;
      case 'Pack':
      case 'Unpack':
      case 'MutBorrowGlobal':
      case 'ImmBorrowGlobal':
      case 'Exists':
      case 'MoveFrom':
      case 'MoveTo':
        structOp(pc, instr.def, false);
        break;
      case 'PackGeneric':
      case 'UnpackGeneric':
      case 'MutBorrowGlobalGeneric':
      case 'ImmBorrowGlobalGeneric':
      case 'ExistsGeneric':
      case 'MoveFromGeneric':
      case 'MoveToGeneric':
        structOp(pc, structInst(instr.def), true);
        break;
      case 'PackVariant':
      case 'UnpackVariant':
      case 'TestVariant':
        structOp(pc, variantDef(instr.variant), false);
        break;
      case 'PackVariantGeneric':
      case 'UnpackVariantGeneric':
      case 'TestVariantGeneric':
        structOp(pc, variantDef(module.structVariantInstantiations?.[instr.variant]?.handle), true);
        break;
      case 'VecPack':
      case 'VecUnpack':
        if (instr.count > 0xffffn) throw vmError('CONSTRAINT_NOT_SATISFIED', `${id}+${pc}`);
        break;
      default:
        break;
    }
  });
}
