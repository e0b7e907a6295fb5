import type { LongAddress } from '../../encoding.ts';
import { must, sha3, shortAddress, toHex } from '../../encoding.ts';
import type { ResourceValue, TableItemValue } from '../../storage/types.ts';
import { resourceKey, tableKey } from '../../storage/types.ts';
import type { Value } from '../../move/vm/values.ts';
import { eventHandle, fn, struct } from '../abi.ts';
import { signerAddress } from '../vmState.ts';
import { accountLifecycle } from './account/lifecycle.ts';
import { accountOffers } from './account/offers.ts';
import { accountRotation } from './account/rotation.ts';
import { ACCOUNT_TYPE, readAccount, FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeContext, NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError } from '../context.ts';
import { ORIGINATING_ADDRESS_HANDLE } from '../genesis.ts';

export const ACCOUNT = '0x1::account';
export const accountErrors = {
  exists: moduleError(
    ERROR_CATEGORY.alreadyExists,
    1n,
    'EACCOUNT_ALREADY_EXISTS',
    'Account already exists',
  ),
  invalidScheme: moduleError(
    ERROR_CATEGORY.invalidArgument,
    12n,
    'EINVALID_SCHEME',
    'Specified scheme required to proceed with the smart contract operation - can only be ED25519_SCHEME(0) OR MULTI_ED25519_SCHEME(1)',
  ),
  wrongKeySize: moduleError(
    ERROR_CATEGORY.invalidArgument,
    1n,
    'E_WRONG_PUBKEY_SIZE',
    'Wrong number of bytes were given as input when deserializing an Ed25519 public key.',
  ),
};

function originatingItem(authKey: LongAddress, original: LongAddress): TableItemValue {
  return {
    kind: 'table_item',
    handle: ORIGINATING_ADDRESS_HANDLE,
    key: authKey,
    value: original,
    keyType: 'address',
    valueType: 'address',
    decodedKey: shortAddress(authKey),
    decodedValue: shortAddress(original),
  };
}

/**
 * The framework's `update_auth_key_and_originating_address_table`: sets the account's key, moves
 * its `OriginatingAddress` entry to the new key (none when the key is the address again) and emits
 * `0x1::account::KeyRotation`.
 */
function rotateTo(ctx: NativeContext, address: LongAddress, newKey: LongAddress): void {
  const account = must(readAccount(ctx, address));
  const oldKey = account.data.authentication_key as LongAddress;
  const next: ResourceValue = { ...account, data: { ...account.data, authentication_key: newKey } };
  ctx.write(resourceKey(address, ACCOUNT_TYPE), next);
  if (oldKey !== address) ctx.write(tableKey(ORIGINATING_ADDRESS_HANDLE, oldKey), null);
  if (newKey !== address)
    ctx.write(tableKey(ORIGINATING_ADDRESS_HANDLE, newKey), originatingItem(newKey, address));
  ctx.emit('0x1::account::KeyRotation', {
    account: shortAddress(address),
    old_authentication_key: oldKey,
    new_authentication_key: newKey,
  });
}

export const accountModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'account',
  friends: [
    '0x1::aptos_account',
    '0x1::coin',
    '0x1::genesis',
    '0x1::multisig_account',
    '0x1::resource_account',
    '0x1::transaction_validation',
  ],
  structs: [
    struct(
      'Account',
      ['store', 'key'],
      [
        ['authentication_key', 'vector<u8>'],
        ['sequence_number', 'u64'],
        ['guid_creation_num', 'u64'],
        ['coin_register_events', eventHandle('0x1::account::CoinRegisterEvent')],
        ['key_rotation_events', eventHandle('0x1::account::KeyRotationEvent')],
        [
          'rotation_capability_offer',
          '0x1::account::CapabilityOffer<0x1::account::RotationCapability>',
        ],
        [
          'signer_capability_offer',
          '0x1::account::CapabilityOffer<0x1::account::SignerCapability>',
        ],
      ],
    ),
    struct(
      'KeyRotationEvent',
      ['drop', 'store'],
      [
        ['old_authentication_key', 'vector<u8>'],
        ['new_authentication_key', 'vector<u8>'],
      ],
    ),
    struct('CoinRegisterEvent', ['drop', 'store'], [['type_info', '0x1::type_info::TypeInfo']]),
    struct('CapabilityOffer', ['store'], [['for', '0x1::option::Option<address>']], {
      typeParams: [{ constraints: [], is_phantom: true }],
    }),
    struct('RotationCapability', ['drop', 'store'], [['account', 'address']]),
    struct('SignerCapability', ['drop', 'store'], [['account', 'address']]),
    struct('OriginatingAddress', ['key'], [['address_map', '0x1::table::Table<address, address>']]),
    struct(
      'KeyRotation',
      ['drop', 'store'],
      [
        ['account', 'address'],
        ['old_authentication_key', 'vector<u8>'],
        ['new_authentication_key', 'vector<u8>'],
      ],
      { isEvent: true },
    ),
    struct(
      'KeyRotationToPublicKey',
      ['drop', 'store'],
      [
        ['account', 'address'],
        ['verified_public_key_bit_map', 'vector<u8>'],
        ['public_key_scheme', 'u8'],
        ['public_key', 'vector<u8>'],
        ['old_auth_key', 'vector<u8>'],
        ['new_auth_key', 'vector<u8>'],
      ],
      { isEvent: true },
    ),
    struct(
      'CoinRegister',
      ['drop', 'store'],
      [
        ['account', 'address'],
        ['type_info', '0x1::type_info::TypeInfo'],
      ],
      { isEvent: true },
    ),
    struct(
      'RotationProofChallenge',
      ['copy', 'drop'],
      [
        ['sequence_number', 'u64'],
        ['originator', 'address'],
        ['current_auth_key', 'address'],
        ['new_public_key', 'vector<u8>'],
      ],
    ),
    struct(
      'RotationCapabilityOfferProofChallenge',
      ['drop'],
      [
        ['sequence_number', 'u64'],
        ['recipient_address', 'address'],
      ],
    ),
    struct(
      'SignerCapabilityOfferProofChallenge',
      ['drop'],
      [
        ['sequence_number', 'u64'],
        ['recipient_address', 'address'],
      ],
    ),
    struct(
      'RotationCapabilityOfferProofChallengeV2',
      ['drop'],
      [
        ['chain_id', 'u8'],
        ['sequence_number', 'u64'],
        ['source_address', 'address'],
        ['recipient_address', 'address'],
      ],
    ),
    struct(
      'SignerCapabilityOfferProofChallengeV2',
      ['copy', 'drop'],
      [
        ['sequence_number', 'u64'],
        ['source_address', 'address'],
        ['recipient_address', 'address'],
      ],
    ),
  ],
  functions: [
    // Unverified rotation: no proof that the new key's owner agreed (the SDK's rotateAuthKeyUnverified).
    // `entry fun` (private) on a node: a transaction's, not callable from bytecode.
    fn(
      'rotate_authentication_key_from_public_key',
      { params: ['&signer', 'u8', 'vector<u8>'], isEntry: true, visibility: 'private' },
      (host, _t, [account, scheme, bytes]) => {
        const key = Uint8Array.from(bytes as number[]);
        if (typeof scheme !== 'number' || scheme > 3) abort(ACCOUNT, accountErrors.invalidScheme);
        if (scheme === 0 && key.length !== 32) abort('0x1::ed25519', accountErrors.wrongKeySize);
        const authKey = toHex(sha3(key, new Uint8Array([scheme]))) as LongAddress;
        rotateTo(host.session.ctx, signerAddress(account as Value), authKey);
        return [];
      },
    ),
    ...accountLifecycle,
    ...accountOffers,
    ...accountRotation,
  ],
};
