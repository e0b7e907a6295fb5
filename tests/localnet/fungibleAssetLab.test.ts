import {
  type Account,
  AccountAddress,
  createObjectAddress,
  createUserDerivedObjectAddress,
  type MoveValue,
  type UserTransactionResponse,
  type WriteSetChange,
  type WriteSetChangeWriteResource,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, startChain, type Chain } from './helpers.ts';
import { faLabModule } from './move/faLabModule.ts';
import { ownerTransactions } from './move/ownerTransactions.ts';

/**
 * The rest of `fungible_asset` from Move, through the REST API with the ts-sdk: an untransferable
 * asset (its stores get `object::Untransferable`), `mutate_metadata`, a secondary store created,
 * minted into, withdrawn from (a `FungibleAsset` split and merged in bytecode), burnt and removed,
 * `add_fungibility` on a deletable object, `zero` / `destroy_zero`, and a primary store upgraded
 * to a concurrent balance. Statuses, events and writes as `fungible_asset.move` makes them.
 */
let chain: Chain;
let owner: Account;
let me: string;
let metadata: string;
let send: ReturnType<typeof ownerTransactions>['send'];
let published: UserTransactionResponse;

const BOB = `0x${'b0b'.padStart(64, '0')}`;
const META_T = '0x1::fungible_asset::Metadata';
const STORE_T = '0x1::fungible_asset::FungibleStore';
const short = (address: string): string => AccountAddress.from(address).toStringShort();
const storeOf = (account: string): string =>
  createUserDerivedObjectAddress(
    AccountAddress.from(account),
    AccountAddress.from(metadata),
  ).toStringShort();

const written = (done: UserTransactionResponse, address: string, type: string) =>
  (
    done.changes.find(
      (change: WriteSetChange) =>
        change.type === 'write_resource' &&
        short((change as WriteSetChangeWriteResource).address) === address &&
        (change as WriteSetChangeWriteResource).data.type === type,
    ) as WriteSetChangeWriteResource | undefined
  )?.data.data;
const faEvents = (done: UserTransactionResponse) =>
  done.events
    .filter((event) => event.type.startsWith('0x1::fungible_asset::'))
    .map((event) => ({ type: event.type.slice('0x1::fungible_asset::'.length), data: event.data }));
const view = (fn: string, args: MoveValue[], typeArguments = [META_T]) =>
  chain.aptos.view({
    payload: {
      function: fn as `${string}::${string}::${string}`,
      typeArguments,
      functionArguments: args as never[],
    },
  });

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  me = owner.accountAddress.toStringLong();
  metadata = createObjectAddress(owner.accountAddress, 'LAB').toStringShort();
  let publish: ReturnType<typeof ownerTransactions>['publish'];
  ({ send, publish } = ownerTransactions(chain, owner));
  published = await publish('fa_lab', faLabModule(me));
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

describe('fungible_asset from Move', () => {
  it('makes an untransferable asset whose stores are untransferable objects', async () => {
    expect(published.vm_status).toBe('Executed successfully');
    expect(written(published, metadata, '0x1::fungible_asset::Untransferable')).toEqual({
      dummy_field: false,
    });
    expect(written(published, storeOf(me), '0x1::object::Untransferable')).toEqual({
      dummy_field: false,
    });
    expect(await view('0x1::fungible_asset::is_untransferable', [metadata])).toEqual([true]);
    // No maximum: an unbounded supply.
    expect(await view('0x1::fungible_asset::maximum', [metadata])).toEqual([{ vec: [] }]);
    expect(written(published, metadata, '0x1::fungible_asset::ConcurrentSupply')).toEqual({
      current: { value: '100', max_value: '340282366920938463463374607431768211455' },
    });
  });

  it('mutates the metadata with its MutateMetadataRef', async () => {
    const done = await send({ function: `${me}::fa_lab::rename`, functionArguments: [] });
    expect(done.vm_status).toBe('Executed successfully');
    expect(written(done, metadata, META_T)).toEqual({
      name: 'Renamed',
      symbol: 'LAB',
      decimals: 2,
      icon_uri: '',
      project_uri: '',
    });
    expect(await view('0x1::fungible_asset::metadata', [metadata])).toEqual([
      { name: 'Renamed', symbol: 'LAB', decimals: 2, icon_uri: '', project_uri: '' },
    ]);
  });

  it('creates, fills, empties and removes a secondary store', async () => {
    const done = await send({ function: `${me}::fa_lab::store_cycle`, functionArguments: [] });
    expect(done.vm_status).toBe('Executed successfully');
    const events = faEvents(done);
    const store = (events[0]?.data as { store: string }).store;
    expect(store).not.toBe(storeOf(me));
    expect(events).toEqual([
      { type: 'Deposit', data: { store, amount: '5' } },
      { type: 'Withdraw', data: { store, amount: '2' } },
      { type: 'Withdraw', data: { store, amount: '3' } },
      {
        type: 'FungibleStoreDeletion',
        data: { store, owner: short(me), metadata },
      },
    ]);
    // Created and removed in one transaction: the store leaves no write; its object stays,
    // untransferable as the asset is.
    expect(written(done, store, STORE_T)).toBeUndefined();
    expect(done.changes.filter((change) => change.type === 'delete_resource')).toEqual([]);
    expect(written(done, store, '0x1::object::ObjectCore')).toMatchObject({
      owner: short(me),
      allow_ungated_transfer: false,
    });
    expect((await view('0x1::fungible_asset::supply', [metadata]))[0]).toEqual({ vec: ['100'] });
  });

  it('refuses fungibility for a deletable object (EOBJECT_IS_DELETABLE)', async () => {
    const done = await send({ function: `${me}::fa_lab::deletable`, functionArguments: [] });
    expect(done.vm_status).toBe(
      'Move abort in 0x1::fungible_asset: EOBJECT_IS_DELETABLE(0x10012): Fungibility is only available for non-deletable objects.',
    );
  });

  it('makes and destroys a zero amount', async () => {
    const done = await send({ function: `${me}::fa_lab::zero`, functionArguments: [] });
    expect(done.vm_status).toBe('Executed successfully');
    expect(faEvents(done)).toEqual([]);
  });

  it('upgrades a primary store to a concurrent balance, which later transfers use', async () => {
    const upgraded = await send({
      function: '0x1::fungible_asset::upgrade_store_to_concurrent',
      typeArguments: [STORE_T],
      functionArguments: [storeOf(me)],
    });
    expect(upgraded.vm_status).toBe('Executed successfully');
    expect(
      written(upgraded, storeOf(me), '0x1::fungible_asset::ConcurrentFungibleBalance'),
    ).toEqual({ balance: { value: '100', max_value: '18446744073709551615' } });
    expect(written(upgraded, storeOf(me), STORE_T)).toMatchObject({ balance: '0' });
    expect(await view('0x1::primary_fungible_store::balance', [me, metadata])).toEqual(['100']);

    const moved = await send({
      function: '0x1::primary_fungible_store::transfer',
      typeArguments: [META_T],
      functionArguments: [metadata, BOB, 10],
    });
    expect(moved.vm_status).toBe('Executed successfully');
    expect(written(moved, storeOf(me), '0x1::fungible_asset::ConcurrentFungibleBalance')).toEqual({
      balance: { value: '90', max_value: '18446744073709551615' },
    });
    expect(await view('0x1::fungible_asset::balance', [storeOf(me)], [STORE_T])).toEqual(['90']);
    expect(
      await view('0x1::fungible_asset::is_balance_at_least', [storeOf(me), 91], [STORE_T]),
    ).toEqual([false]);
    expect(await view('0x1::primary_fungible_store::balance', [BOB, metadata])).toEqual(['10']);
  });

  it('keeps APT working in a primary store upgraded to a concurrent balance', async () => {
    const holder = await fundedAccount(chain, 100_000_000);
    const aptStore = createUserDerivedObjectAddress(
      holder.accountAddress,
      AccountAddress.from('0xa'),
    ).toStringShort();
    const txns = ownerTransactions(chain, holder);
    const upgraded = await txns.send({
      function: '0x1::fungible_asset::upgrade_store_to_concurrent',
      typeArguments: [STORE_T],
      functionArguments: [aptStore],
    });
    expect(upgraded.vm_status).toBe('Executed successfully');
    const fee = (done: UserTransactionResponse) =>
      BigInt(done.gas_used) * BigInt(done.gas_unit_price);
    // The fee came out of the concurrent balance, the store's own balance stays 0.
    const left = 100_000_000n - fee(upgraded);
    expect(written(upgraded, aptStore, STORE_T)).toMatchObject({ balance: '0' });
    expect(written(upgraded, aptStore, '0x1::fungible_asset::ConcurrentFungibleBalance')).toEqual({
      balance: { value: left.toString(), max_value: '18446744073709551615' },
    });
    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: holder.accountAddress })).toBe(
      Number(left),
    );

    const paid = await txns.send({
      function: '0x1::aptos_account::transfer',
      functionArguments: [BOB, 1_000],
    });
    expect(paid.vm_status).toBe('Executed successfully');
    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: holder.accountAddress })).toBe(
      Number(left - 1_000n - fee(paid)),
    );
    expect(await view('0x1::primary_fungible_store::balance', [BOB, '0xa'])).toEqual(['1000']);
  });
});
