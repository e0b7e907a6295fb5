import { RequestError } from '../errors.ts';
import { contentType } from './params.ts';
import type { HttpRequest } from './types.ts';

/**
 * Who may talk to the chain. The read API is open to any origin, as a node's is. The dev controls
 * and the faucet (`guarded` routes) take requests only from loopback origins (any port) and the
 * `--allow-origin` additions, with `application/json` bodies. Every service refuses a `Host` that
 * is not a loopback name or the `--host` address (DNS rebinding).
 */
export interface AccessPolicy {
  /** The `--host` address the services listen on. */
  host: string;
  /** Origins besides loopback ones allowed on guarded routes, e.g. `https://tools.example`. */
  allowOrigins: readonly string[];
}

const LOOPBACK_NAMES = new Set(['localhost', '::1', '[::1]']);

function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return (
    LOOPBACK_NAMES.has(name) || name.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(name)
  );
}

/** The host name of a `Host` header, without the port (`[::1]:8080` → `[::1]`). */
function hostName(header: string): string {
  if (header.startsWith('[')) return header.slice(0, header.indexOf(']') + 1);
  const colon = header.lastIndexOf(':');
  return colon === -1 ? header : header.slice(0, colon);
}

const forbidden = (message: string) =>
  new RequestError({ status: 403, code: 'web_framework_error', message });

/** Refuses a `Host` that is neither a loopback name nor the listening address. */
export function checkHost(req: HttpRequest, policy: AccessPolicy): void {
  const header = req.headers.host;
  if (header === undefined) return;
  const name = hostName(header).toLowerCase();
  const listening = policy.host.toLowerCase();
  if (isLoopbackName(name) || name === listening || name === `[${listening}]`) return;
  throw forbidden(
    `Host ${JSON.stringify(header)} is not served here: use 127.0.0.1 or localhost (the chain answers only its own names)`,
  );
}

/** True for a loopback origin (any port) or one the policy adds. */
export function isAllowedOrigin(origin: string, policy: AccessPolicy): boolean {
  if (policy.allowOrigins.includes(origin)) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackName(url.hostname);
  } catch {
    return false;
  }
}

/** The checks of a guarded route (dev controls, faucet): its origin, then a JSON body. */
export function checkGuarded(req: HttpRequest, policy: AccessPolicy): void {
  const origin = req.headers.origin;
  if (origin !== undefined && !isAllowedOrigin(origin, policy)) {
    throw forbidden(
      `Origin ${origin} may not use the dev controls or the faucet; start the chain with --allow-origin ${origin} to allow it`,
    );
  }
  if (req.method === 'POST' && req.body.length > 0 && contentType(req) !== 'application/json') {
    throw new RequestError({
      status: 415,
      code: 'web_framework_error',
      message: `Unsupported content type ${JSON.stringify(contentType(req))}: send the body as application/json`,
    });
  }
}
