/**
 * Type-argument constraints (move-bytecode-verifier `signature_v2.rs`, the part on code): every
 * instantiation a function uses satisfies the constraints of the type parameters it fills, in
 * the function's context (its own type parameters have their declared abilities): the type
 * arguments of `CallGeneric`, of generic `Pack`/`Unpack`/global/field/variant instructions, and
 * every struct instance inside the types of its parameters, returns, locals and vector
 * instructions. Refused with `CONSTRAINT_NOT_SATISFIED`.
 */
import type {
  AbilitySet,
  CompiledModule,
  CompiledScript,
  SignatureToken,
} from '../binary/types.ts';
import { vmError } from '../vm/errors.ts';
import type { LoadedFunction, StructLookup } from '../vm/loader.ts';
import { tokenToTy } from '../vm/loader.ts';
import { abilitiesOf } from './abilities.ts';

export function verifyInstantiations(fn: LoadedFunction, lookup: StructLookup): void {
  const unit = fn.unit;
  const m = unit as Partial<CompiledModule>;
  const code = fn.code ?? [];
  const fail = (pc: number | null): never => {
    throw vmError('CONSTRAINT_NOT_SATISFIED', pc === null ? fn.id : `${fn.id}+${pc}`);
  };
  const satisfies = (token: SignatureToken, required: AbilitySet): boolean => {
    if (required === 0) return true;
    let ty;
    try {
      ty = tokenToTy(unit, token);
    } catch {
      return true; // a function type (v8): the type pass refuses it first
    }
    return (abilitiesOf(ty, fn.typeParams, lookup) & required) === required;
  };
  /** Struct instances anywhere inside `token` fill their parameters' constraints. */
  const checkToken = (token: SignatureToken, pc: number | null): void => {
    switch (token.kind) {
      case 'StructInstantiation': {
        const params = unit.structHandles[token.handle]?.typeParameters ?? [];
        token.typeArgs.forEach((arg, i) => {
          checkToken(arg, pc);
          if (!satisfies(arg, params[i]?.constraints ?? 0)) fail(pc);
        });
        break;
      }
      case 'Vector':
      case 'Reference':
      case 'MutableReference':
        checkToken(token.inner, pc);
        break;
      case 'Function':
        for (const t of [...token.args, ...token.results]) checkToken(t, pc);
        break;
      default:
        break;
    }
  };
  const checkArgs = (
    constraints: readonly AbilitySet[],
    sigIndex: number | undefined,
    pc: number,
  ): void => {
    const args = sigIndex === undefined ? [] : (unit.signatures[sigIndex] ?? []);
    args.forEach((arg, i) => {
      checkToken(arg, pc);
      if (!satisfies(arg, constraints[i] ?? 0)) fail(pc);
    });
  };
  const structConstraints = (def: number | undefined): AbilitySet[] => {
    const sd = def === undefined ? undefined : m.structDefs?.[def];
    const handle = sd === undefined ? undefined : unit.structHandles[sd.structHandle];
    return (handle?.typeParameters ?? []).map((p) => p.constraints);
  };
  const structInst = (i: number, pc: number): void => {
    const inst = m.structDefInstantiations?.[i];
    checkArgs(structConstraints(inst?.def), inst?.typeParameters, pc);
  };

  // The signatures of the function: parameters, returns, locals.
  const sigs: Array<number | undefined> = [];
  if (fn.module !== null) {
    const def = m.functionDefs?.[fn.module.functions.indexOf(fn)];
    const handle = def === undefined ? undefined : unit.functionHandles[def.function];
    sigs.push(handle?.parameters, handle?.returns, def?.code?.locals);
  } else {
    const script = unit as CompiledScript;
    sigs.push(script.parameters, script.code.locals);
  }
  for (const sig of sigs)
    if (sig !== undefined) for (const t of unit.signatures[sig] ?? []) checkToken(t, null);

  code.forEach((instr, pc) => {
    switch (instr.op) {
      case 'CallGeneric':
      case 'PackClosureGeneric': {
        const inst = unit.functionInstantiations[instr.fn];
        const callee = inst === undefined ? undefined : unit.functionHandles[inst.handle];
        checkArgs(callee?.typeParameters ?? [], inst?.typeParameters, pc);
        break;
      }
      case 'PackGeneric':
      case 'UnpackGeneric':
      case 'ExistsGeneric':
      case 'MoveFromGeneric':
      case 'MoveToGeneric':
      case 'MutBorrowGlobalGeneric':
      case 'ImmBorrowGlobalGeneric':
        structInst(instr.def, pc);
        break;
      case 'MutBorrowFieldGeneric':
      case 'ImmBorrowFieldGeneric': {
        const inst = m.fieldInstantiations?.[instr.field];
        const owner = inst === undefined ? undefined : m.fieldHandles?.[inst.handle]?.owner;
        checkArgs(structConstraints(owner), inst?.typeParameters, pc);
        break;
      }
      case 'MutBorrowVariantFieldGeneric':
      case 'ImmBorrowVariantFieldGeneric': {
        const inst = m.variantFieldInstantiations?.[instr.field];
        const owner = inst === undefined ? undefined : m.variantFieldHandles?.[inst.handle]?.struct;
        checkArgs(structConstraints(owner), inst?.typeParameters, pc);
        break;
      }
      case 'PackVariantGeneric':
      case 'UnpackVariantGeneric':
      case 'TestVariantGeneric': {
        const inst = m.structVariantInstantiations?.[instr.variant];
        const owner =
          inst === undefined ? undefined : m.structVariantHandles?.[inst.handle]?.struct;
        checkArgs(structConstraints(owner), inst?.typeParameters, pc);
        break;
      }
      case 'VecPack':
      case 'VecLen':
      case 'VecImmBorrow':
      case 'VecMutBorrow':
      case 'VecPushBack':
      case 'VecPopBack':
      case 'VecUnpack':
      case 'VecSwap':
        for (const t of unit.signatures[instr.sig] ?? []) checkToken(t, pc);
        break;
      default:
        break;
    }
  });
}
