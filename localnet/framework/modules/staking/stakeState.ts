/**
 * `0x1::stake`'s structs and the reads its functions share (`assert_*`, `find_validator`,
 * `get_validator_state`), as stake.move writes them.
 */
import type { LongAddress } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { eventHandle, struct } from '../../abi.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import type { StructAbi } from '../../context.ts';
import { borrowResource, resourceExists } from '../../vmState.ts';
import { fail } from './errors.ts';
import { CATEGORY, COIN_APT, reconfigInProgress } from './shared.ts';

export const STAKE_POOL = '0x1::stake::StakePool';
export const OWNER_CAP = '0x1::stake::OwnerCapability';
export const VALIDATOR_CONFIG = '0x1::stake::ValidatorConfig';
export const VALIDATOR_SET = '0x1::stake::ValidatorSet';
export const ALLOWED_VALIDATORS = '0x1::stake::AllowedValidators';

/** StakePool's fields by index. */
export const POOL = {
  active: 0,
  inactive: 1,
  pendingActive: 2,
  pendingInactive: 3,
  lockedUntil: 4,
  operator: 5,
  voter: 6,
} as const;

/** The twelve legacy event handles of a StakePool, with their event types. */
export const POOL_HANDLES: Array<[string, string]> = [
  ['initialize_validator_events', 'RegisterValidatorCandidateEvent'],
  ['set_operator_events', 'SetOperatorEvent'],
  ['add_stake_events', 'AddStakeEvent'],
  ['reactivate_stake_events', 'ReactivateStakeEvent'],
  ['rotate_consensus_key_events', 'RotateConsensusKeyEvent'],
  ['update_network_and_fullnode_addresses_events', 'UpdateNetworkAndFullnodeAddressesEvent'],
  ['increase_lockup_events', 'IncreaseLockupEvent'],
  ['join_validator_set_events', 'JoinValidatorSetEvent'],
  ['distribute_rewards_events', 'DistributeRewardsEvent'],
  ['unlock_stake_events', 'UnlockStakeEvent'],
  ['withdraw_stake_events', 'WithdrawStakeEvent'],
  ['leave_validator_set_events', 'LeaveValidatorSetEvent'],
];

const ds = ['drop', 'store'];
const pool = (extra: Array<[string, string]>) =>
  [['pool_address', 'address'], ...extra] as Array<[string, string]>;
const bytes = 'vector<u8>';
const CONFIG_FIELDS: Array<[string, string]> = [
  ['consensus_pubkey', bytes],
  ['network_addresses', bytes],
  ['fullnode_addresses', bytes],
  ['validator_index', 'u64'],
];

export const STAKE_STRUCTS: StructAbi[] = [
  struct('OwnerCapability', ['store', 'key'], [['pool_address', 'address']]),
  struct(
    'StakePool',
    ['key'],
    [
      ['active', COIN_APT],
      ['inactive', COIN_APT],
      ['pending_active', COIN_APT],
      ['pending_inactive', COIN_APT],
      ['locked_until_secs', 'u64'],
      ['operator_address', 'address'],
      ['delegated_voter', 'address'],
      ...POOL_HANDLES.map(([f, t]): [string, string] => [f, eventHandle(`0x1::stake::${t}`)]),
    ],
  ),
  struct('ValidatorConfig', ['copy', 'drop', 'store', 'key'], CONFIG_FIELDS),
  struct(
    'ValidatorInfo',
    ['copy', 'drop', 'store'],
    [
      ['addr', 'address'],
      ['voting_power', 'u64'],
      ['config', VALIDATOR_CONFIG],
    ],
  ),
  struct(
    'ValidatorSet',
    ['copy', 'drop', 'store', 'key'],
    [
      ['consensus_scheme', 'u8'],
      ['active_validators', 'vector<0x1::stake::ValidatorInfo>'],
      ['pending_inactive', 'vector<0x1::stake::ValidatorInfo>'],
      ['pending_active', 'vector<0x1::stake::ValidatorInfo>'],
      ['total_voting_power', 'u128'],
      ['total_joining_power', 'u128'],
    ],
  ),
  struct('IndividualValidatorPerformance', ds, [
    ['successful_proposals', 'u64'],
    ['failed_proposals', 'u64'],
  ]),
  struct(
    'ValidatorPerformance',
    ['key'],
    [['validators', 'vector<0x1::stake::IndividualValidatorPerformance>']],
  ),
  struct('AllowedValidators', ['key'], [['accounts', 'vector<address>']]),
  struct('RegisterValidatorCandidateEvent', ds, pool([])),
  struct(
    'SetOperatorEvent',
    ds,
    pool([
      ['old_operator', 'address'],
      ['new_operator', 'address'],
    ]),
  ),
  struct(
    'SetOperator',
    ds,
    pool([
      ['old_operator', 'address'],
      ['new_operator', 'address'],
    ]),
  ),
  struct('AddStakeEvent', ds, pool([['amount_added', 'u64']])),
  struct('AddStake', ds, pool([['amount_added', 'u64']])),
  struct('ReactivateStakeEvent', ds, pool([['amount', 'u64']])),
  struct('ReactivateStake', ds, pool([['amount', 'u64']])),
  struct(
    'RotateConsensusKeyEvent',
    ds,
    pool([
      ['old_consensus_pubkey', bytes],
      ['new_consensus_pubkey', bytes],
    ]),
  ),
  struct(
    'RotateConsensusKey',
    ds,
    pool([
      ['old_consensus_pubkey', bytes],
      ['new_consensus_pubkey', bytes],
    ]),
  ),
  ...['UpdateNetworkAndFullnodeAddressesEvent', 'UpdateNetworkAndFullnodeAddresses'].map((name) =>
    struct(
      name,
      ds,
      pool([
        ['old_network_addresses', bytes],
        ['new_network_addresses', bytes],
        ['old_fullnode_addresses', bytes],
        ['new_fullnode_addresses', bytes],
      ]),
    ),
  ),
  ...['IncreaseLockupEvent', 'IncreaseLockup'].map((name) =>
    struct(
      name,
      ds,
      pool([
        ['old_locked_until_secs', 'u64'],
        ['new_locked_until_secs', 'u64'],
      ]),
    ),
  ),
  struct('JoinValidatorSetEvent', ds, pool([])),
  struct('JoinValidatorSet', ds, pool([])),
  struct('DistributeRewardsEvent', ds, pool([['rewards_amount', 'u64']])),
  struct('UnlockStakeEvent', ds, pool([['amount_unlocked', 'u64']])),
  struct('UnlockStake', ds, pool([['amount_unlocked', 'u64']])),
  struct('WithdrawStakeEvent', ds, pool([['amount_withdrawn', 'u64']])),
  struct('WithdrawStake', ds, pool([['amount_withdrawn', 'u64']])),
  struct('LeaveValidatorSetEvent', ds, pool([])),
  struct('LeaveValidatorSet', ds, pool([])),
];

export const poolExists = (host: NativeHost, address: LongAddress): boolean =>
  resourceExists(host, address, STAKE_POOL);

/** `assert_stake_pool_exists`. */
export function assertPool(host: NativeHost, address: LongAddress): void {
  if (!poolExists(host, address)) {
    fail('stake', 'ESTAKE_POOL_DOES_NOT_EXIST', CATEGORY.invalidArgument);
  }
}

/** `assert_owner_cap_exists` then `borrow_global<OwnerCapability>(owner)`: its pool address. */
export function ownedPool(host: NativeHost, owner: LongAddress): LongAddress {
  if (!resourceExists(host, owner, OWNER_CAP)) {
    fail('stake', 'EOWNER_CAP_NOT_FOUND', CATEGORY.notFound);
  }
  return (borrowResource(host, owner, OWNER_CAP) as Value[])[0] as LongAddress;
}

/** `assert_reconfig_not_in_progress`. */
export function assertNoReconfig(host: NativeHost): void {
  if (reconfigInProgress(host)) {
    fail('stake', 'ERECONFIGURATION_IN_PROGRESS', CATEGORY.invalidState);
  }
}

/** `find_validator(v, addr)`: the index or `undefined`. */
export function findValidator(infos: Value, address: LongAddress): number | undefined {
  const index = (infos as Value[][]).findIndex((info) => info[0] === address);
  return index < 0 ? undefined : index;
}

export const STATUS = { pendingActive: 1n, active: 2n, pendingInactive: 3n, inactive: 4n };

/** `get_validator_state`: `borrow_global<ValidatorSet>(@aptos_framework)` first. */
export function validatorState(host: NativeHost, address: LongAddress): bigint {
  const set = borrowResource(host, FRAMEWORK_ADDRESS, VALIDATOR_SET) as Value[];
  if (findValidator(set[3] as Value, address) !== undefined) return STATUS.pendingActive;
  if (findValidator(set[1] as Value, address) !== undefined) return STATUS.active;
  if (findValidator(set[2] as Value, address) !== undefined) return STATUS.pendingInactive;
  return STATUS.inactive;
}

/** `is_current_epoch_validator` past its pool check. */
export const isCurrentValidator = (host: NativeHost, address: LongAddress): boolean => {
  const state = validatorState(host, address);
  return state === STATUS.active || state === STATUS.pendingInactive;
};
