import type { Account, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATOR_ADDRESS } from '../../../localnet/framework/genesis.ts';
import type {
  Bytecode,
  CompiledModule,
  SignatureToken as Sig,
} from '../../../localnet/move/binary/types.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { AB, deleted, eventsOf, op, short, written } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * `0x1::stake` and `0x1::staking_config` through the REST API with the ts-sdk, as stake.move and
 * staking_config.move answer over this chain's genesis (the validator's StakePool of 10 octas;
 * no StakingConfig, ValidatorSet or OwnerCapability): the views, an owner's own pool from
 * initialize_stake_owner on, the OwnerCapability moved by Move code, and the checks that fail.
 */
let chain: Chain;
let owner: Account;
let other: Account;
let me: string;
let mine: ReturnType<typeof ownerTransactions>;
let theirs: ReturnType<typeof ownerTransactions>;

type Fn = `${string}::${string}::${string}`;
const POOL = '0x1::stake::StakePool';
const FRAMEWORK_ABORT =
  'Move abort in 0x1::system_addresses: ENOT_APTOS_FRAMEWORK_ADDRESS(0x50003): The address/account did not correspond to the core framework address';
const NO_CAP =
  'Move abort in 0x1::stake: EOWNER_CAP_NOT_FOUND(0x6000f): Owner capability does not exist at the provided account.';

/** `stk`: entry functions handing the sender's signer or its OwnerCapability to 0x1. */
function stkModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'stk');
  const signer = S.ref(S.signer);
  const cap = S.struct(b.foreignStruct('0x1', 'stake', 'OwnerCapability', AB.store | AB.key));
  const fw = (m: string, f: string, params: Sig[], ret: Sig[] = []) =>
    b.use('0x1', m, f, params, ret);
  const extract = fw('stake', 'extract_owner_cap', [signer], [cap]);
  const deposit = fw('stake', 'deposit_owner_cap', [signer, cap]);
  const { mv, ret } = op;
  const entry = (name: string, params: Sig[], code: Bytecode[], locals: Sig[] = []) =>
    b.fn(name, { entry: true, params, locals, code: [...code, ret] });
  entry(
    'roundtrip',
    [signer],
    [op.cp(0), op.call(extract), op.st(1), mv(0), mv(1), op.call(deposit)],
    [cap],
  );
  // Extracted, asked for its pool, unlocked through, then destroyed.
  entry(
    'destroy',
    [signer],
    [
      mv(0),
      op.call(extract),
      op.st(1),
      op.ref(1),
      op.call(fw('stake', 'get_owned_pool_address', [S.ref(cap)], [S.address])),
      op.pop,
      op.u64(3n),
      op.ref(1),
      op.call(fw('stake', 'unlock_with_cap', [S.u64, S.ref(cap)])),
      mv(1),
      op.call(fw('stake', 'destroy_owner_cap', [cap])),
    ],
    [cap],
  );
  entry(
    'grant',
    [signer],
    [op.cp(0), mv(0), op.call(fw('stake', 'grant_permission', [signer, signer]))],
  );
  entry(
    'fee_limit',
    [signer],
    [
      mv(0),
      op.u64(1n),
      op.call(fw('stake', 'set_transaction_fee_limit_per_epoch_per_pool', [signer, S.u64])),
    ],
  );
  entry(
    'lockup',
    [signer, S.u64],
    [
      mv(0),
      mv(1),
      op.call(fw('staking_config', 'update_recurring_lockup_duration_secs', [signer, S.u64])),
    ],
  );
  entry(
    'required',
    [signer],
    [
      mv(0),
      op.u64(1n),
      op.u64(2n),
      op.call(fw('staking_config', 'update_required_stake', [signer, S.u64, S.u64])),
    ],
  );
  b.fn('deprecated', {
    view: true,
    params: [],
    returns: [],
    code: [
      op.call(
        fw(
          'stake',
          'next_validator_consensus_infos',
          [],
          [
            S.vec(
              S.struct(
                b.foreignStruct('0x1', 'validator_consensus_info', 'ValidatorConsensusInfo', 7),
              ),
            ),
          ],
        ),
      ),
      op.pop,
      ret,
    ],
  });
  return b.build();
}

const send = (
  who: ReturnType<typeof ownerTransactions>,
  fn: Fn,
  args: Array<string | number | Uint8Array> = [],
) => who.send({ function: fn, functionArguments: args });
const view = (fn: Fn, args: Array<string | number> = []) =>
  chain.aptos.view({ payload: { function: fn, functionArguments: args } });
const stake = (name: string): Fn => `0x1::stake::${name}`;

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain);
  other = await fundedAccount(chain);
  me = owner.accountAddress.toString();
  mine = ownerTransactions(chain, owner);
  theirs = ownerTransactions(chain, other);
  const published = await mine.publish('stk', stkModule(me));
  expect(published.success, published.vm_status).toBe(true);
}, 60_000);

afterAll(async () => {
  await chain.localnet.stop();
});

describe('views over genesis', () => {
  it("the validator's pool: its 10 octas active, locked until a day after genesis, itself operator and voter", async () => {
    expect(await view(stake('get_stake'), [VALIDATOR_ADDRESS])).toEqual(['10', '0', '0', '0']);
    expect(await view(stake('get_lockup_secs'), [VALIDATOR_ADDRESS])).toEqual(['86400']);
    const [remaining] = await view(stake('get_remaining_lockup_secs'), [VALIDATOR_ADDRESS]);
    const now = BigInt(Math.floor(Date.now() / 1000));
    expect(BigInt(remaining as string)).toBe(86_400n > now ? 86_400n - now : 0n);
    expect(await view(stake('get_operator'), [VALIDATOR_ADDRESS])).toEqual([
      short(VALIDATOR_ADDRESS),
    ]);
    expect(await view(stake('get_delegated_voter'), [VALIDATOR_ADDRESS])).toEqual([
      short(VALIDATOR_ADDRESS),
    ]);
    expect(await view(stake('stake_pool_exists'), [VALIDATOR_ADDRESS])).toEqual([true]);
    expect(await view(stake('owner_cap_exists'), [VALIDATOR_ADDRESS])).toEqual([false]);
  });

  it('what genesis does not write: the pool check, the owner capability check, MISSING_DATA', async () => {
    await expect(view(stake('get_stake'), [me])).rejects.toThrow(
      /ESTAKE_POOL_DOES_NOT_EXIST\(0x1000e\): Stake pool does not exist/,
    );
    await expect(view(stake('get_operator'), [me])).rejects.toThrow(
      /ESTAKE_POOL_DOES_NOT_EXIST\(0x1000e\)/,
    );
    await expect(view(stake('get_pool_address_for_owner'), [VALIDATOR_ADDRESS])).rejects.toThrow(
      /EOWNER_CAP_NOT_FOUND\(0x6000f\)/,
    );
    for (const [name, args] of [
      ['get_validator_state', [VALIDATOR_ADDRESS]],
      ['get_current_epoch_voting_power', [VALIDATOR_ADDRESS]],
      ['get_validator_config', [VALIDATOR_ADDRESS]],
      ['get_current_epoch_proposal_counts', [0]],
      ['get_pending_transaction_fee', []],
    ] as const) {
      await expect(view(stake(name), [...args]), name).rejects.toThrow(/MISSING_DATA/);
    }
    await expect(view('0x1::staking_config::reward_rate')).rejects.toThrow(/MISSING_DATA/);
    await expect(view(`${me}::stk::deprecated` as Fn)).rejects.toThrow(/EDEPRECATED\(0xd001e\)/);
  });
});

describe("an owner's own pool", () => {
  it('initialize_stake_owner writes the pool, its capability and an empty config; a second is EALREADY_REGISTERED', async () => {
    const op2 = other.accountAddress.toString();
    const done: UserTransactionResponse = await send(mine, stake('initialize_stake_owner'), [
      0,
      op2,
      me,
    ]);
    expect(done.success, done.vm_status).toBe(true);
    const pool = written(done, POOL).get(short(me));
    expect(pool).toMatchObject({
      active: { value: '0' },
      locked_until_secs: '0',
      operator_address: short(op2),
      delegated_voter: short(me),
    });
    // Twelve handles from the account's GUID counter, after its own two.
    expect(pool?.['leave_validator_set_events']).toMatchObject({
      guid: { id: { creation_num: '13' } },
    });
    expect(written(done, '0x1::stake::OwnerCapability').get(short(me))).toEqual({
      pool_address: short(me),
    });
    expect(written(done, '0x1::stake::ValidatorConfig').get(short(me))).toEqual({
      consensus_pubkey: '0x',
      network_addresses: '0x',
      fullnode_addresses: '0x',
      validator_index: '0',
    });
    expect(eventsOf(done, '0x1::stake::SetOperator').map((e) => e.data)).toEqual([
      { pool_address: short(me), old_operator: short(me), new_operator: short(op2) },
    ]);
    const again = await send(mine, stake('initialize_stake_owner'), [0, me, me]);
    expect(again.vm_status).toMatch(/EALREADY_REGISTERED\(0x80008\)/);
  });

  it('staking coins needs the ValidatorSet a node writes at genesis: MISSING_DATA, nothing withdrawn', async () => {
    const done = await send(theirs, stake('initialize_stake_owner'), [100, me, me]);
    expect(done.success).toBe(false);
    expect(done.vm_status).toMatch(/MISSING_DATA/);
    expect((await send(mine, stake('add_stake'), [5])).vm_status).toMatch(/MISSING_DATA/);
    expect((await send(mine, stake('increase_lockup'))).vm_status).toMatch(/MISSING_DATA/);
    expect((await send(mine, stake('withdraw'), [1])).vm_status).toMatch(/MISSING_DATA/);
    expect((await send(mine, stake('join_validator_set'), [me])).vm_status).toMatch(/MISSING_DATA/);
    expect((await send(theirs, stake('add_stake'), [5])).vm_status).toBe(NO_CAP);
  });

  it('unlock and reactivate_stake cap at what the pool holds (0) and say so in their events', async () => {
    const unlock = await send(mine, stake('unlock'), [7]);
    expect(unlock.success, unlock.vm_status).toBe(true);
    expect(eventsOf(unlock, '0x1::stake::UnlockStake').map((e) => e.data)).toEqual([
      { pool_address: short(me), amount_unlocked: '0' },
    ]);
    const zero = await send(mine, stake('unlock'), [0]);
    expect(eventsOf(zero, '0x1::stake::UnlockStake')).toHaveLength(0);
    expect(written(zero, POOL).size).toBe(0);
    const back = await send(mine, stake('reactivate_stake'), [2]);
    expect(eventsOf(back, '0x1::stake::ReactivateStake').map((e) => e.data)).toEqual([
      { pool_address: short(me), amount: '0' },
    ]);
  });

  it('the operator updates addresses; anyone else is ENOT_OPERATOR; the owner changes operator and voter', async () => {
    const refused = await send(mine, stake('update_network_and_fullnode_addresses'), [
      me,
      new Uint8Array([1]),
      new Uint8Array([2]),
    ]);
    expect(refused.vm_status).toMatch(/ENOT_OPERATOR\(0x40009\)/);
    const done = await send(theirs, stake('update_network_and_fullnode_addresses'), [
      me,
      new Uint8Array([1]),
      new Uint8Array([2, 3]),
    ]);
    expect(done.success, done.vm_status).toBe(true);
    expect(written(done, '0x1::stake::ValidatorConfig').get(short(me))).toMatchObject({
      network_addresses: '0x01',
      fullnode_addresses: '0x0203',
    });
    expect(eventsOf(done, '0x1::stake::UpdateNetworkAndFullnodeAddresses')[0]?.data).toEqual({
      pool_address: short(me),
      old_network_addresses: '0x',
      new_network_addresses: '0x01',
      old_fullnode_addresses: '0x',
      new_fullnode_addresses: '0x0203',
    });
    const badKey = await send(theirs, stake('rotate_consensus_key'), [
      me,
      new Uint8Array([1]),
      new Uint8Array([2]),
    ]);
    expect(badKey.vm_status).toMatch(/EINVALID_PUBLIC_KEY\(0x1000b\)/);
    expect((await send(mine, stake('set_operator'), [me])).success).toBe(true);
    expect((await send(mine, stake('set_delegated_voter'), [VALIDATOR_ADDRESS])).success).toBe(
      true,
    );
    expect(await view(stake('get_operator'), [me])).toEqual([short(me)]);
    expect(await view(stake('get_delegated_voter'), [me])).toEqual([short(VALIDATOR_ADDRESS)]);
    expect(await view(stake('get_pool_address_for_owner'), [me])).toEqual([short(me)]);
  });

  it('Move code extracts and deposits the capability, then destroys it', async () => {
    const round = await send(mine, `${me}::stk::roundtrip` as Fn);
    expect(round.success, round.vm_status).toBe(true);
    expect(written(round, '0x1::stake::OwnerCapability').get(short(me))).toEqual({
      pool_address: short(me),
    });
    const gone = await send(mine, `${me}::stk::destroy` as Fn);
    expect(gone.success, gone.vm_status).toBe(true);
    expect(deleted(gone, '0x1::stake::OwnerCapability')).toEqual([short(me)]);
    expect(await view(stake('owner_cap_exists'), [me])).toEqual([false]);
    expect((await send(mine, stake('unlock'), [1])).vm_status).toBe(NO_CAP);
  });
});

describe('governance only', () => {
  it("a user's signer fails the framework check, after the source's argument checks", async () => {
    expect((await send(mine, `${me}::stk::fee_limit` as Fn)).vm_status).toBe(FRAMEWORK_ABORT);
    expect((await send(mine, `${me}::stk::required` as Fn)).vm_status).toBe(FRAMEWORK_ABORT);
    expect((await send(mine, `${me}::stk::lockup` as Fn, [1])).vm_status).toBe(FRAMEWORK_ABORT);
    expect((await send(mine, `${me}::stk::lockup` as Fn, [0])).vm_status).toMatch(
      /EZERO_LOCKUP_DURATION\(0x10001\)/,
    );
    expect((await send(mine, `${me}::stk::grant` as Fn)).vm_status).toMatch(
      /EPERMISSIONED_SIGNER_REMOVED\(0xd001f\)/,
    );
  });
});
