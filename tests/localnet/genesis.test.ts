/**
 * Version 0 as a real localnet writes it (issue #14, round 2): the genesis validator stakes its
 * default 10 octas, so the `CoinInfo<AptosCoin>` aggregator item (coin-form APT) reads "10"; APT in
 * fungible stores counts in `0xa`'s `ConcurrentSupply`; genesis emits the fungible-asset events the
 * indexer turns into `fungible_asset_activities` rows at version 0. The ts-sdk's e2e files
 * `api/table` and `api/fungibleAsset` read exactly these.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Account } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalnet } from '../../localnet/index.ts';
import { APTOS_COIN_TYPE, primaryStoreAddress } from '../../localnet/framework/assets.ts';
import {
  GENESIS_STAKE,
  ROOT_INITIAL_BALANCE,
  VALIDATOR_ADDRESS,
} from '../../localnet/framework/genesis.ts';
import { ROOT_ADDRESS } from '../../localnet/framework/root.ts';
import {
  fundedAccount,
  getJson,
  removeTempDirs,
  startChain,
  tempDataDir,
  type Chain,
} from './helpers.ts';

const SUPPLY_HANDLE = '0x1b854694ae746cdbd8d44186ca4929b2b337df21d1c74633be19b2710552fdca';

let chain: Chain;

beforeAll(async () => {
  chain = await startChain();
});
afterAll(async () => {
  await chain.localnet.stop();
  removeTempDirs();
});

const coinSupplyItem = () =>
  chain.aptos.getTableItem<string>({
    handle: SUPPLY_HANDLE,
    data: {
      key_type: 'address',
      value_type: 'u128',
      key: '0x619dc29a0aac8fa146714058e8dd6d2d0f3bdf5f6331907bf91f3acd81e6935',
    },
  });

const faSupply = async () =>
  BigInt(
    (
      await chain.aptos.getAccountResource<{ current: { value: string; max_value: string } }>({
        accountAddress: '0xa',
        resourceType: '0x1::fungible_asset::ConcurrentSupply',
      })
    ).current.value,
  );

const coinSupplyView = async () => {
  const [supply] = await chain.aptos.view<[{ vec: string[] }]>({
    payload: { function: '0x1::coin::supply', typeArguments: [APTOS_COIN_TYPE] },
  });
  return BigInt(supply.vec[0] ?? '-1');
};

describe('genesis supply', () => {
  it('writes the coin-form supply item "10" at version 0, as the indexer shows it', async () => {
    expect(GENESIS_STAKE).toBe(10n);
    const rows = await chain.aptos.getTableItemsData({
      options: { where: { table_handle: { _eq: SUPPLY_HANDLE }, transaction_version: { _eq: 0 } } },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      decoded_key: '0x619dc29a0aac8fa146714058e8dd6d2d0f3bdf5f6331907bf91f3acd81e6935',
      decoded_value: '10',
      key: '0x0619dc29a0aac8fa146714058e8dd6d2d0f3bdf5f6331907bf91f3acd81e6935',
    });
  });

  it('counts APT in fungible stores in 0xa ConcurrentSupply; coin::supply is the sum', async () => {
    expect(await coinSupplyItem()).toBe('10');
    const fungible = await faSupply();
    expect(fungible).toBeGreaterThanOrEqual(ROOT_INITIAL_BALANCE - 1_000_000_000n);
    expect(await coinSupplyView()).toBe(fungible + GENESIS_STAKE);
    const [faView] = await chain.aptos.view<[{ vec: string[] }]>({
      payload: {
        function: '0x1::fungible_asset::supply',
        typeArguments: ['0x1::fungible_asset::Metadata'],
        functionArguments: ['0xa'],
      },
    });
    expect(faView.vec[0]).toBe(fungible.toString());
  });

  it('a mint raises and a fee lowers the fungible supply; the coin-form item stays "10"', async () => {
    const before = await faSupply();
    const alice = await fundedAccount(chain, 50_000_000);
    const minted = await faSupply();
    // The faucet's mint adds 50,000,000; root pays the mint's fee, which is burnt.
    expect(minted).toBeGreaterThan(before);
    expect(minted).toBeLessThan(before + 50_000_000n);
    const transaction = await chain.aptos.transaction.build.simple({
      sender: alice.accountAddress,
      data: {
        function: '0x1::aptos_account::transfer',
        functionArguments: [Account.generate().accountAddress, 1],
      },
    });
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: alice, transaction });
    const committed = await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
    const fee =
      BigInt(committed.gas_used) * BigInt((committed as { gas_unit_price: string }).gas_unit_price);
    expect(fee).toBeGreaterThan(0n);
    expect(await faSupply()).toBe(minted - fee);
    expect(await coinSupplyItem()).toBe('10');
  });
});

describe('genesis validator', () => {
  it('holds its 10 octas of stake in a StakePool, its primary store emptied', async () => {
    const pool = await chain.aptos.getAccountResource<{
      active: { value: string };
      pending_active: { value: string };
      operator_address: string;
      locked_until_secs: string;
    }>({ accountAddress: VALIDATOR_ADDRESS, resourceType: '0x1::stake::StakePool' });
    expect(pool.active.value).toBe('10');
    expect(pool.pending_active.value).toBe('0');
    expect(pool.locked_until_secs).toBe('86400');
    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: VALIDATOR_ADDRESS })).toBe(0);
  });

  it('prints the genesis events in GET /transactions/by_version/0', async () => {
    const genesis = (await getJson(chain, '/transactions/by_version/0')).body as {
      type: string;
      events: Array<{ type: string; data: Record<string, string> }>;
    };
    expect(genesis.type).toBe('genesis_transaction');
    expect(genesis.events.map((event) => event.type)).toEqual([
      '0x1::fungible_asset::Deposit',
      '0x1::fungible_asset::Deposit',
      '0x1::fungible_asset::Withdraw',
      '0x1::stake::AddStake',
    ]);
    expect(genesis.events[0]?.data.amount).toBe(ROOT_INITIAL_BALANCE.toString());
    expect(genesis.events[3]?.data).toEqual({
      pool_address: VALIDATOR_ADDRESS.replace(/^0x0+/, '0x'),
      amount_added: '10',
    });
  });
});

describe('genesis fungible asset activities', () => {
  it('answers APT activities at version 0 before any user transaction', async () => {
    const fresh = await startChain();
    try {
      const rows = await fresh.aptos.getFungibleAssetActivities({
        options: { where: { asset_type: { _eq: APTOS_COIN_TYPE } } },
      });
      expect(
        rows.map((row) => [row.transaction_version, row.type, row.amount, row.owner_address]),
      ).toEqual([
        [0, '0x1::fungible_asset::Deposit', Number(ROOT_INITIAL_BALANCE), ROOT_ADDRESS],
        [0, '0x1::fungible_asset::Deposit', 10, VALIDATOR_ADDRESS],
        [0, '0x1::fungible_asset::Withdraw', 10, VALIDATOR_ADDRESS],
      ]);
      expect(rows[1]?.storage_id).toBe(primaryStoreAddress(VALIDATOR_ADDRESS));
      expect(rows.every((row) => row.is_transaction_success && row.is_gas_fee === false)).toBe(
        true,
      );
    } finally {
      await fresh.localnet.stop();
    }
  });
});

describe('data dirs of the older genesis', () => {
  it('refuses a v3 data dir (made on the genesis before the validator) and says how to start over', async () => {
    const dir = tempDataDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'FORMAT'), 'transaction-workbench localnet log v3\n');
    await expect(startLocalnet({ dataDir: dir, ports: 'auto', blockTimeMs: 0 })).rejects.toThrow(
      /another format \(transaction-workbench localnet log v3; this chain writes transaction-workbench localnet log v4\); start with --reset/,
    );
    const reset = await startLocalnet({ dataDir: dir, ports: 'auto', blockTimeMs: 0, reset: true });
    try {
      expect(reset.node.ledgerInfo().ledgerVersion).toBe(0);
    } finally {
      await reset.stop();
    }
  });
});
