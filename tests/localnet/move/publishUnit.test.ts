import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import type { NativeContext } from '../../../localnet/framework/context.ts';
import { readModule } from '../../../localnet/move/binary/reader.ts';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { incompatibility } from '../../../localnet/move/compatibility.ts';
import {
  decodePackageMetadata,
  packageJson,
  publishPackage,
} from '../../../localnet/move/publish.ts';
import { findBytecodeModule } from '../../../localnet/move/store.ts';
import type { StateKey, StateValue } from '../../../localnet/storage/types.ts';

interface Fixtures {
  publisher: string;
  binaries: Array<{ name: string; hex: string }>;
  metadata: Array<{ name: string; hex: string }>;
}
const fx = JSON.parse(readFileSync('tests/fixtures/move/sdkBinaries.json', 'utf8')) as Fixtures;
const bytesOf = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
const binary = (name: string) => bytesOf(fx.binaries.find((b) => b.name === name)?.hex ?? '');
const metadata = (name: string) => bytesOf(fx.metadata.find((m) => m.name === name)?.hex ?? '');
const ARGS = binary('helper.ts#2');
const TRANSFER = binary('helper.ts#5');

function memoryContext(): NativeContext {
  const state = new Map<StateKey, StateValue | null>();
  return {
    signers: [fx.publisher as LongAddress],
    timestampMicros: 0n,
    chainId: 4,
    get: (key) => state.get(key) ?? null,
    write: (key, value) => void state.set(key, value),
    emit: () => undefined,
    charge: () => undefined,
  };
}

describe('PackageMetadata', () => {
  it('decodes the SDK test package and renders it as the registry prints it', () => {
    const pack = decodePackageMetadata(metadata('transaction_test'));
    expect(pack.name).toBe('transaction_test');
    expect(pack.upgradePolicy).toBe(1);
    expect(pack.modules.map((m) => m.name)).toEqual(['transfer']);
    const json = packageJson(pack);
    expect(json.upgrade_number).toBe('0');
    expect(json.deps).toEqual([
      { account: '0x1', package_name: 'AptosFramework' },
      { account: '0x1', package_name: 'AptosStdlib' },
      { account: '0x1', package_name: 'MoveStdlib' },
    ]);
    expect(() => decodePackageMetadata(metadata('transaction_test').slice(0, 30))).toThrow();
  });
});

describe('init_module', () => {
  it('runs once for a newly published module that has one, never on an upgrade', () => {
    const calls: string[] = [];
    const ctx: NativeContext = {
      ...memoryContext(),
      publishing: {
        verify: () => undefined,
        runInit: (context, address, name) => {
          expect(context.signers[0]).toBe(address);
          calls.push(name);
        },
      },
    };
    const meta = metadata('Argument Tests for the Typescript SDK');
    publishPackage(ctx, meta, [ARGS]);
    expect(calls).toEqual(['tx_args_module']);
    expect(
      findBytecodeModule(ctx, fx.publisher as LongAddress, 'tx_args_module')?.module.version,
    ).toBe(7);
    publishPackage(ctx, meta, [ARGS]);
    expect(calls).toEqual(['tx_args_module']);
    // transfer has no init_module
    publishPackage(ctx, metadata('transaction_test'), [TRANSFER]);
    expect(calls).toHaveLength(1);
  });
});

describe('the compatibility check', () => {
  const base = readModule(ARGS);
  const edit = (f: (m: CompiledModule) => CompiledModule) => incompatibility(base, f(base));

  it('accepts the same module and changes to private functions', () => {
    expect(incompatibility(base, base)).toBeNull();
    const privateIdx = base.functionDefs.findIndex((d) => d.visibility === 'private' && !d.isEntry);
    expect(privateIdx).toBeGreaterThanOrEqual(0);
    expect(
      edit((m) => ({ ...m, functionDefs: m.functionDefs.filter((_, i) => i !== privateIdx) })),
    ).toBeNull();
  });

  it('refuses a removed struct ability, changed fields, a public function made friend, an entry made non-entry', () => {
    expect(
      edit((m) => ({ ...m, structHandles: m.structHandles.map((h) => ({ ...h, abilities: 0 })) })),
    ).toMatch(/lost an ability/);
    expect(
      edit((m) => ({
        ...m,
        structDefs: m.structDefs.map((d) =>
          d.fieldInformation.kind === 'Declared' && d.fieldInformation.fields.length > 0
            ? {
                ...d,
                fieldInformation: { kind: 'Declared', fields: d.fieldInformation.fields.slice(1) },
              }
            : d,
        ),
      })),
    ).toMatch(/changed its fields/);
    expect(
      edit((m) => ({
        ...m,
        functionDefs: m.functionDefs.map((d) =>
          d.visibility === 'public' ? { ...d, visibility: 'friend' } : d,
        ),
      })),
    ).toMatch(/no longer public/);
    expect(
      edit((m) => ({ ...m, functionDefs: m.functionDefs.map((d) => ({ ...d, isEntry: false })) })),
    ).toMatch(/no longer an entry/);
  });
});
