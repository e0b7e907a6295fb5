import type { Account, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Bytecode,
  CompiledModule,
  SignatureToken as Sig,
} from '../../../localnet/move/binary/types.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { AB, addressBytes, derived, eventsOf, op, short, written } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * `0x1::staking_contract`, `0x1::vesting` and `0x1::staking_proxy` through the REST API with the
 * ts-sdk, as their sources answer over this chain's genesis: no StakingConfig, so no staking or
 * vesting contract can be made (create_* abort MISSING_DATA after their argument checks) and every
 * function on one answers as the source does for an address without it; the operator's
 * beneficiary, create_vesting_schedule and the proxy's stake-pool setters work in full.
 */
let chain: Chain;
let staker: Account;
let operator: Account;
let me: string;
let op2: string;
let mine: ReturnType<typeof ownerTransactions>;
let theirs: ReturnType<typeof ownerTransactions>;

type Fn = `${string}::${string}::${string}`;
type Arg = string | number | Uint8Array | string[];
const NO_CONTRACT =
  'Move abort in 0x1::staking_contract: ENO_STAKING_CONTRACT_FOUND_FOR_STAKER(0x60003): Staker has no staking contracts.';

/** `vst`: views over vesting::create_vesting_schedule and get_role_holder. */
function vstModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'vst');
  const fp = S.struct(
    b.foreignStruct('0x1', 'fixed_point32', 'FixedPoint32', AB.copy | AB.drop | AB.store),
  );
  const schedule = S.struct(
    b.foreignStruct('0x1', 'vesting', 'VestingSchedule', AB.copy | AB.drop | AB.store),
  );
  const create = b.use(
    '0x1',
    'vesting',
    'create_vesting_schedule',
    [S.vec(fp), S.u64, S.u64],
    [schedule],
  );
  const raw = b.use('0x1', 'fixed_point32', 'create_from_raw_value', [S.u64], [fp]);
  const view = (name: string, params: Sig[], returns: Sig[], code: Bytecode[]) =>
    b.fn(name, { view: true, params, returns, code: [...code, op.ret] });
  view(
    'empty',
    [S.u64, S.u64],
    [schedule],
    [{ op: 'VecPack', sig: b.sig([fp]), count: 0n }, op.mv(0), op.mv(1), op.call(create)],
  );
  view(
    'one',
    [S.u64, S.u64, S.u64],
    [schedule],
    [
      op.mv(0),
      op.call(raw),
      { op: 'VecPack', sig: b.sig([fp]), count: 1n },
      op.mv(1),
      op.mv(2),
      op.call(create),
    ],
  );
  const str = b.foreignStruct('0x1', 'string', 'String', AB.copy | AB.drop | AB.store);
  const utf8 = b.use('0x1', 'string', 'utf8', [S.vec(S.u8)], [S.struct(str)]);
  view(
    'role',
    [S.address],
    [S.address],
    [
      op.mv(0),
      { op: 'LdConst', index: b.constant(S.vec(S.u8), [1, 0x72]) },
      op.call(utf8),
      op.call(b.use('0x1', 'vesting', 'get_role_holder', [S.address, S.struct(str)], [S.address])),
    ],
  );
  return b.build();
}

const send = (who: ReturnType<typeof ownerTransactions>, fn: Fn, args: Arg[] = []) =>
  who.send({ function: fn, functionArguments: args });
const view = (fn: Fn, args: Arg[] = []) =>
  chain.aptos.view({ payload: { function: fn, functionArguments: args } });
const sc = (name: string): Fn => `0x1::staking_contract::${name}`;
const vesting = (name: string): Fn => `0x1::vesting::${name}`;

beforeAll(async () => {
  chain = await startChain();
  staker = await fundedAccount(chain);
  operator = await fundedAccount(chain);
  me = staker.accountAddress.toString();
  op2 = operator.accountAddress.toString();
  mine = ownerTransactions(chain, staker);
  theirs = ownerTransactions(chain, operator);
  const published = await mine.publish('vst', vstModule(me));
  expect(published.success, published.vm_status).toBe(true);
}, 60_000);

afterAll(async () => {
  await chain.localnet.stop();
});

describe('staking_contract', () => {
  it('the views of a staker without a Store: false, none, the operator itself, the expected pool address', async () => {
    expect(await view(sc('staking_contract_exists'), [me, op2])).toEqual([false]);
    expect(await view(sc('staker_address'), [me])).toEqual([{ vec: [] }]);
    expect(await view(sc('beneficiary_for_operator'), [op2])).toEqual([short(op2)]);
    const seed = new Uint8Array([7, 8]);
    // create_resource_address(staker, bcs(staker) ‖ bcs(operator) ‖ SALT ‖ seed).
    const expected = derived(
      addressBytes(me),
      addressBytes(me),
      addressBytes(op2),
      Buffer.from('aptos_framework::staking_contract'),
      seed,
      Uint8Array.of(0xff),
    );
    expect(await view(sc('get_expected_stake_pool_address'), [me, op2, seed])).toEqual([expected]);
    for (const name of [
      'stake_pool_address',
      'commission_percentage',
      'staking_contract_amounts',
    ]) {
      await expect(view(sc(name), [me, op2]), name).rejects.toThrow(
        /ENO_STAKING_CONTRACT_FOUND_FOR_STAKER\(0x60003\)/,
      );
    }
  });

  it('create_staking_contract: the commission first, then StakingConfig (MISSING_DATA), the coins withdrawn and given back', async () => {
    const bad = await send(mine, sc('create_staking_contract'), [
      op2,
      op2,
      1000,
      101,
      new Uint8Array(),
    ]);
    expect(bad.vm_status).toMatch(/EINVALID_COMMISSION_PERCENTAGE\(0x10002\)/);
    const done = await send(mine, sc('create_staking_contract'), [
      op2,
      op2,
      1000,
      10,
      new Uint8Array(),
    ]);
    expect(done.success).toBe(false);
    expect(done.vm_status).toMatch(/MISSING_DATA/);
  });

  it('the entry functions check their arguments, then the Store', async () => {
    expect((await send(mine, sc('update_commision'), [op2, 101])).vm_status).toMatch(/0x10002/);
    expect((await send(mine, sc('update_commision'), [op2, 5])).vm_status).toBe(NO_CONTRACT);
    const stranger = await send(theirs, sc('request_commission'), [me, me]);
    expect(stranger.vm_status).toMatch(/ENOT_STAKER_OR_OPERATOR_OR_BENEFICIARY\(0x40008\)/);
    expect((await send(mine, sc('request_commission'), [me, op2])).vm_status).toBe(NO_CONTRACT);
    const nothing: UserTransactionResponse = await send(mine, sc('unlock_stake'), [op2, 0]);
    expect(nothing.success, nothing.vm_status).toBe(true);
    for (const [name, args] of [
      ['unlock_stake', [op2, 1]],
      ['add_stake', [op2, 1]],
      ['update_voter', [op2, me]],
      ['reset_lockup', [op2]],
      ['switch_operator', [op2, me, 1]],
      ['unlock_rewards', [op2]],
    ] as const) {
      expect((await send(mine, sc(name), [...args])).vm_status, name).toBe(NO_CONTRACT);
    }
  });

  it("set_beneficiary_for_operator keeps the operator's beneficiary, which request_commission then accepts", async () => {
    const done = await send(theirs, sc('set_beneficiary_for_operator'), [me]);
    expect(done.success, done.vm_status).toBe(true);
    expect(written(done, '0x1::staking_contract::BeneficiaryForOperator').get(short(op2))).toEqual({
      beneficiary_for_operator: short(me),
    });
    expect(
      eventsOf(done, '0x1::staking_contract::SetBeneficiaryForOperator').map((e) => e.data),
    ).toEqual([{ operator: short(op2), old_beneficiary: short(op2), new_beneficiary: short(me) }]);
    expect(await view(sc('beneficiary_for_operator'), [op2])).toEqual([short(me)]);
    // vesting's twin goes through staking_contract's.
    const again = await send(theirs, vesting('set_beneficiary_for_operator'), [op2]);
    expect(eventsOf(again, '0x1::staking_contract::SetBeneficiaryForOperator')[0]?.data).toEqual({
      operator: short(op2),
      old_beneficiary: short(me),
      new_beneficiary: short(op2),
    });
  });
});

describe('vesting', () => {
  it('an address without a VestingContract: EVESTING_CONTRACT_NOT_FOUND where the source asserts, MISSING_DATA where it borrows', async () => {
    expect(await view(vesting('vesting_contracts'), [me])).toEqual([[]]);
    for (const name of ['operator', 'remaining_grant', 'vesting_schedule', 'shareholders']) {
      await expect(view(vesting(name), [me]), name).rejects.toThrow(
        /EVESTING_CONTRACT_NOT_FOUND\(0x6000a\)/,
      );
    }
    expect((await send(mine, vesting('vest'), [me])).vm_status).toMatch(
      /EVESTING_CONTRACT_NOT_FOUND\(0x6000a\)/,
    );
    expect((await send(mine, vesting('unlock_rewards_many'), [[]])).vm_status).toMatch(
      /EVEC_EMPTY_FOR_MANY_FUNCTION\(0x10010\)/,
    );
    expect((await send(mine, vesting('update_voter'), [me, op2])).vm_status).toMatch(
      /MISSING_DATA/,
    );
    await expect(view(`${me}::vst::role` as Fn, [me])).rejects.toThrow(
      /EVESTING_ACCOUNT_HAS_NO_ROLES\(0x6000d\)/,
    );
  });

  it('create_vesting_schedule checks the schedule, the period and the start', async () => {
    const later = Math.floor(Date.now() / 1000) + 3600;
    await expect(view(`${me}::vst::empty` as Fn, [later, 60])).rejects.toThrow(
      /EEMPTY_VESTING_SCHEDULE\(0x10002\)/,
    );
    await expect(view(`${me}::vst::one` as Fn, [5, later, 0])).rejects.toThrow(
      /EZERO_VESTING_SCHEDULE_PERIOD\(0x10003\)/,
    );
    await expect(view(`${me}::vst::one` as Fn, [5, 1, 60])).rejects.toThrow(
      /EVESTING_START_TOO_SOON\(0x10006\)/,
    );
    expect(await view(`${me}::vst::one` as Fn, [5, later, 60])).toEqual([
      {
        schedule: [{ value: '5' }],
        start_timestamp_secs: String(later),
        period_duration: '60',
        last_vested_period: '0',
      },
    ]);
  });
});

describe('delegation_pool', () => {
  const dp = (name: string): Fn => `0x1::delegation_pool::${name}`;
  const NO_POOL = /EDELEGATION_POOL_DOES_NOT_EXIST\(0x10003\): Delegation pool does not exist/;

  it('views over an address without a pool: false, the pool check, the expected address, MISSING_DATA', async () => {
    expect(await view(dp('delegation_pool_exists'), [me])).toEqual([false]);
    expect(await view(dp('owner_cap_exists'), [me])).toEqual([false]);
    expect(await view(dp('partial_governance_voting_enabled'), [me])).toEqual([false]);
    expect(await view(dp('is_next_commission_percentage_effective'), [me])).toEqual([false]);
    await expect(view(dp('get_owned_pool_address'), [me])).rejects.toThrow(
      /EOWNER_CAP_NOT_FOUND\(0x60001\)/,
    );
    for (const name of [
      'observed_lockup_cycle',
      'operator_commission_percentage',
      'allowlisting_enabled',
    ]) {
      await expect(view(dp(name), [me]), name).rejects.toThrow(NO_POOL);
    }
    await expect(view(dp('get_stake'), [me, op2])).rejects.toThrow(NO_POOL);
    const seed = new Uint8Array([1]);
    const expected = derived(
      addressBytes(me),
      Buffer.from('aptos_framework::delegation_pool'),
      seed,
      Uint8Array.of(0xff),
    );
    expect(await view(dp('get_expected_stake_pool_address'), [me, seed])).toEqual([expected]);
    await expect(view(dp('min_remaining_secs_for_commission_change'))).rejects.toThrow(
      /MISSING_DATA/,
    );
    // stake::is_current_epoch_validator asserts the stake pool first.
    await expect(view(dp('get_add_stake_fee'), [me, 5])).rejects.toThrow(
      /ESTAKE_POOL_DOES_NOT_EXIST\(0x1000e\)/,
    );
  });

  it('entry functions: amounts of 0 return, the argument checks, then the pool or the owner', async () => {
    const zero: UserTransactionResponse = await send(mine, dp('add_stake'), [me, 0]);
    expect(zero.success, zero.vm_status).toBe(true);
    expect((await send(mine, dp('add_stake'), [me, 5])).vm_status).toMatch(NO_POOL);
    expect((await send(mine, dp('unlock'), [me, 5])).vm_status).toMatch(NO_POOL);
    expect((await send(mine, dp('withdraw'), [me, 0])).vm_status).toMatch(
      /EWITHDRAW_ZERO_STAKE\(0x1000b\)/,
    );
    expect((await send(mine, dp('withdraw'), [me, 1])).vm_status).toMatch(NO_POOL);
    expect((await send(mine, dp('set_operator'), [op2])).vm_status).toMatch(
      /EOWNER_CAP_NOT_FOUND\(0x60001\)/,
    );
    expect((await send(mine, dp('update_commission_percentage'), [10001])).vm_status).toMatch(
      /EINVALID_COMMISSION_PERCENTAGE\(0x10005\)/,
    );
    expect((await send(mine, dp('set_delegated_voter'), [op2])).vm_status).toMatch(
      /ECAN_NO_LONGER_SET_DELEGATED_VOTER\(0x1d\)/,
    );
    expect(
      (await send(mine, dp('initialize_delegation_pool'), [10001, new Uint8Array()])).vm_status,
    ).toMatch(/EINVALID_COMMISSION_PERCENTAGE\(0x10005\)/);
    const set = await send(theirs, dp('set_beneficiary_for_operator'), [me]);
    expect(eventsOf(set, '0x1::delegation_pool::SetBeneficiaryForOperator')[0]?.data).toEqual({
      operator: short(op2),
      old_beneficiary: short(op2),
      new_beneficiary: short(me),
    });
    expect(await view(dp('beneficiary_for_operator'), [op2])).toEqual([short(me)]);
  });
});

describe('staking_proxy', () => {
  it('changes only what the owner has: its stake pool here', async () => {
    const none = await send(mine, '0x1::staking_proxy::set_operator', [op2, me]);
    expect(none.success, none.vm_status).toBe(true);
    expect(eventsOf(none, '0x1::stake::SetOperator')).toHaveLength(0);
    expect((await send(mine, '0x1::stake::initialize_stake_owner', [0, me, me])).success).toBe(
      true,
    );
    const done = await send(mine, '0x1::staking_proxy::set_operator', [me, op2]);
    expect(done.success, done.vm_status).toBe(true);
    expect(eventsOf(done, '0x1::stake::SetOperator').map((e) => e.data)).toEqual([
      { pool_address: short(me), old_operator: short(me), new_operator: short(op2) },
    ]);
    expect((await send(mine, '0x1::staking_proxy::set_voter', [op2, op2])).success).toBe(true);
    expect(await view('0x1::stake::get_delegated_voter', [me])).toEqual([short(op2)]);
  });
});
