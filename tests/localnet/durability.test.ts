import { Account, Aptos, AptosConfig, Network } from '@aptos-labs/ts-sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalnet } from '../../localnet/index.ts';
import { removeTempDirs, spawnLocalnet, tempDataDir } from './helpers';

const dataDir = tempDataDir;
afterAll(removeTempDirs);

function client(urls: { rest: string; faucet: string; indexer: string }): Aptos {
  return new Aptos(
    new AptosConfig({
      network: Network.CUSTOM,
      fullnode: urls.rest,
      faucet: urls.faucet,
      indexer: urls.indexer,
    }),
  );
}

async function fundAndTransfer(aptos: Aptos) {
  const alice = Account.generate();
  const bob = Account.generate();
  await aptos.fundAccount({ accountAddress: alice.accountAddress, amount: 50_000_000 });
  const transaction = await aptos.transaction.build.simple({
    sender: alice.accountAddress,
    data: {
      function: '0x1::aptos_account::transfer',
      functionArguments: [bob.accountAddress, 4_321],
    },
  });
  const pending = await aptos.signAndSubmitTransaction({ signer: alice, transaction });
  return { committed: await aptos.waitForTransaction({ transactionHash: pending.hash }), bob };
}

describe('durability', () => {
  it('keeps committed transactions and state across a clean restart', async () => {
    const dir = dataDir();
    const first = await startLocalnet({ blockTimeMs: 0, dataDir: dir, ports: 'auto' });
    const { committed, bob } = await fundAndTransfer(client(first.urls));
    const snapshot = first.node.snapshot();
    await first.stop();

    const second = await startLocalnet({ blockTimeMs: 0, dataDir: dir, ports: 'auto' });
    try {
      const aptos = client(second.urls);
      expect(await aptos.getTransactionByHash({ transactionHash: committed.hash })).toStrictEqual(
        committed,
      );
      expect(await aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress })).toBe(4_321);
      expect(second.node.ledger.version).toBe(snapshot.version);
      // The chain goes on from where it was.
      const more = await fundAndTransfer(aptos);
      expect(BigInt(more.committed.version)).toBeGreaterThan(BigInt(committed.version));
    } finally {
      await second.stop();
    }
  });

  it('replays a revert, and --reset wipes the data dir', async () => {
    const dir = dataDir();
    const first = await startLocalnet({ blockTimeMs: 0, dataDir: dir, ports: 'auto' });
    const { id } = first.node.snapshot();
    const { committed } = await fundAndTransfer(client(first.urls));
    first.node.revert(id);
    await first.stop();
    const second = await startLocalnet({ blockTimeMs: 0, dataDir: dir, ports: 'auto' });
    const status = (await fetch(`${second.urls.rest}/transactions/by_hash/${committed.hash}`))
      .status;
    await second.stop();
    expect(status).toBe(404);

    const kept = await startLocalnet({ blockTimeMs: 0, dataDir: dir, ports: 'auto' });
    const { committed: again } = await fundAndTransfer(client(kept.urls));
    await kept.stop();
    const reset = await startLocalnet({ blockTimeMs: 0, dataDir: dir, ports: 'auto', reset: true });
    try {
      expect(reset.node.ledger.version).toBe(0);
      expect((await fetch(`${reset.urls.rest}/transactions/by_hash/${again.hash}`)).status).toBe(
        404,
      );
    } finally {
      await reset.stop();
    }
  });

  it('survives kill -9 of a `npm run localnet` process', async () => {
    const dir = dataDir();
    const { child, urls } = await spawnLocalnet(dir);
    try {
      const { committed, bob } = await fundAndTransfer(client(urls));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;

      const restarted = await startLocalnet({ blockTimeMs: 0, dataDir: dir, ports: 'auto' });
      try {
        const aptos = client(restarted.urls);
        expect(await aptos.getTransactionByHash({ transactionHash: committed.hash })).toStrictEqual(
          committed,
        );
        expect(await aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress })).toBe(4_321);
      } finally {
        await restarted.stop();
      }
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);
});
