/**
 * `0x1::stake` on the VM's own values, as stake.move writes it: the views, an owner's own pool
 * (initialize_stake_owner, add_stake, unlock, withdraw, reactivate_stake, increase_lockup,
 * set_operator, set_delegated_voter, the OwnerCapability moves), the operator's validator
 * config, and governance's functions behind `system_addresses::assert_aptos_framework`.
 */
import type { LongAddress } from '../../../encoding.ts';
import { must } from '../../../encoding.ts';
import type { NativeHost, NativeImpl } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import {
  borrowResource,
  fieldsOf,
  removeResource,
  resourceExists,
  signerAddress,
  updateResource,
  writeResource,
} from '../../vmState.ts';
import { frameworkSignerOnly, gated } from '../system/gate.ts';
import { assertFramework } from '../system/systemAddresses.ts';
import { fail } from './errors.ts';
import {
  CATEGORY,
  COIN_APT,
  depositCoin,
  governanceOnly,
  nowSeconds,
  stakingConfig,
  stakingModule,
  withdrawCoin,
} from './shared.ts';
import {
  assertNoReconfig,
  assertPool,
  isCurrentValidator,
  OWNER_CAP,
  ownedPool,
  POOL,
  poolExists,
  STAKE_POOL,
  STAKE_STRUCTS,
  VALIDATOR_CONFIG,
  VALIDATOR_SET,
  validatorState,
} from './stakeState.ts';

import {
  addStakeWithCap,
  assertPop,
  coinIn,
  event,
  increaseLockupWithCap,
  initializeOwner,
  operatorConfig,
  poolOf,
  reactivateWithCap,
  setOperatorWithCap,
  setVoterWithCap,
  unlockWithCap,
  withdrawWithCap,
} from './stakeOps.ts';
const CAP = `&${OWNER_CAP}`;
const addr = (v: Value | undefined) => must(v) as LongAddress;
const u64 = (v: Value | undefined) => must(v) as bigint;
const capPool = (cap: Value | undefined): LongAddress => fieldsOf(must(cap))[0] as LongAddress;

const owner = (
  name: string,
  params: string[],
  impl: (host: NativeHost, pool: LongAddress, args: Value[], signer: Value) => void,
  reconfigFirst = false,
) =>
  fn(name, { params: ['&signer', ...params], isEntry: true }, (host, _t, [s, ...rest]) => {
    if (reconfigFirst) assertNoReconfig(host);
    impl(host, ownedPool(host, signerAddress(must(s))), rest, must(s));
    return [];
  });

/** A `#[view]` function. */
const view = (name: string, params: string[], returns: string[], impl: NativeImpl) =>
  fn(name, { params, returns, isView: true }, impl);

export const stakeModule = stakingModule('stake', STAKE_STRUCTS, [
  fn('grant_permission', { params: ['&signer', '&signer'] }, () =>
    fail('stake', 'EPERMISSIONED_SIGNER_REMOVED', CATEGORY.unavailable),
  ),
  view('get_lockup_secs', ['address'], ['u64'], (host, _t, [a]) => [
    poolOf(host, addr(a))[POOL.lockedUntil] as Value,
  ]),
  view('get_remaining_lockup_secs', ['address'], ['u64'], (host, _t, [a]) => {
    const lockup = u64(poolOf(host, addr(a))[POOL.lockedUntil]);
    const now = nowSeconds(host);
    return [lockup <= now ? 0n : lockup - now];
  }),
  view('get_stake', ['address'], ['u64', 'u64', 'u64', 'u64'], (host, _t, [a]) => {
    const p = poolOf(host, addr(a));
    return [
      coinIn(p, POOL.active),
      coinIn(p, POOL.inactive),
      coinIn(p, POOL.pendingActive),
      coinIn(p, POOL.pendingInactive),
    ];
  }),
  view('get_validator_state', ['address'], ['u64'], (host, _t, [a]) => [
    validatorState(host, addr(a)),
  ]),
  view('get_current_epoch_voting_power', ['address'], ['u64'], (host, _t, [a]) => {
    assertPool(host, addr(a));
    if (!isCurrentValidator(host, addr(a))) return [0n];
    const p = borrowResource(host, addr(a), STAKE_POOL) as Value[];
    return [coinIn(p, POOL.active) + coinIn(p, POOL.pendingInactive)];
  }),
  view('get_delegated_voter', ['address'], ['address'], (host, _t, [a]) => [
    poolOf(host, addr(a))[POOL.voter] as Value,
  ]),
  view('get_operator', ['address'], ['address'], (host, _t, [a]) => [
    poolOf(host, addr(a))[POOL.operator] as Value,
  ]),
  fn('get_owned_pool_address', { params: [CAP], returns: ['address'] }, (_h, _t, [cap]) => [
    capPool(cap),
  ]),
  view('owner_cap_exists', ['address'], ['bool'], (host, _t, [a]) => [
    resourceExists(host, addr(a), OWNER_CAP),
  ]),
  view('get_pool_address_for_owner', ['address'], ['address'], (host, _t, [a]) => [
    ownedPool(host, addr(a)),
  ]),
  view('get_validator_index', ['address'], ['u64'], (host, _t, [a]) => {
    assertPool(host, addr(a));
    return [(borrowResource(host, addr(a), VALIDATOR_CONFIG) as Value[])[3] as Value];
  }),
  view('get_current_epoch_proposal_counts', ['u64'], ['u64', 'u64'], (host, _t, [i]) => {
    const perf = borrowResource(
      host,
      FRAMEWORK_ADDRESS,
      '0x1::stake::ValidatorPerformance',
    ) as Value[];
    const entry = (perf[0] as Value[][])[Number(u64(i))];
    if (entry === undefined)
      throw new Error(
        '0x1::stake::get_current_epoch_proposal_counts: no ValidatorPerformance is ever written here',
      );
    return [entry[0] as Value, entry[1] as Value];
  }),
  view(
    'get_validator_config',
    ['address'],
    ['vector<u8>', 'vector<u8>', 'vector<u8>'],
    (host, _t, [a]) => {
      assertPool(host, addr(a));
      const c = borrowResource(host, addr(a), VALIDATOR_CONFIG) as Value[];
      return [c[0] as Value, c[1] as Value, c[2] as Value];
    },
  ),
  view('stake_pool_exists', ['address'], ['bool'], (host, _t, [a]) => [poolExists(host, addr(a))]),
  view('get_pending_transaction_fee', [], ['vector<u64>'], (host) => {
    borrowResource(host, FRAMEWORK_ADDRESS, '0x1::stake::PendingTransactionFee');
    return governanceOnly('0x1::stake::get_pending_transaction_fee');
  }),
  fn('remove_validators', { params: ['&signer', '&vector<address>'] }, (host, _t, [s]) => {
    assertNoReconfig(host);
    assertFramework(s);
    return frameworkSignerOnly('0x1::stake::remove_validators');
  }),
  gated('stake', 'initialize_pending_transaction_fee', ['&signer']),
  gated('stake', 'set_transaction_fee_limit_per_epoch_per_pool', ['&signer', 'u64']),
  gated('stake', 'set_transaction_fee_config', ['&signer', '0x1::stake::TransactionFeeConfig']),
  gated('stake', 'configure_allowed_validators', ['&signer', 'vector<address>']),
  fn(
    'initialize_stake_owner',
    { params: ['&signer', 'u64', 'address', 'address'], isEntry: true },
    (host, _t, [s, amount, operator, voter]) => {
      const signer = must(s);
      const address = signerAddress(signer);
      initializeOwner(host, signer);
      writeResource(host, address, VALIDATOR_CONFIG, [[], [], [], 0n]);
      if (u64(amount) > 0n)
        addStakeWithCap(host, ownedPool(host, address), withdrawCoin(host, signer, u64(amount)));
      if (address !== operator) setOperatorWithCap(host, ownedPool(host, address), addr(operator));
      if (address !== voter) setVoterWithCap(host, ownedPool(host, address), addr(voter));
      return [];
    },
  ),
  fn(
    'initialize_validator',
    { params: ['&signer', 'vector<u8>', 'vector<u8>', 'vector<u8>', 'vector<u8>'], isEntry: true },
    (host, _t, [s, pk, pop, network, fullnode]) => {
      assertPop(host, must(pk), must(pop));
      initializeOwner(host, must(s));
      writeResource(host, signerAddress(must(s)), VALIDATOR_CONFIG, [
        must(pk),
        must(network),
        must(fullnode),
        0n,
      ]);
      return [];
    },
  ),
  fn('extract_owner_cap', { params: ['&signer'], returns: [OWNER_CAP] }, (host, _t, [s]) => {
    const address = signerAddress(must(s));
    ownedPool(host, address);
    return [removeResource(host, address, OWNER_CAP)];
  }),
  fn('deposit_owner_cap', { params: ['&signer', OWNER_CAP] }, (host, _t, [s, cap]) => {
    const address = signerAddress(must(s));
    if (resourceExists(host, address, OWNER_CAP))
      fail('stake', 'EOWNER_CAP_ALREADY_EXISTS', CATEGORY.notFound);
    writeResource(host, address, OWNER_CAP, must(cap));
    return [];
  }),
  fn('destroy_owner_cap', { params: [OWNER_CAP] }, () => []),
  owner('set_operator', ['address'], (host, pool, [op]) =>
    setOperatorWithCap(host, pool, addr(op)),
  ),
  fn('set_operator_with_cap', { params: [CAP, 'address'] }, (host, _t, [cap, op]) => {
    setOperatorWithCap(host, capPool(cap), addr(op));
    return [];
  }),
  owner('set_delegated_voter', ['address'], (host, pool, [v]) =>
    setVoterWithCap(host, pool, addr(v)),
  ),
  fn('set_delegated_voter_with_cap', { params: [CAP, 'address'] }, (host, _t, [cap, v]) => {
    setVoterWithCap(host, capPool(cap), addr(v));
    return [];
  }),
  fn('add_stake', { params: ['&signer', 'u64'], isEntry: true }, (host, _t, [s, amount]) => {
    const pool = ownedPool(host, signerAddress(must(s)));
    addStakeWithCap(host, pool, withdrawCoin(host, must(s), u64(amount)));
    return [];
  }),
  fn('add_stake_with_cap', { params: [CAP, COIN_APT] }, (host, _t, [cap, coins]) => {
    addStakeWithCap(host, capPool(cap), must(coins));
    return [];
  }),
  owner(
    'reactivate_stake',
    ['u64'],
    (host, pool, [amount]) => reactivateWithCap(host, pool, u64(amount)),
    true,
  ),
  fn('reactivate_stake_with_cap', { params: [CAP, 'u64'] }, (host, _t, [cap, amount]) => {
    reactivateWithCap(host, capPool(cap), u64(amount));
    return [];
  }),
  fn(
    'rotate_consensus_key',
    { params: ['&signer', 'address', 'vector<u8>', 'vector<u8>'], isEntry: true },
    (host, _t, [s, a, pk, pop]) => {
      const pool = addr(a);
      const old = operatorConfig(host, must(s), pool)[0] as Value;
      assertPop(host, must(pk), must(pop));
      updateResource(host, pool, VALIDATOR_CONFIG, (c) => {
        c[0] = must(pk);
      });
      event(host, 'RotateConsensusKey', [pool, old, must(pk)]);
      return [];
    },
  ),
  fn(
    'update_network_and_fullnode_addresses',
    { params: ['&signer', 'address', 'vector<u8>', 'vector<u8>'], isEntry: true },
    (host, _t, [s, a, network, fullnode]) => {
      const pool = addr(a);
      const old = operatorConfig(host, must(s), pool);
      updateResource(host, pool, VALIDATOR_CONFIG, (c) => {
        c[1] = must(network);
        c[2] = must(fullnode);
      });
      event(host, 'UpdateNetworkAndFullnodeAddresses', [
        pool,
        old[1] as Value,
        must(network),
        old[2] as Value,
        must(fullnode),
      ]);
      return [];
    },
  ),
  owner('increase_lockup', [], (host, pool) => increaseLockupWithCap(host, pool)),
  fn('increase_lockup_with_cap', { params: [CAP] }, (host, _t, [cap]) => {
    increaseLockupWithCap(host, capPool(cap));
    return [];
  }),
  fn('join_validator_set', { params: ['&signer', 'address'], isEntry: true }, (host) => {
    stakingConfig(host);
    return governanceOnly('0x1::stake::join_validator_set');
  }),
  owner('unlock', ['u64'], (host, pool, [amount]) => unlockWithCap(host, pool, u64(amount)), true),
  fn('unlock_with_cap', { params: ['u64', CAP] }, (host, _t, [amount, cap]) => {
    unlockWithCap(host, capPool(cap), u64(amount));
    return [];
  }),
  owner('withdraw', ['u64'], (host, pool, [amount], s) => {
    depositCoin(host, signerAddress(s), withdrawWithCap(host, pool, u64(amount)));
  }),
  fn(
    'withdraw_with_cap',
    { params: [CAP, 'u64'], returns: [COIN_APT] },
    (host, _t, [cap, amount]) => [withdrawWithCap(host, capPool(cap), u64(amount))],
  ),
  fn('leave_validator_set', { params: ['&signer', 'address'], isEntry: true }, (host) => {
    assertNoReconfig(host);
    stakingConfig(host);
    return governanceOnly('0x1::stake::leave_validator_set');
  }),
  fn('is_current_epoch_validator', { params: ['address'], returns: ['bool'] }, (host, _t, [a]) => {
    assertPool(host, addr(a));
    return [isCurrentValidator(host, addr(a))];
  }),
  fn(
    'cur_validator_consensus_infos',
    { params: [], returns: ['vector<0x1::validator_consensus_info::ValidatorConsensusInfo>'] },
    (host) => {
      borrowResource(host, FRAMEWORK_ADDRESS, VALIDATOR_SET);
      return governanceOnly('0x1::stake::cur_validator_consensus_infos');
    },
  ),
  fn(
    'next_validator_consensus_infos',
    { params: [], returns: ['vector<0x1::validator_consensus_info::ValidatorConsensusInfo>'] },
    () => fail('stake', 'EDEPRECATED', CATEGORY.unavailable),
  ),
]);
