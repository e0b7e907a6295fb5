/**
 * `0x3::token`'s state changes on the VM's values, in `token.move`'s order of checks: the
 * `Collections` and `TokenStore` resources, their tables (collection data, token data, tokens),
 * and the module events the current source emits (`TokenDeposit`, `TokenWithdraw`, `Mint`, …).
 */
import type { LongAddress } from '../../../encoding.ts';
import { BytecodeAbort } from '../../../move/vm/errors.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { copyValue, valueEquals } from '../../../move/vm/values.ts';
import {
  borrowResource,
  emitEvent,
  fieldsOf,
  readResource,
  resourceExists,
  str,
  writeResource,
} from '../../vmState.ts';
import { containsKey, emptyMap, newMap, readBool, updateMap } from './propertyMap.ts';
import {
  add,
  addItem,
  at,
  byteLength,
  check,
  COLLECTIONS,
  creatorOf,
  dataIdOf,
  fail,
  item,
  newEventHandle,
  present,
  removeItem,
  STRING,
  sub,
  TOKEN_DATA_ID,
  TOKEN_ID,
  TOKEN_STORE,
  TOKEN_T,
  versionOf,
} from './shared.ts';

const MAX_COLLECTION_NAME_LENGTH = 128;
const MAX_NFT_NAME_LENGTH = 128;
const MAX_URI_LENGTH = 512;
/** Execution charged per token state change, as the native asset functions charge theirs. */
const STATE_CHANGE = 450_000;

const TOKEN_DATA = '0x3::token::TokenData';
const COLLECTION_DATA = '0x3::token::CollectionData';
const event = (name: string) => `0x3::token::${name}`;

// Field positions of the module's structs.
export const TD = { maximum: 0, largest: 1, supply: 2, uri: 3, royalty: 4, name: 5 } as const;
export const TD_DESCRIPTION = 6;
export const TD_PROPERTIES = 7;
export const TD_MUTABILITY = 8;
export const CD = { description: 0, name: 1, uri: 2, supply: 3, maximum: 4, mutability: 5 };

/** `create_token_data_id`, with its length checks. */
export function tokenDataId(creator: Value, collection: Value, name: Value): Value {
  check(
    byteLength(collection) <= MAX_COLLECTION_NAME_LENGTH,
    'invalidArgument',
    'ECOLLECTION_NAME_TOO_LONG',
  );
  check(byteLength(name) <= MAX_NFT_NAME_LENGTH, 'invalidArgument', 'ENFT_NAME_TOO_LONG');
  return [creator, collection, name];
}

/** `create_token_id_raw`. */
export const tokenIdRaw = (
  creator: Value,
  collection: Value,
  name: Value,
  version: Value,
): Value => [tokenDataId(creator, collection, name), version];

/** `create_royalty`. */
export function royalty(numerator: Value, denominator: Value, payee: Value): Value {
  check(
    (numerator as bigint) <= (denominator as bigint),
    'invalidArgument',
    'EINVALID_ROYALTY_NUMERATOR_DENOMINATOR',
  );
  return [numerator, denominator, payee];
}

export const tokenMutability = (setting: Value): Value =>
  [0, 1, 2, 3, 4].map((i) => at(setting, i));
export const collectionMutability = (setting: Value): Value => [0, 1, 2].map((i) => at(setting, i));

export const checkUri = (uri: Value): void =>
  check(byteLength(uri) <= MAX_URI_LENGTH, 'invalidArgument', 'EURI_TOO_LONG');

// ---------------------------------------------------------------------------------------------
// Resources and tables

export const collectionsAt = (host: NativeHost, creator: LongAddress): Value[] =>
  borrowResource(host, creator, COLLECTIONS) as Value[];

/** `assert!(exists<Collections>(creator), not_found(ECOLLECTIONS_NOT_PUBLISHED))`, then it. */
export function publishedCollections(host: NativeHost, creator: LongAddress): Value[] {
  const collections = readResource(host, creator, COLLECTIONS);
  if (collections === undefined) fail('notFound', 'ECOLLECTIONS_NOT_PUBLISHED');
  return collections as Value[];
}

export const collectionItem = (host: NativeHost, collections: Value[], name: Value) =>
  item(host, collections[0] as Value, STRING, COLLECTION_DATA, name);
export const tokenDataItem = (host: NativeHost, collections: Value[], dataId: Value) =>
  item(host, collections[1] as Value, TOKEN_DATA_ID, TOKEN_DATA, dataId);
export const tokenItem = (host: NativeHost, store: Value[], tokenId: Value) =>
  item(host, store[0] as Value, TOKEN_ID, TOKEN_T, tokenId);

/** `assert_collection_exists` and the collection's data. */
export function collectionData(host: NativeHost, creator: LongAddress, name: Value): Value[] {
  const entry = collectionItem(host, publishedCollections(host, creator), name);
  if (entry.cell[0] === undefined) fail('notFound', 'ECOLLECTION_NOT_PUBLISHED');
  return entry.cell[0] as Value[];
}

/** The token data of `dataId` under `creator` (ECOLLECTIONS_NOT_PUBLISHED, ETOKEN_DATA_NOT_PUBLISHED). */
export function tokenData(host: NativeHost, creator: LongAddress, dataId: Value): Value[] {
  const entry = tokenDataItem(host, publishedCollections(host, creator), dataId);
  if (entry.cell[0] === undefined) fail('notFound', 'ETOKEN_DATA_NOT_PUBLISHED');
  return entry.cell[0] as Value[];
}

/** `assert_tokendata_exists(creator, token_data_id)` and the token data. */
export function ownTokenData(host: NativeHost, signer: LongAddress, dataId: Value): Value[] {
  const creator = creatorOf(dataId);
  check(signer === creator, 'permissionDenied', 'ENO_MUTATE_CAPABILITY');
  return tokenData(host, creator, dataId);
}

/** `initialize_token_store`: a `TokenStore` with a new table and four event handles. */
export function initializeTokenStore(host: NativeHost, account: LongAddress): void {
  if (resourceExists(host, account, TOKEN_STORE)) return;
  const tokens = [host.session.newTableHandle()];
  const handles = [0, 1, 2, 3].map(() => newEventHandle(host, account));
  writeResource(host, account, TOKEN_STORE, [tokens, false, ...handles]);
}

export function balanceOf(host: NativeHost, owner: LongAddress, tokenId: Value): bigint {
  const store = readResource(host, owner, TOKEN_STORE);
  if (store === undefined) return 0n;
  const token = tokenItem(host, store as Value[], tokenId).cell[0];
  return token === undefined ? 0n : ((token as Value[])[1] as bigint);
}

export function directTransferAllowed(host: NativeHost, receiver: LongAddress): boolean {
  return fieldsOf(borrowResource(host, receiver, TOKEN_STORE))[1] as boolean;
}

/** `withdraw_with_event_internal`: `amount` of `tokenId` out of `owner`'s store. */
export function withdrawInternal(
  host: NativeHost,
  owner: LongAddress,
  tokenId: Value,
  amount: Value,
): Value[] {
  host.charge(STATE_CHANGE);
  check((amount as bigint) > 0n, 'invalidArgument', 'EWITHDRAW_ZERO');
  check(
    balanceOf(host, owner, tokenId) >= (amount as bigint),
    'invalidArgument',
    'EINSUFFICIENT_BALANCE',
  );
  const store = readResource(host, owner, TOKEN_STORE);
  if (store === undefined) fail('notFound', 'ETOKEN_STORE_NOT_PUBLISHED');
  emitEvent(host, event('TokenWithdraw'), [owner, copyValue(tokenId), amount]);
  const entry = tokenItem(host, store as Value[], tokenId);
  if (entry.cell[0] === undefined) fail('notFound', 'ENO_TOKEN_IN_TOKEN_STORE');
  const token = entry.cell[0] as Value[];
  if ((token[1] as bigint) > (amount as bigint)) {
    token[1] = (token[1] as bigint) - (amount as bigint);
    return [copyValue(tokenId), amount, emptyMap()];
  }
  return removeItem(entry);
}

/** `merge(dst, source)`. */
export function merge(dst: Value[], source: Value[]): void {
  check(
    valueEquals(dst[0] as Value, source[0] as Value),
    'invalidArgument',
    'EINVALID_TOKEN_MERGE',
  );
  dst[1] = add(dst[1] as Value, source[1] as Value);
}

/** `direct_deposit`: the token into `owner`'s store (merged with what it holds of the same id). */
export function directDeposit(host: NativeHost, owner: LongAddress, token: Value[]): void {
  host.charge(STATE_CHANGE);
  check((token[1] as bigint) > 0n, 'invalidArgument', 'ETOKEN_CANNOT_HAVE_ZERO_AMOUNT');
  const store = borrowResource(host, owner, TOKEN_STORE) as Value[];
  emitEvent(host, event('TokenDeposit'), [owner, copyValue(token[0] as Value), token[1] as Value]);
  const entry = tokenItem(host, store, token[0] as Value);
  if (entry.cell[0] === undefined) entry.cell[0] = token;
  else merge(entry.cell[0] as Value[], token);
}

/** `deposit_token`: initializes the account's store first. */
export function depositToken(host: NativeHost, account: LongAddress, token: Value[]): void {
  initializeTokenStore(host, account);
  directDeposit(host, account, token);
}

/** `create_collection`. */
export function createCollection(
  host: NativeHost,
  creator: LongAddress,
  [name, description, uri, maximum, setting]: Value[],
): void {
  host.charge(STATE_CHANGE);
  check(
    byteLength(name as Value) <= MAX_COLLECTION_NAME_LENGTH,
    'invalidArgument',
    'ECOLLECTION_NAME_TOO_LONG',
  );
  checkUri(uri as Value);
  if (!resourceExists(host, creator, COLLECTIONS)) {
    const tables = [[host.session.newTableHandle()], [host.session.newTableHandle()]];
    const handles = [0, 1, 2].map(() => newEventHandle(host, creator));
    writeResource(host, creator, COLLECTIONS, [...tables, ...handles]);
  }
  const entry = collectionItem(host, collectionsAt(host, creator), name as Value);
  check(entry.cell[0] === undefined, 'alreadyExists', 'ECOLLECTION_ALREADY_EXISTS');
  const config = collectionMutability(setting as Value);
  addItem(entry, copyValue([description, name, uri, 0n, maximum, config] as Value[]));
  emitEvent(
    host,
    event('CreateCollection'),
    copyValue([creator, name, uri, description, maximum] as Value[]),
  );
}

/**
 * `create_tokendata`: `args` as its parameters after the signer (collection, name, description,
 * maximum, uri, payee, denominator, numerator, mutability config, keys, values, types).
 */
export function createTokenData(host: NativeHost, account: LongAddress, args: Value[]): Value {
  host.charge(STATE_CHANGE);
  const [collection, name, description, maximum, uri, payee, denominator, numerator] = args as [
    Value,
    Value,
    Value,
    Value,
    Value,
    Value,
    Value,
    Value,
  ];
  const [config, keys, values, types] = args.slice(8) as [Value, Value, Value, Value];
  check(byteLength(name) <= MAX_NFT_NAME_LENGTH, 'invalidArgument', 'ENFT_NAME_TOO_LONG');
  check(
    byteLength(collection) <= MAX_COLLECTION_NAME_LENGTH,
    'invalidArgument',
    'ECOLLECTION_NAME_TOO_LONG',
  );
  checkUri(uri);
  check(
    (numerator as bigint) <= (denominator as bigint),
    'invalidArgument',
    'EINVALID_ROYALTY_NUMERATOR_DENOMINATOR',
  );
  const collections = publishedCollections(host, account);
  const dataId = copyValue(tokenDataId(account, collection, name));
  const collectionEntry = collectionItem(host, collections, collection);
  if (collectionEntry.cell[0] === undefined) fail('notFound', 'ECOLLECTION_NOT_PUBLISHED');
  const entry = tokenDataItem(host, collections, dataId);
  check(entry.cell[0] === undefined, 'alreadyExists', 'ETOKEN_DATA_ALREADY_EXISTS');
  const data = collectionEntry.cell[0] as Value[];
  if ((data[CD.maximum] as bigint) > 0n) {
    data[CD.supply] = add(data[CD.supply] as Value, 1n);
    check(
      (data[CD.maximum] as bigint) >= (data[CD.supply] as bigint),
      'invalidArgument',
      'ECREATE_WOULD_EXCEED_COLLECTION_MAXIMUM',
    );
  }
  const properties = newMap(keys, values, types);
  const tokenDataValue = [maximum, 0n, 0n, uri, royalty(numerator, denominator, payee), name];
  addItem(entry, copyValue([...tokenDataValue, description, properties, config]));
  emitEvent(
    host,
    event('TokenDataCreation'),
    copyValue([
      account,
      dataId,
      description,
      maximum,
      uri,
      payee,
      denominator,
      numerator,
      name,
      config,
      keys,
      values,
      types,
    ]),
  );
  return dataId;
}

/** `mint_token` and `mint_token_to`: supply checked, `Mint` emitted, the new token returned. */
export function mint(
  host: NativeHost,
  account: LongAddress,
  dataId: Value,
  amount: Value,
): Value[] {
  host.charge(STATE_CHANGE);
  const creator = creatorOf(dataId);
  check(creator === account, 'permissionDenied', 'ENO_MINT_CAPABILITY');
  const entry = tokenDataItem(host, collectionsAt(host, creator), dataId);
  if (entry.cell[0] === undefined) fail('notFound', 'ETOKEN_DATA_NOT_PUBLISHED');
  const data = entry.cell[0] as Value[];
  if ((data[TD.maximum] as bigint) > 0n) {
    const supply = add(data[TD.supply] as Value, amount);
    check(
      supply <= (data[TD.maximum] as bigint),
      'invalidArgument',
      'EMINT_WOULD_EXCEED_TOKEN_MAXIMUM',
    );
    data[TD.supply] = supply;
  }
  const tokenId = [copyValue(dataId), 0n];
  emitEvent(host, event('Mint'), [creator, copyValue(dataId), amount]);
  return [tokenId, amount, emptyMap()];
}

const BURNABLE_BY_OWNER = str('TOKEN_BURNABLE_BY_OWNER');
const BURNABLE_BY_CREATOR = str('TOKEN_BURNABLE_BY_CREATOR');
const TOKEN_PROPERTY_MUTABLE = str('TOKEN_PROPERTY_MUTATBLE');

/** `burn` (by the owner) and `burn_by_creator`: the flag checked, supply and data cleaned up. */
export function burn(
  host: NativeHost,
  by: 'owner' | 'creator',
  owner: LongAddress,
  tokenId: Value,
  amount: Value,
): void {
  const creator = creatorOf(dataIdOf(tokenId));
  const collections = publishedCollections(host, creator);
  const dataEntry = tokenDataItem(host, collections, dataIdOf(tokenId));
  if (dataEntry.cell[0] === undefined) fail('notFound', 'ETOKEN_DATA_NOT_PUBLISHED');
  const data = dataEntry.cell[0] as Value[];
  const [flag, error] =
    by === 'owner'
      ? ([BURNABLE_BY_OWNER, 'EOWNER_CANNOT_BURN_TOKEN'] as const)
      : ([BURNABLE_BY_CREATOR, 'ECREATOR_CANNOT_BURN_TOKEN'] as const);
  const properties = data[TD_PROPERTIES] as Value;
  check(containsKey(properties, flag), 'permissionDenied', error);
  check(readBool(host, properties, flag), 'permissionDenied', error);
  const burned = withdrawInternal(host, owner, tokenId, amount)[1] as bigint;
  emitEvent(host, event('Burn'), [owner, copyValue(tokenId), burned]);
  if ((data[TD.maximum] as bigint) === 0n) return;
  data[TD.supply] = sub(data[TD.supply] as Value, burned);
  if (data[TD.supply] !== 0n) return;
  removeItem(dataEntry);
  const collection = present(
    collectionItem(host, collections, fieldsOf(dataIdOf(tokenId))[1] as Value),
  );
  if ((collection[CD.maximum] as bigint) === 0n) return;
  collection[CD.supply] = sub(collection[CD.supply] as Value, 1n);
  if (collection[CD.supply] === 0n) {
    removeItem(collectionItem(host, collections, collection[CD.name] as Value));
  }
}

/** `assert_non_standard_reserved_property`: no key may start with `TOKEN_`. */
export function checkNotReserved(keys: Value): void {
  for (const key of fieldsOf(keys)) {
    const bytes = fieldsOf(key)[0] as number[];
    if (bytes.length < 6) continue;
    // string::sub_string(0, 6) aborts off a UTF-8 character boundary.
    const next = bytes[6];
    if (next !== undefined && next >= 0x80 && next < 0xc0) {
      throw new BytecodeAbort('0x1::string', 2n, null);
    }
    const prefix = Buffer.from(bytes.slice(0, 6)).toString('utf8');
    check(prefix !== 'TOKEN_', 'permissionDenied', 'EPROPERTY_RESERVED_BY_STANDARD');
  }
}

function updateTokenProperties(
  host: NativeHost,
  owner: LongAddress,
  tokenId: Value,
  changes: Value[],
) {
  const store = borrowResource(host, owner, TOKEN_STORE) as Value[];
  const entry = tokenItem(host, store, tokenId);
  if (entry.cell[0] === undefined) fail('notFound', 'ENO_TOKEN_IN_TOKEN_STORE');
  const [keys, values, types] = changes as [Value, Value, Value];
  checkNotReserved(keys);
  updateMap((entry.cell[0] as Value[])[2] as Value, keys, values, types);
}

/** `mutate_one_token`: a property version 0 token becomes a new version; returns its id. */
export function mutateOneToken(
  host: NativeHost,
  account: LongAddress,
  owner: LongAddress,
  tokenId: Value,
  changes: Value[],
): Value {
  const creator = creatorOf(dataIdOf(tokenId));
  check(account === creator, 'permissionDenied', 'ENO_MUTATE_CAPABILITY');
  const data = tokenData(host, creator, dataIdOf(tokenId));
  const defaults = data[TD_PROPERTIES] as Value;
  if (!(fieldsOf(data[TD_MUTABILITY] as Value)[4] as boolean)) {
    check(containsKey(defaults, TOKEN_PROPERTY_MUTABLE), 'permissionDenied', 'EFIELD_NOT_MUTABLE');
    check(
      readBool(host, defaults, TOKEN_PROPERTY_MUTABLE),
      'permissionDenied',
      'EFIELD_NOT_MUTABLE',
    );
  }
  const [keys, values, types] = changes.map(copyValue) as [Value, Value, Value];
  let newId = tokenId;
  if (versionOf(tokenId) === 0n) {
    withdrawInternal(host, owner, tokenId, 1n);
    const version = add(data[TD.largest] as Value, 1n);
    newId = [copyValue(dataIdOf(tokenId)), version];
    directDeposit(host, owner, [newId, 1n, copyValue(defaults)]);
    updateTokenProperties(host, owner, newId, [keys, values, types]);
    data[TD.largest] = version;
  } else {
    updateTokenProperties(host, owner, tokenId, [keys, values, types]);
  }
  const mutated = [owner, tokenId, newId, keys, values, types].map(copyValue);
  emitEvent(host, event('MutatePropertyMap'), mutated);
  return copyValue(newId);
}
