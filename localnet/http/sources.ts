import type { Json } from '../encoding.ts';
import { parseAddress } from '../encoding.ts';
import { NodeError } from '../errors.ts';
import { readSourceMap, SourceMapError } from '../move/sourceMap.ts';
import type { PackageSources } from '../move/sourceStore.ts';
import type { LocalNode } from '../node/node.ts';
import { isJsonObject, jsonBody } from './params.ts';
import type { HttpRequest, Route } from './types.ts';

/** The path of the sources control; its body may be larger than a transaction's (server.ts). */
export const SOURCES_PATH = '/workbench/sources';

const invalid = (message: string) => new NodeError({ code: 'invalid_input', message });
const HEX = /^0x([0-9a-fA-F]{2})*$/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

function request(req: HttpRequest): PackageSources {
  const body: Json = req.body.length === 0 ? {} : jsonBody(req);
  if (!isJsonObject(body)) throw invalid('Expected a JSON object');
  const { address, package: pkg, modules, files } = body;
  if (typeof pkg !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(pkg)) {
    throw invalid('`package` must be the package name of Move.toml, e.g. "Market"');
  }
  if (!Array.isArray(modules) || modules.length === 0) {
    throw invalid('`modules` must be a non-empty array of { name, sourceMap: "0x…" }');
  }
  const decoded = modules.map((item, i) => {
    if (!isJsonObject(item) || typeof item.name !== 'string' || !IDENTIFIER.test(item.name)) {
      throw invalid(`\`modules[${i}].name\` must be a module name`);
    }
    if (typeof item.sourceMap !== 'string' || !HEX.test(item.sourceMap)) {
      throw invalid(`\`modules[${i}].sourceMap\` must be the .mvsm file's bytes as 0x-hex`);
    }
    return {
      name: item.name,
      sourceMap: Uint8Array.from(Buffer.from(item.sourceMap.slice(2), 'hex')),
    };
  });
  if (!isJsonObject(files ?? {})) {
    throw invalid('`files` must map paths in the package to source text');
  }
  const texts: { [path: string]: string } = {};
  for (const [path, text] of Object.entries(files ?? {})) {
    if (typeof text !== 'string') throw invalid(`\`files["${path}"]\` must be the file's text`);
    texts[path] = text;
  }
  let owner = typeof address === 'string' ? parseAddress(address) : null;
  if (address !== undefined && owner === null) {
    throw invalid('`address` must be the account the package is published at');
  }
  // Without `address`, the one the package was compiled for (the source map names it).
  owner ??= parseAddress(
    readSourceMap(decoded[0]?.sourceMap ?? new Uint8Array()).module?.address ?? '',
  );
  if (owner === null) throw invalid('`address` is needed: the source map names no module address');
  return { address: owner, package: pkg, modules: decoded, files: texts };
}

/**
 * `POST /workbench/sources` (a dev control: loopback origins, JSON only): keeps a published
 * package's source maps and source files in the node's memory, so traces show `file.move:line`.
 * Answers `{ modules, files, missing_files }`.
 */
export function sourceRoutes(node: LocalNode): Route[] {
  return [
    {
      method: 'POST',
      pattern: SOURCES_PATH,
      handler: (req) => {
        try {
          const added = node.sources.add(request(req));
          return {
            json: { modules: added.modules, files: added.files, missing_files: added.missingFiles },
          };
        } catch (error) {
          if (error instanceof SourceMapError) throw invalid(error.message);
          throw error;
        }
      },
    },
  ];
}
