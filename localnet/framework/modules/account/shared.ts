/**
 * What the functions of `0x1::account` share on the VM's own values: the `Account` resource's
 * fields, the module's aborts with its error map, and `create_guid` (objects use it too).
 */
import type { LongAddress } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { resourceKey } from '../../../storage/types.ts';
import { ACCOUNT_TYPE, accountValue } from '../../assets.ts';
import { abortIn, resourceExists, updateResource } from '../../vmState.ts';

export const ACCOUNT = '0x1::account::Account';

/** `Account`'s fields in order. */
export const FIELD = {
  authenticationKey: 0,
  sequenceNumber: 1,
  guidCreationNum: 2,
  rotationCapabilityOffer: 5,
  signerCapabilityOffer: 6,
} as const;

/** `account.move`'s error constants: code and the error map's doc. */
const ERRORS = {
  EACCOUNT_ALREADY_EXISTS: [1n, 'Account already exists'],
  EACCOUNT_DOES_NOT_EXIST: [2n, 'Account does not exist'],
  ESEQUENCE_NUMBER_TOO_BIG: [3n, 'Sequence number exceeds the maximum value for a u64'],
  EMALFORMED_AUTHENTICATION_KEY: [4n, 'The provided authentication key has an invalid length'],
  ECANNOT_RESERVED_ADDRESS: [5n, 'Cannot create account because address is reserved'],
  EOUT_OF_GAS: [6n, 'Transaction exceeded its allocated max gas'],
  EWRONG_CURRENT_PUBLIC_KEY: [7n, 'Specified current public key is not correct'],
  EINVALID_PROOF_OF_KNOWLEDGE: [
    8n,
    'Specified proof of knowledge required to prove ownership of a public key is invalid',
  ],
  ENO_CAPABILITY: [
    9n,
    'The caller does not have a digital-signature-based capability to call this function',
  ],
  EINVALID_ACCEPT_ROTATION_CAPABILITY: [
    10n,
    'The caller does not have a valid rotation capability offer from the other account',
  ],
  ENO_VALID_FRAMEWORK_RESERVED_ADDRESS: [
    11n,
    'Address to create is not a valid reserved address for Aptos framework',
  ],
  EINVALID_SCHEME: [
    12n,
    'Specified scheme required to proceed with the smart contract operation - can only be ED25519_SCHEME(0) OR MULTI_ED25519_SCHEME(1)',
  ],
  EINVALID_ORIGINATING_ADDRESS: [
    13n,
    'Abort the transaction if the expected originating address is different from the originating address on-chain',
  ],
  ENO_SUCH_SIGNER_CAPABILITY: [
    14n,
    "The signer capability offer doesn't exist at the given address",
  ],
  ERESOURCE_ACCCOUNT_EXISTS: [15n, 'An attempt to create a resource account on a claimed account'],
  EACCOUNT_ALREADY_USED: [
    16n,
    'An attempt to create a resource account on an account that has a committed transaction',
  ],
  EOFFERER_ADDRESS_DOES_NOT_EXIST: [17n, "Offerer address doesn't exist"],
  ENO_SUCH_ROTATION_CAPABILITY_OFFER: [
    18n,
    'The specified rotation capability offer does not exist at the specified offerer address',
  ],
  ENO_SIGNER_CAPABILITY_OFFERED: [19n, 'The signer capability is not offered to any address'],
  EEXCEEDED_MAX_GUID_CREATION_NUM: [
    20n,
    'This account has exceeded the allocated GUIDs it can create. It should be impossible to reach this number for real applications.',
  ],
  ENEW_AUTH_KEY_ALREADY_MAPPED: [
    21n,
    'The new authentication key already has an entry in the `OriginatingAddress` table',
  ],
  ENEW_AUTH_KEY_SAME_AS_CURRENT: [
    22n,
    'The current authentication key and the new authentication key are the same',
  ],
  EUNRECOGNIZED_SCHEME: [
    24n,
    'Specified scheme is not recognized. Should be ED25519_SCHEME(0), MULTI_ED25519_SCHEME(1), SINGLE_KEY_SCHEME(2), or MULTI_KEY_SCHEME(3).',
  ],
  ENOT_A_KEYLESS_PUBLIC_KEY: [25n, 'The provided public key is not a single Keyless public key'],
  ENOT_THE_ORIGINAL_PUBLIC_KEY: [
    26n,
    'The provided public key is not the original public key for the account',
  ],
  ESET_ORIGINATING_ADDRESS_DISABLED: [
    27n,
    'The set_originating_address is disabled due to potential poisoning from account abstraction',
  ],
  EENCRYPTED_DK_TOO_LONG: [
    28n,
    'The ciphertext being written into `EncryptedDK` exceeds `MAX_ENCRYPTED_DK_BYTES`.',
  ],
  EENCRYPTED_DK_NOT_FOUND: [29n, 'No `EncryptedDK` resource exists for the queried address.'],
  EPERMISSIONED_SIGNER_REMOVED: [30n, 'The permissioned signer feature has been removed.'],
} as const;

/** `std::error`'s categories as `account.move` uses them. */
const CATEGORY = {
  invalidArgument: 0x1n,
  outOfRange: 0x2n,
  invalidState: 0x3n,
  unauthenticated: 0x4n,
  permissionDenied: 0x5n,
  notFound: 0x6n,
  alreadyExists: 0x8n,
  unavailable: 0xdn,
} as const;

/** Aborts as `account.move`'s `assert!(…, error::<category>(NAME))`. */
export function accountAbort(category: keyof typeof CATEGORY, name: keyof typeof ERRORS): never {
  const [code, doc] = ERRORS[name];
  return abortIn('0x1::account', (CATEGORY[category] << 16n) | code, name, doc);
}

/** `exists<Account>(address)`. */
export const accountExists = (host: NativeHost, address: LongAddress): boolean =>
  resourceExists(host, address, ACCOUNT);

const ONE = `0x${'0'.repeat(63)}1` as LongAddress;
const RESERVED = new Set([`0x${'0'.repeat(64)}`, ONE, `0x${'0'.repeat(63)}3`]);

/** `features::is_default_account_resource_enabled()`, from the chain's feature flags. */
export const defaultAccountResource = (host: NativeHost): boolean =>
  host.call(ONE, 'features', 'is_default_account_resource_enabled', [], [])[0] === true;

/**
 * `ensure_resource_exists`: with the feature on, `create_account_if_does_not_exist` (an `Account`
 * for any address but the reserved ones); with it off, `EACCOUNT_DOES_NOT_EXIST` without one.
 */
export function ensureAccountResource(host: NativeHost, address: LongAddress): void {
  if (accountExists(host, address)) return;
  if (!defaultAccountResource(host)) accountAbort('notFound', 'EACCOUNT_DOES_NOT_EXIST');
  createAccountIfMissing(host, address);
}

/** `create_account_if_does_not_exist`: `create_account_unchecked` unless reserved (0x0, 0x1, 0x3). */
export function createAccountIfMissing(host: NativeHost, address: LongAddress): void {
  if (accountExists(host, address)) return;
  if (RESERVED.has(address)) accountAbort('invalidArgument', 'ECANNOT_RESERVED_ADDRESS');
  host.session.ctx.write(resourceKey(address, ACCOUNT_TYPE), accountValue(address, 0n, address));
}

/** `MAX_GUID_CREATION_NUM`: an account's GUIDs stop before the objects' space. */
const MAX_GUID_CREATION_NUM = 0x4000000000000n;

/** `account::create_guid`: the account's next `GUID` (its `Account` ensured first). */
export function accountGuid(host: NativeHost, address: LongAddress): Value {
  ensureAccountResource(host, address);
  return updateResource(host, address, ACCOUNT, (account) => {
    const creationNum = account[FIELD.guidCreationNum] as bigint;
    account[FIELD.guidCreationNum] = creationNum + 1n;
    if (creationNum + 1n >= MAX_GUID_CREATION_NUM)
      accountAbort('outOfRange', 'EEXCEEDED_MAX_GUID_CREATION_NUM');
    return [[creationNum, address]];
  });
}
