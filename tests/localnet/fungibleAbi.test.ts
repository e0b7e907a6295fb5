import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FunctionCoverage } from '../../bench/tools/frameworkCoverage.ts';
import { frameworkCoverage, REFERENCE_ROOT } from '../../bench/tools/frameworkCoverage.ts';
import type { LongAddress } from '../../localnet/encoding.ts';
import { findModule } from '../../localnet/framework/registry.ts';

/**
 * The ABIs of `fungible_asset`, `primary_fungible_store` and `dispatchable_fungible_asset` as the
 * chain declares them (one `fn()` per function, `/module` prints them) against devnet's bytecode
 * (`../shared/reference/aptos-framework`): every public and entry function, with the same
 * parameters, results, type parameters, visibility and entry flag, and `#[view]` where the Move
 * source has it.
 */
const ONE = `0x${'0'.repeat(63)}1` as LongAddress;
const MODULES = ['fungible_asset', 'primary_fungible_store', 'dispatchable_fungible_asset'];
let reference: FunctionCoverage[];

/** Functions marked `#[view]` in a Move source. */
function views(source: string): Set<string> {
  const out = new Set<string>();
  let view = false;
  for (const line of source.split('\n')) {
    const text = line.trim();
    if (text.startsWith('#[view]')) view = true;
    const fun = /^(?:public\s+)?(?:entry\s+)?fun\s+(\w+)/.exec(text);
    if (fun !== null) {
      if (view) out.add(fun[1] as string);
      view = false;
    }
  }
  return out;
}

beforeAll(() => {
  reference = frameworkCoverage(REFERENCE_ROOT).filter((f) =>
    MODULES.some((m) => f.module === `0x1::${m}`),
  );
}, 120_000);

describe('fungible asset ABIs', () => {
  it('declares every public and entry function with the node’s signature', () => {
    expect(reference).toHaveLength(58 + 22 + 9);
    for (const f of reference) {
      const module = f.module.slice('0x1::'.length);
      const fn = findModule(ONE, module)?.functions.find((candidate) => candidate.name === f.name);
      expect(fn, f.id).toBeDefined();
      if (fn === undefined) continue;
      const tps = fn.typeParams.length === 0 ? '' : `<${fn.typeParams.map((_, i) => `T${i}`)}>`;
      const ret = fn.returns.length === 0 ? '' : `: ${fn.returns.join(', ')}`;
      expect(`${fn.name}${tps}(${fn.params.join(', ')})${ret}`, f.id).toBe(f.signature);
      const kind = `${fn.visibility === 'private' ? '' : `${fn.visibility} `}${fn.isEntry ? 'entry ' : ''}fun`;
      expect(kind, f.id).toBe(f.kind);
      expect(fn.native, f.id).toBeDefined();
      expect(f.status, f.id).toBe('callable');
    }
  });

  it('marks the Move source’s #[view] functions as views, and only those', () => {
    for (const module of MODULES) {
      const source = readFileSync(
        join(REFERENCE_ROOT, 'AptosFramework', 'sources', `${module}.move`),
        'utf8',
      );
      const expected = views(source);
      const declared = (findModule(ONE, module)?.functions ?? [])
        .filter((fn) => fn.isView)
        .map((fn) => fn.name);
      expect(new Set(declared), module).toEqual(expected);
    }
  });
});
