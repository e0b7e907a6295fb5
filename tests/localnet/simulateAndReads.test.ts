import {
  Account,
  AccountAddress,
  generateSignedTransaction,
  generateSignedTransactionForSimulation,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, getJson, postBcs, startChain, type Chain } from './helpers.ts';

let chain: Chain;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  chain = await startChain();
  alice = await fundedAccount(chain, 500_000_000);
  bob = await fundedAccount(chain, 500_000_000);
});
afterAll(async () => {
  await chain.localnet.stop();
});

const transfer = (amount: number, options = {}) =>
  chain.aptos.transaction.build.simple({
    sender: alice.accountAddress,
    data: {
      function: '0x1::aptos_account::transfer',
      functionArguments: [bob.accountAddress, amount],
    },
    options,
  });

describe('simulate', () => {
  it('runs the transaction without changing state, with zero root hashes and the gas header', async () => {
    const before = await chain.aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress });
    const ledger = await chain.aptos.getLedgerInfo();
    const transaction = await transfer(1_000);
    const [result] = await chain.aptos.transaction.simulate.simple({
      signerPublicKey: alice.publicKey,
      transaction,
    });
    expect(result?.success).toBe(true);
    expect(result?.vm_status).toBe('Executed successfully');
    expect(result?.version).toBe(ledger.ledger_version);
    expect(result?.accumulator_root_hash).toBe(`0x${'0'.repeat(64)}`);
    expect(Number(result?.gas_used)).toBeGreaterThan(0);
    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress })).toBe(
      before,
    );
    expect((await chain.aptos.getLedgerInfo()).ledger_version).toBe(ledger.ledger_version);

    const raw = await postBcs(
      chain,
      '/transactions/simulate',
      generateSignedTransactionForSimulation({ transaction, signerPublicKey: alice.publicKey }),
    );
    expect(raw.status).toBe(200);
    expect(raw.headers.get('x-aptos-gas-used')).toBe(result?.gas_used);
  });

  it('refuses a signature that verifies', async () => {
    const transaction = await transfer(1);
    const senderAuthenticator = chain.aptos.transaction.sign({ signer: alice, transaction });
    const response = await postBcs(
      chain,
      '/transactions/simulate',
      generateSignedTransaction({ transaction, senderAuthenticator }),
    );
    expect(response.status).toBe(400);
    expect(response.body).toStrictEqual({
      message: 'Simulated transactions must not have a valid signature',
      error_code: 'invalid_input',
      vm_error_code: null,
    });
  });

  it('honours the estimate flags', async () => {
    const transaction = await transfer(1, { gasUnitPrice: 123, maxGasAmount: 7_777 });
    const [plain] = await chain.aptos.transaction.simulate.simple({
      signerPublicKey: alice.publicKey,
      transaction,
    });
    expect(plain?.gas_unit_price).toBe('123');
    expect(plain?.max_gas_amount).toBe('7777');
    const [estimated] = await chain.aptos.transaction.simulate.simple({
      signerPublicKey: alice.publicKey,
      transaction,
      options: { estimateGasUnitPrice: true, estimateMaxGasAmount: true },
    });
    expect(estimated?.gas_unit_price).toBe('100');
    const balance = await chain.aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress });
    expect(estimated?.max_gas_amount).toBe(String(Math.min(20_000_000, Math.floor(balance / 100))));
    const [prioritized] = await chain.aptos.transaction.simulate.simple({
      signerPublicKey: alice.publicKey,
      transaction,
      options: { estimatePrioritizedGasUnitPrice: true },
    });
    expect(prioritized?.gas_unit_price).toBe('150');
  });

  it('returns validation failures as success:false with the bare status, and aborts as committed ones', async () => {
    const [expired] = await chain.aptos.transaction.simulate.simple({
      signerPublicKey: alice.publicKey,
      transaction: await transfer(1, { expireTimestamp: Math.floor(Date.now() / 1000) - 5 }),
    });
    expect(expired?.success).toBe(false);
    expect(expired?.vm_status).toBe('TRANSACTION_EXPIRED');
    const [aborted] = await chain.aptos.transaction.simulate.simple({
      signerPublicKey: alice.publicKey,
      transaction: await transfer(10_000_000_000),
    });
    expect(aborted?.success).toBe(false);
    expect(aborted?.vm_status).toContain('EINSUFFICIENT_BALANCE(0x10004)');
  });

  it('simulates without a public key (NoAccountAuthenticator)', async () => {
    const [result] = await chain.aptos.transaction.simulate.simple({
      transaction: await transfer(1),
    });
    expect(result?.success).toBe(true);
  });
});

describe('views', () => {
  it('answers framework views through the SDK (BCS) and JSON', async () => {
    const address = alice.accountAddress.toString();
    const [coinBalance] = await chain.aptos.view<[string]>({
      payload: {
        function: '0x1::coin::balance',
        typeArguments: ['0x1::aptos_coin::AptosCoin'],
        functionArguments: [address],
      },
    });
    expect(Number(coinBalance)).toBe(
      await chain.aptos.getAccountAPTAmount({ accountAddress: address }),
    );
    const [faBalance] = await chain.aptos.viewJson<[string]>({
      payload: {
        function: '0x1::primary_fungible_store::balance',
        typeArguments: ['0x1::fungible_asset::Metadata'],
        functionArguments: [address, '0xa'],
      },
    });
    expect(faBalance).toBe(coinBalance);
    expect(await chain.aptos.view({ payload: { function: '0x1::chain_id::get' } })).toEqual([4]);
    expect(
      await chain.aptos.view({
        payload: { function: '0x1::coin::symbol', typeArguments: ['0x1::aptos_coin::AptosCoin'] },
      }),
    ).toEqual(['APT']);
    const [exists] = await chain.aptos.view({
      payload: { function: '0x1::account::exists_at', functionArguments: [address] },
    });
    expect(exists).toBe(true);
    const [sequence] = await chain.aptos.view({
      payload: {
        function: '0x1::account::get_sequence_number',
        functionArguments: [Account.generate().accountAddress],
      },
    });
    expect(sequence).toBe('0');
    const [now] = await chain.aptos.view<[string]>({
      payload: { function: '0x1::timestamp::now_microseconds' },
    });
    expect(BigInt(now)).toBeGreaterThan(0n);
  });

  it('answers 400 with the abort for a view that aborts', async () => {
    const response = await chain.rest('/view', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        function: '0xcafe::playground::get_value',
        type_arguments: [],
        arguments: ['0x1'],
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toStrictEqual({
      message:
        'Move abort in 0xcafe::playground: ENO_VALUE(0x60001): No value is stored at this address.',
      error_code: 'invalid_input',
      vm_error_code: 4016,
    });
  });
});

describe('reads', () => {
  it('answers an account with no resources with sequence 0 and its address as auth key', async () => {
    const fresh = Account.generate();
    const info = await chain.aptos.getAccountInfo({ accountAddress: fresh.accountAddress });
    expect(info).toStrictEqual({
      sequence_number: '0',
      authentication_key: fresh.accountAddress.toStringLong(),
    });
  });

  it('lists resources with cursor pagination and reads one by type', async () => {
    const all = await chain.aptos.getAccountResources({ accountAddress: '0x1' });
    expect(all.map((resource) => resource.type)).toContain('0x1::chain_id::ChainId');
    const first = await getJson(chain, '/accounts/0x1/resources?limit=1');
    const cursor = first.headers.get('x-aptos-cursor');
    expect(cursor).not.toBeNull();
    const second = await getJson(chain, `/accounts/0x1/resources?limit=1&start=${cursor ?? ''}`);
    expect([...(first.body as unknown[]), ...(second.body as unknown[])]).toStrictEqual(
      all.slice(0, 2),
    );
    const last = await getJson(chain, `/accounts/0x1/resources?limit=${all.length}`);
    expect(last.headers.get('x-aptos-cursor')).toBeNull();
    const chainId = await chain.aptos.getAccountResource({
      accountAddress: '0x1',
      resourceType: '0x1::chain_id::ChainId',
    });
    expect(chainId).toStrictEqual({ id: 4 });
    const missing = await getJson(chain, '/accounts/0x1/resource/0x1::nope::Nope');
    expect(missing.status).toBe(404);
    expect((missing.body as { error_code: string }).error_code).toBe('resource_not_found');
    expect((missing.body as { message: string }).message).toMatch(
      /^Resource not found by Address\(0x1\), Struct tag\(0x1::nope::Nope\) and Ledger version\(\d+\)$/,
    );
  });

  it('serves module ABIs (with pagination) for the framework and the playground', async () => {
    const modules = await chain.aptos.getAccountModules({ accountAddress: '0x1' });
    const names = modules.map((module) => module.abi?.name);
    for (const name of [
      'account',
      'aptos_account',
      'coin',
      'aptos_coin',
      'primary_fungible_store',
      'fungible_asset',
      'chain_id',
      'timestamp',
      'object',
    ]) {
      expect(names).toContain(name);
    }
    const paged = await getJson(chain, '/accounts/0x1/modules?limit=2');
    expect(paged.headers.get('x-aptos-cursor')).not.toBeNull();
    const playground = await chain.aptos.getAccountModule({
      accountAddress: AccountAddress.from('0xcafe', { maxMissingChars: 63 }),
      moduleName: 'playground',
    });
    expect(playground.abi?.exposed_functions.map((fn) => fn.name)).toEqual(
      expect.arrayContaining(['abort_with', 'burn_gas', 'emit_events', 'store_value', 'get_value']),
    );
    const missing = await getJson(chain, '/accounts/0x1/module/nope');
    expect(missing.status).toBe(404);
    expect((missing.body as { message: string }).message).toMatch(
      /^Module not found by Address\(0x1\), Module name\(nope\) and Ledger version\(\d+\)$/,
    );
  });

  it('answers balances, the APT supply table item and the gas estimate', async () => {
    const balance = await getJson(
      chain,
      `/accounts/${alice.accountAddress.toString()}/balance/0x1::aptos_coin::AptosCoin`,
    );
    const byMetadata = await getJson(
      chain,
      `/accounts/${alice.accountAddress.toString()}/balance/0xa`,
    );
    expect(typeof balance.body).toBe('number');
    expect(byMetadata.body).toBe(balance.body);
    const coinInfo = await chain.aptos.getAccountResource<{
      supply: { vec: Array<{ aggregator: { vec: Array<{ handle: string; key: string }> } }> };
    }>({ accountAddress: '0x1', resourceType: '0x1::coin::CoinInfo<0x1::aptos_coin::AptosCoin>' });
    const aggregator = coinInfo.supply.vec[0]?.aggregator.vec[0];
    const supply = await chain.aptos.getTableItem<string>({
      handle: aggregator?.handle ?? '',
      data: { key_type: 'address', value_type: 'u128', key: aggregator?.key ?? '' },
    });
    // Coin-form APT only: the genesis validator's 10 octas of stake, as on a real localnet. APT in
    // fungible stores counts in 0xa's ConcurrentSupply; coin::supply answers the sum.
    expect(supply).toBe('10');
    const faSupply = await chain.aptos.getAccountResource<{ current: { value: string } }>({
      accountAddress: '0xa',
      resourceType: '0x1::fungible_asset::ConcurrentSupply',
    });
    expect(BigInt(faSupply.current.value)).toBeGreaterThan(1_000_000_000n);
    const [viewSupply] = await chain.aptos.view<[{ vec: string[] }]>({
      payload: { function: '0x1::coin::supply', typeArguments: ['0x1::aptos_coin::AptosCoin'] },
    });
    expect(viewSupply.vec[0]).toBe((BigInt(faSupply.current.value) + 10n).toString());
    const [faViewSupply] = await chain.aptos.view<[{ vec: string[] }]>({
      payload: {
        function: '0x1::fungible_asset::supply',
        typeArguments: ['0x1::fungible_asset::Metadata'],
        functionArguments: ['0xa'],
      },
    });
    expect(faViewSupply.vec[0]).toBe(faSupply.current.value);
    expect(await getJson(chain, '/estimate_gas_price')).toMatchObject({
      status: 200,
      body: { deprioritized_gas_estimate: 100, gas_estimate: 100, prioritized_gas_estimate: 150 },
    });
  });

  it('lists transactions, account transactions and blocks', async () => {
    const transaction = await transfer(3);
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: alice, transaction });
    const committed = (await chain.aptos.waitForTransaction({
      transactionHash: pending.hash,
    })) as UserTransactionResponse;
    const mine = await chain.aptos.getAccountTransactions({ accountAddress: alice.accountAddress });
    expect(mine.at(-1)).toStrictEqual(committed);
    const listed = await chain.aptos.getTransactions({
      options: { offset: Number(committed.version), limit: 1 },
    });
    expect(listed).toStrictEqual([committed]);
    const block = await chain.aptos.getBlockByVersion({
      ledgerVersion: Number(committed.version),
      options: { withTransactions: true },
    });
    expect(BigInt(block.first_version)).toBeLessThan(BigInt(committed.version));
    expect(block.transactions?.map((tx) => tx.type)).toEqual(
      expect.arrayContaining([
        'block_metadata_transaction',
        'user_transaction',
        'state_checkpoint_transaction',
      ]),
    );
    const byHeight = await chain.aptos.getBlockByHeight({
      blockHeight: Number(block.block_height),
    });
    expect(byHeight.block_hash).toBe(block.block_hash);
    const genesis = await chain.aptos.getTransactionByVersion({ ledgerVersion: 0 });
    expect(genesis.type).toBe('genesis_transaction');
    const missing = await getJson(chain, '/blocks/by_height/999999');
    expect(missing.body).toStrictEqual({
      message: 'Block not found by Block height(999999)',
      error_code: 'block_not_found',
      vm_error_code: null,
    });
    const unknown = await getJson(chain, `/transactions/by_hash/0x${'ab'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toStrictEqual({
      message: `Transaction not found by Transaction hash(0x${'ab'.repeat(32)})`,
      error_code: 'transaction_not_found',
      vm_error_code: null,
    });
  });
});
