import { generateSignedTransaction } from '@aptos-labs/ts-sdk';
import type { Account } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildTransfer,
  fundedAccount,
  getJson,
  postBcs,
  startChain,
  validationBody,
} from './helpers.ts';
import type { Chain } from './helpers.ts';

/**
 * The chain's limits at equality, both sides of each (issue 19). Wall time is frozen so that the
 * chain's clock (wall time plus the dev-control offset) reads an exact second.
 */
const NOW_SECS = 2_000_000_000;

let chain: Chain;
let alice: Account;

beforeAll(async () => {
  vi.spyOn(Date, 'now').mockReturnValue(NOW_SECS * 1000);
  chain = await startChain();
  alice = await fundedAccount(chain, 100_000_000);
});
afterAll(async () => {
  await chain.localnet.stop();
  vi.restoreAllMocks();
});

async function submit(sender: Account, options: Parameters<typeof buildTransfer>[2]) {
  const transaction = await buildTransfer(chain, sender, options);
  const senderAuthenticator = chain.aptos.transaction.sign({ signer: sender, transaction });
  return postBcs(
    chain,
    '/transactions',
    generateSignedTransaction({ transaction, senderAuthenticator }),
  );
}

async function chainNowSecs(): Promise<number> {
  const info = await chain.aptos.getLedgerInfo();
  return Math.floor(Number(info.ledger_timestamp) / 1_000_000);
}

describe('expiration: the node refuses a transaction whose expiration is at or before its now', () => {
  it('expiration == now is TRANSACTION_EXPIRED', async () => {
    const now = await chainNowSecs();
    const response = await submit(alice, { expireTimestamp: now });
    expect(response.status).toBe(400);
    expect(response.body).toStrictEqual(validationBody('TRANSACTION_EXPIRED', 6));
  });

  it('expiration == now + 1 is accepted and commits', async () => {
    const now = await chainNowSecs();
    const response = await submit(alice, { expireTimestamp: now + 1 });
    expect(response.status).toBe(202);
    const { hash } = response.body as { hash: string };
    expect((await chain.aptos.waitForTransaction({ transactionHash: hash })).success).toBe(true);
  });
});

describe('fee: the sender must hold max gas amount × gas unit price', () => {
  const maxGasAmount = 20_000;
  const gasUnitPrice = 100;
  const maxFee = maxGasAmount * gasUnitPrice;

  it('a balance equal to the max fee is enough', async () => {
    const bob = await fundedAccount(chain, maxFee);
    const response = await submit(bob, { maxGasAmount, gasUnitPrice });
    expect(response.status).toBe(202);
    const { hash } = response.body as { hash: string };
    const committed = await chain.aptos.waitForTransaction({ transactionHash: hash });
    expect(committed.success).toBe(true);
    const fee = Number(committed.gas_used) * gasUnitPrice;
    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress })).toBe(
      maxFee - fee - 1,
    );
  });

  it('one octa less is INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE', async () => {
    const carol = await fundedAccount(chain, maxFee - 1);
    const response = await submit(carol, { maxGasAmount, gasUnitPrice });
    expect(response.status).toBe(400);
    expect(response.body).toStrictEqual(
      validationBody('INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE', 5),
    );
  });
});

describe('mempool: the expiry sweep drops what expired at or before the chain now', () => {
  it('keeps a held transaction a second before its expiration and drops it at it', async () => {
    const now = await chainNowSecs();
    await chain.dev('faults', { holdNext: 1 });
    const response = await submit(alice, { expireTimestamp: now + 10 });
    expect(response.status).toBe(202);
    const { hash } = response.body as { hash: string };
    const inMempool = async () => {
      const mempool = (await (
        await fetch(chain.localnet.urls.rest.replace(/v1$/, 'workbench/mempool'))
      ).json()) as Array<{ hash: string }>;
      return mempool.some((tx) => tx.hash === hash);
    };

    await chain.dev('clock/advance', { seconds: 9 });
    expect(await chainNowSecs()).toBe(now + 9);
    expect(await inMempool()).toBe(true);
    expect((await getJson(chain, `/transactions/by_hash/${hash}`)).status).toBe(200);

    await chain.dev('clock/advance', { seconds: 1 });
    expect(await chainNowSecs()).toBe(now + 10);
    expect(await inMempool()).toBe(false);
    const lookup = await getJson(chain, `/transactions/by_hash/${hash}`);
    expect(lookup.status).toBe(404);
    expect((lookup.body as { error_code: string }).error_code).toBe('transaction_not_found');
  });
});
