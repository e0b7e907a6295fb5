/**
 * `0x4::aptos_token`'s state (`AptosCollection`, `AptosToken`), its borrow checks and its
 * read-only functions; the entry functions are in `aptosToken.ts`.
 */
import type { LongAddress } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import { fn } from '../abi.ts';
import type { NativeFunction } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError } from '../context.ts';
import { objectAddress, optionValue, readResource, signerAddress } from '../vmState.ts';
import { borrowCollection } from './collection.ts';
import { KEY, OBJECT_T } from './tokenObjects.ts';
import { borrowToken, tokenCollection, tokenCreator } from './tokenViews.ts';

export const APTOS_TOKEN = '0x4::aptos_token';
export const APTOS_COLLECTION_TYPE = '0x4::aptos_token::AptosCollection';
export const APTOS_TOKEN_TYPE = '0x4::aptos_token::AptosToken';

const denied = (reason: bigint, name: string, doc: string) =>
  moduleError(ERROR_CATEGORY.permissionDenied, reason, name, doc);
export const aptosTokenErrors = {
  collectionMissing: moduleError(
    ERROR_CATEGORY.notFound,
    1n,
    'ECOLLECTION_DOES_NOT_EXIST',
    'The collection does not exist',
  ),
  tokenMissing: moduleError(
    ERROR_CATEGORY.notFound,
    2n,
    'ETOKEN_DOES_NOT_EXIST',
    'The token does not exist',
  ),
  notCreator: denied(3n, 'ENOT_CREATOR', 'The provided signer is not the creator'),
  notMutable: denied(4n, 'EFIELD_NOT_MUTABLE', 'The field being changed is not mutable'),
  notBurnable: denied(5n, 'ETOKEN_NOT_BURNABLE', 'The token being burned is not burnable'),
  propertiesNotMutable: denied(
    6n,
    'EPROPERTIES_NOT_MUTABLE',
    'The property map being mutated is not mutable',
  ),
};

/** `AptosCollection`'s fields in order. */
export const AC = {
  mutatorRef: 0,
  royaltyMutatorRef: 1,
  description: 2,
  uri: 3,
  tokenDescription: 4,
  tokenName: 5,
  tokenProperties: 6,
  tokenUri: 7,
  burnable: 8,
  freezable: 9,
} as const;

/** `AptosToken`'s fields in order. */
export const AT = { burnRef: 0, transferRef: 1, mutatorRef: 2, propertyMutatorRef: 3 } as const;

/** `borrow_collection`: the `AptosCollection` at `address`. */
export function borrowAptosCollection(host: NativeHost, address: LongAddress): Value[] {
  const collection = readResource(host, address, APTOS_COLLECTION_TYPE);
  if (collection === undefined) abort(APTOS_TOKEN, aptosTokenErrors.collectionMissing);
  return collection as Value[];
}

/** `borrow`: the `AptosToken` at `address`. */
export function borrowAptosToken(host: NativeHost, address: LongAddress): Value[] {
  const token = readResource(host, address, APTOS_TOKEN_TYPE);
  if (token === undefined) abort(APTOS_TOKEN, aptosTokenErrors.tokenMissing);
  return token as Value[];
}

/** `authorized_borrow`: the `AptosToken`, the signer being its collection's creator. */
export function authorizedToken(host: NativeHost, token: LongAddress, creator: Value): Value[] {
  const aptosToken = borrowAptosToken(host, token);
  if (tokenCreator(host, token) !== signerAddress(creator)) {
    abort(APTOS_TOKEN, aptosTokenErrors.notCreator);
  }
  return aptosToken;
}

/** `authorized_borrow_collection`: the `AptosCollection`, the signer being its creator. */
export function authorizedCollection(
  host: NativeHost,
  collection: LongAddress,
  creator: Value,
): Value[] {
  const aptosCollection = borrowAptosCollection(host, collection);
  if (borrowCollection(host, collection)[0] !== signerAddress(creator)) {
    abort(APTOS_TOKEN, aptosTokenErrors.notCreator);
  }
  return aptosCollection;
}

/** A flag of the token's collection (`token::collection_object` then `borrow_collection`). */
export const tokenFlag = (host: NativeHost, token: LongAddress, flag: number): boolean =>
  borrowAptosCollection(host, tokenCollection(borrowToken(host, token)))[flag] as boolean;

const tokenView = (name: string, flag: number): NativeFunction =>
  fn(
    name,
    { params: [OBJECT_T], returns: ['bool'], typeParams: KEY, isView: true },
    (host, _t, [token]) => {
      host.charge(5_000);
      return [tokenFlag(host, objectAddress(token as Value), flag)];
    },
  );

const collectionFlag = (name: string, read: (collection: Value[]) => boolean): NativeFunction =>
  fn(name, { params: [OBJECT_T], returns: ['bool'], typeParams: KEY }, (host, _t, [collection]) => {
    host.charge(5_000);
    return [read(borrowAptosCollection(host, objectAddress(collection as Value)))];
  });

const flag = (index: number) => (collection: Value[]) => collection[index] as boolean;

export const aptosTokenViews: NativeFunction[] = [
  tokenView('are_properties_mutable', AC.tokenProperties),
  fn(
    'is_burnable',
    { params: [OBJECT_T], returns: ['bool'], typeParams: KEY, isView: true },
    (host, _t, [token]) => {
      host.charge(5_000);
      const aptosToken = borrowAptosToken(host, objectAddress(token as Value));
      return [optionValue(aptosToken[AT.burnRef] as Value) !== undefined];
    },
  ),
  tokenView('is_freezable_by_creator', AC.freezable),
  tokenView('is_mutable_description', AC.tokenDescription),
  tokenView('is_mutable_name', AC.tokenName),
  tokenView('is_mutable_uri', AC.tokenUri),
  collectionFlag('is_mutable_collection_description', flag(AC.description)),
  collectionFlag(
    'is_mutable_collection_royalty',
    (collection) => optionValue(collection[AC.royaltyMutatorRef] as Value) !== undefined,
  ),
  collectionFlag('is_mutable_collection_uri', flag(AC.uri)),
  collectionFlag('is_mutable_collection_token_description', flag(AC.tokenDescription)),
  collectionFlag('is_mutable_collection_token_name', flag(AC.tokenName)),
  collectionFlag('is_mutable_collection_token_uri', flag(AC.tokenUri)),
  collectionFlag('is_mutable_collection_token_properties', flag(AC.tokenProperties)),
  collectionFlag('are_collection_tokens_burnable', flag(AC.burnable)),
  collectionFlag('are_collection_tokens_freezable', flag(AC.freezable)),
];
