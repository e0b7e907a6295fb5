import { queryOptions } from '@tanstack/react-query';
import { fetchMoveTrace, type MoveTraceRequest } from '../../replay/moveTrace';

/**
 * TanStack Query factories for Move traces from the embedded chain (`POST /workbench/trace`).
 * Keyed by the node and by what ran: a committed version (or hash), or the simulation's bytes.
 * A trace of a committed version never changes, and a simulation's is kept for its bytes, so
 * neither refetches; a failure is not retried (a node without the route says so at once).
 */
export const traceQueries = {
  all: (nodeUrl: string) => ['moveTrace', nodeUrl] as const,
  /**
   * @example
   * ```ts
   * useQuery(traceQueries.trace('http://127.0.0.1:8080/v1', { version: '42' }));
   * ```
   */
  trace: (nodeUrl: string, request: MoveTraceRequest) =>
    queryOptions({
      queryKey: [
        ...traceQueries.all(nodeUrl),
        'version' in request
          ? { version: request.version }
          : 'hash' in request
            ? { hash: request.hash }
            : { simulation: true },
        request.transaction ?? null,
        request.steps === true,
      ] as const,
      queryFn: ({ signal }) => fetchMoveTrace(nodeUrl, request, { signal }),
      staleTime: Infinity,
      retry: false,
    }),
};
