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
import { COLLECTION, DESCRIBED, TOKEN, tokenObjectsModule } from './tokenObjectsModule.ts';

/**
 * Issue 31's acceptance for `0x4`: a package whose `init_module` creates a collection and a named
 * token with a royalty and a property map from Move, then mutates it; a transfer, a mint-and-burn
 * and a refused second mint follow. Checked through the REST API with the ts-sdk against what
 * the reference sources (`collection.move`, `token.move`, `object.move`) write and emit.
 */
let chain: Chain;
let owner: Account;
let bob: Account;
let tx: ReturnType<typeof ownerTransactions>;
let me: string;
let published: UserTransactionResponse;
let collection: string;
let token: string;

const U64_MAX = '18446744073709551615';

const writes = (done: UserTransactionResponse) =>
  done.changes.filter(
    (change): change is WriteSetChangeWriteResource => change.type === 'write_resource',
  );

/** The resource of `type` the transaction wrote at `address`. */
function written(done: UserTransactionResponse, address: string, type: string): unknown {
  const write = writes(done).find((w) => w.address === address && w.data.type === type);
  return write?.data.data;
}

const view = async <T extends unknown[]>(fn: string, args: string[], types: string[] = []) =>
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
  // As the API prints addresses: without leading zeros.
  me = short(owner.accountAddress.toStringLong());
  collection = short(createObjectAddress(owner.accountAddress, COLLECTION).toStringLong());
  token = short(
    createObjectAddress(owner.accountAddress, `${COLLECTION}::${TOKEN}`).toStringLong(),
  );
  published = await tx.publish('nft', tokenObjectsModule(owner.accountAddress.toStringLong()));
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

describe('0x4 from a package’s init_module', () => {
  it('publishes; the collection is a named object, ungated transfers off, as collection.move', () => {
    expect(published.vm_status).toBe('Executed successfully');
    expect(written(published, collection, '0x1::object::ObjectCore')).toMatchObject({
      allow_ungated_transfer: false,
      owner: me,
      // transfer_events took GUID 2^50, Collection.mutation_events 2^50 + 1.
      guid_creation_num: '1125899906842626',
    });
    expect(written(published, collection, '0x4::collection::Collection')).toEqual({
      creator: me,
      description: 'made from Move',
      name: COLLECTION,
      uri: 'https://example.com/collection',
      mutation_events: {
        counter: '0',
        guid: { id: { addr: collection, creation_num: '1125899906842625' } },
      },
    });
    expect(written(published, collection, '0x4::collection::ConcurrentSupply')).toEqual({
      current_supply: { max_value: U64_MAX, value: '1' },
      total_minted: { max_value: U64_MAX, value: '1' },
    });
    expect(written(published, collection, '0x4::royalty::Royalty')).toEqual({
      numerator: '5',
      denominator: '100',
      payee_address: me,
    });
  });

  it('writes the token as a node: TokenIdentifiers, a deprecated Token name, royalty, properties', () => {
    expect(written(published, token, '0x1::object::ObjectCore')).toMatchObject({
      allow_ungated_transfer: true,
      owner: me,
      guid_creation_num: '1125899906842626',
    });
    expect(written(published, token, '0x4::token::TokenIdentifiers')).toEqual({
      index: { value: '1' },
      // A DerivedStringSnapshot padded to 22 bytes: "Sword" takes 6, the padding's length 1.
      name: { padding: `0x${'00'.repeat(15)}`, value: TOKEN },
    });
    expect(written(published, token, '0x4::token::Token')).toEqual({
      collection: { inner: collection },
      index: '0',
      description: DESCRIBED,
      name: '',
      uri: 'https://example.com/sword',
      mutation_events: {
        counter: '0',
        guid: { id: { addr: token, creation_num: '1125899906842625' } },
      },
    });
    expect(written(published, token, '0x4::royalty::Royalty')).toEqual({
      numerator: '1',
      denominator: '10',
      payee_address: me,
    });
    expect(written(published, token, '0x4::property_map::PropertyMap')).toEqual({
      inner: {
        data: [
          { key: 'kind', value: { type: 9, value: '0x05626c616465' } },
          { key: 'power', value: { type: 4, value: '0x2a00000000000000' } },
        ],
      },
    });
  });

  it('emits the Mint and the description Mutation', () => {
    const events = published.events.map(({ type, data }) => ({ type, data }));
    expect(events).toContainEqual({
      type: '0x4::collection::Mint',
      data: { collection, index: { value: '1' }, token },
    });
    expect(events).toContainEqual({
      type: '0x4::token::Mutation',
      data: {
        token_address: token,
        mutated_field_name: 'description',
        old_value: 'a token',
        new_value: DESCRIBED,
      },
    });
  });

  it('answers the 0x4 views and the package’s own property reads', async () => {
    expect(await view(`0x4::token::name`, [token], ['0x4::token::Token'])).toEqual([TOKEN]);
    expect(await view(`0x4::token::index`, [token], ['0x4::token::Token'])).toEqual(['1']);
    expect(await view(`0x4::token::description`, [token], ['0x4::token::Token'])).toEqual([
      DESCRIBED,
    ]);
    expect(await view(`0x4::token::royalty`, [token], ['0x4::token::Token'])).toEqual([
      { vec: [{ numerator: '1', denominator: '10', payee_address: me }] },
    ]);
    expect(await view(`0x4::token::collection_name`, [token], ['0x4::token::Token'])).toEqual([
      COLLECTION,
    ]);
    expect(
      await view(`0x4::collection::count`, [collection], ['0x4::collection::Collection']),
    ).toEqual([{ vec: ['1'] }]);
    expect(await view(`${me}::nft::power`, [token])).toEqual(['42']);
    expect(await view(`${me}::nft::kind`, [token])).toEqual(['blade']);
  });

  it('transfers the token with object::transfer', async () => {
    const done = await tx.submit(
      await chain.aptos.transferDigitalAssetTransaction({
        sender: owner,
        digitalAssetAddress: token,
        recipient: bob.accountAddress,
      }),
    );
    expect(done.vm_status).toBe('Executed successfully');
    expect(await view('0x1::object::owner', [token], ['0x4::token::Token'])).toEqual([
      short(bob.accountAddress.toStringLong()),
    ]);
  });

  it('mints and burns through a BurnRef: Mint index 2, Burn, the supply back to 1', async () => {
    const done = await tx.send({ function: `${me}::nft::mint_and_burn`, functionArguments: [] });
    expect(done.vm_status).toBe('Executed successfully');
    const mint = done.events.find((e) => e.type === '0x4::collection::Mint');
    const temp = (mint?.data as { token: string } | undefined)?.token ?? '';
    expect(mint?.data).toEqual({ collection, index: { value: '2' }, token: temp });
    expect(done.events.find((e) => e.type === '0x4::collection::Burn')?.data).toEqual({
      collection,
      index: '2',
      token: temp,
      previous_owner: me,
    });
    // Created and deleted in one transaction: no write op at its address, as on a node.
    expect(done.changes.filter((c) => 'address' in c && c.address === temp)).toEqual([]);
    expect(written(done, collection, '0x4::collection::ConcurrentSupply')).toEqual({
      current_supply: { max_value: U64_MAX, value: '1' },
      total_minted: { max_value: U64_MAX, value: '2' },
    });
  });

  it('refuses a second token of the same name with object’s EOBJECT_EXISTS', async () => {
    const done = await tx.send({ function: `${me}::nft::mint_again`, functionArguments: [] });
    expect(done.success).toBe(false);
    expect(done.vm_status).toBe(
      'Move abort in 0x1::object: EOBJECT_EXISTS(0x80001): An object already exists at this address',
    );
  });
});
