/**
 * `0x3::token_event_store`: only friend functions (token's mutation events), so here only its
 * structs, whose layouts the events `token` emits need.
 */
import { eventHandle, struct } from '../../abi.ts';
import type { NativeModule, StructAbi } from '../../context.ts';
import { PROPERTY_VALUE, STRING, TOKEN_ADDRESS } from './shared.ts';

type Fields = Array<[string, string]>;

/** The handle event (`…Event`) and the module event of the same fields. */
const pair = (handleEvent: string, moduleEvent: string, fields: Fields): StructAbi[] => [
  struct(handleEvent, ['drop', 'store'], fields),
  struct(moduleEvent, ['drop', 'store'], fields, { isEvent: true }),
];

const collectionChange = (field: string, type: string): Fields => [
  ['creator_addr', 'address'],
  ['collection_name', STRING],
  [`old_${field}`, type],
  [`new_${field}`, type],
];
const tokenChange = (fields: Fields): Fields => [
  ['creator', 'address'],
  ['collection', STRING],
  ['token', STRING],
  ...fields,
];

export const tokenEventStoreModule: NativeModule = {
  address: TOKEN_ADDRESS,
  name: 'token_event_store',
  friends: ['0x3::token'],
  structs: [
    ...pair(
      'CollectionDescriptionMutateEvent',
      'CollectionDescriptionMutate',
      collectionChange('description', STRING),
    ),
    ...pair('CollectionUriMutateEvent', 'CollectionUriMutate', collectionChange('uri', STRING)),
    ...pair(
      'CollectionMaxiumMutateEvent',
      'CollectionMaximumMutate',
      collectionChange('maximum', 'u64'),
    ),
    struct('OptInTransferEvent', ['drop', 'store'], [['opt_in', 'bool']]),
    struct(
      'OptInTransfer',
      ['drop', 'store'],
      [
        ['account_address', 'address'],
        ['opt_in', 'bool'],
      ],
      { isEvent: true },
    ),
    ...pair(
      'UriMutationEvent',
      'UriMutation',
      tokenChange([
        ['old_uri', STRING],
        ['new_uri', STRING],
      ]),
    ),
    ...pair(
      'DefaultPropertyMutateEvent',
      'DefaultPropertyMutate',
      tokenChange([
        ['keys', `vector<${STRING}>`],
        ['old_values', `vector<0x1::option::Option<${PROPERTY_VALUE}>>`],
        ['new_values', `vector<${PROPERTY_VALUE}>`],
      ]),
    ),
    ...pair(
      'DescriptionMutateEvent',
      'DescriptionMutate',
      tokenChange([
        ['old_description', STRING],
        ['new_description', STRING],
      ]),
    ),
    ...pair(
      'RoyaltyMutateEvent',
      'RoyaltyMutate',
      tokenChange(
        ['old', 'new'].flatMap((age): Fields => [
          [`${age}_royalty_numerator`, 'u64'],
          [`${age}_royalty_denominator`, 'u64'],
          [`${age}_royalty_payee_addr`, 'address'],
        ]),
      ),
    ),
    ...pair(
      'MaxiumMutateEvent',
      'MaximumMutate',
      tokenChange([
        ['old_maximum', 'u64'],
        ['new_maximum', 'u64'],
      ]),
    ),
    struct(
      'TokenEventStoreV1',
      ['key'],
      [
        [
          'collection_uri_mutate_events',
          eventHandle('0x3::token_event_store::CollectionUriMutateEvent'),
        ],
        [
          'collection_maximum_mutate_events',
          eventHandle('0x3::token_event_store::CollectionMaxiumMutateEvent'),
        ],
        [
          'collection_description_mutate_events',
          eventHandle('0x3::token_event_store::CollectionDescriptionMutateEvent'),
        ],
        ['opt_in_events', eventHandle('0x3::token_event_store::OptInTransferEvent')],
        ['uri_mutate_events', eventHandle('0x3::token_event_store::UriMutationEvent')],
        [
          'default_property_mutate_events',
          eventHandle('0x3::token_event_store::DefaultPropertyMutateEvent'),
        ],
        [
          'description_mutate_events',
          eventHandle('0x3::token_event_store::DescriptionMutateEvent'),
        ],
        ['royalty_mutate_events', eventHandle('0x3::token_event_store::RoyaltyMutateEvent')],
        ['maximum_mutate_events', eventHandle('0x3::token_event_store::MaxiumMutateEvent')],
        ['extension', '0x1::option::Option<0x1::any::Any>'],
      ],
    ),
    struct('CollectionMaxiumMutate', ['drop', 'store'], collectionChange('maximum', 'u64'), {
      isEvent: true,
    }),
  ],
  functions: [],
};
