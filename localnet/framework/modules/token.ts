import type { LongAddress } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import { resourceKey } from '../../storage/types.ts';
import { eventHandle, fn, struct } from '../abi.ts';
import { resource } from '../assets.ts';
import type { NativeFunction, NativeModule } from '../context.ts';
import { abort } from '../context.ts';
import {
  emitEvent,
  fieldsOf,
  none,
  objectAddress,
  optionValue,
  removeResource,
  resourceExists,
  signerAddress,
  some,
  str,
  textOf,
  updateResource,
  writeResource,
} from '../vmState.ts';
import {
  borrowCollection,
  collectionAddressOf,
  COLLECTION_TYPE,
  decrementSupply,
  incrementSupply,
} from './collection.ts';
import { deleteRoyalty, initRoyalty, ROYALTY_TYPE } from './royalty.ts';
import {
  addressToObject,
  checkLength,
  COLLECTION_OBJECT,
  constructorAddress,
  constructorCanDelete,
  CONSTRUCTOR_REF,
  createNamedObject,
  createObjectFromAccount,
  deleteObject,
  createObjectOf,
  objectEventHandle,
  objectOwnerOf,
  OPTION_ROYALTY,
  requireCollectionOwner,
  STRING,
  TOKEN_OBJECTS_ADDRESS,
} from './tokenObjects.ts';
import {
  borrowToken,
  constantStringWidth,
  derivedStringJson,
  identifiersOf,
  MAX_TOKEN_NAME,
  numberedStringWidth,
  T,
  TOKEN,
  TOKEN_IDENTIFIERS,
  TOKEN_TYPE,
  tokenCollection,
  tokenErrors,
  tokenName,
  tokenSeed,
  tokenSeedWithSeed,
  tokenViews,
} from './tokenViews.ts';

export { TOKEN_TYPE, tokenCollection, tokenCreator, borrowToken } from './tokenViews.ts';

const MUTATOR_REF = '0x4::token::MutatorRef';
const BURN_REF = '0x4::token::BurnRef';

interface TokenArgs {
  description: Value;
  /** The whole name, or the prefix of a numbered token's. */
  name: Value;
  /** A numbered token's name suffix (the index goes between prefix and suffix). */
  suffix?: Value;
  royalty: Value;
  uri: Value;
}

/**
 * `create_common_with_collection_internal`: the checks, the supply's `Mint`, `TokenIdentifiers`
 * (index and name as a node's aggregator snapshots), `Token` (index 0 and name "", deprecated
 * there) and the royalty.
 */
function createCommon(
  host: NativeHost,
  ref: Value,
  collection: LongAddress,
  args: TokenArgs,
): void {
  host.charge(300_000);
  const address = constructorAddress(ref);
  const prefixLength = (fieldsOf(args.name)[0] as number[]).length;
  const suffixLength =
    args.suffix === undefined ? 0 : (fieldsOf(args.suffix)[0] as number[]).length;
  if (args.suffix !== undefined) {
    if (prefixLength + 20 + suffixLength > MAX_TOKEN_NAME) abort(TOKEN, tokenErrors.nameTooLong);
  } else checkLength(TOKEN, args.name, MAX_TOKEN_NAME, tokenErrors.nameTooLong);
  checkLength(TOKEN, args.description, 2048, tokenErrors.descriptionTooLong);
  checkLength(TOKEN, args.uri, 512, tokenErrors.uriTooLong);
  const index = incrementSupply(host, collection, address) ?? 0n;
  const name =
    args.suffix === undefined
      ? textOf(args.name)
      : `${textOf(args.name)}${index.toString()}${textOf(args.suffix)}`;
  const width =
    args.suffix === undefined
      ? constantStringWidth(Buffer.byteLength(name, 'utf8'))
      : numberedStringWidth(prefixLength + suffixLength);
  host.session.ctx.write(
    resourceKey(address, TOKEN_IDENTIFIERS),
    resource(address, TOKEN_IDENTIFIERS, {
      index: { value: index.toString() },
      name: derivedStringJson(name, width),
    }),
  );
  writeResource(host, address, TOKEN_TYPE, [
    [collection],
    0n,
    args.description,
    str(''),
    args.uri,
    objectEventHandle(host, address, '0x4::token::MutationEvent'),
  ]);
  const royalty = optionValue(args.royalty);
  if (royalty !== undefined) initRoyalty(host, address, royalty);
}

/** `create_common_with_collection`: the signer must have created the collection. */
function asCreator(
  host: NativeHost,
  creator: LongAddress,
  ref: Value,
  collection: LongAddress,
  args: TokenArgs,
): Value {
  if (borrowCollection(host, collection)[0] !== creator) abort(TOKEN, tokenErrors.notCreator);
  createCommon(host, ref, collection, args);
  return ref;
}

/** `create_common_with_collection_as_owner`: the signer must own the collection. */
function asOwner(
  host: NativeHost,
  owner: LongAddress,
  ref: Value,
  collection: LongAddress,
  args: TokenArgs,
): Value {
  requireCollectionOwner(host, TOKEN, 9n);
  if (objectOwnerOf(host, collection, COLLECTION_TYPE) !== owner) {
    abort(TOKEN, tokenErrors.notOwner);
  }
  createCommon(host, ref, collection, args);
  return ref;
}

/** `create_common`: the collection named `collection` of the creator. */
function byName(host: NativeHost, creator: LongAddress, collectionName: Value): LongAddress {
  const address = collectionAddressOf(creator, collectionName);
  addressToObject(host, address, COLLECTION_TYPE);
  return address;
}

const collectionName = (host: NativeHost, collection: LongAddress): Value =>
  borrowCollection(host, collection)[2] as Value;

type Make = (host: NativeHost, creator: LongAddress, args: Value[]) => Value;

const NAMED = ['&signer', STRING, STRING, STRING, OPTION_ROYALTY, STRING];
const WITH_OBJECT = ['&signer', COLLECTION_OBJECT, STRING, STRING, OPTION_ROYALTY, STRING];
const NUMBERED = ['&signer', STRING, STRING, STRING, STRING, OPTION_ROYALTY, STRING];
const NUMBERED_OBJECT = [
  '&signer',
  COLLECTION_OBJECT,
  STRING,
  STRING,
  STRING,
  OPTION_ROYALTY,
  STRING,
];
const SEEDED = ['&signer', COLLECTION_OBJECT, STRING, STRING, STRING, OPTION_ROYALTY, STRING];

const creating = (name: string, params: string[], make: Make): NativeFunction =>
  fn(name, { params, returns: [CONSTRUCTOR_REF] }, (host, _t, [creator, ...args]) => [
    make(host, signerAddress(creator as Value), args as Value[]),
  ]);

const plain = ([description, name, royalty, uri]: Value[]): TokenArgs => ({
  description: description as Value,
  name: name as Value,
  royalty: royalty as Value,
  uri: uri as Value,
});
const numbered = ([description, prefix, suffix, royalty, uri]: Value[]): TokenArgs => ({
  description: description as Value,
  name: prefix as Value,
  suffix: suffix as Value,
  royalty: royalty as Value,
  uri: uri as Value,
});

/** `token::create(creator, collection_name, description, name, royalty, uri)`. */
export function createToken(host: NativeHost, creator: LongAddress, args: Value[]): Value {
  const [collection, ...rest] = args;
  const ref = createObjectOf(host, creator);
  return asCreator(host, creator, ref, byName(host, creator, collection as Value), plain(rest));
}

const creators: NativeFunction[] = [
  creating('create', NAMED, createToken),
  creating('create_token', WITH_OBJECT, (host, creator, [collection, ...rest]) => {
    const ref = createObjectOf(host, creator);
    return asCreator(host, creator, ref, objectAddress(collection as Value), plain(rest));
  }),
  creating('create_token_as_collection_owner', WITH_OBJECT, (host, creator, [c, ...rest]) => {
    const ref = createObjectOf(host, creator);
    return asOwner(host, creator, ref, objectAddress(c as Value), plain(rest));
  }),
  creating('create_numbered_token', NUMBERED, (host, creator, [collection, ...rest]) => {
    const ref = createObjectOf(host, creator);
    return asCreator(
      host,
      creator,
      ref,
      byName(host, creator, collection as Value),
      numbered(rest),
    );
  }),
  creating('create_numbered_token_object', NUMBERED_OBJECT, (host, creator, [c, ...rest]) => {
    const ref = createObjectOf(host, creator);
    return asCreator(host, creator, ref, objectAddress(c as Value), numbered(rest));
  }),
  creating(
    'create_numbered_token_as_collection_owner',
    NUMBERED_OBJECT,
    (host, creator, [c, ...rest]) => {
      const ref = createObjectOf(host, creator);
      return asOwner(host, creator, ref, objectAddress(c as Value), numbered(rest));
    },
  ),
  creating('create_named_token', NAMED, (host, creator, [collection, ...rest]) => {
    const args = plain(rest);
    const ref = createNamedObject(host, creator, tokenSeed(collection as Value, args.name));
    return asCreator(host, creator, ref, byName(host, creator, collection as Value), args);
  }),
  creating('create_named_token_object', WITH_OBJECT, (host, creator, [c, ...rest]) => {
    const args = plain(rest);
    const collection = objectAddress(c as Value);
    const seed = tokenSeed(collectionName(host, collection), args.name);
    return asCreator(host, creator, createNamedObject(host, creator, seed), collection, args);
  }),
  creating('create_named_token_as_collection_owner', WITH_OBJECT, (host, creator, [c, ...rest]) => {
    const args = plain(rest);
    const collection = objectAddress(c as Value);
    const seed = tokenSeed(collectionName(host, collection), args.name);
    return asOwner(host, creator, createNamedObject(host, creator, seed), collection, args);
  }),
  creating(
    'create_named_token_from_seed',
    SEEDED,
    (host, creator, [c, description, name, seed, royalty, uri]) => {
      const collection = objectAddress(c as Value);
      const bytes = tokenSeedWithSeed(
        collectionName(host, collection),
        name as Value,
        seed as Value,
      );
      const args = plain([description as Value, name as Value, royalty as Value, uri as Value]);
      return asCreator(host, creator, createNamedObject(host, creator, bytes), collection, args);
    },
  ),
  creating(
    'create_named_token_from_seed_as_collection_owner',
    SEEDED,
    (host, creator, [c, description, name, seed, royalty, uri]) => {
      const collection = objectAddress(c as Value);
      const bytes = tokenSeedWithSeed(
        collectionName(host, collection),
        name as Value,
        seed as Value,
      );
      const args = plain([description as Value, name as Value, royalty as Value, uri as Value]);
      return asOwner(host, creator, createNamedObject(host, creator, bytes), collection, args);
    },
  ),
  // `object::create_object_from_account`: the address from the creator's next account GUID.
  creating('create_from_account', NAMED, (host, creator, [collection, ...rest]) => {
    const ref = createObjectFromAccount(host, creator);
    return asCreator(host, creator, ref, byName(host, creator, collection as Value), plain(rest));
  }),
];

/** `token::burn(BurnRef)`: the object (when deletable), royalty, `Token`, `TokenIdentifiers`. */
function burn(host: NativeHost, ref: Value): void {
  host.charge(200_000);
  const [inner, self] = fieldsOf(ref);
  const deleteRef = optionValue(inner as Value);
  const address = (
    deleteRef === undefined ? optionValue(self as Value) : fieldsOf(deleteRef)[0]
  ) as LongAddress;
  addressToObject(host, address, TOKEN_TYPE);
  const previousOwner = objectOwnerOf(host, address, TOKEN_TYPE);
  if (deleteRef !== undefined) deleteObject(host, deleteRef);
  if (resourceExists(host, address, ROYALTY_TYPE)) deleteRoyalty(host, address);
  const token = removeResource(host, address, TOKEN_TYPE) as Value[];
  let index = token[T.index] as bigint;
  const ids = identifiersOf(host, address);
  if (ids !== null) {
    index = BigInt((ids.data.index as { value: string }).value);
    host.session.ctx.write(resourceKey(address, TOKEN_IDENTIFIERS), null);
  }
  decrementSupply(host, tokenCollection(token), address, index, previousOwner);
}

const FIELDS = {
  description: { index: T.description, max: 2048, error: tokenErrors.descriptionTooLong },
  name: { index: T.name, max: MAX_TOKEN_NAME, error: tokenErrors.nameTooLong },
  uri: { index: T.uri, max: 512, error: tokenErrors.uriTooLong },
} as const;

/** `set_description` / `set_name` / `set_uri` through a `MutatorRef`; emits `Mutation`. */
export function setTokenField(
  host: NativeHost,
  address: LongAddress,
  field: keyof typeof FIELDS,
  value: Value,
): void {
  host.charge(50_000);
  const { index, max, error } = FIELDS[field];
  checkLength(TOKEN, value, max, error);
  borrowToken(host, address);
  let old: Value;
  const ids = field === 'name' ? identifiersOf(host, address) : null;
  if (ids !== null) {
    old = tokenName(host, address);
    const text = textOf(value);
    host.session.ctx.write(resourceKey(address, TOKEN_IDENTIFIERS), {
      ...ids,
      data: {
        ...ids.data,
        name: derivedStringJson(text, constantStringWidth(Buffer.byteLength(text, 'utf8'))),
      },
    });
  } else {
    old = updateResource(host, address, TOKEN_TYPE, (token) => {
      const previous = token[index] as Value;
      token[index] = value;
      return previous;
    });
  }
  emitEvent(host, '0x4::token::Mutation', [address, str(field), old, value]);
}

const setter = (field: keyof typeof FIELDS): NativeFunction =>
  fn(`set_${field}`, { params: [`&${MUTATOR_REF}`, STRING] }, (host, _t, [ref, value]) => {
    setTokenField(host, fieldsOf(ref as Value)[0] as LongAddress, field, value as Value);
    return [];
  });

/** `generate_burn_ref`: a `DeleteRef` when the object can be deleted, else its address. */
export function burnRefOf(ref: Value): Value {
  const address = constructorAddress(ref);
  return constructorCanDelete(ref) ? [some([address]), none()] : [none(), some(address)];
}

export { burn as burnToken };

export const tokenModule: NativeModule = {
  address: TOKEN_OBJECTS_ADDRESS,
  name: 'token',
  friends: [],
  structs: [
    struct(
      'Token',
      ['key'],
      [
        ['collection', COLLECTION_OBJECT],
        ['index', 'u64'],
        ['description', STRING],
        ['name', STRING],
        ['uri', STRING],
        ['mutation_events', eventHandle('0x4::token::MutationEvent')],
      ],
    ),
    struct(
      'TokenIdentifiers',
      ['key'],
      [
        ['index', '0x1::aggregator_v2::AggregatorSnapshot<u64>'],
        ['name', '0x1::aggregator_v2::DerivedStringSnapshot'],
      ],
    ),
    struct(
      'ConcurrentTokenIdentifiers',
      ['key'],
      [
        ['index', '0x1::aggregator_v2::AggregatorSnapshot<u64>'],
        ['name', '0x1::aggregator_v2::AggregatorSnapshot<0x1::string::String>'],
      ],
    ),
    struct(
      'BurnRef',
      ['drop', 'store'],
      [
        ['inner', '0x1::option::Option<0x1::object::DeleteRef>'],
        ['self', '0x1::option::Option<address>'],
      ],
    ),
    struct('MutatorRef', ['drop', 'store'], [['self', 'address']]),
    struct(
      'MutationEvent',
      ['drop', 'store'],
      [
        ['mutated_field_name', STRING],
        ['old_value', STRING],
        ['new_value', STRING],
      ],
    ),
    struct(
      'Mutation',
      ['drop', 'store'],
      [
        ['token_address', 'address'],
        ['mutated_field_name', STRING],
        ['old_value', STRING],
        ['new_value', STRING],
      ],
      { isEvent: true },
    ),
  ],
  functions: [
    ...creators,
    ...tokenViews,
    fn(
      'generate_mutator_ref',
      { params: [`&${CONSTRUCTOR_REF}`], returns: [MUTATOR_REF] },
      (host, _t, [ref]) => {
        host.charge(5_000);
        const address = constructorAddress(ref as Value);
        addressToObject(host, address, TOKEN_TYPE);
        return [[address]];
      },
    ),
    fn(
      'generate_burn_ref',
      { params: [`&${CONSTRUCTOR_REF}`], returns: [BURN_REF] },
      (host, _t, [ref]) => {
        host.charge(5_000);
        return [burnRefOf(ref as Value)];
      },
    ),
    fn(
      'address_from_burn_ref',
      { params: [`&${BURN_REF}`], returns: ['address'] },
      (host, _t, [ref]) => {
        host.charge(2_000);
        const [inner, self] = fieldsOf(ref as Value);
        const deleteRef = optionValue(inner as Value);
        return [
          (deleteRef === undefined ? optionValue(self as Value) : fieldsOf(deleteRef)[0]) as Value,
        ];
      },
    ),
    fn('burn', { params: [BURN_REF] }, (host, _t, [ref]) => {
      burn(host, ref as Value);
      return [];
    }),
    setter('description'),
    setter('name'),
    setter('uri'),
  ],
};
