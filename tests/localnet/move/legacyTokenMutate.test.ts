import type { Account, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { AB, op, short } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * `0x3::token`'s public mutators called from Move (collection and token data fields, default
 * properties, one token's properties) with token_event_store's events and the mutability
 * checks, and `property_map::read_u64` on `get_property_map`'s result in a `#[view]`.
 */
let chain: Chain;
let owner: Account;
let me: string;
let send: ReturnType<typeof ownerTransactions>['send'];

const { mv, cp, st, ref, call, u64, pop, ret } = op;
const u64le = (n: number) => {
  const out = Buffer.alloc(8);
  out.writeBigUInt64LE(BigInt(n));
  return Uint8Array.from(out);
};

function mutateModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'mutate');
  const token = (name: string, abilities: number) =>
    b.foreignStruct('0x3', 'token', name, abilities);
  const COPY = AB.copy | AB.drop | AB.store;
  const STRING = S.struct(b.foreignStruct('0x1', 'string', 'String', COPY));
  const DATA_ID = S.struct(token('TokenDataId', COPY));
  const ID = S.struct(token('TokenId', COPY));
  const ROYALTY = S.struct(token('Royalty', COPY));
  const MAP = S.struct(b.foreignStruct('0x3', 'property_map', 'PropertyMap', COPY));
  const SIGNER = S.ref(S.signer);
  const PROPS = [S.vec(STRING), S.vec(S.vec(S.u8)), S.vec(STRING)];
  const fnAt = (module: string, name: string, params: unknown[], returns: unknown[] = []) =>
    b.use('0x3', module, name, params as never, returns as never);
  const tokenFn = (name: string, params: unknown[], returns: unknown[] = []) =>
    fnAt('token', name, params, returns);
  const addressOf = b.use('0x1', 'signer', 'address_of', [SIGNER], [S.address]);
  const dataId = tokenFn('create_token_data_id', [S.address, STRING, STRING], [DATA_ID]);
  const rawId = tokenFn('create_token_id_raw', [S.address, STRING, STRING, S.u64], [ID]);
  const royalty = tokenFn('create_royalty', [S.u64, S.u64, S.address], [ROYALTY]);
  const collDescription = tokenFn('mutate_collection_description', [SIGNER, STRING, STRING]);
  const collUri = tokenFn('mutate_collection_uri', [SIGNER, STRING, STRING]);
  const collMaximum = tokenFn('mutate_collection_maximum', [SIGNER, STRING, S.u64]);
  const dataMaximum = tokenFn('mutate_tokendata_maximum', [SIGNER, DATA_ID, S.u64]);
  const dataUri = tokenFn('mutate_tokendata_uri', [SIGNER, DATA_ID, STRING]);
  const dataRoyalty = tokenFn('mutate_tokendata_royalty', [SIGNER, DATA_ID, ROYALTY]);
  const dataDescription = tokenFn('mutate_tokendata_description', [SIGNER, DATA_ID, STRING]);
  const dataProperty = tokenFn('mutate_tokendata_property', [SIGNER, DATA_ID, ...PROPS]);
  const one = tokenFn('mutate_one_token', [SIGNER, S.address, ID, ...PROPS], [ID]);
  const propertyMap = tokenFn('get_property_map', [S.address, ID], [MAP]);
  const readU64 = fnAt('property_map', 'read_u64', [S.ref(MAP), S.ref(STRING)], [S.u64]);
  b.fn('coll', {
    entry: true,
    params: [SIGNER, STRING, STRING, STRING, S.u64],
    code: [
      ...[cp(0), cp(1), mv(2), call(collDescription)],
      ...[cp(0), cp(1), mv(3), call(collUri)],
      ...[mv(0), mv(1), mv(4), call(collMaximum), ret],
    ],
  });
  b.fn('data', {
    entry: true,
    params: [SIGNER, STRING, STRING, S.u64, STRING, STRING, S.u64, S.u64],
    locals: [DATA_ID],
    code: [
      ...[cp(0), call(addressOf), mv(1), mv(2), call(dataId), st(8)],
      ...[cp(0), cp(8), mv(3), call(dataMaximum)],
      ...[cp(0), cp(8), mv(4), call(dataUri)],
      ...[cp(0), cp(8), mv(6), mv(7), cp(0), call(addressOf), call(royalty), call(dataRoyalty)],
      ...[mv(0), mv(8), mv(5), call(dataDescription), ret],
    ],
  });
  b.fn('props', {
    entry: true,
    params: [SIGNER, STRING, STRING, ...PROPS],
    locals: [DATA_ID],
    code: [
      ...[cp(0), call(addressOf), mv(1), mv(2), call(dataId), st(6)],
      ...[mv(0), mv(6), mv(3), mv(4), mv(5), call(dataProperty), ret],
    ],
  });
  b.fn('one', {
    entry: true,
    params: [SIGNER, S.address, STRING, STRING, ...PROPS],
    code: [
      ...[cp(0), mv(1), cp(0), call(addressOf), mv(2), mv(3), u64(0n), call(rawId)],
      ...[mv(4), mv(5), mv(6), call(one), pop, ret],
    ],
  });
  // read(owner, creator, collection, name, version, key): the token's property `key` as u64.
  b.fn('read', {
    view: true,
    params: [S.address, S.address, STRING, STRING, S.u64, STRING],
    returns: [S.u64],
    locals: [MAP],
    code: [
      ...[mv(0), mv(1), mv(2), mv(3), mv(4), call(rawId), call(propertyMap), st(6)],
      ...[ref(6), ref(5), call(readU64), ret],
    ],
  });
  return b.build();
}

const eventData = (done: UserTransactionResponse) =>
  done.events.slice(0, -1).map((e) => [e.type.replace('0x3::token_event_store::', ''), e.data]);

async function read(name: string, version: number, key: string): Promise<unknown> {
  const [value] = await chain.aptos.view({
    payload: {
      function: `${me}::mutate::read`,
      functionArguments: [me, me, 'Mut', name, version, key],
    },
  });
  return value;
}

async function collectionItem(name: string): Promise<Record<string, unknown>> {
  const collections = await chain.aptos.getAccountResource<{ collection_data: { handle: string } }>(
    {
      accountAddress: me,
      resourceType: '0x3::token::Collections',
    },
  );
  return chain.aptos.getTableItem({
    handle: collections.collection_data.handle,
    data: { key_type: '0x1::string::String', value_type: '0x3::token::CollectionData', key: name },
  });
}

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  me = short(owner.accountAddress.toString());
  const txs = ownerTransactions(chain, owner);
  send = txs.send;
  const published = await txs.publish('mutate', mutateModule(owner.accountAddress.toStringLong()));
  if (!published.success) throw new Error(`publish failed: ${published.vm_status}`);
  for (const [collection, mutable] of [
    ['Mut', true],
    ['Frozen', false],
  ] as const) {
    const made = await send({
      function: '0x3::token::create_collection_script',
      functionArguments: [collection, 'd', 'u', 5, [mutable, mutable, mutable]],
    });
    const minted = await send({
      function: '0x3::token::create_token_script',
      functionArguments: [
        ...[collection, 'Gem', 'gem', 3, 10, 'gem-uri', me, 100, 5, Array(5).fill(mutable)],
        ...[['attack'], [u64le(7)], ['u64']],
      ],
    });
    if (!made.success || !minted.success) throw new Error('setup failed');
  }
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

describe('0x3::token mutators from Move', () => {
  it('changes a mutable collection with the mutation events, and checks the maximum', async () => {
    const done = await send({
      function: `${me}::mutate::coll`,
      functionArguments: ['Mut', 'new d', 'new u', 7],
    });
    expect(done.success).toBe(true);
    const head = { creator_addr: me, collection_name: 'Mut' };
    expect(eventData(done)).toEqual([
      ['CollectionDescriptionMutate', { ...head, old_description: 'd', new_description: 'new d' }],
      ['CollectionUriMutate', { ...head, old_uri: 'u', new_uri: 'new u' }],
      ['CollectionMaximumMutate', { ...head, old_maximum: '5', new_maximum: '7' }],
    ]);
    expect(await collectionItem('Mut')).toMatchObject({
      description: 'new d',
      uri: 'new u',
      maximum: '7',
      supply: '1',
    });
    const zero = await send({
      function: `${me}::mutate::coll`,
      functionArguments: ['Mut', 'x', 'y', 0],
    });
    expect(zero.vm_status).toBe(
      'Move abort in 0x3::token: EINVALID_MAXIMUM(0x10024): Collection or tokendata maximum must be larger than supply',
    );
    const frozen = await send({
      function: `${me}::mutate::coll`,
      functionArguments: ['Frozen', 'x', 'y', 7],
    });
    expect(frozen.vm_status).toBe(
      'Move abort in 0x3::token: EFIELD_NOT_MUTABLE(0x5000d): The field is not mutable',
    );
  });

  it('changes token data fields with token_event_store events', async () => {
    const done = await send({
      function: `${me}::mutate::data`,
      functionArguments: ['Mut', 'Gem', 20, 'new uri', 'new gem', 3, 50],
    });
    expect(done.success).toBe(true);
    const head = { creator: me, collection: 'Mut', token: 'Gem' };
    expect(eventData(done)).toEqual([
      ['MaximumMutate', { ...head, old_maximum: '10', new_maximum: '20' }],
      ['UriMutation', { ...head, old_uri: 'gem-uri', new_uri: 'new uri' }],
      [
        'RoyaltyMutate',
        {
          ...head,
          old_royalty_numerator: '5',
          old_royalty_denominator: '100',
          old_royalty_payee_addr: me,
          new_royalty_numerator: '3',
          new_royalty_denominator: '50',
          new_royalty_payee_addr: me,
        },
      ],
      ['DescriptionMutate', { ...head, old_description: 'gem', new_description: 'new gem' }],
    ]);
    const refused = await send({
      function: `${me}::mutate::data`,
      functionArguments: ['Frozen', 'Gem', 20, 'new uri', 'new gem', 3, 50],
    });
    expect(refused.vm_status).toBe(
      'Move abort in 0x3::token: EFIELD_NOT_MUTABLE(0x5000d): The field is not mutable',
    );
  });

  it('upserts default properties (DefaultPropertyMutate with the old values) read through property_map', async () => {
    const done = await send({
      function: `${me}::mutate::props`,
      functionArguments: ['Mut', 'Gem', ['attack', 'speed'], [u64le(9), u64le(2)], ['u64', 'u64']],
    });
    expect(done.success).toBe(true);
    expect(eventData(done)).toEqual([
      [
        'DefaultPropertyMutate',
        {
          creator: me,
          collection: 'Mut',
          token: 'Gem',
          keys: ['attack', 'speed'],
          old_values: [{ vec: [{ value: '0x0700000000000000', type: 'u64' }] }, { vec: [] }],
          new_values: [
            { value: '0x0900000000000000', type: 'u64' },
            { value: '0x0200000000000000', type: 'u64' },
          ],
        },
      ],
    ]);
    expect(await read('Gem', 0, 'attack')).toBe('9');
    expect(await read('Gem', 0, 'speed')).toBe('2');
  });

  it('mutate_one_token gives the token a new property version with its own properties', async () => {
    const done = await send({
      function: `${me}::mutate::one`,
      functionArguments: [me, 'Mut', 'Gem', ['attack'], [u64le(11)], ['u64']],
    });
    expect(done.success).toBe(true);
    expect(done.events.map((e) => e.type).slice(0, 3)).toEqual([
      '0x3::token::TokenWithdraw',
      '0x3::token::TokenDeposit',
      '0x3::token::MutatePropertyMap',
    ]);
    expect(await read('Gem', 1, 'attack')).toBe('11');
    expect(await read('Gem', 1, 'speed')).toBe('2');
    expect(await read('Gem', 0, 'attack')).toBe('9');
  });
});
