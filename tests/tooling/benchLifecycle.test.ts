import type { Aptos } from '@aptos-labs/ts-sdk';
import { createActor } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countingAptos,
  directLifecycle,
  floorMachine,
  minimumMachine,
  runToOutcome,
  transferFixture,
} from '../../bench/sections/lifecycle.ts';
import { startLocalnet, type Localnet } from '../../localnet/index.ts';

/**
 * The lifecycle benchmark compares paths that must do the same chain work: the transaction
 * machine, the bare XState shape (its floor), a one-state machine (XState's minimum) and the plain
 * SDK calls. If one of them made another request, or stopped short of a commit, its figure would
 * compare unlike things.
 */
describe('lifecycle benchmark paths', () => {
  let localnet: Localnet;
  let aptos: Aptos;
  let paths: () => string[];

  beforeAll(async () => {
    localnet = await startLocalnet({ ephemeral: true, ports: 'auto', blockTimeMs: 0 });
    ({ aptos, paths } = countingAptos(localnet.urls, { listPaths: true }));
  });
  afterAll(() => localnet.stop());

  it('the machine, its XState floor and minimum, and the SDK calls each commit with the same five requests', async () => {
    const { signer, draft, input, logic } = await transferFixture(aptos, localnet.urls.rest);
    let from = 0;
    /** The requests since the last call, addresses and hashes elided. */
    const requests = () => {
      const all = paths();
      const since = all.slice(from).map((path) => path.replace(/0x[0-9a-f]+/g, '…'));
      from = all.length;
      return since;
    };

    // The first build also fetches the ABI and the gas price, which the SDK then caches; the
    // benchmark warms up the same way.
    await directLifecycle(aptos, signer, draft);
    requests();
    await directLifecycle(aptos, signer, draft);
    const direct = requests();

    const floorEnd = await runToOutcome(createActor(floorMachine(aptos, signer, draft)));
    expect(floorEnd.value).toBe('committed');
    expect(requests()).toEqual(direct);

    const minimumEnd = await runToOutcome(createActor(minimumMachine(aptos, signer, draft)));
    expect(minimumEnd.value).toBe('committed');
    expect(requests()).toEqual(direct);

    const machineEnd = await runToOutcome(createActor(logic, { input }));
    expect(machineEnd.value).toBe('committed');
    expect(requests()).toEqual(direct);

    expect(direct).toEqual([
      'GET /v1',
      'GET /v1/accounts/…',
      'POST /v1/transactions/simulate',
      'POST /v1/transactions',
      'GET /v1/transactions/by_hash/…',
    ]);
  });
});
