/**
 * The default cadence (issue #14, item 1): like a real localnet, a submitted transaction stays
 * pending until its block, empty blocks keep coming while idle, and the durable log keeps an idle
 * run as one entry. Instant commit is an explicit option.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Account } from '@aptos-labs/ts-sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalnet, WARMUP_BLOCKS } from '../../localnet/index.ts';
import { DEFAULT_BLOCK_TIME_MS, DEFAULT_IDLE_BLOCK_MS } from '../../localnet/miner/miner.ts';
import { fundedAccount, removeTempDirs, startChain, tempDataDir } from './helpers.ts';

afterAll(() => removeTempDirs());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('default cadence', () => {
  it('is a block every 250 ms with empty blocks after 500 idle ms', async () => {
    expect(DEFAULT_BLOCK_TIME_MS).toBe(250);
    expect(DEFAULT_IDLE_BLOCK_MS).toBe(500);
    const localnet = await startLocalnet({ ephemeral: true, ports: 'auto' });
    try {
      expect(localnet.node.miningMode()).toEqual({
        mode: 'interval',
        intervalMs: 250,
        idleBlockMs: 500,
      });
    } finally {
      await localnet.stop();
    }
  }, 30_000);

  it('opens readiness on a fresh chain with its first 10 blocks (20 versions)', async () => {
    expect(WARMUP_BLOCKS).toBe(10);
    const localnet = await startLocalnet({ ephemeral: true, ports: 'auto' });
    try {
      // A client that waited for readiness finds history, as on a real localnet (the ts-sdk's
      // paginateQuery test reads versions 10–19 right away).
      expect(localnet.node.ledgerInfo().blockHeight).toBeGreaterThanOrEqual(WARMUP_BLOCKS);
      const ready = (await (await fetch(localnet.urls.readiness)).json()) as {
        ready: boolean;
        ledger_version: string;
      };
      expect(ready.ready).toBe(true);
      expect(Number(ready.ledger_version)).toBeGreaterThanOrEqual(2 * WARMUP_BLOCKS);
    } finally {
      await localnet.stop();
    }
  }, 30_000);

  it('keeps a submission pending until its block, and grows the ledger while idle', async () => {
    const chain = await startChain({ blockTimeMs: DEFAULT_BLOCK_TIME_MS });
    try {
      const alice = await fundedAccount(chain);
      const transaction = await chain.aptos.transaction.build.simple({
        sender: alice.accountAddress,
        data: {
          function: '0x1::aptos_account::transfer',
          functionArguments: [Account.generate().accountAddress, 10],
        },
      });
      const pending = await chain.aptos.signAndSubmitTransaction({ signer: alice, transaction });
      expect(await chain.aptos.isPendingTransaction({ transactionHash: pending.hash })).toBe(true);
      const committed = await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
      expect(committed.success).toBe(true);

      const before = BigInt((await chain.aptos.getLedgerInfo()).ledger_version);
      await sleep(1_300);
      const after = BigInt((await chain.aptos.getLedgerInfo()).ledger_version);
      // At least two empty blocks, each a block metadata and a state checkpoint transaction.
      expect(after - before).toBeGreaterThanOrEqual(4n);
      const [last] = await chain.aptos.getTransactions({
        options: { offset: Number(after), limit: 1 },
      });
      expect(last?.type).toBe('state_checkpoint_transaction');
    } finally {
      await chain.localnet.stop();
    }
  }, 30_000);

  it('commits instantly when asked (--block-time 0)', async () => {
    const chain = await startChain({ blockTimeMs: 0 });
    try {
      expect(chain.localnet.node.miningMode()).toEqual({ mode: 'instant' });
      // No blocks by itself, so no warm-up: ready at genesis.
      expect(chain.localnet.node.ledgerInfo().ledgerVersion).toBe(0);
      const before = (await chain.aptos.getLedgerInfo()).ledger_version;
      await sleep(700);
      expect((await chain.aptos.getLedgerInfo()).ledger_version).toBe(before);
    } finally {
      await chain.localnet.stop();
    }
  });
});

describe('idle blocks in the durable log', () => {
  it('keeps an idle run as one entry and replays identical blocks', async () => {
    const dir = tempDataDir();
    const first = await startLocalnet({
      dataDir: dir,
      ports: 'auto',
      blockTimeMs: 50,
      idleBlockMs: 100,
    });
    await sleep(1_200);
    await first.stop();
    const info = first.node.ledgerInfo();
    const blocks = info.blockHeight;
    expect(blocks).toBeGreaterThanOrEqual(5);
    const log = readFileSync(join(dir, 'chain.log'));
    // Far fewer bytes than one entry per block (an empty block entry alone is ~40 bytes).
    expect(log.length).toBeLessThan(40 * blocks);
    expect(log.toString('latin1')).toContain('"k":"idle"');

    const second = await startLocalnet({ dataDir: dir, ports: 'auto', blockTimeMs: 0 });
    try {
      const replayed = second.node.ledgerInfo();
      expect(replayed.ledgerVersion).toBe(info.ledgerVersion);
      expect(replayed.ledgerTimestamp).toBe(info.ledgerTimestamp);
      const a = await fetch(`${second.urls.rest}/blocks/by_height/${blocks}`);
      expect(a.status).toBe(200);
    } finally {
      await second.stop();
    }
  }, 30_000);
});
