import type { Client, ClientRequest, ClientResponse } from '@aptos-labs/ts-sdk';
import type { HttpCall } from './workbenchTrace';

/**
 * A ts-sdk `Client` (the extension point of `AptosConfig`) that hands every request to `inner`
 * and reports its method, URL, status and duration. The calls themselves are unchanged.
 *
 * @param inner - the client that does the work (the SDK's default, `new AptosConfig().client`).
 * @param record - called once per request, after its answer (or its failure).
 * @returns the recording client.
 * @example
 * ```ts
 * new AptosConfig({ fullnode, client: recordingClient(new AptosConfig().client, console.log) });
 * ```
 */
export function recordingClient(inner: Client, record: (call: HttpCall) => void): Client {
  return {
    async provider<Req, Res>(request: ClientRequest<Req>): Promise<ClientResponse<Res>> {
      const startedAt = Date.now();
      const started = performance.now();
      const report = (status: number | null) =>
        record({
          method: request.method,
          url: request.url,
          status,
          startedAt,
          durationMs: performance.now() - started,
        });
      try {
        const response = await inner.provider<Req, Res>(request);
        report(response.status);
        return response;
      } catch (error) {
        const status = (error as { status?: unknown } | null)?.status;
        report(typeof status === 'number' ? status : null);
        throw error;
      }
    },
  };
}
