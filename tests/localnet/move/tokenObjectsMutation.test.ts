import {
  createObjectAddress,
  type Account,
  type UserTransactionResponse,
  type WriteSetChangeWriteResource,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { short } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { FIXED, tokenRefsModule } from './tokenObjectsModule.ts';

/**
 * The `0x4` functions behind refs and `aptos_token`'s collection-level entry functions, through
 * the REST API with the ts-sdk: a fixed collection's `MutatorRef` (`set_description`,
 * `set_max_supply`), a numbered token renamed through its `MutatorRef`, `upgrade_to_concurrent`
 * and the name limit from a package (`refs`); `aptos_token`'s collection setters, royalties,
 * token name and property updates, with the aborts collection.move and aptos_token.move raise.
 */
let chain: Chain;
let owner: Account;
let bob: Account;
let tx: ReturnType<typeof ownerTransactions>;
let bobTx: ReturnType<typeof ownerTransactions>;
let me: string;

const U64_MAX = '18446744073709551615';

function written(done: UserTransactionResponse, address: string, type: string): unknown {
  return done.changes.find(
    (change): change is WriteSetChangeWriteResource =>
      change.type === 'write_resource' &&
      (change as WriteSetChangeWriteResource).address === address &&
      (change as WriteSetChangeWriteResource).data.type === type,
  )?.data.data;
}

const eventsOf = (done: UserTransactionResponse) =>
  done.events.map(({ type, data }) => ({ type, data }) as { type: string; data: unknown });

const view = async <T extends unknown[]>(fn: string, args: string[], types: string[]) =>
  chain.aptos.view<T>({
    payload: {
      function: fn as `${string}::${string}::${string}`,
      typeArguments: types,
      functionArguments: args,
    },
  });

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  bob = await fundedAccount(chain, 1_000_000_000);
  tx = ownerTransactions(chain, owner);
  bobTx = ownerTransactions(chain, bob);
  me = short(owner.accountAddress.toStringLong());
  const published = await tx.publish('refs', tokenRefsModule(owner.accountAddress.toStringLong()));
  if (!published.success) throw new Error(`publish failed: ${published.vm_status}`);
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

describe('0x4 refs from a package', () => {
  it('mutates a fixed collection and renames a numbered token through their MutatorRefs', async () => {
    const done = await tx.send({ function: `${me}::refs::make`, functionArguments: [] });
    expect(done.vm_status).toBe('Executed successfully');
    const collection = short(createObjectAddress(owner.accountAddress, FIXED).toStringLong());
    const mint = done.events.find((e) => e.type === '0x4::collection::Mint');
    const hero = (mint?.data as { token: string }).token;
    expect(mint?.data).toEqual({ collection, index: { value: '1' }, token: hero });
    const events = eventsOf(done);
    expect(events).toContainEqual({
      type: '0x4::collection::Mutation',
      data: {
        mutated_field_name: 'description',
        collection: { inner: collection },
        old_value: 'fixed from Move',
        new_value: 'described by a MutatorRef',
      },
    });
    expect(events).toContainEqual({
      type: '0x4::collection::SetMaxSupply',
      data: { collection: { inner: collection }, old_max_supply: '2', new_max_supply: '3' },
    });
    // The numbered token's name was the prefix, its index and the suffix.
    expect(events).toContainEqual({
      type: '0x4::token::Mutation',
      data: {
        token_address: hero,
        mutated_field_name: 'name',
        old_value: 'Hero #1 of 3',
        new_value: 'Hero',
      },
    });
    expect(written(done, collection, '0x4::collection::ConcurrentSupply')).toEqual({
      current_supply: { max_value: '3', value: '1' },
      total_minted: { max_value: U64_MAX, value: '1' },
    });
    expect(written(done, hero, '0x4::token::TokenIdentifiers')).toEqual({
      index: { value: '1' },
      name: { padding: `0x${'00'.repeat(16)}`, value: 'Hero' },
    });
    expect(await view(`0x4::token::name`, [hero], ['0x4::token::Token'])).toEqual(['Hero']);
    expect(
      await view(`0x4::collection::description`, [collection], ['0x4::collection::Collection']),
    ).toEqual(['described by a MutatorRef']);
  });

  it('refuses upgrade_to_concurrent of a concurrent collection and a 129-byte name', async () => {
    const upgrade = await tx.send({ function: `${me}::refs::upgrade`, functionArguments: [] });
    expect(upgrade.vm_status).toBe(
      'Move abort in 0x4::collection: EALREADY_CONCURRENT(0x10008): Tried upgrading collection to concurrent, but collection is already concurrent',
    );
    const long = await tx.send({ function: `${me}::refs::too_long`, functionArguments: [] });
    expect(long.vm_status).toBe(
      'Move abort in 0x4::collection: ECOLLECTION_NAME_TOO_LONG(0x20003): The collection name is over the maximum length',
    );
  });
});

describe('_as_owner: the collection’s owner mints, not its creator', () => {
  it('creates a collection with ungated transfers on and mints as its owner', async () => {
    const done = await tx.send({ function: `${me}::refs::owned`, functionArguments: [] });
    expect(done.vm_status).toBe('Executed successfully');
    const collection = short(createObjectAddress(owner.accountAddress, 'Owned').toStringLong());
    expect(written(done, collection, '0x1::object::ObjectCore')).toMatchObject({
      allow_ungated_transfer: true,
    });
    expect(done.events.filter((e) => e.type === '0x4::collection::Mint')).toHaveLength(1);
    const stranger = await bobTx.send({
      function: `${me}::refs::mint_into`,
      functionArguments: [collection],
    });
    expect(stranger.vm_status).toBe(
      'Move abort in 0x4::token: ENOT_OWNER(0x40008): The calling signer is not the owner',
    );
    const moved = await tx.send({
      function: '0x1::object::transfer',
      typeArguments: ['0x4::collection::Collection'],
      functionArguments: [collection, bob.accountAddress.toStringLong()],
    });
    expect(moved.vm_status).toBe('Executed successfully');
    const minted = await bobTx.send({
      function: `${me}::refs::mint_into`,
      functionArguments: [collection],
    });
    expect(minted.vm_status).toBe('Executed successfully');
    expect(minted.events.find((e) => e.type === '0x4::collection::Mint')?.data).toMatchObject({
      collection,
      index: { value: '2' },
    });
  });
});

describe('aptos_token entry functions', () => {
  const name = 'Aptos Collection';
  let collection: string;
  let gem: string;

  beforeAll(async () => {
    collection = short(createObjectAddress(owner.accountAddress, name).toStringLong());
    const created = await tx.submit(
      await chain.aptos.createCollectionTransaction({
        creator: owner,
        description: 'aptos_token',
        name,
        uri: 'https://example.com/aptos',
        mutableDescription: true,
        mutableRoyalty: true,
        mutableURI: false,
        mutableTokenDescription: false,
        mutableTokenName: true,
        mutableTokenProperties: true,
        mutableTokenURI: false,
        tokensBurnableByCreator: false,
        tokensFreezableByCreator: false,
        royaltyNumerator: 5,
        royaltyDenominator: 100,
      }),
    );
    expect(created.vm_status).toBe('Executed successfully');
    const minted = await tx.submit(
      await chain.aptos.mintDigitalAssetTransaction({
        creator: owner,
        collection: name,
        description: 'a gem',
        name: 'Gem',
        uri: 'https://example.com/gem',
        propertyKeys: ['level', 'rare'],
        propertyTypes: ['U64', 'BOOLEAN'],
        propertyValues: [1, true],
      }),
    );
    expect(minted.vm_status).toBe('Executed successfully');
    gem = (minted.events.find((e) => e.type === '0x4::collection::Mint')?.data as { token: string })
      .token;
  });

  const setCollection = (sender: typeof tx, field: string, value: string) =>
    sender.send({
      function: `0x4::aptos_token::set_collection_${field}`,
      typeArguments: ['0x4::collection::Collection'],
      functionArguments: [collection, value],
    });

  it('sets the collection description; the URI is not mutable; only the creator may', async () => {
    const done = await setCollection(tx, 'description', 'changed');
    expect(done.vm_status).toBe('Executed successfully');
    expect(eventsOf(done)).toContainEqual({
      type: '0x4::collection::Mutation',
      data: {
        mutated_field_name: 'description',
        collection: { inner: collection },
        old_value: 'aptos_token',
        new_value: 'changed',
      },
    });
    expect((await setCollection(tx, 'uri', 'https://x')).vm_status).toBe(
      'Move abort in 0x4::aptos_token: EFIELD_NOT_MUTABLE(0x50004): The field being changed is not mutable',
    );
    expect((await setCollection(bobTx, 'description', 'mine')).vm_status).toBe(
      'Move abort in 0x4::aptos_token: ENOT_CREATOR(0x50003): The provided signer is not the creator',
    );
  });

  it('replaces the collection royalty; a token without one reports its collection’s', async () => {
    const bobAddress = short(bob.accountAddress.toStringLong());
    const done = await tx.send({
      function: '0x4::aptos_token::set_collection_royalties_call',
      typeArguments: ['0x4::collection::Collection'],
      functionArguments: [collection, 2, 50, bobAddress],
    });
    expect(done.vm_status).toBe('Executed successfully');
    const royalty = { numerator: '2', denominator: '50', payee_address: bobAddress };
    expect(written(done, collection, '0x4::royalty::Royalty')).toEqual(royalty);
    expect(await view('0x4::token::royalty', [gem], ['0x4::token::Token'])).toEqual([
      { vec: [royalty] },
    ]);
  });

  it('renames the token and updates and removes its properties', async () => {
    const renamed = await tx.submit(
      await chain.aptos.setDigitalAssetNameTransaction({
        creator: owner,
        name: 'Jewel',
        digitalAssetAddress: gem,
      }),
    );
    expect(renamed.vm_status).toBe('Executed successfully');
    expect(await view('0x4::token::name', [gem], ['0x4::token::Token'])).toEqual(['Jewel']);
    const updated = await tx.submit(
      await chain.aptos.updateDigitalAssetTypedPropertyTransaction({
        creator: owner,
        propertyKey: 'level',
        propertyType: 'U64',
        propertyValue: 2,
        digitalAssetAddress: gem,
      }),
    );
    expect(updated.vm_status).toBe('Executed successfully');
    expect(written(updated, gem, '0x4::property_map::PropertyMap')).toEqual({
      inner: {
        data: [
          { key: 'rare', value: { type: 0, value: '0x01' } },
          { key: 'level', value: { type: 4, value: '0x0200000000000000' } },
        ],
      },
    });
    const removed = await tx.submit(
      await chain.aptos.removeDigitalAssetPropertyTransaction({
        creator: owner,
        propertyKey: 'rare',
        propertyType: 'BOOLEAN',
        propertyValue: true,
        digitalAssetAddress: gem,
      }),
    );
    expect(removed.vm_status).toBe('Executed successfully');
    // simple_map::remove swaps the last entry into the removed one's place.
    expect(written(removed, gem, '0x4::property_map::PropertyMap')).toEqual({
      inner: { data: [{ key: 'level', value: { type: 4, value: '0x0200000000000000' } }] },
    });
  });

  it('answers the flag views from the collection and the token', async () => {
    const token = ['0x4::token::Token'];
    expect(await view('0x4::aptos_token::is_mutable_name', [gem], token)).toEqual([true]);
    expect(await view('0x4::aptos_token::is_mutable_uri', [gem], token)).toEqual([false]);
    expect(await view('0x4::aptos_token::is_burnable', [gem], token)).toEqual([false]);
    expect(await view('0x4::aptos_token::are_properties_mutable', [gem], token)).toEqual([true]);
  });
});
