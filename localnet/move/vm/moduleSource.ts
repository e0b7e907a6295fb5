import type { LongAddress } from '../../encoding.ts';
import type { StateKey, StateValue } from '../../storage/types.ts';
import type { CompiledModule } from '../binary/types.ts';
import { findBytecodeModule } from '../store.ts';
import type { ModuleStore } from './session.ts';

/** Reads published modules from state. */
export type ModuleSource = (
  state: { get(key: StateKey): StateValue | null },
  address: LongAddress,
  name: string,
) => CompiledModule | null;

/** Published modules as `0x1::code` stores them (`localnet/move/store.ts`). */
const publishedModules: ModuleSource = (state, address, name) =>
  findBytecodeModule(state, address, name)?.module ?? null;

let source: ModuleSource = publishedModules;

/** Replaces how modules are read from state (tests); `null` restores the published modules. */
export function setModuleSource(next: ModuleSource | null): void {
  source = next ?? publishedModules;
}

export function moduleStoreOf(state: { get(key: StateKey): StateValue | null }): ModuleStore {
  return { module: (address, name) => source(state, address, name) };
}
