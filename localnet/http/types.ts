/** A request as the pure router sees it (the node:http adapter builds it). */
export interface HttpRequest {
  method: string;
  /** Path without the query string, still percent-encoded. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  body: Uint8Array;
  /** Set by the adapter when the body went over the limit (it stops reading it). */
  bodyTooLarge?: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

/** What a handler returns: a JSON-able body (or a pre-serialised one) and extra headers. */
export interface HandlerResult {
  status?: number;
  json?: unknown;
  /** Already serialised JSON (for bare u64 numbers, which JSON.stringify cannot print from bigint), or BCS bytes. */
  raw?: string | Uint8Array;
  headers?: Record<string, string>;
}

export type Handler = (
  req: HttpRequest,
  params: Record<string, string>,
) => HandlerResult | Promise<HandlerResult>;

export interface Route {
  method: 'GET' | 'POST';
  /** Segments; `:name` captures one segment, `*name` the rest of the path. */
  pattern: string;
  handler: Handler;
}
