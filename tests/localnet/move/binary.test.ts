import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tinyModule } from './tinyModule.ts';
import {
  bytesToHex,
  peekVersion,
  readModule,
  readScript,
} from '../../../localnet/move/binary/reader.ts';
import { BinaryFormatError, type CompiledModule } from '../../../localnet/move/binary/types.ts';
import { writeModule, writeScript } from '../../../localnet/move/binary/writer.ts';

interface Fixture {
  name: string;
  hex: string;
}
const sdk = JSON.parse(readFileSync('tests/fixtures/move/sdkBinaries.json', 'utf8')) as {
  binaries: Fixture[];
};
const event = JSON.parse(readFileSync('tests/fixtures/move/eventModule.json', 'utf8')) as {
  bytecode: string;
};

const hexOf = (b: Uint8Array) => bytesToHex(b);
const fromHex = (h: string) => Uint8Array.from(Buffer.from(h.replace(/^0x/, ''), 'hex'));

function at<T>(items: readonly T[], i: number): T {
  const v = items[i];
  if (v === undefined) throw new Error(`no item ${i}`);
  return v;
}

function byName(name: string): Fixture {
  const f = sdk.binaries.find((b) => b.name === name);
  if (f === undefined) throw new Error(`no fixture ${name}`);
  return f;
}

function errorOf(fn: () => unknown): BinaryFormatError {
  try {
    fn();
  } catch (e) {
    if (e instanceof BinaryFormatError) return e;
    throw e;
  }
  throw new Error('expected a BinaryFormatError');
}

describe('reading the ts-sdk test binaries', () => {
  const modules = ['tx_args_module', 'transfer', 'any_authenticator', 'hello_world_authenticator'];
  it.each(sdk.binaries.map((b) => [b.name, b] as const))('%s reads and writes back', (_name, b) => {
    const bytes = fromHex(b.hex);
    let name: string;
    let written: Uint8Array;
    try {
      const s = readScript(bytes);
      written = writeScript(s);
      name = 'script';
    } catch {
      const m = readModule(bytes);
      written = writeModule(m);
      name = at(m.identifiers, at(m.moduleHandles, m.selfModuleHandleIdx).name);
    }
    expect(['script', ...modules]).toContain(name);
    // One script in the SDK's file has the publisher's address appended after the code: the node
    // ignores trailing bytes, and so does the reader.
    expect(b.hex.startsWith(hexOf(written))).toBe(true);
    if (b.name !== 'helper.ts#1') expect(hexOf(written)).toBe(b.hex);
  });

  it('reads the argument-test module (v7) with its 13 functions, entry flags and structs', () => {
    const m = readModule(byName('helper.ts#2').hex);
    expect(m.version).toBe(7);
    expect(m.functionDefs).toHaveLength(13);
    expect(m.functionDefs.some((f) => f.isEntry)).toBe(true);
    expect(m.addressIdentifiers).toContain(`0x${'0'.repeat(63)}1`);
    expect(peekVersion(fromHex(at(sdk.binaries, 2).hex))).toBe(7);
  });

  it('reads a v8 framework module (0x1::event) and writes it back byte for byte', () => {
    const m = readModule(event.bytecode);
    expect(m.version).toBe(8);
    expect(at(m.functionHandles, 0).attributes).toEqual(['Persistent']);
    expect(`0x${hexOf(writeModule(m))}`).toBe(event.bytecode);
  });
});

describe('clear errors for bad binaries', () => {
  const good = fromHex(byName('helper.ts#5').hex);

  it('refuses a wrong magic', () => {
    expect(errorOf(() => readModule(Uint8Array.of(1, 2, 3, 4, 6, 0, 0, 0))).status).toBe(
      'BAD_MAGIC',
    );
  });

  it('refuses versions outside 5..10', () => {
    for (const v of [4, 11, 0]) {
      const b = good.slice();
      b[4] = v;
      expect(errorOf(() => readModule(b)).status).toBe('UNKNOWN_VERSION');
    }
  });

  it('refuses a truncated binary with MALFORMED and the offset', () => {
    for (const cut of [6, 9, 20, 100, good.length - 1]) {
      const e = errorOf(() => readModule(good.slice(0, cut)));
      expect(['MALFORMED', 'BAD_HEADER_TABLE']).toContain(e.status);
      expect(e.message).toMatch(/^[A-Z_]+: /);
    }
    const e = errorOf(() => readModule(good.slice(0, 9)));
    expect(e.offset).toBe(9);
  });

  it('names an unknown opcode', () => {
    const m = tinyModule({
      functionHandles: [
        {
          module: 0,
          name: 1,
          parameters: 0,
          returns: 0,
          typeParameters: [],
          accessSpecifiers: null,
          attributes: [],
        },
      ],
      identifiers: ['m', 'f'],
      functionDefs: [
        {
          function: 0,
          visibility: 'public',
          isEntry: false,
          acquiresGlobalResources: [],
          code: { locals: 0, code: [{ op: 'Ret' }] },
        },
      ],
    });
    const bytes = writeModule(m);
    const at = bytes.length - 2; // the Ret before the self-module index
    expect(bytes[at]).toBe(0x02);
    bytes[at] = 0xee;
    const e = errorOf(() => readModule(bytes));
    expect(e.status).toBe('UNKNOWN_OPCODE');
    expect(e.offset).toBe(at);
    expect(e.message).toContain('code EE');
  });

  it('refuses enum instructions before v7 and u16 before v6', () => {
    const fn = (code: CompiledModule['functionDefs'][number]['code']) =>
      tinyModule({
        functionHandles: [
          {
            module: 0,
            name: 1,
            parameters: 0,
            returns: 0,
            typeParameters: [],
            accessSpecifiers: null,
            attributes: [],
          },
        ],
        identifiers: ['m', 'f'],
        functionDefs: [
          { function: 0, visibility: 'public', isEntry: false, acquiresGlobalResources: [], code },
        ],
      });
    const v6 = writeModule(
      fn({ locals: 0, code: [{ op: 'TestVariant', variant: 0 }, { op: 'Ret' }] }),
    );
    expect(errorOf(() => readModule(v6)).message).toContain('Enum type operations not available');
    const v5 = writeModule({
      ...fn({ locals: 0, code: [{ op: 'LdU16', value: 1 }, { op: 'Pop' }, { op: 'Ret' }] }),
      version: 5,
    });
    expect(errorOf(() => readModule(v5)).message).toContain('u16, u32, u256');
  });

  it('checks bounds: an identifier index past the pool', () => {
    const bytes = writeModule(tinyModule({ moduleHandles: [{ address: 0, name: 7 }] }));
    const e = errorOf(() => readModule(bytes));
    expect(e.status).toBe('INDEX_OUT_OF_BOUNDS');
    expect(e.message).toContain('identifier 7');
    expect(at(readModule(bytes, { checkBounds: false }).moduleHandles, 0).name).toBe(7);
  });

  it('checks bounds: a branch past the code and a local past the locals', () => {
    const withCode = (code: CompiledModule['functionDefs'][number]['code']) =>
      writeModule(
        tinyModule({
          functionHandles: [
            {
              module: 0,
              name: 1,
              parameters: 0,
              returns: 0,
              typeParameters: [],
              accessSpecifiers: null,
              attributes: [],
            },
          ],
          identifiers: ['m', 'f'],
          functionDefs: [
            {
              function: 0,
              visibility: 'private',
              isEntry: false,
              acquiresGlobalResources: [],
              code,
            },
          ],
        }),
      );
    expect(
      errorOf(() => readModule(withCode({ locals: 0, code: [{ op: 'Branch', offset: 5 }] })))
        .message,
    ).toContain('code offset 5');
    expect(
      errorOf(() =>
        readModule(withCode({ locals: 0, code: [{ op: 'CopyLoc', local: 0 }, { op: 'Ret' }] })),
      ).message,
    ).toContain('local 0');
  });

  it('refuses module tables inside a script', () => {
    const s = readScript(at(sdk.binaries, 0).hex);
    const asModule = writeModule({
      ...tinyModule(),
      ...s,
      kind: 'module',
      selfModuleHandleIdx: 0,
      structDefs: [],
      functionDefs: [],
      fieldHandles: [],
      friendDecls: [{ address: 0, name: 0 }],
      structDefInstantiations: [],
      fieldInstantiations: [],
      structVariantHandles: [],
      structVariantInstantiations: [],
      variantFieldHandles: [],
      variantFieldInstantiations: [],
    });
    expect(errorOf(() => readScript(asModule)).message).toContain('Bad table in Script');
  });

  it('refuses duplicate tables and gaps between tables', () => {
    const bytes = writeModule(tinyModule());
    // header: magic(4) version(4) count(1) then [kind offset size]...
    const dup = bytes.slice();
    dup[12] = at([...dup], 9); // second table's kind := first table's kind
    expect(['DUPLICATE_TABLE', 'BAD_HEADER_TABLE']).toContain(
      errorOf(() => readModule(dup)).status,
    );
    const gap = bytes.slice();
    gap[10] = 1; // first table starts at 1
    expect(errorOf(() => readModule(gap)).status).toBe('BAD_HEADER_TABLE');
  });

  it('refuses an invalid identifier and bad hex', () => {
    const bytes = writeModule(tinyModule({ identifiers: ['m'] }));
    const i = bytes.indexOf(0x6d); // 'm'
    bytes[i] = 0x31; // '1'
    expect(errorOf(() => readModule(bytes)).message).toContain('Invalid Identifier');
    expect(errorOf(() => readModule('0xzz')).status).toBe('MALFORMED');
  });
});

describe('the writer', () => {
  it('builds a module the reader reads back identically (v7 enum tables included)', () => {
    const m = tinyModule({
      version: 7,
      identifiers: ['m', 'E', 'A', 'B', 'x'],
      structHandles: [
        {
          module: 0,
          name: 1,
          abilities: 0b0011,
          typeParameters: [{ constraints: 0, isPhantom: true }],
        },
      ],
      structDefs: [
        {
          structHandle: 0,
          fieldInformation: {
            kind: 'DeclaredVariants',
            variants: [
              { name: 2, fields: [{ name: 4, signature: { kind: 'U64' } }] },
              { name: 3, fields: [{ name: 4, signature: { kind: 'U64' } }] },
            ],
          },
        },
      ],
      structVariantHandles: [{ struct: 0, variant: 1 }],
      variantFieldHandles: [{ struct: 0, variants: [0, 1], field: 0 }],
      signatures: [[], [{ kind: 'U64' }]],
      structVariantInstantiations: [{ handle: 0, typeParameters: 1 }],
      constantPool: [
        { type: { kind: 'Vector', inner: { kind: 'U8' } }, data: Uint8Array.of(1, 7) },
      ],
      metadata: [{ key: Uint8Array.of(1), value: Uint8Array.of(2, 3) }],
    });
    const back = readModule(writeModule(m));
    expect(back).toEqual(m);
  });
});
