/**
 * Other assets' symbols and decimals: `assetQueries.metadata` against an embedded chain in
 * process, for a fungible asset's metadata object, a coin type, and an address with neither.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalnet, type Localnet } from '../../../localnet/index';
import type { NetworkConfig } from '../../../src/network/networks';
import { assetQueries } from '../../../src/queries/chainQueries';

let localnet: Localnet;
let network: NetworkConfig;
const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });

beforeAll(async () => {
  localnet = await startLocalnet({ blockTimeMs: 0, ephemeral: true, ports: 'auto' });
  network = { kind: 'local', fullnode: localnet.urls.rest };
});

afterAll(async () => {
  await localnet.stop();
});

describe('assetQueries.metadata', () => {
  it('reads a fungible asset’s metadata object (APT’s at 0xa)', async () => {
    await expect(client.fetchQuery(assetQueries.metadata(network, '0xa'))).resolves.toEqual({
      name: 'Aptos Coin',
      symbol: 'APT',
      decimals: 8,
    });
  });

  it('reads a coin type’s CoinInfo', async () => {
    await expect(
      client.fetchQuery(assetQueries.metadata(network, '0x1::aptos_coin::AptosCoin')),
    ).resolves.toEqual({ name: 'Aptos Coin', symbol: 'APT', decimals: 8 });
  });

  it('is null where the chain has no such metadata, so amounts stay in units', async () => {
    await expect(
      client.fetchQuery(assetQueries.metadata(network, `0x${'be'.repeat(32)}`)),
    ).resolves.toBeNull();
  });

  it('fails, rather than caching "no metadata", when the node cannot be reached', async () => {
    const away: NetworkConfig = { kind: 'local', fullnode: 'http://127.0.0.1:9/v1' };
    await expect(client.fetchQuery(assetQueries.metadata(away, '0xa'))).rejects.toThrow();
  });
});
