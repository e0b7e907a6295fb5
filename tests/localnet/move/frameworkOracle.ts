import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LongAddress } from '../../../localnet/encoding.ts';
import { FRAMEWORK_LINK } from '../../../localnet/framework/vmBridge.ts';
import { readModule } from '../../../localnet/move/binary/reader.ts';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { Interpreter } from '../../../localnet/move/vm/interpreter.ts';
import { stdNative } from '../../../localnet/move/vm/natives.ts';
import { VmSession } from '../../../localnet/move/vm/session.ts';
import { parseTy } from '../../../localnet/move/vm/ty.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { copyValue, Ref, serialize } from '../../../localnet/move/vm/values.ts';
import type { StateValue } from '../../../localnet/storage/types.ts';

/**
 * The framework's own bytecode as an oracle for the natives that stand in for it: a reference
 * module (devnet's genesis, `../shared/reference/aptos-framework`) re-addressed to 0xb0 as a
 * publisher would place it, its 0x1 dependencies the chain's natives (or the named reference
 * modules' bytecode where the chain has no native), run by the interpreter beside the native.
 * A call that aborts leaves the collection as it was (table items are not rolled back: only
 * compare aborts that happen before a table is touched).
 */
const ROOT = resolve(import.meta.dirname, '../../../../shared/reference/aptos-framework');
const ONE = `0x${'0'.repeat(63)}1` as LongAddress;
const ORACLE = `0x${'0'.repeat(62)}b0` as LongAddress;

function reference(pkg: string, name: string): CompiledModule {
  return readModule(new Uint8Array(readFileSync(join(ROOT, pkg, `${name}.mv`))));
}
/** The module with its own handle moved to `address` (its dependencies stay at 0x1). */
function readdressed(module: CompiledModule, address: LongAddress): CompiledModule {
  const addresses = [...module.addressIdentifiers, address];
  const handles = module.moduleHandles.map((h, i) =>
    i === module.selfModuleHandleIdx ? { ...h, address: addresses.length - 1 } : h,
  );
  return { ...module, addressIdentifiers: addresses, moduleHandles: handles };
}

/** A call on the collection: its name and arguments (`map` is a `&mut` to the collection). */
export type Op = [string, (map: Ref) => Value[]];

export interface OracleRun {
  /** Each call's results (references read through) or its failure as `vm_status` reads. */
  results: unknown[];
  /** The collection's BCS at the end. */
  bytes: string;
  /** Every state item the session wrote (table items as their BCS). */
  items: Array<[string, unknown]>;
}

/**
 * Runs `create` then `ops` on one implementation of `pkg::module` (`oracle`: the bytecode) with
 * type arguments `tys`; `type` is the collection's type with `M` for the module's address.
 */
export function runOn(
  oracle: boolean,
  spec: {
    pkg: string;
    module: string;
    tys: string[];
    type: string;
    deps?: Array<[string, string]>;
    /** Makes the native side's collection where the module has no public constructor. */
    nativeCreate?: (session: VmSession) => Value;
  },
  create: [string, Value[]],
  ops: Op[],
): OracleRun {
  const modules = new Map<string, CompiledModule>([
    [`${ORACLE}::${spec.module}`, readdressed(reference(spec.pkg, spec.module), ORACLE)],
    ...(spec.deps ?? []).map(([pkg, name]): [string, CompiledModule] => [
      `${ONE}::${name}`,
      reference(pkg, name),
    ]),
  ]);
  const state = new Map<string, StateValue | null>();
  const session = new VmSession(
    {
      signers: [],
      timestampMicros: 0n,
      chainId: 4,
      get: () => null,
      write: (k, v) => void state.set(k, v),
      emit: () => undefined,
      charge: () => undefined,
    },
    { module: (a, n) => modules.get(`${a}::${n}`) ?? null },
    new Uint8Array(32),
    FRAMEWORK_LINK,
  );
  const interpreter = new Interpreter(session, { remaining: () => 1e15, consume: () => undefined });
  const tys = spec.tys.map((t) => parseTy(t));
  const invoke = (name: string, args: Value[]): Value[] => {
    if (!oracle) {
      const impl = stdNative(ONE, spec.module, name);
      if (impl === undefined) throw new Error(`no native ${spec.module}::${name}`);
      return interpreter.runNative(`0x1::${spec.module}::${name}`, impl, tys, args);
    }
    const fn = session.module(ORACLE, spec.module)?.functionByName.get(name);
    if (fn === undefined) throw new Error(`no ${name} in the reference ${spec.module}`);
    return interpreter.run(fn, fn.typeParams.length === 0 ? [] : tys, args);
  };
  const map =
    !oracle && spec.nativeCreate !== undefined
      ? spec.nativeCreate(session)
      : (invoke(create[0], create[1])[0] as Value);
  const cell: Value[] = [map];
  const results: unknown[] = [];
  for (const [name, args] of ops) {
    // An abort ends a transaction with nothing written: the map goes back to before the call
    // (the Move code may have changed it before aborting, as ordered_map::remove does).
    const before = copyValue(cell[0] as Value);
    try {
      const out = invoke(name, args(new Ref(cell, 0)));
      results.push(out.map((v) => (v instanceof Ref ? v.c[v.i] : v)));
    } catch (error) {
      // The oracle aborts in 0xb0::module where the native one aborts in 0x1's.
      const status =
        (error as { vmStatus?: string }).vmStatus ??
        (error as { status?: string }).status ??
        (error as Error).message;
      results.push(status.replace('0xb0::', '0x1::'));
      cell[0] = before;
    }
  }
  session.finish();
  const type = parseTy(spec.type.replace('M::', oracle ? `${ORACLE}::` : '0x1::'));
  const items = [...state.entries()]
    .map(([key, v]): [string, unknown] => [key, v?.kind === 'table_item' ? v.value : v])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return {
    results,
    bytes: Buffer.from(serialize(type, cell[0] as Value, session.layout)).toString('hex'),
    items,
  };
}

/** A fixed shuffle of 1..n. */
export function shuffled(n: number, seed: number): bigint[] {
  const out = Array.from({ length: n }, (_, i) => BigInt(i + 1));
  for (let i = n - 1; i > 0; i -= 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j] as bigint, out[i] as bigint];
  }
  return out;
}
