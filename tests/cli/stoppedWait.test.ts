/**
 * A stopped wait stops asking the node: the SDK's `waitForTransaction` takes no abort signal and
 * would poll until its timeout; the chain actors' wait refuses its next request once its actor
 * has stopped (a cancel in `pending`, a network switch).
 */
import { Aptos, AptosConfig, Network, type Client } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createChainActors } from '../../chainActors';
import { WaitStoppedError, stoppableWait } from '../../chainActors/chainActors';
import { buildTransfer, fundedAccount, startChain, type Chain } from '../localnet/helpers';

let chain: Chain;

beforeAll(async () => {
  chain = await startChain();
});
afterAll(async () => {
  await chain.localnet.stop();
});

/** The chain's client, counting the requests it sends (by path). */
function countingAptos(): { aptos: Aptos; sent: string[] } {
  const sent: string[] = [];
  const base = chain.aptos.config.client;
  const client: Client = {
    provider: (request) => {
      sent.push(new URL(request.url).pathname);
      return base.provider(request);
    },
  };
  const aptos = new Aptos(
    new AptosConfig({ network: Network.CUSTOM, fullnode: chain.localnet.urls.rest, client }),
  );
  return { aptos, sent };
}

/** A transfer the chain holds in its mempool (never committed while the test runs). */
async function heldTransfer(): Promise<string> {
  const alice = await fundedAccount(chain, 100_000_000);
  await chain.dev('faults', { holdNext: 1 });
  const transaction = await buildTransfer(chain, alice);
  const { hash } = await chain.aptos.signAndSubmitTransaction({ signer: alice, transaction });
  return hash;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a stopped wait', () => {
  it('sends no request after its actor stops, while the SDK would poll on', async () => {
    const hash = await heldTransfer();
    const { aptos, sent } = countingAptos();
    const { actors } = createChainActors({
      aptos,
      now: Date.now,
      simulationPublicKey: () => undefined,
    });
    const actor = createActor(actors.waitForTransaction, {
      input: { hash, timeoutSecs: 20 },
    }).start();
    // The first look-up answers "pending"; the long poll (up to 1 s on this chain) is under way.
    while (sent.length < 2) await sleep(10);
    actor.stop();
    const atStop = sent.length;
    // The long poll returns after 1 s; the SDK's polls would follow at 200, 300, 450 ms …
    await sleep(2_200);
    expect(sent.slice(atStop)).toEqual([]);
    expect(sent).toEqual([
      `/v1/transactions/by_hash/${hash}`,
      `/v1/transactions/wait_by_hash/${hash}`,
    ]);
  });

  it('rejects with WaitStoppedError at its next request, and otherwise waits as the SDK does', async () => {
    const hash = await heldTransfer();
    const { aptos, sent } = countingAptos();
    let active = true;
    const waiting = stoppableWait(
      aptos,
      { transactionHash: hash, options: { timeoutSecs: 20 } },
      () => active,
    );
    while (sent.length < 2) await sleep(10);
    active = false;
    await expect(waiting).rejects.toBeInstanceOf(WaitStoppedError);

    // A wait still wanted commits as the SDK's does.
    const alice = await fundedAccount(chain, 100_000_000);
    const transaction = await buildTransfer(chain, alice);
    const submitted = await chain.aptos.signAndSubmitTransaction({ signer: alice, transaction });
    const committed = await stoppableWait(
      aptos,
      { transactionHash: submitted.hash, options: { checkSuccess: false } },
      () => true,
    );
    expect(committed).toMatchObject({ hash: submitted.hash, success: true });
  });
});
