import type { Account, InputViewFunctionData, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { GOLD, MY_COIN, myCoinModule } from './coinModules.ts';
import { addressBytes, derived, eventsOf, long, short, written } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';

/**
 * A coin of the user's own (issue 31): `my_coin`'s `init_module` initializes a managed coin, then
 * accounts register, are minted to, transfer and burn through `0x1::managed_coin`, `0x1::coin` and
 * `0x1::aptos_account`; a second coin is run by hand from bytecode with the capabilities
 * `coin::initialize` returns. Checked through the REST API with the ts-sdk against coin.move (v10):
 * a coin lives as its paired fungible asset (a named object of `0xa`, seeded with the coin's type
 * name) in primary stores; `CoinInfo<T>` keeps the supply still in coin form.
 */
let chain: Chain;
let owner: Account;
let alice: Account;
let ownerTx: ReturnType<typeof ownerTransactions>;
let aliceTx: ReturnType<typeof ownerTransactions>;
let me: string;
let myCoin: string;
let gold: string;

const BOB = long('0xb0b');
const CAROL = long('0xca401');
const FA = '0x1::fungible_asset';

/** The metadata object a coin pairs with: `create_object_address(@0xa, type_name<T>())`. */
const pairedOf = (coinType: string) =>
  derived(addressBytes('0xa'), Buffer.from(coinType), Uint8Array.of(0xfe));
/** `primary_store_address(owner, metadata)`. */
const storeOf = (account: string, metadata: string) =>
  derived(addressBytes(account), addressBytes(metadata), Uint8Array.of(0xfc));

async function view(fn: InputViewFunctionData['function'], coinType: string, args: string[] = []) {
  return chain.aptos.view({
    payload: { function: fn, typeArguments: [coinType], functionArguments: args },
  });
}

const balanceOf = async (coinType: string, account: string) =>
  (await view('0x1::coin::balance', coinType, [account]))[0];

function expectSuccess(done: UserTransactionResponse): void {
  expect(done.vm_status).toBe('Executed successfully');
}

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  alice = await fundedAccount(chain, 1_000_000_000);
  ownerTx = ownerTransactions(chain, owner);
  aliceTx = ownerTransactions(chain, alice);
  me = short(owner.accountAddress.toStringLong());
  myCoin = `${me}::my_coin::MyCoin`;
  gold = `${me}::my_coin::Gold`;
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

describe('a managed coin from init_module', () => {
  it('publishes; init_module writes CoinInfo<MyCoin> and the managed capabilities', async () => {
    const done = await ownerTx.publish(
      'my_coin',
      myCoinModule(owner.accountAddress.toStringLong()),
    );
    expectSuccess(done);
    expect(written(done, `0x1::coin::CoinInfo<${myCoin}>`).get(me)).toEqual({
      name: MY_COIN.name,
      symbol: MY_COIN.symbol,
      decimals: MY_COIN.decimals,
      supply: {
        vec: [
          {
            aggregator: { vec: [] },
            integer: { vec: [{ limit: ((1n << 128n) - 1n).toString(), value: '0' }] },
          },
        ],
      },
    });
    expect(written(done, `0x1::managed_coin::Capabilities<${myCoin}>`).get(me)).toEqual({
      burn_cap: { dummy_field: false },
      freeze_cap: { dummy_field: false },
      mint_cap: { dummy_field: false },
    });
  });

  it('answers the coin views; not paired before the first deposit', async () => {
    expect(await view('0x1::coin::name', myCoin)).toEqual([MY_COIN.name]);
    expect(await view('0x1::coin::symbol', myCoin)).toEqual([MY_COIN.symbol]);
    expect(await view('0x1::coin::decimals', myCoin)).toEqual([MY_COIN.decimals]);
    expect(await view('0x1::coin::supply', myCoin)).toEqual([{ vec: ['0'] }]);
    expect(await view('0x1::coin::is_coin_initialized', myCoin)).toEqual([true]);
    expect(await view('0x1::coin::paired_metadata', myCoin)).toEqual([{ vec: [] }]);
    expect(await balanceOf(myCoin, alice.accountAddress.toString())).toBe('0');
  });

  it('registers (a no-op for an initialized coin) and refuses a second initialize', async () => {
    const registered = await aliceTx.send({
      function: '0x1::managed_coin::register',
      typeArguments: [myCoin],
      functionArguments: [],
    });
    expectSuccess(registered);
    expect(registered.events.filter((e) => !e.type.startsWith('0x1::transaction_fee'))).toEqual([]);
    const again = await ownerTx.send({
      function: '0x1::managed_coin::initialize',
      typeArguments: [myCoin],
      functionArguments: ['Again', 'AGN', 6, true],
    });
    expect(again.vm_status).toBe(
      'Move abort in 0x1::coin: ECOIN_INFO_ALREADY_PUBLISHED(0x80002): `CoinType` is already initialized as a coin',
    );
  });

  it('mints: the first deposit pairs the coin with a fungible asset and lands in a primary store', async () => {
    const to = alice.accountAddress.toString();
    const done = await ownerTx.send({
      function: '0x1::managed_coin::mint',
      typeArguments: [myCoin],
      functionArguments: [to, 1000],
    });
    expectSuccess(done);
    const metadata = pairedOf(myCoin);
    const store = storeOf(to, metadata);
    expect(written(done, '0x1::object::ObjectCore').get(metadata)).toMatchObject({
      owner: '0xa',
      allow_ungated_transfer: true,
    });
    expect(written(done, `${FA}::Metadata`).get(metadata)).toEqual({
      name: MY_COIN.name,
      symbol: MY_COIN.symbol,
      decimals: MY_COIN.decimals,
      icon_uri: '',
      project_uri: '',
    });
    expect(written(done, `${FA}::ConcurrentSupply`).get(metadata)).toEqual({
      current: { max_value: ((1n << 128n) - 1n).toString(), value: '1000' },
    });
    const [paired] = eventsOf(done, '0x1::coin::PairCreation');
    expect(paired?.data).toEqual({
      coin_type: written(done, '0x1::coin::PairedCoinType').get(metadata)?.type,
      fungible_asset_metadata_address: metadata,
    });
    expect(written(done, '0x1::coin::PairedCoinType').get(metadata)).toEqual({
      type: {
        account_address: me,
        module_name: `0x${Buffer.from('my_coin').toString('hex')}`,
        struct_name: `0x${Buffer.from('MyCoin').toString('hex')}`,
      },
    });
    expect(written(done, `${FA}::FungibleStore`).get(store)).toEqual({
      metadata: { inner: metadata },
      balance: '1000',
      frozen: false,
    });
    expect(written(done, '0x1::object::ObjectCore').get(store)).toMatchObject({
      owner: short(alice.accountAddress.toStringLong()),
      allow_ungated_transfer: false,
    });
    expect(eventsOf(done, `${FA}::Deposit`).map((e) => e.data)).toEqual([
      { store, amount: '1000' },
    ]);
    // Minted then deposited: the coin-form supply is back at 0, the asset's is 1000.
    expect(written(done, `0x1::coin::CoinInfo<${myCoin}>`).get(me)).toMatchObject({
      supply: { vec: [{ integer: { vec: [{ value: '0' }] } }] },
    });
    expect(await view('0x1::coin::paired_metadata', myCoin)).toEqual([
      { vec: [{ inner: metadata }] },
    ]);
    expect(await balanceOf(myCoin, to)).toBe('1000');
    expect(await view('0x1::coin::supply', myCoin)).toEqual([{ vec: ['1000'] }]);
    expect(await view('0x1::coin::coin_supply', myCoin)).toEqual([{ vec: ['0'] }]);
    expect(await view('0x1::coin::paired_mint_ref_exists', myCoin)).toEqual([true]);
    // Nothing minted: the store is written (borrowed mutably), no Deposit event (unchecked_deposit).
    const nothing = await ownerTx.send({
      function: '0x1::managed_coin::mint',
      typeArguments: [myCoin],
      functionArguments: [to, 0],
    });
    expectSuccess(nothing);
    expect(eventsOf(nothing, `${FA}::Deposit`)).toEqual([]);
    expect(written(nothing, `${FA}::FungibleStore`).get(store)).toMatchObject({ balance: '1000' });
  });

  it('transfers with coin::transfer and aptos_account::transfer_coins (creating the account)', async () => {
    const metadata = pairedOf(myCoin);
    const from = alice.accountAddress.toString();
    const sent = await aliceTx.send({
      function: '0x1::coin::transfer',
      typeArguments: [myCoin],
      functionArguments: [BOB, 300],
    });
    expectSuccess(sent);
    expect(eventsOf(sent, `${FA}::Withdraw`).map((e) => e.data)).toEqual([
      { store: storeOf(from, metadata), amount: '300' },
    ]);
    expect(eventsOf(sent, `${FA}::Deposit`).map((e) => e.data)).toEqual([
      { store: storeOf(BOB, metadata), amount: '300' },
    ]);
    const coins = await aliceTx.send({
      function: '0x1::aptos_account::transfer_coins',
      typeArguments: [myCoin],
      functionArguments: [CAROL, 100],
    });
    expectSuccess(coins);
    expect(written(coins, '0x1::account::Account').has(short(CAROL))).toBe(true);
    expect(await balanceOf(myCoin, from)).toBe('600');
    // The ts-sdk's own coin read answers the same.
    expect(
      await chain.aptos.getAccountCoinAmount({
        accountAddress: from,
        coinType: myCoin as `${string}::${string}::${string}`,
      }),
    ).toBe(600);
    expect(await balanceOf(myCoin, BOB)).toBe('300');
    expect(await balanceOf(myCoin, CAROL)).toBe('100');
    const tooMuch = await aliceTx.send({
      function: '0x1::coin::transfer',
      typeArguments: [myCoin],
      functionArguments: [BOB, 601],
    });
    expect(tooMuch.vm_status).toBe(
      'Move abort in 0x1::fungible_asset: EINSUFFICIENT_BALANCE(0x10004): Insufficient balance to withdraw or transfer.',
    );
  });

  it('burns with the managed capabilities, refuses an account without them, and destroys them', async () => {
    expectSuccess(
      await ownerTx.send({
        function: '0x1::managed_coin::mint',
        typeArguments: [myCoin],
        functionArguments: [me, 50],
      }),
    );
    const burnt = await ownerTx.send({
      function: '0x1::managed_coin::burn',
      typeArguments: [myCoin],
      functionArguments: [20],
    });
    expectSuccess(burnt);
    expect(eventsOf(burnt, `${FA}::Withdraw`).map((e) => e.data)).toEqual([
      { store: storeOf(me, pairedOf(myCoin)), amount: '20' },
    ]);
    expect(await balanceOf(myCoin, me)).toBe('30');
    expect(await view('0x1::coin::supply', myCoin)).toEqual([{ vec: ['1030'] }]);
    const stranger = await aliceTx.send({
      function: '0x1::managed_coin::burn',
      typeArguments: [myCoin],
      functionArguments: [1],
    });
    expect(stranger.vm_status).toBe(
      'Move abort in 0x1::managed_coin: ENO_CAPABILITIES(0x60001): Account has no capabilities (burn/mint).',
    );
    const destroyed = await ownerTx.send({
      function: '0x1::managed_coin::destroy_caps',
      typeArguments: [myCoin],
      functionArguments: [],
    });
    expectSuccess(destroyed);
    expect(
      destroyed.changes.some(
        (c) =>
          c.type === 'delete_resource' &&
          (c as { resource?: string }).resource === `0x1::managed_coin::Capabilities<${myCoin}>`,
      ),
    ).toBe(true);
    const mintAgain = await ownerTx.send({
      function: '0x1::managed_coin::mint',
      typeArguments: [myCoin],
      functionArguments: [me, 1],
    });
    expect(mintAgain.vm_status).toContain('ENO_CAPABILITIES(0x60001)');
  });
});

describe('a coin run from bytecode with its capabilities', () => {
  it('initializes, stores the capabilities, mints, splits and burns', async () => {
    const init = await ownerTx.send({
      function: `${me}::my_coin::init_gold`,
      functionArguments: [],
    });
    expectSuccess(init);
    expect(written(init, `${me}::my_coin::Caps`).get(me)).toEqual({
      burn: { dummy_field: false },
      freeze: { dummy_field: false },
      mint: { dummy_field: false },
    });
    expect(await view('0x1::coin::name', gold)).toEqual([GOLD.name]);
    expect(await view('0x1::coin::decimals', gold)).toEqual([GOLD.decimals]);
    expectSuccess(
      await ownerTx.send({
        function: `${me}::my_coin::mint_gold`,
        functionArguments: [me, 500],
      }),
    );
    const split = await ownerTx.send({
      function: `${me}::my_coin::split_gold`,
      functionArguments: [BOB, 40],
    });
    expectSuccess(split);
    expect(await balanceOf(gold, BOB)).toBe('1');
    expect(await balanceOf(gold, me)).toBe('499');
    const burnt = await ownerTx.send({
      function: `${me}::my_coin::burn_gold`,
      functionArguments: [99],
    });
    expectSuccess(burnt);
    expect(await balanceOf(gold, me)).toBe('400');
    expect(await view('0x1::coin::supply', gold)).toEqual([{ vec: ['401'] }]);
    // The withdrawn coins were burnt in coin form: the coin-form supply is back at 0.
    expect(await view('0x1::coin::coin_supply', gold)).toEqual([{ vec: ['0'] }]);
  });

  it('refuses coin::initialize for a type of another address', async () => {
    const other = await aliceTx.send({
      function: '0x1::managed_coin::initialize',
      typeArguments: [gold],
      functionArguments: ['Fake', 'FAKE', 2, false],
    });
    expect(other.vm_status).toBe(
      "Move abort in 0x1::coin: ECOIN_INFO_ADDRESS_MISMATCH(0x10001): Address of account which is used to initialize a coin `CoinType` doesn't match the deployer of module",
    );
  });
});
