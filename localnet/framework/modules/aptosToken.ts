import type { Json, LongAddress } from '../../encoding.ts';
import { must, shortAddress } from '../../encoding.ts';
import type { MoveVal } from '../../executor/moveValues.ts';
import type { ResourceValue, StateReader } from '../../storage/types.ts';
import { resourceKey } from '../../storage/types.ts';
import { entry, struct, view } from '../abi.ts';
import { resource } from '../assets.ts';
import type { NativeContext, NativeFunction, NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError } from '../context.ts';
import { moveObject, setUngatedTransfer } from '../objects.ts';
import { createFixedCollection, TOKEN_OBJECTS_ADDRESS } from './collection.ts';
import {
  addProperty,
  initPropertyMap,
  PROPERTY_MAP_TYPE,
  removeProperty,
  typedBytes,
  updateProperty,
} from './propertyMap.ts';
import {
  burnToken,
  createToken,
  mutateToken,
  requireToken,
  tokenCollection,
  tokenCreator,
} from './token.ts';

const APTOS_TOKEN = '0x4::aptos_token';
export const APTOS_COLLECTION_TYPE = '0x4::aptos_token::AptosCollection';
export const APTOS_TOKEN_TYPE = '0x4::aptos_token::AptosToken';

const errors = {
  tokenMissing: moduleError(
    ERROR_CATEGORY.notFound,
    2n,
    'ETOKEN_DOES_NOT_EXIST',
    'The token does not exist',
  ),
  notCreator: moduleError(
    ERROR_CATEGORY.permissionDenied,
    3n,
    'ENOT_CREATOR',
    'The provided signer is not the creator',
  ),
  notMutable: moduleError(
    ERROR_CATEGORY.permissionDenied,
    4n,
    'EFIELD_NOT_MUTABLE',
    'The field being changed is not mutable',
  ),
  notBurnable: moduleError(
    ERROR_CATEGORY.permissionDenied,
    5n,
    'ETOKEN_NOT_BURNABLE',
    'The token being burned is not burnable',
  ),
  propertiesNotMutable: moduleError(
    ERROR_CATEGORY.permissionDenied,
    6n,
    'EPROPERTIES_NOT_MUTABLE',
    'The property map being mutated is not mutable',
  ),
  collectionMissing: moduleError(
    ERROR_CATEGORY.notFound,
    1n,
    'ECOLLECTION_DOES_NOT_EXIST',
    'The collection does not exist',
  ),
};

const ROYALTY = '0x4::royalty';
const royaltyErrors = {
  exceeds: moduleError(
    ERROR_CATEGORY.outOfRange,
    2n,
    'EROYALTY_EXCEEDS_MAXIMUM',
    'The royalty cannot be greater than 100%',
  ),
  zero: moduleError(
    ERROR_CATEGORY.outOfRange,
    3n,
    'EROYALTY_DENOMINATOR_IS_ZERO',
    'The royalty denominator cannot be 0',
  ),
};

/** `Option<T>` as the REST API prints it. */
const some = (value: Json): Json => ({ vec: [value] });
const none = (): Json => ({ vec: [] });

function readAptosCollection(state: StateReader, collection: LongAddress): ResourceValue {
  const value = state.get(resourceKey(collection, APTOS_COLLECTION_TYPE)) as ResourceValue | null;
  if (value === null) abort(APTOS_TOKEN, errors.collectionMissing);
  return value;
}

function readAptosToken(state: StateReader, token: LongAddress): ResourceValue {
  const value = state.get(resourceKey(token, APTOS_TOKEN_TYPE)) as ResourceValue | null;
  if (value === null) abort(APTOS_TOKEN, errors.tokenMissing);
  return value;
}

/** The collection flags of a token (`AptosCollection` of `token::collection_object`). */
function flagsOf(state: StateReader, token: LongAddress): ResourceValue['data'] {
  return readAptosCollection(state, tokenCollection(requireToken(state, token))).data;
}

/** `authorized_borrow`: the token is an `AptosToken` and the signer created its collection. */
function authorized(ctx: NativeContext, token: LongAddress): ResourceValue {
  const aptosToken = readAptosToken(ctx, token);
  if (tokenCreator(ctx, requireToken(ctx, token)) !== must(ctx.signers[0]))
    abort(APTOS_TOKEN, errors.notCreator);
  return aptosToken;
}

function createCollection(ctx: NativeContext, args: MoveVal[]): MoveVal[] {
  const [description, maxSupply, name, uri, ...rest] = args as [
    string,
    bigint,
    string,
    string,
    ...MoveVal[],
  ];
  const flags = rest.slice(0, 9) as boolean[];
  const [numerator, denominator] = rest.slice(9) as [bigint, bigint];
  const [
    mutableDescription,
    mutableRoyalty,
    mutableUri,
    mutableTokenDescription,
    mutableTokenName,
    mutableTokenProperties,
    mutableTokenUri,
    burnable,
    freezable,
  ] = flags;
  if (denominator === 0n) abort(ROYALTY, royaltyErrors.zero);
  if (numerator > denominator) abort(ROYALTY, royaltyErrors.exceeds);
  const creator = must(ctx.signers[0]);
  const address = createFixedCollection(ctx, creator, {
    description,
    maxSupply,
    name,
    uri,
    royalty: { numerator, denominator },
  });
  const self = shortAddress(address);
  ctx.write(
    resourceKey(address, APTOS_COLLECTION_TYPE),
    resource(address, APTOS_COLLECTION_TYPE, {
      mutable_description: must(mutableDescription),
      mutable_token_description: must(mutableTokenDescription),
      mutable_token_name: must(mutableTokenName),
      mutable_token_properties: must(mutableTokenProperties),
      mutable_token_uri: must(mutableTokenUri),
      mutable_uri: must(mutableUri),
      mutator_ref: mutableDescription === true || mutableUri === true ? some({ self }) : none(),
      royalty_mutator_ref: mutableRoyalty === true ? some({ inner: { self } }) : none(),
      tokens_burnable_by_creator: must(burnable),
      tokens_freezable_by_creator: must(freezable),
    }),
  );
  return [];
}

/** `mint_internal`: the token, its `AptosToken` refs and its property map. */
function mintInternal(ctx: NativeContext, args: MoveVal[]): LongAddress {
  const [collection, description, name, uri, keys, types, values] = args as [
    string,
    string,
    string,
    string,
    string[],
    string[],
    Uint8Array[],
  ];
  const creator = must(ctx.signers[0]);
  const token = createToken(ctx, creator, { collection, description, name, uri });
  const flags = flagsOf(ctx, token);
  const self = shortAddress(token);
  ctx.write(
    resourceKey(token, APTOS_TOKEN_TYPE),
    resource(token, APTOS_TOKEN_TYPE, {
      burn_ref:
        flags.tokens_burnable_by_creator === true
          ? some({ inner: none(), self: some(self) })
          : none(),
      mutator_ref:
        flags.mutable_token_description === true ||
        flags.mutable_token_name === true ||
        flags.mutable_token_uri === true
          ? some({ self })
          : none(),
      property_mutator_ref: { self },
      transfer_ref: none(),
    }),
  );
  initPropertyMap(ctx, token, keys, types, values);
  return token;
}

function mint(ctx: NativeContext, args: MoveVal[]): MoveVal[] {
  const token = mintInternal(ctx, args);
  if (flagsOf(ctx, token).tokens_freezable_by_creator === true) {
    const aptosToken = readAptosToken(ctx, token);
    ctx.write(resourceKey(token, APTOS_TOKEN_TYPE), {
      ...aptosToken,
      data: { ...aptosToken.data, transfer_ref: some({ self: shortAddress(token) }) },
    });
  }
  return [];
}

function mintSoulBound(ctx: NativeContext, args: MoveVal[]): MoveVal[] {
  const token = mintInternal(ctx, args.slice(0, 7));
  moveObject(ctx, token, args[7] as LongAddress);
  setUngatedTransfer(ctx, token, false);
  return [];
}

function burn(ctx: NativeContext, token: LongAddress): MoveVal[] {
  const aptosToken = authorized(ctx, token);
  if ((aptosToken.data.burn_ref as { vec: unknown[] }).vec.length === 0)
    abort(APTOS_TOKEN, errors.notBurnable);
  ctx.write(resourceKey(token, APTOS_TOKEN_TYPE), null);
  ctx.write(resourceKey(token, PROPERTY_MAP_TYPE), null);
  burnToken(ctx, token);
  return [];
}

function setFrozen(ctx: NativeContext, token: LongAddress, frozen: boolean): MoveVal[] {
  const aptosToken = authorized(ctx, token);
  const hasRef = (aptosToken.data.transfer_ref as { vec: unknown[] }).vec.length > 0;
  if (flagsOf(ctx, token).tokens_freezable_by_creator !== true || !hasRef)
    abort(APTOS_TOKEN, errors.notMutable);
  setUngatedTransfer(ctx, token, !frozen);
  return [];
}

function setField(
  ctx: NativeContext,
  token: LongAddress,
  field: 'description' | 'name' | 'uri',
  value: string,
): MoveVal[] {
  if (flagsOf(ctx, token)[`mutable_token_${field}`] !== true) abort(APTOS_TOKEN, errors.notMutable);
  authorized(ctx, token);
  mutateToken(ctx, token, field, value);
  return [];
}

/** The property functions' common check: creator, and properties mutable. */
function propertiesAuthorized(ctx: NativeContext, token: LongAddress): void {
  authorized(ctx, token);
  if (flagsOf(ctx, token).mutable_token_properties !== true)
    abort(APTOS_TOKEN, errors.propertiesNotMutable);
}

const OBJECT_T = '0x1::object::Object<T0>';
const STRING = '0x1::string::String';
const KEY = [['key']];
const KEY_DROP = [['key'], ['drop']];

const tokenEntry = (
  name: string,
  params: string[],
  run: (ctx: NativeContext, token: LongAddress, rest: MoveVal[], typeArgs: string[]) => MoveVal[],
  typeParams: string[][] = KEY,
): NativeFunction =>
  entry(
    name,
    ['&signer', OBJECT_T, ...params],
    (ctx, typeArgs, [token, ...rest]) => run(ctx, token as LongAddress, rest, typeArgs),
    typeParams,
  );

const flagView = (name: string, read: (state: StateReader, token: LongAddress) => boolean) =>
  view(name, [OBJECT_T], ['bool'], (ctx, _t, [token]) => [read(ctx, token as LongAddress)], KEY);

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
    entry(
      'create_collection',
      ['&signer', STRING, 'u64', STRING, STRING, ...Array<string>(9).fill('bool'), 'u64', 'u64'],
      (ctx, _t, args) => createCollection(ctx, args),
    ),
    entry('mint', MINT_PARAMS, (ctx, _t, args) => mint(ctx, args)),
    entry('mint_soul_bound', [...MINT_PARAMS, 'address'], (ctx, _t, args) =>
      mintSoulBound(ctx, args),
    ),
    tokenEntry('burn', [], (ctx, token) => burn(ctx, token)),
    tokenEntry('freeze_transfer', [], (ctx, token) => setFrozen(ctx, token, true)),
    tokenEntry('unfreeze_transfer', [], (ctx, token) => setFrozen(ctx, token, false)),
    tokenEntry('set_description', [STRING], (ctx, token, [v]) =>
      setField(ctx, token, 'description', v as string),
    ),
    tokenEntry('set_name', [STRING], (ctx, token, [v]) =>
      setField(ctx, token, 'name', v as string),
    ),
    tokenEntry('set_uri', [STRING], (ctx, token, [v]) => setField(ctx, token, 'uri', v as string)),
    tokenEntry('add_property', [STRING, STRING, 'vector<u8>'], (ctx, token, [key, type, value]) => {
      propertiesAuthorized(ctx, token);
      addProperty(ctx, token, key as string, type as string, value as Uint8Array, true);
      return [];
    }),
    tokenEntry(
      'add_typed_property',
      [STRING, 'T1'],
      (ctx, token, [key, value], typeArgs) => {
        propertiesAuthorized(ctx, token);
        const type = must(typeArgs[1]);
        addProperty(ctx, token, key as string, type, typedBytes(type, must(value)), false);
        return [];
      },
      KEY_DROP,
    ),
    tokenEntry('remove_property', [STRING], (ctx, token, [key]) => {
      propertiesAuthorized(ctx, token);
      removeProperty(ctx, token, key as string);
      return [];
    }),
    tokenEntry(
      'update_property',
      [STRING, STRING, 'vector<u8>'],
      (ctx, token, [key, type, value]) => {
        propertiesAuthorized(ctx, token);
        updateProperty(ctx, token, key as string, type as string, value as Uint8Array, true);
        return [];
      },
    ),
    tokenEntry(
      'update_typed_property',
      [STRING, 'T1'],
      (ctx, token, [key, value], typeArgs) => {
        propertiesAuthorized(ctx, token);
        const type = must(typeArgs[1]);
        updateProperty(ctx, token, key as string, type, typedBytes(type, must(value)), false);
        return [];
      },
      KEY_DROP,
    ),
    flagView('are_properties_mutable', (s, t) => flagsOf(s, t).mutable_token_properties === true),
    flagView(
      'is_burnable',
      (s, t) => (readAptosToken(s, t).data.burn_ref as { vec: unknown[] }).vec.length > 0,
    ),
    flagView(
      'is_freezable_by_creator',
      (s, t) => flagsOf(s, t).tokens_freezable_by_creator === true,
    ),
    flagView('is_mutable_description', (s, t) => flagsOf(s, t).mutable_token_description === true),
    flagView('is_mutable_name', (s, t) => flagsOf(s, t).mutable_token_name === true),
    flagView('is_mutable_uri', (s, t) => flagsOf(s, t).mutable_token_uri === true),
  ],
};
