/**
 * Move source maps (`build/<Package>/source_maps/<module>.mvsm`, written by `aptos move compile`):
 * the BCS of move-bytecode-source-map's `SourceMap`, read here with the ts-sdk's Deserializer.
 *
 * Layout (serde field order, BCS: maps are a ULEB128 count then sorted key/value pairs):
 * - `SourceMap { definition_location: Loc, module_name_opt: Option<(AccountAddress, Identifier)>,
 *   struct_map: Map<u16, StructSourceMap>, function_map: Map<u16, FunctionSourceMap>,
 *   constant_map: Map<String, u16> }`
 * - `StructSourceMap { definition_location: Loc, type_parameters: Vec<(String, Loc)>,
 *   fields: Vec<Vec<Loc>> }` (one vector per enum variant; compilers before enums wrote `Vec<Loc>`)
 * - `FunctionSourceMap { definition_location: Loc, type_parameters, parameters, locals:
 *   Vec<(String, Loc)>, nops: Map<String, u16>, code_map: Map<u16, Loc>, is_native: bool }`
 * - `Loc { file_hash: [u8; 32], start: u32, end: u32 }`: byte offsets into the file whose
 *   SHA-256 is `file_hash` (move-command-line-common's `FileHash`).
 */
import { createHash } from 'node:crypto';
import { Deserializer } from '@aptos-labs/ts-sdk';

export interface SourceLoc {
  /** SHA-256 of the source file's bytes, hex without `0x`. */
  fileHash: string;
  /** Byte offsets into the file, end exclusive. */
  start: number;
  end: number;
}

export interface FunctionSourceMap {
  definition: SourceLoc;
  typeParameters: string[];
  parameters: string[];
  locals: string[];
  /** The code map: segment starts, ascending; an offset maps to the last start ≤ it. */
  code: Array<{ offset: number; loc: SourceLoc }>;
  isNative: boolean;
}

export interface SourceMap {
  definition: SourceLoc;
  /** `null` for a script's source map. */
  module: { address: `0x${string}`; name: string } | null;
  /** By function definition index. */
  functions: Map<number, FunctionSourceMap>;
}

/** Thrown for bytes that are not a source map. */
export class SourceMapError extends Error {
  override readonly name = 'SourceMapError';
}

function loc(d: Deserializer): SourceLoc {
  const fileHash = Buffer.from(d.deserializeFixedBytes(32)).toString('hex');
  const start = d.deserializeU32();
  const end = d.deserializeU32();
  if (end < start) throw new SourceMapError(`a location ends (${end}) before it starts (${start})`);
  return { fileHash, start, end };
}

function vec<T>(d: Deserializer, item: () => T): T[] {
  const n = d.deserializeUleb128AsU32();
  // Each item takes at least a byte: a count past what is left is damage, not a huge vector.
  if (n > d.remaining())
    throw new SourceMapError(`a vector of ${n} items in ${d.remaining()} bytes`);
  const out: T[] = [];
  for (let i = 0; i < n; i += 1) out.push(item());
  return out;
}

const names = (d: Deserializer) =>
  vec(d, () => {
    const name = d.deserializeStr();
    loc(d);
    return name;
  });

function read(bytes: Uint8Array, legacyFields: boolean): SourceMap {
  const d = new Deserializer(bytes);
  const definition = loc(d);
  const module = d.deserializeBool()
    ? {
        address: `0x${Buffer.from(d.deserializeFixedBytes(32)).toString('hex')}` as const,
        name: d.deserializeStr(),
      }
    : null;
  vec(d, () => {
    d.deserializeU16();
    loc(d);
    names(d);
    if (legacyFields) vec(d, () => loc(d));
    else vec(d, () => vec(d, () => loc(d)));
  });
  const functions = new Map<number, FunctionSourceMap>();
  for (const [index, fn] of vec(d, () => {
    const index = d.deserializeU16();
    const definition = loc(d);
    const typeParameters = names(d);
    const parameters = names(d);
    const locals = names(d);
    vec(d, () => [d.deserializeStr(), d.deserializeU16()]);
    // BCS sorts a map by its keys' bytes (u16 little-endian), not by number.
    const code = vec(d, () => ({ offset: d.deserializeU16(), loc: loc(d) })).sort(
      (a, b) => a.offset - b.offset,
    );
    const isNative = d.deserializeBool();
    return [index, { definition, typeParameters, parameters, locals, code, isNative }] as const;
  }))
    functions.set(index, fn);
  vec(d, () => [d.deserializeStr(), d.deserializeU16()]);
  if (d.remaining() !== 0) throw new SourceMapError(`${d.remaining()} bytes past the source map`);
  return { definition, module, functions };
}

/**
 * Reads a `.mvsm` file.
 *
 * @throws SourceMapError when the bytes are not a source map of either layout.
 */
export function readSourceMap(bytes: Uint8Array): SourceMap {
  try {
    return read(bytes, false);
  } catch (current) {
    try {
      return read(bytes, true);
    } catch {
      const reason = current instanceof Error ? current.message : String(current);
      throw new SourceMapError(`not a Move source map (.mvsm): ${reason}`);
    }
  }
}

/** The location of the instruction at `offset` (the code map is a segment map), or null. */
export function codeLocation(fn: FunctionSourceMap, offset: number): SourceLoc | null {
  if (fn.isNative) return offset === 0 ? fn.definition : null;
  let found: SourceLoc | null = null;
  for (const segment of fn.code) {
    if (segment.offset > offset) break;
    found = segment.loc;
  }
  return found;
}

/** A source file's `FileHash`: SHA-256 of its UTF-8 bytes, hex. */
export function fileHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The 1-based line and column of a byte offset in `text` (columns count characters, as an editor
 * shows them).
 */
export function lineColumn(text: string, byteOffset: number): { line: number; column: number } {
  const before = Buffer.from(text, 'utf8').subarray(0, byteOffset).toString('utf8');
  const lineStart = before.lastIndexOf('\n') + 1;
  let line = 1;
  for (let i = before.indexOf('\n'); i !== -1; i = before.indexOf('\n', i + 1)) line += 1;
  return { line, column: [...before.slice(lineStart)].length + 1 };
}
