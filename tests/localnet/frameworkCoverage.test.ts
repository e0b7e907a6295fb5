import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FunctionCoverage } from '../../bench/tools/frameworkCoverage.ts';
import {
  frameworkCoverage,
  REFERENCE_ROOT,
  TARGET_MODULES,
  totals,
} from '../../bench/tools/frameworkCoverage.ts';
import { findModule } from '../../localnet/framework/registry.ts';
import type { LongAddress } from '../../localnet/encoding.ts';
import { STD_NATIVES } from '../../localnet/move/vm/natives.ts';

/**
 * `npm run framework-coverage` (issue 31): the reference framework's public and entry functions
 * (`../shared/reference/aptos-framework`, test data beside the clone), each classified by the
 * interpreter's own call resolver.
 */
const REPO = resolve(import.meta.dirname, '../..');

/** `public` and `entry` functions declared in a Move source, `#[test…]` ones left out. */
function declared(source: string): string[] {
  const decl = /^\s*(public(?:\s*\((?:friend|package)\))?\s+)?(entry\s+)?(?:native\s+)?fun\s+(\w+)/;
  const out: string[] = [];
  let test = false;
  let inAttribute = false; // `#[test(a = @0x1,` … `)]` spans lines
  for (const line of source.split('\n')) {
    const text = line.trim();
    if (inAttribute || text.startsWith('#[')) {
      test ||= text.startsWith('#[test');
      inAttribute = !text.endsWith(']');
      continue;
    }
    if (text === '' || text.startsWith('//')) continue;
    const m = decl.exec(line);
    const isPublic = m?.[1] !== undefined && !m[1].includes('(');
    if (m !== null && !test && (isPublic || m[2] !== undefined)) out.push(m[3] as string);
    test = false;
  }
  return out.sort();
}

describe('framework coverage', () => {
  let all: FunctionCoverage[] = [];
  const byId = (id: string) => all.find((f) => f.id === id);

  beforeAll(() => {
    all = frameworkCoverage();
  });

  it('lists the public and entry functions the sources declare, module by module', () => {
    const cases: Array<[string, string, string]> = [
      ['AptosStdlib', '0x1', 'string_utils'],
      ['AptosStdlib', '0x1', 'smart_table'],
      ['AptosFramework', '0x1', 'timestamp'],
      ['AptosFramework', '0x1', 'object'],
      ['AptosFramework', '0x1', 'fungible_asset'],
      ['AptosFramework', '0x1', 'coin'],
      ['AptosFramework', '0x1', 'managed_coin'],
      ['AptosFramework', '0x1', 'aptos_account'],
      ['AptosToken', '0x3', 'token'],
      ['AptosTokenObjects', '0x4', 'collection'],
      ['AptosTokenObjects', '0x4', 'token'],
    ];
    for (const [pkg, address, module] of cases) {
      const source = readFileSync(join(REFERENCE_ROOT, pkg, 'sources', `${module}.move`), 'utf8');
      const listed = all.filter((f) => f.module === `${address}::${module}`).map((f) => f.name);
      expect(listed.sort(), `${address}::${module}`).toEqual(declared(source));
    }
    expect(all.filter((f) => f.module === '0x1::managed_coin')).toHaveLength(6);
  });

  it('counts entry functions of any visibility, and no public(friend) function that is not entry', () => {
    expect(byId('0x1::aptos_account::fungible_transfer_only')?.kind).toBe('friend entry fun');
    expect(byId('0x1::aptos_account::register_apt')).toBeUndefined();
    expect(byId('0x1::multisig_account::add_owner')?.kind).toBe('entry fun');
  });

  it('asks the resolver: std natives and the native framework are callable', () => {
    expect(byId('0x1::vector::push_back')).toMatchObject({
      status: 'callable',
      note: 'std native',
    });
    expect(byId('0x1::transaction_context::get_transaction_hash')).toMatchObject({
      status: 'callable',
      note: 'native framework',
    });
    expect(byId('0x1::object::create_named_object')).toMatchObject({
      status: 'callable',
      note: 'native framework',
    });
    expect(byId('0x1::timestamp::now_seconds')).toMatchObject({
      status: 'callable',
      note: 'native framework',
    });
    // Every std native of a function the framework has is bound.
    const natives = new Set(STD_NATIVES.map((n) => `0x1::${n}`));
    const bound = all.filter((f) => natives.has(`0x1::${f.module.slice(5)}::${f.name}`));
    expect(bound.length).toBeGreaterThan(250);
    for (const f of bound) expect(f.status, f.id).not.toBe('missing');
  });

  it('says what is missing and why', () => {
    expect(byId('0x1::confidential_asset::deposit')).toMatchObject({
      status: 'missing',
      note: 'FUNCTION_RESOLUTION_FAILURE',
    });
    expect(byId('0x1::managed_coin::initialize')).toMatchObject({
      status: 'callable',
      note: 'native framework',
    });
    // 0x7 (AptosExperimental) is a framework package: a module without natives fails to resolve.
    expect(byId('0x7::order_book::new_order_book')).toMatchObject({
      status: 'missing',
      note: 'FUNCTION_RESOLUTION_FAILURE',
    });
    // 0x5 (AptosTrading) and 0x7's natives resolve like 0x1's.
    expect(byId('0x5::order_book_types::post_only')?.status).toBe('callable');
    expect(byId('0x7::price_time_index::get_slippage_pct_precision')?.status).toBe('callable');
    // 0x3, the legacy token standard, is native now.
    expect(byId('0x3::token::create_collection_script')?.status).toBe('callable');
  });

  it('says how a bound function differs from the node’s', () => {
    // Every framework function is a native on the VM's values: a struct of any kind binds
    // (AbstractionAuthData, MultisigTransaction, Object<T> whatever its T), and none differs.
    expect(byId('0x1::permissioned_delegation::authenticate')).toMatchObject({
      status: 'callable',
      note: 'native framework',
    });
    expect(all.filter((f) => f.status === 'differs').map((f) => f.id)).toEqual([]);
    expect(byId('0x1::multisig_account::get_transaction')).toMatchObject({ status: 'callable' });
    expect(byId('0x1::multisig_account::create_with_owners')).toMatchObject({
      status: 'callable',
      note: 'native framework',
    });
    expect(byId('0x1::coin::paired_metadata')?.status).toBe('callable');
    // A private entry function does not bind from bytecode (LOOKUP_FAILED when published), as on a node.
    expect(byId('0x1::multisig_account::add_owner')).toMatchObject({
      status: 'callable',
      note: 'transaction entry, as on a node (not public)',
    });
  });

  it('compares the native framework’s ABI with the node’s', () => {
    const timestamp = findModule(`0x${'0'.repeat(63)}1` as LongAddress, 'timestamp');
    const fn = timestamp?.functions.find((f) => f.name === 'now_seconds');
    if (fn === undefined) throw new Error('no native timestamp::now_seconds');
    const returns = fn.returns;
    fn.returns = ['u128'];
    try {
      const changed = frameworkCoverage().find((f) => f.id === '0x1::timestamp::now_seconds');
      expect(changed).toMatchObject({
        status: 'differs',
        note: 'returns (u128) here, (u64) on a node',
      });
    } finally {
      fn.returns = returns;
    }
  });

  it('totals add up per package and cover every target module', () => {
    const packages = totals(all, (f) => f.package);
    let sum = 0;
    for (const t of packages.values()) {
      expect(t.callable + t.differs + t.entryOnly + t.missing).toBe(t.functions);
      sum += t.functions;
    }
    expect(sum).toBe(all.length);
    const modules = new Set(all.map((f) => f.module));
    for (const m of TARGET_MODULES) expect(modules, m).toContain(m);
  });

  it('the command says what to do without the reference framework', () => {
    const run = spawnSync(
      'npx',
      ['tsx', 'bench/frameworkCoverage.ts', '--reference', '/nonexistent/reference'],
      { cwd: REPO, encoding: 'utf8' },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('no reference framework at /nonexistent/reference');
    expect(run.stderr).toContain('--reference DIR');
  });
});
