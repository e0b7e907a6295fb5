/**
 * `0x1::vesting` on the VM's own values, as vesting.move writes it. A VestingContract is made by
 * create_vesting_contract through staking_contract::create_staking_contract_with_coins, which
 * aborts MISSING_DATA here (no StakingConfig at genesis), so none exists on this chain: each
 * function answers as the source does for an address without one (EVESTING_CONTRACT_NOT_FOUND
 * where it asserts, MISSING_DATA where it borrows, an admin's empty list), after its own argument
 * checks; create_vesting_schedule is whole.
 */
import type { LongAddress } from '../../../encoding.ts';
import { must } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { fn, struct } from '../../abi.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import { Ref } from '../../../move/vm/values.ts';
import {
  borrowResource,
  deref,
  fieldsOf,
  readResource,
  resourceExists,
  ty,
} from '../../vmState.ts';
import { fail } from './errors.ts';
import {
  CATEGORY,
  COIN_APT,
  governanceOnly,
  nowSeconds,
  stakingConfig,
  stakingModule,
} from './shared.ts';

const CONTRACT = '0x1::vesting::VestingContract';
const SCHEDULE = '0x1::vesting::VestingSchedule';
const addr = (v: Value | undefined) => must(v) as LongAddress;
const call = (host: NativeHost, module: string, name: string, args: Value[]) =>
  host.call(FRAMEWORK_ADDRESS, module, name, [], args);

/** `assert_vesting_contract_exists` (and assert_active_vesting_contract, whose first check it is). */
function assertContract(host: NativeHost, address: LongAddress): never {
  if (!resourceExists(host, address, CONTRACT)) {
    fail('vesting', 'EVESTING_CONTRACT_NOT_FOUND', CATEGORY.notFound);
  }
  return governanceOnly(CONTRACT);
}

/** `borrow_global<VestingContract>(address)`: MISSING_DATA, as none exists here. */
function borrowContract(host: NativeHost, address: LongAddress): never {
  borrowResource(host, address, CONTRACT);
  return governanceOnly(CONTRACT);
}

/** A view or entry function whose first step is assert_vesting_contract_exists(args[at]). */
const asserting = (name: string, params: string[], returns: string[], at = 0, isView = true) =>
  fn(name, { params, returns, isView, isEntry: !isView }, (host, _t, args) =>
    assertContract(host, addr(args[at])),
  );
/** An entry function whose first step is borrow_global<VestingContract>(contract). */
const borrowing = (name: string, params: string[], returns: string[] = []) =>
  fn(name, { params, returns, isEntry: returns.length === 0 }, (host, _t, args) =>
    borrowContract(host, addr(args[1])),
  );
/** `<name>_many(contracts)`: EVEC_EMPTY_FOR_MANY_FUNCTION, then each contract in turn. */
const many = (name: string) =>
  fn(`${name}_many`, { params: ['vector<address>'], isEntry: true }, (host, _t, [contracts]) => {
    const list = must(contracts) as Value[];
    if (list.length === 0)
      fail('vesting', 'EVEC_EMPTY_FOR_MANY_FUNCTION', CATEGORY.invalidArgument);
    return assertContract(host, list[0] as LongAddress);
  });

const A = ['address'];
export const vestingModule = stakingModule(
  'vesting',
  [
    struct(
      'VestingSchedule',
      ['copy', 'drop', 'store'],
      [
        ['schedule', 'vector<0x1::fixed_point32::FixedPoint32>'],
        ['start_timestamp_secs', 'u64'],
        ['period_duration', 'u64'],
        ['last_vested_period', 'u64'],
      ],
    ),
    struct(
      'AdminStore',
      ['key'],
      [
        ['vesting_contracts', 'vector<address>'],
        ['nonce', 'u64'],
        ['create_events', '0x1::event::EventHandle<0x1::vesting::CreateVestingContractEvent>'],
      ],
    ),
    struct(
      'CreateVestingContractEvent',
      ['drop', 'store'],
      [
        ['operator', 'address'],
        ['voter', 'address'],
        ['grant_amount', 'u64'],
        ['withdrawal_address', 'address'],
        ['vesting_contract_address', 'address'],
        ['staking_pool_address', 'address'],
        ['commission_percentage', 'u64'],
      ],
    ),
  ],
  [
    fn('grant_permission', { params: ['&signer', '&signer'] }, () =>
      fail('vesting', 'EPERMISSIONED_SIGNER_REMOVED', CATEGORY.unavailable),
    ),
    asserting('stake_pool_address', A, ['address']),
    asserting('vesting_start_secs', A, ['u64']),
    asserting('period_duration_secs', A, ['u64']),
    asserting('remaining_grant', A, ['u64']),
    asserting('beneficiary', ['address', 'address'], ['address']),
    asserting('operator_commission_percentage', A, ['u64']),
    fn(
      'vesting_contracts',
      { params: A, returns: ['vector<address>'], isView: true },
      (host, _t, [admin]) => {
        const store = readResource(host, addr(admin), '0x1::vesting::AdminStore') as
          Value[] | undefined;
        return [store === undefined ? [] : (store[0] as Value)];
      },
    ),
    asserting('operator', A, ['address']),
    asserting('voter', A, ['address']),
    asserting('vesting_schedule', A, [SCHEDULE]),
    asserting('total_accumulated_rewards', A, ['u64']),
    asserting('accumulated_rewards', ['address', 'address'], ['u64']),
    asserting('shareholders', A, ['vector<address>']),
    asserting('shareholder', ['address', 'address'], ['address']),
    fn(
      'create_vesting_schedule',
      { params: ['vector<0x1::fixed_point32::FixedPoint32>', 'u64', 'u64'], returns: [SCHEDULE] },
      (host, _t, [schedule, start, period]) => {
        if ((must(schedule) as Value[]).length === 0)
          fail('vesting', 'EEMPTY_VESTING_SCHEDULE', CATEGORY.invalidArgument);
        if (period === 0n)
          fail('vesting', 'EZERO_VESTING_SCHEDULE_PERIOD', CATEGORY.invalidArgument);
        if ((must(start) as bigint) < nowSeconds(host))
          fail('vesting', 'EVESTING_START_TOO_SOON', CATEGORY.invalidArgument);
        return [[must(schedule), must(start), must(period), 0n]];
      },
    ),
    fn(
      'create_vesting_contract',
      {
        params: [
          '&signer',
          '&vector<address>',
          `0x1::simple_map::SimpleMap<address, ${COIN_APT}>`,
          SCHEDULE,
          'address',
          'address',
          'address',
          'u64',
          'vector<u8>',
        ],
        returns: ['address'],
      },
      (host, _t, [, shareholders, buyIns, , withdrawal, , , commission]) => {
        if (call(host, 'system_addresses', 'is_reserved_address', [addr(withdrawal)])[0] === true) {
          fail('vesting', 'EINVALID_WITHDRAWAL_ADDRESS', CATEGORY.invalidArgument);
        }
        call(host, 'aptos_account', 'assert_account_is_registered_for_apt', [addr(withdrawal)]);
        const holders = deref(must(shareholders)) as LongAddress[];
        if (holders.length === 0) fail('vesting', 'ENO_SHAREHOLDERS', CATEGORY.invalidArgument);
        const entries = fieldsOf(must(buyIns))[0] as Value[][];
        if (entries.length !== holders.length)
          fail('vesting', 'ESHARES_LENGTH_MISMATCH', CATEGORY.invalidArgument);
        let grant = 0n;
        const map = [fieldsOf(must(buyIns))];
        for (const holder of holders) {
          const [, coin] = host.call(
            FRAMEWORK_ADDRESS,
            'simple_map',
            'remove',
            [ty('address'), ty(COIN_APT)],
            [new Ref(map, 0), new Ref([holder], 0)],
          );
          grant += fieldsOf(must(coin))[0] as bigint;
        }
        if (grant === 0n) fail('vesting', 'EZERO_GRANT', CATEGORY.invalidArgument);
        // staking_contract::create_staking_contract_with_coins: the commission, then its config.
        if ((must(commission) as bigint) > 100n) {
          fail('staking_contract', 'EINVALID_COMMISSION_PERCENTAGE', CATEGORY.invalidArgument);
        }
        stakingConfig(host);
        return governanceOnly('0x1::vesting::create_vesting_contract');
      },
    ),
    asserting('unlock_rewards', A, [], 0, false),
    many('unlock_rewards'),
    asserting('vest', A, [], 0, false),
    many('vest'),
    asserting('distribute', A, [], 0, false),
    many('distribute'),
    asserting('terminate_vesting_contract', ['&signer', 'address'], [], 1, false),
    borrowing('admin_withdraw', ['&signer', 'address']),
    borrowing('update_operator', ['&signer', 'address', 'address', 'u64']),
    asserting(
      'update_operator_with_same_commission',
      ['&signer', 'address', 'address'],
      [],
      1,
      false,
    ),
    asserting('update_commission_percentage', ['&signer', 'address', 'u64'], [], 1, false),
    borrowing('update_voter', ['&signer', 'address', 'address']),
    borrowing('reset_lockup', ['&signer', 'address']),
    fn(
      'set_beneficiary',
      { params: ['&signer', 'address', 'address', 'address'], isEntry: true },
      (host, _t, [, contract, , fresh]) => {
        call(host, 'aptos_account', 'assert_account_is_registered_for_apt', [addr(fresh)]);
        return borrowContract(host, addr(contract));
      },
    ),
    borrowing('reset_beneficiary', ['&signer', 'address', 'address']),
    borrowing('set_management_role', ['&signer', 'address', '0x1::string::String', 'address']),
    borrowing('set_beneficiary_resetter', ['&signer', 'address', 'address']),
    fn(
      'set_beneficiary_for_operator',
      { params: ['&signer', 'address'], isEntry: true },
      (host, _t, args) => call(host, 'staking_contract', 'set_beneficiary_for_operator', args),
    ),
    fn(
      'get_role_holder',
      { params: ['address', '0x1::string::String'], returns: ['address'] },
      (host, _t, [contract]) => {
        if (!resourceExists(host, addr(contract), '0x1::vesting::VestingAccountManagement')) {
          fail('vesting', 'EVESTING_ACCOUNT_HAS_NO_ROLES', CATEGORY.notFound);
        }
        return governanceOnly('0x1::vesting::VestingAccountManagement');
      },
    ),
    borrowing('get_vesting_account_signer', ['&signer', 'address'], ['signer']),
  ],
);
