import { AptosApiError, type Account } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTransfer, fundedAccount, getJson, startChain, type Chain } from './helpers.ts';

let chain: Chain;
let alice: Account;

beforeAll(async () => {
  chain = await startChain();
  alice = await fundedAccount(chain, 1_000_000_000);
});
afterAll(async () => {
  await chain.localnet.stop();
});

async function signedTransfer(
  options: { expireTimestamp?: number } = {},
  on: Chain = chain,
  sender = alice,
) {
  const transaction = await buildTransfer(on, sender, options);
  return on.aptos.signAndSubmitTransaction({ signer: sender, transaction });
}

describe('dev controls', () => {
  it('snapshot and revert the ledger', async () => {
    const { id, version } = (await chain.dev('snapshot')) as { id: string; version: number };
    const bob = await fundedAccount(chain, 1234);
    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress })).toBe(
      1234,
    );
    await chain.dev('revert', { id });
    expect((await chain.aptos.getLedgerInfo()).ledger_version).toBe(String(version));
    expect(
      (await getJson(chain, `/accounts/${bob.accountAddress.toString()}/balance/0xa`)).body,
    ).toBe(0);
    await expect(chain.dev('revert', { id })).rejects.toThrow('Unknown snapshot id');
  });

  it('mines only on request in manual mode', async () => {
    await chain.dev('mining', { mode: 'manual' });
    try {
      const pending = await signedTransfer();
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect((await chain.aptos.getTransactionByHash({ transactionHash: pending.hash })).type).toBe(
        'pending_transaction',
      );
      expect(await chain.dev('mine')).toMatchObject({ committed: 1 });
      expect((await chain.aptos.getTransactionByHash({ transactionHash: pending.hash })).type).toBe(
        'user_transaction',
      );
    } finally {
      await chain.dev('mining', { mode: 'instant' });
    }
  });

  it('mines on an interval', async () => {
    await chain.dev('mining', { mode: 'interval', intervalMs: 50 });
    try {
      const pending = await signedTransfer();
      const committed = await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
      expect(committed.success).toBe(true);
    } finally {
      await chain.dev('mining', { mode: 'instant' });
    }
  });

  it('a held transaction makes waitForTransaction time out, then answers 404 once expired', async () => {
    // Its own chain: advancing the clock would expire what the other tests build with the SDK.
    const own = await startChain();
    try {
      const carol = await fundedAccount(own, 100_000_000);
      await own.dev('faults', { holdNext: 1 });
      const pending = await signedTransfer(
        { expireTimestamp: Math.floor(Date.now() / 1000) + 30 },
        own,
        carol,
      );
      const started = Date.now();
      await expect(
        own.aptos.waitForTransaction({
          transactionHash: pending.hash,
          options: { timeoutSecs: 1 },
        }),
      ).rejects.toThrow('timed out in pending state');
      expect(Date.now() - started).toBeLessThan(3_000);
      const mempool = await (
        await fetch(own.localnet.urls.rest.replace(/v1$/, 'workbench/mempool'))
      ).json();
      expect(
        (mempool as Array<{ hash: string; held: boolean }>).find((tx) => tx.hash === pending.hash)
          ?.held,
      ).toBe(true);
      await own.dev('clock/advance', { seconds: 60 });
      const lookup = await getJson(own, `/transactions/by_hash/${pending.hash}`);
      expect(lookup.status).toBe(404);
      expect((lookup.body as { error_code: string }).error_code).toBe('transaction_not_found');
      // The sender is not stuck: a transaction valid at the new chain time commits.
      const next = await signedTransfer(
        { expireTimestamp: Math.floor(Date.now() / 1000) + 120 },
        own,
        carol,
      );
      expect((await own.aptos.waitForTransaction({ transactionHash: next.hash })).success).toBe(
        true,
      );
    } finally {
      await own.localnet.stop();
    }
  });

  it('drops a pending transaction on request', async () => {
    await chain.dev('mining', { mode: 'manual' });
    try {
      const pending = await signedTransfer();
      await chain.dev('mempool/drop', { hash: pending.hash });
      expect((await getJson(chain, `/transactions/by_hash/${pending.hash}`)).status).toBe(404);
    } finally {
      await chain.dev('mining', { mode: 'instant' });
    }
  });

  it('answers 507 mempool_is_full for the next N submissions', async () => {
    await chain.dev('faults', { rejectNext: 1 });
    const error = await signedTransfer().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AptosApiError);
    expect((error as AptosApiError).status).toBe(507);
    expect((error as AptosApiError).data).toMatchObject({
      error_code: 'mempool_is_full',
      vm_error_code: null,
    });
    const ok = await signedTransfer();
    expect((await chain.aptos.waitForTransaction({ transactionHash: ok.hash })).success).toBe(true);
  });

  it('delays commits by N ms', async () => {
    await chain.dev('faults', { delayCommitsMs: 300 });
    try {
      const started = Date.now();
      const pending = await signedTransfer();
      expect((await chain.aptos.getTransactionByHash({ transactionHash: pending.hash })).type).toBe(
        'pending_transaction',
      );
      await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      await chain.dev('faults/clear');
    }
  });

  it('advances the chain clock, which the timestamp view and expiration follow', async () => {
    const before = BigInt(
      (
        await chain.aptos.view<[string]>({
          payload: { function: '0x1::timestamp::now_microseconds' },
        })
      )[0],
    );
    await chain.dev('clock/advance', { seconds: 3_600 });
    const pending = await signedTransfer({
      expireTimestamp: Math.floor(Date.now() / 1000) + 3_700,
    });
    await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
    const after = BigInt(
      (
        await chain.aptos.view<[string]>({
          payload: { function: '0x1::timestamp::now_microseconds' },
        })
      )[0],
    );
    expect(after - before).toBeGreaterThanOrEqual(3_600_000_000n);
    const expired = await signedTransfer({
      expireTimestamp: Math.floor(Date.now() / 1000) + 60,
    }).catch((e: unknown) => e);
    expect((expired as AptosApiError).data).toMatchObject({ vm_error_code: 6 });
  });

  it('records a clock jump and a "mine now" on an idle chain as empty blocks', async () => {
    const before = await chain.aptos.getLedgerInfo();
    await chain.dev('clock/advance', { seconds: 60 });
    const afterJump = await chain.aptos.getLedgerInfo();
    expect(
      BigInt(afterJump.ledger_timestamp) - BigInt(before.ledger_timestamp),
    ).toBeGreaterThanOrEqual(60_000_000n);
    expect(BigInt(afterJump.block_height)).toBe(BigInt(before.block_height) + 1n);

    await chain.dev('mining', { mode: 'manual' });
    try {
      expect(await chain.dev('mine')).toMatchObject({ committed: 0 });
      const afterMine = await chain.aptos.getLedgerInfo();
      expect(BigInt(afterMine.block_height)).toBe(BigInt(afterJump.block_height) + 1n);
      const block = await chain.aptos.getBlockByHeight({
        blockHeight: Number(afterMine.block_height),
        options: { withTransactions: true },
      });
      expect(block.transactions?.map((tx) => tx.type)).toEqual([
        'block_metadata_transaction',
        'state_checkpoint_transaction',
      ]);
    } finally {
      await chain.dev('mining', { mode: 'instant' });
    }
  });
});
