import {
  Account,
  generateUserTransactionHash,
  TransactionWorker,
  TransactionWorkerEventsEnum,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, startChain, type Chain } from './helpers.ts';

let chain: Chain;

beforeAll(async () => {
  chain = await startChain();
});
afterAll(async () => {
  await chain.localnet.stop();
});

describe('the happy path through the real ts-sdk', () => {
  it('answers ledger info with chain id 4 and the X-Aptos headers', async () => {
    const info = await chain.aptos.getLedgerInfo();
    expect(info.chain_id).toBe(4);
    expect(typeof info.ledger_version).toBe('string');
    const response = await chain.rest('');
    expect(response.headers.get('x-aptos-chain-id')).toBe('4');
    expect(response.headers.get('x-aptos-ledger-version')).toBe(info.ledger_version);
  });

  it('funds, transfers, waits, and reads the same transaction back by hash and by version', async () => {
    const alice = await fundedAccount(chain);
    const bob = Account.generate();
    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress })).toBe(
      100_000_000,
    );

    const transaction = await chain.aptos.transaction.build.simple({
      sender: alice.accountAddress,
      data: {
        function: '0x1::aptos_account::transfer',
        functionArguments: [bob.accountAddress, 1_000],
      },
    });
    const senderAuthenticator = chain.aptos.transaction.sign({ signer: alice, transaction });
    const pending = await chain.aptos.transaction.submit.simple({
      transaction,
      senderAuthenticator,
    });
    expect(pending.hash).toBe(generateUserTransactionHash({ transaction, senderAuthenticator }));

    const committed = await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
    expect(committed.success).toBe(true);
    expect(committed.vm_status).toBe('Executed successfully');
    const byHash = await chain.aptos.getTransactionByHash({ transactionHash: pending.hash });
    const byVersion = await chain.aptos.getTransactionByVersion({
      ledgerVersion: BigInt(committed.version),
    });
    expect(byHash).toStrictEqual(committed);
    expect(byVersion).toStrictEqual(committed);

    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress })).toBe(
      1_000,
    );
    if (committed.type !== 'user_transaction') throw new Error('expected a user transaction');
    const gasUsed = Number(committed.gas_used);
    expect(gasUsed).toBeGreaterThan(100); // created bob's account and store
    const fee = gasUsed * Number(committed.gas_unit_price);
    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress })).toBe(
      100_000_000 - 1_000 - fee,
    );
    expect(committed.events.map((event) => event.type)).toEqual([
      '0x1::fungible_asset::Withdraw',
      '0x1::fungible_asset::Deposit',
      '0x1::transaction_fee::FeeStatement',
    ]);
  });

  it('charges about 44 gas units for a transfer between existing stores (v1.48.0 schedule)', async () => {
    const alice = await fundedAccount(chain);
    const bob = await fundedAccount(chain);
    const transaction = await chain.aptos.transaction.build.simple({
      sender: alice.accountAddress,
      data: {
        function: '0x1::aptos_account::transfer',
        functionArguments: [bob.accountAddress, 5],
      },
    });
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: alice, transaction });
    const committed = await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
    // Intrinsic 27.6, four slots read (3.02 each plus their bytes), the two stores' group slots
    // written (0.9 each plus bytes), the native transfer's execution (2.4), events and the
    // transaction's bytes: 44 on this chain.
    expect(Number(committed.gas_used)).toBeGreaterThanOrEqual(28 + 12);
    expect(Number(committed.gas_used)).toBeLessThanOrEqual(60);
  });

  it('commits 10 pipelined transfers from the TransactionWorker in order', async () => {
    const alice = await fundedAccount(chain);
    const bob = Account.generate();
    const startSequence = BigInt(
      (await chain.aptos.getAccountInfo({ accountAddress: alice.accountAddress })).sequence_number,
    );
    const worker = new TransactionWorker(chain.aptos.config, alice);
    const executed: string[] = [];
    const failures: string[] = [];
    const done = new Promise<void>((resolve) => {
      worker.on(TransactionWorkerEventsEnum.TransactionExecuted, (data) => {
        executed.push(data.transactionHash);
        if (executed.length + failures.length === 10) resolve();
      });
      worker.on(TransactionWorkerEventsEnum.TransactionExecutionFailed, (data) => {
        failures.push(String(data.error));
        if (executed.length + failures.length === 10) resolve();
      });
      worker.on(TransactionWorkerEventsEnum.TransactionSendFailed, (data) => {
        failures.push(String(data.error));
        if (executed.length + failures.length === 10) resolve();
      });
    });
    worker.start();
    for (let i = 0; i < 10; i += 1) {
      await worker.push({
        function: '0x1::aptos_account::transfer',
        functionArguments: [bob.accountAddress, i + 1],
      });
    }
    await done;
    worker.stop();
    expect(failures).toEqual([]);
    const txs = await Promise.all(
      executed.map((hash) => chain.aptos.getTransactionByHash({ transactionHash: hash })),
    );
    const ordered = txs
      .map((tx) => {
        if (tx.type !== 'user_transaction') throw new Error('expected committed user transactions');
        return { version: BigInt(tx.version), sequence: BigInt(tx.sequence_number) };
      })
      .sort((a, b) => (a.version < b.version ? -1 : 1));
    expect(ordered.map((tx) => tx.sequence)).toEqual(
      Array.from({ length: 10 }, (_, i) => startSequence + BigInt(i)),
    );
    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress })).toBe(55);
  });
});
