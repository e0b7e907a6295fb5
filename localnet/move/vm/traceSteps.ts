/**
 * A stepping trace (`steps: true`): before each instruction, the frame, its code offset (the
 * interpreter's pc is the bytecode offset: `prepare` keeps one slot per instruction), the
 * instruction disassembled, the frame's operand stack and locals, and the gas left. Only called
 * when stepping was asked for; the untraced loop pays one predictable branch per instruction.
 */
import { instructionAt } from './disassemble.ts';
import type { LoadedFunction } from './loader.ts';
import type { TraceStep } from './traceTypes.ts';
import { TRACE_LIMITS } from './traceTypes.ts';
import { genericValue } from './traceValues.ts';
import { K } from './ty.ts';
import type { Value } from './values.ts';

const NUMBER_KINDS = new Set<number>([K.U8, K.U16, K.U32, K.I8, K.I16, K.I32]);
const numberSlots = new WeakMap<LoadedFunction, boolean[]>();

/**
 * Whether each local of `fn` holds a JavaScript number: `MoveLoc` leaves `0` behind, so a `0` in
 * any other local is one moved out (shown as unset).
 */
function numberLocals(fn: LoadedFunction): boolean[] {
  let slots = numberSlots.get(fn);
  if (slots === undefined) {
    slots = fn.locals.map((ty) => NUMBER_KINDS.has(ty.k));
    numberSlots.set(fn, slots);
  }
  return slots;
}

/** What the recorder tells the stepper: the innermost frame's id and where its stack starts. */
export interface StepFrames {
  top(): { id: number; stackBase: number };
}

export class StepRecorder {
  readonly steps: TraceStep[] = [];
  truncated = false;

  constructor(private readonly frames: StepFrames) {}

  step(
    fn: LoadedFunction,
    pc: number,
    stack: readonly Value[],
    sp: number,
    locals: readonly Value[],
    gasLeft: number,
  ): void {
    if (this.steps.length >= TRACE_LIMITS.steps) {
      this.truncated = true;
      return;
    }
    const top = this.frames.top();
    const operands = [];
    for (let i = top.stackBase; i < sp; i += 1) operands.push(genericValue(stack[i], locals));
    const slots = [];
    const numbers = numberLocals(fn);
    for (let i = 0; i < locals.length; i += 1) {
      const v = locals[i];
      slots.push(v === 0 && numbers[i] === false ? null : genericValue(v, locals));
    }
    this.steps.push({
      frame: top.id,
      offset: pc,
      instruction: instructionAt(fn, pc),
      stack: operands,
      locals: slots,
      gasLeft: gasLeft.toString(),
    });
  }
}
