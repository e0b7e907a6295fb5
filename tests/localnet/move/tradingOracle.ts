import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LongAddress } from '../../../localnet/encoding.ts';
import { findModule } from '../../../localnet/framework/registry.ts';
import { FRAMEWORK_LINK } from '../../../localnet/framework/vmBridge.ts';
import { readModule } from '../../../localnet/move/binary/reader.ts';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { Interpreter } from '../../../localnet/move/vm/interpreter.ts';
import { VmSession } from '../../../localnet/move/vm/session.ts';
import { parseTy } from '../../../localnet/move/vm/ty.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Closure, copyValue, Ref } from '../../../localnet/move/vm/values.ts';

/**
 * AptosTrading's and AptosExperimental's own bytecode as the oracle for their natives: the
 * reference module (`../shared/reference/aptos-framework/<pkg>/<module>.mv`) re-addressed to 0xb0
 * as a publisher would place it, its dependencies the chain's natives at `0x1`/`0x5`/`0x7`, and
 * the chain's native of the same function, each called with the same (fresh) arguments by one
 * interpreter. The answer of a call: its results and its arguments afterwards (references read
 * through, so `&mut` changes show) and the events it emitted, or its failure as `vm_status` reads
 * it.
 */
const ROOT = resolve(import.meta.dirname, '../../../../shared/reference/aptos-framework');
const ORACLE = `0x${'0'.repeat(62)}b0` as LongAddress;

function readdressed(module: CompiledModule): CompiledModule {
  const addresses = [...module.addressIdentifiers, ORACLE];
  const handles = module.moduleHandles.map((h, i) =>
    i === module.selfModuleHandleIdx ? { ...h, address: addresses.length - 1 } : h,
  );
  return { ...module, addressIdentifiers: addresses, moduleHandles: handles };
}

/** A call: the function, its type arguments, and a maker of its arguments (called once a side). */
export type Call = [name: string, tys: string[], args: () => Value[]];

/** A function value as its function, mask and captured values (not the interpreter's cache). */
const plain = (v: unknown): unknown =>
  v instanceof Closure
    ? { closure: `${v.address}::${v.module}::${v.name}`, mask: v.mask, captured: plain(v.captured) }
    : Array.isArray(v)
      ? v.map(plain)
      : v;
const readThrough = (v: Value): unknown =>
  plain(copyValue(v instanceof Ref ? (v.c[v.i] as Value) : v));

/** Every call's answer on one side (`oracle`: the reference bytecode) of `pkg::module`. */
export function answers(
  oracle: boolean,
  spec: { pkg: string; module: string; address: LongAddress; timestampMicros?: bigint },
  calls: Call[],
): unknown[] {
  const bytes = readFileSync(join(ROOT, spec.pkg, `${spec.module}.mv`));
  const reference = readdressed(readModule(new Uint8Array(bytes)));
  const events: Array<[string, unknown]> = [];
  const home = `0x${spec.address.replace(/^0x0*/, '')}::`;
  const session = new VmSession(
    {
      signers: [],
      timestampMicros: spec.timestampMicros ?? 0n,
      chainId: 4,
      get: () => null,
      write: () => undefined,
      emit: (type, data) => void events.push([type, data]),
      charge: () => undefined,
    },
    { module: (a, n) => (a === ORACLE && n === spec.module ? reference : null) },
    new Uint8Array(32),
    FRAMEWORK_LINK,
  );
  const interpreter = new Interpreter(session, { remaining: () => 1e15, consume: () => undefined });
  return calls.map(([name, tyArgs, make]) => {
    const tys = tyArgs.map((t) => parseTy(t));
    const args = make();
    events.length = 0;
    try {
      let out: Value[];
      if (oracle) {
        const fn = session.module(ORACLE, spec.module)?.functionByName.get(name);
        if (fn === undefined) throw new Error(`no ${name} in the reference ${spec.module}`);
        out = interpreter.run(fn, tys, args);
      } else {
        const native = findModule(spec.address, spec.module)?.functions.find(
          (f) => f.name === name,
        )?.native;
        if (native === undefined) throw new Error(`no native ${spec.module}::${name}`);
        out = interpreter.runNative(`${spec.address}::${spec.module}::${name}`, native, tys, args);
      }
      // Events the call emitted (module events: type and JSON data), when it emitted any.
      const emitted = events
        .splice(0)
        .map(([type, data]) => [type.replace(/0x0*b0::/g, home), data]);
      return {
        out: out.map(readThrough),
        args: args.map(readThrough),
        ...(emitted.length > 0 && { events: emitted }),
      };
    } catch (error) {
      const status =
        (error as { vmStatus?: string }).vmStatus ??
        (error as { status?: string }).status ??
        (error as Error).message;
      const site = (error as { site?: { function: string; offset: number } | null }).site;
      const at = site ? ` in ${site.function} at ${site.offset}` : '';
      return `${status}${at}`.replace(/0x0*b0::/g, home);
    }
  });
}

/** A `&`/`&mut` argument: a reference to a fresh cell holding `v`. */
export const ref = (v: Value): Ref => new Ref([v], 0);
