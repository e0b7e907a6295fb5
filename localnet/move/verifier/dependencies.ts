/**
 * The visibility part of move-bytecode-verifier's `dependencies.rs` (`verify_imported_functions`):
 * a module or script may call another module's function only if it is `public`, or `friend`
 * (`public(friend)`, `public(package)`) with the caller one of that module's declared friends. A
 * private function, `entry` or not, and a function its module does not define are `LOOKUP_FAILED`
 * at publishing (a module) or before running (a script). A node checks this against the
 * dependency's bytecode; here a framework function without bytecode answers through the
 * framework's ABI, and one the chain does not implement is left to the call (`unknown`).
 */
import type { LongAddress } from '../../encoding.ts';
import type { CompiledModule, CompiledUnitTables, Visibility } from '../binary/types.ts';
import { vmError } from '../vm/errors.ts';

/** What the verifier learns of a called function: its visibility and its module's friends. */
export type CalleeInfo =
  { visibility: Visibility; friends: readonly string[] } | 'missing' | 'unknown';

/** Looks up `address::module::name` as a dependency (`missing`: the module has no such function). */
export type CalleeLookup = (address: LongAddress, module: string, name: string) => CalleeInfo;

const moduleKey = (address: string, name: string) => `${address}::${name}`;

/** The friends a module declares, as `address::name` keys. */
export function friendsOf(module: CompiledModule): string[] {
  return module.friendDecls.map((handle) =>
    moduleKey(
      module.addressIdentifiers[handle.address] as string,
      module.identifiers[handle.name] as string,
    ),
  );
}

/** Callee info from a dependency's bytecode. */
export function calleeInModule(module: CompiledModule, name: string): CalleeInfo {
  for (const def of module.functionDefs) {
    const handle = module.functionHandles[def.function];
    if (handle !== undefined && module.identifiers[handle.name] === name) {
      return { visibility: def.visibility, friends: friendsOf(module) };
    }
  }
  return 'missing';
}

/**
 * Every function handle of `unit` that names another module must be callable from it; throws
 * `LOOKUP_FAILED` at `id` otherwise.
 */
export function verifyDependencies(
  unit: CompiledUnitTables,
  id: string,
  lookup: CalleeLookup,
): void {
  const self =
    'selfModuleHandleIdx' in unit
      ? (unit as CompiledModule).moduleHandles[(unit as CompiledModule).selfModuleHandleIdx]
      : undefined;
  const selfKey =
    self === undefined
      ? null
      : moduleKey(
          unit.addressIdentifiers[self.address] as string,
          unit.identifiers[self.name] as string,
        );
  for (const handle of unit.functionHandles) {
    const owner = unit.moduleHandles[handle.module];
    if (owner === undefined) continue;
    const address = unit.addressIdentifiers[owner.address] as LongAddress;
    const module = unit.identifiers[owner.name] as string;
    if (moduleKey(address, module) === selfKey) continue;
    const name = unit.identifiers[handle.name] as string;
    const callee = lookup(address, module, name);
    if (callee === 'unknown') continue;
    const callable =
      callee !== 'missing' &&
      (callee.visibility === 'public' ||
        (callee.visibility === 'friend' && selfKey !== null && callee.friends.includes(selfKey)));
    if (!callable) throw vmError('LOOKUP_FAILED', `${id}: ${address}::${module}::${name}`);
  }
}
