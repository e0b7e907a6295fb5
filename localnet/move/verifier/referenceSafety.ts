/**
 * Kept whole: one abstract state and one transfer function over every instruction, which must
 * change together. Reference safety (move-bytecode-verifier `reference_safety/`): abstract interpretation over a
 * borrow graph whose root is the function's frame (locals and global resources are its labelled
 * fields). Each value on the stack or in a local is a reference (a node of the graph) or not;
 * at every block end the state is made canonical (local `i`'s reference is node `i`, the frame
 * node `locals.length`) so states join by a union of edges. Refuses, with the node's statuses:
 * moving, copying, storing over or borrowing a local while it is borrowed in a conflicting way;
 * reading, writing, freezing or borrowing through a reference that others borrow mutably (or at
 * all, to write); passing or returning a borrowed mutable reference; returning while a local or
 * global is borrowed; borrowing a global mutably twice, or moving it while borrowed (also across
 * a call that `acquires` it); and updating or mutably indexing a borrowed vector.
 */
import type { Bytecode, CompiledModule, SignatureToken } from '../binary/types.ts';
import type { StatusName } from '../vm/errors.ts';
import { vmError } from '../vm/errors.ts';
import type { LoadedFunction } from '../vm/loader.ts';
import { K } from '../vm/ty.ts';
import { BorrowGraph } from './borrowGraph.ts';
import type { Cfg } from './cfg.ts';
import { analyze } from './cfg.ts';

/** `-1` for a value that is not a reference. */
const VALUE = -1;

interface State {
  locals: number[];
  graph: BorrowGraph;
  nextId: number;
  stack: number[];
}

export function verifyReferenceSafety(fn: LoadedFunction, cfg: Cfg): void {
  const code = fn.code as readonly Bytecode[];
  const unit = fn.unit;
  const module = fn.module === null ? null : (unit as CompiledModule);
  const n = fn.locals.length;
  const root = n;
  const fail = (status: StatusName, pc: number): never => {
    throw vmError(status, `${fn.id}+${pc}`);
  };

  const initial: State = {
    locals: new Array<number>(n).fill(VALUE),
    graph: new BorrowGraph(),
    nextId: n + 1,
    stack: [],
  };
  fn.params.forEach((ty, i) => {
    if (ty.k === K.REF || ty.k === K.MUT_REF) {
      initial.graph.newRef(i, ty.k === K.MUT_REF);
      initial.locals[i] = i;
    }
  });
  initial.graph.newRef(root, true);

  // ---- the borrow graph's predicates (`abstract_state.rs`)
  const newRef = (s: State, mutable: boolean): number => {
    const id = s.nextId;
    s.nextId += 1;
    s.graph.newRef(id, mutable);
    return id;
  };
  const anyMutable = (s: State, ids: readonly number[]): boolean =>
    ids.some((id) => s.graph.isMutable(id));
  /** Borrowed in full, or at `label` (at any label when `null`). */
  const hasBorrows = (s: State, id: number, label: string | null): boolean => {
    const { full, fields } = s.graph.borrowedBy(id);
    if (full.length > 0) return true;
    if (label === null) return [...fields.values()].some((l) => l.length > 0);
    return (fields.get(label)?.length ?? 0) > 0;
  };
  const hasMutableBorrows = (s: State, id: number, label: string | null): boolean => {
    const { full, fields } = s.graph.borrowedBy(id);
    if (anyMutable(s, full)) return true;
    if (label === null) return [...fields.values()].some((l) => anyMutable(s, l));
    return anyMutable(s, fields.get(label) ?? []);
  };
  const isWritable = (s: State, id: number): boolean => !hasBorrows(s, id, null);
  const isFreezable = (s: State, id: number, label: string | null): boolean =>
    !hasMutableBorrows(s, id, label);
  const isReadable = (s: State, id: number, label: string | null): boolean =>
    !s.graph.isMutable(id) || isFreezable(s, id, label);
  const release = (s: State, v: number): void => {
    if (v !== VALUE) s.graph.release(v);
  };
  const pop = (s: State): number => s.stack.pop() ?? VALUE;
  const popRef = (s: State, pc: number): number => {
    const v = pop(s);
    if (v === VALUE) throw vmError('VERIFIER_INVARIANT_VIOLATION', `${fn.id}+${pc}`);
    return v;
  };
  const valueFor = (s: State, token: SignatureToken): number =>
    token.kind === 'Reference'
      ? newRef(s, false)
      : token.kind === 'MutableReference'
        ? newRef(s, true)
        : VALUE;

  const local = (i: number): string => `l${i}`;
  const globalLabel = (def: number): string => `g${def}`;
  const fieldLabel = (offset: number): string => `f${offset}`;

  // ---- instruction helpers
  const borrowField = (s: State, pc: number, mutable: boolean, offset: number): void => {
    const id = popRef(s, pc);
    const label = fieldLabel(offset);
    const fullyBorrowed = mutable && s.graph.borrowedBy(id).full.length > 0;
    if (fullyBorrowed || (!mutable && !isReadable(s, id, label)))
      fail('BORROWFIELD_EXISTS_MUTABLE_BORROW_ERROR', pc);
    const child = newRef(s, mutable);
    s.graph.addStrong(id, child, [label]);
    s.graph.release(id);
    s.stack.push(child);
  };
  const isGlobalBorrowed = (s: State, def: number): boolean =>
    hasBorrows(s, root, globalLabel(def));
  const borrowGlobal = (s: State, pc: number, mutable: boolean, def: number): void => {
    pop(s);
    if ((mutable && isGlobalBorrowed(s, def)) || hasMutableBorrows(s, root, globalLabel(def)))
      fail('GLOBAL_REFERENCE_ERROR', pc);
    const id = newRef(s, mutable);
    s.graph.addWeak(root, id, [globalLabel(def)]);
    s.stack.push(id);
  };
  const moveFrom = (s: State, pc: number, def: number): void => {
    pop(s);
    if (isGlobalBorrowed(s, def)) fail('GLOBAL_REFERENCE_ERROR', pc);
    s.stack.push(VALUE);
  };
  const call = (
    s: State,
    pc: number,
    params: number,
    returns: readonly SignatureToken[],
    acquires: readonly number[],
  ): void => {
    const args: number[] = [];
    for (let i = 0; i < params; i += 1) args.unshift(pop(s));
    for (const def of acquires) if (isGlobalBorrowed(s, def)) fail('GLOBAL_REFERENCE_ERROR', pc);
    const all: number[] = [];
    const mutables: number[] = [];
    for (const id of args) {
      if (id === VALUE) continue;
      if (s.graph.isMutable(id)) {
        if (!isWritable(s, id)) fail('CALL_BORROWED_MUTABLE_REFERENCE_ERROR', pc);
        mutables.push(id);
      }
      all.push(id);
    }
    for (const ret of returns) {
      if (ret.kind === 'MutableReference') {
        const id = newRef(s, true);
        for (const parent of mutables) s.graph.addWeak(parent, id, []);
        s.stack.push(id);
      } else if (ret.kind === 'Reference') {
        const id = newRef(s, false);
        for (const parent of all) s.graph.addWeak(parent, id, []);
        s.stack.push(id);
      } else s.stack.push(VALUE);
    }
    for (const id of all) s.graph.release(id);
  };
  const callHandle = (s: State, pc: number, handleIndex: number): void => {
    const handle = unit.functionHandles[handleIndex];
    if (handle === undefined) throw vmError('VERIFIER_INVARIANT_VIOLATION', `${fn.id}+${pc}`);
    // A struct API's `borrow_mut$S$…` (language 2.4) borrows one field of its argument, so its
    // call is that field's borrow (the node's reference safety), not a borrow of the whole value.
    for (const attr of handle.attributes) {
      if (typeof attr !== 'string' && attr.kind === 'BorrowFieldMutable') {
        borrowField(s, pc, true, attr.index);
        return;
      }
    }
    const params = unit.signatures[handle.parameters] ?? [];
    const returns = unit.signatures[handle.returns] ?? [];
    // A call into this module's own function: the resources it `acquires`.
    const def = module?.functionDefs.find((d) => d.function === handleIndex);
    call(s, pc, params.length, returns, def?.acquiresGlobalResources ?? []);
  };
  const vectorOp = (s: State, pc: number, vec: number, mutable: boolean): void => {
    if (mutable && !isWritable(s, vec)) fail('VEC_UPDATE_EXISTS_MUTABLE_BORROW_ERROR', pc);
    release(s, vec);
  };
  const readRef = (s: State, pc: number): void => {
    const id = popRef(s, pc);
    if (!isReadable(s, id, null)) fail('READREF_EXISTS_MUTABLE_BORROW_ERROR', pc);
    s.graph.release(id);
    s.stack.push(VALUE);
  };
  const fieldOffset = (handle: number | undefined, variant: boolean): number => {
    if (handle === undefined || module === null) return 0;
    return (variant ? module.variantFieldHandles[handle] : module.fieldHandles[handle])?.field ?? 0;
  };
  const structDefOf = (inst: number): number => module?.structDefInstantiations[inst]?.def ?? 0;

  /** Makes the state canonical: local `i`'s reference becomes node `i`. */
  const canonical = (s: State): void => {
    const map = new Map<number, number>([[root, root]]);
    s.locals = s.locals.map((v, i) => {
      if (v === VALUE) return VALUE;
      map.set(v, i);
      return i;
    });
    s.graph = s.graph.remap(map);
    s.nextId = n + 1;
  };

  analyze<State>(code, cfg, initial, {
    clone: (s) => ({
      locals: [...s.locals],
      graph: s.graph.clone(),
      nextId: s.nextId,
      stack: [...s.stack],
    }),
    join(into, incoming) {
      const g1 = into.graph.clone();
      let g2 = incoming.graph;
      let localsChanged = false;
      const locals = into.locals.map((v, i) => {
        const w = incoming.locals[i] as number;
        if (v !== VALUE && w === VALUE) {
          g1.release(v);
          localsChanged = true;
          return VALUE;
        }
        if (v === VALUE && w !== VALUE) {
          if (g2 === incoming.graph) g2 = g2.clone();
          g2.release(w);
        }
        return v;
      });
      const graph = g1.join(g2);
      return {
        state: { locals, graph, nextId: into.nextId, stack: [] },
        // Unchanged when the locals are and every joined edge was already covered.
        changed: localsChanged || !into.graph.leq(graph),
      };
    },
    execute(s, instr, pc, last) {
      switch (instr.op) {
        case 'Pop':
          release(s, pop(s));
          break;
        case 'CopyLoc': {
          const v = s.locals[instr.local] ?? VALUE;
          if (v !== VALUE) {
            const id = newRef(s, s.graph.isMutable(v));
            s.graph.addStrong(v, id, []);
            s.stack.push(id);
          } else {
            if (hasMutableBorrows(s, root, local(instr.local)))
              fail('COPYLOC_EXISTS_BORROW_ERROR', pc);
            s.stack.push(VALUE);
          }
          break;
        }
        case 'MoveLoc': {
          const v = s.locals[instr.local] ?? VALUE;
          s.locals[instr.local] = VALUE;
          if (v === VALUE && hasBorrows(s, root, local(instr.local)))
            fail('MOVELOC_EXISTS_BORROW_ERROR', pc);
          s.stack.push(v);
          break;
        }
        case 'StLoc': {
          const v = s.locals[instr.local] ?? VALUE;
          s.locals[instr.local] = pop(s);
          if (v !== VALUE) s.graph.release(v);
          else if (hasBorrows(s, root, local(instr.local)))
            fail('STLOC_UNSAFE_TO_DESTROY_ERROR', pc);
          break;
        }
        case 'FreezeRef': {
          const id = popRef(s, pc);
          if (!isFreezable(s, id, null)) fail('FREEZEREF_EXISTS_MUTABLE_BORROW_ERROR', pc);
          const frozen = newRef(s, false);
          s.graph.addStrong(id, frozen, []);
          s.graph.release(id);
          s.stack.push(frozen);
          break;
        }
        case 'Eq':
        case 'Neq': {
          const a = pop(s);
          const b = pop(s);
          if (a !== VALUE && b !== VALUE) {
            if (!isReadable(s, a, null) || !isReadable(s, b, null))
              fail('READREF_EXISTS_MUTABLE_BORROW_ERROR', pc);
            s.graph.release(a);
            s.graph.release(b);
          }
          s.stack.push(VALUE);
          break;
        }
        case 'ReadRef':
          readRef(s, pc);
          break;
        case 'WriteRef': {
          const id = popRef(s, pc);
          pop(s);
          if (!isWritable(s, id)) fail('WRITEREF_EXISTS_BORROW_ERROR', pc);
          s.graph.release(id);
          break;
        }
        case 'MutBorrowLoc':
        case 'ImmBorrowLoc': {
          const mutable = instr.op === 'MutBorrowLoc';
          if (!mutable && hasMutableBorrows(s, root, local(instr.local)))
            fail('BORROWLOC_EXISTS_BORROW_ERROR', pc);
          const id = newRef(s, mutable);
          s.graph.addStrong(root, id, [local(instr.local)]);
          s.stack.push(id);
          break;
        }
        case 'MutBorrowField':
        case 'ImmBorrowField':
          borrowField(s, pc, instr.op === 'MutBorrowField', fieldOffset(instr.field, false));
          break;
        case 'MutBorrowFieldGeneric':
        case 'ImmBorrowFieldGeneric':
          borrowField(
            s,
            pc,
            instr.op === 'MutBorrowFieldGeneric',
            fieldOffset(module?.fieldInstantiations[instr.field]?.handle, false),
          );
          break;
        case 'MutBorrowVariantField':
        case 'ImmBorrowVariantField':
          borrowField(s, pc, instr.op === 'MutBorrowVariantField', fieldOffset(instr.field, true));
          break;
        case 'MutBorrowVariantFieldGeneric':
        case 'ImmBorrowVariantFieldGeneric':
          borrowField(
            s,
            pc,
            instr.op === 'MutBorrowVariantFieldGeneric',
            fieldOffset(module?.variantFieldInstantiations[instr.field]?.handle, true),
          );
          break;
        case 'MutBorrowGlobal':
        case 'ImmBorrowGlobal':
          borrowGlobal(s, pc, instr.op === 'MutBorrowGlobal', instr.def);
          break;
        case 'MutBorrowGlobalGeneric':
        case 'ImmBorrowGlobalGeneric':
          borrowGlobal(s, pc, instr.op === 'MutBorrowGlobalGeneric', structDefOf(instr.def));
          break;
        case 'MoveFrom':
          moveFrom(s, pc, instr.def);
          break;
        case 'MoveFromGeneric':
          moveFrom(s, pc, structDefOf(instr.def));
          break;
        case 'Call':
          callHandle(s, pc, instr.fn);
          break;
        case 'CallGeneric': {
          const inst = unit.functionInstantiations[instr.fn];
          if (inst === undefined) throw vmError('VERIFIER_INVARIANT_VIOLATION', `${fn.id}+${pc}`);
          callHandle(s, pc, inst.handle);
          break;
        }
        case 'Ret': {
          const values: number[] = [];
          for (let i = 0; i < fn.returns.length; i += 1) values.unshift(pop(s));
          for (const v of new Set(s.locals)) release(s, v);
          if (hasBorrows(s, root, null)) fail('UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED', pc);
          for (const id of values)
            if (id !== VALUE && s.graph.isMutable(id) && !isWritable(s, id))
              fail('RET_BORROWED_MUTABLE_REFERENCE_ERROR', pc);
          break;
        }
        case 'BrTrue':
        case 'BrFalse':
        case 'Abort':
          pop(s);
          break;
        case 'AbortMsg':
          pop(s);
          pop(s);
          break;
        case 'MoveTo':
        case 'MoveToGeneric':
          pop(s);
          release(s, pop(s));
          break;
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
        case 'Lt':
        case 'Gt':
        case 'Le':
        case 'Ge':
          pop(s);
          pop(s);
          s.stack.push(VALUE);
          break;
        case 'Pack':
        case 'PackGeneric':
        case 'Unpack':
        case 'UnpackGeneric':
        case 'PackVariant':
        case 'PackVariantGeneric':
        case 'UnpackVariant':
        case 'UnpackVariantGeneric': {
          // Struct fields are never references: the field count comes from the type pass.
          const p = fn.prepared;
          const count = p === null ? 0 : (p.num[pc] ?? 0);
          if (instr.op.startsWith('Pack')) {
            if (instr.op.startsWith('PackVariant')) {
              const site = p?.obj[pc] as { count: number } | undefined;
              for (let i = 0; i < (site?.count ?? 0); i += 1) pop(s);
            } else for (let i = 0; i < count; i += 1) pop(s);
            s.stack.push(VALUE);
          } else {
            pop(s);
            const fields = instr.op.startsWith('UnpackVariant')
              ? ((p?.obj[pc] as { count: number } | undefined)?.count ?? 0)
              : count;
            for (let i = 0; i < fields; i += 1) s.stack.push(VALUE);
          }
          break;
        }
        case 'TestVariant':
        case 'TestVariantGeneric':
          readRef(s, pc);
          break;
        case 'VecPack':
          for (let i = 0n; i < instr.count; i += 1n) pop(s);
          s.stack.push(VALUE);
          break;
        case 'VecUnpack':
          pop(s);
          for (let i = 0n; i < instr.count; i += 1n) s.stack.push(VALUE);
          break;
        case 'VecLen':
          vectorOp(s, pc, popRef(s, pc), false);
          s.stack.push(VALUE);
          break;
        case 'VecImmBorrow':
        case 'VecMutBorrow': {
          pop(s);
          const vec = popRef(s, pc);
          const mutable = instr.op === 'VecMutBorrow';
          if (mutable && !isWritable(s, vec))
            fail('VEC_BORROW_ELEMENT_EXISTS_MUTABLE_BORROW_ERROR', pc);
          const elem = newRef(s, mutable);
          s.graph.addWeak(vec, elem, []);
          s.graph.release(vec);
          s.stack.push(elem);
          break;
        }
        case 'VecPushBack':
          pop(s);
          vectorOp(s, pc, popRef(s, pc), true);
          break;
        case 'VecPopBack':
          vectorOp(s, pc, popRef(s, pc), true);
          s.stack.push(VALUE);
          break;
        case 'VecSwap':
          pop(s);
          pop(s);
          vectorOp(s, pc, popRef(s, pc), true);
          break;
        case 'PackClosure':
        case 'PackClosureGeneric': {
          // Captured values (never references) come off the stack; the closure is a value.
          let captured = 0;
          for (let m = instr.mask; m > 0n; m >>= 1n) if ((m & 1n) === 1n) captured += 1;
          for (let i = 0; i < captured; i += 1) pop(s);
          s.stack.push(VALUE);
          break;
        }
        case 'CallClosure': {
          const ty = unit.signatures[instr.sig]?.[0];
          if (ty?.kind !== 'Function')
            throw vmError('VERIFIER_INVARIANT_VIOLATION', `${fn.id}+${pc}`);
          pop(s); // the closure
          call(s, pc, ty.args.length, ty.results, []);
          break;
        }
        case 'LdConst': {
          const c = unit.constantPool[instr.index];
          s.stack.push(c === undefined ? VALUE : valueFor(s, c.type));
          break;
        }
        case 'Branch':
        case 'Nop':
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
        case 'CastI256':
        case 'Negate':
        case 'Not':
          break;
        case 'Exists':
        case 'ExistsGeneric':
          pop(s);
          s.stack.push(VALUE);
          break;
        default:
          // Loads of constants and literals.
          s.stack.push(VALUE);
          break;
      }
      if (last) canonical(s);
    },
  });
}
