import type { Json, LongAddress } from '../../encoding.ts';
import type { StateKey, StateValue } from '../../storage/types.ts';

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
  emit(type: string, data: { [field: string]: Json }): void;
  /** Charges execution gas in internal units (1,000,000 per gas unit). */
  charge(internalUnits: number): void;
}
