/**
 * Calling a function value read back from storage: its captured values were stored as the node
 * prints them and are decoded on the first call, with the resolved function's parameter types
 * (as aptos-core's `LazyLoadedFunction` resolves an unresolved closure on first use).
 */
import { splitByMask } from './closures.ts';
import { vmError } from './errors.ts';
import type { LoadedFunction, NativeImpl } from './loader.ts';
import type { VmSession } from './session.ts';
import { subst } from './ty.ts';
import type { Closure, Value } from './values.ts';
import { fromJson } from './valuesJson.ts';

/** Decodes a stored closure's captured values; refuses what aptos-core refuses. */
export function materializeCaptured(
  closure: Closure,
  target: LoadedFunction | NativeImpl,
  session: VmSession,
): Value[] {
  if (typeof target === 'function') {
    // The native framework's functions carry no signature here to decode captured values with.
    const error = vmError('UNKNOWN_INVARIANT_VIOLATION_ERROR', closure.funName);
    error.message = `${error.message}: a stored closure over a native function cannot be decoded`;
    throw error;
  }
  // "Stored closure references non-persistent function" (LazyLoadedFunction::as_resolved).
  const index = target.module?.functions.indexOf(target) ?? -1;
  const def = index >= 0 ? target.module?.compiled.functionDefs[index] : undefined;
  const handle = def === undefined ? undefined : target.unit.functionHandles[def.function];
  const persistent =
    target.visibility === 'public' || handle?.attributes.includes('Persistent') === true;
  const split = splitByMask(
    target.params.map((ty) => subst(ty, closure.tyArgs)),
    closure.mask,
  );
  const json = closure.capturedJson ?? [];
  if (!persistent || split === null || split.captured.length !== json.length) {
    const error = vmError('UNKNOWN_INVARIANT_VIOLATION_ERROR', closure.funName);
    error.message = `${error.message}: stored closure does not match its function`;
    throw error;
  }
  const captured = json.map((item, i) =>
    fromJson(split.captured[i] as (typeof split.captured)[number], item, session.layout),
  );
  closure.captured = captured;
  closure.capturedTys = split.captured;
  closure.capturedJson = null;
  return captured;
}
