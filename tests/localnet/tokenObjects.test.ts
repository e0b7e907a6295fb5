/**
 * `0x4` token objects run natively (aptos_token, collection, token, property_map, royalty), with
 * `0x1::object::transfer`, and the indexer tables the ts-sdk's digital-asset API reads back.
 */
import type { Account, SimpleTransaction, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, removeTempDirs, startChain, tempDataDir, type Chain } from './helpers.ts';

let chain: Chain;
let creator: Account;
let bob: Account;
let token: string;
const collectionName = 'Workbench Collection';

async function send(signer: Account, transaction: SimpleTransaction) {
  const pending = await chain.aptos.signAndSubmitTransaction({ signer, transaction });
  return (await chain.aptos.waitForTransaction({
    transactionHash: pending.hash,
    options: { checkSuccess: false },
  })) as UserTransactionResponse;
}

const graphql = async (query: string, variables: unknown = {}) => {
  const response = await fetch(chain.localnet.urls.indexer, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: Record<string, unknown[]>; errors?: unknown[] };
};

beforeAll(async () => {
  chain = await startChain();
  creator = await fundedAccount(chain, 1_000_000_000);
  bob = await fundedAccount(chain, 100_000_000);
  const created = await send(
    creator,
    await chain.aptos.createCollectionTransaction({
      creator,
      description: 'made by a test',
      name: collectionName,
      uri: 'https://example.com/c',
      maxSupply: 2,
    }),
  );
  expect(created.success).toBe(true);
  const minted = await send(
    creator,
    await chain.aptos.mintDigitalAssetTransaction({
      creator,
      collection: collectionName,
      description: 'token one',
      name: 'One',
      uri: 'https://example.com/1',
      propertyKeys: ['flag', 'count'],
      propertyTypes: ['BOOLEAN', 'U64'],
      propertyValues: [true, 7],
    }),
  );
  expect(minted.success).toBe(true);
  const owned = await chain.aptos.getOwnedDigitalAssets({ ownerAddress: creator.accountAddress });
  token = owned[0]?.token_data_id ?? '';
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
  removeTempDirs();
});

describe('collections', () => {
  it('creates the collection at the creator-and-name object address, with its supply', async () => {
    const data = await chain.aptos.getCollectionData({
      collectionName,
      creatorAddress: creator.accountAddress,
    });
    expect(data.creator_address).toBe(creator.accountAddress.toStringLong());
    expect(data.current_supply).toBe(1);
    expect(data.total_minted_v2).toBe(1);
    expect(data.max_supply).toBe(2);
    expect(data.token_standard).toBe('v2');
    const [name] = await chain.aptos.view<[string]>({
      payload: {
        function: '0x4::collection::name',
        typeArguments: ['0x4::collection::Collection'],
        functionArguments: [data.collection_id],
      },
    });
    expect(name).toBe(collectionName);
  });

  it('refuses a second collection of the same name with object EOBJECT_EXISTS', async () => {
    const again = await send(
      creator,
      await chain.aptos.createCollectionTransaction({
        creator,
        description: 'again',
        name: collectionName,
        uri: 'https://example.com/c',
      }),
    );
    expect(again.vm_status).toContain('Move abort in 0x1::object: EOBJECT_EXISTS(0x80001)');
  });
});

describe('tokens', () => {
  it('mints a token owned by the creator, its properties in the indexer and its Mint activity', async () => {
    expect(token).toMatch(/^0x[0-9a-f]{64}$/);
    const data = await chain.aptos.getDigitalAssetData({ digitalAssetAddress: token });
    expect(data.token_name).toBe('One');
    expect(data.token_properties).toEqual({ flag: 'true', count: '7' });
    expect(data.current_collection?.collection_name).toBe(collectionName);
    const activity = await chain.aptos.getDigitalAssetActivity({ digitalAssetAddress: token });
    expect(activity[0]?.type).toBe('0x4::collection::Mint');
    expect(activity[0]?.entry_function_id_str).toBe('0x4::aptos_token::mint');
    const [owner] = await chain.aptos.view<[string]>({
      payload: {
        function: '0x1::object::owner',
        typeArguments: ['0x4::token::Token'],
        functionArguments: [token],
      },
    });
    // Views print addresses as the REST API does: without leading zeros.
    expect(owner).toBe(`0x${creator.accountAddress.toStringLong().slice(2).replace(/^0+/, '')}`);
  });

  it('lets only the creator mutate, and updates properties in place', async () => {
    const stranger = await send(
      bob,
      await chain.aptos.setDigitalAssetDescriptionTransaction({
        creator: bob,
        description: 'not yours',
        digitalAssetAddress: token,
      }),
    );
    expect(stranger.vm_status).toContain('ENOT_CREATOR(0x50003)');
    const renamed = await send(
      creator,
      await chain.aptos.setDigitalAssetNameTransaction({
        creator,
        name: 'Uno',
        digitalAssetAddress: token,
      }),
    );
    expect(renamed.events.map((event) => event.type)).toContain('0x4::token::Mutation');
    const tooLong = await send(
      creator,
      await chain.aptos.setDigitalAssetNameTransaction({
        creator,
        name: 'x'.repeat(129),
        digitalAssetAddress: token,
      }),
    );
    expect(tooLong.vm_status).toContain('Move abort in 0x4::token: ETOKEN_NAME_TOO_LONG(0x20004)');
    await send(
      creator,
      await chain.aptos.updateDigitalAssetTypedPropertyTransaction({
        creator,
        propertyKey: 'count',
        propertyType: 'U8',
        propertyValue: 9,
        digitalAssetAddress: token,
      }),
    );
    const missing = await send(
      creator,
      await chain.aptos.removeDigitalAssetPropertyTransaction({
        creator,
        propertyKey: 'nope',
        propertyType: 'BOOLEAN',
        propertyValue: true,
        digitalAssetAddress: token,
      }),
    );
    expect(missing.vm_status).toContain('Move abort in 0x1::simple_map: EKEY_NOT_FOUND');
    const data = await chain.aptos.getDigitalAssetData({ digitalAssetAddress: token });
    expect(data.token_name).toBe('Uno');
    expect(data.token_properties).toEqual({ flag: 'true', count: '9' });
  });

  it('refuses a transfer while frozen, transfers once unfrozen, and moves the ownership row', async () => {
    await send(
      creator,
      await chain.aptos.freezeDigitalAssetTransaferTransaction({
        creator,
        digitalAssetAddress: token,
      }),
    );
    const transfer = () =>
      chain.aptos.transferDigitalAssetTransaction({
        sender: creator,
        digitalAssetAddress: token,
        recipient: bob.accountAddress,
      });
    const frozen = await send(creator, await transfer());
    expect(frozen.vm_status).toContain('ENO_UNGATED_TRANSFERS(0x50003)');
    await send(
      creator,
      await chain.aptos.unfreezeDigitalAssetTransaferTransaction({
        creator,
        digitalAssetAddress: token,
      }),
    );
    const moved = await send(creator, await transfer());
    expect(moved.success).toBe(true);
    expect(moved.events.map((event) => event.type)).toContain('0x1::object::Transfer');
    const owned = await chain.aptos.getOwnedDigitalAssets({ ownerAddress: bob.accountAddress });
    expect(owned.map((row) => row.token_data_id)).toEqual([token]);
    expect(
      await chain.aptos.getOwnedDigitalAssets({ ownerAddress: creator.accountAddress }),
    ).toEqual([]);
  });

  it('mints a soul-bound token its owner cannot transfer, and caps the supply', async () => {
    const soulBound = await send(
      creator,
      await chain.aptos.mintSoulBoundTransaction({
        account: creator,
        collection: collectionName,
        description: 'bound',
        name: 'Two',
        uri: 'https://example.com/2',
        recipient: bob.accountAddress,
      }),
    );
    expect(soulBound.success).toBe(true);
    const owned = await chain.aptos.getOwnedDigitalAssets({ ownerAddress: bob.accountAddress });
    const bound = owned.find((row) => row.current_token_data?.token_name === 'Two');
    expect(bound?.is_soulbound_v2).toBe(true);
    const stuck = await send(
      bob,
      await chain.aptos.transferDigitalAssetTransaction({
        sender: bob,
        digitalAssetAddress: bound?.token_data_id ?? '',
        recipient: creator.accountAddress,
      }),
    );
    expect(stuck.vm_status).toContain('ENO_UNGATED_TRANSFERS');
    const third = await send(
      creator,
      await chain.aptos.mintDigitalAssetTransaction({
        creator,
        collection: collectionName,
        description: 'one too many',
        name: 'Three',
        uri: 'https://example.com/3',
      }),
    );
    expect(third.vm_status).toContain('ECOLLECTION_SUPPLY_EXCEEDED(0x20002)');
  });

  it('burns: the supply goes down and the ownership row keeps amount 0', async () => {
    const burnt = await send(
      creator,
      await chain.aptos.burnDigitalAssetTransaction({ creator, digitalAssetAddress: token }),
    );
    expect(burnt.success).toBe(true);
    const data = await chain.aptos.getCollectionData({
      collectionName,
      creatorAddress: creator.accountAddress,
    });
    expect(data.current_supply).toBe(1);
    expect(data.total_minted_v2).toBe(2);
    const rows = await graphql(
      'query q($t: String) { current_token_ownerships_v2(where: {token_data_id: {_eq: $t}}) { owner_address amount } }',
      { t: token },
    );
    expect(rows.data?.current_token_ownerships_v2).toEqual(
      expect.arrayContaining([{ owner_address: bob.accountAddress.toStringLong(), amount: 0 }]),
    );
    const objects = await graphql(
      'query q($o: String) { current_objects(where: {object_address: {_eq: $o}}) { is_deleted } }',
      { o: token },
    );
    expect(objects.data?.current_objects).toEqual([{ is_deleted: true }]);
  });
});

describe('the 0x4 account', () => {
  it('exists from genesis and serves the five modules with their ABIs', async () => {
    const info = await chain.aptos.getAccountInfo({ accountAddress: '0x4' });
    expect(info.sequence_number).toBe('0');
    const modules = await chain.aptos.getAccountModules({ accountAddress: '0x4' });
    expect(modules.map((module) => module.abi?.name)).toEqual([
      'aptos_token',
      'collection',
      'property_map',
      'royalty',
      'token',
    ]);
    const mint = modules[0]?.abi?.exposed_functions.find((fn) => fn.name === 'mint');
    expect(mint?.params).toEqual([
      '&signer',
      '0x1::string::String',
      '0x1::string::String',
      '0x1::string::String',
      '0x1::string::String',
      'vector<0x1::string::String>',
      'vector<0x1::string::String>',
      'vector<vector<u8>>',
    ]);
  });
});

describe('indexer', () => {
  it('answers current_objects for genesis objects (APT metadata 0xa, owned by 0x1)', async () => {
    const object = await chain.aptos.getObjectDataByObjectAddress({ objectAddress: '0xa' });
    expect(object.owner_address).toBe(`0x${'0'.repeat(63)}1`);
  });

  it('expands fragment spreads, and names an unknown fragment', async () => {
    const ok = await graphql(
      'query { processor_status(limit: 1) { ...P } } fragment P on processor_status { processor }',
    );
    expect(ok.data?.processor_status).toHaveLength(1);
    const bad = await graphql('query { processor_status { ...Nope } }');
    expect(JSON.stringify(bad.errors)).toContain("fragment 'Nope' is not defined");
  });
});

describe('durability', () => {
  it('keeps collections, tokens and their indexer rows across a restart from the log', async () => {
    const dataDir = tempDataDir();
    const first = await startChain({ ephemeral: false, dataDir });
    const maker = await fundedAccount(first, 500_000_000);
    const pending = await first.aptos.signAndSubmitTransaction({
      signer: maker,
      transaction: await first.aptos.createCollectionTransaction({
        creator: maker,
        description: 'kept',
        name: 'Kept',
        uri: 'https://example.com/k',
      }),
    });
    await first.aptos.waitForTransaction({ transactionHash: pending.hash });
    const minted = await first.aptos.signAndSubmitTransaction({
      signer: maker,
      transaction: await first.aptos.mintDigitalAssetTransaction({
        creator: maker,
        collection: 'Kept',
        description: 'kept token',
        name: 'K1',
        uri: 'https://example.com/k1',
      }),
    });
    await first.aptos.waitForTransaction({ transactionHash: minted.hash });
    const before = await first.aptos.getOwnedDigitalAssets({ ownerAddress: maker.accountAddress });
    await first.localnet.stop();

    const second = await startChain({ ephemeral: false, dataDir });
    try {
      const after = await second.aptos.getOwnedDigitalAssets({
        ownerAddress: maker.accountAddress,
      });
      expect(after).toEqual(before);
      expect(after[0]?.current_token_data?.current_collection?.current_supply).toBe(1);
    } finally {
      await second.localnet.stop();
    }
  }, 60_000);
});
