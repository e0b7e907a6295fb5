/**
 * Source maps given to the chain (`POST /workbench/sources`), kept in memory like the other dev
 * controls' state (snapshots, faults): a restart forgets them, post them again. `annotateSources`
 * gives a trace's bytecode frames and steps their `file.move:line`.
 */
import { BoundedMap, parseAddress, type LongAddress } from '../encoding.ts';
import type { CompiledModule } from './binary/types.ts';
import {
  codeLocation,
  fileHash,
  lineColumn,
  readSourceMap,
  SourceMapError,
  type FunctionSourceMap,
  type SourceLoc,
} from './sourceMap.ts';
import type { MoveTrace, TraceFrame, TraceSource } from './vm/traceTypes.ts';

/** What `POST /workbench/sources` takes, decoded. */
export interface PackageSources {
  address: LongAddress;
  /** The package's name, as in Move.toml: trace file keys are `<package>/sources/<file>.move`. */
  package: string;
  modules: Array<{ name: string; sourceMap: Uint8Array }>;
  /** Source text by path in the package (`sources/m.move`). */
  files: { [path: string]: string };
}

export interface AddedSources {
  modules: string[];
  /** The files some location points at, as trace keys. */
  files: string[];
  /** File hashes a location points at that no given file has. */
  missingFiles: number;
}

interface ModuleSources {
  /** By function name. */
  functions: Map<string, FunctionSourceMap>;
}

interface SourceFile {
  key: string;
  text: string;
}

/** Modules and files kept; past them the least recently used go. */
export const SOURCE_LIMITS = { modules: 1_024, fileChars: 64 * 2 ** 20 } as const;

/** Finds a published module (latest state), or null. */
export type ModuleLookup = (address: LongAddress, name: string) => CompiledModule | null;

export class SourceStore {
  private readonly modules = new BoundedMap<string, ModuleSources>(SOURCE_LIMITS.modules);
  private readonly files = new BoundedMap<string, SourceFile>(Number.MAX_SAFE_INTEGER, {
    maxWeight: SOURCE_LIMITS.fileChars,
    weigh: (_hash, file) => file.text.length,
  });

  constructor(private readonly lookup: ModuleLookup) {}

  /**
   * Keeps a package's source maps and the files they point at. Each module must be published at
   * `address` with as many functions as its source map describes (a map's functions are by
   * definition index; the names come from the bytecode).
   *
   * @throws SourceMapError for a map that cannot be read or does not fit the published module.
   */
  add(input: PackageSources): AddedSources {
    const read = input.modules.map(({ name, sourceMap }) => {
      const map = readSourceMap(sourceMap);
      if (map.module !== null && map.module.name !== name) {
        throw new SourceMapError(`the source map given for ${name} is module ${map.module.name}'s`);
      }
      const module = this.lookup(input.address, name);
      if (module === null) {
        throw new SourceMapError(
          `no module ${input.address}::${name} is published: publish the package first`,
        );
      }
      if (map.functions.size !== module.functionDefs.length) {
        throw new SourceMapError(
          `the source map of ${name} describes ${map.functions.size} functions, the published module has ${module.functionDefs.length}: was it built from other sources?`,
        );
      }
      const functions = new Map<string, FunctionSourceMap>();
      module.functionDefs.forEach((def, index) => {
        const handle = module.functionHandles[def.function];
        const fn = map.functions.get(index);
        if (handle !== undefined && fn !== undefined)
          functions.set(module.identifiers[handle.name] ?? '', fn);
      });
      return { name, functions };
    });
    const byHash = new Map<string, SourceFile>();
    for (const [path, text] of Object.entries(input.files)) {
      byHash.set(fileHash(text), { key: `${input.package}/${path.replace(/^\/+/, '')}`, text });
    }
    const referenced = new Set<string>();
    for (const { functions } of read) {
      for (const fn of functions.values()) {
        referenced.add(fn.definition.fileHash);
        for (const { loc } of fn.code) referenced.add(loc.fileHash);
      }
    }
    const files: string[] = [];
    let missingFiles = 0;
    for (const hash of referenced) {
      const file = byHash.get(hash);
      if (file === undefined) {
        if (this.files.get(hash) === undefined) missingFiles += 1;
        continue;
      }
      this.files.set(hash, file);
      files.push(file.key);
    }
    for (const { name, functions } of read) {
      this.modules.set(`${input.address}::${name}`, { functions });
    }
    return {
      modules: read.map(({ name }) => `${input.address}::${name}`),
      files: files.sort(),
      missingFiles,
    };
  }

  /** The source line of `0xcafe::m::f` at a code offset, with its file, or null. */
  locate(fn: string, offset: number): { source: TraceSource; text: string } | null {
    const parts = fn.split('::');
    if (parts.length !== 3) return null;
    const [address, module, name] = parts as [string, string, string];
    const long = parseAddress(address);
    if (long === null) return null;
    const sources = this.modules.get(`${long}::${module}`);
    const map = sources?.functions.get(name);
    const loc = map === undefined ? null : codeLocation(map, offset);
    return loc === null ? null : this.place(loc);
  }

  private place(loc: SourceLoc): { source: TraceSource; text: string } | null {
    const file = this.files.get(loc.fileHash);
    if (file === undefined) return null;
    return { source: { file: file.key, ...lineColumn(file.text, loc.start) }, text: file.text };
  }
}

const FAILED = new Set<TraceFrame['status']>(['abort', 'error', 'out_of_gas']);

/**
 * The code offset a frame's line is taken at: where it stopped (`offset`: the aborting or failing
 * instruction), else the call it made to the child on the failing path (that child's
 * `callOffset`), else its first instruction (0).
 */
export function frameOffset(frame: TraceFrame, children: readonly TraceFrame[]): number {
  if (frame.offset !== undefined) return frame.offset;
  const failing = children.find((child) => FAILED.has(child.status));
  return failing?.callOffset ?? 0;
}

/**
 * Sets `source` on each bytecode frame and step that a given source map covers, and
 * `trace.sources` to the text of the files they point at. Returns the same trace.
 */
export function annotateSources(trace: MoveTrace, store: SourceStore): MoveTrace {
  const children = new Map<number, TraceFrame[]>();
  for (const frame of trace.frames) {
    const siblings = children.get(frame.parent);
    if (siblings === undefined) children.set(frame.parent, [frame]);
    else siblings.push(frame);
  }
  const texts: { [file: string]: string } = { ...trace.sources };
  // A stepping trace repeats the same instructions: each is located once.
  const seen = new Map<string, TraceSource | null>();
  const at = (fn: string, offset: number): TraceSource | null => {
    const key = `${fn}#${offset}`;
    const known = seen.get(key);
    if (known !== undefined) return known;
    const found = store.locate(fn, offset);
    if (found !== null) texts[found.source.file] = found.text;
    seen.set(key, found?.source ?? null);
    return found?.source ?? null;
  };
  for (const frame of trace.frames) {
    if (frame.kind !== 'bytecode') continue;
    const source = at(frame.function, frameOffset(frame, children.get(frame.id) ?? []));
    if (source !== null) frame.source = source;
  }
  for (const step of trace.steps ?? []) {
    const frame = trace.frames[step.frame];
    if (frame?.kind !== 'bytecode') continue;
    const source = at(frame.function, step.offset);
    if (source !== null) step.source = source;
  }
  if (Object.keys(texts).length > 0) trace.sources = texts;
  return trace;
}
