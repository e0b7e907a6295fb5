/**
 * The interpreter: one frame per call, the operand stack, and a dispatch loop with one case per
 * instruction, charging each its gas and failing with the node's statuses. One piece on purpose:
 * every case works on the same frame, stack and meter, as in the Rust interpreter's `execute_code`.
 */
import type { LongAddress } from '../../encoding.ts';
import { OutOfGas } from './gas.ts';
import { BytecodeAbort, MoveAbort, VmError, vmError, VmStatusError } from './errors.ts';
import { executionSite } from './vmOutcome.ts';
import type {
  CallSite,
  ClosureSite,
  LoadedFunction,
  NativeHost,
  NativeImpl,
  Prepared,
  StructSite,
  VariantSite,
} from './loader.ts';
import { prepare } from './prepare.ts';
import { stdNative } from './natives.ts';
import { BASE_COST, GAS_PARAMS, OP, type SignedRange } from './ops.ts';
import { abortWithMessage, signedArith } from './signedOps.ts';
import type { VmSession } from './session.ts';
import type { StructName, Ty } from './ty.ts';
import { subst, tyString } from './ty.ts';
import { composeArgs } from './closures.ts';
import type { Layout, Value } from './values.ts';
import { abstractSize, Closure, closureSize, copyValue, Ref, valueEquals } from './values.ts';
import { materializeCaptured } from './closureCalls.ts';
import type { MoveTracer, NativeSite } from './trace.ts';

/** The gas meter the interpreter draws on (the executor's, in internal units). */
export interface GasCounter {
  remaining(): number;
  /** Records `internal` units as spent; throws `OutOfGas` past the limit. */
  consume(internal: number): void;
}

/** The framework's packages (`0x1`, legacy tokens `0x3`, token objects `0x4`, trading `0x5`, `0x7`). */
const FRAMEWORK_PACKAGES = new Set([...'13457'].map((d) => `0x${'0'.repeat(63)}${d}`));
const MAX_CALL_DEPTH = 1024;
const MAX_STACK = 1024 * 64;

interface Frame {
  fn: LoadedFunction;
  p: Prepared;
  pc: number;
  locals: Value[];
  tys: readonly Ty[];
}

/** Copy, read and compare charge per abstract value unit; scalars are folded into the base. */
const SCALAR_EXTRA = GAS_PARAMS.perAbstractValueUnit * 40;
const COST = (() => {
  const cost = BASE_COST.slice();
  cost[OP.COPY_LOC] = (cost[OP.COPY_LOC] as number) + SCALAR_EXTRA;
  cost[OP.READ_REF] = (cost[OP.READ_REF] as number) + SCALAR_EXTRA;
  cost[OP.EQ] = (cost[OP.EQ] as number) + 2 * SCALAR_EXTRA;
  cost[OP.NEQ] = (cost[OP.NEQ] as number) + 2 * SCALAR_EXTRA;
  return cost;
})();

const sizeExtra = (v: Value): number =>
  Array.isArray(v)
    ? GAS_PARAMS.perAbstractValueUnit * (abstractSize(v) - 40)
    : v instanceof Closure
      ? GAS_PARAMS.perAbstractValueUnit * (closureSize(v) - 40)
      : 0;

const arithmetic = (fn: LoadedFunction, pc: number) =>
  vmError('ARITHMETIC_ERROR', `${fn.id}+${pc}`);
const vectorError = (fn: LoadedFunction, pc: number) =>
  vmError('VECTOR_OPERATION_ERROR', `${fn.id}+${pc}`);

/**
 * The Move interpreter: one operand stack shared by all frames, frames on an explicit stack (no
 * JS recursion between Move calls), gas counted down in a local and synced with the executor's
 * meter around anything that touches state.
 */
export class Interpreter implements NativeHost {
  private gas = 0;
  private synced = 0;
  /** Instructions executed (the benchmark's counter). */
  instructions = 0;
  /** The transaction's call-trace recorder when it is traced (`trace.ts`), else `null`. */
  private readonly tracer: MoveTracer | null;

  constructor(
    readonly session: VmSession,
    private readonly meter: GasCounter,
  ) {
    this.tracer = session.tracer;
  }

  charge(internal: number): void {
    this.gas -= internal;
    if (this.gas < 0) throw new OutOfGas();
  }

  layout(s: StructName, args: readonly Ty[]): Layout {
    return this.session.layout(s, args);
  }

  /** Hands what was spent to the meter, then reads what is left (which state reads may lower). */
  private sync(): void {
    this.meter.consume(this.synced - this.gas);
    this.gas = this.meter.remaining();
    this.synced = this.gas;
  }

  private resolve(site: CallSite | Closure): LoadedFunction | NativeImpl {
    if (site.target !== null) return site.target as LoadedFunction | NativeImpl;
    let target: LoadedFunction | NativeImpl | undefined;
    if (FRAMEWORK_PACKAGES.has(site.address)) {
      target =
        stdNative(site.address, site.module, site.name) ??
        this.session.framework.function(site.address, site.module, site.name) ??
        this.session.module(site.address, site.module)?.functionByName.get(site.name);
    } else {
      const module = this.session.module(site.address, site.module);
      if (module === null) throw vmError('LINKER_ERROR', `${site.address}::${site.module}`);
      target = module.functionByName.get(site.name);
    }
    if (target === undefined) {
      throw vmError('FUNCTION_RESOLUTION_FAILURE', `${site.address}::${site.module}::${site.name}`);
    }
    site.target = target;
    return target;
  }

  private lookup = (name: StructName) => this.session.struct(name);

  /** Runs `fn` with `args` (references as `Ref`s) and returns its results. */
  run(entry: LoadedFunction, tyArgs: readonly Ty[], args: Value[]): Value[] {
    return this.guarded(entry.id, () => this.loop(entry, tyArgs, args));
  }

  /**
   * Runs a native framework function as the call's entry (a transaction's entry function or a
   * view the framework implements on the VM's values), with the same gas and failure handling.
   */
  runNative(id: string, impl: NativeImpl, tyArgs: readonly Ty[], args: Value[]): Value[] {
    return this.guarded(id, () =>
      this.tracer === null ? impl(this, tyArgs, args) : this.traced(id, impl, tyArgs, args, null),
    );
  }

  /** A native call recorded as a frame (`site` names it; `callOffset` is the caller's pc). */
  private traced(
    site: NativeSite | string,
    impl: NativeImpl,
    tys: readonly Ty[],
    args: Value[],
    callOffset: number | null,
  ): Value[] {
    const pending = () => this.synced - this.gas;
    const layout = this.session.layout;
    const run = () => impl(this, tys, args);
    return (this.tracer as MoveTracer).native(site, callOffset, tys, args, layout, pending, run);
  }

  /**
   * Calls a function from a native (a framework function calling another, or a dispatch hook of
   * user code), resolved as a call from bytecode would be; gas flows through the same meter.
   */
  call(
    address: LongAddress,
    module: string,
    name: string,
    tyArgs: readonly Ty[],
    args: Value[],
  ): Value[] {
    const target = this.resolve({
      address,
      module,
      name,
      tyArgs: [...tyArgs],
      generic: false,
      argCount: args.length,
      target: null,
    });
    if (typeof target === 'function') {
      return this.tracer === null
        ? target(this, tyArgs, args)
        : this.traced({ address, module, name }, target, tyArgs, args, null);
    }
    const results = this.loop(target, tyArgs, args);
    this.sync();
    return results;
  }

  private guarded(id: string, body: () => Value[]): Value[] {
    this.gas = this.meter.remaining();
    this.synced = this.gas;
    try {
      return body();
    } catch (error) {
      // Code the verifier would have refused can fail inside the loop in JavaScript terms (a
      // field of something that is not a struct…): that is the VM's invariant violation.
      if (
        error instanceof MoveAbort ||
        error instanceof VmStatusError ||
        error instanceof OutOfGas
      ) {
        throw error;
      }
      const violation = vmError('UNKNOWN_INVARIANT_VIOLATION_ERROR', id);
      violation.message = `${violation.message}: ${error instanceof Error ? error.message : String(error)}`;
      throw violation;
    } finally {
      this.settle();
    }
  }

  /**
   * Hands what was spent to the meter. Out of gas, it still counts as execution (the meter then
   * passes its limit and the fee statement caps it), as the native framework's charges always did.
   */
  private settle(): void {
    try {
      this.meter.consume(this.synced - this.gas);
    } catch (error) {
      if (!(error instanceof OutOfGas)) throw error;
    }
  }

  private loop(entry: LoadedFunction, tyArgs: readonly Ty[], args: Value[]): Value[] {
    const frames: Frame[] = [];
    const stack = new Array<Value>(256);
    let sp = 0;
    let fn = entry;
    let p = prepare(fn, this.lookup);
    let op = p.op;
    let num = p.num;
    let obj = p.obj;
    let locals = new Array<Value>(p.localCount);
    for (let i = 0; i < args.length; i += 1) locals[i] = args[i] as Value;
    let tys = tyArgs;
    let pc = 0;
    let gas = this.gas;
    let count = 0;
    const session = this.session;
    const tracer = this.tracer;
    const stepper = tracer === null ? null : tracer.stepper;
    const base = tracer === null ? 0 : tracer.depth;
    tracer?.enterFunction(fn, tys, locals, session.layout, this.synced - gas, null, 0);
    try {
      for (;;) {
        if (stepper !== null) stepper.step(fn, pc, stack, sp, locals, gas);
        const o = op[pc] as number;
        gas -= COST[o] as number;
        if (gas < 0) throw new OutOfGas();
        count += 1;
        switch (o) {
          case OP.POP:
            sp -= 1;
            stack[sp] = 0;
            pc += 1;
            break;
          case OP.RET: {
            if (tracer !== null) {
              tracer.exit(stack.slice(sp - fn.returns.length, sp), this.synced - gas);
            }
            const frame = frames.pop();
            if (frame === undefined) {
              this.gas = gas;
              return stack.slice(0, sp);
            }
            fn = frame.fn;
            p = frame.p;
            op = p.op;
            num = p.num;
            obj = p.obj;
            locals = frame.locals;
            tys = frame.tys;
            pc = frame.pc;
            break;
          }
          case OP.BR_TRUE:
            pc = stack[--sp] === true ? (num[pc] as number) : pc + 1;
            break;
          case OP.BR_FALSE:
            pc = stack[--sp] === false ? (num[pc] as number) : pc + 1;
            break;
          case OP.BRANCH:
            pc = num[pc] as number;
            break;
          case OP.LD_NUM:
            stack[sp++] = num[pc] as number;
            pc += 1;
            break;
          case OP.LD_BIG:
            stack[sp++] = obj[pc] as bigint;
            pc += 1;
            break;
          case OP.LD_CONST: {
            gas -= GAS_PARAMS.ldConstPerByte * (num[pc] as number);
            stack[sp++] = copyValue(obj[pc] as Value);
            pc += 1;
            break;
          }
          case OP.LD_TRUE:
            stack[sp++] = true;
            pc += 1;
            break;
          case OP.LD_FALSE:
            stack[sp++] = false;
            pc += 1;
            break;
          case OP.COPY_LOC: {
            const v = locals[num[pc] as number] as Value;
            if (Array.isArray(v)) {
              gas -= sizeExtra(v);
              stack[sp++] = copyValue(v);
            } else stack[sp++] = v;
            pc += 1;
            break;
          }
          case OP.MOVE_LOC: {
            const i = num[pc] as number;
            stack[sp++] = locals[i] as Value;
            locals[i] = 0;
            pc += 1;
            break;
          }
          case OP.ST_LOC:
            locals[num[pc] as number] = stack[--sp] as Value;
            pc += 1;
            break;
          case OP.BORROW_LOC:
            stack[sp++] = new Ref(locals, num[pc] as number);
            pc += 1;
            break;
          case OP.BORROW_FIELD: {
            const r = stack[sp - 1] as Ref;
            stack[sp - 1] = new Ref(r.c[r.i] as Value[], num[pc] as number);
            pc += 1;
            break;
          }
          case OP.CALL:
          case OP.CALL_CLOSURE: {
            let target: LoadedFunction | NativeImpl;
            let n: number;
            let callTys: readonly Ty[];
            let callee: CallSite | Closure;
            if (o === OP.CALL) {
              const site = obj[pc] as CallSite;
              callee = site;
              target = site.target ?? this.resolve(site);
              n = site.argCount;
              callTys = site.generic ? site.tyArgs.map((t) => subst(t, tys)) : site.tyArgs;
            } else {
              // The closure is on top, the call-time arguments under it; captured values are
              // merged in at their parameters (`make_call_frame` with the closure's mask).
              const closure = stack[--sp] as Closure;
              callee = closure;
              stack[sp] = 0;
              target =
                (closure.target as LoadedFunction | NativeImpl | null) ?? this.resolve(closure);
              const provided = num[pc] as number;
              const captured =
                closure.captured ?? materializeCaptured(closure, target, this.session);
              const merged = composeArgs(
                closure.mask,
                captured as Value[],
                stack.slice(sp - provided, sp),
                copyValue,
              );
              sp -= provided;
              for (const v of merged) stack[sp++] = v;
              n = merged.length;
              callTys = closure.tyArgs;
            }
            gas -= GAS_PARAMS.callPerArg * n + GAS_PARAMS.callPerTyArg * callTys.length;
            if (typeof target === 'function') {
              const callArgs = stack.slice(sp - n, sp);
              sp -= n;
              this.gas = gas;
              this.sync();
              const results =
                tracer === null
                  ? target(this, callTys, callArgs)
                  : this.traced(callee, target, callTys, callArgs, pc);
              this.sync();
              gas = this.gas;
              for (const result of results) stack[sp++] = result;
              pc += 1;
              break;
            }
            if (frames.length >= MAX_CALL_DEPTH) throw vmError('CALL_STACK_OVERFLOW', fn.id);
            frames.push({ fn, p, pc: pc + 1, locals, tys });
            fn = target;
            p = fn.prepared ?? prepare(fn, this.lookup);
            gas -= GAS_PARAMS.callPerLocal * p.localCount;
            op = p.op;
            num = p.num;
            obj = p.obj;
            locals = new Array<Value>(p.localCount);
            for (let i = 0; i < n; i += 1) locals[i] = stack[sp - n + i] as Value;
            sp -= n;
            tys = callTys;
            if (tracer !== null) {
              tracer.enterFunction(fn, tys, locals, session.layout, this.synced - gas, pc, sp);
            }
            pc = 0;
            break;
          }
          case OP.PACK_CLOSURE: {
            const site = obj[pc] as ClosureSite;
            const n = num[pc] as number;
            gas -= GAS_PARAMS.packPerField * n;
            const call = site.site;
            const callTys = call.generic ? call.tyArgs.map((t) => subst(t, tys)) : call.tyArgs;
            // Resolved when packed, as aptos-core builds a resolved `LazyLoadedFunction` here.
            const target = call.target ?? this.resolve(call);
            const captured = stack.slice(sp - n, sp);
            sp -= n;
            const closure = new Closure(
              call.address,
              call.module,
              call.name,
              callTys,
              site.mask,
              captured,
              site.generic ? site.capturedTys.map((t) => subst(t, tys)) : site.capturedTys,
            );
            closure.target = target;
            stack[sp++] = closure;
            pc += 1;
            break;
          }
          case OP.PACK: {
            const n = num[pc] as number;
            gas -= GAS_PARAMS.packPerField * n;
            const fields = stack.slice(sp - n, sp);
            sp -= n;
            stack[sp++] = fields;
            pc += 1;
            break;
          }
          case OP.UNPACK: {
            const fields = stack[--sp] as Value[];
            gas -= GAS_PARAMS.packPerField * fields.length;
            for (const field of fields) stack[sp++] = field;
            pc += 1;
            break;
          }
          case OP.READ_REF: {
            const r = stack[sp - 1] as Ref;
            const v = r.c[r.i] as Value;
            if (Array.isArray(v)) {
              gas -= sizeExtra(v);
              stack[sp - 1] = copyValue(v);
            } else stack[sp - 1] = v;
            pc += 1;
            break;
          }
          case OP.WRITE_REF: {
            const r = stack[--sp] as Ref;
            r.c[r.i] = stack[--sp] as Value;
            pc += 1;
            break;
          }
          case OP.ADD_N: {
            const b = stack[--sp] as number;
            const r = (stack[sp - 1] as number) + b;
            if (r > (num[pc] as number)) throw arithmetic(fn, pc);
            stack[sp - 1] = r;
            pc += 1;
            break;
          }
          case OP.ADD_B: {
            const b = stack[--sp] as bigint;
            const r = (stack[sp - 1] as bigint) + b;
            if (r > (obj[pc] as bigint)) throw arithmetic(fn, pc);
            stack[sp - 1] = r;
            pc += 1;
            break;
          }
          case OP.SUB: {
            const b = stack[--sp] as number;
            const r = (stack[sp - 1] as number) - b;
            if (r < 0) throw arithmetic(fn, pc);
            stack[sp - 1] = r;
            pc += 1;
            break;
          }
          case OP.MUL_N: {
            const b = stack[--sp] as number;
            const r = (stack[sp - 1] as number) * b;
            if (r > (num[pc] as number)) throw arithmetic(fn, pc);
            stack[sp - 1] = r;
            pc += 1;
            break;
          }
          case OP.MUL_B: {
            const b = stack[--sp] as bigint;
            const r = (stack[sp - 1] as bigint) * b;
            if (r > (obj[pc] as bigint)) throw arithmetic(fn, pc);
            stack[sp - 1] = r;
            pc += 1;
            break;
          }
          case OP.DIV:
          case OP.MOD: {
            const b = stack[--sp] as number | bigint;
            const a = stack[sp - 1] as number | bigint;
            if (b === 0 || b === 0n) throw arithmetic(fn, pc);
            if (typeof a === 'number') {
              stack[sp - 1] = o === OP.DIV ? Math.floor(a / (b as number)) : a % (b as number);
            } else stack[sp - 1] = o === OP.DIV ? a / (b as bigint) : a % (b as bigint);
            pc += 1;
            break;
          }
          case OP.BIT_OR:
          case OP.BIT_AND:
          case OP.XOR: {
            const b = stack[--sp] as number | bigint;
            const a = stack[sp - 1] as number | bigint;
            if (typeof a === 'number') {
              const x = b as number;
              stack[sp - 1] = (o === OP.BIT_OR ? a | x : o === OP.BIT_AND ? a & x : a ^ x) >>> 0;
            } else {
              const x = b as bigint;
              stack[sp - 1] = o === OP.BIT_OR ? a | x : o === OP.BIT_AND ? a & x : a ^ x;
            }
            pc += 1;
            break;
          }
          case OP.SHL_N: {
            const b = stack[--sp] as number;
            const bits = num[pc] as number;
            if (b >= bits) throw arithmetic(fn, pc);
            const a = stack[sp - 1] as number;
            stack[sp - 1] = bits === 32 ? (a << b) >>> 0 : (a << b) & ((1 << bits) - 1);
            pc += 1;
            break;
          }
          case OP.SHL_B: {
            const b = stack[--sp] as number;
            if (b >= (num[pc] as number)) throw arithmetic(fn, pc);
            stack[sp - 1] = ((stack[sp - 1] as bigint) << BigInt(b)) & (obj[pc] as bigint);
            pc += 1;
            break;
          }
          case OP.SHR: {
            const b = stack[--sp] as number;
            if (b >= (num[pc] as number)) throw arithmetic(fn, pc);
            const a = stack[sp - 1] as number | bigint;
            stack[sp - 1] = typeof a === 'number' ? a >>> b : a >> BigInt(b);
            pc += 1;
            break;
          }
          case OP.OR: {
            const b = stack[--sp] as boolean;
            stack[sp - 1] = (stack[sp - 1] as boolean) || b;
            pc += 1;
            break;
          }
          case OP.AND: {
            const b = stack[--sp] as boolean;
            stack[sp - 1] = (stack[sp - 1] as boolean) && b;
            pc += 1;
            break;
          }
          case OP.NOT:
            stack[sp - 1] = !(stack[sp - 1] as boolean);
            pc += 1;
            break;
          case OP.EQ:
          case OP.NEQ: {
            const b = stack[--sp] as Value;
            const a = stack[sp - 1] as Value;
            let equal: boolean;
            if (typeof a === 'object') {
              gas -= sizeExtra(a instanceof Ref ? (a.c[a.i] as Value) : a) * 2;
              equal = valueEquals(a, b);
            } else equal = a === b;
            stack[sp - 1] = o === OP.EQ ? equal : !equal;
            pc += 1;
            break;
          }
          case OP.LT: {
            const b = stack[--sp] as number;
            stack[sp - 1] = (stack[sp - 1] as number) < b;
            pc += 1;
            break;
          }
          case OP.GT: {
            const b = stack[--sp] as number;
            stack[sp - 1] = (stack[sp - 1] as number) > b;
            pc += 1;
            break;
          }
          case OP.LE: {
            const b = stack[--sp] as number;
            stack[sp - 1] = (stack[sp - 1] as number) <= b;
            pc += 1;
            break;
          }
          case OP.GE: {
            const b = stack[--sp] as number;
            stack[sp - 1] = (stack[sp - 1] as number) >= b;
            pc += 1;
            break;
          }
          case OP.ABORT: {
            const code = stack[--sp] as bigint;
            const module = fn.module;
            if (module === null) throw new BytecodeAbort('script', code, null);
            const reason = module.errors.get(code & 0xfffn) ?? module.errors.get(code) ?? null;
            throw new BytecodeAbort(module.id, code, reason);
          }
          case OP.NOP:
            pc += 1;
            break;
          case OP.EXISTS:
          case OP.BORROW_GLOBAL:
          case OP.MOVE_FROM:
          case OP.MOVE_TO: {
            const site = obj[pc] as StructSite;
            const ty = site.generic ? subst(site.ty, tys) : site.ty;
            const tag = site.generic ? tyString(ty) : site.tag;
            let value: Value | undefined;
            if (o === OP.MOVE_TO) value = stack[--sp] as Value;
            const at = stack[--sp] as Value;
            const address = (at instanceof Ref ? at.c[at.i] : at) as LongAddress;
            this.gas = gas;
            this.sync();
            const cell = session.global(address, ty, tag).cell;
            if (tracer !== null) tracer.globalAccess(address, tag, fn.code?.[pc]?.op ?? '');
            this.sync();
            gas = this.gas;
            const present = cell[0] !== undefined;
            if (o === OP.EXISTS) stack[sp++] = present;
            else if (o === OP.MOVE_TO) {
              if (present) throw vmError('RESOURCE_ALREADY_EXISTS', `${fn.id}+${pc}`);
              cell[0] = value as Value;
            } else {
              if (!present) throw vmError('MISSING_DATA', `${fn.id}+${pc}`);
              if (o === OP.BORROW_GLOBAL) stack[sp++] = new Ref(cell, 0);
              else {
                stack[sp++] = cell[0] as Value;
                cell[0] = undefined as unknown as Value;
              }
            }
            pc += 1;
            break;
          }
          case OP.CAST_N: {
            // A signed value may be negative: out of range of every unsigned type.
            const v = stack[sp - 1] as number | bigint;
            const max = 2 ** (num[pc] as number) - 1;
            if (typeof v === 'bigint') {
              if (v > BigInt(max) || v < 0n) throw arithmetic(fn, pc);
              stack[sp - 1] = Number(v);
            } else if (v > max || v < 0) throw arithmetic(fn, pc);
            pc += 1;
            break;
          }
          case OP.CAST_B: {
            const v = stack[sp - 1] as number | bigint;
            const big = typeof v === 'bigint' ? v : BigInt(v);
            if (big > (obj[pc] as bigint) || big < 0n) throw arithmetic(fn, pc);
            stack[sp - 1] = big;
            pc += 1;
            break;
          }
          case OP.ADD_S:
          case OP.SUB_S:
          case OP.MUL_S:
          case OP.DIV_S:
          case OP.MOD_S: {
            const b = stack[--sp] as number | bigint;
            const r = signedArith(o, stack[sp - 1] as number | bigint, b, obj[pc] as SignedRange);
            if (r === null) throw arithmetic(fn, pc);
            stack[sp - 1] = r;
            pc += 1;
            break;
          }
          case OP.NEGATE: {
            const v = stack[sp - 1] as number | bigint;
            if (v === (obj[pc] as SignedRange).min) throw arithmetic(fn, pc);
            stack[sp - 1] = typeof v === 'number' ? 0 - v : -v;
            pc += 1;
            break;
          }
          case OP.CAST_S: {
            const v = stack[sp - 1] as number | bigint;
            const range = obj[pc] as SignedRange;
            if (v < range.min || v > range.max) throw arithmetic(fn, pc);
            stack[sp - 1] = typeof range.min === 'number' ? Number(v) : BigInt(v);
            pc += 1;
            break;
          }
          case OP.ABORT_MSG: {
            const message = stack[--sp] as number[];
            const code = stack[--sp] as bigint;
            gas -= GAS_PARAMS.abortMsgPerByte * message.length;
            if (gas < 0) throw new OutOfGas();
            throw abortWithMessage(fn.module, `${fn.id}+${pc}`, code, message);
          }
          case OP.VEC_PACK: {
            const n = num[pc] as number;
            gas -= GAS_PARAMS.vecPerElem * n;
            const items = stack.slice(sp - n, sp);
            sp -= n;
            stack[sp++] = items;
            pc += 1;
            break;
          }
          case OP.VEC_LEN: {
            const r = stack[sp - 1] as Ref;
            stack[sp - 1] = BigInt((r.c[r.i] as Value[]).length);
            pc += 1;
            break;
          }
          case OP.VEC_BORROW: {
            const index = stack[--sp] as bigint;
            const r = stack[sp - 1] as Ref;
            const vec = r.c[r.i] as Value[];
            if (index >= BigInt(vec.length)) throw vectorError(fn, pc);
            stack[sp - 1] = new Ref(vec, Number(index));
            pc += 1;
            break;
          }
          case OP.VEC_PUSH: {
            const v = stack[--sp] as Value;
            const r = stack[--sp] as Ref;
            (r.c[r.i] as Value[]).push(v);
            pc += 1;
            break;
          }
          case OP.VEC_POP: {
            const r = stack[sp - 1] as Ref;
            const vec = r.c[r.i] as Value[];
            if (vec.length === 0) throw vectorError(fn, pc);
            stack[sp - 1] = vec.pop() as Value;
            pc += 1;
            break;
          }
          case OP.VEC_UNPACK: {
            const vec = stack[--sp] as Value[];
            const n = num[pc] as number;
            if (vec.length !== n) throw vectorError(fn, pc);
            gas -= GAS_PARAMS.vecPerElem * n;
            for (const item of vec) stack[sp++] = item;
            pc += 1;
            break;
          }
          case OP.VEC_SWAP: {
            const j = stack[--sp] as bigint;
            const i = stack[--sp] as bigint;
            const r = stack[--sp] as Ref;
            const vec = r.c[r.i] as Value[];
            if (i >= BigInt(vec.length) || j >= BigInt(vec.length)) throw vectorError(fn, pc);
            const x = vec[Number(i)] as Value;
            vec[Number(i)] = vec[Number(j)] as Value;
            vec[Number(j)] = x;
            pc += 1;
            break;
          }
          case OP.PACK_VARIANT: {
            const site = obj[pc] as VariantSite;
            const fields = [site.tag as Value, ...stack.slice(sp - site.count, sp)];
            sp -= site.count;
            gas -= GAS_PARAMS.packPerField * site.count;
            stack[sp++] = fields;
            pc += 1;
            break;
          }
          case OP.UNPACK_VARIANT: {
            const site = obj[pc] as VariantSite;
            const v = stack[--sp] as Value[];
            if (v[0] !== site.tag) throw vmError('STRUCT_VARIANT_MISMATCH', `${fn.id}+${pc}`);
            for (let i = 1; i < v.length; i += 1) stack[sp++] = v[i] as Value;
            pc += 1;
            break;
          }
          case OP.TEST_VARIANT: {
            const site = obj[pc] as VariantSite;
            const r = stack[sp - 1] as Ref;
            stack[sp - 1] = (r.c[r.i] as Value[])[0] === site.tag;
            pc += 1;
            break;
          }
          case OP.BORROW_VARIANT_FIELD: {
            const site = obj[pc] as VariantSite;
            const r = stack[sp - 1] as Ref;
            const v = r.c[r.i] as Value[];
            if (!site.variants.includes(v[0] as number)) {
              throw vmError('STRUCT_VARIANT_MISMATCH', `${fn.id}+${pc}`);
            }
            stack[sp - 1] = new Ref(v, site.offset + 1);
            pc += 1;
            break;
          }
          default:
            throw vmError('UNKNOWN_INVARIANT_VIOLATION_ERROR', `${fn.id}+${pc}`);
        }
        if (sp > MAX_STACK) throw vmError('EXECUTION_STACK_OVERFLOW', fn.id);
      }
    } catch (error) {
      // The innermost frame is where a node locates the failure (`vm_status`).
      if (error instanceof VmError && error.site === null) error.site = executionSite(fn, pc);
      tracer?.unwind(error, base, pc, this.synced - gas);
      throw error;
    } finally {
      this.gas = gas < this.gas ? gas : this.gas;
      this.instructions += count;
    }
  }
}
