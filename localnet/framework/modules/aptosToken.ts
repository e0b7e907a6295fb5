import type { LongAddress } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Ty } from '../../move/vm/ty.ts';
import type { Value } from '../../move/vm/values.ts';
import { fn, struct } from '../abi.ts';
import type { NativeFunction, NativeModule } from '../context.ts';
import { abort } from '../context.ts';
import {
  fieldsOf,
  none,
  objectAddress,
  optionValue,
  removeResource,
  signerAddress,
  some,
  updateResource,
  writeResource,
} from '../vmState.ts';
import { collectionAddressOf, createCollection, setCollectionField } from './collection.ts';
import {
  addProperty,
  initPropertyMap,
  preparePropertyMap,
  PROPERTY_MAP_TYPE,
  removeProperty,
  typedProperty,
  updateProperty,
} from './propertyMap.ts';
import { createRoyalty } from './royalty.ts';
import { burnRefOf, burnToken, createToken, setTokenField } from './token.ts';
import {
  AC,
  APTOS_COLLECTION_TYPE,
  APTOS_TOKEN,
  APTOS_TOKEN_TYPE,
  aptosTokenErrors,
  aptosTokenViews,
  AT,
  authorizedCollection,
  authorizedToken,
  borrowAptosCollection,
  tokenFlag,
} from './aptosTokenViews.ts';
import {
  addressToObject,
  constructorAddress,
  KEY,
  OBJECT_T,
  setUngated,
  transferRefOf,
  transferWithRef,
  STRING,
  TOKEN_OBJECTS_ADDRESS,
} from './tokenObjects.ts';

export { APTOS_COLLECTION_TYPE, APTOS_TOKEN_TYPE } from './aptosTokenViews.ts';

const errors = aptosTokenErrors;
const COLLECTION_OBJECT = '0x1::object::Object<0x4::aptos_token::AptosCollection>';
const TOKEN_OBJECT = '0x1::object::Object<0x4::aptos_token::AptosToken>';

/** `create_collection_object`: a fixed collection with its royalty and `AptosCollection`. */
function createCollectionObject(host: NativeHost, creator: Value, args: Value[]): Value {
  const [description, maxSupply, name, uri, ...rest] = args as [
    Value,
    bigint,
    Value,
    Value,
    ...Value[],
  ];
  const flags = rest.slice(0, 9) as boolean[];
  const [numerator, denominator] = rest.slice(9) as [bigint, bigint];
  const [mutableDescription, mutableRoyalty, mutableUri, ...tokenFlags] = flags;
  const creatorAddress = signerAddress(creator);
  const royalty = createRoyalty(numerator, denominator, creatorAddress);
  const ref = createCollection(host, creatorAddress, {
    description: description as Value,
    name: name as Value,
    royalty: some(royalty),
    uri: uri as Value,
    maxSupply,
    asOwner: false,
  });
  const address = constructorAddress(ref);
  const [tokenDescription, tokenName, tokenProperties, tokenUri, burnable, freezable] =
    tokenFlags as boolean[];
  writeResource(host, address, APTOS_COLLECTION_TYPE, [
    mutableDescription === true || mutableUri === true ? some([address]) : none(),
    mutableRoyalty === true ? some([[address]]) : none(),
    mutableDescription as boolean,
    mutableUri as boolean,
    tokenDescription as boolean,
    tokenName as boolean,
    tokenProperties as boolean,
    tokenUri as boolean,
    burnable as boolean,
    freezable as boolean,
  ]);
  return [address];
}

/** `collection_object(creator, name)`: `Object<AptosCollection>` at the named address. */
function collectionObject(host: NativeHost, creator: LongAddress, name: Value): LongAddress {
  const address = collectionAddressOf(creator, name);
  addressToObject(host, address, APTOS_COLLECTION_TYPE);
  return address;
}

/** `mint_internal`: `token::create`, `AptosToken` and the property map; the `ConstructorRef`. */
function mintInternal(host: NativeHost, creator: Value, args: Value[]): Value {
  const [collection, description, name, uri, keys, types, values] = args as Value[];
  const creatorAddress = signerAddress(creator);
  const ref = createToken(host, creatorAddress, [
    collection as Value,
    description as Value,
    name as Value,
    none(),
    uri as Value,
  ]);
  const address = constructorAddress(ref);
  const flags = borrowAptosCollection(
    host,
    collectionObject(host, creatorAddress, collection as Value),
  );
  const mutable =
    flags[AC.tokenDescription] === true ||
    flags[AC.tokenName] === true ||
    flags[AC.tokenUri] === true;
  writeResource(host, address, APTOS_TOKEN_TYPE, [
    flags[AC.burnable] === true ? some(burnRefOf(ref)) : none(),
    none(),
    mutable ? some([address]) : none(),
    [address],
  ]);
  const properties = preparePropertyMap(host, keys as Value, types as Value, values as Value);
  initPropertyMap(host, address, properties);
  return ref;
}

/** `mint_token_object`: a freezable collection's token keeps its `TransferRef`. */
function mintTokenObject(host: NativeHost, creator: Value, args: Value[]): Value {
  const ref = mintInternal(host, creator, args);
  const address = constructorAddress(ref);
  const collection = collectionObject(host, signerAddress(creator), args[0] as Value);
  if (borrowAptosCollection(host, collection)[AC.freezable] === true) {
    const transferRef = transferRefOf(host, ref);
    updateResource(host, address, APTOS_TOKEN_TYPE, (token) => {
      token[AT.transferRef] = some(transferRef);
    });
  }
  return [address];
}

/** `mint_soul_bound_token_object`: moved to `soul_bound_to`, ungated transfers off. */
function mintSoulBound(host: NativeHost, creator: Value, args: Value[]): Value {
  const ref = mintInternal(host, creator, args.slice(0, 7));
  const address = constructorAddress(ref);
  const transferRef = transferRefOf(host, ref);
  transferWithRef(host, transferRef, args[7] as LongAddress);
  setUngated(host, transferRef, false);
  return [address];
}

/** `aptos_token::burn`: the creator burns a burnable token, its property map with it. */
function burn(host: NativeHost, creator: Value, token: LongAddress): void {
  const aptosToken = authorizedToken(host, token, creator);
  const burnRef = optionValue(aptosToken[AT.burnRef] as Value);
  if (burnRef === undefined) abort(APTOS_TOKEN, errors.notBurnable);
  removeResource(host, token, APTOS_TOKEN_TYPE);
  removeResource(host, token, PROPERTY_MAP_TYPE);
  burnToken(host, burnRef);
}

/** `freeze_transfer` / `unfreeze_transfer` through the token's `TransferRef`. */
function setFrozen(host: NativeHost, creator: Value, token: LongAddress, frozen: boolean): void {
  const aptosToken = authorizedToken(host, token, creator);
  const transferRef = optionValue(aptosToken[AT.transferRef] as Value);
  if (!tokenFlag(host, token, AC.freezable) || transferRef === undefined) {
    abort(APTOS_TOKEN, errors.notMutable);
  }
  setUngated(host, transferRef, !frozen);
}

const TOKEN_FIELD_FLAG = {
  description: AC.tokenDescription,
  name: AC.tokenName,
  uri: AC.tokenUri,
} as const;

/** The `AptosToken`'s property `MutatorRef` once the creator and the collection allow it. */
function propertyMutator(host: NativeHost, creator: Value, token: LongAddress): LongAddress {
  const aptosToken = authorizedToken(host, token, creator);
  if (!tokenFlag(host, token, AC.tokenProperties)) {
    abort(APTOS_TOKEN, errors.propertiesNotMutable);
  }
  return fieldsOf(aptosToken[AT.propertyMutatorRef] as Value)[0] as LongAddress;
}

type TokenRun = (
  host: NativeHost,
  creator: Value,
  token: LongAddress,
  rest: Value[],
  tys: readonly Ty[],
) => void;

/** An entry function `(creator: &signer, token: Object<T>, …)`. */
const tokenEntry = (
  name: string,
  params: string[],
  run: TokenRun,
  typeParams: string[][] = KEY,
): NativeFunction =>
  fn(
    name,
    { params: ['&signer', OBJECT_T, ...params], typeParams, isEntry: true },
    (host, tys, [creator, token, ...rest]) => {
      host.charge(100_000);
      run(host, creator as Value, objectAddress(token as Value), rest as Value[], tys);
      return [];
    },
  );

const tokenSetter = (field: keyof typeof TOKEN_FIELD_FLAG): NativeFunction =>
  tokenEntry(`set_${field}`, [STRING], (host, creator, token, [value]) => {
    if (!tokenFlag(host, token, TOKEN_FIELD_FLAG[field])) abort(APTOS_TOKEN, errors.notMutable);
    authorizedToken(host, token, creator);
    setTokenField(host, token, field, value as Value);
  });

const collectionSetter = (field: 'description' | 'uri'): NativeFunction =>
  tokenEntry(`set_collection_${field}`, [STRING], (host, creator, collection, [value]) => {
    const aptosCollection = authorizedCollection(host, collection, creator);
    if (aptosCollection[field === 'description' ? AC.description : AC.uri] !== true) {
      abort(APTOS_TOKEN, errors.notMutable);
    }
    setCollectionField(host, collection, field, value as Value);
  });

/** `set_collection_royalties`: `royalty::update` through the collection's royalty mutator. */
function setRoyalties(host: NativeHost, creator: Value, collection: LongAddress, royalty: Value) {
  const aptosCollection = authorizedCollection(host, collection, creator);
  if (optionValue(aptosCollection[AC.royaltyMutatorRef] as Value) === undefined) {
    abort(APTOS_TOKEN, errors.notMutable);
  }
  const mutator = optionValue(aptosCollection[AC.royaltyMutatorRef] as Value) as Value;
  host.call(TOKEN_OBJECTS_ADDRESS, 'royalty', 'update', [], [mutator, royalty]);
}

const MINT_PARAMS = [
  '&signer',
  STRING,
  STRING,
  STRING,
  STRING,
  `vector<${STRING}>`,
  `vector<${STRING}>`,
  'vector<vector<u8>>',
];
const COLLECTION_PARAMS = [
  '&signer',
  STRING,
  'u64',
  STRING,
  STRING,
  ...Array<string>(9).fill('bool'),
  'u64',
  'u64',
];

/** A `public` function and its `entry` twin that drops the result. */
const withEntry = (
  entryName: string,
  name: string,
  params: string[],
  returns: string,
  make: (host: NativeHost, creator: Value, args: Value[]) => Value,
): NativeFunction[] => [
  fn(entryName, { params, isEntry: true }, (host, _t, [creator, ...args]) => {
    host.charge(100_000);
    make(host, creator as Value, args as Value[]);
    return [];
  }),
  fn(name, { params, returns: [returns] }, (host, _t, [creator, ...args]) => {
    host.charge(100_000);
    return [make(host, creator as Value, args as Value[])];
  }),
];

export const aptosTokenModule: NativeModule = {
  address: TOKEN_OBJECTS_ADDRESS,
  name: 'aptos_token',
  friends: [],
  structs: [
    struct(
      'AptosCollection',
      ['key'],
      [
        ['mutator_ref', '0x1::option::Option<0x4::collection::MutatorRef>'],
        ['royalty_mutator_ref', '0x1::option::Option<0x4::royalty::MutatorRef>'],
        ['mutable_description', 'bool'],
        ['mutable_uri', 'bool'],
        ['mutable_token_description', 'bool'],
        ['mutable_token_name', 'bool'],
        ['mutable_token_properties', 'bool'],
        ['mutable_token_uri', 'bool'],
        ['tokens_burnable_by_creator', 'bool'],
        ['tokens_freezable_by_creator', 'bool'],
      ],
    ),
    struct(
      'AptosToken',
      ['key'],
      [
        ['burn_ref', '0x1::option::Option<0x4::token::BurnRef>'],
        ['transfer_ref', '0x1::option::Option<0x1::object::TransferRef>'],
        ['mutator_ref', '0x1::option::Option<0x4::token::MutatorRef>'],
        ['property_mutator_ref', '0x4::property_map::MutatorRef'],
      ],
    ),
  ],
  functions: [
    ...withEntry(
      'create_collection',
      'create_collection_object',
      COLLECTION_PARAMS,
      COLLECTION_OBJECT,
      createCollectionObject,
    ),
    ...withEntry('mint', 'mint_token_object', MINT_PARAMS, TOKEN_OBJECT, mintTokenObject),
    ...withEntry(
      'mint_soul_bound',
      'mint_soul_bound_token_object',
      [...MINT_PARAMS, 'address'],
      TOKEN_OBJECT,
      mintSoulBound,
    ),
    tokenEntry('burn', [], (host, creator, token) => burn(host, creator, token)),
    tokenEntry('freeze_transfer', [], (host, creator, token) =>
      setFrozen(host, creator, token, true),
    ),
    tokenEntry('unfreeze_transfer', [], (host, creator, token) =>
      setFrozen(host, creator, token, false),
    ),
    tokenSetter('description'),
    tokenSetter('name'),
    tokenSetter('uri'),
    tokenEntry('add_property', [STRING, STRING, 'vector<u8>'], (host, creator, token, args) => {
      const [key, type, value] = args as [Value, Value, Value];
      const mutator = propertyMutator(host, creator, token);
      host.call(TOKEN_OBJECTS_ADDRESS, 'property_map', 'add', [], [[mutator], key, type, value]);
    }),
    tokenEntry(
      'add_typed_property',
      [STRING, 'T1'],
      (host, creator, token, [key, value], tys) => {
        const mutator = propertyMutator(host, creator, token);
        const [type, bytes] = typedProperty(host, tys[1] as Ty, value as Value);
        addProperty(host, mutator, key as Value, type, bytes);
      },
      [['key'], ['drop']],
    ),
    tokenEntry('remove_property', [STRING], (host, creator, token, [key]) => {
      removeProperty(host, propertyMutator(host, creator, token), key as Value);
    }),
    tokenEntry('update_property', [STRING, STRING, 'vector<u8>'], (host, creator, token, args) => {
      const [key, type, value] = args as [Value, Value, Value];
      const mutator = propertyMutator(host, creator, token);
      host.call(TOKEN_OBJECTS_ADDRESS, 'property_map', 'update', [], [[mutator], key, type, value]);
    }),
    tokenEntry(
      'update_typed_property',
      [STRING, 'T1'],
      (host, creator, token, [key, value], tys) => {
        const mutator = propertyMutator(host, creator, token);
        const [type, bytes] = typedProperty(host, tys[1] as Ty, value as Value);
        updateProperty(host, mutator, key as Value, type, bytes);
      },
      [['key'], ['drop']],
    ),
    collectionSetter('description'),
    collectionSetter('uri'),
    fn(
      'set_collection_royalties',
      { params: ['&signer', OBJECT_T, '0x4::royalty::Royalty'], typeParams: KEY },
      (host, _t, [creator, collection, royalty]) => {
        host.charge(100_000);
        setRoyalties(host, creator as Value, objectAddress(collection as Value), royalty as Value);
        return [];
      },
    ),
    fn(
      'set_collection_royalties_call',
      {
        params: ['&signer', OBJECT_T, 'u64', 'u64', 'address'],
        typeParams: KEY,
        isEntry: true,
        visibility: 'private',
      },
      (host, _t, [creator, collection, numerator, denominator, payee]) => {
        host.charge(100_000);
        const royalty = createRoyalty(
          numerator as bigint,
          denominator as bigint,
          payee as LongAddress,
        );
        setRoyalties(host, creator as Value, objectAddress(collection as Value), royalty);
        return [];
      },
    ),
    ...aptosTokenViews,
  ],
};
