import {
  type Account,
  AccountAddress,
  type UserTransactionResponse,
  type WriteSetChangeWriteResource,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, startChain, type Chain } from './helpers.ts';
import { ownerTransactions } from './move/ownerTransactions.ts';

/**
 * The legacy token standard `0x3::token` (AptosToken's token.move) through the REST API with the
 * ts-sdk: entry functions, the one `#[view]`, table items and write sets, with the module events
 * and abort codes of the source.
 */
let chain: Chain;
let creator: Account;
let owner: Account;
let me: string;
let send: ReturnType<typeof ownerTransactions>['send'];

const TOKEN = '0x3::token';
const BOOL_TRUE = Uint8Array.of(1);
const U64_7 = Uint8Array.of(7, 0, 0, 0, 0, 0, 0, 0);

type Json = Record<string, unknown>;

/** An address as a node prints it in values: no leading zeros. */
const short = (account: Account): string =>
  `0x${account.accountAddress.toStringLongWithoutPrefix().replace(/^0+(?=.)/, '')}`;
const sameAddress = (a: string, b: string) => AccountAddress.from(a).equals(AccountAddress.from(b));

function written(done: UserTransactionResponse, address: string, type: string): Json {
  const change = done.changes.find((c) => {
    const write = c as WriteSetChangeWriteResource;
    return (
      write.type === 'write_resource' &&
      sameAddress(write.address, address) &&
      write.data.type === type
    );
  }) as WriteSetChangeWriteResource | undefined;
  if (change === undefined) throw new Error(`no ${type} at ${address} written`);
  return change.data.data as Json;
}

const events = (done: UserTransactionResponse) =>
  done.events.map((e) => ({ type: e.type, data: e.data as Json }));

async function resourceOf(address: string, type: `${string}::${string}::${string}`): Promise<Json> {
  return (await chain.aptos.getAccountResource({
    accountAddress: address,
    resourceType: type,
  })) as Json;
}

const handleOf = (table: unknown): string => (table as { handle: string }).handle;

async function tableItem(
  handle: string,
  keyType: string,
  valueType: string,
  key: unknown,
): Promise<Json> {
  return chain.aptos.getTableItem<Json>({
    handle,
    data: { key_type: keyType, value_type: valueType, key },
  });
}

const dataId = (creatorAddress: string, collection: string, name: string) => ({
  creator: creatorAddress,
  collection,
  name,
});
const tokenId = (creatorAddress: string, collection: string, name: string, version = '0') => ({
  token_data_id: dataId(creatorAddress, collection, name),
  property_version: version,
});

async function createCollection(
  collection: string,
  maximum: number,
  mutable = [false, false, false],
) {
  return send({
    function: `${TOKEN}::create_collection_script`,
    functionArguments: [collection, 'a collection', 'https://example.com/c', maximum, mutable],
  });
}

/** A token of `balance` (maximum 10) that its owner may burn and whose properties are mutable. */
async function createToken(collection: string, name: string, balance: number) {
  return send({
    function: `${TOKEN}::create_token_script`,
    functionArguments: [
      collection,
      name,
      'a token',
      balance,
      10,
      'https://example.com/t',
      me,
      100,
      5,
      [false, false, false, false, true],
      ['TOKEN_BURNABLE_BY_OWNER', 'attack'],
      [BOOL_TRUE, U64_7],
      ['bool', 'u64'],
    ],
  });
}

async function tokenAmount(holder: string, collection: string, name: string, version = '0') {
  const store = await resourceOf(holder, `${TOKEN}::TokenStore`);
  const token = await tableItem(
    handleOf(store.tokens),
    `${TOKEN}::TokenId`,
    `${TOKEN}::Token`,
    tokenId(me, collection, name, version),
  );
  return token.amount;
}

beforeAll(async () => {
  chain = await startChain();
  [creator, owner] = await Promise.all([fundedAccount(chain, 1_000_000_000), fundedAccount(chain)]);
  me = short(creator);
  ({ send } = ownerTransactions(chain, creator));
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

describe('0x3::token collections', () => {
  it('creates Collections with its tables and event handles, the item and CreateCollection', async () => {
    const before = await resourceOf(me, '0x1::account::Account');
    const done = await createCollection('Relics', 2, [false, true, false]);
    expect(done.vm_status).toBe('Executed successfully');
    const collections = written(done, me, `${TOKEN}::Collections`);
    const guid = Number(before.guid_creation_num);
    expect(collections.create_collection_events).toEqual({
      counter: '0',
      guid: { id: { addr: me, creation_num: String(guid) } },
    });
    expect(collections.mint_token_events).toMatchObject({
      guid: { id: { creation_num: String(guid + 2) } },
    });
    expect(written(done, me, '0x1::account::Account').guid_creation_num).toBe(String(guid + 3));
    expect(events(done)).toContainEqual({
      type: `${TOKEN}::CreateCollection`,
      data: {
        creator: me,
        collection_name: 'Relics',
        uri: 'https://example.com/c',
        description: 'a collection',
        maximum: '2',
      },
    });
    const item = await tableItem(
      handleOf(collections.collection_data),
      '0x1::string::String',
      `${TOKEN}::CollectionData`,
      'Relics',
    );
    expect(item).toEqual({
      description: 'a collection',
      name: 'Relics',
      uri: 'https://example.com/c',
      supply: '0',
      maximum: '2',
      mutability_config: { description: false, uri: true, maximum: false },
    });
    const config = await chain.aptos.view({
      payload: {
        function: `${TOKEN}::get_collection_mutability_config`,
        functionArguments: [me, 'Relics'],
      },
    });
    expect(config).toEqual([{ description: false, uri: true, maximum: false }]);
  });

  it('refuses a second collection of the same name and a mutation the config forbids', async () => {
    const again = await createCollection('Relics', 2);
    expect(again.success).toBe(false);
    expect(again.vm_status).toBe(
      'Move abort in 0x3::token: ECOLLECTION_ALREADY_EXISTS(0x80003): The collection already exists',
    );
    const short = await send({
      function: `${TOKEN}::create_collection_script`,
      functionArguments: ['Short', '', '', 0, [true, true]],
    });
    expect(short.vm_status).toContain('VECTOR_OPERATION_ERROR');
  });
});

describe('0x3::token tokens', () => {
  it('create_token_script creates the token data, mints into a new TokenStore, events in order', async () => {
    await createCollection('Arms', 3);
    const done = await createToken('Arms', 'Sword', 5);
    expect(done.vm_status).toBe('Executed successfully');
    expect(events(done).map((e) => e.type)).toEqual([
      `${TOKEN}::TokenDataCreation`,
      `${TOKEN}::Mint`,
      `${TOKEN}::TokenDeposit`,
      '0x1::transaction_fee::FeeStatement',
    ]);
    const [creation, mint, deposit] = events(done);
    expect(creation?.data).toMatchObject({
      creator: me,
      id: dataId(me, 'Arms', 'Sword'),
      maximum: '10',
      royalty_points_denominator: '100',
      royalty_points_numerator: '5',
      mutability_config: {
        maximum: false,
        uri: false,
        royalty: false,
        description: false,
        properties: true,
      },
      property_keys: ['TOKEN_BURNABLE_BY_OWNER', 'attack'],
      property_values: ['0x01', '0x0700000000000000'],
      property_types: ['bool', 'u64'],
    });
    expect(mint?.data).toEqual({ creator: me, id: dataId(me, 'Arms', 'Sword'), amount: '5' });
    expect(deposit?.data).toEqual({ account: me, id: tokenId(me, 'Arms', 'Sword'), amount: '5' });
    expect(written(done, me, `${TOKEN}::TokenStore`).direct_transfer).toBe(false);

    const collections = await resourceOf(me, `${TOKEN}::Collections`);
    const data = await tableItem(
      handleOf(collections.token_data),
      `${TOKEN}::TokenDataId`,
      `${TOKEN}::TokenData`,
      dataId(me, 'Arms', 'Sword'),
    );
    expect(data).toMatchObject({
      maximum: '10',
      largest_property_version: '0',
      supply: '5',
      royalty: {
        royalty_points_numerator: '5',
        royalty_points_denominator: '100',
        payee_address: me,
      },
      default_properties: {
        map: {
          data: [
            { key: 'TOKEN_BURNABLE_BY_OWNER', value: { value: '0x01', type: 'bool' } },
            { key: 'attack', value: { value: '0x0700000000000000', type: 'u64' } },
          ],
        },
      },
    });
    const collection = await tableItem(
      handleOf(collections.collection_data),
      '0x1::string::String',
      `${TOKEN}::CollectionData`,
      'Arms',
    );
    expect(collection.supply).toBe('1');
    expect(await tokenAmount(me, 'Arms', 'Sword')).toBe('5');
  });

  it('mints more up to the maximum, then refuses with EMINT_WOULD_EXCEED_TOKEN_MAXIMUM', async () => {
    const more = await send({
      function: `${TOKEN}::mint_script`,
      functionArguments: [me, 'Arms', 'Sword', 5],
    });
    expect(more.success).toBe(true);
    expect(await tokenAmount(me, 'Arms', 'Sword')).toBe('10');
    const over = await send({
      function: `${TOKEN}::mint_script`,
      functionArguments: [me, 'Arms', 'Sword', 1],
    });
    expect(over.vm_status).toBe(
      'Move abort in 0x3::token: EMINT_WOULD_EXCEED_TOKEN_MAXIMUM(0x10007): Exceed the token data maximal allowed',
    );
  });

  it('transfers only to an account that opted in (TokenWithdraw, TokenDeposit, OptInTransfer)', async () => {
    const ownerAddress = short(owner);
    const transfer = () =>
      send({
        function: `${TOKEN}::transfer_with_opt_in`,
        functionArguments: [me, 'Arms', 'Sword', 0, ownerAddress, 3],
      });
    const optIn = async (value: boolean) =>
      ownerTransactions(chain, owner).send({
        function: `${TOKEN}::opt_in_direct_transfer`,
        functionArguments: [value],
      });
    const off = await optIn(false);
    expect(events(off)[0]).toEqual({
      type: '0x3::token_event_store::OptInTransfer',
      data: { account_address: ownerAddress, opt_in: false },
    });
    expect((await transfer()).vm_status).toBe(
      "Move abort in 0x3::token: EUSER_NOT_OPT_IN_DIRECT_TRANSFER(0x50010): User didn't opt-in direct transfer",
    );
    expect((await optIn(true)).success).toBe(true);
    const done = await transfer();
    expect(done.success).toBe(true);
    expect(events(done).slice(0, 2)).toEqual([
      {
        type: `${TOKEN}::TokenWithdraw`,
        data: { account: me, id: tokenId(me, 'Arms', 'Sword'), amount: '3' },
      },
      {
        type: `${TOKEN}::TokenDeposit`,
        data: { account: ownerAddress, id: tokenId(me, 'Arms', 'Sword'), amount: '3' },
      },
    ]);
    expect(await tokenAmount(me, 'Arms', 'Sword')).toBe('7');
    expect(await tokenAmount(ownerAddress, 'Arms', 'Sword')).toBe('3');
  });

  it('direct_transfer_script moves tokens with both signers', async () => {
    const ownerAddress = short(owner);
    const transaction = await chain.aptos.transaction.build.multiAgent({
      sender: creator.accountAddress,
      secondarySignerAddresses: [owner.accountAddress],
      data: {
        function: `${TOKEN}::direct_transfer_script`,
        functionArguments: [me, 'Arms', 'Sword', 0, 2],
      },
    });
    const pending = await chain.aptos.transaction.submit.multiAgent({
      transaction,
      senderAuthenticator: chain.aptos.transaction.sign({ signer: creator, transaction }),
      additionalSignersAuthenticators: [
        chain.aptos.transaction.sign({ signer: owner, transaction }),
      ],
    });
    const done = await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
    expect(done.success).toBe(true);
    expect(await tokenAmount(me, 'Arms', 'Sword')).toBe('5');
    expect(await tokenAmount(ownerAddress, 'Arms', 'Sword')).toBe('5');
  });

  it('burns by the owner when TOKEN_BURNABLE_BY_OWNER is set, lowering the supply; not by the creator', async () => {
    const zero = await send({
      function: `${TOKEN}::burn`,
      functionArguments: [me, 'Arms', 'Sword', 0, 0],
    });
    expect(zero.vm_status).toBe(
      'Move abort in 0x3::token: ENO_BURN_TOKEN_WITH_ZERO_AMOUNT(0x1001d): Cannot burn 0 Token',
    );
    const done = await send({
      function: `${TOKEN}::burn`,
      functionArguments: [me, 'Arms', 'Sword', 0, 2],
    });
    expect(done.success).toBe(true);
    expect(events(done)[1]).toEqual({
      type: `${TOKEN}::Burn`,
      data: { account: me, id: tokenId(me, 'Arms', 'Sword'), amount: '2' },
    });
    const collections = await resourceOf(me, `${TOKEN}::Collections`);
    const data = await tableItem(
      handleOf(collections.token_data),
      `${TOKEN}::TokenDataId`,
      `${TOKEN}::TokenData`,
      dataId(me, 'Arms', 'Sword'),
    );
    expect(data.supply).toBe('8');
    const byCreator = await send({
      function: `${TOKEN}::burn_by_creator`,
      functionArguments: [short(owner), 'Arms', 'Sword', 0, 1],
    });
    expect(byCreator.vm_status).toBe(
      'Move abort in 0x3::token: ECREATOR_CANNOT_BURN_TOKEN(0x5001f): Token is not burnable by creator',
    );
  });

  it('burning the whole supply removes the token data and, at supply 0, the collection', async () => {
    await createCollection('Single', 1);
    expect((await createToken('Single', 'Only', 1)).success).toBe(true);
    const done = await send({
      function: `${TOKEN}::burn`,
      functionArguments: [me, 'Single', 'Only', 0, 1],
    });
    expect(done.success).toBe(true);
    const deleted = done.changes.filter((c) => c.type === 'delete_table_item');
    // The token in the store, the token data and the collection data, as a node's
    // DeleteTableItem: no value.
    expect(deleted).toHaveLength(3);
    for (const change of deleted) {
      expect(Object.keys(change).sort()).toEqual([
        'data',
        'handle',
        'key',
        'state_key_hash',
        'type',
      ]);
    }
    const check = await chain.aptos
      .view({
        payload: {
          function: `${TOKEN}::get_collection_mutability_config`,
          functionArguments: [me, 'Single'],
        },
      })
      .catch((error: unknown) => String(error));
    expect(check).toContain('ECOLLECTION_NOT_PUBLISHED');
  });

  it('mutate_token_properties turns version 0 into version 1 with the new properties', async () => {
    const reserved = await send({
      function: `${TOKEN}::mutate_token_properties`,
      functionArguments: [me, me, 'Arms', 'Sword', 0, 1, ['TOKEN_X'], [BOOL_TRUE], ['bool']],
    });
    expect(reserved.vm_status).toBe(
      'Move abort in 0x3::token: EPROPERTY_RESERVED_BY_STANDARD(0x50028): The property is reserved by token standard',
    );
    const done = await send({
      function: `${TOKEN}::mutate_token_properties`,
      functionArguments: [
        me,
        me,
        'Arms',
        'Sword',
        0,
        1,
        ['attack'],
        [Uint8Array.of(9, 0, 0, 0, 0, 0, 0, 0)],
        ['u64'],
      ],
    });
    expect(done.success).toBe(true);
    expect(events(done)[2]).toEqual({
      type: `${TOKEN}::MutatePropertyMap`,
      data: {
        account: me,
        old_id: tokenId(me, 'Arms', 'Sword'),
        new_id: tokenId(me, 'Arms', 'Sword', '1'),
        keys: ['attack'],
        values: ['0x0900000000000000'],
        types: ['u64'],
      },
    });
    expect(await tokenAmount(me, 'Arms', 'Sword')).toBe('2');
    const store = await resourceOf(me, `${TOKEN}::TokenStore`);
    const mutated = await tableItem(
      handleOf(store.tokens),
      `${TOKEN}::TokenId`,
      `${TOKEN}::Token`,
      tokenId(me, 'Arms', 'Sword', '1'),
    );
    expect(mutated).toEqual({
      id: tokenId(me, 'Arms', 'Sword', '1'),
      amount: '1',
      token_properties: {
        map: {
          data: [
            { key: 'TOKEN_BURNABLE_BY_OWNER', value: { value: '0x01', type: 'bool' } },
            { key: 'attack', value: { value: '0x0900000000000000', type: 'u64' } },
          ],
        },
      },
    });
  });
});
