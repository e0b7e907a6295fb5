import { must } from '../encoding.ts';
import { RequestError } from '../errors.ts';
import type { AccessPolicy } from './access.ts';
import { checkGuarded, checkHost } from './access.ts';
import { errorResponse } from './errors.ts';
import type { HandlerResult, HttpRequest, HttpResponse, Route } from './types.ts';

/**
 * The request headers a page may send: what the ts-sdk's client sends (`content-type`,
 * `x-aptos-client`, `x-aptos-typescript-sdk-origin-method`, and `authorization` when an API key is
 * set) and nothing else, so a preflight asking for another header fails in the browser.
 */
export const ALLOWED_HEADERS =
  'content-type, x-aptos-client, x-aptos-typescript-sdk-origin-method, authorization';

/**
 * CORS as an Aptos node answers it. The SDK's browser client sends credentials, and with
 * credentials a browser refuses every `*`: the origin is echoed instead, and the allowed and
 * exposed headers are named.
 */
function corsHeaders(req: HttpRequest): Record<string, string> {
  const origin = req.headers['origin'];
  if (origin === undefined) return { 'Access-Control-Allow-Origin': '*' };
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Expose-Headers':
      'x-aptos-chain-id, x-aptos-ledger-version, x-aptos-ledger-oldest-version, x-aptos-ledger-timestampusec, x-aptos-epoch, x-aptos-block-height, x-aptos-oldest-block-height, x-aptos-cursor, x-aptos-gas-used, x-workbench-native-framework',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}

interface CompiledRoute extends Route {
  segments: string[];
}

function match(segments: string[], path: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i += 1) {
    const segment = must(segments[i]);
    if (segment.startsWith('*')) {
      params[segment.slice(1)] = path.slice(i).join('/');
      return path.length > i ? params : null;
    }
    const part = path[i];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = part;
    else if (segment !== part) return null;
  }
  return segments.length === path.length ? params : null;
}

function respond(
  result: HandlerResult,
  headers: Record<string, string>,
  cors: Record<string, string>,
): HttpResponse {
  const body = result.raw ?? JSON.stringify(result.json ?? null);
  return {
    status: result.status ?? 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      ...cors,
      ...headers,
      ...result.headers,
    },
    body,
  };
}

/**
 * Builds a pure router: `handle(req)` finds the route, runs it and turns every error into an Aptos
 * error body through `http/errors.ts`. `headers()` adds per-response headers (the `X-Aptos-*` ones).
 */
export function createRouter(
  routes: Route[],
  options: {
    policy: AccessPolicy;
    /** Paths of the dev controls and the faucet (see `http/access.ts`). */
    guarded?: (path: string) => boolean;
    headers?: () => Record<string, string>;
    /** Runs a handler (a fork runs it again once the upstream state it missed is fetched). */
    settle?: <T>(run: () => Promise<T>) => Promise<T>;
  },
) {
  const settle = options.settle ?? ((run) => run());
  const headers = options.headers ?? (() => ({}));
  const guarded = options.guarded ?? (() => false);
  const compiled: CompiledRoute[] = routes.map((route) => ({
    ...route,
    segments: route.pattern.split('/').filter((s) => s !== ''),
  }));
  return async function handle(req: HttpRequest): Promise<HttpResponse> {
    let cors = corsHeaders(req);
    const path = req.path.split('/').filter((s) => s !== '');
    try {
      checkHost(req, options.policy);
      if (guarded(req.path)) checkGuarded(req, options.policy);
      if (req.method === 'OPTIONS') return { status: 204, headers: cors, body: '' };
      if (req.bodyTooLarge !== undefined) {
        throw new RequestError({
          status: 413,
          code: 'web_framework_error',
          message: `Payload too large: the request body exceeds the limit of ${req.bodyTooLarge} bytes`,
        });
      }
      let allowed = false;
      for (const route of compiled) {
        const params = match(route.segments, path);
        if (params === null) continue;
        if (route.method !== req.method) {
          allowed = true;
          continue;
        }
        const result = await settle(async () => route.handler(req, params));
        return respond(result, headers(), cors);
      }
      throw new RequestError({
        status: allowed ? 405 : 404,
        code: 'web_framework_error',
        message: allowed
          ? `Method ${req.method} not allowed on ${req.path}`
          : `Not found: ${req.method} ${req.path}`,
      });
    } catch (error) {
      // A refused origin or host gets no CORS headers: the browser keeps the answer from the page.
      if (error instanceof RequestError && error.status === 403) cors = {};
      const { status, body } = errorResponse(error);
      return respond({ status, json: body }, headers(), cors);
    }
  };
}

export type Router = ReturnType<typeof createRouter>;
