/**
 * The error constants of the `0x1` system and configuration modules (`system/*.ts`), written
 * from their sources (devnet's framework of 2026-07-16): name, value and doc comment, as a node's
 * error map prints them in `vm_status`.
 */
import { abortIn } from '../../vmState.ts';

const TABLE = `
0x1::system_addresses
ENOT_CORE_RESOURCE_ADDRESS 0x1 The address/account did not correspond to the core resource address
EVM 0x2 The operation can only be performed by the VM
ENOT_APTOS_FRAMEWORK_ADDRESS 0x3 The address/account did not correspond to the core framework address
ENOT_FRAMEWORK_RESERVED_ADDRESS 0x4 The address is not framework reserved address
0x1::chain_status
ENOT_OPERATING 0x1 The blockchain is not in the operating status.
ENOT_GENESIS 0x2 The blockchain is not in the genesis status.
0x1::config_buffer
ESTD_SIGNER_NEEDED 0x1 Config buffer operations failed with permission denied.
EDEPRECATED 0x2 Function is deprecated.
0x1::reconfiguration
ECONFIGURATION 0x1 The \`Configuration\` resource is in an invalid state
ECONFIG 0x2 A \`Reconfiguration\` resource is in an invalid state
EMODIFY_CAPABILITY 0x3 A \`ModifyConfigCapability\` is in a different state than was expected
EINVALID_BLOCK_TIME 0x4 An invalid block time was encountered.
EINVALID_GUID_FOR_EVENT 0x5 An invalid block time was encountered.
0x1::block
ENUM_NEW_BLOCK_EVENTS_DOES_NOT_MATCH_BLOCK_HEIGHT 0x1 The number of new block events does not equal the current block height.
EINVALID_PROPOSER 0x2 An invalid proposer was provided. Expected the proposer to be the VM or an active validator.
EZERO_EPOCH_INTERVAL 0x3 Epoch interval cannot be 0.
EZERO_MAX_CAPACITY 0x3 The maximum capacity of the commit history cannot be 0.
0x1::jwks
EUNEXPECTED_EPOCH 0x1
EUNEXPECTED_VERSION 0x2
EUNKNOWN_PATCH_VARIANT 0x3
EUNKNOWN_JWK_VARIANT 0x4
EISSUER_NOT_FOUND 0x5
EJWK_ID_NOT_FOUND 0x6
EINSTALL_FEDERATED_JWKS_AT_APTOS_FRAMEWORK 0x7
EFEDERATED_JWKS_TOO_LARGE 0x8
EINVALID_FEDERATED_JWK_SET 0x9
0x1::keyless_account
E_TRAINING_WHEELS_PK_WRONG_SIZE 0x1 The training wheels PK needs to be 32 bytes long.
E_INVALID_BN254_G1_SERIALIZATION 0x2 A serialized BN254 G1 point is invalid.
E_INVALID_BN254_G2_SERIALIZATION 0x3 A serialized BN254 G2 point is invalid.
E_KEYLESS_ACCOUNT_DK_ALREADY_BACKED_UP 0x4 A DK has already been backed up for this keyless account. Please call \`confidential_asset::register_raw\` instead
  with the corresponding EK.
E_NOT_KEYLESS_BACKUP_ACCOUNT 0x5 The account's authentication key does not match the multi-key derived from the provided keyless public key
  and Ed25519 backup public key. Indicates this is not a keyless+Ed25519-backup account.
E_NOT_KEYLESS_PUBLIC_KEY 0x6 The supplied \`keyless_public_key\` is not a \`Keyless\` or \`FederatedKeyless\` single-key variant.
0x1::storage_slot
ESTORAGE_SLOT_NATIVES_NOT_ENABLED 0x1 Storage slot natives are not enabled.
ESTORAGE_SLOT_NOT_FOUND 0x2 Resource under storage slot not found, this should never happen.
  Emitted by native functions.
0x1::storage_slot_or_inline
ESTORAGE_SLOT_INCORRECTLY_IN_TRANSIENT_STATE 0x1 StorageSlotOrInline found in inconsistent (transient) state, should never happen.
0x1::permissioned_signer
EPERMISSION_SIGNER_DISABLED 0x9 Permissioned signer feature is not activated.
0x1::dkg
EDKG_IN_PROGRESS 0x1
EDKG_NOT_IN_PROGRESS 0x2
0x1::chunky_dkg
ECHUNKY_DKG_IN_PROGRESS 0x1
ECHUNKY_DKG_NOT_IN_PROGRESS 0x2
0x1::aggregator
EAGGREGATOR_OVERFLOW 0x1 The value of aggregator overflows. Raised by native code.
EAGGREGATOR_UNDERFLOW 0x2 The value of aggregator underflows (goes below zero). Raised by native code.
ENOT_SUPPORTED 0x3 Aggregator feature is not supported. Raised by native code.
0x1::optional_aggregator
EAGGREGATOR_OVERFLOW 0x1 The value of aggregator underflows (goes below zero). Raised by native code.
EAGGREGATOR_UNDERFLOW 0x2 Aggregator feature is not supported. Raised by native code.
ESWITCH_DEPRECATED 0x3 OptionalAggregator (Agg V1) switch not supported any more.
0x1::aggregator_factory
EAGGREGATOR_FACTORY_NOT_FOUND 0x1 Aggregator factory is not published yet.
EAGG_V1_LIMIT_DEPRECATED 0x2 Aggregator V1 only supports limit == MAX_U128.
0x1::gas_schedule
EINVALID_GAS_SCHEDULE 0x1 The provided gas schedule bytes are empty or invalid
EINVALID_GAS_FEATURE_VERSION 0x2
EINVALID_GAS_SCHEDULE_HASH 0x3
0x1::consensus_config
EINVALID_CONFIG 0x1 The provided on chain config bytes are empty or invalid
0x1::execution_config
EINVALID_CONFIG 0x1 The provided on chain config bytes are empty or invalid
0x1::version
EINVALID_MAJOR_VERSION_NUMBER 0x1 Specified major version number must be greater than current version number.
ENOT_AUTHORIZED 0x2 Account is not authorized to make this change.
0x1::randomness_config
EINVALID_CONFIG_VARIANT 0x1
0x1::jwk_consensus_config
EDUPLICATE_PROVIDERS 0x1 \`ConfigV1\` creation failed with duplicated providers given.
0x1::object_code_deployment
EOBJECT_CODE_DEPLOYMENT_NOT_SUPPORTED 0x1 Object code deployment feature not supported.
ENOT_CODE_OBJECT_OWNER 0x2 Not the owner of the \`code_object\`
ECODE_OBJECT_DOES_NOT_EXIST 0x3 \`code_object\` does not exist.
0x1::nonce_validation
E_NONCE_HISTORY_DOES_NOT_EXIST 0x3e9
ETRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE 0x3ea
0x1::transaction_validation
EOUT_OF_GAS 0x6 Transaction exceeded its allocated max gas
EPERMISSIONED_SIGNER_REMOVED 0x7 The permissioned signer feature has been removed.
0x1::reconfiguration_state
ERECONFIG_NOT_IN_PROGRESS 0x1
0x1::storage_gas
ESTORAGE_GAS_CONFIG 0x0
ESTORAGE_GAS 0x1
EINVALID_GAS_RANGE 0x2
EZERO_TARGET_USAGE 0x3
ETARGET_USAGE_TOO_BIG 0x4
EINVALID_MONOTONICALLY_NON_DECREASING_CURVE 0x5
EINVALID_POINT_RANGE 0x6
0x1::epoch_timeout_config
E_GRACE_PERIOD_MUST_BE_POSITIVE 0x1 \`new_with_grace_period(0)\` is disallowed: a zero grace period would cause
  the watchdog to fire in the same block prologue that triggers reconfig,
  skipping DKG entirely. Use \`new_disabled()\` if you mean to disable the
  watchdog.
0x1::transaction_limits
ESTAKE_POOL_NOT_FOUND 0x1 No stake pool exists at the specified address.
ENOT_STAKE_POOL_OWNER 0x2 Fee payer is not the owner of the specified stake pool.
ENOT_DELEGATED_VOTER 0x3 Fee payer is not the delegated voter of the specified stake pool.
EDELEGATION_POOL_NOT_FOUND 0x4 No delegation pool exists at the specified address.
EINSUFFICIENT_STAKE 0x5 Committed stake is insufficient for the requested multiplier tier.
ETHRESHOLDS_NOT_MONOTONIC 0x6 Config tiers are not monotonically ordered.
EINVALID_MULTIPLIER 0x7 Multiplier must be > 100 (> 1x).
EMULTIPLIER_NOT_AVAILABLE 0x8 Requested multiplier is not available in any configured tier.
EPOOL_NOT_IN_VALIDATOR_SET 0x9 Stake pool is not in the current-epoch validator set.
EVECTOR_LENGTH_MISMATCH 0xa Min-stakes and multipliers vectors have different lengths.
0x1::sui_derivable_account
EMISSING_ENTRY_FUNCTION_PAYLOAD 0x1 Entry function payload is missing.
EINVALID_SIGNATURE_TYPE 0x2 Invalid signature type.
EINVALID_SIGNING_SCHEME_TYPE 0x3 Invalid signing scheme type.
EINVALID_SIGNATURE_LENGTH 0x4 Invalid signature length.
EINVALID_SIGNATURE 0x5 Invalid signature.
EINVALID_PUBLIC_KEY 0x6 Invalid public key.
EACCOUNT_ADDRESS_MISMATCH 0x7 Account address mismatch.
EMALFORMED_DATA 0x8 Malformed data with trailing bytes.
EDEPRECATED 0x9 Function is deprecated and should not be called.
0x1::transaction_context
ETRANSACTION_CONTEXT_NOT_AVAILABLE 0x1 Transaction context is only available in the user transaction prologue, execution, or epilogue phases.
ETRANSACTION_CONTEXT_EXTENSION_NOT_ENABLED 0x2 The transaction context extension feature is not enabled.
EMONOTONICALLY_INCREASING_COUNTER_OVERFLOW 0x4 The monotonically increasing counter has overflowed (too many calls in a single session).
ETRANSACTION_INDEX_NOT_AVAILABLE 0x5 Transaction index is not avaulable in this execution context.
0x1::transaction_fee
EALREADY_COLLECTING_FEES 0x1 Gas fees are already being collected and the struct holding
  information about collected amounts is already published.
EINVALID_BURN_PERCENTAGE 0x3 The burn percentage is out of range [0, 100].
ENO_LONGER_SUPPORTED 0x4 No longer supported.
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

/** `std::error`'s categories. */
export const CATEGORY = {
  invalidArgument: 0x1,
  outOfRange: 0x2,
  invalidState: 0x3,
  permissionDenied: 0x5,
  notFound: 0x6,
  alreadyExists: 0x8,
  notImplemented: 0xc,
  unavailable: 0xd,
} as const;

/**
 * Aborts in `0x1::<module>` with `category`'s code for the constant `name` (`category` 0 for a
 * bare `abort NAME`).
 */
export function fail(module: string, name: string, category = 0): never {
  const error = ERRORS.get(`0x1::${module}::${name}`);
  if (error === undefined) throw new Error(`no error ${name} in 0x1::${module}`);
  return abortIn(module, (BigInt(category) << 16n) | error.value, name, error.doc);
}
