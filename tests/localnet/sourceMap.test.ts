import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../localnet/encoding.ts';
import {
  codeLocation,
  fileHash,
  lineColumn,
  readSourceMap,
  SourceMapError,
} from '../../localnet/move/sourceMap.ts';
import { annotateSources, frameOffset, SourceStore } from '../../localnet/move/sourceStore.ts';
import { abcPackage, spanOf, writeSourceMap } from './move/sourceMapFixture.ts';
import { abcTrace, transferTrace } from './traceFixtures.ts';

const SRC = 'module 0xcafe::m {\n    fun f() { g(); h(); }\n}\n';

describe('readSourceMap: the BCS of move-bytecode-source-map’s SourceMap', () => {
  const bytes = writeSourceMap({
    source: SRC,
    address: '0xcafe',
    module: 'm',
    definition: spanOf(SRC, 'module'),
    structs: [{ definition: spanOf(SRC, 'm {'), fields: [spanOf(SRC, 'fun')] }],
    constants: [['E', 0]],
    functions: [
      {
        definition: spanOf(SRC, 'f()'),
        params: ['p'],
        locals: ['l0', 'l1'],
        // 300 sorts before 5 in BCS (little-endian key bytes 0x2c 0x01 < 0x05 0x00).
        code: [
          [0, spanOf(SRC, 'g()')],
          [5, spanOf(SRC, 'h()')],
          [300, spanOf(SRC, '}')],
        ],
      },
      { definition: spanOf(SRC, 'm'), params: [], code: [], isNative: true },
    ],
  });

  it('reads the module, each function by definition index, and its code map in offset order', () => {
    const map = readSourceMap(bytes);
    expect(map.module).toEqual({ address: parseAddress('0xcafe'), name: 'm' });
    expect(map.definition).toEqual({ fileHash: fileHash(SRC), ...spanOf(SRC, 'module') });
    const f = map.functions.get(0);
    expect(f?.parameters).toEqual(['p']);
    expect(f?.locals).toEqual(['l0', 'l1']);
    expect(f?.code.map((segment) => segment.offset)).toEqual([0, 5, 300]);
    expect(map.functions.get(1)?.isNative).toBe(true);
  });

  it('maps an offset to the segment it falls in; a native only at 0', () => {
    const map = readSourceMap(bytes);
    const f = map.functions.get(0);
    const native = map.functions.get(1);
    if (f === undefined || native === undefined) throw new Error('functions missing');
    expect(codeLocation(f, 0)?.start).toBe(spanOf(SRC, 'g()').start);
    expect(codeLocation(f, 4)?.start).toBe(spanOf(SRC, 'g()').start);
    expect(codeLocation(f, 5)?.start).toBe(spanOf(SRC, 'h()').start);
    expect(codeLocation(f, 299)?.start).toBe(spanOf(SRC, 'h()').start);
    expect(codeLocation(f, 301)?.start).toBe(spanOf(SRC, '}').start);
    expect(codeLocation(native, 0)).toEqual(native.definition);
    expect(codeLocation(native, 1)).toBeNull();
  });

  it('reads the layout of compilers before enums (a struct’s fields as one vector)', () => {
    const legacy = writeSourceMap({
      source: SRC,
      address: '0xcafe',
      module: 'm',
      definition: spanOf(SRC, 'module'),
      structs: [{ definition: spanOf(SRC, 'm {'), fields: [spanOf(SRC, 'f'), spanOf(SRC, 'g')] }],
      functions: [{ definition: spanOf(SRC, 'f()'), params: [], code: [[0, spanOf(SRC, 'g')]] }],
      legacyFields: true,
    });
    expect(readSourceMap(legacy).functions.get(0)?.code).toHaveLength(1);
  });

  it('refuses bytes that are not a source map, and a map with bytes after it', () => {
    expect(() => readSourceMap(Uint8Array.of(1, 2, 3))).toThrow(SourceMapError);
    expect(() => readSourceMap(Uint8Array.from([...bytes, 0]))).toThrow(
      /bytes past the source map/,
    );
    expect(() => readSourceMap(bytes.subarray(0, bytes.length - 1))).toThrow(SourceMapError);
  });
});

describe('fileHash and lineColumn', () => {
  it('hashes as move-command-line-common’s FileHash: SHA-256 of the bytes', () => {
    expect(fileHash('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(fileHash('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('turns a byte offset into a 1-based line and a character column', () => {
    const text = 'ab\n“é” x\ny';
    expect(lineColumn(text, 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn(text, 3)).toEqual({ line: 2, column: 1 });
    // “ is 3 bytes, é 2, ” 3: x starts at byte 3 + 9, the 5th character of line 2.
    expect(lineColumn(text, 12)).toEqual({ line: 2, column: 5 });
    expect(lineColumn(text, Buffer.byteLength(text) - 1)).toEqual({ line: 3, column: 1 });
  });
});

describe('SourceStore and annotateSources', () => {
  const address = parseAddress('0xcafe') ?? '0x';
  const pkg = abcPackage(address);
  const storeWith = () => {
    const store = new SourceStore((at, name) =>
      at === address && name === 'm' ? pkg.module : null,
    );
    return store;
  };

  it('puts each frame where it is: the abort, the call on the failing path', () => {
    const store = storeWith();
    const added = store.add({
      address,
      package: 'Abc',
      modules: [{ name: 'm', sourceMap: pkg.sourceMap }],
      files: { 'sources/m.move': pkg.source, 'sources/other.move': 'module x {}' },
    });
    expect(added).toEqual({
      modules: [`${address}::m`],
      files: ['Abc/sources/m.move'],
      missingFiles: 0,
    });
    const trace = annotateSources(abcTrace('0xcafe'), store);
    expect(trace.frames.map((f) => f.source?.line)).toEqual([
      undefined,
      pkg.lines.a,
      pkg.lines.b,
      pkg.lines.c,
    ]);
    expect(trace.frames[3]?.source).toEqual({
      file: 'Abc/sources/m.move',
      line: pkg.lines.c,
      column: 9,
    });
    expect(trace.sources).toEqual({ 'Abc/sources/m.move': pkg.source });
  });

  it('gives steps their line and leaves frames of modules without a map alone', () => {
    const store = storeWith();
    store.add({
      address,
      package: 'Abc',
      modules: [{ name: 'm', sourceMap: pkg.sourceMap }],
      files: { 'sources/m.move': pkg.source },
    });
    const trace = abcTrace('0xcafe');
    trace.steps = [
      { frame: 3, offset: 0, instruction: 'MoveLoc[0]', stack: [], locals: ['102'], gasLeft: '9' },
      { frame: 3, offset: 5, instruction: 'Abort', stack: ['7'], locals: [null], gasLeft: '8' },
    ];
    annotateSources(trace, store);
    expect(trace.steps.map((step) => step.source?.line)).toEqual([pkg.lines.c, pkg.lines.c]);
    const other = annotateSources(transferTrace(), store);
    expect(other.frames.every((f) => f.source === undefined)).toBe(true);
    expect(other.sources).toBeUndefined();
  });

  it('takes a succeeded frame’s line at its first instruction', () => {
    const [, a, b] = abcTrace().frames;
    if (a === undefined || b === undefined) throw new Error('frames missing');
    expect(frameOffset({ ...a, status: 'success' }, [{ ...b, status: 'success' }])).toBe(0);
    expect(frameOffset(a, [b])).toBe(3);
  });

  it('refuses a map for an unpublished module, or one describing other functions', () => {
    const store = new SourceStore(() => null);
    expect(() =>
      store.add({
        address,
        package: 'Abc',
        modules: [{ name: 'm', sourceMap: pkg.sourceMap }],
        files: {},
      }),
    ).toThrow(/publish the package first/);
    const other = abcPackage(address);
    const fewer = { ...other.module, functionDefs: other.module.functionDefs.slice(1) };
    expect(() =>
      new SourceStore(() => fewer).add({
        address,
        package: 'Abc',
        modules: [{ name: 'm', sourceMap: pkg.sourceMap }],
        files: {},
      }),
    ).toThrow(/describes 3 functions, the published module has 2/);
  });

  it('counts the files a map points at that were not given', () => {
    const added = storeWith().add({
      address,
      package: 'Abc',
      modules: [{ name: 'm', sourceMap: pkg.sourceMap }],
      files: { 'sources/m.move': `${pkg.source} ` },
    });
    expect(added).toMatchObject({ files: [], missingFiles: 1 });
  });
});
