import type { Account } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { short, written } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';

/**
 * multisig_account's functions added on the VM's values, through the REST API with the ts-sdk, as
 * multisig_account.move answers: the views returning its structs, an existing account made a
 * multisig by its own signer, and the timelock functions with the MULTISIG_TIMELOCK feature off
 * (this chain's genesis, as devnet's): no timelock can be set, so the views answer 0 and none.
 */
let chain: Chain;
let owner: Account;
let me: string;
let mine: ReturnType<typeof ownerTransactions>;
type Fn = `${string}::${string}::${string}`;
const ms = (name: string): Fn => `0x1::multisig_account::${name}`;
const NOT_ENABLED =
  'Move abort in 0x1::multisig_account: ETIMELOCK_NOT_ENABLED(0xd0019): Feature flag for multisig timelock is not enabled.';

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain);
  me = owner.accountAddress.toString();
  mine = ownerTransactions(chain, owner);
}, 60_000);

afterAll(async () => {
  await chain.localnet.stop();
});

describe("the views returning structs, on the VM's values", () => {
  const view = (name: string, args: Array<string | number>) =>
    chain.aptos.view({ payload: { function: ms(name), functionArguments: args } });

  it('metadata is the SimpleMap; get_transaction checks the sequence number', async () => {
    const [next] = await view('get_next_multisig_account_address', [me]);
    const created = await mine.send({
      function: ms('create_with_owners'),
      functionArguments: [[], 1, ['k'], [new Uint8Array([1])]],
    });
    expect(created.success, created.vm_status).toBe(true);
    expect(await view('metadata', [next as string])).toEqual([
      { data: [{ key: 'k', value: '0x01' }] },
    ]);
    expect(await view('get_pending_transactions', [next as string])).toEqual([[]]);
    await expect(view('get_transaction', [next as string, 1])).rejects.toThrow(
      /EINVALID_SEQUENCE_NUMBER\(0x10011\)/,
    );
    await expect(view('metadata', [me])).rejects.toThrow(/MISSING_DATA/);
  });
});

describe('an existing account made a multisig account by its own signer', () => {
  it('create_with_existing_account_call: the owners as given, no signer capability, the key kept', async () => {
    const account = await fundedAccount(chain);
    const address = account.accountAddress.toString();
    const theirs = ownerTransactions(chain, account);
    const tooMany = await theirs.send({
      function: ms('create_with_existing_account_call'),
      functionArguments: [[me], 2, [], []],
    });
    expect(tooMany.vm_status).toMatch(/EINVALID_SIGNATURES_REQUIRED\(0x1000b\)/);
    const done = await theirs.send({
      function: ms('create_with_existing_account_call'),
      functionArguments: [[me], 1, [], []],
    });
    expect(done.success, done.vm_status).toBe(true);
    const multisig = written(done, '0x1::multisig_account::MultisigAccount').get(short(address));
    expect(multisig).toMatchObject({
      owners: [short(me)],
      num_signatures_required: '1',
      signer_cap: { vec: [] },
    });
    const key = written(done, '0x1::account::Account').get(short(address))?.['authentication_key'];
    expect(key).toBe(account.publicKey.authKey().toString());
  });

  it('create_with_existing_account_and_revoke_auth_key_call zeroes the key', async () => {
    const account = await fundedAccount(chain);
    const address = account.accountAddress.toString();
    const done = await ownerTransactions(chain, account).send({
      function: ms('create_with_existing_account_and_revoke_auth_key_call'),
      functionArguments: [[me], 1, [], []],
    });
    expect(done.success, done.vm_status).toBe(true);
    expect(written(done, '0x1::account::Account').get(short(address))).toMatchObject({
      authentication_key: `0x${'0'.repeat(64)}`,
      signer_capability_offer: { for: { vec: [] } },
    });
    expect(
      await chain.aptos.view({ payload: { function: ms('owners'), functionArguments: [address] } }),
    ).toEqual([[short(me)]]);
  });
});

describe('multisig timelock with the feature off', () => {
  it('the views: 0 and none', async () => {
    const view = (name: string) =>
      chain.aptos.view({ payload: { function: ms(name), functionArguments: [me] } });
    expect(await view('timelock_period')).toEqual(['0']);
    expect(await view('timelock_override_threshold')).toEqual([{ vec: [] }]);
  });

  it('creating or setting a timelock is ETIMELOCK_NOT_ENABLED; removing one needs a multisig account', async () => {
    const create = await mine.send({
      function: ms('create_with_owners_and_timelock'),
      functionArguments: [[], 1, [], [], 3600, undefined],
    });
    expect(create.vm_status).toBe(NOT_ENABLED);
    const upsert = await mine.send({
      function: ms('upsert_timelock'),
      functionArguments: [3600, undefined],
    });
    expect(upsert.vm_status).toBe(NOT_ENABLED);
    const remove = await mine.send({ function: ms('remove_timelock'), functionArguments: [] });
    expect(remove.vm_status).toMatch(/EACCOUNT_NOT_MULTISIG\(0x307d2\)/);
  });
});
