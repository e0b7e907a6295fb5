/**
 * The bytecode verifier's passes around the type pass (`prepare(fn, lookup, true)` in
 * `move/vm/prepare.ts`), in the order of move-bytecode-verifier's `verifier.rs` and
 * `code_unit_verifier.rs`: limits and instruction consistency (per module or script), then per
 * function control flow, stack usage, the stack's types (`prepare`), type-argument constraints,
 * locals safety, reference safety and, for module functions, the `acquires` list. Each throws a
 * `VmError` with the node's status at `0x…::m::f+pc`.
 */
import type { CompiledModule, CompiledScript, CompiledUnitTables } from '../binary/types.ts';
import type { LoadedFunction, StructLookup } from '../vm/loader.ts';
import { verifyAcquires } from './acquires.ts';
import type { Cfg } from './cfg.ts';
import { verifyControlFlow } from './controlFlow.ts';
import { verifyInstantiations } from './instantiations.ts';
import { verifyInstructionConsistency } from './instructionConsistency.ts';
import { verifyLimits } from './limits.ts';
import { verifyLocalsSafety } from './localsSafety.ts';
import { verifyReferenceSafety } from './referenceSafety.ts';
import { verifyStackUsage } from './stackUsage.ts';

/** The passes before the type pass: control flow, then stack usage. Returns the graph. */
export function verifyStructure(fn: LoadedFunction): Cfg {
  const code = fn.code ?? [];
  const cfg = verifyControlFlow(fn.id, code);
  verifyStackUsage(fn.id, fn.unit, fn.returns.length, code, cfg);
  return cfg;
}

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
  verifyInstantiations(fn, lookup);
  verifyLocalsSafety(fn, cfg, lookup);
  verifyReferenceSafety(fn, cfg);
  if (fn.module !== null) {
    const module = fn.module.compiled;
    const def = module.functionDefs[fn.module.functions.indexOf(fn)];
    if (def !== undefined) verifyAcquires(module, def, fn.id);
  }
}
