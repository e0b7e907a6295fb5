import type { Client, ClientRequest, ClientResponse } from '@aptos-labs/ts-sdk';

/**
 * The HTTP client handed to the keyless Aptos Connect wallets that the adapter constructs at
 * mount. Each one asks its node for the chain id in its constructor and never handles a failure,
 * so an unreachable node means an unhandled promise rejection on every page load.
 *
 * This client answers that question from what the workbench already knows (the chain id the
 * selected network must have) without touching the network. Where the chain id is not fixed
 * (devnet, custom nodes) the answer never comes: Aptos Connect serves only mainnet and testnet,
 * and the workbench refuses to connect it elsewhere with a message of its own. Every other request
 * is refused: the workbench builds and submits transactions with its own client.
 */
export function createAptosConnectClient(expectedChainId: number | undefined): Client {
  return {
    provider<Req, Res>(request: ClientRequest<Req>): Promise<ClientResponse<Res>> {
      const origin: unknown = request.headers?.['x-aptos-typescript-sdk-origin-method'];
      if (origin === 'getLedgerInfo') {
        if (expectedChainId === undefined) return new Promise<never>(() => {});
        const data = { chain_id: expectedChainId } as Res;
        return Promise.resolve({ status: 200, statusText: 'OK', data });
      }
      return Promise.reject(
        new Error(
          `Aptos Connect asked its own client for ${String(origin ?? request.url)}; the workbench builds and submits transactions itself.`,
        ),
      );
    },
  };
}
