import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../localnet/encoding.ts';
import { findModule } from '../../localnet/framework/registry.ts';
import { readModule } from '../../localnet/move/binary/reader.ts';
import { loadModule } from '../../localnet/move/vm/loader.ts';
import { tyString } from '../../localnet/move/vm/ty.ts';
import { REFERENCE_ROOT, referenceAvailable } from '../../bench/tools/frameworkCoverage.ts';

const ABILITIES = ['copy', 'drop', 'store', 'key'];

/**
 * Tests that a package's native modules declare what devnet's package declares: every public or
 * entry function with its visibility, entry and view flags, type parameters' constraints,
 * parameters and results (each with code on the VM's values), and every struct with its
 * abilities, type parameters and fields.
 */
export function describeReferenceAbis(pkg: string, address: LongAddress, modules: string[]): void {
  const short = `0x${address.slice(2).replace(/^0+/, '')}`;
  const reference = (name: string) =>
    loadModule(readModule(readFileSync(join(REFERENCE_ROOT, pkg, `${name}.mv`))));
  describe.skipIf(!referenceAvailable())(`${pkg} ABIs`, () => {
    it.each(modules)(`${short}::%s: functions as devnet declares them`, (name) => {
      const native = findModule(address, name);
      if (native === undefined) throw new Error(`no native ${short}::${name}`);
      const expected = [...reference(name).functionByName.values()]
        .filter((fn) => fn.visibility === 'public' || fn.isEntry)
        .map((fn) => ({
          name: fn.name,
          visibility: fn.visibility,
          isEntry: fn.isEntry,
          isView: fn.isView,
          typeParams: fn.typeParams.map((set) =>
            ABILITIES.filter((_, bit) => (set & (1 << bit)) !== 0),
          ),
          params: fn.params.map(tyString),
          returns: fn.returns.map(tyString),
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
      const declared = native.functions
        .map((fn) => ({
          name: fn.name,
          visibility: fn.visibility,
          isEntry: fn.isEntry,
          isView: fn.isView,
          typeParams: fn.typeParams.map((p) => p.constraints),
          params: fn.params,
          returns: fn.returns,
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
      expect(declared).toEqual(expected);
      expect(native.functions.every((fn) => fn.native !== undefined)).toBe(true);
    });

    it.each(modules)(`${short}::%s: structs with their abilities and fields`, (name) => {
      const native = findModule(address, name);
      const expected = [...reference(name).structByName.values()]
        .map((s) => ({
          name: s.name.name,
          abilities: ABILITIES.filter((_, bit) => (s.abilities & (1 << bit)) !== 0),
          phantoms: s.typeParams.map((p) => p.isPhantom),
          fields: (s.fields ?? []).map((f) => ({ name: f.name, type: tyString(f.ty) })),
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
      const declared = (native?.structs ?? [])
        .map((s) => ({
          name: s.name,
          abilities: ABILITIES.filter((a) => s.abilities.includes(a)),
          phantoms: (s.typeParams ?? []).map((p) => p.is_phantom),
          fields: s.fields,
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
      expect(declared).toEqual(expected);
    });
  });
}
