import { loadavg } from 'node:os';
import type { LongAddress } from '../../localnet/encoding.ts';
import { GasMeter } from '../../localnet/executor/gas.ts';
import type { NativeContext } from '../../localnet/framework/context.ts';
import { readModule } from '../../localnet/move/binary/reader.ts';
import { writeModule } from '../../localnet/move/binary/writer.ts';
import type { CompiledModule } from '../../localnet/move/binary/types.ts';
import { gasCounterOf } from '../../localnet/move/vm/chain.ts';
import { Interpreter } from '../../localnet/move/vm/interpreter.ts';
import { bytecodeModule, runEntry } from '../../localnet/move/vm/index.ts';
import { VmSession } from '../../localnet/move/vm/session.ts';
import type { StateKey, StateValue } from '../../localnet/storage/types.ts';
import { ModuleBuilder, S } from '../../tests/localnet/move/vmBuilder.ts';
import type { BenchSection, Metric } from '../types.ts';

const ME = `0x${'be'.repeat(32)}` as LongAddress;

/** `fun spin(n: u64) { let i = 0; while (i < n) i = i + 1 }` as the compiler lays it out. */
function loopModule(): CompiledModule {
  const b = new ModuleBuilder(ME, 'bench');
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

/** A small package: a counter resource and its `init` (as in the tests). */
function counterBytes(): Uint8Array {
  const b = new ModuleBuilder(ME, 'counter');
  const counter = b.struct('Counter', 8, [['value', S.u64]]);
  b.fn('init', {
    entry: true,
    params: [S.ref(S.signer)],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'LdU64', value: 0n },
      { op: 'Pack', def: counter.def },
      { op: 'MoveTo', def: counter.def },
      { op: 'Ret' },
    ],
  });
  return writeModule(b.build());
}

function context(
  state: Map<StateKey, StateValue>,
  meter: GasMeter,
  signers: LongAddress[],
): NativeContext {
  return {
    signers,
    timestampMicros: 0n,
    chainId: 4,
    get: (k) => state.get(k) ?? null,
    write: (k, v) => {
      if (v === null) state.delete(k);
      else state.set(k, v);
    },
    emit: () => undefined,
    charge: (internal) => meter.chargeExecution(internal),
  };
}

function instructionsPerSecond(iterations: bigint): { rate: number; gasUnits: bigint } {
  const module = loopModule();
  const meter = new GasMeter(2_000_000n, 0);
  const ctx = context(new Map(), meter, []);
  const store = { module: () => module };
  const session = new VmSession(ctx, store, new Uint8Array(32));
  const fn = session.module(ME, 'bench')?.functionByName.get('spin');
  if (fn === undefined) throw new Error('no spin');
  const vm = new Interpreter(session, gasCounterOf(meter));
  const started = performance.now();
  vm.run(fn, [], [iterations]);
  const seconds = (performance.now() - started) / 1000;
  return { rate: vm.instructions / seconds, gasUnits: meter.units() };
}

function publishAndCall(): number {
  const bytes = counterBytes();
  const started = performance.now();
  const module = readModule(bytes);
  const state = new Map<StateKey, StateValue>();
  const meter = new GasMeter(100_000n, 0);
  const ctx = context(state, meter, [ME]);
  const store = { module: () => module };
  const loaded = bytecodeModule(store, ctx, ME, 'counter');
  if (loaded === null) throw new Error('no counter');
  runEntry(
    { ctx, store, meter: gasCounterOf(meter), seed: new Uint8Array(32) },
    loaded,
    'init',
    [],
    [],
  );
  return performance.now() - started;
}

export const movevmSection: BenchSection = {
  name: 'movevm',
  description:
    'Move bytecode interpreter: instructions/s on a tight u64 loop; read + load + first call of a small module',
  async run() {
    const runs: number[] = [];
    let gasUnits = 0n;
    instructionsPerSecond(200_000n); // warm-up (JIT)
    for (let i = 0; i < 5; i += 1) {
      const result = instructionsPerSecond(1_000_000n);
      runs.push(Math.round(result.rate));
      gasUnits = result.gasUnits;
    }
    const sorted = [...runs].sort((a, b) => a - b);
    const median = sorted[2] as number;
    const calls: number[] = [];
    for (let i = 0; i < 7; i += 1) calls.push(Math.round(publishAndCall() * 1000) / 1000);
    const callsSorted = [...calls].sort((a, b) => a - b);
    const metrics: Metric[] = [
      {
        name: 'tight loop, instructions per second (median of 5, 9M instructions each)',
        value: median,
        unit: 'instr/s',
        target: { op: '>=', value: 5_000_000 },
        runs,
      },
      {
        name: 'read + load + first entry call of a small module (median of 7)',
        value: callsSorted[3] as number,
        unit: 'ms',
        runs: calls,
      },
    ];
    return {
      metrics,
      notes: [
        `load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' / ')} (1/5/15 min)`,
        `the loop of 1,000,000 iterations costs ${gasUnits.toString()} gas units under the instruction schedule`,
      ],
    };
  },
};
