/**
 * The bytecode verifier's passes around the type pass (`prepare(fn, lookup, true)` in
 * `move/vm/loader.ts`), in the order of move-bytecode-verifier's `verifier.rs` and
 * `code_unit_verifier.rs`: limits and instruction consistency (per module or script), then per
 * function control flow, the stack and types (`prepare`), locals safety, reference safety and,
 * for module functions, the `acquires` list. Each throws a `VmError` with the node's status at `0x…::m::f+pc`.
 */
import type { CompiledModule, CompiledScript, CompiledUnitTables } from '../binary/types.ts';
import type { LoadedFunction, StructLookup } from '../vm/loader.ts';
import { verifyAcquires } from './acquires.ts';
import type { Cfg } from './cfg.ts';
import { verifyControlFlow } from './controlFlow.ts';
import { verifyInstructionConsistency } from './instructionConsistency.ts';
import { verifyLimits } from './limits.ts';
import { verifyLocalsSafety } from './localsSafety.ts';
import { verifyReferenceSafety } from './referenceSafety.ts';

export { verifyControlFlow };

/**
 * The unit-level passes before any function: limits, then instruction consistency per function
 * (`0x…::m::f+pc`, or `script+pc`).
 */
export function verifyUnit(unit: CompiledUnitTables, id: string): void {
  verifyLimits(unit, id);
  if ('functionDefs' in unit) {
    const module = unit as CompiledModule;
    for (const def of module.functionDefs) {
      if (def.code === null) continue;
      const name = module.identifiers[module.functionHandles[def.function]?.name ?? -1] ?? '';
      verifyInstructionConsistency(module, `${id}::${name}`, def.code.code);
    }
  } else verifyInstructionConsistency(unit, id, (unit as CompiledScript).code.code);
}

/** The passes after the type pass, on a function whose code it accepted. */
export function verifySafety(fn: LoadedFunction, cfg: Cfg, lookup: StructLookup): void {
  verifyLocalsSafety(fn, cfg, lookup);
  verifyReferenceSafety(fn, cfg);
  if (fn.module !== null) {
    const module = fn.module.compiled;
    const def = module.functionDefs[fn.module.functions.indexOf(fn)];
    if (def !== undefined) verifyAcquires(module, def, fn.id);
  }
}
