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
  /** The user transaction this runs for (`transaction_context`); absent in views. */
  readonly transaction?: TransactionInfo;
}

/** An entry function payload as `transaction_context` gives it. */
export interface TransactionEntry {
  readonly address: LongAddress;
  readonly module: string;
  readonly function: string;
  /** Type arguments as type tags (`0x1::aptos_coin::AptosCoin`). */
  readonly typeArgs: readonly string[];
  readonly args: readonly Uint8Array[];
}

/** What `transaction_context`'s natives read of the user transaction. */
export interface TransactionInfo {
  readonly sender: LongAddress;
  readonly secondarySigners: readonly LongAddress[];
  /** The fee payer, else the sender. */
  readonly gasPayer: LongAddress;
  readonly maxGasAmount: bigint;
  readonly gasUnitPrice: bigint;
  readonly chainId: number;
  /** The entry function payload, `null` for a script or a multisig payload. */
  readonly entry: TransactionEntry | null;
  /** A multisig payload: its account and the entry function it carries, if it carries one. */
  readonly multisig: {
    readonly address: LongAddress;
    readonly entry: TransactionEntry | null;
  } | null;
  /** sha3-256 of a script payload's code, else empty. */
  readonly scriptHash: Uint8Array;
}

/** What the publisher (`localnet/move/publish.ts`) takes from the layers above it. */
export interface PublishRuntime {
  /** Verifies a bundle's code; throws the verifier's `VmStatusError` (e.g. `CALL_TYPE_MISMATCH_ERROR`). */
  verify(ctx: NativeContext, modules: readonly CompiledModule[]): void;
  /** Runs `init_module(&signer)` of a newly published module. */
  runInit(ctx: NativeContext, address: LongAddress, moduleName: string): void;
}
