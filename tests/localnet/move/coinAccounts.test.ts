import { Account, Ed25519PrivateKey, type UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PRIVATE_KEY } from '../../../localnet/framework/root.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { myCoinModule } from './coinModules.ts';
import { eventsOf, long, short, written } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';

/**
 * The rest of the coin surface through the REST API with the ts-sdk, as aptos_coin.move,
 * aptos_account.move and coin.move (v10) answer: mint capabilities delegated by the core resources
 * account (the root here) and claimed, the direct-transfer opt-out, fungible-asset transfers, and
 * the paired refs lent against a coin's capabilities from bytecode.
 */
let chain: Chain;
let alice: Account;
let bob: Account;
let root: Account;
let aliceTx: ReturnType<typeof ownerTransactions>;
let bobTx: ReturnType<typeof ownerTransactions>;
let rootTx: ReturnType<typeof ownerTransactions>;

const CAROL = long('0xca401');
const APT_METADATA = '0xa';
const APT = '0x1::aptos_coin::AptosCoin';

const ok = (done: UserTransactionResponse) => expect(done.vm_status).toBe('Executed successfully');
const addressOf = (account: Account) => short(account.accountAddress.toStringLong());

beforeAll(async () => {
  chain = await startChain();
  alice = await fundedAccount(chain, 1_000_000_000);
  bob = await fundedAccount(chain, 1_000_000_000);
  root = Account.fromPrivateKey({ privateKey: new Ed25519PrivateKey(ROOT_PRIVATE_KEY) });
  aliceTx = ownerTransactions(chain, alice);
  bobTx = ownerTransactions(chain, bob);
  rootTx = ownerTransactions(chain, root);
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

describe('aptos_coin: delegated mint capabilities', () => {
  it('lets only the core resources account delegate, once per address, and the delegate claim', async () => {
    const to = alice.accountAddress.toString();
    const early = await aliceTx.send({
      function: '0x1::aptos_coin::mint',
      functionArguments: [to, 1],
    });
    expect(early.vm_status).toBe(
      'Move abort in 0x1::aptos_coin: ENO_CAPABILITIES(0x60001): Account does not have mint capability',
    );
    const notCore = await aliceTx.send({
      function: '0x1::aptos_coin::delegate_mint_capability',
      functionArguments: [to],
    });
    expect(notCore.vm_status).toContain('ENOT_CORE_RESOURCE_ADDRESS(0x50001)');
    const delegated = await rootTx.send({
      function: '0x1::aptos_coin::delegate_mint_capability',
      functionArguments: [to],
    });
    ok(delegated);
    expect(written(delegated, '0x1::aptos_coin::Delegations').get(addressOf(root))).toEqual({
      inner: [{ to: addressOf(alice) }],
    });
    const twice = await rootTx.send({
      function: '0x1::aptos_coin::delegate_mint_capability',
      functionArguments: [to],
    });
    expect(twice.vm_status).toContain('EALREADY_DELEGATED(0x10002)');
    const claimed = await aliceTx.send({
      function: '0x1::aptos_coin::claim_mint_capability',
      functionArguments: [],
    });
    ok(claimed);
    expect(written(claimed, '0x1::aptos_coin::MintCapStore').get(addressOf(alice))).toEqual({
      mint_cap: { dummy_field: false },
    });
    expect(written(claimed, '0x1::aptos_coin::Delegations').get(addressOf(root))).toEqual({
      inner: [],
    });
    ok(
      await aliceTx.send({
        function: '0x1::aptos_coin::mint',
        functionArguments: [bob.accountAddress.toString(), 5],
      }),
    );
    // `assert!(maybe_index.is_some(), EDELEGATION_NOT_FOUND)`: a bare code, no category.
    const unclaimed = await bobTx.send({
      function: '0x1::aptos_coin::claim_mint_capability',
      functionArguments: [],
    });
    expect(unclaimed.vm_status).toContain('EDELEGATION_NOT_FOUND(0x3)');
  });
});

describe('aptos_account', () => {
  it('keeps the direct-transfer opt-out with its event handle and events', async () => {
    const can = async () =>
      chain.aptos.view({
        payload: {
          function: '0x1::aptos_account::can_receive_direct_coin_transfers',
          functionArguments: [bob.accountAddress.toString()],
        },
      });
    expect(await can()).toEqual([true]);
    const set = (allow: boolean) =>
      bobTx.send({
        function: '0x1::aptos_account::set_allow_direct_coin_transfers',
        functionArguments: [allow],
      });
    const off = await set(false);
    ok(off);
    const me = addressOf(bob);
    expect(written(off, '0x1::aptos_account::DirectTransferConfig').get(me)).toEqual({
      allow_arbitrary_coin_transfers: false,
      update_coin_transfer_events: {
        counter: '0',
        guid: { id: { addr: me, creation_num: '2' } },
      },
    });
    expect(written(off, '0x1::account::Account').get(me)).toMatchObject({
      guid_creation_num: '3',
    });
    const updated = '0x1::aptos_account::DirectCoinTransferConfigUpdated';
    expect(eventsOf(off, updated).map((e) => e.data)).toEqual([
      { account: me, new_allow_direct_transfers: false },
    ]);
    expect(await can()).toEqual([false]);
    const same = await set(false);
    ok(same);
    expect(eventsOf(same, updated)).toEqual([]);
    expect(written(same, '0x1::aptos_account::DirectTransferConfig').size).toBe(0);
    const on = await set(true);
    expect(eventsOf(on, updated).map((e) => e.data)).toEqual([
      { account: me, new_allow_direct_transfers: true },
    ]);
    expect(await can()).toEqual([true]);
  });

  it('transfers fungible assets (the account created), refuses mismatched batches', async () => {
    const done = await aliceTx.send({
      function: '0x1::aptos_account::transfer_fungible_assets',
      functionArguments: [APT_METADATA, CAROL, 100],
    });
    ok(done);
    expect(written(done, '0x1::account::Account').has(short(CAROL))).toBe(true);
    expect(eventsOf(done, '0x1::fungible_asset::Deposit').map((e) => e.data.amount)).toEqual([
      '100',
    ]);
    const mismatched = await aliceTx.send({
      function: '0x1::aptos_account::batch_transfer_fungible_assets',
      functionArguments: [APT_METADATA, [CAROL], [1, 2]],
    });
    expect(mismatched.vm_status).toContain('EMISMATCHING_RECIPIENTS_AND_AMOUNTS_LENGTH(0x10005)');
    const friendEntry = await aliceTx.send({
      function: '0x1::aptos_account::fungible_transfer_only',
      functionArguments: [CAROL, 7],
    });
    ok(friendEntry);
    expect(
      await chain.aptos.view({
        payload: {
          function: '0x1::coin::balance',
          typeArguments: ['0x1::aptos_coin::AptosCoin'],
          functionArguments: [CAROL],
        },
      }),
    ).toEqual(['107']);
  });
});

describe('coin: APT in coin form from bytecode', () => {
  it('coin_to_fungible_asset<AptosCoin> moves APT without minting any', async () => {
    const me = addressOf(alice);
    ok(await aliceTx.publish('my_coin', myCoinModule(alice.accountAddress.toStringLong())));
    const supply = async () =>
      BigInt(
        (
          (
            await chain.aptos.view({
              payload: { function: '0x1::coin::supply', typeArguments: [APT] },
            })
          )[0] as { vec: string[] }
        ).vec[0] ?? '0',
      );
    const before = await supply();
    const done = await aliceTx.send({
      function: `${me}::my_coin::apt_as_asset`,
      functionArguments: [CAROL, 250],
    });
    ok(done);
    expect(eventsOf(done, '0x1::fungible_asset::Deposit').map((e) => e.data.amount)).toEqual([
      '250',
    ]);
    // Only the fee leaves circulation (it is burnt).
    const fee = BigInt(done.gas_used) * BigInt(done.gas_unit_price);
    expect(await supply()).toBe(before - fee);
  });
});

describe('coin: paired refs lent against capabilities', () => {
  it('lends and takes back the mint ref; takes the burn ref for good', async () => {
    const me = addressOf(alice);
    const gold = `${me}::my_coin::Gold`;
    const exists = async (kind: string) =>
      chain.aptos.view({
        payload: { function: `0x1::coin::paired_${kind}_ref_exists`, typeArguments: [gold] },
      });
    ok(await aliceTx.send({ function: `${me}::my_coin::init_gold`, functionArguments: [] }));
    // Not paired until the first deposit.
    await expect(exists('mint')).rejects.toThrow('EPAIRED_FUNGIBLE_ASSET(0x60010)');
    ok(
      await aliceTx.send({
        function: `${me}::my_coin::mint_gold`,
        functionArguments: [alice.accountAddress.toString(), 10],
      }),
    );
    expect(await exists('mint')).toEqual([true]);
    const lent = await aliceTx.send({
      function: `${me}::my_coin::lend_mint_ref`,
      functionArguments: [],
    });
    ok(lent);
    expect(await exists('mint')).toEqual([true]);
    const taken = await aliceTx.send({
      function: `${me}::my_coin::take_burn_ref`,
      functionArguments: [],
    });
    ok(taken);
    const refs = [...written(taken, '0x1::coin::PairedFungibleAssetRefs').values()][0];
    expect(refs?.burn_ref_opt).toEqual({ vec: [] });
    expect(await exists('burn')).toEqual([false]);
    expect(await exists('transfer')).toEqual([true]);
    const again = await aliceTx.send({
      function: `${me}::my_coin::take_burn_ref`,
      functionArguments: [],
    });
    expect(again.vm_status).toBe(
      'Move abort in 0x1::coin: EBURN_REF_NOT_FOUND(0x60019): The BurnRef does not exist.',
    );
    // APT's, as a node's genesis leaves them: the burn ref held by transaction_fee.
    const aptRefs = await Promise.all(
      ['mint', 'transfer', 'burn'].map((kind) =>
        chain.aptos.view({
          payload: { function: `0x1::coin::paired_${kind}_ref_exists`, typeArguments: [APT] },
        }),
      ),
    );
    expect(aptRefs).toEqual([[true], [true], [false]]);
  });
});
