import { Account, TypeTagU64, type UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, startChain, type Chain } from './helpers.ts';

let chain: Chain;
let alice: Account;

beforeAll(async () => {
  chain = await startChain();
  alice = await fundedAccount(chain, 1_000_000_000);
});
afterAll(async () => {
  await chain.localnet.stop();
});

/** The playground module (`0xcafe`), long form as the SDK wants it. */
const PLAYGROUND = '0x000000000000000000000000000000000000000000000000000000000000cafe::playground';

/** Builds, signs, submits and waits without failing on `success: false`. */
async function run(
  data: Parameters<Chain['aptos']['transaction']['build']['simple']>[0]['data'],
  options: { maxGasAmount?: number } = {},
  signer = alice,
): Promise<UserTransactionResponse> {
  const transaction = await chain.aptos.transaction.build.simple({
    sender: signer.accountAddress,
    data,
    options,
  });
  const pending = await chain.aptos.signAndSubmitTransaction({ signer, transaction });
  const committed = await chain.aptos.waitForTransaction({
    transactionHash: pending.hash,
    options: { checkSuccess: false },
  });
  if (committed.type !== 'user_transaction') throw new Error('expected a user transaction');
  return committed;
}

async function balance(account: Account): Promise<number> {
  return chain.aptos.getAccountAPTAmount({ accountAddress: account.accountAddress });
}

describe('execution outcomes', () => {
  it('aborts a transfer beyond the balance with the real fungible_asset abort and charges gas', async () => {
    const before = await balance(alice);
    const tx = await run({
      function: '0x1::aptos_account::transfer',
      functionArguments: [Account.generate().accountAddress, 1_000_000_000],
    });
    expect(tx.success).toBe(false);
    expect(tx.vm_status).toBe(
      'Move abort in 0x1::fungible_asset: EINSUFFICIENT_BALANCE(0x10004): Insufficient balance to withdraw or transfer.',
    );
    expect(Number(tx.gas_used)).toBeGreaterThan(0);
    expect(await balance(alice)).toBe(before - Number(tx.gas_used) * Number(tx.gas_unit_price));
    expect(tx.events.map((event) => event.type)).toEqual(['0x1::transaction_fee::FeeStatement']);
  });

  it('uses the coin module abort for coin::transfer', async () => {
    const tx = await run({
      function: '0x1::coin::transfer',
      typeArguments: ['0x1::aptos_coin::AptosCoin'],
      functionArguments: [Account.generate().accountAddress, 1_000_000_000],
    });
    expect(tx.vm_status).toBe(
      'Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins to complete transaction',
    );
  });

  it('makes waitForTransaction throw "failed with an error" for a committed failure', async () => {
    const transaction = await chain.aptos.transaction.build.simple({
      sender: alice.accountAddress,
      data: { function: `${PLAYGROUND}::abort_with`, functionArguments: [42] },
    });
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: alice, transaction });
    await expect(chain.aptos.waitForTransaction({ transactionHash: pending.hash })).rejects.toThrow(
      'failed with an error: Move abort in 0xcafe::playground: 0x2a',
    );
  });

  it('runs out of gas when max_gas_amount is too low for the work, charging all of it', async () => {
    const before = await balance(alice);
    const tx = await run(
      {
        function: '0x1::aptos_account::transfer',
        functionArguments: [Account.generate().accountAddress, 1],
      },
      { maxGasAmount: 50 },
    );
    expect(tx.success).toBe(false);
    expect(tx.vm_status).toBe('Out of gas');
    expect(tx.gas_used).toBe('50');
    expect(await balance(alice)).toBe(before - 50 * 100);
  });

  it('burns the requested gas with the playground, and runs out past max_gas_amount', async () => {
    const light = await run({ function: `${PLAYGROUND}::burn_gas`, functionArguments: [100] });
    expect(light.success).toBe(true);
    expect(Number(light.gas_used)).toBeGreaterThanOrEqual(100);
    const heavy = await run(
      { function: `${PLAYGROUND}::burn_gas`, functionArguments: [5_000] },
      { maxGasAmount: 1_000 },
    );
    expect(heavy.vm_status).toBe('Out of gas');
    expect(heavy.gas_used).toBe('1000');
  });

  it('emits N events and stores a value readable by a view', async () => {
    const events = await run({ function: `${PLAYGROUND}::emit_events`, functionArguments: [3] });
    expect(
      events.events
        .filter((event) => event.type === '0xcafe::playground::Ping')
        .map((event) => event.data),
    ).toEqual([{ index: '0' }, { index: '1' }, { index: '2' }]);
    const stored = await run({ function: `${PLAYGROUND}::store_value`, functionArguments: [77] });
    expect(stored.success).toBe(true);
    const [value] = await chain.aptos.view({
      payload: { function: `${PLAYGROUND}::get_value`, functionArguments: [alice.accountAddress] },
    });
    expect(value).toBe('77');
  });

  it('fails with the real statuses for a missing function or module', async () => {
    const abi = { typeParameters: [], parameters: [new TypeTagU64()] };
    const missingFunction = await run({
      function: '0x1::aptos_account::no_such_function',
      functionArguments: [1],
      abi,
    });
    expect(missingFunction.success).toBe(false);
    expect(missingFunction.vm_status).toBe('FUNCTION_RESOLUTION_FAILURE');
    const missingModule = await run({
      function: '0x1::no_such_module::f',
      functionArguments: [1],
      abi,
    });
    expect(missingModule.vm_status).toBe('LINKER_ERROR');
    expect(Number(missingModule.gas_used)).toBeGreaterThan(0);
  });

  it('creates the recipient account and store on first transfer, with a storage fee', async () => {
    const fresh = Account.generate();
    const tx = await run({
      function: '0x1::aptos_account::transfer',
      functionArguments: [fresh.accountAddress, 10],
    });
    expect(Number(tx.gas_used)).toBeGreaterThan(300);
    const fee = tx.events.find((event) => event.type === '0x1::transaction_fee::FeeStatement');
    expect(
      Number((fee?.data as { storage_fee_octas: string }).storage_fee_octas),
    ).toBeGreaterThanOrEqual(80_000);
    const info = await chain.aptos.getAccountInfo({ accountAddress: fresh.accountAddress });
    expect(info.sequence_number).toBe('0');
    expect(await balance(fresh)).toBe(10);
  });

  it('moves APT with batch_transfer and primary_fungible_store::transfer', async () => {
    const [x, y] = [Account.generate(), Account.generate()];
    const batch = await run({
      function: '0x1::aptos_account::batch_transfer',
      functionArguments: [
        [x.accountAddress, y.accountAddress],
        [3, 4],
      ],
    });
    expect(batch.success).toBe(true);
    const fa = await run({
      function: '0x1::primary_fungible_store::transfer',
      typeArguments: ['0x1::fungible_asset::Metadata'],
      functionArguments: ['0xa', x.accountAddress, 5],
    });
    expect(fa.success).toBe(true);
    expect(await balance(x)).toBe(8);
    expect(await balance(y)).toBe(4);
  });
});
