/**
 * The error map of the framework's `std` and `aptos_std` modules at `0x1` (MoveStdlib and
 * AptosStdlib): each module's `E…` constants with their codes and doc comments, as the compiler
 * writes them into the module's metadata. Written from the framework sources of devnet's release
 * (aptos-core `aptos-move/framework/{move-stdlib,aptos-stdlib}/sources`). Read by `errorMap.ts`:
 * a module line, then one `NAME code description` line per constant; a doc comment's further
 * lines follow, indented by two spaces.
 */
export const STD_ERRORS = `
0x1::acl
ECONTAIN 0x0 The ACL already contains the address.
ENOT_CONTAIN 0x1 The ACL does not contain the address.
0x1::bit_vector
EINDEX 0x20000 The provided index is out of bounds
ELENGTH 0x20001 An invalid length of bitvector was given
0x1::features
EINVALID_FEATURE 0x1
EAPI_DISABLED 0x2
EFEATURE_CANNOT_BE_DISABLED 0x3 Deployed to production, and disabling is deprecated.
ED25519_PUBKEY_VALIDATE_RETURN_FALSE_WRONG_LENGTH 0xe Whether native_public_key_validate aborts when a public key of the wrong length is given
  Lifetime: ephemeral
ENCRYPTED_TRANSACTIONS 0x6c Whether the encrypted mempool feature is enabled.
0x1::fixed_point32
EDENOMINATOR 0x10001 The denominator provided was zero
EDIVISION 0x20002 The quotient value would be too large to be held in a \`u64\`
EMULTIPLICATION 0x20003 The multiplied value would be too large to be held in a \`u64\`
EDIVISION_BY_ZERO 0x10004 A division by zero was encountered
ERATIO_OUT_OF_RANGE 0x20005 The computed ratio when converting to a \`FixedPoint32\` would be unrepresentable
0x1::option
EOPTION_IS_SET 0x40000 The \`Option\` is in an invalid state for the operation attempted.
  The \`Option\` is \`Some\` while it should be \`None\`.
EOPTION_NOT_SET 0x40001 The \`Option\` is in an invalid state for the operation attempted.
  The \`Option\` is \`None\` while it should be \`Some\`.
EOPTION_VEC_TOO_LONG 0x40002 Cannot construct an option from a vector with 2 or more elements.
0x1::reflect
E_FEATURE_NOT_ENABLED 0x0 This error indicates that the reflection feature is not enabled.
0x1::result
E_UNWRAP_OK 0x0 Attempt to unwrap value but found error
E_UNWRAP_ERR 0x1 Attempt to unwrap error but found value
0x1::string
EINVALID_UTF8 0x1 An invalid UTF8 encoding.
EINVALID_INDEX 0x2 Index out of range.
0x1::vector
EINDEX_OUT_OF_BOUNDS 0x20000 The index into the vector is out of bounds
EINVALID_RANGE 0x20001 The index into the vector is out of bounds
EVECTORS_LENGTH_MISMATCH 0x20002 The length of the vectors are not equal.
EINVALID_STEP 0x20003 The step provided in \`range\` is invalid, must be greater than zero.
EINVALID_SLICE_RANGE 0x20004 The range in \`slice\` is invalid.
0x1::any
ETYPE_MISMATCH 0x1 The type provided for \`unpack\` is not the same as was given for \`pack\`.
0x1::aptos_hash
E_NATIVE_FUN_NOT_AVAILABLE 0x1 A newly-added native function is not yet enabled.
0x1::bcs_stream
EMALFORMED_DATA 0x1 The data does not fit the expected format.
EOUT_OF_BYTES 0x2 There are not enough bytes to deserialize for the given type.
0x1::big_vector
EINDEX_OUT_OF_BOUNDS 0x1 Vector index is out of bounds
EVECTOR_NOT_EMPTY 0x2 Cannot destroy a non-empty vector
EVECTOR_EMPTY 0x3 Cannot pop back from an empty vector
EZERO_BUCKET_SIZE 0x4 bucket_size cannot be 0
0x1::bls12381
EZERO_PUBKEYS 0x1 The caller was supposed to input one or more public keys.
EWRONG_SIZE 0x2 One of the given inputs has the wrong size.s
E_NUM_SIGNERS_MUST_EQ_NUM_MESSAGES 0x3 The number of signers does not match the number of messages to be signed.
0x1::capability
ECAPABILITY_ALREADY_EXISTS 0x1 Capability resource already exists on the specified account
ECAPABILITY_NOT_FOUND 0x2 Capability resource not found
EDELEGATE 0x3 Account does not have delegated permissions
0x1::comparator
EQUAL 0x0
0x1::copyable_any
ETYPE_MISMATCH 0x0 The type provided for \`unpack\` is not the same as was given for \`pack\`.
0x1::crypto_algebra
E_NOT_IMPLEMENTED 0x1
E_NON_EQUAL_LENGTHS 0x2
E_TOO_MUCH_MEMORY_USED 0x3
0x1::ed25519
E_WRONG_PUBKEY_SIZE 0x1 Wrong number of bytes were given as input when deserializing an Ed25519 public key.
E_WRONG_SIGNATURE_SIZE 0x2 Wrong number of bytes were given as input when deserializing an Ed25519 signature.
0x1::federated_keyless
E_INVALID_FEDERATED_KEYLESS_PUBLIC_KEY_EXTRA_BYTES 0x1 There are extra bytes in the input when deserializing a Federated Keyless public key.
0x1::fixed_point64
EDENOMINATOR 0x10001 The denominator provided was zero
EDIVISION 0x20002 The quotient value would be too large to be held in a \`u128\`
EMULTIPLICATION 0x20003 The multiplied value would be too large to be held in a \`u128\`
EDIVISION_BY_ZERO 0x10004 A division by zero was encountered
ERATIO_OUT_OF_RANGE 0x20005 The computed ratio when converting to a \`FixedPoint64\` would be unrepresentable
ENEGATIVE_RESULT 0x10006 Abort code on calculation result is negative.
0x1::from_bcs
EINVALID_UTF8 0x1 UTF8 check failed in conversion from bytes to string
0x1::keyless
E_INVALID_KEYLESS_PUBLIC_KEY_EXTRA_BYTES 0x1 There are extra bytes in the input when deserializing a Keyless public key.
E_INVALID_ID_COMMITMENT_BYTES_LENGTH 0x2 The length of the identifier commitment bytes in a Keyless public key is invalid.
E_INVALID_ISSUER_UTF8_BYTES_LENGTH 0x3 The length of the issuer string in a Keyless public key is invalid.
0x1::math128
EINVALID_ARG_FLOOR_LOG2 0x1 Cannot log2 the value 0
0x1::math64
EINVALID_ARG_FLOOR_LOG2 0x1 Cannot log2 the value 0
0x1::math_fixed
EOVERFLOW_EXP 0x1 Abort code on overflow
0x1::math_fixed64
EOVERFLOW_EXP 0x1 Abort code on overflow
0x1::multi_ed25519
E_WRONG_PUBKEY_SIZE 0x1 Wrong number of bytes were given as input when deserializing an Ed25519 public key.
E_WRONG_SIGNATURE_SIZE 0x2 Wrong number of bytes were given as input when deserializing an Ed25519 signature.
E_INVALID_THRESHOLD_OR_NUMBER_OF_SIGNERS 0x3 The threshold must be in the range \`[1, n]\`, where n is the total number of signers.
E_NATIVE_FUN_NOT_AVAILABLE 0x4 The native functions have not been rolled out yet.
0x1::multi_key
E_INVALID_MULTI_KEY_NO_KEYS 0x1 No keys were provided when creating a MultiKey public key.
E_INVALID_MULTI_KEY_TOO_MANY_KEYS 0x2 The number of keys provided is greater than the maximum allowed.
E_INVALID_MULTI_KEY_SIGNATURES_REQUIRED 0x3 The number of signatures required is greater than the number of keys provided.
E_INVALID_MULTI_KEY_EXTRA_BYTES 0x4 There are extra bytes in the input when deserializing a MultiKey public key.
0x1::pool_u64
ESHAREHOLDER_NOT_FOUND 0x1 Shareholder not present in pool.
ETOO_MANY_SHAREHOLDERS 0x2 There are too many shareholders in the pool.
EPOOL_IS_NOT_EMPTY 0x3 Cannot destroy non-empty pool.
EINSUFFICIENT_SHARES 0x4 Cannot redeem more shares than the shareholder has in the pool.
ESHAREHOLDER_SHARES_OVERFLOW 0x5 Shareholder cannot have more than u64.max shares.
EPOOL_TOTAL_COINS_OVERFLOW 0x6 Pool's total coins cannot exceed u64.max.
EPOOL_TOTAL_SHARES_OVERFLOW 0x7 Pool's total shares cannot exceed u64.max.
0x1::pool_u64_unbound
ESHAREHOLDER_NOT_FOUND 0x1 Shareholder not present in pool.
ETOO_MANY_SHAREHOLDERS 0x2 There are too many shareholders in the pool.
EPOOL_IS_NOT_EMPTY 0x3 Cannot destroy non-empty pool.
EINSUFFICIENT_SHARES 0x4 Cannot redeem more shares than the shareholder has in the pool.
ESHAREHOLDER_SHARES_OVERFLOW 0x5 Shareholder cannot have more than u64.max shares.
EPOOL_TOTAL_COINS_OVERFLOW 0x6 Pool's total coins cannot exceed u64.max.
EPOOL_TOTAL_SHARES_OVERFLOW 0x7 Pool's total shares cannot exceed u64.max.
0x1::ristretto255
E_DIFFERENT_NUM_POINTS_AND_SCALARS 0x1 The number of scalars does not match the number of points.
E_ZERO_POINTS 0x2 Expected more than zero points as input.
E_ZERO_SCALARS 0x3 Expected more than zero scalars as input.
E_TOO_MANY_POINTS_CREATED 0x4 Too many points have been created in the current transaction execution.
E_NATIVE_FUN_NOT_AVAILABLE 0x5 The native function has not been deployed yet.
E_NON_CANONICAL_ENCODING 0x6 Non-canonical encoding of a Ristretto255 point
0x1::ristretto255_bulletproofs
E_DESERIALIZE_RANGE_PROOF 0x1 There was an error deserializing the range proof.
E_VALUE_OUTSIDE_RANGE 0x2 The committed value given to the prover is too large.
E_RANGE_NOT_SUPPORTED 0x3 The range proof system only supports proving ranges of type $[0, 2^b)$ where $b \\in \\{8, 16, 32, 64\\}$.
E_BATCH_SIZE_NOT_SUPPORTED 0x4 The range proof system only supports batch sizes of 1, 2, 4, 8, and 16.
E_VECTOR_LENGTHS_MISMATCH 0x5 The vector lengths of values and blinding factors do not match.
E_DST_TOO_LONG 0x6 The domain separation tag exceeded the 256-byte limit.
E_NATIVE_FUN_NOT_AVAILABLE 0x7 The native functions have not been rolled out yet.
0x1::secp256k1
E_DESERIALIZE 0x1 An error occurred while deserializing, for example due to wrong input size.
E_BAD_RECOVERY_ID 0x2 Recovery ID needs to be either 0, 1, 2 or 3. If you are recovering from an (r, s, v) Ethereum signature, take its v value and, set the recovery_id as follows: if v == 27, set to 0, if v == 28, set to 1, if v == 37, set to 0, if v == 38, set to 1.
0x1::secp256r1
E_DESERIALIZE 0x1 An error occurred while deserializing, for example due to wrong input size.
0x1::simple_map
EKEY_ALREADY_EXISTS 0x1 Map key already exists
EKEY_NOT_FOUND 0x2 Map key is not found
0x1::single_key
E_INVALID_PUBLIC_KEY_TYPE 0x1 Unrecognized public key type.
E_INVALID_SINGLE_KEY_EXTRA_BYTES 0x2 There are extra bytes in the input when deserializing a Single Key public key.
ED25519_PUBLIC_KEY_TYPE 0x0 Scheme identifier for Ed25519 single keys.
0x1::smart_table
ENOT_FOUND 0x1 Key not found in the smart table
EZERO_CAPACITY 0x2 Smart table capacity must be larger than 0
ENOT_EMPTY 0x3 Cannot destroy non-empty hashmap
EALREADY_EXIST 0x4 Key already exists
EINVALID_LOAD_THRESHOLD_PERCENT 0x5 Invalid load threshold percent to trigger split.
EINVALID_TARGET_BUCKET_SIZE 0x6 Invalid target bucket size.
EEXCEED_MAX_BUCKET_SIZE 0x7 Invalid target bucket size.
EINVALID_BUCKET_INDEX 0x8 Invalid bucket index.
EINVALID_VECTOR_INDEX 0x9 Invalid vector index within a bucket.
0x1::smart_vector
EINDEX_OUT_OF_BOUNDS 0x1 Vector index is out of bounds
EVECTOR_NOT_EMPTY 0x2 Cannot destroy a non-empty vector
EVECTOR_EMPTY 0x3 Cannot pop back from an empty vector
EZERO_BUCKET_SIZE 0x4 bucket_size cannot be 0
ESMART_VECTORS_LENGTH_MISMATCH 0x20005 The length of the smart vectors are not equal.
0x1::storage_slots_allocator
EINVALID_ARGUMENT 0x1
ECANNOT_HAVE_SPARES_WITHOUT_REUSE 0x2
EINTERNAL_INVARIANT_BROKEN 0x7
0x1::string_utils
EARGS_MISMATCH 0x1 The number of values in the list does not match the number of "{}" in the format string.
EINVALID_FORMAT 0x2 The format string is not valid.
EUNABLE_TO_FORMAT_DELAYED_FIELD 0x3 Formatting is not possible because the value contains delayed fields such as aggregators.
0x1::table_with_length
EALREADY_EXISTS 0x64
ENOT_FOUND 0x65
ENOT_EMPTY 0x66
0x1::type_info
E_NATIVE_FUN_NOT_AVAILABLE 0x1
`;
