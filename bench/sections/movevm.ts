import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { LongAddress } from '../../localnet/encoding.ts';
import { GasMeter } from '../../localnet/executor/gas.ts';
import type { NativeContext } from '../../localnet/framework/context.ts';
import type { CompiledModule } from '../../localnet/move/binary/types.ts';
import { publishPackage } from '../../localnet/move/publish.ts';
import { BYTECODE_PUBLISHING, gasCounterOf } from '../../localnet/executor/bytecode.ts';
import { FRAMEWORK_LINK } from '../../localnet/framework/vmBridge.ts';
import { moduleStoreOf } from '../../localnet/move/vm/moduleSource.ts';
import { Interpreter } from '../../localnet/move/vm/interpreter.ts';
import { bytecodeModule, runView } from '../../localnet/move/vm/index.ts';
import { VmSession } from '../../localnet/move/vm/session.ts';
import type { StateKey, StateValue } from '../../localnet/storage/types.ts';
import { ModuleBuilder, S } from '../../tests/localnet/move/vmBuilder.ts';
import type { BenchSection, Metric } from '../types.ts';
import type { TraceMode } from '../../localnet/executor/trace.ts';
import { MoveTracer } from '../../localnet/move/vm/trace.ts';
import { loopRatios, transferRatios } from './movevmTrace.ts';

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

function context(
  state: Map<StateKey, StateValue>,
  meter: GasMeter,
  signers: LongAddress[],
  trace: TraceMode | null = null,
): NativeContext {
  const tracer =
    trace === null
      ? {}
      : {
          tracer: new MoveTracer({
            gas: () => ({ execution: meter.execution, io: meter.io }),
            nativeAbi: () => undefined,
            steps: trace === 'steps',
          }),
        };
  return {
    ...tracer,
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
    publishing: BYTECODE_PUBLISHING,
  };
}

function instructionsPerSecond(
  iterations: bigint,
  trace: TraceMode | null = null,
): { rate: number; gasUnits: bigint } {
  const module = loopModule();
  const meter = new GasMeter(2_000_000n, 0);
  const ctx = context(new Map(), meter, [], trace);
  const store = { module: () => module };
  const session = new VmSession(ctx, store, new Uint8Array(32), FRAMEWORK_LINK);
  const fn = session.module(ME, 'bench')?.functionByName.get('spin');
  if (fn === undefined) throw new Error('no spin');
  const vm = new Interpreter(session, gasCounterOf(meter));
  const started = performance.now();
  vm.run(fn, [], [iterations]);
  const seconds = (performance.now() - started) / 1000;
  return { rate: vm.instructions / seconds, gasUnits: meter.units() };
}

interface SdkFixtures {
  publisher: LongAddress;
  binaries: Array<{ name: string; hex: string }>;
  metadata: Array<{ name: string; hex: string }>;
}

/**
 * Publishes the ts-sdk e2e package "Argument Tests" through `0x1::code` (reader, checks, store,
 * `init_module` creating three objects in the interpreter) and calls one of its views.
 */
function publishAndCall(fx: SdkFixtures): number {
  const hex = (items: Array<{ name: string; hex: string }>, name: string) =>
    Uint8Array.from(Buffer.from(items.find((item) => item.name === name)?.hex ?? '', 'hex'));
  const code = hex(fx.binaries, 'helper.ts#2');
  const metadata = hex(fx.metadata, 'Argument Tests for the Typescript SDK');
  const state = new Map<StateKey, StateValue>();
  const meter = new GasMeter(2_000_000n, 0);
  const ctx = context(state, meter, [fx.publisher]);
  const started = performance.now();
  publishPackage(ctx, metadata, [code]);
  const store = moduleStoreOf(ctx);
  const loaded = bytecodeModule(store, ctx, fx.publisher, 'tx_args_module');
  if (loaded === null) throw new Error('not published');
  const call = {
    ctx,
    store,
    meter: gasCounterOf(meter),
    seed: new Uint8Array(32),
    framework: FRAMEWORK_LINK,
  };
  const addresses = runView(call, loaded, 'get_test_object_addresses', [], { json: [] });
  if (addresses.length !== 3) throw new Error('init_module did not run');
  return performance.now() - started;
}

export const movevmSection: BenchSection = {
  name: 'movevm',
  description:
    'Move bytecode interpreter: instructions/s on a tight u64 loop; publish + call a small package',
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
    const fx = JSON.parse(
      readFileSync('tests/fixtures/move/sdkBinaries.json', 'utf8'),
    ) as SdkFixtures;
    for (let i = 0; i < 7; i += 1) calls.push(Math.round(publishAndCall(fx) * 1000) / 1000);
    const callsSorted = [...calls].sort((a, b) => a - b);
    const traced = [
      ...loopRatios((mode, n) => instructionsPerSecond(n, mode), 7),
      ...transferRatios(5, 200),
    ];
    const metrics: Metric[] = [
      {
        name: 'tight loop, instructions per second (median of 5, 9M instructions each)',
        value: median,
        unit: 'instr/s',
        target: { op: '>=', value: 5_000_000 },
        runs,
      },
      {
        name: 'publish a package through 0x1::code (init_module included) + call a view (median of 7)',
        value: callsSorted[3] as number,
        unit: 'ms',
        runs: calls,
      },
      ...traced,
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
