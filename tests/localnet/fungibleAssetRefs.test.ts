import {
  type Account,
  AccountAddress,
  createObjectAddress,
  createUserDerivedObjectAddress,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, startChain, type Chain } from './helpers.ts';
import { faRefsModule } from './move/faRefsModule.ts';
import { ownerTransactions } from './move/ownerTransactions.ts';

/**
 * The refs and primary-store functions of `fungible_asset` / `primary_fungible_store` that the
 * other tests leave out, from Move through the REST API with the ts-sdk: `fa_refs::run` checks
 * each result in bytecode (its abort code names a failed check), then the events it emitted are
 * compared with what `fungible_asset.move` emits; two framework aborts as a node words them.
 */
let chain: Chain;
let owner: Account;
let me: string;
let send: ReturnType<typeof ownerTransactions>['send'];
let published: UserTransactionResponse;

const BOB = `0x${'b0b'.padStart(64, '0')}`;

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  me = owner.accountAddress.toStringLong();
  let publish: ReturnType<typeof ownerTransactions>['publish'];
  ({ send, publish } = ownerTransactions(chain, owner));
  published = await publish('fa_refs', faRefsModule(me));
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

describe('refs and primary stores from Move', () => {
  it('mints, freezes, moves with the transfer ref, burns: every check in bytecode passes', async () => {
    expect(published.vm_status).toBe('Executed successfully');
    const done = await send({ function: `${me}::fa_refs::run`, functionArguments: [] });
    expect(done.vm_status).toBe('Executed successfully');
    const metadata = createObjectAddress(owner.accountAddress, 'MORE');
    const store = (account: string) =>
      createUserDerivedObjectAddress(AccountAddress.from(account), metadata).toStringShort();
    const [mine, bobs] = [store(me), store(BOB)];
    expect(
      done.events
        .filter((event) => event.type.startsWith('0x1::fungible_asset::'))
        .map((event) => [event.type.slice('0x1::fungible_asset::'.length), event.data]),
    ).toEqual([
      [
        'Creation',
        {
          metadata: metadata.toStringShort(),
          name: 'MORE',
          symbol: 'MORE',
          decimals: 0,
          icon_uri: '',
          project_uri: '',
          maximum_supply: { vec: [] },
        },
      ],
      ['Deposit', { store: mine, amount: '10' }],
      ['Frozen', { store: mine, frozen: true }],
      ['Withdraw', { store: mine, amount: '4' }],
      ['Deposit', { store: bobs, amount: '4' }],
      ['Withdraw', { store: bobs, amount: '1' }],
      ['Deposit', { store: mine, amount: '1' }],
      ['Frozen', { store: mine, frozen: false }],
      ['Withdraw', { store: mine, amount: '1' }],
      ['Deposit', { store: mine, amount: '1' }],
      ['Withdraw', { store: bobs, amount: '1' }],
    ]);
  });

  it('aborts upgrade_to_concurrent of an asset without Supply (ESUPPLY_NOT_FOUND)', async () => {
    const done = await send({ function: `${me}::fa_refs::upgrade`, functionArguments: [] });
    expect(done.vm_status).toBe(
      'Move abort in 0x1::fungible_asset: ESUPPLY_NOT_FOUND(0x60015): Supply resource is not found for a metadata object.',
    );
  });

  it('aborts the deprecated grant_permission (EPERMISSIONED_SIGNER_REMOVED)', async () => {
    const done = await send({ function: `${me}::fa_refs::grant`, functionArguments: [] });
    expect(done.vm_status).toBe(
      'Move abort in 0x1::primary_fungible_store: EPERMISSIONED_SIGNER_REMOVED(0xd0001): The permissioned signer feature has been removed.',
    );
  });
});
