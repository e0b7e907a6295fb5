/**
 * How much of the framework's public surface user bytecode can call on the embedded chain
 * (issue 31): every `public` function and every `entry` function of the reference framework
 * (`../shared/reference/aptos-framework`, devnet's genesis, read with the chain's own reader),
 * classified by asking the interpreter's real call resolver, so the figures follow the code.
 *
 * Counted: `public` functions (entry or not) and `entry` functions of any visibility; a
 * `public(friend)` / `public(package)` function that is not `entry` is not public surface.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LongAddress } from '../../localnet/encoding.ts';
import { findModule } from '../../localnet/framework/registry.ts';
import type { NativeFunction } from '../../localnet/framework/context.ts';
import { FRAMEWORK_LINK } from '../../localnet/framework/vmBridge.ts';
import { readModule } from '../../localnet/move/binary/reader.ts';
import { Interpreter } from '../../localnet/move/vm/interpreter.ts';
import type { CallSite, LoadedFunction, NativeImpl } from '../../localnet/move/vm/loader.ts';
import { loadModule } from '../../localnet/move/vm/loader.ts';
import type { NativeContext } from '../../localnet/move/vm/nativeContext.ts';
import { stdNative } from '../../localnet/move/vm/natives.ts';
import { VmSession } from '../../localnet/move/vm/session.ts';
import { tyString } from '../../localnet/move/vm/ty.ts';

/**
 * - `callable`: the resolver binds it and nothing detectable differs from the node's function
 *   (its result is not compared with a node's: no test here does, so "unverified");
 * - `differs`: bound, but the chain's function is not the node's (see `note`);
 * - `entry-only`: the chain runs it as a transaction entry or view, bytecode cannot call it;
 * - `missing`: neither.
 */
export type Status = 'callable' | 'differs' | 'entry-only' | 'missing';

export interface FunctionCoverage {
  /** `0x1::coin::transfer` */
  id: string;
  package: string;
  module: string;
  name: string;
  /** `public fun`, `public entry fun`, `entry fun`, `friend entry fun` */
  kind: string;
  signature: string;
  status: Status;
  /** How the call binds (`std native`, `framework`) or why not, and how it differs. */
  note: string;
}

export interface ModuleTotals {
  functions: number;
  callable: number;
  differs: number;
  entryOnly: number;
  missing: number;
}

/** The modules issue 31 wants at 100 %; every other module counts toward the ≥ 90 % of the rest. */
export const TARGET_MODULES: readonly string[] = [
  ...[
    'object',
    'fungible_asset',
    'primary_fungible_store',
    'dispatchable_fungible_asset',
    'coin',
    'managed_coin',
    'aptos_coin',
    'aptos_account',
    'account',
    'resource_account',
    'event',
    'timestamp',
    'randomness',
    'aggregator_v2',
    'table',
    'table_with_length',
    'smart_table',
    'smart_vector',
    'simple_map',
    'ordered_map',
    'big_ordered_map',
    'string_utils',
    'type_info',
    'from_bcs',
    'code',
    'features',
    'vector',
  ].map((m) => `0x1::${m}`),
  '0x4::collection',
  '0x4::token',
  '0x4::aptos_token',
  '0x4::property_map',
  '0x4::royalty',
  '0x3::token',
];

interface PackageEntry {
  package: string;
  address: string;
  modules: string[];
}

/** The reference framework beside the clone (test data; the product never reads it). */
export const REFERENCE_ROOT = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'shared',
  'reference',
  'aptos-framework',
);

export function referenceAvailable(root = REFERENCE_ROOT): boolean {
  return existsSync(join(root, 'packages.json'));
}

const longAddress = (short: string): LongAddress =>
  `0x${short.slice(2).padStart(64, '0')}` as LongAddress;

/** The interpreter's resolver on a fresh session: `0x1`, `0x3`, `0x4` hold no bytecode here. */
function resolver(): (address: LongAddress, module: string, name: string) => NativeImpl | string {
  const unused = (): never => {
    throw new Error('framework coverage only resolves calls');
  };
  const ctx: NativeContext = {
    signers: [],
    timestampMicros: 0n,
    chainId: 4,
    get: () => null,
    write: unused,
    emit: unused,
    charge: () => undefined,
  };
  const session = new VmSession(ctx, { module: () => null }, new Uint8Array(32), FRAMEWORK_LINK);
  const interpreter = new Interpreter(session, { remaining: () => 0, consume: () => undefined });
  // `resolve` is the interpreter's own call binding (private: nothing else in the product needs
  // it); calling it keeps this report true to the code rather than to a hand list.
  const resolve = (
    interpreter as unknown as { resolve(site: CallSite): LoadedFunction | NativeImpl }
  ).resolve.bind(interpreter);
  return (address, module, name) => {
    try {
      const target = resolve({
        address,
        module,
        name,
        tyArgs: [],
        generic: false,
        argCount: 0,
        target: null,
      });
      return typeof target === 'function' ? target : `bytecode ${target.id}`;
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      return typeof status === 'string' ? status : String(error);
    }
  };
}

/** How the chain's native function differs from the node's, or `null`. */
function abiDifference(ref: LoadedFunction, native: NativeFunction): string | null {
  const params = ref.params.map(tyString);
  const returns = ref.returns.map(tyString);
  if (native.typeParams.length !== ref.typeParams.length)
    return `${native.typeParams.length} type parameters here, ${ref.typeParams.length} on a node`;
  if (params.join(', ') !== native.params.join(', '))
    return `parameters (${native.params.join(', ')}) here, (${params.join(', ')}) on a node`;
  if (returns.join(', ') !== native.returns.join(', '))
    return `returns (${native.returns.join(', ')}) here, (${returns.join(', ')}) on a node`;
  return null;
}

function kindOf(fn: LoadedFunction): string {
  const vis = fn.visibility === 'private' ? '' : `${fn.visibility} `;
  return `${vis}${fn.isEntry ? 'entry ' : ''}fun`;
}

function signatureOf(fn: LoadedFunction): string {
  const tps = fn.typeParams.length === 0 ? '' : `<${fn.typeParams.map((_, i) => `T${i}`)}>`;
  const ret = fn.returns.length === 0 ? '' : `: ${fn.returns.map(tyString).join(', ')}`;
  return `${fn.name}${tps}(${fn.params.map(tyString).join(', ')})${ret}`;
}

function classify(
  fn: LoadedFunction,
  address: LongAddress,
  module: string,
  bound: NativeImpl | string,
): Pick<FunctionCoverage, 'status' | 'note'> {
  const native = findModule(address, module)?.functions.find((f) => f.name === fn.name);
  const runs = native?.native !== undefined && (native.isEntry || native.isView);
  if (fn.visibility !== 'public') {
    // An entry function that is not public: on a node a transaction runs it, bytecode cannot.
    if (typeof bound !== 'string') {
      return { status: 'differs', note: 'binds from bytecode; a node refuses it (not public)' };
    }
    return runs
      ? { status: 'callable', note: 'transaction entry, as on a node (not public)' }
      : { status: 'missing', note: `no native entry; ${bound}` };
  }
  if (typeof bound === 'string') {
    if (runs) {
      const what = native?.isEntry === true ? 'entry' : 'view';
      return {
        status: 'entry-only',
        note: `native ${what} only, not callable from Move (${bound})`,
      };
    }
    const listed = native !== undefined ? 'in the ABI without an implementation; ' : '';
    return { status: 'missing', note: `${listed}${bound}` };
  }
  if (bound === stdNative(address, module, fn.name))
    return { status: 'callable', note: 'std native' };
  // Bound and not a std native: the framework function's code on the VM's values.
  const abi = native === undefined ? null : abiDifference(fn, native);
  if (abi !== null) return { status: 'differs', note: abi };
  return { status: 'callable', note: 'native framework' };
}

/** Every counted function of the reference framework with its status on the chain today. */
export function frameworkCoverage(root = REFERENCE_ROOT): FunctionCoverage[] {
  const packages = JSON.parse(readFileSync(join(root, 'packages.json'), 'utf8')) as PackageEntry[];
  const resolve = resolver();
  const out: FunctionCoverage[] = [];
  for (const pkg of packages) {
    const address = longAddress(pkg.address);
    for (const module of pkg.modules) {
      const bytes = new Uint8Array(readFileSync(join(root, pkg.package, `${module}.mv`)));
      const loaded = loadModule(readModule(bytes));
      for (const fn of loaded.functions) {
        if (fn.visibility !== 'public' && !fn.isEntry) continue;
        const id = `${pkg.address}::${module}::${fn.name}`;
        const verdict = classify(fn, address, module, resolve(address, module, fn.name));
        out.push({
          id,
          package: pkg.package,
          module: `${pkg.address}::${module}`,
          name: fn.name,
          kind: kindOf(fn),
          signature: signatureOf(fn),
          ...verdict,
        });
      }
    }
  }
  return out;
}

/** Totals of `functions` grouped by `key`. */
export function totals(
  functions: readonly FunctionCoverage[],
  key: (f: FunctionCoverage) => string,
): Map<string, ModuleTotals> {
  const byKey = new Map<string, ModuleTotals>();
  for (const f of functions) {
    const k = key(f);
    let t = byKey.get(k);
    if (t === undefined) {
      t = { functions: 0, callable: 0, differs: 0, entryOnly: 0, missing: 0 };
      byKey.set(k, t);
    }
    t.functions += 1;
    if (f.status === 'callable') t.callable += 1;
    else if (f.status === 'differs') t.differs += 1;
    else if (f.status === 'entry-only') t.entryOnly += 1;
    else t.missing += 1;
  }
  return byKey;
}

/** The share callable (as a percentage, one decimal). */
export const callableShare = (t: ModuleTotals): number =>
  t.functions === 0 ? 100 : Math.round((1000 * t.callable) / t.functions) / 10;
