import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moduleAbi, runtimeMetadata, typeToString } from '../../../localnet/move/abi.ts';
import { readModule } from '../../../localnet/move/binary/reader.ts';

const event = JSON.parse(readFileSync('tests/fixtures/move/eventModule.json', 'utf8')) as {
  bytecode: string;
  abi: { structs: Array<Record<string, unknown>> };
};
const sdk = JSON.parse(readFileSync('tests/fixtures/move/sdkBinaries.json', 'utf8')) as {
  publisher: string;
  binaries: Array<{ name: string; hex: string }>;
};
const hexOf = (name: string) => {
  const b = sdk.binaries.find((x) => x.name === name);
  if (b === undefined) throw new Error(name);
  return b.hex;
};

describe('ABI derived from bytecode', () => {
  it('equals the ABI a node rendered for 0x1::event (friends, friend function, phantom params, natives hidden)', () => {
    const expected = {
      ...event.abi,
      structs: event.abi.structs.map((s) => ({ ...s, variants: [] })),
    };
    expect(moduleAbi(readModule(event.bytecode))).toEqual(expected);
  });

  it('marks view functions from the metadata and lists private entry functions', () => {
    const abi = moduleAbi(readModule(hexOf('helper.ts#2')));
    const byName = new Map(abi.exposed_functions.map((f) => [f.name, f]));
    expect(abi.address).toBe(sdk.publisher);
    expect(byName.get('view_all_arguments')?.is_view).toBe(true);
    expect(byName.get('get_test_objects')?.is_view).toBe(true);
    const privateEntry = byName.get('private_arguments');
    expect(privateEntry?.visibility).toBe('private');
    expect(privateEntry?.is_entry).toBe(true);
    expect(privateEntry?.params[0]).toBe('&signer');
    expect(privateEntry?.params).toContain(
      `0x1::option::Option<0x1::object::Object<${sdk.publisher}::tx_args_module::EmptyResource>>`,
    );
    expect(byName.get('assert_values_for_script')?.is_entry).toBe(false);
  });

  it('reads the error map of the runtime metadata', () => {
    const meta = runtimeMetadata(readModule(hexOf('helper.ts#2')));
    expect(meta?.errorMap.get(1n)?.name).toBe('EXPECTED_U8');
    const eventMeta = runtimeMetadata(readModule(event.bytecode));
    expect(eventMeta?.errorMap.get(1n)).toEqual({
      name: 'ECANNOT_CREATE_EVENT',
      description: expect.stringContaining('An event cannot be created.') as unknown as string,
    });
  });

  it('renders types as MoveType does, with substitution', () => {
    const m = readModule(event.bytecode);
    const tok = {
      kind: 'MutableReference',
      inner: {
        kind: 'StructInstantiation',
        handle: 0,
        typeArgs: [{ kind: 'TypeParameter', index: 0 }],
      },
    } as const;
    expect(typeToString(m, tok)).toBe('&mut 0x1::event::EventHandle<T0>');
    expect(typeToString(m, tok, ['u64'])).toBe('&mut 0x1::event::EventHandle<u64>');
    expect(
      typeToString(m, {
        kind: 'Function',
        args: [{ kind: 'U64' }, { kind: 'Bool' }],
        results: [{ kind: 'U8' }],
        abilities: 3,
      }),
    ).toBe('|u64,bool|u8');
  });
});
