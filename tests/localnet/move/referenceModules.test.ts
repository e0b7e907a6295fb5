import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readModule } from '../../../localnet/move/binary/reader.ts';
import { BinaryFormatError, type CompiledModule } from '../../../localnet/move/binary/types.ts';
import { writeModule } from '../../../localnet/move/binary/writer.ts';
import type { LoadedModule, LoadedStruct } from '../../../localnet/move/vm/loader.ts';
import { loadModule } from '../../../localnet/move/vm/loader.ts';
import { checkModule } from '../../../localnet/move/vm/prepare.ts';
import { structId } from '../../../localnet/move/vm/ty.ts';

/**
 * The 190 modules of devnet's genesis (2026-07-16), all bytecode v10 as today's compiler writes
 * them, from `../shared/reference/aptos-framework` (test data beside the clone; the product never
 * reads it): every one is read, written back byte for byte, and passes the verifier.
 */
const ROOT = resolve(import.meta.dirname, '../../../../shared/reference/aptos-framework');

interface PackageEntry {
  package: string;
  modules: string[];
}

const packages = JSON.parse(readFileSync(join(ROOT, 'packages.json'), 'utf8')) as PackageEntry[];
const files = packages.flatMap((p) =>
  p.modules.map((name) => ({
    id: `${p.package}::${name}`,
    bytes: new Uint8Array(readFileSync(join(ROOT, p.package, `${name}.mv`))),
  })),
);

describe('the framework as the compiler writes it today (bytecode v10)', () => {
  const compiled = new Map<string, CompiledModule>();

  it('has 190 modules, each headed a1 1c eb 0b 0a 00 00 0a', () => {
    expect(files).toHaveLength(190);
    for (const f of files)
      expect(Buffer.from(f.bytes.subarray(0, 8)).toString('hex')).toBe('a11ceb0b0a00000a');
  });

  it('reads every module, and writes each back byte for byte', () => {
    for (const f of files) {
      const m = readModule(f.bytes);
      expect(m.version, f.id).toBe(10);
      expect(Buffer.from(writeModule(m)).equals(Buffer.from(f.bytes)), f.id).toBe(true);
      compiled.set(f.id, m);
    }
    expect(compiled.size).toBe(190);
  });

  it('reads what v9/v10 brought: `$` names and the struct-API function attributes', () => {
    const file = files.find((f) => f.id === 'MoveStdlib::result');
    if (file === undefined) throw new Error('no std::result');
    const result = readModule(file.bytes);
    expect(result.identifiers).toContain('test_variant$Result$Ok');
    const handle = result.functionHandles.find(
      (h) => result.identifiers[h.name] === 'test_variant$Result$Err',
    );
    expect(handle?.attributes).toEqual([{ kind: 'TestVariant', index: 1 }]);
  });

  it('refuses them where the chain allows only v8, as the reader did before', () => {
    const first = files[0];
    if (first === undefined) throw new Error('no modules');
    let error: unknown = null;
    try {
      readModule(first.bytes, { maxVersion: 8 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BinaryFormatError);
    expect((error as BinaryFormatError).status).toBe('UNKNOWN_VERSION');
  });

  it('passes every module through the verifier', { timeout: 120_000 }, () => {
    const modules: LoadedModule[] = files.map((f) => loadModule(readModule(f.bytes)));
    const structs = new Map<string, LoadedStruct>();
    for (const m of modules) for (const s of m.structs) structs.set(structId(s.name), s);
    const lookup = (name: LoadedStruct['name']): LoadedStruct => {
      const s = structs.get(structId(name));
      if (s === undefined) throw new Error(`no struct ${structId(name)}`);
      return s;
    };
    const refused: string[] = [];
    for (const m of modules) {
      try {
        checkModule(m, lookup);
      } catch (e) {
        refused.push(`${m.id}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
