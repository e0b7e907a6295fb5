import type { LongAddress } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import { eventHandle, fn, struct } from '../abi.ts';
import type { NativeFunction, NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError } from '../context.ts';
import { namedObjectAddress } from '../objects.ts';
import {
  deref,
  emitEvent,
  fieldsOf,
  objectAddress,
  optionValue,
  readResource,
  signerAddress,
  str,
  updateResource,
  writeResource,
} from '../vmState.ts';
import { count, createSupply, setMaxSupply, upgradeToConcurrent } from './collectionSupply.ts';
import { initRoyalty } from './royalty.ts';
import {
  checkLength,
  constructorAddress,
  CONSTRUCTOR_REF,
  createNamedObject,
  KEY,
  OBJECT_T,
  OPTION_ROYALTY,
  outOfRange,
  requireCollectionOwner,
  setUngated,
  transferRefOf,
  STRING,
  objectEventHandle,
  addressToObject,
} from './tokenObjects.ts';

export { TOKEN_OBJECTS_ADDRESS } from './tokenObjects.ts';
export { decrementSupply, incrementSupply } from './collectionSupply.ts';
import { TOKEN_OBJECTS_ADDRESS } from './tokenObjects.ts';

const COLLECTION = '0x4::collection';
export const COLLECTION_TYPE = '0x4::collection::Collection';
const MUTATOR_REF = '0x4::collection::MutatorRef';

const errors = {
  missing: moduleError(
    ERROR_CATEGORY.notFound,
    1n,
    'ECOLLECTION_DOES_NOT_EXIST',
    'The collection does not exist',
  ),
  nameTooLong: outOfRange(
    3n,
    'ECOLLECTION_NAME_TOO_LONG',
    'The collection name is over the maximum length',
  ),
  uriTooLong: outOfRange(4n, 'EURI_TOO_LONG', 'The URI is over the maximum length'),
  descriptionTooLong: outOfRange(
    5n,
    'EDESCRIPTION_TOO_LONG',
    'The description is over the maximum length',
  ),
  zeroMaxSupply: moduleError(
    ERROR_CATEGORY.invalidArgument,
    6n,
    'EMAX_SUPPLY_CANNOT_BE_ZERO',
    'The max supply must be positive',
  ),
};

const MAX_NAME = 128;
const MAX_URI = 512;
const MAX_DESCRIPTION = 2048;

/** `Collection`'s fields in order. */
const C = { creator: 0, description: 1, name: 2, uri: 3 } as const;

/** `check_collection_exists` + `borrow`: the `Collection` at `address`. */
export function borrowCollection(host: NativeHost, address: LongAddress): Value[] {
  const collection = readResource(host, address, COLLECTION_TYPE);
  if (collection === undefined) abort(COLLECTION, errors.missing);
  return collection as Value[];
}

/** `create_collection_seed`: the name's bytes, after its length check. */
function collectionSeed(name: Value): number[] {
  checkLength(COLLECTION, name, MAX_NAME, errors.nameTooLong);
  return [...(fieldsOf(name)[0] as number[])];
}

/** `create_collection_address(creator, name)`. */
export const collectionAddressOf = (creator: LongAddress, name: Value): LongAddress =>
  namedObjectAddress(creator, Uint8Array.from(collectionSeed(name)));

interface CreateArgs {
  description: Value;
  name: Value;
  royalty: Value;
  uri: Value;
  /** `None` for an unlimited collection. */
  maxSupply: bigint | null;
  asOwner: boolean;
}

/** `create_fixed_collection` / `create_unlimited_collection` (and `_as_owner`): `ConstructorRef`. */
export function createCollection(host: NativeHost, creator: LongAddress, args: CreateArgs): Value {
  host.charge(200_000);
  if (args.asOwner) requireCollectionOwner(host, COLLECTION, 11n);
  if (args.maxSupply === 0n) abort(COLLECTION, errors.zeroMaxSupply);
  const ref = createNamedObject(host, creator, collectionSeed(args.name));
  const address = constructorAddress(ref);
  checkLength(COLLECTION, args.name, MAX_NAME, errors.nameTooLong);
  checkLength(COLLECTION, args.uri, MAX_URI, errors.uriTooLong);
  checkLength(COLLECTION, args.description, MAX_DESCRIPTION, errors.descriptionTooLong);
  writeResource(host, address, COLLECTION_TYPE, [
    creator,
    args.description,
    args.name,
    args.uri,
    objectEventHandle(host, address, '0x4::collection::MutationEvent'),
  ]);
  createSupply(host, address, args.maxSupply);
  const royalty = optionValue(args.royalty);
  if (royalty !== undefined) initRoyalty(host, address, royalty);
  setUngated(host, transferRefOf(host, ref), false);
  if (args.asOwner) setUngated(host, transferRefOf(host, ref), true);
  return ref;
}

const MUTABLE = {
  name: { index: C.name, max: MAX_NAME, error: errors.nameTooLong },
  description: { index: C.description, max: MAX_DESCRIPTION, error: errors.descriptionTooLong },
  uri: { index: C.uri, max: MAX_URI, error: errors.uriTooLong },
} as const;

/** `set_name` / `set_description` / `set_uri` of the collection at `address`; emits `Mutation`. */
export function setCollectionField(
  host: NativeHost,
  address: LongAddress,
  field: keyof typeof MUTABLE,
  value: Value,
): void {
  host.charge(50_000);
  const { index, max, error } = MUTABLE[field];
  checkLength(COLLECTION, value, max, error);
  borrowCollection(host, address);
  updateResource(host, address, COLLECTION_TYPE, (collection) => {
    emitEvent(host, '0x4::collection::Mutation', [
      str(field),
      [address],
      collection[index] as Value,
      value,
    ]);
    collection[index] = value;
  });
}

const setter = (field: keyof typeof MUTABLE): NativeFunction =>
  fn(`set_${field}`, { params: [`&${MUTATOR_REF}`, STRING] }, (host, _t, [ref, value]) => {
    setCollectionField(host, fieldsOf(ref as Value)[0] as LongAddress, field, value as Value);
    return [];
  });

/** A view of one `Collection` field of any `Object<T>` holding a collection. */
const fieldView = (name: keyof typeof C, returns: string): NativeFunction =>
  fn(
    name,
    { params: [OBJECT_T], returns: [returns], typeParams: KEY, isView: true },
    (host, _t, [object]) => {
      host.charge(5_000);
      return [borrowCollection(host, objectAddress(object as Value))[C[name]] as Value];
    },
  );

const CREATE_FIXED = ['&signer', STRING, 'u64', STRING, OPTION_ROYALTY, STRING];
const CREATE_UNLIMITED = ['&signer', STRING, STRING, OPTION_ROYALTY, STRING];

const createFixed = (name: string, asOwner: boolean): NativeFunction =>
  fn(
    name,
    { params: CREATE_FIXED, returns: [CONSTRUCTOR_REF] },
    (host, _t, [creator, description, maxSupply, collectionName, royalty, uri]) => [
      createCollection(host, signerAddress(creator as Value), {
        description: description as Value,
        name: collectionName as Value,
        royalty: royalty as Value,
        uri: uri as Value,
        maxSupply: maxSupply as bigint,
        asOwner,
      }),
    ],
  );

const createUnlimited = (name: string, asOwner: boolean): NativeFunction =>
  fn(
    name,
    { params: CREATE_UNLIMITED, returns: [CONSTRUCTOR_REF] },
    (host, _t, [creator, description, collectionName, royalty, uri]) => [
      createCollection(host, signerAddress(creator as Value), {
        description: description as Value,
        name: collectionName as Value,
        royalty: royalty as Value,
        uri: uri as Value,
        maxSupply: null,
        asOwner,
      }),
    ],
  );

const functions: NativeFunction[] = [
  createFixed('create_fixed_collection', false),
  createFixed('create_fixed_collection_as_owner', true),
  createUnlimited('create_unlimited_collection', false),
  createUnlimited('create_unlimited_collection_as_owner', true),
  fn(
    'create_collection_address',
    { params: ['&address', `&${STRING}`], returns: ['address'] },
    (host, _t, [creator, name]) => {
      host.charge(10_000);
      return [collectionAddressOf(deref(creator as Value) as LongAddress, name as Value)];
    },
  ),
  fn(
    'create_collection_seed',
    { params: [`&${STRING}`], returns: ['vector<u8>'] },
    (host, _t, [name]) => {
      host.charge(2_000);
      return [collectionSeed(name as Value)];
    },
  ),
  fn(
    'generate_mutator_ref',
    { params: [`&${CONSTRUCTOR_REF}`], returns: [MUTATOR_REF] },
    (host, _t, [ref]) => {
      host.charge(5_000);
      const address = constructorAddress(ref as Value);
      // `object_from_constructor_ref<Collection>`: the object must hold a `Collection`.
      addressToObject(host, address, COLLECTION_TYPE);
      return [[address]];
    },
  ),
  fn('upgrade_to_concurrent', { params: ['&0x1::object::ExtendRef'] }, (host, _t, [ref]) => {
    host.charge(50_000);
    upgradeToConcurrent(host, fieldsOf(ref as Value)[0] as LongAddress);
    return [];
  }),
  fn(
    'count',
    { params: [OBJECT_T], returns: ['0x1::option::Option<u64>'], typeParams: KEY, isView: true },
    (host, _t, [object]) => {
      host.charge(5_000);
      const address = objectAddress(object as Value);
      borrowCollection(host, address);
      return [count(host, address)];
    },
  ),
  fieldView('creator', 'address'),
  fieldView('description', STRING),
  fieldView('name', STRING),
  fieldView('uri', STRING),
  setter('description'),
  setter('name'),
  setter('uri'),
  fn('set_max_supply', { params: [`&${MUTATOR_REF}`, 'u64'] }, (host, _t, [ref, max]) => {
    host.charge(50_000);
    setMaxSupply(host, fieldsOf(ref as Value)[0] as LongAddress, max as bigint);
    return [];
  }),
];

const SUPPLY_EVENTS: Array<[string, string]> = [
  ['burn_events', eventHandle('0x4::collection::BurnEvent')],
  ['mint_events', eventHandle('0x4::collection::MintEvent')],
];

export const collectionModule: NativeModule = {
  address: TOKEN_OBJECTS_ADDRESS,
  name: 'collection',
  friends: ['0x4::token'],
  structs: [
    struct(
      'Collection',
      ['key'],
      [
        ['creator', 'address'],
        ['description', STRING],
        ['name', STRING],
        ['uri', STRING],
        ['mutation_events', eventHandle('0x4::collection::MutationEvent')],
      ],
    ),
    struct('MutatorRef', ['drop', 'store'], [['self', 'address']]),
    struct('MutationEvent', ['drop', 'store'], [['mutated_field_name', STRING]]),
    struct(
      'Mutation',
      ['drop', 'store'],
      [
        ['mutated_field_name', STRING],
        ['collection', '0x1::object::Object<0x4::collection::Collection>'],
        ['old_value', STRING],
        ['new_value', STRING],
      ],
      { isEvent: true },
    ),
    struct(
      'FixedSupply',
      ['key'],
      [['current_supply', 'u64'], ['max_supply', 'u64'], ['total_minted', 'u64'], ...SUPPLY_EVENTS],
    ),
    struct(
      'UnlimitedSupply',
      ['key'],
      [['current_supply', 'u64'], ['total_minted', 'u64'], ...SUPPLY_EVENTS],
    ),
    struct(
      'ConcurrentSupply',
      ['key'],
      [
        ['current_supply', '0x1::aggregator_v2::Aggregator<u64>'],
        ['total_minted', '0x1::aggregator_v2::Aggregator<u64>'],
      ],
    ),
    struct(
      'BurnEvent',
      ['drop', 'store'],
      [
        ['index', 'u64'],
        ['token', 'address'],
      ],
    ),
    struct(
      'MintEvent',
      ['drop', 'store'],
      [
        ['index', 'u64'],
        ['token', 'address'],
      ],
    ),
    struct(
      'Burn',
      ['drop', 'store'],
      [
        ['collection', 'address'],
        ['index', 'u64'],
        ['token', 'address'],
        ['previous_owner', 'address'],
      ],
      { isEvent: true },
    ),
    struct(
      'Mint',
      ['drop', 'store'],
      [
        ['collection', 'address'],
        ['index', '0x1::aggregator_v2::AggregatorSnapshot<u64>'],
        ['token', 'address'],
      ],
      { isEvent: true },
    ),
    // Deprecated and never emitted, but declared by the module.
    struct(
      'ConcurrentBurnEvent',
      ['drop', 'store'],
      [
        ['collection_addr', 'address'],
        ['index', 'u64'],
        ['token', 'address'],
      ],
      { isEvent: true },
    ),
    struct(
      'ConcurrentMintEvent',
      ['drop', 'store'],
      [
        ['collection_addr', 'address'],
        ['index', '0x1::aggregator_v2::AggregatorSnapshot<u64>'],
        ['token', 'address'],
      ],
      { isEvent: true },
    ),
    struct(
      'SetMaxSupply',
      ['drop', 'store'],
      [
        ['collection', '0x1::object::Object<0x4::collection::Collection>'],
        ['old_max_supply', 'u64'],
        ['new_max_supply', 'u64'],
      ],
      { isEvent: true },
    ),
  ],
  functions,
};
