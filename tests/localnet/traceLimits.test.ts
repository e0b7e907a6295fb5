import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../localnet/encoding.ts';
import { gasCounterOf } from '../../localnet/executor/bytecode.ts';
import { GAS, GasMeter } from '../../localnet/executor/gas.ts';
import { FRAMEWORK_LINK } from '../../localnet/framework/vmBridge.ts';
import { disassemble } from '../../localnet/move/vm/disassemble.ts';
import { Interpreter } from '../../localnet/move/vm/interpreter.ts';
import type { NativeContext } from '../../localnet/move/vm/nativeContext.ts';
import { VmSession } from '../../localnet/move/vm/session.ts';
import { MoveTracer, type TracedContext } from '../../localnet/move/vm/trace.ts';
import { TRACE_LIMITS } from '../../localnet/move/vm/traceTypes.ts';
import { summarize } from '../../localnet/move/vm/traceValues.ts';
import { ModuleBuilder, S } from './move/vmBuilder.ts';

/**
 * The trace recorder on the interpreter alone (issue 32): the steps limit, gas per frame against
 * the meter, values cut at `TRACE_LIMITS`, and the disassembler's text.
 */
const ME = `0x${'ca'.repeat(32)}` as LongAddress;

/** `fun spin(n: u64) { let i = 0; while (i < n) i = i + 1 }`, 9 instructions per turn. */
function spinModule() {
  const b = new ModuleBuilder(ME, 'spin');
  b.fn('spin', {
    params: [S.u64],
    locals: [S.u64],
    code: [
      { op: 'LdU64', value: 0n },
      { op: 'StLoc', local: 1 },
      { op: 'CopyLoc', local: 1 },
      { op: 'CopyLoc', local: 0 },
      { op: 'Lt' },
      { op: 'BrFalse', offset: 11 },
      { op: 'CopyLoc', local: 1 },
      { op: 'LdU64', value: 1n },
      { op: 'Add' },
      { op: 'StLoc', local: 1 },
      { op: 'Branch', offset: 2 },
      { op: 'Ret' },
    ],
  });
  return b.build();
}

function run(turns: bigint, steps: boolean) {
  const meter = new GasMeter(2_000_000n, 0);
  const tracer = new MoveTracer({
    gas: () => ({ execution: meter.execution, io: meter.io }),
    nativeAbi: () => undefined,
    steps,
  });
  const ctx: NativeContext & TracedContext = {
    signers: [],
    timestampMicros: 0n,
    chainId: 4,
    get: () => null,
    write: () => undefined,
    emit: () => undefined,
    charge: (internal) => meter.chargeExecution(internal),
    tracer,
  };
  const module = spinModule();
  const session = new VmSession(ctx, { module: () => module }, new Uint8Array(32), FRAMEWORK_LINK);
  const fn = session.module(ME, 'spin')?.functionByName.get('spin');
  if (fn === undefined) throw new Error('no spin');
  new Interpreter(session, gasCounterOf(meter)).run(fn, [], [turns]);
  tracer.finishGas();
  return { tracer, meter };
}

describe('the recorder on the interpreter', () => {
  it('stops recording steps at TRACE_LIMITS.steps and says so', () => {
    const { tracer } = run(30_000n, true);
    expect(tracer.stepper?.steps).toHaveLength(TRACE_LIMITS.steps);
    expect(tracer.stepper?.truncated).toBe(true);
    expect(tracer.frames).toHaveLength(2);
  });

  it('gives the frame the execution the meter counted, exactly', () => {
    const { tracer, meter } = run(1_000n, false);
    const [root, spin] = tracer.frames;
    expect(root?.gas.execution).toBe(String(meter.execution));
    // The root holds the intrinsic gas alone; the loop's instructions are the frame's.
    expect(root?.selfGas.execution).toBe(String(GAS.intrinsic));
    expect(spin?.gas.execution).toBe(String(meter.execution - GAS.intrinsic));
    expect(BigInt(spin?.gas.execution ?? 0)).toBeGreaterThan(1000n * 9n);
    expect(spin).toMatchObject({ args: ['1000'], returns: [], status: 'success' });
  });

  it('cuts long values at the limits', () => {
    const long = Array.from({ length: 40 }, (_, i) => String(i));
    const cut = summarize(long) as string[];
    expect(cut).toHaveLength(TRACE_LIMITS.items + 1);
    expect(cut.at(-1)).toBe('… 8 more');
    const text = summarize('x'.repeat(300)) as string;
    expect(text).toBe(`${'x'.repeat(TRACE_LIMITS.chars)}… 44 more`);
    let deep: unknown = 'bottom';
    for (let i = 0; i < 12; i += 1) deep = [deep];
    let level = summarize(deep as string[]);
    for (let i = 0; i < TRACE_LIMITS.depth; i += 1) level = (level as unknown[])[0] as never;
    expect(level).toBe('…');
  });
});

describe('the disassembler', () => {
  it('names calls with their type arguments, fields, structs and vector element types', () => {
    const b = new ModuleBuilder(ME, 'm');
    const generic = b.fnInst(b.use('0x1', 'coin', 'transfer', [], [], 1), [S.u64]);
    const unit = b.build();
    expect(disassemble(unit, { op: 'CallGeneric', fn: generic })).toBe(
      'CallGeneric 0x1::coin::transfer<u64>',
    );
    expect(disassemble(unit, { op: 'LdU64', value: 7n })).toBe('LdU64(7)');
    expect(disassemble(unit, { op: 'BrFalse', offset: 12 })).toBe('BrFalse(12)');
    expect(disassemble(unit, { op: 'ImmBorrowLoc', local: 2 })).toBe('ImmBorrowLoc(2)');
    expect(disassemble(unit, { op: 'Add' })).toBe('Add');
  });

  it('names generic field borrows and struct instructions', () => {
    const b = new ModuleBuilder(ME, 'm');
    const box = b.struct('Box', 4 | 2, [['value', S.param(0)]], 1);
    const field = b.fieldInst(box.def, 0, [S.u8]);
    const inst = b.structInst(box.def, [S.u8]);
    const vecSig = b.sig([S.u8]);
    const unit = b.build();
    expect(disassemble(unit, { op: 'ImmBorrowFieldGeneric', field })).toBe(
      `ImmBorrowFieldGeneric 0x${'ca'.repeat(32)}::m::Box<u8>.value`,
    );
    expect(disassemble(unit, { op: 'PackGeneric', def: inst })).toBe(
      `PackGeneric 0x${'ca'.repeat(32)}::m::Box<u8>`,
    );
    expect(disassemble(unit, { op: 'VecPack', sig: vecSig, count: 3n })).toBe('VecPack<u8>(3)');
  });
});
