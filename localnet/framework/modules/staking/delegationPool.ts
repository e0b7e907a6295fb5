/**
 * `0x1::delegation_pool` on the VM's own values, as delegation_pool.move writes it, for a chain
 * with no DelegationPool: each function answers as the source does for an address without one
 * (EDELEGATION_POOL_DOES_NOT_EXIST 0x10003 where it asserts the pool, EOWNER_CAP_NOT_FOUND
 * 0x60001 for an owner, `false` from the existence views), after its own argument checks; the
 * operator's beneficiary, the expected pool address and multiply_then_divide are whole.
 * initialize_delegation_pool makes its checks and stops there (see `notHere`).
 */
import type { LongAddress } from '../../../encoding.ts';
import { must } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { Ref } from '../../../move/vm/values.ts';
import { fn, struct } from '../../abi.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import {
  emitEvent,
  readResource,
  resourceExists,
  signerAddress,
  writeResource,
} from '../../vmState.ts';
import { fail } from './errors.ts';
import { CATEGORY, governanceOnly, nowSeconds, stakingConfig, stakingModule } from './shared.ts';

const M = 'delegation_pool';
const T = (name: string) => `0x1::delegation_pool::${name}`;
const addr = (v: Value | undefined) => must(v) as LongAddress;
const call = (host: NativeHost, module: string, name: string, args: Value[]) =>
  host.call(FRAMEWORK_ADDRESS, module, name, [], args);
const MAX_FEE = 10_000n;
const SALT = Array.from(Buffer.from('aptos_framework::delegation_pool'));

const poolExists = (host: NativeHost, pool: LongAddress) =>
  resourceExists(host, pool, T('DelegationPool'));

/** `assert_delegation_pool_exists`; past it, a pool this chain never has. */
function assertPool(host: NativeHost, pool: LongAddress): never {
  if (!poolExists(host, pool)) fail(M, 'EDELEGATION_POOL_DOES_NOT_EXIST', CATEGORY.invalidArgument);
  return governanceOnly(T('DelegationPool'));
}

/** `get_owned_pool_address(owner)`: assert_owner_cap_exists first. */
function ownedPool(host: NativeHost, owner: LongAddress): never {
  if (!resourceExists(host, owner, T('DelegationPoolOwnership'))) {
    fail(M, 'EOWNER_CAP_NOT_FOUND', CATEGORY.notFound);
  }
  return governanceOnly(T('DelegationPoolOwnership'));
}

const beneficiary = (host: NativeHost, operator: LongAddress): LongAddress => {
  const stored = readResource(host, operator, T('BeneficiaryForOperator')) as Value[] | undefined;
  return stored === undefined ? operator : (stored[0] as LongAddress);
};

/** initialize_delegation_pool past its checks: a resource account, a stake pool and a DelegationPool of tables. */
function notHere(): never {
  throw new Error(
    '0x1::delegation_pool::initialize_delegation_pool: creating a delegation pool is not implemented on this chain',
  );
}

/** A view asserting the pool (its first argument) before anything else. */
const onPool = (name: string, params: string[], returns: string[]) =>
  fn(name, { params, returns, isView: true }, (host, _t, args) => assertPool(host, addr(args[0])));
/** An entry function of the pool's owner: get_owned_pool_address(signer) first. */
const ofOwner = (name: string, params: string[]) =>
  fn(name, { params: ['&signer', ...params], isEntry: true }, (host, _t, [s]) =>
    ownedPool(host, signerAddress(must(s))),
  );
/** A delegator's entry function: nothing for 0 octas, then the pool (allowlist or sync). */
const delegator = (name: string) =>
  fn(
    name,
    { params: ['&signer', 'address', 'u64'], isEntry: true },
    (host, _t, [, pool, amount]) => {
      if (amount === 0n) return [];
      return assertPool(host, addr(pool));
    },
  );
const removed = (name: string) =>
  fn(name, { params: ['&signer', '&signer'] }, () =>
    fail(M, 'EPERMISSIONED_SIGNER_REMOVED', CATEGORY.unavailable),
  );

const A = ['address'];
const AA = ['address', 'address'];
export const delegationPoolModule = stakingModule(
  M,
  [
    struct('DelegationPoolOwnership', ['store', 'key'], [['pool_address', 'address']]),
    struct('BeneficiaryForOperator', ['key'], [['beneficiary_for_operator', 'address']]),
    struct(
      'SetBeneficiaryForOperator',
      ['drop', 'store'],
      [
        ['operator', 'address'],
        ['old_beneficiary', 'address'],
        ['new_beneficiary', 'address'],
      ],
    ),
  ],
  [
    fn('owner_cap_exists', { params: A, returns: ['bool'], isView: true }, (host, _t, [a]) => [
      resourceExists(host, addr(a), T('DelegationPoolOwnership')),
    ]),
    fn(
      'get_owned_pool_address',
      { params: A, returns: ['address'], isView: true },
      (host, _t, [a]) => ownedPool(host, addr(a)),
    ),
    fn(
      'delegation_pool_exists',
      { params: A, returns: ['bool'], isView: true },
      (host, _t, [a]) => [poolExists(host, addr(a))],
    ),
    fn(
      'partial_governance_voting_enabled',
      { params: A, returns: ['bool'], isView: true },
      (host, _t, [a]) => [
        resourceExists(host, addr(a), T('GovernanceRecords')) &&
          call(host, 'stake', 'get_delegated_voter', [addr(a)])[0] === addr(a),
      ],
    ),
    onPool('observed_lockup_cycle', A, ['u64']),
    fn(
      'is_next_commission_percentage_effective',
      { params: A, returns: ['bool'], isView: true },
      (host, _t, [a]) => {
        if (!resourceExists(host, addr(a), T('NextCommissionPercentage'))) return [false];
        return governanceOnly(T('NextCommissionPercentage'));
      },
    ),
    onPool('operator_commission_percentage', A, ['u64']),
    onPool('operator_commission_percentage_next_lockup_cycle', A, ['u64']),
    onPool('shareholders_count_active_pool', A, ['u64']),
    onPool('get_delegation_pool_stake', A, ['u64', 'u64', 'u64', 'u64']),
    onPool('get_pending_withdrawal', AA, ['bool', 'u64']),
    onPool('get_stake', AA, ['u64', 'u64', 'u64']),
    fn(
      'get_add_stake_fee',
      { params: ['address', 'u64'], returns: ['u64'], isView: true },
      (host, _t, [pool]) => {
        if (call(host, 'stake', 'is_current_epoch_validator', [addr(pool)])[0] !== true)
          return [0n];
        stakingConfig(host);
        return assertPool(host, addr(pool));
      },
    ),
    fn(
      'can_withdraw_pending_inactive',
      { params: A, returns: ['bool'], isView: true },
      (host, _t, [pool]) => {
        const inactive = call(host, 'stake', 'get_validator_state', [addr(pool)])[0] === 4n;
        return [
          inactive &&
            nowSeconds(host) >= (call(host, 'stake', 'get_lockup_secs', [addr(pool)])[0] as bigint),
        ];
      },
    ),
    onPool('calculate_and_update_voter_total_voting_power', AA, ['u64']),
    onPool('calculate_and_update_remaining_voting_power', ['address', 'address', 'u64'], ['u64']),
    onPool('calculate_and_update_delegator_voter', AA, ['address']),
    onPool('calculate_and_update_voting_delegation', AA, ['address', 'address', 'u64']),
    fn(
      'get_expected_stake_pool_address',
      { params: ['address', 'vector<u8>'], returns: ['address'], isView: true },
      (host, _t, [owner, seed]) =>
        call(host, 'account', 'create_resource_address', [
          new Ref([addr(owner)], 0),
          [...SALT, ...(must(seed) as number[])],
        ]),
    ),
    fn(
      'min_remaining_secs_for_commission_change',
      { params: [], returns: ['u64'], isView: true },
      (host) => [(stakingConfig(host)[2] as bigint) / 4n],
    ),
    onPool('allowlisting_enabled', A, ['bool']),
    onPool('delegator_allowlisted', AA, ['bool']),
    onPool('get_delegators_allowlist', A, ['vector<address>']),
    removed('grant_delegation_pool_management_permission'),
    removed('grant_stake_management_permission'),
    fn(
      'initialize_delegation_pool',
      { params: ['&signer', 'u64', 'vector<u8>'], isEntry: true },
      (host, _t, [s, commission]) => {
        if (resourceExists(host, signerAddress(must(s)), T('DelegationPoolOwnership'))) {
          fail(M, 'EOWNER_CAP_ALREADY_EXISTS', CATEGORY.alreadyExists);
        }
        if ((must(commission) as bigint) > MAX_FEE)
          fail(M, 'EINVALID_COMMISSION_PERCENTAGE', CATEGORY.invalidArgument);
        return notHere();
      },
    ),
    fn(
      'beneficiary_for_operator',
      { params: A, returns: ['address'], isView: true },
      (host, _t, [a]) => [beneficiary(host, addr(a))],
    ),
    fn('enable_partial_governance_voting', { params: A, isEntry: true }, (host, _t, [a]) =>
      assertPool(host, addr(a)),
    ),
    fn(
      'vote',
      { params: ['&signer', 'address', 'u64', 'u64', 'bool'], isEntry: true },
      (host, _t, [, a]) => assertPool(host, addr(a)),
    ),
    fn(
      'create_proposal',
      {
        params: ['&signer', 'address', 'vector<u8>', 'vector<u8>', 'vector<u8>', 'bool'],
        isEntry: true,
      },
      (host, _t, [, a]) => assertPool(host, addr(a)),
    ),
    ofOwner('set_operator', A),
    fn(
      'set_beneficiary_for_operator',
      { params: ['&signer', 'address'], isEntry: true },
      (host, _t, [s, fresh]) => {
        const operator = signerAddress(must(s));
        const old = beneficiary(host, operator);
        writeResource(host, operator, T('BeneficiaryForOperator'), [addr(fresh)]);
        emitEvent(host, T('SetBeneficiaryForOperator'), [operator, old, addr(fresh)]);
        return [];
      },
    ),
    fn(
      'update_commission_percentage',
      { params: ['&signer', 'u64'], isEntry: true },
      (host, _t, [s, commission]) => {
        if ((must(commission) as bigint) > MAX_FEE)
          fail(M, 'EINVALID_COMMISSION_PERCENTAGE', CATEGORY.invalidArgument);
        return ownedPool(host, signerAddress(must(s)));
      },
    ),
    fn('set_delegated_voter', { params: ['&signer', 'address'], isEntry: true }, () =>
      fail(M, 'ECAN_NO_LONGER_SET_DELEGATED_VOTER'),
    ),
    fn(
      'delegate_voting_power',
      { params: ['&signer', 'address', 'address'], isEntry: true },
      (host, _t, [, a]) => assertPool(host, addr(a)),
    ),
    fn(
      'enable_delegators_allowlisting',
      { params: ['&signer'], isEntry: true },
      (host, _t, [s]) => {
        if (call(host, 'features', 'delegation_pool_allowlisting_enabled', [])[0] !== true) {
          fail(M, 'EDELEGATORS_ALLOWLISTING_NOT_SUPPORTED', CATEGORY.invalidState);
        }
        return ownedPool(host, signerAddress(must(s)));
      },
    ),
    ofOwner('disable_delegators_allowlisting', []),
    ofOwner('allowlist_delegator', A),
    ofOwner('remove_delegator_from_allowlist', A),
    ofOwner('evict_delegator', A),
    delegator('add_stake'),
    delegator('unlock'),
    delegator('reactivate_stake'),
    fn(
      'withdraw',
      { params: ['&signer', 'address', 'u64'], isEntry: true },
      (host, _t, [, pool, amount]) => {
        if (amount === 0n) fail(M, 'EWITHDRAW_ZERO_STAKE', CATEGORY.invalidArgument);
        return assertPool(host, addr(pool));
      },
    ),
    fn('synchronize_delegation_pool', { params: A, isEntry: true }, (host, _t, [a]) =>
      assertPool(host, addr(a)),
    ),
    fn(
      'multiply_then_divide',
      { params: ['u64', 'u64', 'u64'], returns: ['u64'] },
      (host, _t, args) => call(host, 'math64', 'mul_div', args as Value[]),
    ),
  ],
);
