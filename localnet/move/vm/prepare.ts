/**
 * Kept as one piece: `prepare` is one switch over every instruction (about 700 lines), and the
 * rest of this file is its two callers.
 *
 * Prepares each loaded function once for the interpreter: `prepare` walks every instruction,
 * resolving handles to call sites and struct layouts and, for published code, checking stack,
 * operand types and abilities in the same pass (the verifier's per-instruction checks).
 */
import type { LongAddress } from '../../encoding.ts';
import type { Bytecode, CompiledModule } from '../binary/types.ts';
import { verifySafety, verifyStructure, verifyUnit } from '../verifier/index.ts';
import { type StatusName, vmError } from './errors.ts';
import { OP, type SignedRange } from './ops.ts';
import type { Ty } from './ty.ts';
import {
  INT_BITS,
  isGeneric,
  isInteger,
  isSigned,
  isUnsigned,
  K,
  T,
  subst,
  tyAssignable,
  tyEquals,
  tyString,
} from './ty.ts';
import { packClosureType } from './closures.ts';
import { BcsReader, deserializeFrom } from './values.ts';
import type {
  CallSite,
  ClosureSite,
  LoadedFunction,
  LoadedModule,
  LoadedStruct,
  Prepared,
  StructLookup,
  StructSite,
  VariantSite,
} from './loader.ts';
import { sig, structNameOf, tokenToTy } from './loader.ts';

const MAX_NUM: Readonly<Record<number, number>> = {
  [K.U8]: 0xff,
  [K.U16]: 0xffff,
  [K.U32]: 0xffffffff,
};
const MAX_BIG: Readonly<Record<number, bigint>> = {
  [K.U64]: (1n << 64n) - 1n,
  [K.U128]: (1n << 128n) - 1n,
  [K.U256]: (1n << 256n) - 1n,
};

/** The range of each signed kind (i8 … i256). */
const SIGNED_RANGE: Readonly<Record<number, SignedRange>> = Object.fromEntries(
  [K.I8, K.I16, K.I32, K.I64, K.I128, K.I256].map((k) => {
    const bits = INT_BITS[k] as number;
    const range: SignedRange =
      bits <= 32
        ? { min: -(2 ** (bits - 1)), max: 2 ** (bits - 1) - 1 }
        : { min: -(1n << BigInt(bits - 1)), max: (1n << BigInt(bits - 1)) - 1n };
    return [k, range];
  }),
);

const CAST_TARGET = {
  CastU8: T.u8,
  CastU16: T.u16,
  CastU32: T.u32,
  CastU64: T.u64,
  CastU128: T.u128,
  CastU256: T.u256,
  CastI8: T.i8,
  CastI16: T.i16,
  CastI32: T.i32,
  CastI64: T.i64,
  CastI128: T.i128,
  CastI256: T.i256,
} as const;

/** The type each load of an integer constant pushes, as `CAST_TARGET` for casts. */
const LOADED_TY = {
  LdU8: T.u8,
  LdU16: T.u16,
  LdU32: T.u32,
  LdU64: T.u64,
  LdU128: T.u128,
  LdU256: T.u256,
  LdI8: T.i8,
  LdI16: T.i16,
  LdI32: T.i32,
  LdI64: T.i64,
  LdI128: T.i128,
  LdI256: T.i256,
} as const;

function invariant(fn: LoadedFunction, pc: number, what: string): Error {
  const error = vmError('UNKNOWN_INVARIANT_VIOLATION_ERROR', `${fn.id}+${pc}`);
  error.message = `${error.message}: ${what}`;
  return error;
}

const [COPY, DROP, STORE, KEY] = [1, 2, 4, 8] as const;

/**
 * Prepares a function's code once: the interpreter runs `Prepared`, never `Bytecode`. With
 * `verify` (publishing), it is also the bytecode verifier's cheap passes: the stack is empty at
 * every block boundary and never underflows, and every instruction's operands have the types it
 * needs (`BR_TYPE_MISMATCH_ERROR`, `CALL_TYPE_MISMATCH_ERROR`, `INTEGER_OP_TYPE_MISMATCH_ERROR`,
 * …, at `0x…::m::f+pc`) and the abilities they need (`POP_WITHOUT_DROP_ABILITY`,
 * `COPYLOC_WITHOUT_COPY_ABILITY`, `MOVETO_WITHOUT_KEY_ABILITY`, …). Control flow, locals and
 * reference safety are `move/verifier/`'s passes (`verifyCode`).
 */
export function prepare(fn: LoadedFunction, lookup: StructLookup, verify = false): Prepared {
  if (fn.prepared !== null) return fn.prepared;
  const code = fn.code;
  if (code === null) throw vmError('FUNCTION_RESOLUTION_FAILURE', fn.id);
  const unit = fn.unit;
  const module = unit as CompiledModule;
  const n = code.length;
  const op = new Uint8Array(n);
  const num = new Float64Array(n);
  const obj = new Array<unknown>(n).fill(null);
  // Basic block starts: the stack is empty there (the bytecode verifier's stack-usage rule).
  const starts = new Set<number>();
  for (const instr of code) {
    if (instr.op === 'BrTrue' || instr.op === 'BrFalse' || instr.op === 'Branch')
      starts.add(instr.offset);
  }
  let stack: Ty[] = [];
  const pop = (pc: number): Ty => {
    const ty = stack.pop();
    if (ty === undefined) {
      if (verify) throw vmError('NEGATIVE_STACK_SIZE_WITHIN_BLOCK', `${fn.id}+${pc}`);
      throw invariant(fn, pc, 'stack underflow');
    }
    return ty;
  };
  /** The verifier's check: `ok` or the status at this instruction. */
  const check = (ok: boolean, status: StatusName, pc: number): void => {
    if (verify && !ok) throw vmError(status, `${fn.id}+${pc}`);
  };
  /** A block ends here: nothing may be left on the stack. */
  const endBlock = (pc: number): void => {
    check(stack.length === 0, 'POSITIVE_STACK_SIZE_AT_BLOCK_END', pc);
    stack = [];
  };
  const sameInts = (a: Ty, b: Ty): boolean => isInteger(a) && tyEquals(a, b);
  /** The abilities of a type here (type parameters by their constraints). */
  const abilitiesOf = (ty: Ty): number => {
    switch (ty.k) {
      case K.SIGNER:
        return DROP;
      case K.VECTOR:
        return abilitiesOf(ty.elem) & (COPY | DROP | STORE);
      case K.REF:
      case K.MUT_REF:
        return COPY | DROP;
      case K.PARAM:
        return fn.typeParams[ty.idx] ?? 0;
      case K.FUNCTION:
        return ty.abilities;
      case K.STRUCT: {
        let struct: LoadedStruct;
        try {
          struct = lookup(ty.s);
        } catch {
          return COPY | DROP | STORE | KEY; // not resolvable here: refused elsewhere, if at all
        }
        // Each non-phantom argument must have copy / drop / store (store for key) for the
        // instance to keep that ability, as the verifier's `abilities` does.
        let granted = COPY | DROP | STORE | KEY;
        ty.args.forEach((arg, i) => {
          if (struct.typeParams[i]?.isPhantom === true) return;
          const a = abilitiesOf(arg);
          granted &= (a & (COPY | DROP | STORE)) | ((a & STORE) !== 0 ? KEY : 0);
        });
        return struct.abilities & granted;
      }
      default:
        return COPY | DROP | STORE;
    }
  };
  const has = (ty: Ty, ability: number): boolean => (abilitiesOf(ty) & ability) !== 0;
  const deref = (ty: Ty, pc: number): Ty => {
    if (ty.k !== K.REF && ty.k !== K.MUT_REF) throw invariant(fn, pc, 'expected a reference');
    return ty.to;
  };
  const structSite = (defIndex: number, tyArgs: Ty[]): StructSite => {
    const def = module.structDefs[defIndex];
    if (def === undefined) throw vmError('TYPE_RESOLUTION_FAILURE', fn.id);
    const name = structNameOf(unit, def.structHandle);
    const ty = T.struct(name, tyArgs);
    const generic = isGeneric(ty);
    return { ty, generic, tag: generic ? '' : tyString(ty), struct: lookup(name) };
  };
  const defInst = (index: number): StructSite => {
    const inst = module.structDefInstantiations[index];
    if (inst === undefined) throw vmError('TYPE_RESOLUTION_FAILURE', fn.id);
    return structSite(inst.def, sig(unit, inst.typeParameters));
  };
  const fieldOf = (
    handleIndex: number,
    tyArgs: Ty[],
    pc: number,
  ): { offset: number; ty: Ty; owner: Ty } => {
    const handle = module.fieldHandles[handleIndex];
    if (handle === undefined) throw invariant(fn, pc, 'bad field handle');
    const site = structSite(handle.owner, tyArgs);
    const field = site.struct.fields?.[handle.field];
    if (field === undefined) throw invariant(fn, pc, 'bad field');
    return { offset: handle.field, ty: subst(field.ty, tyArgs), owner: site.ty };
  };
  const variantSite = (
    handleIndex: number,
    tyArgs: Ty[],
  ): { site: VariantSite; ty: Ty; fields: Ty[] } => {
    const handle = module.structVariantHandles[handleIndex];
    if (handle === undefined) throw vmError('TYPE_RESOLUTION_FAILURE', fn.id);
    const s = structSite(handle.struct, tyArgs);
    const variant = s.struct.variants?.[handle.variant];
    if (variant === undefined) throw vmError('TYPE_RESOLUTION_FAILURE', fn.id);
    return {
      site: {
        struct: s.struct,
        tag: handle.variant,
        count: variant.fields.length,
        variants: [],
        offset: 0,
      },
      ty: s.ty,
      fields: variant.fields.map((f) => subst(f.ty, tyArgs)),
    };
  };
  const callSite = (
    handleIndex: number,
    tyArgs: Ty[],
  ): { site: CallSite; params: Ty[]; returns: Ty[] } => {
    const handle = unit.functionHandles[handleIndex];
    if (handle === undefined) throw vmError('FUNCTION_RESOLUTION_FAILURE', fn.id);
    const mh = unit.moduleHandles[handle.module];
    if (mh === undefined) throw vmError('LINKER_ERROR', fn.id);
    const params = sig(unit, handle.parameters).map((ty) => subst(ty, tyArgs));
    const returns = sig(unit, handle.returns).map((ty) => subst(ty, tyArgs));
    return {
      site: {
        address: unit.addressIdentifiers[mh.address] as LongAddress,
        module: unit.identifiers[mh.name] as string,
        name: unit.identifiers[handle.name] as string,
        tyArgs,
        generic: tyArgs.some(isGeneric),
        argCount: params.length,
        target: null,
      },
      params,
      returns,
    };
  };
  const arith = (pc: number, nOp: number, bOp: number, useMax: boolean, sOp: number) => {
    const rhs = pop(pc);
    const ty = pop(pc);
    check(sameInts(ty, rhs), 'INTEGER_OP_TYPE_MISMATCH_ERROR', pc);
    stack.push(ty);
    if (isSigned(ty)) {
      op[pc] = sOp;
      obj[pc] = SIGNED_RANGE[ty.k];
    } else if (ty.k >= K.U8 && ty.k <= K.U32) {
      op[pc] = nOp;
      num[pc] = useMax ? (MAX_NUM[ty.k] as number) : 0;
    } else if (ty.k >= K.U64 && ty.k <= K.U256) {
      op[pc] = bOp;
      obj[pc] = MAX_BIG[ty.k];
    } else throw invariant(fn, pc, 'arithmetic on a non-integer');
  };
  /** `Sub`, `Div`, `Mod` (`sOp` for signed operands) and the bitwise ops (unsigned only). */
  const generic = (pc: number, nOp: number, sOp: number | null) => {
    const rhs = pop(pc);
    const lhs = pop(pc);
    check(
      (sOp === null ? isUnsigned(lhs) : isInteger(lhs)) && tyEquals(lhs, rhs),
      'INTEGER_OP_TYPE_MISMATCH_ERROR',
      pc,
    );
    stack.push(lhs);
    op[pc] = nOp;
    if (sOp !== null && isSigned(lhs)) {
      op[pc] = sOp;
      obj[pc] = SIGNED_RANGE[lhs.k];
    }
  };

  for (let pc = 0; pc < n; pc += 1) {
    // A branch target starts a block: falling into it must leave the stack empty too.
    if (starts.has(pc)) endBlock(pc);
    const instr = code[pc] as Bytecode;
    switch (instr.op) {
      case 'Pop': {
        const ty = pop(pc);
        if (verify) check(has(ty, DROP), 'POP_WITHOUT_DROP_ABILITY', pc);
        op[pc] = OP.POP;
        break;
      }
      case 'Ret':
        if (verify) {
          for (let i = fn.returns.length - 1; i >= 0; i -= 1) {
            check(tyAssignable(fn.returns[i] as Ty, pop(pc)), 'RET_TYPE_MISMATCH_ERROR', pc);
          }
        }
        endBlock(pc);
        op[pc] = OP.RET;
        break;
      case 'BrTrue':
      case 'BrFalse':
        check(pop(pc).k === K.BOOL, 'BR_TYPE_MISMATCH_ERROR', pc);
        op[pc] = instr.op === 'BrTrue' ? OP.BR_TRUE : OP.BR_FALSE;
        num[pc] = instr.offset;
        endBlock(pc);
        break;
      case 'Branch':
        op[pc] = OP.BRANCH;
        num[pc] = instr.offset;
        endBlock(pc);
        break;
      case 'LdU8':
      case 'LdU16':
      case 'LdU32':
      case 'LdI8':
      case 'LdI16':
      case 'LdI32':
        op[pc] = OP.LD_NUM;
        num[pc] = instr.value;
        stack.push(LOADED_TY[instr.op]);
        break;
      case 'LdU64':
      case 'LdU128':
      case 'LdU256':
      case 'LdI64':
      case 'LdI128':
      case 'LdI256':
        op[pc] = OP.LD_BIG;
        obj[pc] = instr.value;
        stack.push(LOADED_TY[instr.op]);
        break;
      case 'LdConst': {
        const constant = unit.constantPool[instr.index];
        if (constant === undefined) throw invariant(fn, pc, 'bad constant');
        const ty = tokenToTy(unit, constant.type);
        const value = deserializeFrom(new BcsReader(constant.data), ty, () => {
          throw invariant(fn, pc, 'a constant cannot hold a struct');
        });
        op[pc] = OP.LD_CONST;
        obj[pc] = value;
        num[pc] = constant.data.length;
        stack.push(ty);
        break;
      }
      case 'LdTrue':
      case 'LdFalse':
        op[pc] = instr.op === 'LdTrue' ? OP.LD_TRUE : OP.LD_FALSE;
        stack.push(T.bool);
        break;
      case 'CopyLoc':
      case 'MoveLoc': {
        const ty = fn.locals[instr.local];
        if (ty === undefined) throw invariant(fn, pc, 'bad local');
        if (verify && instr.op === 'CopyLoc')
          check(has(ty, COPY), 'COPYLOC_WITHOUT_COPY_ABILITY', pc);
        op[pc] = instr.op === 'CopyLoc' ? OP.COPY_LOC : OP.MOVE_LOC;
        num[pc] = instr.local;
        stack.push(ty);
        break;
      }
      case 'StLoc': {
        const ty = pop(pc);
        const local = fn.locals[instr.local];
        check(local !== undefined && tyAssignable(local, ty), 'STLOC_TYPE_MISMATCH_ERROR', pc);
        op[pc] = OP.ST_LOC;
        num[pc] = instr.local;
        break;
      }
      case 'MutBorrowLoc':
      case 'ImmBorrowLoc': {
        const ty = fn.locals[instr.local];
        if (ty === undefined) throw invariant(fn, pc, 'bad local');
        op[pc] = OP.BORROW_LOC;
        num[pc] = instr.local;
        stack.push(instr.op === 'MutBorrowLoc' ? T.mutRef(ty) : T.ref(ty));
        break;
      }
      case 'MutBorrowField':
      case 'ImmBorrowField':
      case 'MutBorrowFieldGeneric':
      case 'ImmBorrowFieldGeneric': {
        const target = pop(pc);
        if (target.k !== K.REF && target.k !== K.MUT_REF) {
          check(false, 'BORROWFIELD_TYPE_MISMATCH_ERROR', pc);
          throw invariant(fn, pc, 'expected a reference');
        }
        let field: { offset: number; ty: Ty; owner: Ty };
        if (instr.op === 'MutBorrowField' || instr.op === 'ImmBorrowField') {
          field = fieldOf(instr.field, [], pc);
        } else {
          const inst = module.fieldInstantiations[instr.field];
          if (inst === undefined) throw invariant(fn, pc, 'bad field instantiation');
          field = fieldOf(inst.handle, sig(unit, inst.typeParameters), pc);
        }
        check(
          tyEquals(target.to, field.owner) &&
            (target.k === K.MUT_REF || !instr.op.startsWith('Mut')),
          'BORROWFIELD_TYPE_MISMATCH_ERROR',
          pc,
        );
        op[pc] = OP.BORROW_FIELD;
        num[pc] = field.offset;
        stack.push(instr.op.startsWith('Mut') ? T.mutRef(field.ty) : T.ref(field.ty));
        break;
      }
      case 'Call':
      case 'CallGeneric': {
        let call;
        if (instr.op === 'Call') call = callSite(instr.fn, []);
        else {
          const inst = unit.functionInstantiations[instr.fn];
          if (inst === undefined) throw vmError('FUNCTION_RESOLUTION_FAILURE', fn.id);
          call = callSite(inst.handle, sig(unit, inst.typeParameters));
        }
        for (let i = call.params.length - 1; i >= 0; i -= 1) {
          const arg = pop(pc);
          check(tyAssignable(call.params[i] as Ty, arg), 'CALL_TYPE_MISMATCH_ERROR', pc);
        }
        stack.push(...call.returns);
        op[pc] = OP.CALL;
        obj[pc] = call.site;
        break;
      }
      case 'Pack':
      case 'PackGeneric':
      case 'Unpack':
      case 'UnpackGeneric': {
        const site =
          instr.op === 'Pack' || instr.op === 'Unpack'
            ? structSite(instr.def, [])
            : defInst(instr.def);
        const fields = site.struct.fields;
        if (fields === null) throw invariant(fn, pc, 'pack of an enum');
        const args = site.ty.k === K.STRUCT ? site.ty.args : [];
        num[pc] = fields.length;
        if (instr.op.startsWith('Pack')) {
          for (let i = fields.length - 1; i >= 0; i -= 1) {
            const fieldTy = subst((fields[i] as { ty: Ty }).ty, args);
            check(tyAssignable(fieldTy, pop(pc)), 'PACK_TYPE_MISMATCH_ERROR', pc);
          }
          stack.push(site.ty);
          op[pc] = OP.PACK;
        } else {
          check(tyEquals(pop(pc), site.ty), 'UNPACK_TYPE_MISMATCH_ERROR', pc);
          for (const f of fields) stack.push(subst(f.ty, args));
          op[pc] = OP.UNPACK;
        }
        break;
      }
      case 'ReadRef': {
        const ref = pop(pc);
        check(ref.k === K.REF || ref.k === K.MUT_REF, 'READREF_TYPE_MISMATCH_ERROR', pc);
        const target = deref(ref, pc);
        if (verify) check(has(target, COPY), 'READREF_WITHOUT_COPY_ABILITY', pc);
        stack.push(target);
        op[pc] = OP.READ_REF;
        break;
      }
      case 'WriteRef': {
        const ref = pop(pc);
        const value = pop(pc);
        check(ref.k !== K.REF, 'WRITEREF_NO_MUTABLE_REFERENCE_ERROR', pc);
        check(ref.k === K.MUT_REF && tyEquals(ref.to, value), 'WRITEREF_TYPE_MISMATCH_ERROR', pc);
        if (verify) check(has(value, DROP), 'WRITEREF_WITHOUT_DROP_ABILITY', pc);
        op[pc] = OP.WRITE_REF;
        break;
      }
      case 'FreezeRef': {
        const ref = pop(pc);
        check(ref.k === K.MUT_REF, 'FREEZEREF_TYPE_MISMATCH_ERROR', pc);
        stack.push(T.ref(deref(ref, pc)));
        op[pc] = OP.NOP;
        break;
      }
      case 'Add':
        arith(pc, OP.ADD_N, OP.ADD_B, true, OP.ADD_S);
        break;
      case 'Sub':
        generic(pc, OP.SUB, OP.SUB_S);
        break;
      case 'Mul':
        arith(pc, OP.MUL_N, OP.MUL_B, true, OP.MUL_S);
        break;
      case 'Div':
        generic(pc, OP.DIV, OP.DIV_S);
        break;
      case 'Mod':
        generic(pc, OP.MOD, OP.MOD_S);
        break;
      case 'BitOr':
        generic(pc, OP.BIT_OR, null);
        break;
      case 'BitAnd':
        generic(pc, OP.BIT_AND, null);
        break;
      case 'Xor':
        generic(pc, OP.XOR, null);
        break;
      case 'Negate': {
        const ty = pop(pc);
        check(isSigned(ty), 'INTEGER_OP_TYPE_MISMATCH_ERROR', pc);
        stack.push(ty);
        op[pc] = OP.NEGATE;
        obj[pc] = SIGNED_RANGE[ty.k] ?? null;
        break;
      }
      case 'Shl':
      case 'Shr': {
        const bitsTy = pop(pc);
        const ty = pop(pc);
        check(bitsTy.k === K.U8 && isUnsigned(ty), 'INTEGER_OP_TYPE_MISMATCH_ERROR', pc);
        stack.push(ty);
        const bits = INT_BITS[ty.k];
        if (bits === undefined) throw invariant(fn, pc, 'shift of a non-integer');
        num[pc] = bits;
        if (instr.op === 'Shr') op[pc] = OP.SHR;
        else if (bits <= 32) op[pc] = OP.SHL_N;
        else {
          op[pc] = OP.SHL_B;
          obj[pc] = MAX_BIG[ty.k];
        }
        break;
      }
      case 'Or':
      case 'And': {
        const rhs = pop(pc);
        const lhs = pop(pc);
        check(lhs.k === K.BOOL && rhs.k === K.BOOL, 'BOOLEAN_OP_TYPE_MISMATCH_ERROR', pc);
        stack.push(T.bool);
        op[pc] = instr.op === 'Or' ? OP.OR : OP.AND;
        break;
      }
      case 'Not':
        check(stack[stack.length - 1]?.k === K.BOOL, 'BOOLEAN_OP_TYPE_MISMATCH_ERROR', pc);
        op[pc] = OP.NOT;
        break;
      case 'Eq':
      case 'Neq':
      case 'Lt':
      case 'Gt':
      case 'Le':
      case 'Ge': {
        const rhs = pop(pc);
        const lhs = pop(pc);
        if (instr.op === 'Eq' || instr.op === 'Neq')
          check(
            tyEquals(lhs, rhs) && (!verify || has(lhs, DROP)),
            'EQUALITY_OP_TYPE_MISMATCH_ERROR',
            pc,
          );
        else check(sameInts(lhs, rhs), 'INTEGER_OP_TYPE_MISMATCH_ERROR', pc);
        stack.push(T.bool);
        op[pc] = OP[instr.op.toUpperCase() as 'EQ'];
        break;
      }
      case 'Abort':
        check(pop(pc).k === K.U64, 'ABORT_TYPE_MISMATCH_ERROR', pc);
        endBlock(pc);
        op[pc] = OP.ABORT;
        break;
      case 'AbortMsg': {
        const message = pop(pc);
        check(
          message.k === K.VECTOR && message.elem.k === K.U8 && pop(pc).k === K.U64,
          'ABORT_TYPE_MISMATCH_ERROR',
          pc,
        );
        endBlock(pc);
        op[pc] = OP.ABORT_MSG;
        break;
      }
      case 'Nop':
        op[pc] = OP.NOP;
        break;
      case 'Exists':
      case 'ExistsGeneric': {
        const site = instr.op === 'Exists' ? structSite(instr.def, []) : defInst(instr.def);
        check(
          pop(pc).k === K.ADDRESS && (site.struct.abilities & KEY) !== 0,
          'EXISTS_WITHOUT_KEY_ABILITY_OR_BAD_ARGUMENT',
          pc,
        );
        stack.push(T.bool);
        op[pc] = OP.EXISTS;
        obj[pc] = site;
        break;
      }
      case 'MutBorrowGlobal':
      case 'ImmBorrowGlobal':
      case 'MutBorrowGlobalGeneric':
      case 'ImmBorrowGlobalGeneric': {
        const address = pop(pc);
        const site =
          instr.op === 'MutBorrowGlobal' || instr.op === 'ImmBorrowGlobal'
            ? structSite(instr.def, [])
            : defInst(instr.def);
        check(address.k === K.ADDRESS, 'BORROWGLOBAL_TYPE_MISMATCH_ERROR', pc);
        check((site.struct.abilities & KEY) !== 0, 'BORROWGLOBAL_WITHOUT_KEY_ABILITY', pc);
        const mutable = instr.op.startsWith('Mut');
        stack.push(mutable ? T.mutRef(site.ty) : T.ref(site.ty));
        op[pc] = OP.BORROW_GLOBAL;
        obj[pc] = site;
        num[pc] = mutable ? 1 : 0;
        break;
      }
      case 'MoveFrom':
      case 'MoveFromGeneric': {
        const address = pop(pc);
        const site = instr.op === 'MoveFrom' ? structSite(instr.def, []) : defInst(instr.def);
        check(address.k === K.ADDRESS, 'MOVEFROM_TYPE_MISMATCH_ERROR', pc);
        check((site.struct.abilities & KEY) !== 0, 'MOVEFROM_WITHOUT_KEY_ABILITY', pc);
        stack.push(site.ty);
        op[pc] = OP.MOVE_FROM;
        obj[pc] = site;
        break;
      }
      case 'MoveTo':
      case 'MoveToGeneric': {
        const site = instr.op === 'MoveTo' ? structSite(instr.def, []) : defInst(instr.def);
        const value = pop(pc);
        const signer = pop(pc);
        check(
          tyEquals(value, site.ty) && signer.k === K.REF && signer.to.k === K.SIGNER,
          'MOVETO_TYPE_MISMATCH_ERROR',
          pc,
        );
        check((site.struct.abilities & KEY) !== 0, 'MOVETO_WITHOUT_KEY_ABILITY', pc);
        op[pc] = OP.MOVE_TO;
        obj[pc] = site;
        break;
      }
      case 'CastU8':
      case 'CastU16':
      case 'CastU32':
      case 'CastU64':
      case 'CastU128':
      case 'CastU256':
      case 'CastI8':
      case 'CastI16':
      case 'CastI32':
      case 'CastI64':
      case 'CastI128':
      case 'CastI256': {
        check(isInteger(pop(pc)), 'INTEGER_OP_TYPE_MISMATCH_ERROR', pc);
        const ty = CAST_TARGET[instr.op];
        stack.push(ty);
        num[pc] = INT_BITS[ty.k] as number;
        if (isSigned(ty)) {
          op[pc] = OP.CAST_S;
          obj[pc] = SIGNED_RANGE[ty.k];
        } else {
          op[pc] = ty.k <= K.U32 ? OP.CAST_N : OP.CAST_B;
          obj[pc] = ty.k <= K.U32 ? null : MAX_BIG[ty.k];
        }
        break;
      }
      case 'VecPack':
      case 'VecUnpack': {
        const elem = sig(unit, instr.sig)[0];
        if (elem === undefined) throw invariant(fn, pc, 'bad vector signature');
        const count = Number(instr.count);
        num[pc] = count;
        if (instr.op === 'VecPack') {
          for (let i = 0; i < count; i += 1) pop(pc);
          stack.push(T.vector(elem));
          op[pc] = OP.VEC_PACK;
        } else {
          pop(pc);
          for (let i = 0; i < count; i += 1) stack.push(elem);
          op[pc] = OP.VEC_UNPACK;
        }
        break;
      }
      case 'VecLen':
        pop(pc);
        stack.push(T.u64);
        op[pc] = OP.VEC_LEN;
        break;
      case 'VecImmBorrow':
      case 'VecMutBorrow': {
        pop(pc);
        const vec = deref(pop(pc), pc);
        if (vec.k !== K.VECTOR) throw invariant(fn, pc, 'expected a vector');
        stack.push(instr.op === 'VecMutBorrow' ? T.mutRef(vec.elem) : T.ref(vec.elem));
        op[pc] = OP.VEC_BORROW;
        break;
      }
      case 'VecPushBack':
        pop(pc);
        pop(pc);
        op[pc] = OP.VEC_PUSH;
        break;
      case 'VecPopBack': {
        const vec = deref(pop(pc), pc);
        if (vec.k !== K.VECTOR) throw invariant(fn, pc, 'expected a vector');
        stack.push(vec.elem);
        op[pc] = OP.VEC_POP;
        break;
      }
      case 'VecSwap':
        pop(pc);
        pop(pc);
        pop(pc);
        op[pc] = OP.VEC_SWAP;
        break;
      case 'PackVariant':
      case 'PackVariantGeneric':
      case 'UnpackVariant':
      case 'UnpackVariantGeneric':
      case 'TestVariant':
      case 'TestVariantGeneric': {
        let v;
        if (
          instr.op === 'PackVariant' ||
          instr.op === 'UnpackVariant' ||
          instr.op === 'TestVariant'
        ) {
          v = variantSite(instr.variant, []);
        } else {
          const inst = module.structVariantInstantiations[instr.variant];
          if (inst === undefined) throw invariant(fn, pc, 'bad variant instantiation');
          v = variantSite(inst.handle, sig(unit, inst.typeParameters));
        }
        obj[pc] = v.site;
        if (instr.op.startsWith('Pack')) {
          for (let i = 0; i < v.fields.length; i += 1) pop(pc);
          stack.push(v.ty);
          op[pc] = OP.PACK_VARIANT;
        } else if (instr.op.startsWith('Unpack')) {
          pop(pc);
          stack.push(...v.fields);
          op[pc] = OP.UNPACK_VARIANT;
        } else {
          pop(pc);
          stack.push(T.bool);
          op[pc] = OP.TEST_VARIANT;
        }
        break;
      }
      case 'ImmBorrowVariantField':
      case 'MutBorrowVariantField':
      case 'ImmBorrowVariantFieldGeneric':
      case 'MutBorrowVariantFieldGeneric': {
        pop(pc);
        let handleIndex = instr.field;
        let tyArgs: Ty[] = [];
        if (instr.op.endsWith('Generic')) {
          const inst = module.variantFieldInstantiations[instr.field];
          if (inst === undefined) throw invariant(fn, pc, 'bad variant field instantiation');
          handleIndex = inst.handle;
          tyArgs = sig(unit, inst.typeParameters);
        }
        const handle = module.variantFieldHandles[handleIndex];
        if (handle === undefined) throw invariant(fn, pc, 'bad variant field handle');
        const s = structSite(handle.struct, tyArgs);
        const first = s.struct.variants?.[handle.variants[0] ?? 0];
        const field = first?.fields[handle.field];
        if (field === undefined) throw invariant(fn, pc, 'bad variant field');
        const ty = subst(field.ty, tyArgs);
        stack.push(instr.op.startsWith('Mut') ? T.mutRef(ty) : T.ref(ty));
        op[pc] = OP.BORROW_VARIANT_FIELD;
        obj[pc] = {
          struct: s.struct,
          tag: 0,
          count: 0,
          variants: [...handle.variants],
          offset: handle.field,
        } satisfies VariantSite;
        break;
      }
      case 'PackClosure':
      case 'PackClosureGeneric': {
        // The verifier's `clos_pack`: captured arguments popped against the masked parameters
        // (assignable, not references), abilities intersected; see closureSites.ts.
        let handleIndex = instr.fn;
        let tyArgs: Ty[] = [];
        if (instr.op === 'PackClosureGeneric') {
          const inst = unit.functionInstantiations[instr.fn];
          if (inst === undefined) throw vmError('FUNCTION_RESOLUTION_FAILURE', fn.id);
          handleIndex = inst.handle;
          tyArgs = sig(unit, inst.typeParameters);
        }
        const call = callSite(handleIndex, tyArgs);
        const persistent =
          unit.functionHandles[handleIndex]?.attributes.includes('Persistent') === true;
        const packed = packClosureType(call.params, call.returns, instr.mask, persistent);
        if (packed === null) {
          check(false, 'PACK_TYPE_MISMATCH_ERROR', pc);
          throw invariant(fn, pc, 'closure mask names a missing parameter');
        }
        let abilities = packed.abilities;
        for (let i = packed.captured.length - 1; i >= 0; i -= 1) {
          const arg = pop(pc);
          const expected = packed.captured[i] as Ty;
          abilities &= abilitiesOf(arg);
          check(
            tyAssignable(expected, arg) && expected.k !== K.REF && expected.k !== K.MUT_REF,
            'PACK_TYPE_MISMATCH_ERROR',
            pc,
          );
        }
        stack.push(T.fn(packed.rest, call.returns, abilities));
        op[pc] = OP.PACK_CLOSURE;
        num[pc] = packed.captured.length;
        obj[pc] = {
          site: call.site,
          mask: instr.mask,
          capturedTys: packed.captured,
          generic: packed.captured.some(isGeneric),
        } satisfies ClosureSite;
        break;
      }
      case 'CallClosure': {
        // The verifier's `call_closure`: the closure on top, assignable to the signature's
        // function type; the arguments under it, in parameter order.
        const expected = sig(unit, instr.sig)[0];
        if (expected === undefined || expected.k !== K.FUNCTION) {
          throw invariant(fn, pc, 'CallClosure signature is not a function type');
        }
        const closure = pop(pc);
        check(tyAssignable(expected, closure), 'CALL_TYPE_MISMATCH_ERROR', pc);
        for (let i = expected.args.length - 1; i >= 0; i -= 1) {
          check(tyAssignable(expected.args[i] as Ty, pop(pc)), 'CALL_TYPE_MISMATCH_ERROR', pc);
        }
        stack.push(...expected.results);
        op[pc] = OP.CALL_CLOSURE;
        num[pc] = expected.args.length;
        break;
      }
    }
  }
  const prepared: Prepared = {
    op,
    num,
    obj,
    localCount: fn.locals.length,
    paramCount: fn.params.length,
  };
  fn.prepared = prepared;
  return prepared;
}

/**
 * Checks a module the way the interpreter will need it: the verifier's unit passes, then every
 * function through `verifyCode` (control flow, the type pass of `prepare`, locals and reference
 * safety, `acquires`). For the publisher, after the binary reader's bounds check; throws a
 * `VmError`.
 */
export function checkModule(module: LoadedModule, lookup: StructLookup): void {
  verifyUnit(module.compiled, module.id);
  for (const fn of module.functions) if (fn.code !== null) verifyCode(fn, lookup);
}

/** The verifier on one function: control flow and stack, types (`prepare`), then safety passes. */
export function verifyCode(fn: LoadedFunction, lookup: StructLookup): Prepared {
  const cfg = verifyStructure(fn);
  const prepared = prepare(fn, lookup, true);
  verifySafety(fn, cfg, lookup);
  return prepared;
}
