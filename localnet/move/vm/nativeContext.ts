import type { Json, LongAddress } from '../../encoding.ts';
import type { EventHandleKey, StateKey, StateValue } from '../../storage/types.ts';
import type { CompiledModule } from '../binary/types.ts';

/**
 * What a native framework function may do: read and write state, emit events and pay execution
 * gas. The executor implements it with gas metering and a write buffer.
 */
export interface NativeContext {
  /** The signers in order: the sender first, then secondary signers. */
  readonly signers: readonly LongAddress[];
  readonly timestampMicros: bigint;
  readonly chainId: number;
  /** Reads state (charging io gas). */
  get(key: StateKey): StateValue | null;
  write(key: StateKey, value: StateValue | null): void;
  /** A module event, or with `handle` an event on an `EventHandle` (`event::emit_event`). */
  emit(type: string, data: { [field: string]: Json }, handle?: EventHandleKey): void;
  /** Charges execution gas in internal units (1,000,000 per gas unit). */
  charge(internalUnits: number): void;
  /**
   * How a package published in this context is verified and initialised: the executor's
   * sessions carry the bytecode verifier and the `init_module` runner
   * (`localnet/executor/bytecode.ts`). Without it, publishing stores the modules unverified and
   * runs no `init_module`.
   */
  readonly publishing?: PublishRuntime;
}

/** What the publisher (`localnet/move/publish.ts`) takes from the layers above it. */
export interface PublishRuntime {
  /** Verifies a bundle's code; throws the verifier's `VmStatusError` (e.g. `CALL_TYPE_MISMATCH_ERROR`). */
  verify(ctx: NativeContext, modules: readonly CompiledModule[]): void;
  /** Runs `init_module(&signer)` of a newly published module. */
  runInit(ctx: NativeContext, address: LongAddress, moduleName: string): void;
}
