/**
 * The upgrade compatibility check of the `compatible` policy (move-binary-format
 * `compatibility.rs`, as Aptos configures it: struct layout and public/entry linking checked,
 * friend linking not). An upgrade breaks compatibility when it
 * - removes a struct, removes one of its abilities, changes its type parameters' constraints
 *   (tightening) or phantom-ness (dropping), or changes its fields (an enum may append variants);
 * - removes a public or entry function, makes a public function non-public or an entry function
 *   non-entry, or changes its parameters, return types or type parameter constraints (tightening).
 * Types are compared resolved (`0x1::coin::Coin<T0>`), not by table index.
 */
import { typeToString } from './abi.ts';
import type {
  AbilitySet,
  CompiledModule,
  FieldDefinition,
  FunctionDefinition,
  StructDefinition,
} from './binary/types.ts';

const isSubset = (a: AbilitySet, b: AbilitySet) => (a & ~b) === 0;

function structsByName(m: CompiledModule): Map<string, StructDefinition> {
  const out = new Map<string, StructDefinition>();
  for (const def of m.structDefs) {
    const h = m.structHandles[def.structHandle];
    const name = h === undefined ? undefined : m.identifiers[h.name];
    if (name !== undefined) out.set(name, def);
  }
  return out;
}

function functionsByName(m: CompiledModule): Map<string, FunctionDefinition> {
  const out = new Map<string, FunctionDefinition>();
  for (const def of m.functionDefs) {
    const h = m.functionHandles[def.function];
    const name = h === undefined ? undefined : m.identifiers[h.name];
    if (name !== undefined) out.set(name, def);
  }
  return out;
}

function fieldsText(m: CompiledModule, fields: readonly FieldDefinition[]): string {
  return fields
    .map((f) => `${m.identifiers[f.name] ?? '?'}:${typeToString(m, f.signature)}`)
    .join(',');
}

function structIncompatibility(
  oldM: CompiledModule,
  o: StructDefinition,
  newM: CompiledModule,
  n: StructDefinition,
  name: string,
): string | null {
  const oh = oldM.structHandles[o.structHandle];
  const nh = newM.structHandles[n.structHandle];
  if (oh === undefined || nh === undefined) return `struct ${name} has no handle`;
  if (!isSubset(oh.abilities, nh.abilities)) return `struct ${name} lost an ability`;
  if (oh.typeParameters.length !== nh.typeParameters.length)
    return `struct ${name} changed its type parameters`;
  for (let i = 0; i < oh.typeParameters.length; i++) {
    const op = oh.typeParameters[i];
    const np = nh.typeParameters[i];
    if (op === undefined || np === undefined) return `struct ${name} changed its type parameters`;
    if (!isSubset(np.constraints, op.constraints))
      return `struct ${name} tightened a type parameter's constraints`;
    if (op.isPhantom && !np.isPhantom)
      return `struct ${name} made a phantom type parameter non-phantom`;
  }
  const oi = o.fieldInformation;
  const ni = n.fieldInformation;
  if (oi.kind !== ni.kind) return `struct ${name} changed its kind`;
  if (oi.kind === 'Declared' && ni.kind === 'Declared') {
    if (fieldsText(oldM, oi.fields) !== fieldsText(newM, ni.fields))
      return `struct ${name} changed its fields`;
  }
  if (oi.kind === 'DeclaredVariants' && ni.kind === 'DeclaredVariants') {
    if (ni.variants.length < oi.variants.length) return `enum ${name} removed a variant`;
    for (let i = 0; i < oi.variants.length; i++) {
      const ov = oi.variants[i];
      const nv = ni.variants[i];
      if (ov === undefined || nv === undefined) return `enum ${name} removed a variant`;
      if (
        oldM.identifiers[ov.name] !== newM.identifiers[nv.name] ||
        fieldsText(oldM, ov.fields) !== fieldsText(newM, nv.fields)
      )
        return `enum ${name} changed variant ${oldM.identifiers[ov.name] ?? i}`;
    }
  }
  return null;
}

function signatureText(m: CompiledModule, sig: number): string {
  return (m.signatures[sig] ?? []).map((t) => typeToString(m, t)).join(',');
}

function functionIncompatibility(
  oldM: CompiledModule,
  o: FunctionDefinition,
  newM: CompiledModule,
  n: FunctionDefinition,
  name: string,
): string | null {
  if (o.visibility === 'public' && n.visibility !== 'public')
    return `function ${name} is no longer public`;
  if (o.isEntry && !n.isEntry) return `function ${name} is no longer an entry function`;
  const oh = oldM.functionHandles[o.function];
  const nh = newM.functionHandles[n.function];
  if (oh === undefined || nh === undefined) return `function ${name} has no handle`;
  if (signatureText(oldM, oh.parameters) !== signatureText(newM, nh.parameters))
    return `function ${name} changed its parameters`;
  if (signatureText(oldM, oh.returns) !== signatureText(newM, nh.returns))
    return `function ${name} changed its return types`;
  if (oh.typeParameters.length !== nh.typeParameters.length)
    return `function ${name} changed its type parameters`;
  for (let i = 0; i < oh.typeParameters.length; i++) {
    if (!isSubset(nh.typeParameters[i] ?? 0, oh.typeParameters[i] ?? 0))
      return `function ${name} tightened a type parameter's constraints`;
  }
  return null;
}

/**
 * Why `next` is not a compatible upgrade of `prev`, or null when it is
 * (`BACKWARD_INCOMPATIBLE_MODULE_UPDATE` on a node).
 */
export function incompatibility(prev: CompiledModule, next: CompiledModule): string | null {
  const newStructs = structsByName(next);
  for (const [name, o] of structsByName(prev)) {
    const n = newStructs.get(name);
    if (n === undefined) return `struct ${name} was removed`;
    const why = structIncompatibility(prev, o, next, n, name);
    if (why !== null) return why;
  }
  const newFunctions = functionsByName(next);
  for (const [name, o] of functionsByName(prev)) {
    // Private non-entry functions may change freely, friend ones too (friend linking unchecked).
    if (o.visibility !== 'public' && !o.isEntry) continue;
    const n = newFunctions.get(name);
    if (n === undefined) return `function ${name} was removed`;
    const why = functionIncompatibility(prev, o, next, n, name);
    if (why !== null) return why;
  }
  return null;
}
