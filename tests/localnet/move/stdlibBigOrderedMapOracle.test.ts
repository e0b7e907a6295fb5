import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import { FRAMEWORK_LINK } from '../../../localnet/framework/vmBridge.ts';
import { readModule } from '../../../localnet/move/binary/reader.ts';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { Interpreter } from '../../../localnet/move/vm/interpreter.ts';
import { stdNative } from '../../../localnet/move/vm/natives.ts';
import { VmSession } from '../../../localnet/move/vm/session.ts';
import type { Ty } from '../../../localnet/move/vm/ty.ts';
import { parseTy } from '../../../localnet/move/vm/ty.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref, serialize } from '../../../localnet/move/vm/values.ts';
import type { StateValue } from '../../../localnet/storage/types.ts';

/**
 * The native `0x1::big_ordered_map` against the framework's own bytecode (devnet's genesis, from
 * `../shared/reference/aptos-framework`), run by the interpreter as an oracle: the module
 * re-addressed to 0xb0 as a publisher would place it, storage_slots_allocator and ordered_map's
 * friend function from their bytecode at 0x1. The same operations on both must leave the same
 * bytes: the map value and every table item the session wrote.
 */
const ROOT = resolve(import.meta.dirname, '../../../../shared/reference/aptos-framework');
const ONE = `0x${'0'.repeat(63)}1` as LongAddress;
const ORACLE = `0x${'0'.repeat(62)}b0` as LongAddress;
const shortOracle = '0xb0';

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

const modules = new Map<string, CompiledModule>([
  [
    `${ORACLE}::big_ordered_map`,
    readdressed(reference('AptosFramework', 'big_ordered_map'), ORACLE),
  ],
  [`${ONE}::storage_slots_allocator`, reference('AptosStdlib', 'storage_slots_allocator')],
  [`${ONE}::ordered_map`, reference('AptosFramework', 'ordered_map')],
]);

type Op = [string, Value[]];

/** Runs `ops` on a fresh map from one implementation; returns the results and the bytes left. */
function run(oracle: boolean, create: Op, ops: Op[]) {
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
  const tys: Ty[] = [parseTy('u64'), parseTy('u64')];
  const invoke = (name: string, args: Value[]): Value[] => {
    if (!oracle) {
      const impl = stdNative(ONE, 'big_ordered_map', name);
      if (impl === undefined) throw new Error(name);
      return interpreter.runNative(`0x1::big_ordered_map::${name}`, impl, tys, args);
    }
    const fn = session.module(ORACLE, 'big_ordered_map')?.functionByName.get(name);
    if (fn === undefined) throw new Error(name);
    return interpreter.run(fn, tys, args);
  };
  const map = invoke(create[0], create[1])[0] as Value;
  const results: unknown[] = [];
  for (const [name, args] of ops) {
    try {
      results.push(
        invoke(name, [new Ref([map], 0), ...args]).map((v) => (v instanceof Ref ? v.c[v.i] : v)),
      );
    } catch (error) {
      if (process.env.DEBUG_ORACLE !== undefined) throw error;
      // The oracle aborts in 0xb0::big_ordered_map where the native one aborts in 0x1's.
      const status = (error as { vmStatus?: string }).vmStatus ?? (error as Error).message;
      results.push(status.replace(`${shortOracle}::`, '0x1::'));
    }
  }
  session.finish();
  const layout = session.layout;
  const mapTy = parseTy(
    oracle
      ? `${ORACLE}::big_ordered_map::BigOrderedMap<u64, u64>`
      : '0x1::big_ordered_map::BigOrderedMap<u64, u64>',
  );
  const items = [...state.entries()]
    .map(([key, v]) => [key, v === null ? null : v.kind === 'table_item' ? v.value : v.kind])
    .sort();
  return { results, map: Buffer.from(serialize(mapTy, map, layout)).toString('hex'), items };
}

const shuffled = (n: number, seed: number): bigint[] => {
  const out = Array.from({ length: n }, (_, i) => BigInt(i + 1));
  for (let i = n - 1; i > 0; i -= 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j] as bigint, out[i] as bigint];
  }
  return out;
};

describe('0x1::big_ordered_map against the framework bytecode', () => {
  it('the same splits, merges, slots and results for adds, upserts and removes', () => {
    const keys = shuffled(80, 3);
    const ops: Op[] = [
      ...keys.map((k): Op => ['add', [k, k * 2n]]),
      ['upsert', [5n, 1n]],
      ['add', [5n, 1n]],
      ...shuffled(80, 11)
        .slice(0, 70)
        .map((k): Op => ['remove', [new Ref([k], 0)]]),
      ['remove', [new Ref([keys[0] as bigint], 0)]],
      ['compute_length', []],
      ['pop_back', []],
      ['pop_front', []],
    ];
    for (const create of [
      ['new_with_config', [4, 3, false]],
      ['new_with_config', [5, 4, true]],
      ['new', []],
    ] as Op[]) {
      const native = run(false, create, ops);
      const oracle = run(true, create, ops);
      expect(native.results).toEqual(oracle.results);
      expect(native.map).toBe(oracle.map);
      expect(native.items).toEqual(oracle.items);
    }
  });
});
