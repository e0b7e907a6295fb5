import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import { GasMeter, OutOfGas } from '../../../localnet/executor/gas.ts';
import type { NativeContext } from '../../../localnet/framework/context.ts';
import { MoveAbort, VmStatusError } from '../../../localnet/framework/context.ts';
import type { Bytecode } from '../../../localnet/move/binary/types.ts';
import { gasCounterOf } from '../../../localnet/executor/bytecode.ts';
import { bytecodeModule, runEntry } from '../../../localnet/move/vm/index.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';
import { FRAMEWORK_LINK } from '../../../localnet/framework/vmBridge.ts';

/**
 * Random code (unverified, as a hostile publisher could write before a verifier refuses it) run
 * by the interpreter: every run ends in success, an abort, a VM status or out of gas, never in
 * a JavaScript error, and within the gas budget's time.
 */
const ME = `0x${'f0'.repeat(32)}` as LongAddress;
const SEED = Number(process.env.FUZZ_SEED ?? 17);
const RUNS = Number(process.env.VM_FUZZ_RUNS ?? 400);

function prng(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

/**
 * Random code of stack-balanced statements over the locals (u64 arithmetic with random operands,
 * shifts, casts, vector pushes, pops and borrows, conditional jumps back or forward, aborts),
 * with a random raw instruction now and then so some of it does not type-check at all.
 */
function randomCode(random: () => number, b: ModuleBuilder, statements: number): Bytecode[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const u64Sig = b.sig([S.u64]);
  const big = () => BigInt(Math.floor(random() * 2 ** 32)) ** BigInt(1 + Math.floor(random() * 3));
  const small = () => BigInt(Math.floor(random() * 4));
  const blocks: Array<(target: () => number) => Bytecode[]> = [
    () => [
      { op: 'CopyLoc', local: 0 },
      { op: 'LdU64', value: random() < 0.5 ? small() : big() },
      { op: pick(['Add', 'Sub', 'Mul', 'Div', 'Mod', 'BitOr', 'BitAnd', 'Xor'] as const) },
      { op: 'StLoc', local: 0 },
    ],
    () => [
      { op: 'CopyLoc', local: 0 },
      { op: 'LdU8', value: Math.floor(random() * 80) },
      { op: pick(['Shl', 'Shr'] as const) },
      { op: 'StLoc', local: 0 },
    ],
    (target) => [
      { op: 'CopyLoc', local: 0 },
      { op: 'LdU64', value: big() },
      { op: pick(['Lt', 'Ge', 'Eq'] as const) },
      { op: 'BrTrue', offset: target() },
    ],
    () => [
      { op: 'MutBorrowLoc', local: 1 },
      { op: 'CopyLoc', local: 0 },
      { op: 'VecPushBack', sig: u64Sig },
    ],
    () => [
      { op: 'MutBorrowLoc', local: 1 },
      { op: 'VecPopBack', sig: u64Sig },
      { op: 'StLoc', local: 2 },
    ],
    () => [
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'LdU64', value: small() },
      { op: 'VecImmBorrow', sig: u64Sig },
      { op: 'ReadRef' },
      { op: 'StLoc', local: 0 },
    ],
    () => [
      { op: 'CopyLoc', local: 0 },
      { op: pick(['CastU8', 'CastU16', 'CastU32'] as const) },
      { op: 'Pop' },
    ],
    () => (random() < 0.2 ? [{ op: 'LdU64', value: small() }, { op: 'Abort' }] : [{ op: 'Nop' }]),
    () => [
      pick<Bytecode>([
        { op: 'Add' },
        { op: 'ReadRef' },
        { op: 'Pop' },
        { op: 'StLoc', local: 3 },
        { op: 'WriteRef' },
      ]),
    ],
  ];
  const starts: number[] = [];
  const pending: Array<{ at: number; statement: number }> = [];
  const code: Bytecode[] = [];
  for (let i = 0; i < statements; i += 1) {
    starts.push(code.length);
    const block = pick(blocks)(() => {
      pending.push({ at: code.length + 3, statement: Math.floor(random() * (statements + 1)) });
      return 0;
    });
    code.push(...block);
  }
  starts.push(code.length);
  code.push({ op: 'Ret' });
  for (const { at, statement } of pending) {
    const instr = code[at];
    if (instr?.op === 'BrTrue') code[at] = { op: 'BrTrue', offset: starts[statement] ?? 0 };
  }
  return code;
}

describe('Move VM fuzz: random unverified code', () => {
  it(`ends every one of ${RUNS} runs in a VM outcome (seed ${SEED})`, () => {
    const random = prng(SEED);
    const outcomes = new Map<string, number>();
    for (let run = 0; run < RUNS; run += 1) {
      const b = new ModuleBuilder(ME, 'fuzz');
      b.fn('f', {
        entry: true,
        params: [S.u64, S.vec(S.u64)],
        locals: [S.u64, S.bool, S.vec(S.u64), S.u8],
        code: randomCode(random, b, 2 + Math.floor(random() * 12)),
      });
      const module = b.build();
      // The intrinsic 27.6 units, then about 32 units of execution.
      const meter = new GasMeter(60n, 0);
      const ctx: NativeContext = {
        signers: [],
        timestampMicros: 0n,
        chainId: 4,
        get: () => null,
        write: () => undefined,
        emit: () => undefined,
        charge: (internal) => meter.chargeExecution(internal),
      };
      const store = { module: () => module };
      const loaded = bytecodeModule(store, ctx, ME, 'fuzz');
      if (loaded === null) throw new Error('no module');
      const started = performance.now();
      let outcome = 'success';
      try {
        runEntry(
          {
            ctx,
            store,
            meter: gasCounterOf(meter),
            seed: new Uint8Array(32),
            framework: FRAMEWORK_LINK,
          },
          loaded,
          'f',
          [],
          [Uint8Array.of(7, 0, 0, 0, 0, 0, 0, 0), Uint8Array.of(1, 9, 0, 0, 0, 0, 0, 0, 0)],
        );
      } catch (error) {
        if (error instanceof MoveAbort) outcome = 'abort';
        else if (error instanceof VmStatusError) outcome = error.status;
        else if (error instanceof OutOfGas) outcome = 'OUT_OF_GAS';
        else throw new Error(`run ${run} (seed ${SEED}) crashed: ${String(error)}`);
      }
      expect(performance.now() - started).toBeLessThan(2_000);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    // The generator reaches the runtime's ends, not only code that fails to prepare.
    for (const end of [
      'success',
      'abort',
      'ARITHMETIC_ERROR',
      'VECTOR_OPERATION_ERROR',
      'OUT_OF_GAS',
    ]) {
      expect(outcomes.get(end) ?? 0, end).toBeGreaterThan(0);
    }
  });
});
