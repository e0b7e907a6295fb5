/**
 * Limits (move-bytecode-verifier `limits.rs`) at Aptos's production values
 * (`aptos_prod_verifier_config`, function values enabled): at most 32 type parameters per
 * struct or function handle (`TOO_MANY_TYPE_PARAMETERS`), 128 parameters and 128 return values
 * per function (`TOO_MANY_PARAMETERS`), and every type in signatures, constants and fields at
 * most 128 nodes (a struct or type parameter counts 4) and 20 levels deep
 * (`TOO_MANY_TYPE_NODES`). The struct, field and function definition counts are unbounded there.
 */
import type { CompiledUnitTables, CompiledModule, SignatureToken } from '../binary/types.ts';
import { vmError } from '../vm/errors.ts';

export const MAX_GENERIC_INSTANTIATION_LENGTH = 32;
export const MAX_FUNCTION_PARAMETERS = 128;
export const MAX_FUNCTION_RETURN_VALUES = 128;
export const MAX_TYPE_NODES = 128;
export const MAX_TYPE_DEPTH = 20;

function checkType(ty: SignatureToken, where: string): void {
  let size = 0;
  const walk = (t: SignatureToken, depth: number): void => {
    if (depth > MAX_TYPE_DEPTH) throw vmError('TOO_MANY_TYPE_NODES', where);
    switch (t.kind) {
      case 'Struct':
        size += 4;
        break;
      case 'StructInstantiation':
        size += 4;
        for (const a of t.typeArgs) walk(a, depth + 1);
        break;
      case 'TypeParameter':
        size += 4;
        break;
      case 'Function':
        if (
          t.args.length > MAX_FUNCTION_PARAMETERS ||
          t.results.length > MAX_FUNCTION_RETURN_VALUES
        )
          throw vmError('TOO_MANY_PARAMETERS', where);
        size += 1;
        for (const a of t.args) walk(a, depth + 1);
        for (const r of t.results) walk(r, depth + 1);
        break;
      case 'Vector':
      case 'Reference':
      case 'MutableReference':
        size += 1;
        walk(t.inner, depth + 1);
        break;
      default:
        size += 1;
    }
  };
  walk(ty, 1);
  if (size > MAX_TYPE_NODES) throw vmError('TOO_MANY_TYPE_NODES', where);
}

/** Checks a module's or a script's tables; `id` names it in the error. */
export function verifyLimits(unit: CompiledUnitTables, id: string): void {
  unit.functionHandles.forEach((h, i) => {
    const where = `${id} function handle ${i}`;
    if (h.typeParameters.length > MAX_GENERIC_INSTANTIATION_LENGTH)
      throw vmError('TOO_MANY_TYPE_PARAMETERS', where);
    if ((unit.signatures[h.parameters]?.length ?? 0) > MAX_FUNCTION_PARAMETERS)
      throw vmError('TOO_MANY_PARAMETERS', where);
    if ((unit.signatures[h.returns]?.length ?? 0) > MAX_FUNCTION_RETURN_VALUES)
      throw vmError('TOO_MANY_PARAMETERS', where);
  });
  unit.structHandles.forEach((h, i) => {
    if (h.typeParameters.length > MAX_GENERIC_INSTANTIATION_LENGTH)
      throw vmError('TOO_MANY_TYPE_PARAMETERS', `${id} struct handle ${i}`);
  });
  for (const sig of unit.signatures) for (const t of sig) checkType(t, id);
  for (const c of unit.constantPool) checkType(c.type, id);
  const defs = (unit as Partial<CompiledModule>).structDefs ?? [];
  for (const def of defs) {
    const info = def.fieldInformation;
    if (info.kind === 'Declared') for (const f of info.fields) checkType(f.signature, id);
    else if (info.kind === 'DeclaredVariants')
      for (const v of info.variants) for (const f of v.fields) checkType(f.signature, id);
  }
}
