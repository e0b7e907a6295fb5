import {
  type Account,
  AccountAddress,
  createObjectAddress,
  createUserDerivedObjectAddress,
  type MoveValue,
  type UserTransactionResponse,
  type WriteSetChangeWriteResource,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, startChain, type Chain } from './helpers.ts';
import { FA_COIN, faCoinModule } from './move/faModules.ts';
import { ownerTransactions } from './move/ownerTransactions.ts';

/**
 * A fungible asset created by a package's `init_module` (issue 31's acceptance), through the REST
 * API with the ts-sdk: the package's entry functions mint, transfer, split (a `FungibleAsset` held
 * by bytecode), burn and force-transfer with its refs; the framework's views answer for it; a
 * frozen store refuses a transfer with the node's status. Write sets and events as
 * `fungible_asset.move` / `primary_fungible_store.move` make them.
 */
let chain: Chain;
let owner: Account;
let frozen: Account;
let me: string;
let metadata: string;
let send: ReturnType<typeof ownerTransactions>['send'];
let published: UserTransactionResponse;

const BOB = `0x${'b0b'.padStart(64, '0')}`;
const META_T = '0x1::fungible_asset::Metadata';
const short = (address: string): string => AccountAddress.from(address).toStringShort();
const storeOf = (account: string): string =>
  createUserDerivedObjectAddress(
    AccountAddress.from(account),
    AccountAddress.from(metadata),
  ).toStringShort();

/** Resources a transaction wrote, `address type` → data. */
function writes(done: UserTransactionResponse): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const change of done.changes) {
    const write = change as WriteSetChangeWriteResource;
    if (write.type === 'write_resource') {
      out.set(
        `${short(write.address)} ${write.data.type}`,
        write.data.data as Record<string, unknown>,
      );
    }
  }
  return out;
}

const events = (done: UserTransactionResponse) =>
  done.events
    .filter((event) => event.type.startsWith('0x1::fungible_asset::'))
    .map((event) => ({ type: event.type, data: event.data as unknown }));

async function view(fn: string, args: MoveValue[]): Promise<MoveValue[]> {
  return chain.aptos.view({
    payload: {
      function: fn as `${string}::${string}::${string}`,
      typeArguments: [META_T],
      functionArguments: args as never[],
    },
  });
}
const balance = async (account: string) =>
  (await view('0x1::primary_fungible_store::balance', [account, metadata]))[0];
const supply = async () => (await view('0x1::fungible_asset::supply', [metadata]))[0];

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  frozen = await fundedAccount(chain, 100_000_000);
  me = owner.accountAddress.toStringLong();
  metadata = createObjectAddress(owner.accountAddress, FA_COIN.seed).toStringShort();
  let publish: ReturnType<typeof ownerTransactions>['publish'];
  ({ send, publish } = ownerTransactions(chain, owner));
  published = await publish('fa_coin', faCoinModule(me, frozen.accountAddress.toStringLong()));
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

describe('a fungible asset created by init_module', () => {
  it('publishes, writing the metadata object, its supply, the refs and two primary stores', () => {
    expect(published.vm_status).toBe('Executed successfully');
    const w = writes(published);
    expect(w.get(`${metadata} 0x1::fungible_asset::Metadata`)).toEqual({
      name: FA_COIN.name,
      symbol: FA_COIN.symbol,
      decimals: FA_COIN.decimals,
      icon_uri: FA_COIN.iconUri,
      project_uri: FA_COIN.projectUri,
    });
    expect(w.get(`${metadata} 0x1::fungible_asset::ConcurrentSupply`)).toEqual({
      current: { value: '1000', max_value: '1000000' },
    });
    expect(w.get(`${metadata} 0x1::primary_fungible_store::DeriveRefPod`)).toEqual({
      metadata_derive_ref: { self: metadata },
    });
    const core = w.get(`${metadata} 0x1::object::ObjectCore`);
    expect(core?.owner).toBe(short(me));
    const mine = storeOf(me);
    expect(w.get(`${mine} 0x1::fungible_asset::FungibleStore`)).toEqual({
      metadata: { inner: metadata },
      balance: '1000',
      frozen: false,
    });
    // A primary store is owned by the account and cannot be transferred.
    expect(w.get(`${mine} 0x1::object::ObjectCore`)).toMatchObject({
      owner: short(me),
      allow_ungated_transfer: false,
    });
    const ref = { metadata: { inner: metadata } };
    expect(w.get(`${short(me)} ${short(me)}::fa_coin::Refs`)).toEqual({
      mint: ref,
      burn: ref,
      transfer: ref,
      metadata: { inner: metadata },
    });
    expect(
      w.get(`${storeOf(frozen.accountAddress.toString())} 0x1::fungible_asset::FungibleStore`),
    ).toMatchObject({ balance: '0', frozen: true });
  });

  it('emits Creation, Deposit and Frozen as module events', () => {
    expect(events(published)).toEqual([
      {
        type: '0x1::fungible_asset::Creation',
        data: {
          metadata,
          name: FA_COIN.name,
          symbol: FA_COIN.symbol,
          decimals: FA_COIN.decimals,
          icon_uri: FA_COIN.iconUri,
          project_uri: FA_COIN.projectUri,
          maximum_supply: { vec: ['1000000'] },
        },
      },
      { type: '0x1::fungible_asset::Deposit', data: { store: storeOf(me), amount: '1000' } },
      {
        type: '0x1::fungible_asset::Frozen',
        data: { store: storeOf(frozen.accountAddress.toString()), frozen: true },
      },
    ]);
  });

  it('answers the framework views for the new asset', async () => {
    expect(await balance(me)).toBe('1000');
    expect(await supply()).toEqual({ vec: ['1000'] });
    expect(await view('0x1::fungible_asset::maximum', [metadata])).toEqual([{ vec: ['1000000'] }]);
    expect(await view('0x1::fungible_asset::name', [metadata])).toEqual([FA_COIN.name]);
    expect(await view('0x1::fungible_asset::symbol', [metadata])).toEqual([FA_COIN.symbol]);
    expect(await view('0x1::fungible_asset::decimals', [metadata])).toEqual([FA_COIN.decimals]);
    const frozenAddress = frozen.accountAddress.toString();
    expect(await view('0x1::primary_fungible_store::is_frozen', [frozenAddress, metadata])).toEqual(
      [true],
    );
    expect(await view('0x1::primary_fungible_store::is_frozen', [me, metadata])).toEqual([false]);
    expect(await view('0x1::fungible_asset::is_frozen', [storeOf(frozenAddress)])).toEqual([true]);
    expect(await balance(BOB)).toBe('0');
    expect(
      await view('0x1::primary_fungible_store::primary_store_exists', [BOB, metadata]),
    ).toEqual([false]);
  });

  it('mints, transfers, splits and burns through the package, supply following', async () => {
    const minted = await send({ function: `${me}::fa_coin::mint`, functionArguments: [me, 500] });
    expect(minted.vm_status).toBe('Executed successfully');
    expect(events(minted)).toEqual([
      { type: '0x1::fungible_asset::Deposit', data: { store: storeOf(me), amount: '500' } },
    ]);
    expect(await supply()).toEqual({ vec: ['1500'] });

    const moved = await send({
      function: `${me}::fa_coin::transfer`,
      functionArguments: [me, BOB, 300],
    });
    expect(moved.vm_status).toBe('Executed successfully');
    expect(events(moved)).toEqual([
      { type: '0x1::fungible_asset::Withdraw', data: { store: storeOf(me), amount: '300' } },
      { type: '0x1::fungible_asset::Deposit', data: { store: storeOf(BOB), amount: '300' } },
    ]);
    // Bob's primary store was created by the transfer, owned by Bob.
    expect(writes(moved).get(`${storeOf(BOB)} 0x1::object::ObjectCore`)).toMatchObject({
      owner: short(BOB),
      allow_ungated_transfer: false,
    });

    const split = await send({
      function: `${me}::fa_coin::split`,
      functionArguments: [me, BOB, 50],
    });
    expect(split.vm_status).toBe('Executed successfully');
    expect(await balance(BOB)).toBe('350');

    const burnt = await send({ function: `${me}::fa_coin::burn`, functionArguments: [BOB, 100] });
    expect(burnt.vm_status).toBe('Executed successfully');
    expect(events(burnt)).toEqual([
      { type: '0x1::fungible_asset::Withdraw', data: { store: storeOf(BOB), amount: '100' } },
    ]);
    expect(await balance(BOB)).toBe('250');
    expect(await balance(me)).toBe('1150');
    expect(await supply()).toEqual({ vec: ['1400'] });
  });

  it('transfers with the framework entry function as on a node', async () => {
    const done = await send({
      function: '0x1::primary_fungible_store::transfer',
      typeArguments: [META_T],
      functionArguments: [metadata, BOB, 150],
    });
    expect(done.vm_status).toBe('Executed successfully');
    expect(await balance(BOB)).toBe('400');
  });

  it('refuses a transfer from a frozen store with ESTORE_IS_FROZEN, the transfer ref moves it', async () => {
    const frozenAddress = frozen.accountAddress.toString();
    const forced = await send({
      function: `${me}::fa_coin::force`,
      functionArguments: [me, frozenAddress, 40],
    });
    expect(forced.vm_status).toBe('Executed successfully');
    expect(await balance(frozenAddress)).toBe('40');

    const refused = await ownerTransactions(chain, frozen).send({
      function: '0x1::primary_fungible_store::transfer',
      typeArguments: [META_T],
      functionArguments: [metadata, BOB, 10],
    });
    expect(refused.success).toBe(false);
    expect(refused.vm_status).toBe(
      'Move abort in 0x1::fungible_asset: ESTORE_IS_FROZEN(0x50003): Store is disabled from sending and receiving this fungible asset.',
    );
    // A mint into the frozen store is refused the same way (`mint_to`'s deposit check).
    const minted = await send({
      function: `${me}::fa_coin::mint`,
      functionArguments: [frozenAddress, 1],
    });
    expect(minted.vm_status).toContain('ESTORE_IS_FROZEN(0x50003)');
    expect(await balance(frozenAddress)).toBe('40');
  });

  it('aborts as the framework does: over the maximum supply, more than the balance', async () => {
    const over = await send({
      function: `${me}::fa_coin::mint`,
      functionArguments: [me, 1_000_000],
    });
    expect(over.vm_status).toBe(
      "Move abort in 0x1::fungible_asset: EMAX_SUPPLY_EXCEEDED(0x20005): The fungible asset's supply has exceeded maximum.",
    );
    const tooLittle = await send({
      function: `${me}::fa_coin::burn`,
      functionArguments: [BOB, 1_000],
    });
    expect(tooLittle.vm_status).toBe(
      'Move abort in 0x1::fungible_asset: EINSUFFICIENT_BALANCE(0x10004): Insufficient balance to withdraw or transfer.',
    );
  });

  it('answers the other views and entry functions of the three modules', async () => {
    const store = storeOf(me);
    const STORE_T = '0x1::fungible_asset::FungibleStore';
    expect(await view('0x1::fungible_asset::icon_uri', [metadata])).toEqual([FA_COIN.iconUri]);
    expect(await view('0x1::fungible_asset::project_uri', [metadata])).toEqual([
      FA_COIN.projectUri,
    ]);
    const onStore = (fn: string, args: MoveValue[]) =>
      chain.aptos.view({
        payload: {
          function: fn as `${string}::${string}::${string}`,
          typeArguments: [STORE_T],
          functionArguments: args as never[],
        },
      });
    expect(await onStore('0x1::fungible_asset::store_metadata', [store])).toEqual([
      { inner: metadata },
    ]);
    expect(await onStore('0x1::fungible_asset::is_store_dispatchable', [store])).toEqual([false]);
    expect(await view('0x1::primary_fungible_store::primary_store', [me, metadata])).toEqual([
      { inner: store },
    ]);
    expect(await view('0x1::dispatchable_fungible_asset::derived_supply', [metadata])).toEqual([
      await supply(),
    ]);
    expect(
      await onStore('0x1::dispatchable_fungible_asset::is_derived_balance_at_least', [store, 960]),
    ).toEqual([true]);
    expect(
      await view('0x1::primary_fungible_store::is_balance_at_least', [me, metadata, 961]),
    ).toEqual([false]);

    const tooLittle = await send({
      function: '0x1::primary_fungible_store::transfer_assert_minimum_deposit',
      typeArguments: [META_T],
      functionArguments: [metadata, BOB, 5, 6],
    });
    expect(tooLittle.vm_status).toBe(
      'Move abort in 0x1::dispatchable_fungible_asset: EAMOUNT_MISMATCH(0x70002): Recipient is not getting the guaranteed value;',
    );
    const exact = await send({
      function: '0x1::dispatchable_fungible_asset::transfer_assert_minimum_deposit',
      typeArguments: [STORE_T],
      functionArguments: [store, storeOf(BOB), 5, 5],
    });
    expect(exact.vm_status).toBe('Executed successfully');
    const plain = await send({
      function: '0x1::fungible_asset::transfer',
      typeArguments: [STORE_T],
      functionArguments: [store, storeOf(BOB), 5],
    });
    expect(plain.vm_status).toBe('Executed successfully');
    expect(await balance(me)).toBe('950');
    expect(await balance(BOB)).toBe('410');
    // Bob's store is Bob's: the sender does not own it.
    const notOwner = await send({
      function: '0x1::fungible_asset::transfer',
      typeArguments: [STORE_T],
      functionArguments: [storeOf(BOB), store, 1],
    });
    expect(notOwner.vm_status).toBe(
      "Move abort in 0x1::fungible_asset: ENOT_STORE_OWNER(0x50008): Account is not the store's owner.",
    );
  });

  it('lists the asset in the indexer: metadata, the owner’s balance, activities', async () => {
    const assetType = AccountAddress.from(metadata).toStringLong();
    const row = await chain.aptos.getFungibleAssetMetadataByAssetType({ assetType });
    expect(row).toMatchObject({
      asset_type: assetType,
      name: FA_COIN.name,
      symbol: FA_COIN.symbol,
      decimals: FA_COIN.decimals,
      icon_uri: FA_COIN.iconUri,
      project_uri: FA_COIN.projectUri,
      creator_address: me,
      token_standard: 'v2',
    });
    const balances = await chain.aptos.getCurrentFungibleAssetBalances({
      options: { where: { owner_address: { _eq: me } } },
    });
    expect(balances.find((b) => b.asset_type === assetType)).toMatchObject({
      amount: 950,
      is_primary: true,
      is_frozen: false,
      storage_id: AccountAddress.from(storeOf(me)).toStringLong(),
      token_standard: 'v2',
    });
    const activities = await chain.aptos.getFungibleAssetActivities({
      options: { where: { asset_type: { _eq: assetType } } },
    });
    expect(activities.length).toBeGreaterThan(0);
    expect(activities.every((a) => a.token_standard === 'v2')).toBe(true);
  });
});
