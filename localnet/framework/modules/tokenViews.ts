/**
 * `0x4::token`'s state and accessors: `Token`, `TokenIdentifiers` (the index and name a node keeps
 * as aggregator snapshots), the `#[view]` functions and the seeds and addresses of named tokens.
 * The creating and mutating functions are in `token.ts`.
 */
import type { Json, LongAddress } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import type { ResourceValue } from '../../storage/types.ts';
import { resourceKey } from '../../storage/types.ts';
import { fn } from '../abi.ts';
import type { NativeFunction } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError } from '../context.ts';
import { namedObjectAddress } from '../objects.ts';
import { deref, fieldsOf, objectAddress, readResource, str } from '../vmState.ts';
import { borrowCollection, collectionAddressOf, COLLECTION_TYPE } from './collection.ts';
import { royaltyOf } from './royalty.ts';
import {
  addressToObject,
  checkLength,
  COLLECTION_OBJECT,
  KEY,
  OBJECT_T,
  OPTION_ROYALTY,
  optional,
  outOfRange,
  STRING,
} from './tokenObjects.ts';

export const TOKEN = '0x4::token';
export const TOKEN_TYPE = '0x4::token::Token';
export const TOKEN_IDENTIFIERS = '0x4::token::TokenIdentifiers';
export const MAX_TOKEN_NAME = 128;

export const tokenErrors = {
  missing: moduleError(
    ERROR_CATEGORY.notFound,
    1n,
    'ETOKEN_DOES_NOT_EXIST',
    'The token does not exist',
  ),
  notCreator: moduleError(
    ERROR_CATEGORY.unauthenticated,
    2n,
    'ENOT_CREATOR',
    'The provided signer is not the creator',
  ),
  nameTooLong: outOfRange(4n, 'ETOKEN_NAME_TOO_LONG', 'The token name is over the maximum length'),
  uriTooLong: outOfRange(5n, 'EURI_TOO_LONG', 'The URI is over the maximum length'),
  descriptionTooLong: outOfRange(
    6n,
    'EDESCRIPTION_TOO_LONG',
    'The description is over the maximum length',
  ),
  seedTooLong: outOfRange(7n, 'ESEED_TOO_LONG', 'The seed is over the maximum length'),
  notOwner: moduleError(
    ERROR_CATEGORY.unauthenticated,
    8n,
    'ENOT_OWNER',
    'The calling signer is not the owner',
  ),
};

/** `Token`'s fields in order. */
export const T = { collection: 0, index: 1, description: 2, name: 3, uri: 4, events: 5 } as const;

/** `borrow(&token)`: the `Token` at `address`, `ETOKEN_DOES_NOT_EXIST` when none. */
export function borrowToken(host: NativeHost, address: LongAddress): Value[] {
  const token = readResource(host, address, TOKEN_TYPE);
  if (token === undefined) abort(TOKEN, tokenErrors.missing);
  return token as Value[];
}

/** The token's collection address (`Token.collection`). */
export const tokenCollection = (token: Value[]): LongAddress =>
  objectAddress(token[T.collection] as Value);

/** `TokenIdentifiers` as stored (`{ index: { value }, name: { value, padding } }`), or `null`. */
export function identifiersOf(host: NativeHost, address: LongAddress): ResourceValue | null {
  return host.session.ctx.get(resourceKey(address, TOKEN_IDENTIFIERS)) as ResourceValue | null;
}

const identifier = (ids: ResourceValue, field: 'index' | 'name'): string =>
  (ids.data[field] as { value: string }).value;

/** `token::name`: `TokenIdentifiers.name` when the token has one, else `Token.name`. */
export function tokenName(host: NativeHost, address: LongAddress): Value {
  const ids = identifiersOf(host, address);
  return ids === null
    ? (borrowToken(host, address)[T.name] as Value)
    : str(identifier(ids, 'name'));
}

/** `token::index`. */
export function tokenIndex(host: NativeHost, address: LongAddress): bigint {
  const ids = identifiersOf(host, address);
  return ids === null
    ? (borrowToken(host, address)[T.index] as bigint)
    : BigInt(identifier(ids, 'index'));
}

/** `token::creator`: the creator of the token's collection. */
export const tokenCreator = (host: NativeHost, address: LongAddress): LongAddress =>
  borrowCollection(host, tokenCollection(borrowToken(host, address)))[0] as LongAddress;

const bytesOf = (s: Value): number[] => [...(fieldsOf(s)[0] as number[])];
const COLONS = [0x3a, 0x3a];

/** `create_token_seed(collection, name)`: `collection ‖ "::" ‖ name`. */
export function tokenSeed(collection: Value, name: Value): number[] {
  checkLength(TOKEN, name, MAX_TOKEN_NAME, tokenErrors.nameTooLong);
  return [...bytesOf(collection), ...COLONS, ...bytesOf(name)];
}

/** `create_token_name_with_seed(collection, name, seed)`. */
export function tokenSeedWithSeed(collection: Value, name: Value, seed: Value): number[] {
  checkLength(TOKEN, seed, 128, tokenErrors.seedTooLong);
  return [...tokenSeed(collection, name), ...bytesOf(seed)];
}

const addressOf = (creator: LongAddress, seed: number[]): LongAddress =>
  namedObjectAddress(creator, Uint8Array.from(seed));

/** `token::royalty`: the token's own royalty, else its collection's. */
function royalty(host: NativeHost, address: LongAddress): Value {
  const token = borrowToken(host, address);
  const own = royaltyOf(host, address);
  if (optional(own) !== undefined) return own;
  const collection = borrowCollection(host, tokenCollection(token));
  const collectionAddress = collectionAddressOf(
    collection[0] as LongAddress,
    collection[2] as Value,
  );
  addressToObject(host, collectionAddress, COLLECTION_TYPE);
  return royaltyOf(host, collectionAddress);
}

const view = (
  name: string,
  returns: string,
  read: (host: NativeHost, address: LongAddress) => Value,
): NativeFunction =>
  fn(
    name,
    { params: [OBJECT_T], returns: [returns], typeParams: KEY, isView: true },
    (host, _t, [object]) => {
      host.charge(5_000);
      return [read(host, objectAddress(object as Value))];
    },
  );

const tokenField =
  (index: number) =>
  (host: NativeHost, address: LongAddress): Value =>
    borrowToken(host, address)[index] as Value;

export const tokenViews: NativeFunction[] = [
  view('creator', 'address', tokenCreator),
  view('collection_name', STRING, (host, address) => {
    const token = borrowToken(host, address);
    return borrowCollection(host, tokenCollection(token))[2] as Value;
  }),
  view('collection_object', COLLECTION_OBJECT, tokenField(T.collection)),
  view('description', STRING, tokenField(T.description)),
  view('name', STRING, tokenName),
  view('uri', STRING, tokenField(T.uri)),
  view('index', 'u64', tokenIndex),
  view('royalty', OPTION_ROYALTY, royalty),
  fn(
    'create_token_address',
    { params: ['&address', `&${STRING}`, `&${STRING}`], returns: ['address'] },
    (host, _t, [creator, collection, name]) => {
      host.charge(10_000);
      return [
        addressOf(
          deref(creator as Value) as LongAddress,
          tokenSeed(collection as Value, name as Value),
        ),
      ];
    },
  ),
  fn(
    'create_token_address_with_seed',
    { params: ['address', STRING, STRING, STRING], returns: ['address'], isView: true },
    (host, _t, [creator, collection, name, seed]) => {
      host.charge(10_000);
      const bytes = tokenSeedWithSeed(collection as Value, name as Value, seed as Value);
      return [addressOf(creator as LongAddress, bytes)];
    },
  ),
  fn(
    'create_token_seed',
    { params: [`&${STRING}`, `&${STRING}`], returns: ['vector<u8>'] },
    (host, _t, [collection, name]) => {
      host.charge(5_000);
      return [tokenSeed(collection as Value, name as Value)];
    },
  ),
  fn(
    'create_token_name_with_seed',
    { params: [`&${STRING}`, `&${STRING}`, `&${STRING}`], returns: ['vector<u8>'] },
    (host, _t, [collection, name, seed]) => {
      host.charge(5_000);
      return [tokenSeedWithSeed(collection as Value, name as Value, seed as Value)];
    },
  ),
];

/** `DerivedStringSnapshot`'s zero padding, as a node sizes it (`aptos_aggregator`'s widths). */
export function derivedStringJson(text: string, width: number): Json {
  const bytes = Buffer.byteLength(text, 'utf8');
  const padding = width - bcsSize(bytes) - 1;
  return { padding: `0x${'00'.repeat(Math.max(0, padding))}`, value: text };
}

/** `bcs_size_of_byte_array`: the length's ULEB128 and the bytes. */
export function bcsSize(length: number): number {
  let size = 1;
  for (let n = length; n >= 0x80; n >>= 7) size += 1;
  return size + length;
}

/** `calculate_width_for_constant_string`: room for the bytes or a u64 delayed-field id. */
export const constantStringWidth = (length: number): number => Math.max(bcsSize(length) + 1, 22);

/** `calculate_width_for_integer_embedded_string` of a numbered token (u64 index: 20 digits). */
export const numberedStringWidth = (restLength: number): number => bcsSize(restLength + 20) + 1;
