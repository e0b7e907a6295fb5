import type { Json } from '../encoding.ts';
import { NodeError } from '../errors.ts';
import type { ForkProgress } from '../fork/upstream.ts';
import { isJsonObject, jsonBody } from './params.ts';
import type { HttpRequest, Route } from './types.ts';

/** One fork the chain started for the app (`POST /workbench/forks`). */
export interface ForkEntry {
  id: string;
  /** The upstream REST URL as given. */
  url: string;
  /** The fork point (the upstream's version its state is read at). */
  version: number;
  /** The fork's own REST URL (`…/v1`), on a free loopback port. */
  rest: string;
  chainId: number;
  /** Upstream reads so far (requests, bytes, state values, a 429 wait). */
  progress: ForkProgress;
}

/** What the routes need: the registry in `localnet/forkRegistry.ts`. */
export interface ForkLauncher {
  open(args: { url: string; version?: bigint }): Promise<ForkEntry>;
  list(): ForkEntry[];
}

const invalid = (message: string) => new NodeError({ code: 'invalid_input', message });

function openRequest(req: HttpRequest): { url: string; version?: bigint } {
  const body: Json = req.body.length === 0 ? {} : jsonBody(req);
  if (!isJsonObject(body)) throw invalid('Expected a JSON object');
  const { url, version } = body;
  if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url)) {
    throw invalid(
      '`url` must be an Aptos node REST URL, e.g. "https://api.mainnet.aptoslabs.com/v1"',
    );
  }
  if (version === undefined) return { url };
  if (typeof version !== 'string' || !/^[0-9]{1,20}$/.test(version)) {
    throw invalid('`version` must be a ledger version as a decimal string, e.g. "42"');
  }
  return { url, version: BigInt(version) };
}

const entryJson = (entry: ForkEntry) => ({
  id: entry.id,
  url: entry.url,
  version: String(entry.version),
  rest: entry.rest,
  chain_id: entry.chainId,
  progress: {
    requests: entry.progress.requests,
    bytes: entry.progress.bytes,
    keys: entry.progress.keys,
    ...(entry.progress.rateLimited === undefined
      ? {}
      : {
          rate_limited: {
            attempt: entry.progress.rateLimited.attempt,
            wait_ms: entry.progress.rateLimited.waitMs,
          },
        }),
  },
});

/**
 * `POST /workbench/forks {url, version?}` starts an in-process fork of `url` at `version` on free
 * loopback ports (or answers the one already open at that url and version) and answers its REST
 * URL; `GET /workbench/forks` lists them with their upstream reads. Dev controls: loopback
 * origins, JSON only. The forks stop with the chain.
 */
export function forkRoutes(launcher: ForkLauncher): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/workbench/forks',
      handler: () => ({ json: launcher.list().map(entryJson) }),
    },
    {
      method: 'POST',
      pattern: '/workbench/forks',
      handler: async (req) => ({ json: entryJson(await launcher.open(openRequest(req))) }),
    },
  ];
}
