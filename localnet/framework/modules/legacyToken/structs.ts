/** Every struct of `0x3::token` (token.move) with its real fields and abilities. */
import { eventHandle, struct } from '../../abi.ts';
import type { StructAbi } from '../../context.ts';
import {
  COLLECTION_MUTABILITY,
  PROPERTY_MAP,
  ROYALTY,
  STRING,
  TOKEN_DATA_ID,
  TOKEN_ID,
  TOKEN_MUTABILITY,
} from './shared.ts';

const DROP_STORE = ['drop', 'store'];
const event = (name: string, fields: Array<[string, string]>, isEvent: boolean): StructAbi =>
  struct(name, DROP_STORE, fields, isEvent ? { isEvent: true } : {});

const idAmount: Array<[string, string]> = [
  ['id', TOKEN_ID],
  ['amount', 'u64'],
];
const dataIdAmount: Array<[string, string]> = [
  ['id', TOKEN_DATA_ID],
  ['amount', 'u64'],
];
const tokenDataFields: Array<[string, string]> = [
  ['id', TOKEN_DATA_ID],
  ['description', STRING],
  ['maximum', 'u64'],
  ['uri', STRING],
  ['royalty_payee_address', 'address'],
  ['royalty_points_denominator', 'u64'],
  ['royalty_points_numerator', 'u64'],
  ['name', STRING],
  ['mutability_config', TOKEN_MUTABILITY],
  ['property_keys', `vector<${STRING}>`],
  ['property_values', 'vector<vector<u8>>'],
  ['property_types', `vector<${STRING}>`],
];
const mutateFields: Array<[string, string]> = [
  ['old_id', TOKEN_ID],
  ['new_id', TOKEN_ID],
  ['keys', `vector<${STRING}>`],
  ['values', 'vector<vector<u8>>'],
  ['types', `vector<${STRING}>`],
];
const collectionFields: Array<[string, string]> = [
  ['creator', 'address'],
  ['collection_name', STRING],
  ['uri', STRING],
  ['description', STRING],
  ['maximum', 'u64'],
];

export const TOKEN_STRUCTS: StructAbi[] = [
  struct(
    'Token',
    ['store'],
    [
      ['id', TOKEN_ID],
      ['amount', 'u64'],
      ['token_properties', PROPERTY_MAP],
    ],
  ),
  struct(
    'TokenId',
    ['copy', 'drop', 'store'],
    [
      ['token_data_id', TOKEN_DATA_ID],
      ['property_version', 'u64'],
    ],
  ),
  struct(
    'TokenDataId',
    ['copy', 'drop', 'store'],
    [
      ['creator', 'address'],
      ['collection', STRING],
      ['name', STRING],
    ],
  ),
  struct(
    'TokenData',
    ['store'],
    [
      ['maximum', 'u64'],
      ['largest_property_version', 'u64'],
      ['supply', 'u64'],
      ['uri', STRING],
      ['royalty', ROYALTY],
      ['name', STRING],
      ['description', STRING],
      ['default_properties', PROPERTY_MAP],
      ['mutability_config', TOKEN_MUTABILITY],
    ],
  ),
  struct(
    'Royalty',
    ['copy', 'drop', 'store'],
    [
      ['royalty_points_numerator', 'u64'],
      ['royalty_points_denominator', 'u64'],
      ['payee_address', 'address'],
    ],
  ),
  struct(
    'TokenMutabilityConfig',
    ['copy', 'drop', 'store'],
    ['maximum', 'uri', 'royalty', 'description', 'properties'].map((f): [string, string] => [
      f,
      'bool',
    ]),
  ),
  struct(
    'TokenStore',
    ['key'],
    [
      ['tokens', `0x1::table::Table<${TOKEN_ID}, 0x3::token::Token>`],
      ['direct_transfer', 'bool'],
      ['deposit_events', eventHandle('0x3::token::DepositEvent')],
      ['withdraw_events', eventHandle('0x3::token::WithdrawEvent')],
      ['burn_events', eventHandle('0x3::token::BurnTokenEvent')],
      ['mutate_token_property_events', eventHandle('0x3::token::MutateTokenPropertyMapEvent')],
    ],
  ),
  struct(
    'CollectionMutabilityConfig',
    ['copy', 'drop', 'store'],
    ['description', 'uri', 'maximum'].map((f): [string, string] => [f, 'bool']),
  ),
  struct(
    'Collections',
    ['key'],
    [
      ['collection_data', `0x1::table::Table<${STRING}, 0x3::token::CollectionData>`],
      ['token_data', `0x1::table::Table<${TOKEN_DATA_ID}, 0x3::token::TokenData>`],
      ['create_collection_events', eventHandle('0x3::token::CreateCollectionEvent')],
      ['create_token_data_events', eventHandle('0x3::token::CreateTokenDataEvent')],
      ['mint_token_events', eventHandle('0x3::token::MintTokenEvent')],
    ],
  ),
  struct(
    'CollectionData',
    ['store'],
    [
      ['description', STRING],
      ['name', STRING],
      ['uri', STRING],
      ['supply', 'u64'],
      ['maximum', 'u64'],
      ['mutability_config', COLLECTION_MUTABILITY],
    ],
  ),
  struct('WithdrawCapability', DROP_STORE, [
    ['token_owner', 'address'],
    ['token_id', TOKEN_ID],
    ['amount', 'u64'],
    ['expiration_sec', 'u64'],
  ]),
  event('DepositEvent', idAmount, false),
  event('TokenDeposit', [['account', 'address'], ...idAmount], true),
  event('Deposit', idAmount, true),
  event('WithdrawEvent', idAmount, false),
  event('Withdraw', idAmount, true),
  event('TokenWithdraw', [['account', 'address'], ...idAmount], true),
  event('CreateTokenDataEvent', tokenDataFields, false),
  event('CreateTokenData', tokenDataFields, true),
  event('TokenDataCreation', [['creator', 'address'], ...tokenDataFields], true),
  event('MintTokenEvent', dataIdAmount, false),
  event('MintToken', dataIdAmount, true),
  event('Mint', [['creator', 'address'], ...dataIdAmount], true),
  event('BurnTokenEvent', idAmount, false),
  event('BurnToken', idAmount, true),
  event('Burn', [['account', 'address'], ...idAmount], true),
  event('MutateTokenPropertyMapEvent', mutateFields, false),
  event('MutateTokenPropertyMap', mutateFields, true),
  event('MutatePropertyMap', [['account', 'address'], ...mutateFields], true),
  event('CreateCollectionEvent', collectionFields, false),
  event('CreateCollection', collectionFields, true),
];
