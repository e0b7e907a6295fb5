import type { CompiledModule } from '../../../localnet/move/binary/types.ts';

/** The smallest module: `module 0x42::m {}` at v6. */
export function tinyModule(overrides: Partial<CompiledModule> = {}): CompiledModule {
  return {
    kind: 'module',
    version: 6,
    selfModuleHandleIdx: 0,
    moduleHandles: [{ address: 0, name: 0 }],
    structHandles: [],
    functionHandles: [],
    functionInstantiations: [],
    signatures: [[]],
    identifiers: ['m'],
    addressIdentifiers: [`0x${'0'.repeat(62)}42`],
    constantPool: [],
    metadata: [],
    fieldHandles: [],
    friendDecls: [],
    structDefInstantiations: [],
    fieldInstantiations: [],
    structDefs: [],
    functionDefs: [],
    structVariantHandles: [],
    structVariantInstantiations: [],
    variantFieldHandles: [],
    variantFieldInstantiations: [],
    ...overrides,
  };
}
