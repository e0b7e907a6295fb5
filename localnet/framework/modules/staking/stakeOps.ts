/**
 * `0x1::stake`'s state changes shared by its entry functions and their `_with_cap` twins, as
 * stake.move writes them.
 */
import type { LongAddress } from '../../../encoding.ts';
import { must } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { Ref } from '../../../move/vm/values.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import {
  borrowResource,
  emitEvent,
  fieldsOf,
  readResource,
  resourceExists,
  signerAddress,
  ty,
  updateResource,
  writeResource,
} from '../../vmState.ts';
import { fail } from './errors.ts';
import { CATEGORY, coinValue, nowSeconds, stakingConfig } from './shared.ts';
import {
  ALLOWED_VALIDATORS,
  assertNoReconfig,
  assertPool,
  findValidator,
  isCurrentValidator,
  OWNER_CAP,
  POOL,
  POOL_HANDLES,
  poolExists,
  STAKE_POOL,
  STATUS,
  VALIDATOR_CONFIG,
  VALIDATOR_SET,
  validatorState,
} from './stakeState.ts';

const u64 = (v: Value | undefined) => must(v) as bigint;
const min = (a: bigint, b: bigint) => (a < b ? a : b);
export const event = (host: NativeHost, name: string, value: Value[]) =>
  emitEvent(host, `0x1::stake::${name}`, value);
/** `error::unauthenticated`. */
const UNAUTHENTICATED = 0x4;

/** A StakePool read, `borrow_global<StakePool>(pool)` after assert_stake_pool_exists. */
export function poolOf(host: NativeHost, address: LongAddress): Value[] {
  assertPool(host, address);
  return borrowResource(host, address, STAKE_POOL) as Value[];
}
/** `borrow_global_mut<StakePool>(pool)` around `change`. */
const editPool = <R>(host: NativeHost, address: LongAddress, change: (p: Value[]) => R): R =>
  updateResource(host, address, STAKE_POOL, change);
export const coinIn = (p: Value[], i: number) => coinValue(p[i] as Value);
const setCoin = (p: Value[], i: number, value: bigint) => {
  p[i] = [value];
};
const votingPower = (p: Value[]) =>
  coinIn(p, POOL.pendingActive) + coinIn(p, POOL.active) + coinIn(p, POOL.pendingInactive);

/** `update_voting_power_increase(amount)`. */
function updateVotingPowerIncrease(host: NativeHost, amount: bigint): void {
  const limit = u64(stakingConfig(host)[6]);
  updateResource(host, FRAMEWORK_ADDRESS, VALIDATOR_SET, (set) => {
    set[5] = (set[5] as bigint) + amount;
    const total = set[4] as bigint;
    if (total > 0n && (set[5] as bigint) > (total * limit) / 100n) {
      fail('stake', 'EVOTING_POWER_INCREASE_EXCEEDS_LIMIT', CATEGORY.invalidArgument);
    }
  });
}

export function addStakeWithCap(host: NativeHost, pool: LongAddress, coins: Value): void {
  assertNoReconfig(host);
  assertPool(host, pool);
  const amount = coinValue(coins);
  if (amount === 0n) return;
  const set = borrowResource(host, FRAMEWORK_ADDRESS, VALIDATOR_SET) as Value[];
  if (
    findValidator(set[1] as Value, pool) !== undefined ||
    findValidator(set[3] as Value, pool) !== undefined
  ) {
    updateVotingPowerIncrease(host, amount);
  }
  const current = isCurrentValidator(host, pool);
  const power = editPool(host, pool, (p) => {
    const into = current ? POOL.pendingActive : POOL.active;
    setCoin(p, into, coinIn(p, into) + amount);
    return votingPower(p);
  });
  if (power > u64(stakingConfig(host)[1])) {
    fail('stake', 'ESTAKE_EXCEEDS_MAX', CATEGORY.invalidArgument);
  }
  event(host, 'AddStake', [pool, amount]);
}

export function unlockWithCap(host: NativeHost, pool: LongAddress, amount: bigint): void {
  assertNoReconfig(host);
  if (amount === 0n) return;
  assertPool(host, pool);
  const unlocked = editPool(host, pool, (p) => {
    const take = min(amount, coinIn(p, POOL.active));
    setCoin(p, POOL.active, coinIn(p, POOL.active) - take);
    setCoin(p, POOL.pendingInactive, coinIn(p, POOL.pendingInactive) + take);
    return take;
  });
  event(host, 'UnlockStake', [pool, unlocked]);
}

export function withdrawWithCap(host: NativeHost, pool: LongAddress, amount: bigint): Value {
  assertNoReconfig(host);
  assertPool(host, pool);
  const taken = editPool(host, pool, (p) => {
    if (
      validatorState(host, pool) === STATUS.inactive &&
      nowSeconds(host) >= u64(p[POOL.lockedUntil])
    ) {
      setCoin(p, POOL.inactive, coinIn(p, POOL.inactive) + coinIn(p, POOL.pendingInactive));
      setCoin(p, POOL.pendingInactive, 0n);
    }
    const take = min(amount, coinIn(p, POOL.inactive));
    setCoin(p, POOL.inactive, coinIn(p, POOL.inactive) - take);
    return take;
  });
  if (taken > 0n) event(host, 'WithdrawStake', [pool, taken]);
  return [taken];
}

export function reactivateWithCap(host: NativeHost, pool: LongAddress, amount: bigint): void {
  assertNoReconfig(host);
  assertPool(host, pool);
  const moved = editPool(host, pool, (p) => {
    const take = min(amount, coinIn(p, POOL.pendingInactive));
    setCoin(p, POOL.pendingInactive, coinIn(p, POOL.pendingInactive) - take);
    setCoin(p, POOL.active, coinIn(p, POOL.active) + take);
    return take;
  });
  event(host, 'ReactivateStake', [pool, moved]);
}

export function increaseLockupWithCap(host: NativeHost, pool: LongAddress): void {
  assertPool(host, pool);
  const config = stakingConfig(host);
  const [old, fresh] = editPool(host, pool, (p) => {
    const before = u64(p[POOL.lockedUntil]);
    const after = nowSeconds(host) + u64(config[2]);
    if (before >= after) fail('stake', 'EINVALID_LOCKUP', CATEGORY.invalidArgument);
    p[POOL.lockedUntil] = after;
    return [before, after];
  });
  event(host, 'IncreaseLockup', [pool, old, fresh]);
}

export function setOperatorWithCap(
  host: NativeHost,
  pool: LongAddress,
  operator: LongAddress,
): void {
  assertPool(host, pool);
  const old = editPool(host, pool, (p) => {
    const before = p[POOL.operator] as LongAddress;
    p[POOL.operator] = operator;
    return before;
  });
  event(host, 'SetOperator', [pool, old, operator]);
}

export function setVoterWithCap(host: NativeHost, pool: LongAddress, voter: LongAddress): void {
  assertPool(host, pool);
  editPool(host, pool, (p) => {
    p[POOL.voter] = voter;
  });
}

/** `initialize_owner`: the ACL, EALREADY_REGISTERED, the StakePool and the OwnerCapability. */
export function initializeOwner(host: NativeHost, owner: Value): void {
  const address = signerAddress(owner);
  const allowed = readResource(host, FRAMEWORK_ADDRESS, ALLOWED_VALIDATORS) as Value[] | undefined;
  if (allowed !== undefined && !(allowed[0] as Value[]).includes(address)) {
    fail('stake', 'EINELIGIBLE_VALIDATOR', CATEGORY.notFound);
  }
  if (poolExists(host, address)) fail('stake', 'EALREADY_REGISTERED', CATEGORY.alreadyExists);
  const handles = POOL_HANDLES.map(
    ([, type]) =>
      host.call(
        FRAMEWORK_ADDRESS,
        'account',
        'new_event_handle',
        [ty(`0x1::stake::${type}`)],
        [owner],
      )[0] as Value,
  );
  writeResource(host, address, STAKE_POOL, [
    [0n],
    [0n],
    [0n],
    [0n],
    0n,
    address,
    address,
    ...handles,
  ]);
  writeResource(host, address, OWNER_CAP, [address]);
}

/** `bls12381::public_key_from_bytes_with_pop(pk, &proof_of_possession_from_bytes(pop))` is some. */
export function assertPop(host: NativeHost, pk: Value, pop: Value): void {
  const proof = host.call(
    FRAMEWORK_ADDRESS,
    'bls12381',
    'proof_of_possession_from_bytes',
    [],
    [pop],
  )[0] as Value;
  const key = host.call(
    FRAMEWORK_ADDRESS,
    'bls12381',
    'public_key_from_bytes_with_pop',
    [],
    [pk, new Ref([proof], 0)],
  )[0] as Value;
  if ((fieldsOf(key)[0] as Value[]).length === 0)
    fail('stake', 'EINVALID_PUBLIC_KEY', CATEGORY.invalidArgument);
}

/** The operator's checks of rotate_consensus_key and update_network_and_fullnode_addresses. */
export function operatorConfig(host: NativeHost, operator: Value, pool: LongAddress): Value[] {
  assertNoReconfig(host);
  const p = poolOf(host, pool);
  if (signerAddress(operator) !== p[POOL.operator]) fail('stake', 'ENOT_OPERATOR', UNAUTHENTICATED);
  if (!resourceExists(host, pool, VALIDATOR_CONFIG))
    fail('stake', 'EVALIDATOR_CONFIG', CATEGORY.notFound);
  return borrowResource(host, pool, VALIDATOR_CONFIG) as Value[];
}
