/**
 * `0x1::aptos_governance` on the VM's own values, as aptos_governance.move writes it. Genesis here
 * does not run aptos_governance::initialize (no GovernanceConfig, VotingRecords(V2),
 * ApprovedExecutionHashes or governance forum at 0x1), so each function answers as the source
 * does on that state, after the checks it makes first: the delegated voter (ENOT_DELEGATED_VOTER),
 * the framework or core-resources signer, EPARTIAL_VOTING_NOT_INITIALIZED, then MISSING_DATA.
 */
import type { LongAddress } from '../../../encoding.ts';
import { must } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import { borrowResource, resourceExists, signerAddress, ty } from '../../vmState.ts';
import { gated } from '../system/gate.ts';
import { assertCoreResource } from '../system/systemAddresses.ts';
import { fail } from './errors.ts';
import { CATEGORY, governanceOnly, stakingConfig, stakingModule } from './shared.ts';

const M = 'aptos_governance';
const PROPOSAL = ty('0x1::governance_proposal::GovernanceProposal');
const addr = (v: Value | undefined) => must(v) as LongAddress;
const UNAUTHENTICATED = 0x4;

/** `borrow_global<T>(@aptos_framework)` of a resource aptos_governance::initialize writes. */
function initialized(host: NativeHost, name: string): never {
  borrowResource(host, FRAMEWORK_ADDRESS, `0x1::aptos_governance::${name}`);
  return governanceOnly(`0x1::aptos_governance::${name}`);
}

/** `stake::get_delegated_voter(stake_pool) == voter`, else ENOT_DELEGATED_VOTER. */
function assertVoter(host: NativeHost, voter: Value | undefined, pool: Value | undefined): void {
  const delegated = host.call(
    FRAMEWORK_ADDRESS,
    'stake',
    'get_delegated_voter',
    [],
    [addr(pool)],
  )[0];
  if (delegated !== signerAddress(must(voter)))
    fail(M, 'ENOT_DELEGATED_VOTER', CATEGORY.invalidArgument);
}

/** `assert_voting_initialization`. */
function assertPartialVoting(host: NativeHost): never {
  if (!resourceExists(host, FRAMEWORK_ADDRESS, '0x1::aptos_governance::VotingRecordsV2')) {
    fail(M, 'EPARTIAL_VOTING_NOT_INITIALIZED', CATEGORY.invalidState);
  }
  return governanceOnly('0x1::aptos_governance::VotingRecordsV2');
}

/** `create_proposal_v2_impl` to the GovernanceConfig it borrows. */
function propose(host: NativeHost, [proposer, pool]: Value[]): never {
  assertVoter(host, proposer, pool);
  return initialized(host, 'GovernanceConfig');
}

/** `vote_internal(voter, pool, …)`: the voter, then assert_proposal_expiration. */
function vote(host: NativeHost, voter: Value | undefined, pool: Value | undefined): void {
  assertVoter(host, voter, pool);
  assertPartialVoting(host);
}

/** `get_signer_testnet_only`: the core resources signer holding a mint capability. */
function testnetSigner(host: NativeHost, core: Value | undefined): never {
  assertCoreResource(core);
  const minter = host.call(
    FRAMEWORK_ADDRESS,
    'aptos_coin',
    'has_mint_capability',
    [],
    [must(core)],
  )[0];
  if (minter !== true) fail(M, 'EUNAUTHORIZED', UNAUTHENTICATED);
  return initialized(host, 'GovernanceResponsbility');
}

const PROPOSE = ['&signer', 'address', 'vector<u8>', 'vector<u8>', 'vector<u8>'];
const voting = (host: NativeHost, name: string, args: Value[]) =>
  host.call(FRAMEWORK_ADDRESS, 'voting', name, [PROPOSAL], [FRAMEWORK_ADDRESS, ...args]);

export const aptosGovernanceModule = stakingModule(
  M,
  [],
  [
    fn('grant_permission', { params: ['&signer', '&signer'] }, () =>
      fail(M, 'EPERMISSIONED_SIGNER_REMOVED', CATEGORY.unavailable),
    ),
    gated(M, 'store_signer_cap', ['&signer', 'address', '0x1::account::SignerCapability']),
    gated(M, 'update_governance_config', ['&signer', 'u128', 'u64', 'u64']),
    gated(M, 'initialize_partial_voting', ['&signer']),
    ...(
      [
        'get_voting_duration_secs',
        'get_min_voting_threshold',
        'get_required_proposer_stake',
      ] as const
    ).map((name) =>
      fn(
        name,
        {
          params: [],
          returns: [name === 'get_min_voting_threshold' ? 'u128' : 'u64'],
          isView: true,
        },
        (host) => initialized(host, 'GovernanceConfig'),
      ),
    ),
    fn(
      'has_entirely_voted',
      { params: ['address', 'u64'], returns: ['bool'], isView: true },
      (host) => initialized(host, 'VotingRecords'),
    ),
    fn(
      'get_remaining_voting_power',
      { params: ['address', 'u64'], returns: ['u64'], isView: true },
      (host) => assertPartialVoting(host),
    ),
    fn('assert_proposal_expiration', { params: ['address', 'u64'] }, (host) =>
      assertPartialVoting(host),
    ),
    fn('create_proposal', { params: PROPOSE, isEntry: true }, (host, _t, args) =>
      propose(host, args),
    ),
    fn('create_proposal_v2', { params: [...PROPOSE, 'bool'], isEntry: true }, (host, _t, args) =>
      propose(host, args),
    ),
    fn(
      'create_proposal_v2_impl',
      { params: [...PROPOSE, 'bool'], returns: ['u64'] },
      (host, _t, args) => propose(host, args),
    ),
    fn(
      'batch_vote',
      { params: ['&signer', 'vector<address>', 'u64', 'bool'], isEntry: true },
      (host, _t, [s, pools]) => {
        for (const pool of must(pools) as Value[]) vote(host, s, pool);
        return [];
      },
    ),
    fn(
      'batch_partial_vote',
      { params: ['&signer', 'vector<address>', 'u64', 'u64', 'bool'], isEntry: true },
      (host, _t, [s, pools]) => {
        for (const pool of must(pools) as Value[]) vote(host, s, pool);
        return [];
      },
    ),
    fn(
      'vote',
      { params: ['&signer', 'address', 'u64', 'bool'], isEntry: true },
      (host, _t, [s, pool]) => {
        vote(host, s, pool);
        return [];
      },
    ),
    fn(
      'partial_vote',
      { params: ['&signer', 'address', 'u64', 'u64', 'bool'], isEntry: true },
      (host, _t, [s, pool]) => {
        vote(host, s, pool);
        return [];
      },
    ),
    fn('add_approved_script_hash_script', { params: ['u64'], isEntry: true }, (host) =>
      initialized(host, 'ApprovedExecutionHashes'),
    ),
    fn('add_approved_script_hash', { params: ['u64'] }, (host) =>
      initialized(host, 'ApprovedExecutionHashes'),
    ),
    fn('resolve', { params: ['u64', 'address'], returns: ['signer'] }, (host, _t, [id]) => {
      voting(host, 'resolve', [must(id)]);
      return governanceOnly('0x1::aptos_governance::resolve');
    }),
    fn(
      'resolve_multi_step_proposal',
      { params: ['u64', 'address', 'vector<u8>'], returns: ['signer'] },
      (host, _t, [id, , next]) => {
        voting(host, 'resolve_proposal_v2', [must(id), must(next)]);
        return governanceOnly('0x1::aptos_governance::resolve_multi_step_proposal');
      },
    ),
    fn('remove_approved_hash', { params: ['u64'] }, (host, _t, [id]) => {
      voting(host, 'is_resolved', [must(id)]);
      return governanceOnly('0x1::aptos_governance::remove_approved_hash');
    }),
    gated(M, 'reconfigure', ['&signer'], { isEntry: true }),
    gated(M, 'force_end_epoch', ['&signer'], { isEntry: true }),
    fn('force_end_epoch_test_only', { params: ['&signer'], isEntry: true }, (host, _t, [s]) =>
      testnetSigner(host, s),
    ),
    gated(M, 'toggle_features', ['&signer', 'vector<u64>', 'vector<u64>']),
    fn(
      'get_signer_testnet_only',
      { params: ['&signer', 'address'], returns: ['signer'] },
      (host, _t, [s]) => testnetSigner(host, s),
    ),
    fn('get_voting_power', { params: ['address'], returns: ['u64'], isView: true }, (host) => {
      stakingConfig(host);
      return governanceOnly('0x1::aptos_governance::get_voting_power');
    }),
  ],
);
