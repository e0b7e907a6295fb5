/**
 * Stack usage (move-bytecode-verifier `stack_usage_verifier.rs`): per basic block, from each
 * instruction's pops and pushes, the stack never dips below the block's start
 * (`NEGATIVE_STACK_SIZE_WITHIN_BLOCK`), is back at it at the block's end
 * (`POSITIVE_STACK_SIZE_AT_BLOCK_END`), stays within 1,024 values (`VALUE_STACK_OVERFLOW`) and
 * the block pushes at most 10,000 values in all (`VALUE_STACK_PUSH_OVERFLOW`), Aptos's
 * production `max_value_stack_size` and `max_push_size`. Errors are at the block's start, as
 * the node reports them. Runs before the type pass, which checks types on the same stack.
 */
import type {
  Bytecode,
  CompiledModule,
  CompiledUnitTables,
  StructFieldInformation,
} from '../binary/types.ts';
import { vmError } from '../vm/errors.ts';
import type { Cfg } from './cfg.ts';

export const MAX_VALUE_STACK_SIZE = 1024;
export const MAX_PUSH_SIZE = 10_000;

const fieldCount = (info: StructFieldInformation | undefined, variant: number | null): number => {
  if (info === undefined) return 0;
  if (info.kind === 'Declared') return variant === null ? info.fields.length : 0;
  if (info.kind === 'DeclaredVariants')
    return variant === null ? 0 : (info.variants[variant]?.fields.length ?? 0);
  return 0;
};

/** The pops and pushes of each instruction of `unit` (a function returning `returns` values). */
function effects(unit: CompiledUnitTables, returns: number): (instr: Bytecode) => [number, number] {
  const m = unit as Partial<CompiledModule>;
  const structFields = (def: number | undefined): number =>
    fieldCount(def === undefined ? undefined : m.structDefs?.[def]?.fieldInformation, null);
  const variantFields = (handle: number | undefined): number => {
    const h = handle === undefined ? undefined : m.structVariantHandles?.[handle];
    return h === undefined ? 0 : fieldCount(m.structDefs?.[h.struct]?.fieldInformation, h.variant);
  };
  const call = (handle: number | undefined): [number, number] => {
    const h = handle === undefined ? undefined : unit.functionHandles[handle];
    if (h === undefined) return [0, 0];
    return [unit.signatures[h.parameters]?.length ?? 0, unit.signatures[h.returns]?.length ?? 0];
  };
  const captured = (mask: bigint): number => {
    let n = 0;
    for (let x = mask; x > 0n; x >>= 1n) if ((x & 1n) === 1n) n += 1;
    return n;
  };
  return (instr) => {
    switch (instr.op) {
      case 'Pop':
      case 'BrTrue':
      case 'BrFalse':
      case 'StLoc':
      case 'Abort':
        return [1, 0];
      case 'AbortMsg':
        return [2, 0];
      case 'LdI8':
      case 'LdI16':
      case 'LdI32':
      case 'LdI64':
      case 'LdI128':
      case 'LdI256':
      case 'LdU8':
      case 'LdU16':
      case 'LdU32':
      case 'LdU64':
      case 'LdU128':
      case 'LdU256':
      case 'LdTrue':
      case 'LdFalse':
      case 'LdConst':
      case 'CopyLoc':
      case 'MoveLoc':
      case 'MutBorrowLoc':
      case 'ImmBorrowLoc':
        return [0, 1];
      case 'Add':
      case 'Sub':
      case 'Mul':
      case 'Mod':
      case 'Div':
      case 'BitOr':
      case 'BitAnd':
      case 'Xor':
      case 'Shl':
      case 'Shr':
      case 'Or':
      case 'And':
      case 'Eq':
      case 'Neq':
      case 'Lt':
      case 'Gt':
      case 'Le':
      case 'Ge':
      case 'VecImmBorrow':
      case 'VecMutBorrow':
        return [2, 1];
      case 'VecPack':
        return [Number(instr.count), 1];
      case 'VecUnpack':
        return [1, Number(instr.count)];
      case 'MoveTo':
      case 'MoveToGeneric':
      case 'WriteRef':
      case 'VecPushBack':
        return [2, 0];
      case 'VecSwap':
        return [3, 0];
      case 'Branch':
      case 'Nop':
        return [0, 0];
      case 'Ret':
        return [returns, 0];
      case 'Call':
        return call(instr.fn);
      case 'CallGeneric':
        return call(unit.functionInstantiations[instr.fn]?.handle);
      case 'CallClosure': {
        const ty = unit.signatures[instr.sig]?.[0];
        return ty?.kind === 'Function' ? [1 + ty.args.length, ty.results.length] : [0, 0];
      }
      case 'PackClosure':
      case 'PackClosureGeneric':
        return [captured(instr.mask), 1];
      case 'Pack':
        return [structFields(instr.def), 1];
      case 'PackGeneric':
        return [structFields(m.structDefInstantiations?.[instr.def]?.def), 1];
      case 'Unpack':
        return [1, structFields(instr.def)];
      case 'UnpackGeneric':
        return [1, structFields(m.structDefInstantiations?.[instr.def]?.def)];
      case 'PackVariant':
        return [variantFields(instr.variant), 1];
      case 'PackVariantGeneric':
        return [variantFields(m.structVariantInstantiations?.[instr.variant]?.handle), 1];
      case 'UnpackVariant':
        return [1, variantFields(instr.variant)];
      case 'UnpackVariantGeneric':
        return [1, variantFields(m.structVariantInstantiations?.[instr.variant]?.handle)];
      default:
        // Not, Negate, FreezeRef, ReadRef, casts, Exists, global and field borrows, MoveFrom,
        // VecLen, VecPopBack, TestVariant: one pop, one push.
        return [1, 1];
    }
  };
}

export function verifyStackUsage(
  id: string,
  unit: CompiledUnitTables,
  returns: number,
  code: readonly Bytecode[],
  cfg: Cfg,
): void {
  const effect = effects(unit, returns);
  for (const start of cfg.order) {
    const block = cfg.blocks.get(start);
    if (block === undefined) continue;
    const at = (): string => `${id}+${start}`;
    let height = 0;
    let pushed = 0;
    for (let pc = block.start; pc <= block.end; pc += 1) {
      const [pops, pushes] = effect(code[pc] as Bytecode);
      pushed += pushes;
      if (pushed > MAX_PUSH_SIZE) throw vmError('VALUE_STACK_PUSH_OVERFLOW', at());
      if (height < pops) throw vmError('NEGATIVE_STACK_SIZE_WITHIN_BLOCK', at());
      height += pushes - pops;
      if (height > MAX_VALUE_STACK_SIZE) throw vmError('VALUE_STACK_OVERFLOW', at());
    }
    if (height !== 0) throw vmError('POSITIVE_STACK_SIZE_AT_BLOCK_END', at());
  }
}
