import { Serializer } from '@aptos-labs/ts-sdk';
import { createHash } from 'node:crypto';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/** A location as the test writes it: a span of the source text, found by its first occurrence. */
export interface SpanLoc {
  start: number;
  end: number;
}

export interface FunctionMapInput {
  definition: SpanLoc;
  params: string[];
  locals?: string[];
  /** Segment starts: code offset → span. */
  code: Array<[offset: number, span: SpanLoc]>;
  isNative?: boolean;
}

/**
 * The `.mvsm` bytes `aptos move compile` would write for a module (move-bytecode-source-map's
 * `SourceMap` in BCS), through the ts-sdk Serializer: every location in the file of `source`.
 * `legacyFields` writes a struct's fields as `Vec<Loc>` (compilers before enums).
 */
export function writeSourceMap(args: {
  source: string;
  address: string;
  module: string;
  definition: SpanLoc;
  functions: FunctionMapInput[];
  structs?: Array<{ definition: SpanLoc; fields: SpanLoc[] }>;
  constants?: Array<[name: string, index: number]>;
  legacyFields?: boolean;
  /** Hash the locations carry (default: the source's SHA-256). */
  fileHash?: Uint8Array;
}): Uint8Array {
  const hash = args.fileHash ?? createHash('sha256').update(args.source, 'utf8').digest();
  const s = new Serializer();
  const loc = (span: SpanLoc) => {
    s.serializeFixedBytes(hash);
    s.serializeU32(span.start);
    s.serializeU32(span.end);
  };
  const names = (items: string[], span: SpanLoc) => {
    s.serializeU32AsUleb128(items.length);
    for (const item of items) {
      s.serializeStr(item);
      loc(span);
    }
  };
  loc(args.definition);
  s.serializeBool(true);
  s.serializeFixedBytes(Buffer.from(args.address.replace(/^0x/, '').padStart(64, '0'), 'hex'));
  s.serializeStr(args.module);
  const structs = args.structs ?? [];
  s.serializeU32AsUleb128(structs.length);
  structs.forEach((struct, index) => {
    s.serializeU16(index);
    loc(struct.definition);
    names([], struct.definition);
    if (args.legacyFields === true) {
      s.serializeU32AsUleb128(struct.fields.length);
    } else {
      s.serializeU32AsUleb128(1);
      s.serializeU32AsUleb128(struct.fields.length);
    }
    for (const field of struct.fields) loc(field);
  });
  s.serializeU32AsUleb128(args.functions.length);
  args.functions.forEach((fn, index) => {
    s.serializeU16(index);
    loc(fn.definition);
    names([], fn.definition);
    names(fn.params, fn.definition);
    names(fn.locals ?? [], fn.definition);
    s.serializeU32AsUleb128(0);
    // As BCS orders a map: by the keys' bytes (u16 little-endian).
    const code = [...fn.code].sort(([a], [b]) => (a & 0xff) - (b & 0xff) || (a >> 8) - (b >> 8));
    s.serializeU32AsUleb128(code.length);
    for (const [offset, span] of code) {
      s.serializeU16(offset);
      loc(span);
    }
    s.serializeBool(fn.isNative ?? false);
  });
  const constants = args.constants ?? [];
  s.serializeU32AsUleb128(constants.length);
  for (const [name, index] of constants) {
    s.serializeStr(name);
    s.serializeU16(index);
  }
  return s.toUint8Array();
}

/** The byte span of the first `needle` in `text` (after `from`, when given). */
export function spanOf(text: string, needle: string, from = ''): SpanLoc {
  const after = from === '' ? 0 : text.indexOf(from);
  const index = text.indexOf(needle, after);
  if (index < 0) throw new Error(`"${needle}" is not in the source`);
  const start = Buffer.byteLength(text.slice(0, index), 'utf8');
  return { start, end: start + Buffer.byteLength(needle, 'utf8') };
}

/** The 1-based line of the first `needle` in `text`. */
export function lineOf(text: string, needle: string): number {
  return text.slice(0, text.indexOf(needle)).split('\n').length;
}

/** The source of the three-frame package: `a` calls `b`, `b` calls `c`, `c` aborts with 7 under 100. */
export const ABC_SOURCE = `module owner::m {
    // Prices below this abort (“too low”).
    const E_TOO_LOW: u64 = 7;

    public entry fun a(_s: &signer, x: u64) {
        b(x + 1);
    }

    fun b(x: u64) {
        c(x * 2);
    }

    fun c(x: u64) {
        assert!(x > 100, E_TOO_LOW);
    }
}
`;

/**
 * The three-frame package built with the project's bytecode writer, its source map and the lines
 * each frame is expected at. Definition order c, b, a (the map is by definition index).
 */
export function abcPackage(address: string): {
  module: CompiledModule;
  sourceMap: Uint8Array;
  source: string;
  lines: { a: number; b: number; c: number };
} {
  const b = new ModuleBuilder(address, 'm');
  const c = b.fn('c', {
    params: [S.u64],
    visibility: 'private',
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'LdU64', value: 100n },
      { op: 'Gt' },
      { op: 'BrTrue', offset: 6 },
      { op: 'LdU64', value: 7n },
      { op: 'Abort' },
      { op: 'Ret' },
    ],
  });
  const bFn = b.fn('b', {
    params: [S.u64],
    visibility: 'private',
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'LdU64', value: 2n },
      { op: 'Mul' },
      { op: 'Call', fn: c },
      { op: 'Ret' },
    ],
  });
  b.fn('a', {
    params: [S.ref(S.signer), S.u64],
    entry: true,
    code: [
      { op: 'MoveLoc', local: 1 },
      { op: 'LdU64', value: 1n },
      { op: 'Add' },
      { op: 'Call', fn: bFn },
      { op: 'Ret' },
    ],
  });
  const src = ABC_SOURCE;
  const sourceMap = writeSourceMap({
    source: src,
    address,
    module: 'm',
    definition: spanOf(src, 'module owner::m'),
    constants: [['E_TOO_LOW', 0]],
    functions: [
      {
        definition: spanOf(src, 'c(x: u64)'),
        params: ['x'],
        code: [
          [0, spanOf(src, 'x > 100')],
          [4, spanOf(src, 'assert!(x > 100, E_TOO_LOW)')],
          [6, spanOf(src, '}', 'assert!')],
        ],
      },
      {
        definition: spanOf(src, 'b(x: u64)'),
        params: ['x'],
        code: [
          [0, spanOf(src, 'x * 2')],
          [3, spanOf(src, 'c(x * 2)')],
        ],
      },
      {
        definition: spanOf(src, 'a(_s: &signer, x: u64)'),
        params: ['_s', 'x'],
        code: [
          [0, spanOf(src, 'x + 1')],
          [3, spanOf(src, 'b(x + 1)')],
          [4, spanOf(src, '}', 'b(x + 1)')],
        ],
      },
    ],
  });
  return {
    module: b.build(),
    sourceMap,
    source: src,
    lines: {
      a: lineOf(src, 'b(x + 1)'),
      b: lineOf(src, 'c(x * 2)'),
      c: lineOf(src, 'assert!'),
    },
  };
}
