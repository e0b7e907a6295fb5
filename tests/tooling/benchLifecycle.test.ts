import { Aptos, AptosConfig, Network } from '@aptos-labs/ts-sdk';
import type { Client } from '@aptos-labs/ts-sdk';
import { createActor, waitFor } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directLifecycle, floorMachine, transferFixture } from '../../bench/sections/lifecycle.ts';
import { startLocalnet, type Localnet } from '../../localnet/index.ts';

/**
 * The lifecycle benchmark compares paths that must do the same chain work: the transaction
 * machine, the bare XState shape (its floor) and the plain SDK calls. If one of them made another
 * request, or stopped short of a commit, its figure would compare unlike things.
 */
describe('lifecycle benchmark paths', () => {
  let localnet: Localnet;
  let aptos: Aptos;
  let requests: string[] = [];

  beforeAll(async () => {
    localnet = await startLocalnet({ ephemeral: true, ports: 'auto', blockTimeMs: 0 });
    const settings = {
      network: Network.CUSTOM,
      fullnode: localnet.urls.rest,
      faucet: localnet.urls.faucet,
      indexer: localnet.urls.indexer,
    };
    const base = new AptosConfig(settings).client;
    const client: Client = {
      provider: (request) => {
        requests.push(`${request.method} ${new URL(request.url).pathname}`);
        return base.provider(request);
      },
    };
    aptos = new Aptos(new AptosConfig({ ...settings, client }));
  });
  afterAll(() => localnet.stop());

  it('the machine, its XState floor and the SDK calls each commit with the same five requests', async () => {
    const { signer, draft, input, logic } = await transferFixture(aptos, localnet.urls.rest);
    const shapes = (paths: string[]) => paths.map((path) => path.replace(/0x[0-9a-f]+/g, '…'));

    // The first build also fetches the ABI and the gas price, which the SDK then caches; the
    // benchmark warms up the same way.
    await directLifecycle(aptos, signer, draft);
    requests = [];
    await directLifecycle(aptos, signer, draft);
    const direct = shapes(requests);

    requests = [];
    const floor = createActor(floorMachine(aptos, signer, draft)).start();
    floor.send({ type: 'run' });
    const floorEnd = await waitFor(floor, (s) => s.hasTag('outcome'), { timeout: 20_000 });
    expect(floorEnd.value).toBe('committed');
    expect(shapes(requests)).toEqual(direct);

    requests = [];
    const machine = createActor(logic, { input }).start();
    machine.send({ type: 'run' });
    const machineEnd = await waitFor(machine, (s) => s.hasTag('outcome'), { timeout: 20_000 });
    expect(machineEnd.value).toBe('committed');
    expect(shapes(requests)).toEqual(direct);

    expect(direct).toEqual([
      'GET /v1',
      'GET /v1/accounts/…',
      'POST /v1/transactions/simulate',
      'POST /v1/transactions',
      'GET /v1/transactions/by_hash/…',
    ]);
  });
});
