import type { LongAddress } from '../../encoding.ts';
import { must, parseAddress, shortAddress } from '../../encoding.ts';
import type { MoveVal } from '../../executor/moveValues.ts';
import type { ResourceValue, StateReader } from '../../storage/types.ts';
import { resourceKey } from '../../storage/types.ts';
import { eventHandle, struct, view } from '../abi.ts';
import { resource } from '../assets.ts';
import type { ModuleError, NativeContext, NativeFunction, NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError } from '../context.ts';
import { collectionAddress, createObject } from '../objects.ts';

/** `0x4`, the token objects framework (`aptos_token_objects`). */
export const TOKEN_OBJECTS_ADDRESS = must(parseAddress('0x4'));

const COLLECTION = '0x4::collection';
export const COLLECTION_TYPE = '0x4::collection::Collection';
export const CONCURRENT_SUPPLY_TYPE = '0x4::collection::ConcurrentSupply';

export const collectionErrors = {
  missing: moduleError(
    ERROR_CATEGORY.notFound,
    1n,
    'ECOLLECTION_DOES_NOT_EXIST',
    'The collection does not exist',
  ),
  supplyExceeded: moduleError(
    ERROR_CATEGORY.outOfRange,
    2n,
    'ECOLLECTION_SUPPLY_EXCEEDED',
    'The collection has reached its supply and no more tokens can be minted, unless some are burned',
  ),
  nameTooLong: moduleError(
    ERROR_CATEGORY.outOfRange,
    3n,
    'ECOLLECTION_NAME_TOO_LONG',
    'The collection name is over the maximum length',
  ),
  uriTooLong: moduleError(
    ERROR_CATEGORY.outOfRange,
    4n,
    'EURI_TOO_LONG',
    'The URI is over the maximum length',
  ),
  descriptionTooLong: moduleError(
    ERROR_CATEGORY.outOfRange,
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

const MAX_COLLECTION_NAME_LENGTH = 128;
const MAX_URI_LENGTH = 512;
const MAX_DESCRIPTION_LENGTH = 2048;

/** The length errors of one module (`collection` and `token` each have their own codes). */
export interface LengthErrors {
  name: ModuleError;
  nameMax: number;
  uri: ModuleError;
  description: ModuleError;
}

/** Checks a name, URI and description against the `0x4` length limits (in characters). */
export function checkLengths(
  module: string,
  errors: LengthErrors,
  fields: { name?: string; uri?: string; description?: string },
): void {
  if (fields.name !== undefined && [...fields.name].length > errors.nameMax)
    abort(module, errors.name);
  if (fields.uri !== undefined && [...fields.uri].length > MAX_URI_LENGTH)
    abort(module, errors.uri);
  if (fields.description !== undefined && [...fields.description].length > MAX_DESCRIPTION_LENGTH)
    abort(module, errors.description);
}

export function readCollection(state: StateReader, address: LongAddress): ResourceValue | null {
  return state.get(resourceKey(address, COLLECTION_TYPE)) as ResourceValue | null;
}

const aggregator = (value: bigint, max: bigint) => ({
  max_value: max.toString(),
  value: value.toString(),
});

/**
 * `collection::create_fixed_collection`: a named object of the creator (its address from the
 * name), with `Collection`, `ConcurrentSupply` and, when given, `0x4::royalty::Royalty`.
 */
export function createFixedCollection(
  ctx: NativeContext,
  creator: LongAddress,
  args: {
    description: string;
    maxSupply: bigint;
    name: string;
    uri: string;
    royalty: { numerator: bigint; denominator: bigint } | null;
  },
): LongAddress {
  checkLengths(
    COLLECTION,
    {
      name: collectionErrors.nameTooLong,
      nameMax: MAX_COLLECTION_NAME_LENGTH,
      uri: collectionErrors.uriTooLong,
      description: collectionErrors.descriptionTooLong,
    },
    args,
  );
  if (args.maxSupply === 0n) abort(COLLECTION, collectionErrors.zeroMaxSupply);
  const address = collectionAddress(creator, args.name);
  createObject(ctx, address, creator);
  ctx.write(
    resourceKey(address, COLLECTION_TYPE),
    resource(address, COLLECTION_TYPE, {
      creator: shortAddress(creator),
      description: args.description,
      mutation_events: {
        counter: '0',
        guid: { id: { addr: shortAddress(address), creation_num: '1125899906842625' } },
      },
      name: args.name,
      uri: args.uri,
    }),
  );
  ctx.write(
    resourceKey(address, CONCURRENT_SUPPLY_TYPE),
    resource(address, CONCURRENT_SUPPLY_TYPE, {
      current_supply: aggregator(0n, args.maxSupply),
      total_minted: aggregator(0n, (1n << 64n) - 1n),
    }),
  );
  if (args.royalty !== null) {
    ctx.write(
      resourceKey(address, ROYALTY_TYPE),
      resource(address, ROYALTY_TYPE, {
        denominator: args.royalty.denominator.toString(),
        numerator: args.royalty.numerator.toString(),
        payee_address: shortAddress(creator),
      }),
    );
  }
  return address;
}

export const ROYALTY_TYPE = '0x4::royalty::Royalty';

function readSupply(ctx: NativeContext, collection: LongAddress): ResourceValue {
  const supply = ctx.get(resourceKey(collection, CONCURRENT_SUPPLY_TYPE)) as ResourceValue | null;
  if (supply === null) abort(COLLECTION, collectionErrors.missing);
  return supply;
}

interface Aggregator {
  max_value: string;
  value: string;
}

/** `increment_supply`: the token's index (1-based), emitting `0x4::collection::Mint`. */
export function incrementSupply(
  ctx: NativeContext,
  collection: LongAddress,
  token: LongAddress,
): bigint {
  const supply = readSupply(ctx, collection);
  const current = supply.data.current_supply as unknown as Aggregator;
  const minted = supply.data.total_minted as unknown as Aggregator;
  const next = BigInt(current.value) + 1n;
  if (next > BigInt(current.max_value)) abort(COLLECTION, collectionErrors.supplyExceeded);
  const index = BigInt(minted.value) + 1n;
  ctx.write(resourceKey(collection, CONCURRENT_SUPPLY_TYPE), {
    ...supply,
    data: {
      current_supply: { ...current, value: next.toString() },
      total_minted: { ...minted, value: index.toString() },
    },
  });
  ctx.emit('0x4::collection::Mint', {
    collection: shortAddress(collection),
    index: { value: index.toString() },
    token: shortAddress(token),
  });
  return index;
}

/** `decrement_supply`: emits `0x4::collection::Burn`. */
export function decrementSupply(
  ctx: NativeContext,
  collection: LongAddress,
  token: LongAddress,
  index: string,
  previousOwner: LongAddress,
): void {
  const supply = readSupply(ctx, collection);
  const current = supply.data.current_supply as unknown as Aggregator;
  ctx.write(resourceKey(collection, CONCURRENT_SUPPLY_TYPE), {
    ...supply,
    data: {
      ...supply.data,
      current_supply: { ...current, value: (BigInt(current.value) - 1n).toString() },
    },
  });
  ctx.emit('0x4::collection::Burn', {
    collection: shortAddress(collection),
    index: index,
    token: shortAddress(token),
    previous_owner: shortAddress(previousOwner),
  });
}

/** A view of one `Collection` field for any `Object<T>` holding a collection. */
const fieldView = (name: string, returns: string, read: (c: ResourceValue) => MoveVal) =>
  view(
    name,
    ['0x1::object::Object<T0>'],
    [returns],
    (ctx, _t, [address]) => {
      const collection = readCollection(ctx, address as LongAddress);
      if (collection === null) abort(COLLECTION, collectionErrors.missing);
      return [read(collection)];
    },
    [['key']],
  );

const collectionViews: NativeFunction[] = [
  fieldView('creator', 'address', (c) => must(parseAddress(c.data.creator as string))),
  fieldView('description', '0x1::string::String', (c) => c.data.description as string),
  fieldView('name', '0x1::string::String', (c) => c.data.name as string),
  fieldView('uri', '0x1::string::String', (c) => c.data.uri as string),
  view(
    'count',
    ['0x1::object::Object<T0>'],
    ['0x1::option::Option<u64>'],
    (ctx, _t, [address]) => {
      const supply = ctx.get(
        resourceKey(address as LongAddress, CONCURRENT_SUPPLY_TYPE),
      ) as ResourceValue | null;
      if (supply === null) return [[]];
      return [[BigInt((supply.data.current_supply as unknown as Aggregator).value)]];
    },
    [['key']],
  ),
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
        ['description', '0x1::string::String'],
        ['name', '0x1::string::String'],
        ['uri', '0x1::string::String'],
        ['mutation_events', eventHandle('0x4::collection::MutationEvent')],
      ],
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
      'Mint',
      ['drop', 'store'],
      [
        ['collection', 'address'],
        ['index', '0x1::aggregator_v2::AggregatorSnapshot<u64>'],
        ['token', 'address'],
      ],
      { isEvent: true },
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
  ],
  functions: collectionViews,
};
