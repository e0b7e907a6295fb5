import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What a stand-in node on another port needs so the page may call it: the CORS headers on every
 * answer, and the preflight answered. Returns true when the request was a preflight (answered).
 */
export function answerCors(request: IncomingMessage, response: ServerResponse): boolean {
  const origin = request.headers.origin ?? '*';
  response.setHeader('access-control-allow-origin', origin);
  response.setHeader('access-control-allow-credentials', 'true');
  response.setHeader('vary', 'origin');
  if (request.method === 'OPTIONS') {
    response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    response.setHeader(
      'access-control-allow-headers',
      request.headers['access-control-request-headers'] ?? '*',
    );
    response.writeHead(204).end();
    return true;
  }
  return false;
}
