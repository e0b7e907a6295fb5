/**
 * What the staking modules share: `0x1` calls they make (the clock, the reconfiguration state,
 * `staking_config::get`), and `std::error`'s categories. This chain's genesis has a `StakePool`
 * at the validator's address but no `StakingConfig`, `ValidatorSet` or `OwnerCapability`, so
 * every path through those resources aborts `MISSING_DATA`, as a node would on that state.
 */
import type { LongAddress } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import type { NativeFunction, NativeModule, StructAbi } from '../../context.ts';
import { borrowResource, fieldsOf, readResource, ty } from '../../vmState.ts';
import { anyTypeName } from '../system/gate.ts';

export { CATEGORY } from '../system/errors.ts';

export const APT = '0x1::aptos_coin::AptosCoin';
export const COIN_APT = `0x1::coin::Coin<${APT}>`;
export const STAKING_CONFIG = '0x1::staking_config::StakingConfig';

/** A `0x1` module of this folder. */
export const stakingModule = (
  name: string,
  structs: StructAbi[],
  functions: NativeFunction[],
): NativeModule => ({ address: FRAMEWORK_ADDRESS, name, friends: [], structs, functions });

/** `timestamp::now_seconds()`. */
export const nowSeconds = (host: NativeHost): bigint =>
  host.call(FRAMEWORK_ADDRESS, 'timestamp', 'now_seconds', [], [])[0] as bigint;

/** `reconfiguration_state::is_in_progress()` (a friend function): State holds a StateActive. */
export function reconfigInProgress(host: NativeHost): boolean {
  const state = readResource(host, FRAMEWORK_ADDRESS, '0x1::reconfiguration_state::State');
  if (state === undefined) return false;
  return anyTypeName(fieldsOf(state)[0] as Value) === '0x1::reconfiguration_state::StateActive';
}

/**
 * `staking_config::get()`: `*borrow_global<StakingConfig>(@aptos_framework)`, whose fields are
 * minimum_stake, maximum_stake, recurring_lockup_duration_secs, allow_validator_set_change,
 * rewards_rate, rewards_rate_denominator, voting_power_increase_limit.
 */
export const stakingConfig = (host: NativeHost): Value[] =>
  borrowResource(host, FRAMEWORK_ADDRESS, STAKING_CONFIG) as Value[];

/** A `Coin<T>`'s value. */
export const coinValue = (coin: Value): bigint => (coin as Value[])[0] as bigint;

/** `coin::withdraw<AptosCoin>(account, amount)` and `coin::deposit<AptosCoin>(to, coin)`. */
export const withdrawCoin = (host: NativeHost, account: Value, amount: bigint): Value =>
  host.call(FRAMEWORK_ADDRESS, 'coin', 'withdraw', [ty(APT)], [account, amount])[0] as Value;
export const depositCoin = (host: NativeHost, to: LongAddress, coin: Value): void => {
  host.call(FRAMEWORK_ADDRESS, 'coin', 'deposit', [ty(APT)], [to, coin]);
};

/** Past a resource only governance or genesis writes (none exists here): a fault of the chain. */
export function governanceOnly(id: string): never {
  throw new Error(`${id}: reached past a resource only genesis or governance creates`);
}
