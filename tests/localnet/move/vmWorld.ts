import type { Json, LongAddress } from '../../../localnet/encoding.ts';
import { GasMeter } from '../../../localnet/executor/gas.ts';
import type { NativeContext } from '../../../localnet/framework/context.ts';
import { MoveAbort, VmStatusError } from '../../../localnet/framework/context.ts';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { gasCounterOf } from '../../../localnet/executor/bytecode.ts';
import { bytecodeModule, runEntry, runView } from '../../../localnet/move/vm/index.ts';
import type { StateKey, StateValue } from '../../../localnet/storage/types.ts';
import { FRAMEWORK_LINK } from '../../../localnet/framework/vmBridge.ts';

/**
 * Bytecode modules on an in-memory state, without a chain: `call` runs an entry function as a
 * committed transaction would (its writes applied), `view` a `#[view]` function with JSON
 * arguments as `/view` takes them. Modules are set by `address::name` in `modules`.
 */
export class VmWorld {
  readonly state = new Map<StateKey, StateValue>();
  readonly modules = new Map<string, CompiledModule>();
  readonly store = {
    module: (a: LongAddress, n: string) => this.modules.get(`${a}::${n}`) ?? null,
  };
  /** Gas units (internal) the last `call` or `view` used. */
  gasUsed = 0;

  constructor(readonly address: LongAddress) {}

  /** Runs `address::module::fn` signed by `signers`; returns the writes it committed. */
  call(
    module: string,
    fn: string,
    args: Uint8Array[],
    options: { signers?: LongAddress[]; typeArgs?: string[] } = {},
  ): Map<StateKey, StateValue | null> {
    const writes = new Map<StateKey, StateValue | null>();
    this.run(module, options.signers ?? [this.address], writes, (env, loaded) =>
      runEntry(env, loaded, fn, options.typeArgs ?? [], args),
    );
    for (const [k, v] of writes) {
      if (v === null) this.state.delete(k);
      else this.state.set(k, v);
    }
    return writes;
  }

  /** Runs the view `address::module::fn`; nothing is written. */
  view(module: string, fn: string, args: Json[], typeArgs: string[] = []): Json[] {
    return this.run(module, [], new Map(), (env, loaded) =>
      runView(env, loaded, fn, typeArgs, { json: args }),
    );
  }

  private run<T>(
    module: string,
    signers: LongAddress[],
    writes: Map<StateKey, StateValue | null>,
    body: (
      env: Parameters<typeof runEntry>[0],
      loaded: NonNullable<ReturnType<typeof bytecodeModule>>,
    ) => T,
  ): T {
    const meter = new GasMeter(2_000_000n, 0);
    const ctx: NativeContext = {
      signers,
      timestampMicros: 1_000_000n,
      chainId: 4,
      get: (k) => {
        const written = writes.get(k);
        return written !== undefined ? written : (this.state.get(k) ?? null);
      },
      write: (k, v) => void writes.set(k, v),
      emit: () => undefined,
      charge: (internal) => meter.chargeExecution(internal),
    };
    const loaded = bytecodeModule(this.store, ctx, this.address, module);
    if (loaded === null) throw new Error(`no module ${this.address}::${module}`);
    const counter = gasCounterOf(meter);
    const before = counter.remaining();
    try {
      return body(
        {
          ctx,
          store: this.store,
          meter: counter,
          seed: new Uint8Array(32),
          framework: FRAMEWORK_LINK,
        },
        loaded,
      );
    } finally {
      this.gasUsed = before - counter.remaining();
    }
  }
}

/** The status a run failed with (`Move abort in …`, `ARITHMETIC_ERROR`, …); throws if it did not. */
export function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof MoveAbort) return error.vmStatus;
    if (error instanceof VmStatusError) return error.status;
    throw error;
  }
  throw new Error('expected a failure');
}
