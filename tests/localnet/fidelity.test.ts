/**
 * Pins the differences issue #14 found between the embedded chain and a real node (the ts-sdk's
 * own e2e suite failed on each). One describe per difference.
 */
import { Account } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, getJson, startChain, type Chain } from './helpers.ts';

let chain: Chain;
let alice: Account;

beforeAll(async () => {
  chain = await startChain();
  alice = await fundedAccount(chain, 100_000_000);
});
afterAll(async () => {
  await chain.localnet.stop();
});

const postJson = async (path: string, body: unknown) => {
  const response = await chain.rest(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const view = (fn: string, typeArgs: string[], args: unknown[]) =>
  postJson('/view', { function: fn, type_arguments: typeArgs, arguments: args });

describe('block JSON', () => {
  it('writes "transactions": null when they were not asked for, an array when they were', async () => {
    const bare = await getJson(chain, '/blocks/by_height/1');
    expect(bare.status).toBe(200);
    expect(bare.body).toHaveProperty('transactions', null);
    const full = await getJson(chain, '/blocks/by_height/1?with_transactions=true');
    expect(Array.isArray((full.body as { transactions: unknown }).transactions)).toBe(true);
    const byVersion = await getJson(chain, '/blocks/by_version/1');
    expect(byVersion.body).toHaveProperty('transactions', null);
  });
});

describe('coin and fungible asset views for types that are not coins', () => {
  const owner = () => alice.accountAddress.toString();

  it('coin::balance<T> answers 0 for a struct without CoinInfo, like the framework', async () => {
    const other = await view('0x1::coin::balance', ['0x1::string::String'], [owner()]);
    expect(other).toEqual({ status: 200, body: ['0'] });
    const apt = await view('0x1::coin::balance', ['0x1::aptos_coin::AptosCoin'], [owner()]);
    expect(apt).toEqual({ status: 200, body: ['100000000'] });
  });

  it('a type argument whose module does not exist fails to resolve (400)', async () => {
    const missing = await view('0x1::coin::balance', ['0x12345::coin::Coin'], [owner()]);
    expect(missing.status).toBe(400);
    expect(missing.body.error_code).toBe('invalid_input');
    await expect(
      chain.aptos.getAccountCoinAmount({
        accountAddress: alice.accountAddress,
        coinType: '0x12345::coin::Coin',
      }),
    ).rejects.toThrow();
    expect(
      await chain.aptos.getAccountCoinAmount({
        accountAddress: alice.accountAddress,
        coinType: '0x1::string::String',
      }),
    ).toBe(0);
  });

  it('views that borrow CoinInfo<T> fail with MISSING_DATA; the booleans answer false', async () => {
    for (const fn of ['name', 'symbol', 'decimals', 'supply']) {
      const answer = await view(`0x1::coin::${fn}`, ['0x1::string::String'], []);
      expect(answer).toEqual({
        status: 400,
        body: { message: 'MISSING_DATA', error_code: 'invalid_input', vm_error_code: 4008 },
      });
    }
    expect(await view('0x1::coin::is_coin_initialized', ['0x1::string::String'], [])).toEqual({
      status: 200,
      body: [false],
    });
    expect(
      await view('0x1::coin::is_account_registered', ['0x1::string::String'], [owner()]),
    ).toEqual({ status: 200, body: [false] });
  });

  it('primary_fungible_store views answer for any metadata address', async () => {
    const metadata = '0xbeef';
    expect(
      await view(
        '0x1::primary_fungible_store::balance',
        ['0x1::object::ObjectCore'],
        [owner(), metadata],
      ),
    ).toEqual({ status: 200, body: ['0'] });
    expect(
      await view(
        '0x1::primary_fungible_store::primary_store_exists',
        ['0x1::object::ObjectCore'],
        [owner(), metadata],
      ),
    ).toEqual({ status: 200, body: [false] });
    const address = await view(
      '0x1::primary_fungible_store::primary_store_address',
      ['0x1::object::ObjectCore'],
      [owner(), metadata],
    );
    expect(address.status).toBe(200);
    expect(address.body).toHaveLength(1);
    const fa = await view('0x1::fungible_asset::symbol', ['0x1::object::ObjectCore'], [metadata]);
    expect(fa.body).toMatchObject({ message: 'MISSING_DATA', vm_error_code: 4008 });
  });
});
