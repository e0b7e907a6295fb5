import type { Account, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, startChain, type Chain } from './helpers.ts';
import { short, written } from './move/fwHelpers.ts';
import { ownerTransactions } from './move/ownerTransactions.ts';

/**
 * AptosToken's other entry points through the REST API with the ts-sdk: `token_transfers`'
 * offer / claim / cancel (PendingClaims with its table, the Offer, Claim and CancelOffer events),
 * the deprecated `token_coin_swap` and `token::initialize_token_script`, which abort.
 */
let chain: Chain;
let creator: Account;
let friend: Account;
let me: string;
let them: string;
let send: ReturnType<typeof ownerTransactions>['send'];
let friendSends: ReturnType<typeof ownerTransactions>['send'];

const TRANSFERS = '0x3::token_transfers';
const id = (creatorAddress: string) => ({
  token_data_id: { creator: creatorAddress, collection: 'Gifts', name: 'Box' },
  property_version: '0',
});
const typed = (done: UserTransactionResponse, type: string) =>
  done.events.filter((e) => e.type === type).map((e) => e.data as unknown);

beforeAll(async () => {
  chain = await startChain();
  [creator, friend] = await Promise.all([
    fundedAccount(chain, 1_000_000_000),
    fundedAccount(chain, 100_000_000),
  ]);
  me = short(creator.accountAddress.toString());
  them = short(friend.accountAddress.toString());
  send = ownerTransactions(chain, creator).send;
  friendSends = ownerTransactions(chain, friend).send;
  const collection = await send({
    function: '0x3::token::create_collection_script',
    functionArguments: ['Gifts', '', '', 0, [false, false, false]],
  });
  const token = await send({
    function: '0x3::token::create_token_script',
    functionArguments: [
      'Gifts',
      'Box',
      '',
      4,
      0,
      '',
      me,
      0,
      0,
      [false, false, false, false, false],
      [],
      [],
      [],
    ],
  });
  if (!collection.success || !token.success) throw new Error('setup failed');
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

describe('0x3::token_transfers', () => {
  it('offers into PendingClaims, and the receiver claims', async () => {
    const offered = await send({
      function: `${TRANSFERS}::offer_script`,
      functionArguments: [them, me, 'Gifts', 'Box', 0, 3],
    });
    expect(offered.success).toBe(true);
    const claims = written(offered, `${TRANSFERS}::PendingClaims`).get(me);
    expect(claims?.offer_events).toMatchObject({ counter: '0', guid: { id: { addr: me } } });
    expect(typed(offered, `${TRANSFERS}::Offer`)).toEqual([
      { account: me, to_address: them, token_id: id(me), amount: '3' },
    ]);
    const claimed = await friendSends({
      function: `${TRANSFERS}::claim_script`,
      functionArguments: [me, me, 'Gifts', 'Box', 0],
    });
    expect(claimed.success).toBe(true);
    expect(typed(claimed, '0x3::token::TokenDeposit')).toEqual([
      { account: them, id: id(me), amount: '3' },
    ]);
    expect(typed(claimed, `${TRANSFERS}::Claim`)).toEqual([
      { account: me, to_address: them, token_id: id(me), amount: '3' },
    ]);
    expect(written(claimed, '0x3::token::TokenStore').get(them)).toMatchObject({
      direct_transfer: false,
    });
    expect(claimed.changes.filter((c) => c.type === 'delete_table_item')).toHaveLength(1);
  });

  it('merges a second offer into the pending one and cancels it back to the sender', async () => {
    for (const amount of [0, 1]) {
      const offered = await send({
        function: `${TRANSFERS}::offer_script`,
        functionArguments: [them, me, 'Gifts', 'Box', 0, amount],
      });
      if (amount === 0) {
        expect(offered.vm_status).toBe(
          'Move abort in 0x3::token: EWITHDRAW_ZERO(0x10011): Cannot withdraw 0 token',
        );
      } else expect(offered.success).toBe(true);
    }
    const cancelled = await send({
      function: `${TRANSFERS}::cancel_offer_script`,
      functionArguments: [them, me, 'Gifts', 'Box', 0],
    });
    expect(cancelled.success).toBe(true);
    expect(typed(cancelled, `${TRANSFERS}::CancelOffer`)).toEqual([
      { account: me, to_address: them, token_id: id(me), amount: '1' },
    ]);
    const again = await send({
      function: `${TRANSFERS}::cancel_offer_script`,
      functionArguments: [them, me, 'Gifts', 'Box', 0],
    });
    // table::remove of a missing key: NOT_FOUND, (101 << 8) + 7 in aptos-core's table natives.
    expect(again.vm_status).toBe('Move abort in 0x1::table: 0x6507');
  });

  it('claims nothing from an account without offers (the bare code 1) or without this offer', async () => {
    const none = await send({
      function: `${TRANSFERS}::claim_script`,
      functionArguments: [them, me, 'Gifts', 'Box', 0],
    });
    expect(none.vm_status).toBe(
      "Move abort in 0x3::token_transfers: ETOKEN_OFFER_NOT_EXIST(0x1): Token offer doesn't exist",
    );
    const missing = await friendSends({
      function: `${TRANSFERS}::claim_script`,
      functionArguments: [me, me, 'Gifts', 'Box', 0],
    });
    expect(missing.vm_status).toBe(
      "Move abort in 0x3::token_transfers: ETOKEN_OFFER_NOT_EXIST(0x60001): Token offer doesn't exist",
    );
  });
});

describe('deprecated entry points', () => {
  it('token_coin_swap aborts EDEPRECATED_MODULE and initialize_token_script aborts 0', async () => {
    const swap = await send({
      function: '0x3::token_coin_swap::list_token_for_swap',
      typeArguments: ['0x1::aptos_coin::AptosCoin'],
      functionArguments: [me, 'Gifts', 'Box', 0, 1, 1, 0],
    });
    expect(swap.vm_status).toBe(
      'Move abort in 0x3::token_coin_swap: EDEPRECATED_MODULE(0x10008): Deprecated module',
    );
    const init = await send({
      function: '0x3::token::initialize_token_script',
      functionArguments: [],
    });
    expect(init.vm_status).toBe(
      'Move abort in 0x3::token: EALREADY_HAS_BALANCE(0x0): The token has balance and cannot be initialized',
    );
  });
});
