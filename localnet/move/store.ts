/**
 * Published bytecode modules in chain state: the one place execution, the REST API and
 * publishing look a module up. A module is stored as a `ModuleValue` (hex bytecode) under
 * `moduleKey(address, name)`; deserializing it is cached by its bytes, so a hot module is read
 * once.
 */
import type { LongAddress } from '../encoding.ts';
import { fromHex, memoize } from '../encoding.ts';
import { type ModuleValue, moduleKey, type StateReader } from '../storage/types.ts';
import { moduleAbi, type MoveModuleAbi } from './abi.ts';
import { readModule } from './binary/reader.ts';
import type { CompiledModule } from './binary/types.ts';

/** A module as stored, deserialized. */
export interface BytecodeModule {
  readonly address: LongAddress;
  readonly name: string;
  /** The bytecode as stored (`0x…`). */
  readonly bytecode: `0x${string}`;
  readonly module: CompiledModule;
}

// Stored modules were checked when published, so reading them again cannot fail; the cache key is
// the bytecode itself, so an upgrade is a different entry. Simulated publishes are read through
// here too, so each cache is bounded by count and by the bytecode it holds (the hex's length:
// `MODULE_CACHE_MAX_HEX` characters, 8 MiB of bytecode).
export const MODULE_CACHE_LIMIT = 512;
export const MODULE_CACHE_MAX_HEX = 16 * 2 ** 20;
const byHexLength = { maxWeight: MODULE_CACHE_MAX_HEX, weigh: (hex: string) => hex.length };
const compiled = memoize<string, CompiledModule>(
  MODULE_CACHE_LIMIT,
  (hex) => readModule(fromHex(hex)),
  byHexLength,
);
const abis = memoize<string, MoveModuleAbi>(
  MODULE_CACHE_LIMIT,
  (hex) => moduleAbi(compiled(hex)),
  byHexLength,
);
/** The two caches, to inspect (tests). */
export const moduleCaches = { compiled: compiled.cache, abis: abis.cache };

/** The stored value of a module, or null. */
export function storedModule(
  state: StateReader,
  address: LongAddress,
  name: string,
): ModuleValue | null {
  const value = state.get(moduleKey(address, name));
  return value !== null && value.kind === 'module' ? value : null;
}

/**
 * THE lookup for execution: the bytecode module `address::name` in `state`, deserialized
 * (cached), or null when no bytecode module is published there (natively implemented framework
 * modules are not bytecode: see `framework/registry.ts`).
 */
export function findBytecodeModule(
  state: StateReader,
  address: LongAddress,
  name: string,
): BytecodeModule | null {
  const value = storedModule(state, address, name);
  if (value === null) return null;
  return { address, name, bytecode: value.bytecode, module: compiled(value.bytecode) };
}

/** The deserialized form of stored bytecode (cached). */
export function compiledOf(bytecode: `0x${string}`): CompiledModule {
  return compiled(bytecode);
}

/** The REST JSON of a stored module: `{bytecode, abi}` with the ABI derived from the bytecode (cached). */
export function bytecodeModuleJson(value: ModuleValue): {
  bytecode: `0x${string}`;
  abi: MoveModuleAbi;
} {
  return { bytecode: value.bytecode, abi: abis(value.bytecode) };
}
