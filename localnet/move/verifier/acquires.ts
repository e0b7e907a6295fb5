/**
 * The `acquires` list of a module function (move-bytecode-verifier `acquires_list_verifier.rs`):
 * every `move_from` / `borrow_global` of a resource, and every call of a function of the same
 * module, needs the resources in the list (`MISSING_ACQUIRES_ANNOTATION`); every listed resource
 * is acquired (`EXTRANEOUS_ACQUIRES_ANNOTATION`), has `key` (`INVALID_ACQUIRES_ANNOTATION`) and
 * is listed once (`DUPLICATE_ACQUIRES_ANNOTATION`, `check_duplication.rs`).
 */
import type { CompiledModule, FunctionDefinition } from '../binary/types.ts';
import { Ability } from '../binary/types.ts';
import { vmError } from '../vm/errors.ts';

export function verifyAcquires(module: CompiledModule, def: FunctionDefinition, id: string): void {
  const annotated = new Set(def.acquiresGlobalResources);
  if (annotated.size !== def.acquiresGlobalResources.length)
    throw vmError('DUPLICATE_ACQUIRES_ANNOTATION', id);
  const actual = new Set<number>();
  const ownDefs = new Map(module.functionDefs.map((d) => [d.function, d]));
  const acquire = (structDef: number, pc: number): void => {
    if (!annotated.has(structDef)) throw vmError('MISSING_ACQUIRES_ANNOTATION', `${id}+${pc}`);
    actual.add(structDef);
  };
  const call = (handleIndex: number, pc: number): void => {
    const handle = module.functionHandles[handleIndex];
    if (handle === undefined || handle.module !== module.selfModuleHandleIdx) return;
    for (const r of ownDefs.get(handleIndex)?.acquiresGlobalResources ?? []) {
      if (!annotated.has(r)) throw vmError('MISSING_ACQUIRES_ANNOTATION', `${id}+${pc}`);
      actual.add(r);
    }
  };
  (def.code?.code ?? []).forEach((instr, pc) => {
    switch (instr.op) {
      case 'Call':
        call(instr.fn, pc);
        break;
      case 'CallGeneric':
        call(module.functionInstantiations[instr.fn]?.handle ?? -1, pc);
        break;
      case 'MoveFrom':
      case 'MutBorrowGlobal':
      case 'ImmBorrowGlobal':
        acquire(instr.def, pc);
        break;
      case 'MoveFromGeneric':
      case 'MutBorrowGlobalGeneric':
      case 'ImmBorrowGlobalGeneric':
        acquire(module.structDefInstantiations[instr.def]?.def ?? -1, pc);
        break;
      default:
        break;
    }
  });
  for (const r of annotated) {
    if (!actual.has(r)) throw vmError('EXTRANEOUS_ACQUIRES_ANNOTATION', id);
    const structDef = module.structDefs[r];
    const handle =
      structDef === undefined ? undefined : module.structHandles[structDef.structHandle];
    if (handle === undefined || (handle.abilities & Ability.Key) === 0)
      throw vmError('INVALID_ACQUIRES_ANNOTATION', id);
  }
}
