/**
 * The REST client a fork reads its upstream node with: only GETs and read-only POSTs (raw table
 * items), never a submission. Every request is counted (requests, bytes); a 429 is retried after
 * its `Retry-After` (or a growing backoff); a 410 (pruned version) and an upstream that does not
 * answer become `NodeError`s that say what would be needed.
 */
import { NodeError } from '../errors.ts';

/** What a fork has read so far, reported as it goes (`onProgress`). */
export interface ForkProgress {
  /** HTTP requests made (retries included). */
  requests: number;
  /** Response bytes received. */
  bytes: number;
  /** State values (resources, modules, table items) asked for or listed, absent ones included. */
  keys: number;
  /** Set while waiting after a 429: the attempt and how long it waits. */
  rateLimited?: { attempt: number; waitMs: number };
}

export interface UpstreamOptions {
  /** Called after each response and before each wait on a 429. */
  onProgress?: (progress: ForkProgress) => void;
  /** Retries after a 429 before giving up (default 8). */
  maxRetries?: number;
  /** First backoff when the 429 has no `Retry-After` (default 250 ms, doubling, at most 10 s). */
  backoffMs?: number;
  /** Per request (default 30 s). */
  timeoutMs?: number;
}

export interface UpstreamResponse {
  status: number;
  body: Buffer;
  headers: Headers;
}

const BCS = 'application/x-bcs';
/** This chain's own answer form for a transaction: its `SignedTransaction` BCS alone. */
export const SIGNED_TRANSACTION_BCS = 'application/x.aptos.signed_transaction+bcs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `Retry-After` in ms: seconds or an HTTP date; `undefined` when absent or unreadable. */
function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1_000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The upstream's REST base with `/v1`, whatever form the user gave. */
function restBase(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`;
}

export class Upstream {
  readonly url: string;
  readonly progress: ForkProgress = { requests: 0, bytes: 0, keys: 0 };

  constructor(
    url: string,
    private readonly options: UpstreamOptions = {},
  ) {
    this.url = restBase(url);
  }

  /** Counts a state value read (once per value fetched, listed, or asked for and absent). */
  countKey(): void {
    this.progress.keys += 1;
  }

  private report(extra: Partial<ForkProgress> = {}): void {
    this.options.onProgress?.({ ...this.progress, ...extra });
  }

  /**
   * One request, retried on 429. Answers 2xx and 404 (a missing value); throws a `NodeError` for
   * a pruned version (410), an upstream that does not answer, and any other status.
   */
  async request(
    path: string,
    init: { method?: 'GET' | 'POST'; json?: unknown; accept?: string } = {},
  ): Promise<UpstreamResponse> {
    const maxRetries = this.options.maxRetries ?? 8;
    let backoff = this.options.backoffMs ?? 250;
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(`${this.url}${path}`, {
          method: init.method ?? 'GET',
          headers: {
            accept: init.accept ?? 'application/json',
            ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
        });
      } catch (error) {
        throw this.unreachable(path, error);
      }
      let body: Buffer;
      try {
        body = Buffer.from(await response.arrayBuffer());
      } catch (error) {
        throw this.unreachable(path, error);
      }
      this.progress.requests += 1;
      this.progress.bytes += body.length;
      if (response.status === 429 && attempt < maxRetries) {
        const waitMs = Math.min(
          retryAfterMs(response.headers.get('retry-after')) ?? backoff,
          60_000,
        );
        backoff = Math.min(backoff * 2, 10_000);
        this.report({ rateLimited: { attempt: attempt + 1, waitMs } });
        await sleep(waitMs);
        continue;
      }
      this.report();
      if (response.ok || response.status === 404) {
        return { status: response.status, body, headers: response.headers };
      }
      throw this.failure(path, response, body, attempt);
    }
  }

  /** GET (or POST) answering JSON; `null` for a 404. */
  async json(path: string, init: { json?: unknown } = {}): Promise<unknown> {
    const response = await this.request(path, {
      ...(init.json === undefined ? {} : { method: 'POST' as const, json: init.json }),
    });
    return response.status === 404 ? null : (JSON.parse(response.body.toString('utf8')) as unknown);
  }

  /** A BCS answer; `null` for a 404. */
  async bcs(
    path: string,
    init: { json?: unknown; accept?: string } = {},
  ): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    const response = await this.request(path, {
      accept: init.accept ?? BCS,
      ...(init.json === undefined ? {} : { method: 'POST' as const, json: init.json }),
    });
    if (response.status === 404) return null;
    return {
      bytes: new Uint8Array(response.body),
      contentType: response.headers.get('content-type') ?? '',
    };
  }

  private unreachable(path: string, error: unknown): NodeError {
    const cause = error instanceof Error ? (error.cause ?? error) : error;
    const reason =
      cause instanceof Error
        ? `${(cause as { code?: string }).code ?? cause.name}: ${cause.message}`
        : String(cause);
    return new NodeError({
      code: 'internal_error',
      message: `The upstream node ${this.url} did not answer (${reason}) while reading ${path}: nothing was applied; check that it runs, then retry`,
    });
  }

  private failure(path: string, response: Response, body: Buffer, attempt: number): NodeError {
    let detail = '';
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { message?: unknown };
      if (typeof parsed.message === 'string') detail = `: ${parsed.message}`;
    } catch {
      detail = body.length > 0 ? `: ${body.toString('utf8').slice(0, 200)}` : '';
    }
    if (response.status === 410) {
      const oldest = response.headers.get('x-aptos-ledger-oldest-version');
      return new NodeError({
        code: 'version_pruned',
        message: `The upstream node ${this.url} has pruned the state asked for (${path})${detail}. Fork at a newer version${oldest === null ? '' : ` (its oldest is ${oldest})`}, or use an archive node, which keeps every version`,
      });
    }
    if (response.status === 429) {
      return new NodeError({
        code: 'rate_limited',
        message: `The upstream node ${this.url} still rate-limits (429) after ${attempt} retries reading ${path}: retry later, or use a node with a higher limit (an API key)`,
      });
    }
    return new NodeError({
      code: 'internal_error',
      message: `The upstream node ${this.url} answered ${response.status} to ${path}${detail}`,
    });
  }
}
