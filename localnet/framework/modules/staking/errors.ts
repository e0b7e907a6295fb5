/**
 * The error constants of the staking and governance modules (`staking/*.ts`), written from their
 * sources (devnet's framework of 2026-07-16): name, value and doc comment, as a node's error map
 * prints them in `vm_status`.
 */
import { abortIn } from '../../vmState.ts';

const TABLE = `
0x1::stake
EVALIDATOR_CONFIG 0x1 Validator Config not published.
ESTAKE_TOO_LOW 0x2 Not enough stake to join validator set.
ESTAKE_TOO_HIGH 0x3 Too much stake to join validator set.
EALREADY_ACTIVE_VALIDATOR 0x4 Account is already a validator or pending validator.
ENOT_VALIDATOR 0x5 Account is not a validator.
ELAST_VALIDATOR 0x6 Can't remove last validator.
ESTAKE_EXCEEDS_MAX 0x7 Total stake exceeds maximum allowed.
EALREADY_REGISTERED 0x8 Account is already registered as a validator candidate.
ENOT_OPERATOR 0x9 Account does not have the right operator capability.
ENO_POST_GENESIS_VALIDATOR_SET_CHANGE_ALLOWED 0xa Validators cannot join or leave post genesis on this test network.
EINVALID_PUBLIC_KEY 0xb Invalid consensus public key
EVALIDATOR_SET_TOO_LARGE 0xc Validator set exceeds the limit
EVOTING_POWER_INCREASE_EXCEEDS_LIMIT 0xd Voting power increase has exceeded the limit for this current epoch.
ESTAKE_POOL_DOES_NOT_EXIST 0xe Stake pool does not exist at the provided pool address.
EOWNER_CAP_NOT_FOUND 0xf Owner capability does not exist at the provided account.
EOWNER_CAP_ALREADY_EXISTS 0x10 An account cannot own more than one owner capability.
EINELIGIBLE_VALIDATOR 0x11 Validator is not defined in the ACL of entities allowed to be validators
EINVALID_LOCKUP 0x12 Cannot update stake pool's lockup to earlier than current lockup.
EFEES_TABLE_ALREADY_EXISTS 0x13 Table to store collected transaction fees for each validator already exists.
ERECONFIGURATION_IN_PROGRESS 0x14 Validator set change temporarily disabled because of in-progress reconfiguration. Please retry after 1 minute.
ETRANSACTION_FEE_NOT_FULLY_DISTRIBUTED 0x1d Transaction fee is not fully distributed at epoch ending.
EDEPRECATED 0x1e Deprecated function call.
EPERMISSIONED_SIGNER_REMOVED 0x1f The permissioned signer feature has been removed.
0x1::staking_config
EZERO_LOCKUP_DURATION 0x1 Stake lockup duration cannot be zero.
EZERO_REWARDS_RATE_DENOMINATOR 0x2 Reward rate denominator cannot be zero.
EINVALID_STAKE_RANGE 0x3 Specified stake range is invalid. Max must be greater than min.
EINVALID_VOTING_POWER_INCREASE_LIMIT 0x4 The voting power increase limit percentage must be within (0, 50].
EINVALID_REWARDS_RATE 0x5 Specified rewards rate is invalid, which must be within [0, MAX_REWARDS_RATE].
EINVALID_MIN_REWARDS_RATE 0x6 Specified min rewards rate is invalid, which must be within [0, rewards_rate].
EINVALID_LAST_REWARDS_RATE_PERIOD_START 0x7 Specified start time of last rewards rate period is invalid, which must be not late than the current timestamp.
EINVALID_REWARDS_RATE_DECREASE_RATE 0x8 Specified rewards rate decrease rate is invalid, which must be not greater than BPS_DENOMINATOR.
EINVALID_REWARDS_RATE_PERIOD 0x9 Specified rewards rate period is invalid. It must be larger than 0 and cannot be changed if configured.
EDEPRECATED_FUNCTION 0xa The function has been deprecated.
EDISABLED_FUNCTION 0xb The function is disabled or hasn't been enabled.
0x1::staking_proxy
EPERMISSIONED_SIGNER_REMOVED 0x1d The permissioned signer feature has been removed.
0x1::staking_contract
EINSUFFICIENT_STAKE_AMOUNT 0x1 Store amount must be at least the min stake required for a stake pool to join the validator set.
EINVALID_COMMISSION_PERCENTAGE 0x2 Commission percentage has to be between 0 and 100.
ENO_STAKING_CONTRACT_FOUND_FOR_STAKER 0x3 Staker has no staking contracts.
ENO_STAKING_CONTRACT_FOUND_FOR_OPERATOR 0x4 No staking contract between the staker and operator found.
ECANT_MERGE_STAKING_CONTRACTS 0x5 Staking contracts can't be merged.
ESTAKING_CONTRACT_ALREADY_EXISTS 0x6 The staking contract already exists and cannot be re-created.
EINSUFFICIENT_ACTIVE_STAKE_TO_WITHDRAW 0x7 Not enough active stake to withdraw. Some stake might still pending and will be active in the next epoch.
ENOT_STAKER_OR_OPERATOR_OR_BENEFICIARY 0x8 Caller must be either the staker, operator, or beneficiary.
EOPERATOR_BENEFICIARY_CHANGE_NOT_SUPPORTED 0x9 Changing beneficiaries for operators is not supported.
0x1::vesting
EINVALID_WITHDRAWAL_ADDRESS 0x1 Withdrawal address is invalid.
EEMPTY_VESTING_SCHEDULE 0x2 Vesting schedule cannot be empty.
EZERO_VESTING_SCHEDULE_PERIOD 0x3 Vesting period cannot be 0.
ENO_SHAREHOLDERS 0x4 Shareholders list cannot be empty.
ESHARES_LENGTH_MISMATCH 0x5 The length of shareholders and shares lists don't match.
EVESTING_START_TOO_SOON 0x6 Vesting cannot start before or at the current block timestamp. Has to be in the future.
ENOT_ADMIN 0x7 The signer is not the admin of the vesting contract.
EVESTING_CONTRACT_NOT_ACTIVE 0x8 Vesting contract needs to be in active state.
EVESTING_CONTRACT_STILL_ACTIVE 0x9 Admin can only withdraw from an inactive (paused or terminated) vesting contract.
EVESTING_CONTRACT_NOT_FOUND 0xa No vesting contract found at provided address.
EPENDING_STAKE_FOUND 0xb Cannot terminate the vesting contract with pending active stake. Need to wait until next epoch.
EZERO_GRANT 0xc Grant amount cannot be 0.
EVESTING_ACCOUNT_HAS_NO_ROLES 0xd Vesting account has no other management roles beside admin.
EROLE_NOT_FOUND 0xe The vesting account has no such management role.
EPERMISSION_DENIED 0xf Account is not admin or does not have the required role to take this action.
EVEC_EMPTY_FOR_MANY_FUNCTION 0x10 Zero items were provided to a *_many function.
EPERMISSIONED_SIGNER_REMOVED 0x12 The permissioned signer feature has been removed.
0x1::delegation_pool
EOWNER_CAP_NOT_FOUND 0x1 Delegation pool owner capability does not exist at the provided account.
EOWNER_CAP_ALREADY_EXISTS 0x2 Account is already owning a delegation pool.
EDELEGATION_POOL_DOES_NOT_EXIST 0x3 Delegation pool does not exist at the provided pool address.
EPENDING_WITHDRAWAL_EXISTS 0x4 There is a pending withdrawal to be executed before \`unlock\`ing any new stake.
EINVALID_COMMISSION_PERCENTAGE 0x5 Commission percentage has to be between 0 and \`MAX_FEE\` - 100%.
ENOT_ENOUGH_ACTIVE_STAKE_TO_UNLOCK 0x6 There is not enough \`active\` stake on the stake pool to \`unlock\`.
ESLASHED_INACTIVE_STAKE_ON_PAST_OLC 0x7 Slashing (if implemented) should not be applied to already \`inactive\` stake.
  Not only it invalidates the accounting of past observed lockup cycles (OLC),
  but is also unfair to delegators whose stake has been inactive before validator started misbehaving.
  Additionally, the inactive stake does not count on the voting power of validator.
EDELEGATOR_ACTIVE_BALANCE_TOO_LOW 0x8 Delegator's active balance cannot be less than \`MIN_COINS_ON_SHARES_POOL\`.
EDELEGATOR_PENDING_INACTIVE_BALANCE_TOO_LOW 0x9 Delegator's pending_inactive balance cannot be less than \`MIN_COINS_ON_SHARES_POOL\`.
EDELEGATION_POOLS_DISABLED 0xa Creating delegation pools is not enabled yet.
EWITHDRAW_ZERO_STAKE 0xb Cannot request to withdraw zero stake.
EDEPRECATED_FUNCTION 0xc Function is deprecated.
EDISABLED_FUNCTION 0xd The function is disabled or hasn't been enabled.
EPARTIAL_GOVERNANCE_VOTING_NOT_ENABLED 0xe Partial governance voting hasn't been enabled on this delegation pool.
EINSUFFICIENT_PROPOSER_STAKE 0xf The voter does not have sufficient stake to create a proposal.
ENO_VOTING_POWER 0x10 The voter does not have any voting power on this proposal.
EALREADY_VOTED_BEFORE_ENABLE_PARTIAL_VOTING 0x11 The stake pool has already voted on the proposal before enabling partial governance voting on this delegation pool.
ENOT_OPERATOR 0x12 The account is not the operator of the stake pool.
EOPERATOR_BENEFICIARY_CHANGE_NOT_SUPPORTED 0x13 Changing beneficiaries for operators is not supported.
ETOO_LARGE_COMMISSION_INCREASE 0x14 Commission percentage increase is too large.
ETOO_LATE_COMMISSION_CHANGE 0x15 Commission percentage change is too late in this lockup period, and should be done at least a quarter (1/4) of the lockup duration before the lockup cycle ends.
ECOMMISSION_RATE_CHANGE_NOT_SUPPORTED 0x16 Changing operator commission rate in delegation pool is not supported.
EDELEGATORS_ALLOWLISTING_NOT_SUPPORTED 0x17 Delegators allowlisting is not supported.
EDELEGATORS_ALLOWLISTING_NOT_ENABLED 0x18 Delegators allowlisting should be enabled to perform this operation.
EDELEGATOR_NOT_ALLOWLISTED 0x19 Cannot add/reactivate stake unless being allowlisted by the pool owner.
ECANNOT_EVICT_ALLOWLISTED_DELEGATOR 0x1a Cannot evict an allowlisted delegator, should remove them from the allowlist first.
ECANNOT_UNLOCK_NULL_SHAREHOLDER 0x1b Cannot unlock the accumulated active stake of NULL_SHAREHOLDER(0x0).
ECAN_NO_LONGER_SET_DELEGATED_VOTER 0x1d Use delegator voting flow instead. Delegation pools can no longer specify a single delegated voter.
EPERMISSIONED_SIGNER_REMOVED 0x1e The permissioned signer feature has been removed.
0x1::voting
EPROPOSAL_EXECUTION_HASH_NOT_MATCHING 0x1 Current script's execution hash does not match the specified proposal's
EPROPOSAL_CANNOT_BE_RESOLVED 0x2 Proposal cannot be resolved. Either voting duration has not passed, not enough votes, or fewer yes than no votes
EPROPOSAL_ALREADY_RESOLVED 0x3 Proposal cannot be resolved more than once
EPROPOSAL_EMPTY_EXECUTION_HASH 0x4 Proposal cannot contain an empty execution script hash
EPROPOSAL_VOTING_ALREADY_ENDED 0x5 Proposal's voting period has already ended.
EVOTING_FORUM_ALREADY_REGISTERED 0x6 Voting forum has already been registered.
EINVALID_MIN_VOTE_THRESHOLD 0x7 Minimum vote threshold cannot be higher than early resolution threshold.
ERESOLUTION_CANNOT_BE_ATOMIC 0x8 Resolution of a proposal cannot happen atomically in the same transaction as the last vote.
EMULTI_STEP_PROPOSAL_IN_EXECUTION 0x9 Cannot vote if the specified multi-step proposal is in execution.
EMULTI_STEP_PROPOSAL_CANNOT_USE_SINGLE_STEP_RESOLVE_FUNCTION 0xa If a proposal is multi-step, we need to use \`resolve_proposal_v2()\` to resolve it.
  If we use \`resolve()\` to resolve a multi-step proposal, it will fail with EMULTI_STEP_PROPOSAL_CANNOT_USE_SINGLE_STEP_RESOLVE_FUNCTION.
ESINGLE_STEP_PROPOSAL_CANNOT_HAVE_NEXT_EXECUTION_HASH 0xb If we call \`resolve_proposal_v2()\` to resolve a single-step proposal, the \`next_execution_hash\` parameter should be an empty vector.
EPROPOSAL_IS_SINGLE_STEP 0xc Cannot call \`is_multi_step_proposal_in_execution()\` on single-step proposals.
EPERMISSIONED_SIGNER_REMOVED 0xe The permissioned signer feature has been removed.
0x1::aptos_governance
EINSUFFICIENT_PROPOSER_STAKE 0x1 The specified stake pool does not have sufficient stake to create a proposal
ENOT_DELEGATED_VOTER 0x2 This account is not the designated voter of the specified stake pool
EINSUFFICIENT_STAKE_LOCKUP 0x3 The specified stake pool does not have long enough remaining lockup to create a proposal or vote
EALREADY_VOTED 0x4 The specified stake pool has already been used to vote on the same proposal
ENO_VOTING_POWER 0x5 The specified stake pool must be part of the validator set
EPROPOSAL_NOT_RESOLVABLE_YET 0x6 Proposal is not ready to be resolved. Waiting on time or votes
EPROPOSAL_NOT_RESOLVED_YET 0x8 The proposal has not been resolved yet
EMETADATA_LOCATION_TOO_LONG 0x9 Metadata location cannot be longer than 256 chars
EMETADATA_HASH_TOO_LONG 0xa Metadata hash cannot be longer than 256 chars
EUNAUTHORIZED 0xb Account is not authorized to call this function.
EVOTING_POWER_OVERFLOW 0xc The stake pool is using voting power more than it has.
EPARTIAL_VOTING_NOT_INITIALIZED 0xd Partial voting feature hasn't been properly initialized.
ENOT_PARTIAL_VOTING_PROPOSAL 0xe The proposal in the argument is not a partial voting proposal.
EPROPOSAL_EXPIRED 0xf The proposal has expired.
EPERMISSIONED_SIGNER_REMOVED 0x11 The permissioned signer feature has been removed.

`;

const ERRORS = new Map<string, { value: bigint; doc: string }>();
let current = '';
let last: { value: bigint; doc: string } | undefined;
for (const line of TABLE.split('\n')) {
  if (line.startsWith('0x1::')) current = line;
  else if (line.startsWith('  ') && last !== undefined) last.doc = `${last.doc}\n${line.slice(2)}`;
  else if (line !== '') {
    const [name = '', value = '0', ...doc] = line.split(' ');
    last = { value: BigInt(value), doc: doc.join(' ') };
    ERRORS.set(`${current}::${name}`, last);
  }
}

/** Aborts in `0x1::<module>` with `category`'s code (`std::error`) for the constant `name`. */
export function fail(module: string, name: string, category = 0): never {
  const error = ERRORS.get(`0x1::${module}::${name}`);
  if (error === undefined) throw new Error(`no error ${name} in 0x1::${module}`);
  return abortIn(module, (BigInt(category) << 16n) | error.value, name, error.doc);
}
