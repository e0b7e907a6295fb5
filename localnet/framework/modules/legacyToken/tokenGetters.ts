/** `0x3::token`'s constructors, accessors and reads (token.move). */
import type { LongAddress } from '../../../encoding.ts';
import type { Value } from '../../../move/vm/values.ts';
import { copyValue, Ref } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import type { NativeFunction } from '../../context.ts';
import {
  borrowResource,
  deref,
  fieldsOf,
  none,
  readResource,
  resourceExists,
  some,
} from '../../vmState.ts';
import {
  balanceOf,
  CD,
  collectionData,
  collectionItem,
  collectionMutability,
  collectionsAt,
  publishedCollections,
  royalty,
  TD,
  TD_DESCRIPTION,
  TD_MUTABILITY,
  TD_PROPERTIES,
  tokenData,
  tokenDataId,
  tokenDataItem,
  tokenIdRaw,
  tokenItem,
  tokenMutability,
} from './core.ts';
import {
  check,
  COLLECTION_MUTABILITY,
  creatorOf,
  dataIdOf,
  fail,
  present,
  PROPERTY_MAP,
  ROYALTY,
  STRING,
  TOKEN_DATA_ID,
  TOKEN_ID,
  TOKEN_MUTABILITY,
  TOKEN_STORE,
  TOKEN_T,
  versionOf,
} from './shared.ts';

const S = STRING;
const OPTION_U64 = '0x1::option::Option<u64>';

/** A field of a struct passed by reference (`&Royalty`, `&TokenMutabilityConfig`…). */
const field = (name: string, param: string, returns: string, index: number): NativeFunction =>
  fn(name, { params: [`&${param}`], returns: [returns] }, (_h, _t, [v]) => [
    copyValue(fieldsOf(v as Value)[index] as Value),
  ]);

/** A collection field read after `assert_collection_exists`. */
const collectionField = (name: string, returns: string, index: number): NativeFunction =>
  fn(name, { params: ['address', S], returns: [returns] }, (host, _t, [creator, collection]) => [
    copyValue(collectionData(host, creator as LongAddress, collection as Value)[index] as Value),
  ]);

/** A token data field; the creator from the id (`get_tokendata_maximum`) or an argument. */
const dataField = (name: string, returns: string, index: number): NativeFunction =>
  fn(name, { params: [TOKEN_DATA_ID], returns: [returns] }, (host, _t, [dataId]) => [
    copyValue(tokenData(host, creatorOf(dataId as Value), dataId as Value)[index] as Value),
  ]);

const supply = (maximum: Value, current: Value): Value =>
  (maximum as bigint) > 0n ? some(current) : none();

export const TOKEN_GETTERS: NativeFunction[] = [
  fn(
    'create_royalty',
    { params: ['u64', 'u64', 'address'], returns: [ROYALTY] },
    (_h, _t, [n, d, payee]) => [royalty(n as Value, d as Value, payee as Value)],
  ),
  fn('token_id', { params: [`&${TOKEN_T}`], returns: [`&${TOKEN_ID}`] }, (_h, _t, [token]) => [
    new Ref(fieldsOf(token as Value), 0),
  ]),
  fn(
    'check_collection_exists',
    { params: ['address', S], returns: ['bool'] },
    (host, _t, [creator, name]) => {
      const collections = publishedCollections(host, creator as LongAddress);
      return [collectionItem(host, collections, name as Value).cell[0] !== undefined];
    },
  ),
  fn(
    'check_tokendata_exists',
    { params: ['address', S, S], returns: ['bool'] },
    (host, _t, [creator, collection, name]) => {
      const collections = publishedCollections(host, creator as LongAddress);
      const dataId = tokenDataId(creator as Value, collection as Value, name as Value);
      return [tokenDataItem(host, collections, dataId).cell[0] !== undefined];
    },
  ),
  fn(
    'get_collection_supply',
    { params: ['address', S], returns: [OPTION_U64] },
    (host, _t, [creator, name]) => {
      const data = collectionData(host, creator as LongAddress, name as Value);
      return [supply(data[CD.maximum] as Value, data[CD.supply] as Value)];
    },
  ),
  collectionField('get_collection_description', S, CD.description),
  collectionField('get_collection_uri', S, CD.uri),
  collectionField('get_collection_maximum', 'u64', CD.maximum),
  fn(
    'get_token_supply',
    { params: ['address', TOKEN_DATA_ID], returns: [OPTION_U64] },
    (host, _t, [creator, dataId]) => {
      const data = tokenData(host, creator as LongAddress, dataId as Value);
      return [supply(data[TD.maximum] as Value, data[TD.supply] as Value)];
    },
  ),
  fn(
    'get_tokendata_largest_property_version',
    { params: ['address', TOKEN_DATA_ID], returns: ['u64'] },
    (host, _t, [creator, dataId]) => [
      tokenData(host, creator as LongAddress, dataId as Value)[TD.largest] as Value,
    ],
  ),
  fn('get_token_id', { params: [`&${TOKEN_T}`], returns: [TOKEN_ID] }, (_h, _t, [token]) => [
    copyValue(fieldsOf(token as Value)[0] as Value),
  ]),
  fn('get_direct_transfer', { params: ['address'], returns: ['bool'] }, (host, _t, [receiver]) => {
    const store = readResource(host, receiver as LongAddress, TOKEN_STORE);
    return [store === undefined ? false : (fieldsOf(store)[1] as Value)];
  }),
  fn(
    'create_token_mutability_config',
    { params: ['&vector<bool>'], returns: [TOKEN_MUTABILITY] },
    (_h, _t, [setting]) => [tokenMutability(deref(setting as Value))],
  ),
  fn(
    'create_collection_mutability_config',
    { params: ['&vector<bool>'], returns: [COLLECTION_MUTABILITY] },
    (_h, _t, [setting]) => [collectionMutability(deref(setting as Value))],
  ),
  fn(
    'create_token_id',
    { params: [TOKEN_DATA_ID, 'u64'], returns: [TOKEN_ID] },
    (_h, _t, [dataId, version]) => [[dataId as Value, version as Value]],
  ),
  fn(
    'create_token_data_id',
    { params: ['address', S, S], returns: [TOKEN_DATA_ID] },
    (_h, _t, [creator, collection, name]) => [
      tokenDataId(creator as Value, collection as Value, name as Value),
    ],
  ),
  fn(
    'create_token_id_raw',
    { params: ['address', S, S, 'u64'], returns: [TOKEN_ID] },
    (_h, _t, [creator, collection, name, version]) => [
      tokenIdRaw(creator as Value, collection as Value, name as Value, version as Value),
    ],
  ),
  fn(
    'balance_of',
    { params: ['address', TOKEN_ID], returns: ['u64'] },
    (host, _t, [owner, tokenId]) => [balanceOf(host, owner as LongAddress, tokenId as Value)],
  ),
  fn('has_token_store', { params: ['address'], returns: ['bool'] }, (host, _t, [owner]) => [
    resourceExists(host, owner as LongAddress, TOKEN_STORE),
  ]),
  fn('get_royalty', { params: [TOKEN_ID], returns: [ROYALTY] }, (host, _t, [tokenId]) => {
    const dataId = dataIdOf(tokenId as Value);
    return [copyValue(tokenData(host, creatorOf(dataId), dataId)[TD.royalty] as Value)];
  }),
  field('get_royalty_numerator', ROYALTY, 'u64', 0),
  field('get_royalty_denominator', ROYALTY, 'u64', 1),
  field('get_royalty_payee', ROYALTY, 'address', 2),
  field('get_token_amount', TOKEN_T, 'u64', 1),
  fn(
    'get_token_id_fields',
    { params: [`&${TOKEN_ID}`], returns: ['address', S, S, 'u64'] },
    (_h, _t, [tokenId]) => [
      ...(copyValue(dataIdOf(deref(tokenId as Value))) as Value[]),
      versionOf(deref(tokenId as Value)),
    ],
  ),
  fn(
    'get_token_data_id_fields',
    { params: [`&${TOKEN_DATA_ID}`], returns: ['address', S, S] },
    (_h, _t, [dataId]) => copyValue(deref(dataId as Value)) as Value[],
  ),
  fn(
    'get_property_map',
    { params: ['address', TOKEN_ID], returns: [PROPERTY_MAP] },
    (host, _t, [owner, tokenId]) => {
      const id = tokenId as Value;
      check(balanceOf(host, owner as LongAddress, id) > 0n, 'notFound', 'EINSUFFICIENT_BALANCE');
      if (versionOf(id) === 0n) {
        const entry = tokenDataItem(
          host,
          collectionsAt(host, creatorOf(dataIdOf(id))),
          dataIdOf(id),
        );
        if (entry.cell[0] === undefined) fail('notFound', 'ETOKEN_DATA_NOT_PUBLISHED');
        return [copyValue((entry.cell[0] as Value[])[TD_PROPERTIES] as Value)];
      }
      const store = borrowResource(host, owner as LongAddress, TOKEN_STORE) as Value[];
      return [copyValue(present(tokenItem(host, store, id))[2] as Value)];
    },
  ),
  dataField('get_tokendata_maximum', 'u64', TD.maximum),
  fn(
    'get_tokendata_uri',
    { params: ['address', TOKEN_DATA_ID], returns: [S] },
    (host, _t, [creator, dataId]) => [
      copyValue(tokenData(host, creator as LongAddress, dataId as Value)[TD.uri] as Value),
    ],
  ),
  dataField('get_tokendata_description', S, TD_DESCRIPTION),
  dataField('get_tokendata_royalty', ROYALTY, TD.royalty),
  fn('get_tokendata_id', { params: [TOKEN_ID], returns: [TOKEN_DATA_ID] }, (_h, _t, [tokenId]) => [
    dataIdOf(tokenId as Value),
  ]),
  dataField('get_tokendata_mutability_config', TOKEN_MUTABILITY, TD_MUTABILITY),
  field('get_token_mutability_maximum', TOKEN_MUTABILITY, 'bool', 0),
  field('get_token_mutability_royalty', TOKEN_MUTABILITY, 'bool', 2),
  field('get_token_mutability_uri', TOKEN_MUTABILITY, 'bool', 1),
  field('get_token_mutability_description', TOKEN_MUTABILITY, 'bool', 3),
  field('get_token_mutability_default_properties', TOKEN_MUTABILITY, 'bool', 4),
  fn(
    'get_collection_mutability_config',
    { params: ['address', S], returns: [COLLECTION_MUTABILITY], isView: true },
    (host, _t, [creator, name]) => [
      copyValue(
        collectionData(host, creator as LongAddress, name as Value)[CD.mutability] as Value,
      ),
    ],
  ),
  field('get_collection_mutability_description', COLLECTION_MUTABILITY, 'bool', 0),
  field('get_collection_mutability_uri', COLLECTION_MUTABILITY, 'bool', 1),
  field('get_collection_mutability_maximum', COLLECTION_MUTABILITY, 'bool', 2),
];
