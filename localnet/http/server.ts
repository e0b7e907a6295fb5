import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Router } from './router.ts';
import { SOURCES_PATH } from './sources.ts';
import type { HttpRequest } from './types.ts';

/** Requests larger than this answer 413 (the largest transaction Aptos accepts is 64 KiB). */
export const MAX_BODY_BYTES = 65_536;

/**
 * A batch submission (`POST /v1/transactions/batch`, up to 100 transactions) may be larger: up to
 * the node's default `api.content_length_limit`, 8 MiB.
 */
export const MAX_BATCH_BODY_BYTES = 8 * 1024 * 1024;
const BATCH_PATH = '/v1/transactions/batch';
/** A package's source maps and sources (`POST /workbench/sources`) take the same. */
const LARGE_BODY_PATHS = new Set([BATCH_PATH, SOURCES_PATH]);

export interface HttpService {
  server: Server;
  port: number;
  close(): Promise<void>;
}

function readBody(
  req: IncomingMessage,
  limit: number,
): Promise<{ body: Uint8Array; tooLarge: boolean }> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.resolve({ body: new Uint8Array(), tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        req.pause();
        resolve({ body: new Uint8Array(), tooLarge });
      } else if (!tooLarge) {
        chunks.push(chunk);
      }
    });
    req.on('end', () => {
      if (tooLarge) return;
      // One copy into a plain array of its own (a chunk is a view of the socket's read buffer).
      const only = chunks.length === 1 ? chunks[0] : undefined;
      resolve({
        body: new Uint8Array(only ?? Buffer.concat(chunks, size)),
        tooLarge,
      });
    });
    req.on('error', reject);
  });
}

/** The thin node:http adapter around a pure router. */
export async function serve(args: {
  handle: Router;
  host: string;
  port: number;
  maxBodyBytes?: number;
}): Promise<HttpService> {
  const limit = args.maxBodyBytes ?? MAX_BODY_BYTES;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      try {
        const url = req.url ?? '/';
        const q = url.indexOf('?');
        const path = q === -1 ? url : url.slice(0, q);
        const bodyLimit = LARGE_BODY_PATHS.has(path)
          ? Math.max(limit, MAX_BATCH_BODY_BYTES)
          : limit;
        const { body, tooLarge } = await readBody(req, bodyLimit);
        const request: HttpRequest = {
          method: req.method ?? 'GET',
          path,
          query: new URLSearchParams(q === -1 ? '' : url.slice(q + 1)),
          headers: req.headers as Record<string, string | undefined>,
          body,
          ...(tooLarge ? { bodyTooLarge: bodyLimit } : {}),
        };
        const response = await args.handle(request);
        if (tooLarge) response.headers.Connection = 'close';
        const payload =
          typeof response.body === 'string' ? Buffer.from(response.body) : response.body;
        response.headers['Content-Length'] = String(payload.length);
        res.writeHead(response.status, response.headers);
        res.end(payload);
        if (tooLarge) res.on('finish', () => req.destroy());
      } catch (error) {
        console.error('localnet: request failed', error);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end('{"message":"internal error","error_code":"internal_error","vm_error_code":null}');
      }
    })();
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(args.port, args.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
