import { Aptos, AptosConfig } from '@aptos-labs/ts-sdk';
import { recordingClient } from '../inspection/recordingClient';
import { workbenchTrace } from '../inspection/workbenchTrace';
import { sdkNetwork, type NetworkConfig } from '../network/networks';

const clients = new Map<string, Aptos>();

/**
 * The ts-sdk client for a network, one per distinct configuration. Always configured with
 * explicit URLs, so a custom network and the embedded chain are addressed the same way. Its HTTP
 * calls are recorded for the visualizer's sequence view through the SDK's `client` option.
 */
export function createAptos(network: NetworkConfig): Aptos {
  const key = JSON.stringify(network);
  let client = clients.get(key);
  if (!client) {
    client = new Aptos(
      new AptosConfig({
        network: sdkNetwork(network.kind),
        fullnode: network.fullnode,
        faucet: network.faucet,
        indexer: network.indexer,
        client: recordingClient(new AptosConfig().client, workbenchTrace.recordHttp),
      }),
    );
    clients.set(key, client);
  }
  return client;
}
