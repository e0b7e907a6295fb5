/**
 * The call-trace recorder (issue 32): the interpreter reports frame entries, returns and failures
 * to it when a transaction is traced (`TracedContext.tracer`); the executor reports reads, writes,
 * events and the IO and storage charged after execution. Gas per frame is read from the meter at
 * entry and exit plus what the interpreter has counted but not yet handed over (`pending`), so
 * frames sum exactly to the meter without the trace changing when the meter is synced.
 */
import type { LongAddress } from '../../encoding.ts';
import { parseAddress, shortAddress } from '../../encoding.ts';
import type { StateKey } from '../../storage/types.ts';
import { frameworkErrorMap, abortReason } from './errorMap.ts';
import { MoveAbort, VmStatusError } from './errors.ts';
import { OutOfGas } from './gas.ts';
import type { LoadedFunction } from './loader.ts';
import { sig } from './loader.ts';
import type { TraceFrame, TraceFrameStatus, TraceRead, TraceValue } from './traceTypes.ts';
import { TRACE_LIMITS } from './traceTypes.ts';
import { StepRecorder } from './traceSteps.ts';
import { genericValue, typedValue } from './traceValues.ts';
import type { Ty } from './ty.ts';
import { subst, tyString } from './ty.ts';
import type { LayoutResolver, Value } from './values.ts';

/**
 * A native context that carries the call-trace recorder when its execution is traced. Kept off
 * `NativeContext` so the context's declaration does not depend on the recorder (and, through the
 * disassembler, on the loader that depends on the context).
 */
export interface TracedContext {
  readonly tracer?: MoveTracer;
}

/** The recorder of a traced execution, or `null`. */
export const tracerOf = (ctx: object): MoveTracer | null => (ctx as TracedContext).tracer ?? null;

/** A native function's ABI as VM types, when the framework has one. */
export interface NativeAbi {
  params: readonly Ty[];
  returns: readonly Ty[];
}

/** What names a native call: a call site or a function value. */
export interface NativeSite {
  address: LongAddress;
  module: string;
  name: string;
}

export interface TracerOptions {
  /** The meter's execution and IO so far, internal units. */
  gas: () => { execution: number; io: number };
  /** The ABI of a framework function (its parameters' types render its arguments). */
  nativeAbi: (address: LongAddress, module: string, name: string) => NativeAbi | undefined;
  /** Record every instruction (`steps: true`). */
  steps: boolean;
}

/** Gas of a recorded frame, internal units (numbers stay below 2^53); storage in octas. */
interface FrameGas {
  execStart: number;
  ioStart: number;
  exec: number;
  io: number;
  childExec: number;
  childIo: number;
  storage: bigint;
  childStorage: bigint;
}

interface Open {
  /** Its recorded id; for a frame past `TRACE_LIMITS.frames`, the nearest recorded ancestor's. */
  id: number;
  recorded: boolean;
  fn: LoadedFunction | null;
  returns: readonly Ty[] | null;
  layout: LayoutResolver;
  /** Where its operand stack starts in the interpreter's stack array. */
  stackBase: number;
  /** The caller's pc at the call, when the caller is bytecode. */
  callOffset: number | null;
}

const declared = new WeakMap<LoadedFunction, Map<number, NativeAbi | undefined>>();

/**
 * The callee's signature as the calling module declares it, at a `Call` or `CallGeneric` of
 * `fn`: how a std native without an ABI in the registry gets typed arguments.
 */
function declaredAt(fn: LoadedFunction, offset: number): NativeAbi | undefined {
  let sites = declared.get(fn);
  if (sites === undefined) declared.set(fn, (sites = new Map()));
  if (sites.has(offset)) return sites.get(offset);
  const instr = fn.code?.[offset];
  const handleIndex =
    instr?.op === 'Call'
      ? instr.fn
      : instr?.op === 'CallGeneric'
        ? fn.unit.functionInstantiations[instr.fn]?.handle
        : undefined;
  const handle = handleIndex === undefined ? undefined : fn.unit.functionHandles[handleIndex];
  const abi =
    handle === undefined
      ? undefined
      : { params: sig(fn.unit, handle.parameters), returns: sig(fn.unit, handle.returns) };
  sites.set(offset, abi);
  return abi;
}

const STRONG = 1;
const READ_KINDS: Readonly<Record<string, string>> = {
  r: 'resource',
  g: 'resource_group',
  m: 'module',
  t: 'table_item',
};

export class MoveTracer {
  readonly frames: TraceFrame[] = [];
  private readonly gasOf: FrameGas[] = [];
  private readonly open: Open[] = [];
  readonly reads: TraceRead[] = [];
  /** The frame each state key was last written by (strong) or touched by (weak). */
  private readonly writers = new Map<StateKey, { frame: number; strength: number }>();
  private readonly eventFrames = new WeakMap<object, number>();
  private readonly raised = new WeakSet<object>();
  truncatedFrames = false;
  readonly stepper: StepRecorder | null;

  constructor(private readonly options: TracerOptions) {
    this.stepper = options.steps ? new StepRecorder(this) : null;
    this.record(
      { function: 'transaction', kind: 'transaction', typeArgs: [], args: [] },
      null,
      null,
      (() => {
        throw new Error('the root frame has no layout');
      }) as LayoutResolver,
      0,
      0,
      null,
    );
  }

  /** Open frames, the root included. */
  get depth(): number {
    return this.open.length;
  }

  /** The innermost open frame's id (reads, writes and events go to it). */
  get current(): number {
    return (this.open[this.open.length - 1] as Open).id;
  }

  /** The innermost open frame (the stepper reads its id and stack base). */
  top(): Open {
    return this.open[this.open.length - 1] as Open;
  }

  private record(
    head: Pick<TraceFrame, 'function' | 'kind' | 'typeArgs' | 'args'>,
    fn: LoadedFunction | null,
    returns: readonly Ty[] | null,
    layout: LayoutResolver,
    pending: number,
    stackBase: number,
    callOffset: number | null,
  ): void {
    const parent = this.open.length === 0 ? -1 : this.current;
    if (this.frames.length >= TRACE_LIMITS.frames) {
      this.truncatedFrames = true;
      this.open.push({ id: parent, recorded: false, fn, returns, layout, stackBase, callOffset });
      return;
    }
    const id = this.frames.length;
    const zero = { execution: '0', io: '0', storageOctas: '0' };
    this.frames.push({
      id,
      parent,
      depth: this.open.length,
      ...head,
      returns: null,
      status: 'success',
      ...(callOffset === null ? {} : { callOffset }),
      gas: zero,
      selfGas: zero,
      events: [],
      reads: [],
      writes: [],
    });
    const { execution, io } = id === 0 ? { execution: 0, io: 0 } : this.options.gas();
    this.gasOf.push({
      execStart: execution + pending,
      ioStart: io,
      exec: 0,
      io: 0,
      childExec: 0,
      childIo: 0,
      storage: 0n,
      childStorage: 0n,
    });
    this.open.push({ id, recorded: true, fn, returns, layout, stackBase, callOffset });
  }

  /** A bytecode function entered: its arguments are its first `locals`. */
  enterFunction(
    fn: LoadedFunction,
    tys: readonly Ty[],
    locals: readonly Value[],
    layout: LayoutResolver,
    pending: number,
    callOffset: number | null,
    stackBase: number,
  ): void {
    const rendered: TraceValue[] = [];
    for (let i = 0; i < fn.params.length; i += 1) {
      rendered.push(typedValue(subst(fn.params[i] as Ty, tys), locals[i] as Value, layout));
    }
    this.record(
      {
        function: fn.module === null ? 'script' : fn.id,
        kind: fn.module === null ? 'script' : 'bytecode',
        typeArgs: tys.map(tyString),
        args: rendered,
      },
      fn,
      fn.returns.map((ty) => subst(ty, tys)),
      layout,
      pending,
      stackBase,
      callOffset,
    );
  }

  /** A native function entered (a framework function or a std native). */
  enterNative(
    address: LongAddress,
    module: string,
    name: string,
    tys: readonly Ty[],
    args: readonly Value[],
    layout: LayoutResolver,
    pending: number,
    callOffset: number | null,
  ): void {
    const caller = this.top().fn;
    const abi =
      (caller !== null && callOffset !== null ? declaredAt(caller, callOffset) : undefined) ??
      this.options.nativeAbi(address, module, name);
    const params = abi?.params.map((ty) => subst(ty, tys));
    this.record(
      {
        function: `${shortAddress(address)}::${module}::${name}`,
        kind: 'native',
        typeArgs: tys.map(tyString),
        args: args.map((v, i) =>
          params === undefined ? genericValue(v) : typedValue(params[i], v, layout),
        ),
      },
      null,
      abi?.returns.map((ty) => subst(ty, tys)) ?? null,
      layout,
      pending,
      0,
      callOffset,
    );
  }

  /** A native call as a frame: `site` names it (or its id, `0x1::m::f`), `run` runs it. */
  native(
    site: NativeSite | string,
    callOffset: number | null,
    tys: readonly Ty[],
    args: readonly Value[],
    layout: LayoutResolver,
    pending: () => number,
    run: () => Value[],
  ): Value[] {
    const base = this.depth;
    if (typeof site === 'string') this.enterNativeById(site, tys, args, layout, pending());
    else {
      const { address, module, name } = site;
      this.enterNative(address, module, name, tys, args, layout, pending(), callOffset);
    }
    try {
      const results = run();
      this.exit(results, pending());
      return results;
    } catch (error) {
      this.unwind(error, base, null, pending());
      throw error;
    }
  }

  /** `enterNative` for a function named `0x1::m::f`, as the executor names an entry function. */
  enterNativeById(
    id: string,
    tys: readonly Ty[],
    args: readonly Value[],
    layout: LayoutResolver,
    pending: number,
  ): void {
    const [address = '', module = '', name = ''] = id.split('::');
    const long = parseAddress(address) ?? (address as LongAddress);
    this.enterNative(long, module, name, tys, args, layout, pending, null);
  }

  private close(status: TraceFrameStatus, pending: number): Open {
    const open = this.open.pop() as Open;
    if (!open.recorded) return open;
    const frame = this.frames[open.id] as TraceFrame;
    const g = this.gasOf[open.id] as FrameGas;
    const { execution, io } = this.options.gas();
    g.exec = execution + pending - g.execStart;
    g.io = io - g.ioStart;
    frame.status = status;
    const parent = this.gasOf[frame.parent];
    if (parent !== undefined) {
      parent.childExec += g.exec;
      parent.childIo += g.io;
    }
    return open;
  }

  /** The innermost frame returned `results`. */
  exit(results: readonly Value[], pending: number): void {
    const open = this.close('success', pending);
    if (!open.recorded) return;
    const types = open.returns;
    (this.frames[open.id] as TraceFrame).returns = results.map((v, i) =>
      types === null ? genericValue(v) : typedValue(types[i], v, open.layout),
    );
  }

  /**
   * `error` unwinds the open frames down to `base` (what one interpreter loop or native call
   * opened). The innermost frame that has not seen it yet is where it was raised, at `offset`
   * when bytecode; the frames above it stopped at their call instruction.
   */
  unwind(error: unknown, base: number, offset: number | null, pending: number): void {
    const status: TraceFrameStatus =
      error instanceof MoveAbort ? 'abort' : error instanceof OutOfGas ? 'out_of_gas' : 'error';
    let at = offset;
    while (this.open.length > base && this.open.length > 1) {
      const open = this.close(status, pending);
      const frame = open.recorded ? (this.frames[open.id] as TraceFrame) : null;
      const raised = typeof error === 'object' && error !== null && !this.raised.has(error);
      if (frame !== null) {
        if (at !== null && open.fn !== null) frame.offset = at;
        if (raised) this.describe(frame, error, open.fn, at);
      }
      if (raised) this.raised.add(error as object);
      at = open.callOffset;
    }
  }

  private describe(
    frame: TraceFrame,
    error: unknown,
    fn: LoadedFunction | null,
    at: number | null,
  ): void {
    if (error instanceof MoveAbort) {
      const errors = frameworkErrorMap(error.module);
      const reason =
        errors === undefined ? error.reason : (abortReason(errors, error.code) ?? undefined);
      const withMessage = at !== null && fn?.code?.[at]?.op === 'AbortMsg';
      const mapped =
        fn?.module?.errors.get(error.code & 0xfffn) ?? fn?.module?.errors.get(error.code);
      frame.abort = {
        code: error.code.toString(),
        ...(reason?.name ? { name: reason.name } : {}),
        ...(withMessage
          ? { ...(mapped ? { description: mapped.doc } : {}), message: reason?.doc ?? '' }
          : reason?.doc
            ? { description: reason.doc }
            : {}),
      };
    } else if (error instanceof OutOfGas) frame.error = 'OUT_OF_GAS';
    else
      frame.error =
        error instanceof VmStatusError ? error.status : 'UNKNOWN_INVARIANT_VIOLATION_ERROR';
  }

  // -------------------------------------------------------------------------------------------
  // State, from the interpreter and the executor

  /** A resource bytecode reached by `op` (`MoveTo`, `MutBorrowGlobal`… write; others touch). */
  globalAccess(address: LongAddress, tag: string, op: string): void {
    const strong = op.startsWith('MoveTo') || op.startsWith('MoveFrom') || op.startsWith('Mut');
    this.touch(`r|${address}|${tag}`, strong);
  }

  /**
   * A state key reached by the current frame. Writes reach the write buffer when the session
   * finishes, after its frames returned: a slot's write goes to the last frame that wrote it
   * (a strong touch), else to the last that reached it.
   */
  touch(key: StateKey, strong: boolean): void {
    const strength = strong ? STRONG : 0;
    const last = this.writers.get(key);
    if (last === undefined || strength >= last.strength) {
      this.writers.set(key, { frame: this.current, strength });
    }
  }

  /** The write buffer took `key`: inside a frame, that frame wrote it. */
  wrote(key: StateKey): void {
    if (this.open.length > 1) this.touch(key, true);
  }

  /** The frame a written key is attributed to (the root when no frame reached it). */
  writerOf(key: StateKey): number {
    return this.writers.get(key)?.frame ?? 0;
  }

  /** A slot's first read in the transaction (what the session charges), by the current frame. */
  readSlot(slot: StateKey, bytes: number): void {
    const [kind = '', address = '', ...path] = slot.split('|');
    this.reads.push({
      frame: this.current,
      kind: READ_KINDS[kind] ?? kind,
      address: shortAddress(address as LongAddress),
      path: path.join('|'),
      bytes,
    });
  }

  emitted(event: object): void {
    this.eventFrames.set(event, this.current);
  }

  eventFrame(event: object): number {
    return this.eventFrames.get(event) ?? 0;
  }

  /** IO (internal units) and storage (octas) charged after execution, to `frame`. */
  charge(frame: number, io: number, storageOctas: bigint): void {
    for (let id = frame; id >= 0; id = (this.frames[id] as TraceFrame).parent) {
      const g = this.gasOf[id] as FrameGas;
      g.io += io;
      g.storage += storageOctas;
      if (id !== frame) {
        g.childIo += io;
        g.childStorage += storageOctas;
      }
    }
  }

  private readonly storage: Array<{ frame: number; octas: bigint }> = [];

  /** A slot's storage fee, counted once the transaction keeps its writes (`keepStorage`). */
  storageFee(frame: number, octas: bigint): void {
    this.storage.push({ frame, octas });
  }

  keepStorage(): void {
    for (const { frame, octas } of this.storage) this.charge(frame, 0, octas);
  }

  /** Closes the root at the meter's totals and writes each frame's gas as strings. */
  finishGas(): void {
    const root = this.gasOf[0] as FrameGas;
    const { execution, io } = this.options.gas();
    root.exec = execution;
    root.io = io;
    this.frames.forEach((frame, id) => {
      const g = this.gasOf[id] as FrameGas;
      frame.gas = {
        execution: g.exec.toString(),
        io: g.io.toString(),
        storageOctas: g.storage.toString(),
      };
      frame.selfGas = {
        execution: (g.exec - g.childExec).toString(),
        io: (g.io - g.childIo).toString(),
        storageOctas: (g.storage - g.childStorage).toString(),
      };
    });
  }
}
