/**
 * `0x1::staking_contract` on the VM's own values, as staking_contract.move writes it. A staker's
 * `Store` is only created by create_staking_contract_with_coins after `staking_config::get()`,
 * which aborts MISSING_DATA on this chain's genesis (no StakingConfig), so no Store exists here:
 * every function answers as the source does for a staker without one (the views' `false`/`none`,
 * ENO_STAKING_CONTRACT_FOUND_FOR_STAKER, the argument checks before it), and the operator's
 * beneficiary, which needs no contract, is kept as the source keeps it.
 */
import type { LongAddress } from '../../../encoding.ts';
import { fromHex, must } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { Ref } from '../../../move/vm/values.ts';
import { eventHandle, fn, struct } from '../../abi.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import {
  emitEvent,
  readResource,
  resourceExists,
  signerAddress,
  writeResource,
} from '../../vmState.ts';
import { fail } from './errors.ts';
import {
  CATEGORY,
  COIN_APT,
  governanceOnly,
  stakingConfig,
  stakingModule,
  withdrawCoin,
} from './shared.ts';

const STORE = '0x1::staking_contract::Store';
const BENEFICIARY = '0x1::staking_contract::BeneficiaryForOperator';
const UNAUTHENTICATED = 0x4;
const addr = (v: Value | undefined) => must(v) as LongAddress;
const SALT = Array.from(Buffer.from('aptos_framework::staking_contract'));

/** `staking_contract_exists(staker, operator)` without a Store anywhere: the Store check. */
export const stakingContractExists = (host: NativeHost, staker: LongAddress): boolean => {
  if (!resourceExists(host, staker, STORE)) return false;
  return governanceOnly('0x1::staking_contract::Store');
};

/** `assert_staking_contract_exists`: ENO_STAKING_CONTRACT_FOUND_FOR_STAKER first. */
function assertContract(host: NativeHost, staker: LongAddress): never {
  if (!resourceExists(host, staker, STORE)) {
    fail('staking_contract', 'ENO_STAKING_CONTRACT_FOUND_FOR_STAKER', CATEGORY.notFound);
  }
  return governanceOnly('0x1::staking_contract::Store');
}

const assertCommission = (percentage: Value | undefined) => {
  if ((must(percentage) as bigint) > 100n) {
    fail('staking_contract', 'EINVALID_COMMISSION_PERCENTAGE', CATEGORY.invalidArgument);
  }
};

/** `beneficiary_for_operator(operator)`. */
const beneficiary = (host: NativeHost, operator: LongAddress): LongAddress => {
  const stored = readResource(host, operator, BENEFICIARY) as Value[] | undefined;
  return stored === undefined ? operator : (stored[0] as LongAddress);
};

/** create_staking_contract_with_coins up to `staking_config::get()`. */
function createWithCoins(host: NativeHost, commission: Value | undefined): never {
  assertCommission(commission);
  stakingConfig(host);
  return governanceOnly('0x1::staking_contract::create_staking_contract_with_coins');
}

/** A function whose first check is assert_staking_contract_exists(signer or `staker`). */
const onContract = (name: string, params: string[], staker: 'signer' | number, isView = false) =>
  fn(
    name,
    {
      params,
      returns: isView ? returnsOf[name] : [],
      isEntry: !isView && params[0] === '&signer',
      isView,
    },
    (host, _t, args) =>
      assertContract(host, staker === 'signer' ? signerAddress(must(args[0])) : addr(args[staker])),
  );
const returnsOf: Record<string, string[]> = {
  stake_pool_address: ['address'],
  last_recorded_principal: ['u64'],
  commission_percentage: ['u64'],
  staking_contract_amounts: ['u64', 'u64', 'u64'],
  pending_distribution_counts: ['u64'],
  pending_attribution_snapshot: ['u64'],
};

const ds = ['drop', 'store'];
export const stakingContractModule = stakingModule(
  'staking_contract',
  [
    struct(
      'StakingContract',
      ['store'],
      [
        ['principal', 'u64'],
        ['pool_address', 'address'],
        ['owner_cap', '0x1::stake::OwnerCapability'],
        ['commission_percentage', 'u64'],
        ['distribution_pool', '0x1::pool_u64::Pool'],
        ['signer_cap', '0x1::account::SignerCapability'],
      ],
    ),
    struct('Staker', ['copy', 'drop', 'store', 'key'], [['staker', 'address']]),
    struct(
      'Store',
      ['key'],
      [
        [
          'staking_contracts',
          '0x1::simple_map::SimpleMap<address, 0x1::staking_contract::StakingContract>',
        ],
        ...[
          ['create_staking_contract_events', 'CreateStakingContractEvent'],
          ['update_voter_events', 'UpdateVoterEvent'],
          ['reset_lockup_events', 'ResetLockupEvent'],
          ['add_stake_events', 'AddStakeEvent'],
          ['request_commission_events', 'RequestCommissionEvent'],
          ['unlock_stake_events', 'UnlockStakeEvent'],
          ['switch_operator_events', 'SwitchOperatorEvent'],
          ['add_distribution_events', 'AddDistributionEvent'],
          ['distribute_events', 'DistributeEvent'],
        ].map(([f, t]): [string, string] => [
          f as string,
          eventHandle(`0x1::staking_contract::${t}`),
        ]),
      ],
    ),
    struct('BeneficiaryForOperator', ['key'], [['beneficiary_for_operator', 'address']]),
    struct('SetBeneficiaryForOperator', ds, [
      ['operator', 'address'],
      ['old_beneficiary', 'address'],
      ['new_beneficiary', 'address'],
    ]),
  ],
  [
    onContract('stake_pool_address', ['address', 'address'], 0, true),
    fn(
      'staker_address',
      { params: ['address'], returns: ['0x1::option::Option<address>'], isView: true },
      (host, _t, [pool]) => {
        const staker = readResource(host, addr(pool), '0x1::staking_contract::Staker') as
          Value[] | undefined;
        return [[staker === undefined ? [] : [staker[0] as Value]]];
      },
    ),
    onContract('last_recorded_principal', ['address', 'address'], 0, true),
    onContract('commission_percentage', ['address', 'address'], 0, true),
    onContract('staking_contract_amounts', ['address', 'address'], 0, true),
    onContract('pending_distribution_counts', ['address', 'address'], 0, true),
    fn(
      'staking_contract_exists',
      { params: ['address', 'address'], returns: ['bool'], isView: true },
      (host, _t, [staker]) => [stakingContractExists(host, addr(staker))],
    ),
    fn(
      'beneficiary_for_operator',
      { params: ['address'], returns: ['address'], isView: true },
      (host, _t, [operator]) => [beneficiary(host, addr(operator))],
    ),
    fn(
      'get_expected_stake_pool_address',
      { params: ['address', 'address', 'vector<u8>'], returns: ['address'], isView: true },
      (host, _t, [staker, operator, seed]) => {
        const bytes = [
          ...fromHex(addr(staker)),
          ...fromHex(addr(operator)),
          ...SALT,
          ...(must(seed) as number[]),
        ];
        return host.call(
          FRAMEWORK_ADDRESS,
          'account',
          'create_resource_address',
          [],
          [new Ref([addr(staker)], 0), bytes],
        );
      },
    ),
    onContract('pending_attribution_snapshot', ['address', 'address', 'address'], 0, true),
    fn(
      'create_staking_contract',
      { params: ['&signer', 'address', 'address', 'u64', 'u64', 'vector<u8>'], isEntry: true },
      (host, _t, [s, , , amount, commission]) => {
        withdrawCoin(host, must(s), must(amount) as bigint);
        return createWithCoins(host, commission);
      },
    ),
    fn(
      'create_staking_contract_with_coins',
      {
        params: ['&signer', 'address', 'address', COIN_APT, 'u64', 'vector<u8>'],
        returns: ['address'],
      },
      (host, _t, args) => createWithCoins(host, args[4]),
    ),
    onContract('add_stake', ['&signer', 'address', 'u64'], 'signer'),
    onContract('update_voter', ['&signer', 'address', 'address'], 'signer'),
    onContract('reset_lockup', ['&signer', 'address'], 'signer'),
    fn(
      'update_commision',
      { params: ['&signer', 'address', 'u64'], isEntry: true },
      (host, _t, [s, , commission]) => {
        assertCommission(commission);
        return assertContract(host, signerAddress(must(s)));
      },
    ),
    fn(
      'request_commission',
      { params: ['&signer', 'address', 'address'], isEntry: true },
      (host, _t, [s, staker, operator]) => {
        const account = signerAddress(must(s));
        if (
          account !== staker &&
          account !== operator &&
          account !== beneficiary(host, addr(operator))
        ) {
          fail('staking_contract', 'ENOT_STAKER_OR_OPERATOR_OR_BENEFICIARY', UNAUTHENTICATED);
        }
        return assertContract(host, addr(staker));
      },
    ),
    fn(
      'unlock_stake',
      { params: ['&signer', 'address', 'u64'], isEntry: true },
      (host, _t, [s, , amount]) => {
        if (amount === 0n) return [];
        return assertContract(host, signerAddress(must(s)));
      },
    ),
    onContract('unlock_rewards', ['&signer', 'address'], 'signer'),
    onContract('switch_operator_with_same_commission', ['&signer', 'address', 'address'], 'signer'),
    onContract('switch_operator', ['&signer', 'address', 'address', 'u64'], 'signer'),
    fn(
      'set_beneficiary_for_operator',
      { params: ['&signer', 'address'], isEntry: true },
      (host, _t, [s, fresh]) => {
        const on = host.call(
          FRAMEWORK_ADDRESS,
          'features',
          'operator_beneficiary_change_enabled',
          [],
          [],
        )[0];
        if (on !== true) {
          fail(
            'staking_contract',
            'EOPERATOR_BENEFICIARY_CHANGE_NOT_SUPPORTED',
            CATEGORY.invalidState,
          );
        }
        const operator = signerAddress(must(s));
        const old = beneficiary(host, operator);
        writeResource(host, operator, BENEFICIARY, [addr(fresh)]);
        emitEvent(host, '0x1::staking_contract::SetBeneficiaryForOperator', [
          operator,
          old,
          addr(fresh),
        ]);
        return [];
      },
    ),
    fn('distribute', { params: ['address', 'address'], isEntry: true }, (host, _t, [staker]) =>
      assertContract(host, addr(staker)),
    ),
  ],
);
