/**
 * `0x1::staking_config` on the VM's own values: the getters on a `&StakingConfig`, `get` and
 * `reward_rate` (which borrow the resource genesis writes on a node; this chain's genesis has
 * none, so they abort MISSING_DATA), and governance's updates behind the framework signer.
 */
import { must } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { fn, struct } from '../../abi.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import { borrowResource, fieldsOf } from '../../vmState.ts';
import { gated } from '../system/gate.ts';
import { fail } from './errors.ts';
import { CATEGORY, STAKING_CONFIG, stakingConfig, stakingModule } from './shared.ts';

const REF = `&${STAKING_CONFIG}`;
const FP = '0x1::fixed_point64::FixedPoint64';

const rewardDecreaseOn = (host: NativeHost): boolean =>
  host.call(
    FRAMEWORK_ADDRESS,
    'features',
    'periodical_reward_rate_decrease_enabled',
    [],
    [],
  )[0] as boolean;

/** `get_reward_rate(config)`: StakingRewardsConfig's rate when the feature is on. */
function rewardRate(host: NativeHost, config: Value[]): Value[] {
  if (!rewardDecreaseOn(host)) return [config[4] as Value, config[5] as Value];
  const rewards = borrowResource(
    host,
    FRAMEWORK_ADDRESS,
    '0x1::staking_config::StakingRewardsConfig',
  );
  const rate = fieldsOf(fieldsOf(rewards)[0] as Value)[0] as bigint;
  if (rate === 0n) return [0n, 1n];
  // fixed_point64::divide_u128(MAX_REWARDS_RATE, rate), capped at u64::MAX, then multiply_u128.
  const MAX_U64 = (1n << 64n) - 1n;
  let denominator = (1_000_000n << 64n) / rate;
  if (denominator > MAX_U64) denominator = MAX_U64;
  return [(denominator * rate) >> 64n, denominator];
}

const getter =
  (...fields: number[]) =>
  (_h: NativeHost, _t: unknown, [config]: Value[]) =>
    fields.map((i) => fieldsOf(must(config))[i] as Value);

export const stakingConfigModule = stakingModule(
  'staking_config',
  [
    struct(
      'StakingConfig',
      ['copy', 'drop', 'key'],
      [
        ['minimum_stake', 'u64'],
        ['maximum_stake', 'u64'],
        ['recurring_lockup_duration_secs', 'u64'],
        ['allow_validator_set_change', 'bool'],
        ['rewards_rate', 'u64'],
        ['rewards_rate_denominator', 'u64'],
        ['voting_power_increase_limit', 'u64'],
      ],
    ),
    struct(
      'StakingRewardsConfig',
      ['copy', 'drop', 'key'],
      [
        ['rewards_rate', FP],
        ['min_rewards_rate', FP],
        ['rewards_rate_period_in_secs', 'u64'],
        ['last_rewards_rate_period_start_in_secs', 'u64'],
        ['rewards_rate_decrease_rate', FP],
      ],
    ),
  ],
  [
    fn('reward_rate', { params: [], returns: ['u64', 'u64'], isView: true }, (host) =>
      rewardRate(host, stakingConfig(host)),
    ),
    gated('staking_config', 'initialize_rewards', ['&signer', FP, FP, 'u64', 'u64', FP]),
    fn('get', { params: [], returns: [STAKING_CONFIG] }, (host) => [stakingConfig(host)]),
    fn('get_allow_validator_set_change', { params: [REF], returns: ['bool'] }, getter(3)),
    fn('get_required_stake', { params: [REF], returns: ['u64', 'u64'] }, getter(0, 1)),
    fn('get_recurring_lockup_duration', { params: [REF], returns: ['u64'] }, getter(2)),
    fn('get_reward_rate', { params: [REF], returns: ['u64', 'u64'] }, (host, _t, [config]) =>
      rewardRate(host, fieldsOf(must(config))),
    ),
    fn('get_voting_power_increase_limit', { params: [REF], returns: ['u64'] }, getter(6)),
    gated('staking_config', 'update_required_stake', ['&signer', 'u64', 'u64']),
    gated('staking_config', 'update_recurring_lockup_duration_secs', ['&signer', 'u64'], {
      before: (_h, [, duration]) => {
        if (duration === 0n)
          fail('staking_config', 'EZERO_LOCKUP_DURATION', CATEGORY.invalidArgument);
      },
    }),
    gated('staking_config', 'update_rewards_rate', ['&signer', 'u64', 'u64'], {
      before: (host) => {
        if (rewardDecreaseOn(host)) {
          fail('staking_config', 'EDEPRECATED_FUNCTION', CATEGORY.invalidState);
        }
      },
    }),
    gated('staking_config', 'update_rewards_config', ['&signer', FP, FP, 'u64', FP]),
    gated('staking_config', 'update_voting_power_increase_limit', ['&signer', 'u64']),
  ],
);
