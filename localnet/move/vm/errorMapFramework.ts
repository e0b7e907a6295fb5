/**
 * The error map of the `aptos_framework` modules this chain implements (`0x1`) and of the token
 * objects (`0x4`), in `errorMapStd.ts`'s format. Written from the framework sources of devnet's
 * release (aptos-core `aptos-move/framework/{aptos-framework,aptos-token-objects}/sources`).
 */
export const FRAMEWORK_ERRORS = `
0x1::account
ED25519_SCHEME 0x0 Scheme identifier for Ed25519 signatures used to derive authentication keys for Ed25519 public keys.
EACCOUNT_ALREADY_EXISTS 0x1 Account already exists
EACCOUNT_DOES_NOT_EXIST 0x2 Account does not exist
ESEQUENCE_NUMBER_TOO_BIG 0x3 Sequence number exceeds the maximum value for a u64
EMALFORMED_AUTHENTICATION_KEY 0x4 The provided authentication key has an invalid length
ECANNOT_RESERVED_ADDRESS 0x5 Cannot create account because address is reserved
EOUT_OF_GAS 0x6 Transaction exceeded its allocated max gas
EWRONG_CURRENT_PUBLIC_KEY 0x7 Specified current public key is not correct
EINVALID_PROOF_OF_KNOWLEDGE 0x8 Specified proof of knowledge required to prove ownership of a public key is invalid
ENO_CAPABILITY 0x9 The caller does not have a digital-signature-based capability to call this function
EINVALID_ACCEPT_ROTATION_CAPABILITY 0xa The caller does not have a valid rotation capability offer from the other account
ENO_VALID_FRAMEWORK_RESERVED_ADDRESS 0xb Address to create is not a valid reserved address for Aptos framework
EINVALID_SCHEME 0xc Specified scheme required to proceed with the smart contract operation - can only be ED25519_SCHEME(0) OR MULTI_ED25519_SCHEME(1)
EINVALID_ORIGINATING_ADDRESS 0xd Abort the transaction if the expected originating address is different from the originating address on-chain
ENO_SUCH_SIGNER_CAPABILITY 0xe The signer capability offer doesn't exist at the given address
ERESOURCE_ACCCOUNT_EXISTS 0xf An attempt to create a resource account on a claimed account
EACCOUNT_ALREADY_USED 0x10 An attempt to create a resource account on an account that has a committed transaction
EOFFERER_ADDRESS_DOES_NOT_EXIST 0x11 Offerer address doesn't exist
ENO_SUCH_ROTATION_CAPABILITY_OFFER 0x12 The specified rotation capability offer does not exist at the specified offerer address
ENO_SIGNER_CAPABILITY_OFFERED 0x13 The signer capability is not offered to any address
EEXCEEDED_MAX_GUID_CREATION_NUM 0x14 This account has exceeded the allocated GUIDs it can create. It should be impossible to reach this number for real applications.
ENEW_AUTH_KEY_ALREADY_MAPPED 0x15 The new authentication key already has an entry in the \`OriginatingAddress\` table
ENEW_AUTH_KEY_SAME_AS_CURRENT 0x16 The current authentication key and the new authentication key are the same
EUNRECOGNIZED_SCHEME 0x18 Specified scheme is not recognized. Should be ED25519_SCHEME(0), MULTI_ED25519_SCHEME(1), SINGLE_KEY_SCHEME(2), or MULTI_KEY_SCHEME(3).
ENOT_A_KEYLESS_PUBLIC_KEY 0x19 The provided public key is not a single Keyless public key
ENOT_THE_ORIGINAL_PUBLIC_KEY 0x1a The provided public key is not the original public key for the account
ESET_ORIGINATING_ADDRESS_DISABLED 0x1b The set_originating_address is disabled due to potential poisoning from account abstraction
EENCRYPTED_DK_TOO_LONG 0x1c The ciphertext being written into \`EncryptedDK\` exceeds \`MAX_ENCRYPTED_DK_BYTES\`.
EENCRYPTED_DK_NOT_FOUND 0x1d No \`EncryptedDK\` resource exists for the queried address.
EPERMISSIONED_SIGNER_REMOVED 0x1e The permissioned signer feature has been removed.
0x1::account_abstraction
EDISPATCHABLE_AUTHENTICATOR_IS_NOT_USED 0x1
EFUNCTION_INFO_EXISTENCE 0x2
EAUTH_FUNCTION_SIGNATURE_MISMATCH 0x3
EINCONSISTENT_SIGNER_ADDRESS 0x5
EDEPRECATED_FUNCTION 0x6
EDERIVABLE_AA_NOT_INITIALIZED 0x7
EACCOUNT_ABSTRACTION_NOT_ENABLED 0x8
EDERIVABLE_ACCOUNT_ABSTRACTION_NOT_ENABLED 0x9
0x1::aptos_account
EACCOUNT_NOT_FOUND 0x1 Account does not exist.
EACCOUNT_NOT_REGISTERED_FOR_APT 0x2 Account is not registered to receive APT.
EACCOUNT_DOES_NOT_ACCEPT_DIRECT_COIN_TRANSFERS 0x3 Account opted out of receiving coins that they did not register to receive.
EACCOUNT_DOES_NOT_ACCEPT_DIRECT_TOKEN_TRANSFERS 0x4 Account opted out of directly receiving NFT tokens.
EMISMATCHING_RECIPIENTS_AND_AMOUNTS_LENGTH 0x5 The lengths of the recipients and amounts lists don't match.
0x1::aptos_coin
ENO_CAPABILITIES 0x1 Account does not have mint capability
EALREADY_DELEGATED 0x2 Mint capability has already been delegated to this specified address
EDELEGATION_NOT_FOUND 0x3 Cannot find delegation of mint capability to this account
0x1::aggregator_v2
EAGGREGATOR_OVERFLOW 0x1 The value of aggregator overflows. Raised by uncoditional add() call
EAGGREGATOR_UNDERFLOW 0x2 The value of aggregator underflows (goes below zero). Raised by uncoditional sub() call
EUNSUPPORTED_AGGREGATOR_SNAPSHOT_TYPE 0x5 The generic type supplied to the aggregator snapshot is not supported.
EAGGREGATOR_API_V2_NOT_ENABLED 0x6 The aggregator api v2 feature flag is not enabled.
EUNSUPPORTED_AGGREGATOR_TYPE 0x7 The generic type supplied to the aggregator is not supported.
ECONCAT_STRING_LENGTH_TOO_LARGE 0x8 Arguments passed to concat exceed max limit of 1024 bytes (for prefix and suffix together).
EAGGREGATOR_FUNCTION_NOT_YET_SUPPORTED 0x9 The native aggregator function, that is in the move file, is not yet supported.
  and any calls will raise this error.
0x1::big_ordered_map
EKEY_ALREADY_EXISTS 0x1 Map key already exists
EKEY_NOT_FOUND 0x2 Map key is not found
EITER_OUT_OF_BOUNDS 0x3 Trying to do an operation on an IteratorPtr that would go out of bounds
EINVALID_CONFIG_PARAMETER 0xb The provided configuration parameter is invalid.
EMAP_NOT_EMPTY 0xc Map isn't empty
EARGUMENT_BYTES_TOO_LARGE 0xd Trying to insert too large of an (key, value) into the map.
EBORROW_MUT_REQUIRES_CONSTANT_VALUE_SIZE 0xe borrow_mut requires that key and value types have constant size
  (otherwise it wouldn't be able to guarantee size requirements are not violated)
  Use remove() + add() combo instead.
EKEY_BYTES_TOO_LARGE 0xf Trying to insert too large of a key into the map.
ECANNOT_USE_NEW_WITH_VARIABLE_SIZED_TYPES 0x10 Cannot use new/new_with_reusable with variable-sized types.
  Use \`new_with_type_size_hints()\` or \`new_with_config()\` instead if your types have variable sizes.
  \`new_with_config(0, 0, false)\` tries to work reasonably well for variety of sizes
  (allows keys or values of at least 5KB and 100x larger than the first inserted)
EINTERNAL_INVARIANT_BROKEN 0x14 Internal errors.
0x1::chain_status
ENOT_OPERATING 0x1 The blockchain is not in the operating status.
ENOT_GENESIS 0x2 The blockchain is not in the genesis status.
0x1::code
EMODULE_NAME_CLASH 0x1 Package contains duplicate module names with existing modules publised in other packages on this address
EUPGRADE_IMMUTABLE 0x2 Cannot upgrade an immutable package
EUPGRADE_WEAKER_POLICY 0x3 Cannot downgrade a package's upgradability policy
EMODULE_MISSING 0x4 Cannot delete a module that was published in the same package
EPACKAGE_DEP_MISSING 0x5 Dependency could not be resolved to any published package.
EDEP_WEAKER_POLICY 0x6 A dependency cannot have a weaker upgrade policy.
EDEP_ARBITRARY_NOT_SAME_ADDRESS 0x7 A dependency to an \`arbitrary\` package must be on the same address.
EINCOMPATIBLE_POLICY_DISABLED 0x8 Creating a package with incompatible upgrade policy is disabled.
ENOT_PACKAGE_OWNER 0x9 Not the owner of the package registry.
ECODE_OBJECT_DOES_NOT_EXIST 0xa \`code_object\` does not exist.
EPERMISSIONED_SIGNER_REMOVED 0xc The permissioned signer feature has been removed.
0x1::coin
ECOIN_INFO_ADDRESS_MISMATCH 0x1 Address of account which is used to initialize a coin \`CoinType\` doesn't match the deployer of module
ECOIN_INFO_ALREADY_PUBLISHED 0x2 \`CoinType\` is already initialized as a coin
ECOIN_INFO_NOT_PUBLISHED 0x3 \`CoinType\` hasn't been initialized as a coin
ECOIN_STORE_ALREADY_PUBLISHED 0x4 Deprecated. Account already has \`CoinStore\` registered for \`CoinType\`
ECOIN_STORE_NOT_PUBLISHED 0x5 Account hasn't registered \`CoinStore\` for \`CoinType\`
EINSUFFICIENT_BALANCE 0x6 Not enough coins to complete transaction
EDESTRUCTION_OF_NONZERO_TOKEN 0x7 Cannot destroy non-zero coins
EFROZEN 0xa CoinStore is frozen. Coins cannot be deposited or withdrawn
ECOIN_SUPPLY_UPGRADE_NOT_SUPPORTED 0xb Cannot upgrade the total supply of coins to different implementation.
ECOIN_NAME_TOO_LONG 0xc Name of the coin is too long
ECOIN_SYMBOL_TOO_LONG 0xd Symbol of the coin is too long
EAGGREGATABLE_COIN_VALUE_TOO_LARGE 0xe The value of aggregatable coin used for transaction fees redistribution does not fit in u64.
EPAIRED_COIN 0xf Error regarding paired coin type of the fungible asset metadata.
EPAIRED_FUNGIBLE_ASSET 0x10 Error regarding paired fungible asset metadata of a coin type.
ECOIN_TYPE_MISMATCH 0x11 The coin type from the map does not match the calling function type argument.
ECOIN_TO_FUNGIBLE_ASSET_FEATURE_NOT_ENABLED 0x12 The feature of migration from coin to fungible asset is not enabled.
EPAIRED_FUNGIBLE_ASSET_REFS_NOT_FOUND 0x13 PairedFungibleAssetRefs resource does not exist.
EMINT_REF_RECEIPT_MISMATCH 0x14 The MintRefReceipt does not match the MintRef to be returned.
EMINT_REF_NOT_FOUND 0x15 The MintRef does not exist.
ETRANSFER_REF_RECEIPT_MISMATCH 0x16 The TransferRefReceipt does not match the TransferRef to be returned.
ETRANSFER_REF_NOT_FOUND 0x17 The TransferRef does not exist.
EBURN_REF_RECEIPT_MISMATCH 0x18 The BurnRefReceipt does not match the BurnRef to be returned.
EBURN_REF_NOT_FOUND 0x19 The BurnRef does not exist.
EMIGRATION_FRAMEWORK_NOT_ENABLED 0x1a The migration process from coin to fungible asset is not enabled yet.
ECOIN_CONVERSION_MAP_NOT_FOUND 0x1b The coin converison map is not created yet.
EAPT_PAIRING_IS_NOT_ENABLED 0x1c APT pairing is not eanbled yet.
ECOIN_DECIMALS_TOO_LARGE 0x1d The decimals of the coin is too large.
0x1::dispatchable_fungible_asset
ESTORE_NOT_FOUND 0x1 TransferRefStore doesn't exist on the fungible asset type.
EAMOUNT_MISMATCH 0x2 Recipient is not getting the guaranteed value;
ENOT_LOADED 0x4 Dispatch target is not loaded.
0x1::event
ECANNOT_CREATE_EVENT 0x1 An event cannot be created. This error is returned by native implementations when
  - The type tag for event is too deeply nested.
0x1::function_info
EINVALID_IDENTIFIER 0x1 String is not a valid Move identifier
EINVALID_FUNCTION 0x2 Function specified in the FunctionInfo doesn't exist on chain.
0x1::fungible_asset
EAMOUNT_CANNOT_BE_ZERO 0x1 Amount cannot be zero.
ETRANSFER_REF_AND_FUNGIBLE_ASSET_MISMATCH 0x2 The transfer ref and the fungible asset do not match.
ESTORE_IS_FROZEN 0x3 Store is disabled from sending and receiving this fungible asset.
EINSUFFICIENT_BALANCE 0x4 Insufficient balance to withdraw or transfer.
EMAX_SUPPLY_EXCEEDED 0x5 The fungible asset's supply has exceeded maximum.
EFUNGIBLE_ASSET_MISMATCH 0x6 Fungible asset do not match when merging.
EMINT_REF_AND_STORE_MISMATCH 0x7 The mint ref and the store do not match.
ENOT_STORE_OWNER 0x8 Account is not the store's owner.
ETRANSFER_REF_AND_STORE_MISMATCH 0x9 Transfer ref and store do not match.
EBURN_REF_AND_STORE_MISMATCH 0xa Burn ref and store do not match.
EFUNGIBLE_ASSET_AND_STORE_MISMATCH 0xb Fungible asset and store do not match.
EAMOUNT_IS_NOT_ZERO 0xc Cannot destroy non-empty fungible assets.
EBURN_REF_AND_FUNGIBLE_ASSET_MISMATCH 0xd Burn ref and fungible asset do not match.
EBALANCE_IS_NOT_ZERO 0xe Cannot destroy fungible stores with a non-zero balance.
ENAME_TOO_LONG 0xf Name of the fungible asset metadata is too long
ESYMBOL_TOO_LONG 0x10 Symbol of the fungible asset metadata is too long
EDECIMALS_TOO_LARGE 0x11 Decimals is over the maximum of 32
EOBJECT_IS_DELETABLE 0x12 Fungibility is only available for non-deletable objects.
EURI_TOO_LONG 0x13 URI for the icon of the fungible asset metadata is too long
ESUPPLY_UNDERFLOW 0x14 The fungible asset's supply will be negative which should be impossible.
ESUPPLY_NOT_FOUND 0x15 Supply resource is not found for a metadata object.
ECONCURRENT_SUPPLY_NOT_ENABLED 0x16 Flag for Concurrent Supply not enabled
EFUNGIBLE_STORE_EXISTENCE 0x17 Flag for the existence of fungible store.
ENOT_METADATA_OWNER 0x18 Account is not the owner of metadata object.
EWITHDRAW_FUNCTION_SIGNATURE_MISMATCH 0x19 Provided withdraw function type doesn't meet the signature requirement.
EDEPOSIT_FUNCTION_SIGNATURE_MISMATCH 0x1a Provided deposit function type doesn't meet the signature requirement.
EDERIVED_BALANCE_FUNCTION_SIGNATURE_MISMATCH 0x1b Provided derived_balance function type doesn't meet the signature requirement.
EINVALID_DISPATCHABLE_OPERATIONS 0x1c Invalid withdraw/deposit on dispatchable token. The specified token has a dispatchable function hook.
  Need to invoke dispatchable_fungible_asset::withdraw/deposit to perform transfer.
EALREADY_REGISTERED 0x1d Trying to re-register dispatch hook on a fungible asset.
EFUNGIBLE_METADATA_EXISTENCE 0x1e Fungible metadata does not exist on this account.
EAPT_NOT_DISPATCHABLE 0x1f Cannot register dispatch hook for APT.
ECONCURRENT_BALANCE_NOT_ENABLED 0x20 Flag for Concurrent Supply not enabled
EDERIVED_SUPPLY_FUNCTION_SIGNATURE_MISMATCH 0x21 Provided derived_supply function type doesn't meet the signature requirement.
ERAW_BALANCE_REF_AND_FUNGIBLE_ASSET_MISMATCH 0x22 The balance ref and the fungible asset do not match.
ERAW_SUPPLY_REF_AND_FUNGIBLE_ASSET_MISMATCH 0x23 The supply ref and the fungible asset do not match.
EPERMISSIONED_SIGNER_REMOVED 0x25 The permissioned signer feature has been removed.
0x1::guid
EGUID_GENERATOR_NOT_PUBLISHED 0x0 GUID generator must be published ahead of first usage of \`create_with_capability\` function.
0x1::multisig_account
EDUPLICATE_OWNER 0x1 Owner list cannot contain the same address more than once.
EACCOUNT_NOT_MULTISIG 0x7d2 Specified account is not a multisig account.
ENOT_OWNER 0x7d3 Account executing this operation is not an owner of the multisig account.
EPAYLOAD_CANNOT_BE_EMPTY 0x4 Transaction payload cannot be empty.
ENOT_ENOUGH_OWNERS 0x5 Multisig account must have at least one owner.
ETRANSACTION_NOT_FOUND 0x7d6 Transaction with specified id cannot be found.
EPAYLOAD_DOES_NOT_MATCH_HASH 0x7d8 Provided target function does not match the hash stored in the on-chain transaction.
ENOT_ENOUGH_APPROVALS 0x7d9 Transaction has not received enough approvals to be executed.
EPAYLOAD_DOES_NOT_MATCH 0x7da Provided target function does not match the payload stored in the on-chain transaction.
ENOT_ENOUGH_REJECTIONS 0xa Transaction has not received enough rejections to be officially rejected.
EINVALID_SIGNATURES_REQUIRED 0xb Number of signatures required must be more than zero and at most the total number of owners.
EINVALID_PAYLOAD_HASH 0xc Payload hash must be exactly 32 bytes (sha3-256).
EOWNER_CANNOT_BE_MULTISIG_ACCOUNT_ITSELF 0xd The multisig account itself cannot be an owner.
EMULTISIG_ACCOUNTS_NOT_ENABLED_YET 0xe Multisig accounts has not been enabled on this current network yet.
ENUMBER_OF_METADATA_KEYS_AND_VALUES_DONT_MATCH 0xf The number of metadata keys and values don't match.
EDUPLICATE_METADATA_KEY 0x10 The specified metadata contains duplicate attributes (keys).
EINVALID_SEQUENCE_NUMBER 0x11 The sequence number provided is invalid. It must be between [1, next pending transaction - 1].
EOWNERS_TO_REMOVE_NEW_OWNERS_OVERLAP 0x12 Provided owners to remove and new owners overlap.
EMAX_PENDING_TRANSACTIONS_EXCEEDED 0x13 The number of pending transactions has exceeded the maximum allowed.
EMULTISIG_V2_ENHANCEMENT_NOT_ENABLED 0x14 The multisig v2 enhancement feature is not enabled.
EINVALID_TIMELOCK_DURATION 0x15 Timelock period must be between MIN_TIMELOCK_PERIOD and MAX_TIMELOCK_PERIOD.
EINVALID_TIMELOCK_OVERRIDE_THRESHOLD 0x16 Timelock override threshold must be greater than num_signatures_required and at most the number of owners.
ETIMELOCK_NOT_EXPIRED 0x17 Transaction has enough approvals but the timelock period has not yet elapsed.
ETIMELOCK_DOES_NOT_EXIST 0x18 No timelock configuration exists for the multisig account.
ETIMELOCK_NOT_ENABLED 0x19 Feature flag for multisig timelock is not enabled.
0x1::nonce_validation
E_NONCE_HISTORY_DOES_NOT_EXIST 0x3e9
ETRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE 0x3ea
0x1::object
EOBJECT_EXISTS 0x1 An object already exists at this address
EOBJECT_DOES_NOT_EXIST 0x2 An object does not exist at this address
ENO_UNGATED_TRANSFERS 0x3 The object does not have ungated transfers enabled
ENOT_OBJECT_OWNER 0x4 The caller does not have ownership permissions
ECANNOT_DELETE 0x5 The object does not allow for deletion
EMAXIMUM_NESTING 0x6 Exceeds maximum nesting for an object transfer.
ERESOURCE_DOES_NOT_EXIST 0x7 The resource is not stored at the specified address.
EOBJECT_NOT_BURNT 0x8 Cannot reclaim objects that weren't burnt.
EOBJECT_NOT_TRANSFERRABLE 0x9 Object is untransferable any operations that might result in a transfer are disallowed.
EOBJECT_ALREADY_BURNT 0xa Cannot burn an object that is already burnt.
ENOT_A_RESOURCE_TYPE 0xb Returned by \`exists_at\` when its type argument is not a resource (struct) type with the
  \`key\` ability.
EPERMISSIONED_SIGNER_REMOVED 0xc The permissioned signer feature has been removed.
0x1::ordered_map
EKEY_ALREADY_EXISTS 0x1 Map key already exists
EKEY_NOT_FOUND 0x2 Map key is not found
EITER_OUT_OF_BOUNDS 0x3
ENEW_KEY_NOT_IN_ORDER 0x4 New key used in replace_key_inplace doesn't respect the order
0x1::permissioned_delegation
EPERMISSIONED_SIGNER_REMOVED 0x7 The permissioned signer feature has been removed.
0x1::permissioned_signer
EPERMISSION_SIGNER_DISABLED 0x9 Permissioned signer feature is not activated.
0x1::primary_fungible_store
EPERMISSIONED_SIGNER_REMOVED 0x1 The permissioned signer feature has been removed.
0x1::randomness
E_API_USE_IS_BIASIBLE 0x1 Randomness APIs calls must originate from a private entry function with
  \`#[randomness]\` annotation. Otherwise, malicious users can bias randomness result.
0x1::system_addresses
ENOT_CORE_RESOURCE_ADDRESS 0x1 The address/account did not correspond to the core resource address
EVM 0x2 The operation can only be performed by the VM
ENOT_APTOS_FRAMEWORK_ADDRESS 0x3 The address/account did not correspond to the core framework address
ENOT_FRAMEWORK_RESERVED_ADDRESS 0x4 The address is not framework reserved address
0x1::timestamp
ENOT_OPERATING 0x1 The blockchain is not in an operating state yet
EINVALID_TIMESTAMP 0x2 An invalid timestamp was provided
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
0x4::aptos_token
ECOLLECTION_DOES_NOT_EXIST 0x1 The collection does not exist
ETOKEN_DOES_NOT_EXIST 0x2 The token does not exist
ENOT_CREATOR 0x3 The provided signer is not the creator
EFIELD_NOT_MUTABLE 0x4 The field being changed is not mutable
ETOKEN_NOT_BURNABLE 0x5 The token being burned is not burnable
EPROPERTIES_NOT_MUTABLE 0x6 The property map being mutated is not mutable
0x4::collection
ECOLLECTION_DOES_NOT_EXIST 0x1 The collection does not exist
ECOLLECTION_SUPPLY_EXCEEDED 0x2 The collection has reached its supply and no more tokens can be minted, unless some are burned
ECOLLECTION_NAME_TOO_LONG 0x3 The collection name is over the maximum length
EURI_TOO_LONG 0x4 The URI is over the maximum length
EDESCRIPTION_TOO_LONG 0x5 The description is over the maximum length
EMAX_SUPPLY_CANNOT_BE_ZERO 0x6 The max supply must be positive
ECONCURRENT_NOT_ENABLED 0x7 Concurrent feature flag is not yet enabled, so the function cannot be performed
EALREADY_CONCURRENT 0x8 Tried upgrading collection to concurrent, but collection is already concurrent
EINVALID_MAX_SUPPLY 0x9 The new max supply cannot be less than the current supply
ENO_MAX_SUPPLY_IN_COLLECTION 0xa The collection does not have a max supply
ECOLLECTION_OWNER_NOT_SUPPORTED 0xb The collection owner feature is not supported
0x4::property_map
EPROPERTY_MAP_DOES_NOT_EXIST 0x1 The property map does not exist
EKEY_ALREADY_EXISTS_IN_PROPERTY_MAP 0x2 The property key already exists
ETOO_MANY_PROPERTIES 0x3 The number of properties exceeds the maximum
EKEY_VALUE_COUNT_MISMATCH 0x4 Property key and value counts do not match
EKEY_TYPE_COUNT_MISMATCH 0x5 Property key and type counts do not match
ETYPE_MISMATCH 0x6 Property value does not match expected type
ETYPE_INVALID 0x7 Invalid value type specified
EPROPERTY_MAP_KEY_TOO_LONG 0x8 The key of the property is too long
0x4::royalty
EROYALTY_DOES_NOT_EXIST 0x1 Royalty does not exist
EROYALTY_EXCEEDS_MAXIMUM 0x2 The royalty cannot be greater than 100%
EROYALTY_DENOMINATOR_IS_ZERO 0x3 The royalty denominator cannot be 0
0x4::token
ETOKEN_DOES_NOT_EXIST 0x1 The token does not exist
ENOT_CREATOR 0x2 The provided signer is not the creator
EFIELD_NOT_MUTABLE 0x3 The field being changed is not mutable
ETOKEN_NAME_TOO_LONG 0x4 The token name is over the maximum length
EURI_TOO_LONG 0x5 The URI is over the maximum length
EDESCRIPTION_TOO_LONG 0x6 The description is over the maximum length
ESEED_TOO_LONG 0x7 The seed is over the maximum length
ENOT_OWNER 0x8 The calling signer is not the owner
ECOLLECTION_OWNER_NOT_SUPPORTED 0x9 The collection owner feature is not supported
`;
