import type { LongAddress } from '../../encoding.ts';
import { declared, eventHandle, struct, view } from '../abi.ts';
import { readAccount, FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';
import { ERROR_CATEGORY, moduleError } from '../context.ts';

export const ACCOUNT = '0x1::account';
export const accountErrors = {
  exists: moduleError(
    ERROR_CATEGORY.alreadyExists,
    1n,
    'EACCOUNT_ALREADY_EXISTS',
    'Account already exists',
  ),
};

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
  ],
  functions: [
    view('exists_at', ['address'], ['bool'], (ctx, _t, [addr]) => [
      readAccount(ctx, addr as LongAddress) !== null,
    ]),
    view('get_sequence_number', ['address'], ['u64'], (ctx, _t, [addr]) => {
      const account = readAccount(ctx, addr as LongAddress);
      return [account === null ? 0n : BigInt(account.data.sequence_number as string)];
    }),
    view('get_authentication_key', ['address'], ['vector<u8>'], (ctx, _t, [addr]) => {
      const account = readAccount(ctx, addr as LongAddress);
      const key = account === null ? (addr as string) : (account.data.authentication_key as string);
      return [new Uint8Array(Buffer.from(key.slice(2), 'hex'))];
    }),
    declared('create_resource_address', ['&address', 'vector<u8>'], ['address']),
    declared('get_guid_next_creation_num', ['address'], ['u64'], { isView: true }),
  ],
};
