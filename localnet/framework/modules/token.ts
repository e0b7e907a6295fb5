import type { LongAddress } from '../../encoding.ts';
import { must, parseAddress, shortAddress } from '../../encoding.ts';
import type { MoveVal } from '../../executor/moveValues.ts';
import type { ResourceValue, StateReader } from '../../storage/types.ts';
import { resourceKey } from '../../storage/types.ts';
import { eventHandle, struct, view } from '../abi.ts';
import { resource } from '../assets.ts';
import type { NativeContext, NativeFunction, NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError } from '../context.ts';
import {
  createObject,
  deleteObject,
  newObjectAddress,
  objectOwner,
  readObjectCore,
} from '../objects.ts';
import {
  checkLengths,
  collectionErrors,
  type LengthErrors,
  decrementSupply,
  incrementSupply,
  readCollection,
  TOKEN_OBJECTS_ADDRESS,
} from './collection.ts';
import { collectionAddress } from '../objects.ts';

const TOKEN = '0x4::token';
export const TOKEN_TYPE = '0x4::token::Token';

export const tokenErrors = {
  missing: moduleError(
    ERROR_CATEGORY.notFound,
    1n,
    'ETOKEN_DOES_NOT_EXIST',
    'The token does not exist',
  ),
  notCreator: moduleError(
    ERROR_CATEGORY.permissionDenied,
    2n,
    'ENOT_CREATOR',
    'The provided signer is not the creator',
  ),
};

const TOKEN_LENGTHS: LengthErrors = {
  name: moduleError(
    ERROR_CATEGORY.outOfRange,
    4n,
    'ETOKEN_NAME_TOO_LONG',
    'The token name is over the maximum length',
  ),
  nameMax: 128,
  uri: moduleError(
    ERROR_CATEGORY.outOfRange,
    5n,
    'EURI_TOO_LONG',
    'The URI is over the maximum length',
  ),
  description: moduleError(
    ERROR_CATEGORY.outOfRange,
    6n,
    'EDESCRIPTION_TOO_LONG',
    'The description is over the maximum length',
  ),
};

export function readToken(state: StateReader, address: LongAddress): ResourceValue | null {
  return state.get(resourceKey(address, TOKEN_TYPE)) as ResourceValue | null;
}

export function requireToken(state: StateReader, address: LongAddress): ResourceValue {
  const token = readToken(state, address);
  if (token === null) abort(TOKEN, tokenErrors.missing);
  return token;
}

/** The token's collection address (`Token.collection.inner`). */
export function tokenCollection(token: ResourceValue): LongAddress {
  return must(parseAddress((token.data.collection as { inner: string }).inner));
}

/** `token::creator`: the creator of the token's collection. */
export function tokenCreator(state: StateReader, token: ResourceValue): LongAddress {
  const collection = readCollection(state, tokenCollection(token));
  if (collection === null) abort('0x4::collection', collectionErrors.missing);
  return must(parseAddress(collection.data.creator as string));
}

/**
 * `token::create`: a fresh object owned by the creator in the creator's collection named
 * `collection`, with `Token`; the collection's supply goes up (`0x4::collection::Mint`).
 */
export function createToken(
  ctx: NativeContext,
  creator: LongAddress,
  args: { collection: string; description: string; name: string; uri: string },
): LongAddress {
  checkLengths(TOKEN, TOKEN_LENGTHS, args);
  const collection = collectionAddress(creator, args.collection);
  if (readCollection(ctx, collection) === null) abort('0x4::collection', collectionErrors.missing);
  const address = newObjectAddress(ctx, creator);
  createObject(ctx, address, creator);
  const index = incrementSupply(ctx, collection, address);
  ctx.write(
    resourceKey(address, TOKEN_TYPE),
    resource(address, TOKEN_TYPE, {
      collection: { inner: shortAddress(collection) },
      description: args.description,
      index: index.toString(),
      mutation_events: {
        counter: '0',
        guid: { id: { addr: shortAddress(address), creation_num: '1125899906842625' } },
      },
      name: args.name,
      uri: args.uri,
    }),
  );
  return address;
}

/** `token::set_{description,name,uri}`: emits `0x4::token::Mutation`. */
export function mutateToken(
  ctx: NativeContext,
  address: LongAddress,
  field: 'description' | 'name' | 'uri',
  value: string,
): void {
  const token = requireToken(ctx, address);
  checkLengths(TOKEN, TOKEN_LENGTHS, { [field]: value });
  ctx.emit('0x4::token::Mutation', {
    token_address: shortAddress(address),
    mutated_field_name: field,
    old_value: token.data[field] as string,
    new_value: value,
  });
  ctx.write(resourceKey(address, TOKEN_TYPE), {
    ...token,
    data: { ...token.data, [field]: value },
  });
}

/** `token::burn`: deletes `Token` and the object; the collection's supply goes down. */
export function burnToken(ctx: NativeContext, address: LongAddress): void {
  const token = requireToken(ctx, address);
  const core = readObjectCore(ctx, address);
  const owner = core === null ? address : objectOwner(core);
  ctx.write(resourceKey(address, TOKEN_TYPE), null);
  deleteObject(ctx, address);
  decrementSupply(ctx, tokenCollection(token), address, token.data.index as string, owner);
}

const fieldView = (
  name: string,
  returns: string,
  read: (ctx: NativeContext, t: ResourceValue) => MoveVal,
) =>
  view(
    name,
    ['0x1::object::Object<T0>'],
    [returns],
    (ctx, _t, [address]) => [read(ctx, requireToken(ctx, address as LongAddress))],
    [['key']],
  );

const tokenViews: NativeFunction[] = [
  fieldView('creator', 'address', (ctx, t) => tokenCreator(ctx, t)),
  fieldView('collection_name', '0x1::string::String', (ctx, t) => {
    const collection = readCollection(ctx, tokenCollection(t));
    return collection === null ? '' : (collection.data.name as string);
  }),
  fieldView('collection_object', '0x1::object::Object<0x4::collection::Collection>', (_c, t) =>
    tokenCollection(t),
  ),
  fieldView('description', '0x1::string::String', (_c, t) => t.data.description as string),
  fieldView('name', '0x1::string::String', (_c, t) => t.data.name as string),
  fieldView('uri', '0x1::string::String', (_c, t) => t.data.uri as string),
  fieldView('index', 'u64', (_c, t) => BigInt(t.data.index as string)),
];

export const tokenModule: NativeModule = {
  address: TOKEN_OBJECTS_ADDRESS,
  name: 'token',
  friends: [],
  structs: [
    struct(
      'Token',
      ['key'],
      [
        ['collection', '0x1::object::Object<0x4::collection::Collection>'],
        ['index', 'u64'],
        ['description', '0x1::string::String'],
        ['name', '0x1::string::String'],
        ['uri', '0x1::string::String'],
        ['mutation_events', eventHandle('0x4::token::MutationEvent')],
      ],
    ),
    struct(
      'Mutation',
      ['drop', 'store'],
      [
        ['token_address', 'address'],
        ['mutated_field_name', '0x1::string::String'],
        ['old_value', '0x1::string::String'],
        ['new_value', '0x1::string::String'],
      ],
      { isEvent: true },
    ),
  ],
  functions: tokenViews,
};
