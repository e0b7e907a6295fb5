/**
 * Pins the differences issue #14 found between the embedded chain and a real node (the ts-sdk's
 * own e2e suite failed on each). One describe per difference.
 */
import { Account, ProcessorType } from '@aptos-labs/ts-sdk';
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

  it('views that borrow CoinInfo<T> fail with MISSING_DATA; is_coin_initialized is false', async () => {
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
    // coin.move (v10) asserts `is_coin_initialized<T>()` there: every coin's account is registered.
    expect(
      await view('0x1::coin::is_account_registered', ['0x1::string::String'], [owner()]),
    ).toEqual({
      status: 400,
      body: {
        message:
          "Move abort in 0x1::coin: ECOIN_INFO_NOT_PUBLISHED(0x10003): `CoinType` hasn't been initialized as a coin",
        error_code: 'invalid_input',
        vm_error_code: 4016,
      },
    });
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

const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
  const response = await fetch(chain.localnet.urls.indexer, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('indexer', () => {
  it('prints bigint and numeric columns as JSON numbers, as Hasura does', async () => {
    const { body } = await graphql(
      `
        query q($where_condition: current_fungible_asset_balances_bool_exp) {
          current_fungible_asset_balances(where: $where_condition) {
            amount
            asset_type
            last_transaction_version
          }
        }
      `,
      { where_condition: { owner_address: { _eq: alice.accountAddress.toString() } } },
    );
    const rows = (body.data as { current_fungible_asset_balances: Record<string, unknown>[] })
      .current_fungible_asset_balances;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amount).toBe(100_000_000);
    expect(typeof rows[0]?.last_transaction_version).toBe('number');
    // Only the selected columns come back.
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
      'amount',
      'asset_type',
      'last_transaction_version',
    ]);
    expect(
      await chain.aptos.getAccountCoinAmount({
        accountAddress: alice.accountAddress,
        coinType: '0x1::aptos_coin::AptosCoin',
      }),
    ).toBe(100_000_000);
  });

  it('answers processor_status for every processor the SDK waits on', async () => {
    const { body } = await graphql('{ processor_status { processor last_success_version } }');
    const names = (body.data as { processor_status: { processor: string }[] }).processor_status.map(
      (row) => row.processor,
    );
    // The SDK's own list (`ProcessorType`): every processor it may wait on.
    for (const processor of Object.values(ProcessorType)) {
      expect(names).toContain(processor);
    }
  });

  it('answers ledger_infos and user_transactions with order_by and limit', async () => {
    expect((await graphql('query MyQuery { ledger_infos { chain_id } }')).body).toEqual({
      data: { ledger_infos: [{ chain_id: 4 }] },
    });
    const { body } = await graphql(
      'query top($limit: Int) { user_transactions(limit: $limit, order_by: {version: desc}) { version } }',
      { limit: 1 },
    );
    const rows = (body.data as { user_transactions: { version: number }[] }).user_transactions;
    expect(rows).toHaveLength(1);
    const info = await chain.aptos.getLedgerInfo();
    expect(rows[0]?.version).toBeLessThanOrEqual(Number(info.ledger_version));
    expect(rows[0]?.version).toBeGreaterThan(0);
  });

  it("answers an unknown root field with Hasura's validation-failed error (HTTP 200)", async () => {
    const answer = await graphql('query MyQuery {\n  ledger_inos {\n    chain_id\n  }\n}');
    expect(answer).toEqual({
      status: 200,
      body: {
        errors: [
          {
            message: "field 'ledger_inos' not found in type: 'query_root'",
            extensions: { path: '$.selectionSet.ledger_inos', code: 'validation-failed' },
          },
        ],
      },
    });
  });
});

describe('0x1::account::OriginatingAddress', () => {
  it('exists at genesis with a table handle; an absent key is table_item_not_found', async () => {
    const { status, body } = await getJson(
      chain,
      '/accounts/0x1/resource/0x1::account::OriginatingAddress',
    );
    expect(status).toBe(200);
    const handle = (body as { data: { address_map: { handle: string } } }).data.address_map.handle;
    expect(handle).toMatch(/^0x[0-9a-f]{64}$/);
    const item = await postJson(`/tables/${handle}/item`, {
      key_type: 'address',
      value_type: 'address',
      key: alice.accountAddress.toString(),
    });
    expect(item.status).toBe(404);
    expect(item.body.error_code).toBe('table_item_not_found');
    const original = await chain.aptos.lookupOriginalAccountAddress({
      authenticationKey: alice.accountAddress,
    });
    expect(original.equals(alice.accountAddress)).toBe(true);
  });
});

describe('BCS decode errors', () => {
  it("use the node's wording: truncated bytes are 'unexpected end of input'", async () => {
    const transaction = await chain.aptos.transaction.build.simple({
      sender: alice.accountAddress,
      data: {
        function: '0x1::aptos_account::transfer',
        functionArguments: [alice.accountAddress, 1],
      },
    });
    const signed = chain.aptos.transaction.sign({ signer: alice, transaction });
    const bytes = new Uint8Array([
      ...transaction.rawTransaction.bcsToBytes(),
      ...signed.bcsToBytes(),
    ]);
    const truncated = bytes.subarray(0, 40);
    const response = await chain.rest('/transactions', {
      method: 'POST',
      headers: { 'content-type': 'application/x.aptos.signed_transaction+bcs' },
      body: truncated,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Failed to deserialize input into SignedTransaction: unexpected end of input',
      error_code: 'invalid_input',
      vm_error_code: null,
    });
  });
});

describe('chain views and indexer tables the SDK reads', () => {
  it('0x1::chain_status::is_operating answers true', async () => {
    expect(await view('0x1::chain_status::is_operating', [], [])).toEqual({
      status: 200,
      body: [true],
    });
  });

  it('account_transactions_aggregate counts a sender’s transactions; table_metadatas lists genesis tables', async () => {
    expect(
      await chain.aptos.getAccountTransactionsCount({ accountAddress: chain.root.accountAddress }),
    ).toBeGreaterThan(0);
    // A funded account counts the faucet's mint (it received it) and owns its primary store.
    const funded = await fundedAccount(chain, 1_000);
    expect(
      await chain.aptos.getAccountTransactionsCount({ accountAddress: funded.accountAddress }),
    ).toBe(1);
    expect(await chain.aptos.getAccountCoinsCount({ accountAddress: funded.accountAddress })).toBe(
      1,
    );
    const objects = await chain.aptos.getAccountOwnedObjects({
      accountAddress: funded.accountAddress,
    });
    expect(objects).toHaveLength(1);
    const resource = await chain.aptos.getAccountResource<{
      supply: { vec: [{ aggregator: { vec: [{ handle: string }] } }] };
    }>({
      accountAddress: '0x1',
      resourceType: '0x1::coin::CoinInfo<0x1::aptos_coin::AptosCoin>',
    });
    const handle = resource.supply.vec[0].aggregator.vec[0].handle;
    const [metadata] = await chain.aptos.getTableItemsMetadata({
      options: { where: { handle: { _eq: handle } } },
    });
    expect(metadata).toMatchObject({ key_type: 'address', value_type: 'u128' });
  });
});

describe('account::rotate_authentication_key_from_public_key', () => {
  it('sets the new key, records OriginatingAddress, and the new key signs for the account', async () => {
    const account = await fundedAccount(chain, 100_000_000);
    const next = Account.generate();
    const transaction = await chain.aptos.rotateAuthKeyUnverified({
      fromAccount: account,
      toNewPublicKey: next.publicKey,
    });
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: account, transaction });
    const committed = await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
    expect(committed.success).toBe(true);
    const info = await chain.aptos.getAccountInfo({ accountAddress: account.accountAddress });
    expect(info.authentication_key).toBe(next.publicKey.authKey().toString());
    const original = await chain.aptos.lookupOriginalAccountAddress({
      authenticationKey: next.publicKey.authKey().derivedAddress(),
    });
    expect(original.equals(account.accountAddress)).toBe(true);
    // The indexer maps the new key to the account (not used until the account signs with it).
    const { body } = await graphql(
      'query q($w: auth_key_account_addresses_bool_exp) { auth_key_account_addresses(where: $w) { account_address is_auth_key_used } }',
      { w: { auth_key: { _eq: next.publicKey.authKey().toString() } } },
    );
    expect(body.data).toEqual({
      auth_key_account_addresses: [
        { account_address: account.accountAddress.toStringLong(), is_auth_key_used: false },
      ],
    });
    const rotated = Account.fromPrivateKey({
      privateKey: next.privateKey,
      address: account.accountAddress,
    });
    const transfer = await chain.aptos.transaction.build.simple({
      sender: rotated.accountAddress,
      data: {
        function: '0x1::aptos_account::transfer',
        functionArguments: [next.accountAddress, 1],
      },
    });
    const sent = await chain.aptos.signAndSubmitTransaction({
      signer: rotated,
      transaction: transfer,
    });
    expect((await chain.aptos.waitForTransaction({ transactionHash: sent.hash })).success).toBe(
      true,
    );
  });
});

describe('fungible asset indexer tables', () => {
  it('lists APT metadata as a coin and as 0xa, and APT activities from deposit and withdraw events', async () => {
    const metadata = await chain.aptos.getFungibleAssetMetadataByCreatorAddress({
      creatorAddress: '0x1',
    });
    expect(metadata.map((row) => row.asset_type)).toEqual([
      '0x1::aptos_coin::AptosCoin',
      '0x000000000000000000000000000000000000000000000000000000000000000a',
    ]);
    expect(
      await chain.aptos.getFungibleAssetMetadataByAssetType({ assetType: '0x1::aptos_coin::nope' }),
    ).toBeUndefined();
    const activities = await chain.aptos.getFungibleAssetActivities({
      options: { limit: 2, where: { asset_type: { _eq: '0x1::aptos_coin::AptosCoin' } } },
    });
    expect(activities).toHaveLength(2);
    expect(typeof activities[0]?.amount).toBe('number');
  });
});

describe('account::rotate_authentication_key (with proofs)', () => {
  it('rotates when both keys sign the challenge; a wrong proof aborts EINVALID_PROOF_OF_KNOWLEDGE', async () => {
    const account = await fundedAccount(chain, 100_000_000);
    const next = Account.generate();
    const transaction = await chain.aptos.rotateAuthKey({ fromAccount: account, toAccount: next });
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: account, transaction });
    expect((await chain.aptos.waitForTransaction({ transactionHash: pending.hash })).success).toBe(
      true,
    );
    const info = await chain.aptos.getAccountInfo({ accountAddress: account.accountAddress });
    expect(info.authentication_key).toBe(next.publicKey.authKey().toString());

    // A proof signed by another key than the one rotated to.
    const other = await fundedAccount(chain, 100_000_000);
    const stranger = Account.generate();
    const forged = await chain.aptos.transaction.build.simple({
      sender: other.accountAddress,
      data: {
        function: '0x1::account::rotate_authentication_key',
        functionArguments: [
          0,
          other.publicKey.toUint8Array(),
          0,
          next.publicKey.toUint8Array(),
          other.sign(new Uint8Array([1, 2, 3])).toUint8Array(),
          stranger.sign(new Uint8Array([1, 2, 3])).toUint8Array(),
        ],
      },
    });
    const sent = await chain.aptos.signAndSubmitTransaction({ signer: other, transaction: forged });
    await expect(chain.aptos.waitForTransaction({ transactionHash: sent.hash })).rejects.toThrow(
      /EINVALID_PROOF_OF_KNOWLEDGE/,
    );
  });
});
