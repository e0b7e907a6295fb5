import type {
  Bytecode,
  CompiledModule,
  SignatureToken,
} from '../../../localnet/move/binary/types.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/** Abilities: copy 1, drop 2, store 4, key 8. */
const COPY_DROP_STORE = 7;

export const MORE = 'More';

const utf8 = (s: string) => Array.from(Buffer.from(s, 'utf8'));
/** A `vector<u8>` constant's BCS bytes (short vectors). */
const bytes = (data: number[]) => [data.length, ...data];

/**
 * `more`: the rest of `0x4`'s public creating functions from Move.
 *
 * - `tokens(&signer)`: `create_fixed_collection_as_owner` "More" (max 10, royalty 1/2), then in
 *   it `create_named_token_object`, `create_named_token_from_seed` (+ `_as_collection_owner`),
 *   `create_numbered_token` by name, `create_numbered_token_as_collection_owner`,
 *   `create_named_token_as_collection_owner`, `create_from_account`; `create_token` burnt
 *   through `address_from_burn_ref`'s `BurnRef`; `create_token` "G" whose property map comes
 *   from `property_map::extend` and is changed with `add`, `update` and `remove` through its
 *   `MutatorRef`, and a `royalty::update` of the collection through a royalty `MutatorRef`
 *   made from an `ExtendRef`.
 * - `#[view] seeds(address): (address, address, address, vector<u8>)`:
 *   `collection::create_collection_address`, `token::create_token_address`,
 *   `create_token_address_with_seed` and `create_token_name_with_seed`.
 */
export function tokenMoreModule(address: string, pkg = '0x4'): CompiledModule {
  const b = new ModuleBuilder(address, 'more');
  const string = S.struct(b.foreignStruct('0x1', 'string', 'String', COPY_DROP_STORE));
  const option = b.foreignStruct('0x1', 'option', 'Option', COPY_DROP_STORE, 1);
  const royalty = S.struct(b.foreignStruct(pkg, 'royalty', 'Royalty', 11));
  const optionRoyalty = S.struct(option, [royalty]);
  const cref = S.struct(b.foreignStruct('0x1', 'object', 'ConstructorRef', 2));
  const extendRef = S.struct(b.foreignStruct('0x1', 'object', 'ExtendRef', 6));
  const burnRef = S.struct(b.foreignStruct(pkg, 'token', 'BurnRef', 6));
  const propertyMap = S.struct(b.foreignStruct(pkg, 'property_map', 'PropertyMap', 10));
  const propertyMutator = S.struct(b.foreignStruct(pkg, 'property_map', 'MutatorRef', 6));
  const royaltyMutator = S.struct(b.foreignStruct(pkg, 'royalty', 'MutatorRef', 6));
  const collectionStruct = S.struct(b.foreignStruct(pkg, 'collection', 'Collection', 8));
  const object = b.foreignStruct('0x1', 'object', 'Object', COPY_DROP_STORE, 1);
  const collectionObject = S.struct(object, [collectionStruct]);
  const bytesTy = S.vec(S.u8);
  const signer = S.ref(S.signer);
  const fn = (module: string, name: string, params: SignatureToken[], returns: SignatureToken[]) =>
    b.use(
      module === 'object' || module === 'option' || module === 'string' || module === 'signer'
        ? '0x1'
        : pkg,
      module,
      name,
      params,
      returns,
    );

  const toString = fn('string', 'utf8', [bytesTy], [string]);
  const addressOf = fn('signer', 'address_of', [signer], [S.address]);
  const optionOf = (name: string, params: SignatureToken[]) =>
    b.fnInst(b.use('0x1', 'option', name, params, [S.struct(option, [S.param(0)])], 1), [royalty]);
  const some = optionOf('some', [S.param(0)]);
  const none = optionOf('none', []);
  const createRoyalty = fn('royalty', 'create', [S.u64, S.u64, S.address], [royalty]);
  const objectOf = b.fnInst(
    b.use(
      '0x1',
      'object',
      'object_from_constructor_ref',
      [S.ref(cref)],
      [S.struct(object, [S.param(0)])],
      1,
    ),
    [collectionStruct],
  );
  const extendOf = fn('object', 'generate_extend_ref', [S.ref(cref)], [extendRef]);
  const fixedAsOwner = fn(
    'collection',
    'create_fixed_collection_as_owner',
    [signer, string, S.u64, string, optionRoyalty, string],
    [cref],
  );
  const withObject = [signer, collectionObject, string, string, optionRoyalty, string];
  const seeded = [signer, collectionObject, string, string, string, optionRoyalty, string];
  const numberedByName = [signer, string, string, string, string, optionRoyalty, string];
  const byName = [signer, string, string, string, optionRoyalty, string];
  const token = (name: string, params: SignatureToken[]) => fn('token', name, params, [cref]);

  const text = (s: string): Bytecode[] => [
    { op: 'LdConst', index: b.constant(bytesTy, bytes(utf8(s))) },
    { op: 'Call', fn: toString },
  ];
  const call = (handle: number): Bytecode => ({ op: 'Call', fn: handle });
  const SIGNER: Bytecode = { op: 'CopyLoc', local: 0 };
  const COLLECTION: Bytecode = { op: 'CopyLoc', local: 1 };
  const NONE: Bytecode = { op: 'CallGeneric', fn: none };
  const POP: Bytecode = { op: 'Pop' };
  const tail = (name: string): Bytecode[] => [...text(name), NONE, ...text('u')];

  b.fn('tokens', {
    entry: true,
    params: [signer],
    locals: [
      collectionObject,
      cref,
      burnRef,
      cref,
      propertyMutator,
      royaltyMutator,
      extendRef,
      string,
    ],
    code: [
      SIGNER,
      ...text('d'),
      { op: 'LdU64', value: 10n },
      ...text(MORE),
      { op: 'LdU64', value: 1n },
      { op: 'LdU64', value: 2n },
      SIGNER,
      call(addressOf),
      call(createRoyalty),
      { op: 'CallGeneric', fn: some },
      ...text('u'),
      call(fixedAsOwner),
      { op: 'StLoc', local: 2 },
      { op: 'ImmBorrowLoc', local: 2 },
      { op: 'CallGeneric', fn: objectOf },
      { op: 'StLoc', local: 1 },
      // Royalty of the collection replaced through a MutatorRef from its ExtendRef.
      { op: 'ImmBorrowLoc', local: 2 },
      call(extendOf),
      call(fn('royalty', 'generate_mutator_ref', [extendRef], [royaltyMutator])),
      { op: 'StLoc', local: 6 },
      { op: 'ImmBorrowLoc', local: 6 },
      { op: 'LdU64', value: 3n },
      { op: 'LdU64', value: 4n },
      SIGNER,
      call(addressOf),
      call(createRoyalty),
      call(fn('royalty', 'update', [S.ref(royaltyMutator), royalty], [])),
      ...[
        SIGNER,
        COLLECTION,
        ...text('d'),
        ...tail('A'),
        call(token('create_named_token_object', withObject)),
        POP,
      ],
      ...[SIGNER, COLLECTION, ...text('d'), ...text('B'), ...tail('seed')],
      call(token('create_named_token_from_seed', seeded)),
      POP,
      ...[SIGNER, COLLECTION, ...text('d'), ...text('C'), ...tail('seed')],
      call(token('create_named_token_from_seed_as_collection_owner', seeded)),
      POP,
      ...[SIGNER, ...text(MORE), ...text('d'), ...text('N#'), ...tail('!')],
      call(token('create_numbered_token', numberedByName)),
      POP,
      ...[SIGNER, COLLECTION, ...text('d'), ...text('M#'), ...tail('')],
      call(token('create_numbered_token_as_collection_owner', seeded)),
      POP,
      ...[SIGNER, COLLECTION, ...text('d'), ...tail('D')],
      call(token('create_named_token_as_collection_owner', withObject)),
      POP,
      ...[SIGNER, ...text(MORE), ...text('d'), ...tail('F')],
      call(token('create_from_account', byName)),
      POP,
      // A token burnt through its BurnRef (with a DeleteRef: create_token's object can go).
      ...[SIGNER, COLLECTION, ...text('d'), ...tail('E'), call(token('create_token', withObject))],
      { op: 'StLoc', local: 2 },
      { op: 'ImmBorrowLoc', local: 2 },
      call(fn('token', 'generate_burn_ref', [S.ref(cref)], [burnRef])),
      { op: 'StLoc', local: 3 },
      { op: 'ImmBorrowLoc', local: 3 },
      call(fn('token', 'address_from_burn_ref', [S.ref(burnRef)], [S.address])),
      POP,
      { op: 'MoveLoc', local: 3 },
      call(fn('token', 'burn', [burnRef], [])),
      // A property map through extend, then add, update and remove with its MutatorRef.
      ...[SIGNER, COLLECTION, ...text('d'), ...tail('G'), call(token('create_token', withObject))],
      { op: 'StLoc', local: 4 },
      { op: 'ImmBorrowLoc', local: 4 },
      call(extendOf),
      { op: 'StLoc', local: 7 },
      { op: 'ImmBorrowLoc', local: 7 },
      { op: 'VecPack', sig: b.sig([string]), count: 0n },
      { op: 'VecPack', sig: b.sig([string]), count: 0n },
      { op: 'VecPack', sig: b.sig([bytesTy]), count: 0n },
      call(
        fn(
          'property_map',
          'prepare_input',
          [S.vec(string), S.vec(string), S.vec(bytesTy)],
          [propertyMap],
        ),
      ),
      call(fn('property_map', 'extend', [S.ref(extendRef), propertyMap], [])),
      { op: 'ImmBorrowLoc', local: 4 },
      call(fn('property_map', 'generate_mutator_ref', [S.ref(cref)], [propertyMutator])),
      { op: 'StLoc', local: 5 },
      { op: 'ImmBorrowLoc', local: 5 },
      ...text('k'),
      ...text('u16'),
      { op: 'LdConst', index: b.constant(bytesTy, bytes([0x34, 0x12])) },
      call(fn('property_map', 'add', [S.ref(propertyMutator), string, string, bytesTy], [])),
      ...text('k'),
      { op: 'StLoc', local: 8 },
      { op: 'ImmBorrowLoc', local: 5 },
      { op: 'ImmBorrowLoc', local: 8 },
      ...text('u32'),
      { op: 'LdConst', index: b.constant(bytesTy, bytes([1, 0, 0, 0])) },
      call(
        fn('property_map', 'update', [S.ref(propertyMutator), S.ref(string), string, bytesTy], []),
      ),
      { op: 'ImmBorrowLoc', local: 5 },
      ...text('j'),
      ...text('bool'),
      { op: 'LdConst', index: b.constant(bytesTy, bytes([1])) },
      call(fn('property_map', 'add', [S.ref(propertyMutator), string, string, bytesTy], [])),
      { op: 'ImmBorrowLoc', local: 5 },
      { op: 'ImmBorrowLoc', local: 8 },
      call(fn('property_map', 'remove', [S.ref(propertyMutator), S.ref(string)], [])),
      { op: 'Ret' },
    ],
  });
  b.fn('seeds', {
    view: true,
    params: [S.address],
    returns: [S.address, S.address, S.address, bytesTy],
    locals: [string, string, string],
    code: [
      ...text(MORE),
      { op: 'StLoc', local: 1 },
      ...text('A'),
      { op: 'StLoc', local: 2 },
      ...text('seed'),
      { op: 'StLoc', local: 3 },
      { op: 'ImmBorrowLoc', local: 0 },
      { op: 'ImmBorrowLoc', local: 1 },
      call(
        fn(
          'collection',
          'create_collection_address',
          [S.ref(S.address), S.ref(string)],
          [S.address],
        ),
      ),
      { op: 'ImmBorrowLoc', local: 0 },
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'ImmBorrowLoc', local: 2 },
      call(
        fn(
          'token',
          'create_token_address',
          [S.ref(S.address), S.ref(string), S.ref(string)],
          [S.address],
        ),
      ),
      { op: 'CopyLoc', local: 0 },
      { op: 'CopyLoc', local: 1 },
      { op: 'CopyLoc', local: 2 },
      { op: 'CopyLoc', local: 3 },
      call(
        fn(
          'token',
          'create_token_address_with_seed',
          [S.address, string, string, string],
          [S.address],
        ),
      ),
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'ImmBorrowLoc', local: 2 },
      { op: 'ImmBorrowLoc', local: 3 },
      call(
        fn(
          'token',
          'create_token_name_with_seed',
          [S.ref(string), S.ref(string), S.ref(string)],
          [bytesTy],
        ),
      ),
      { op: 'Ret' },
    ],
  });
  return b.build();
}

/** The property types `reader::all` reads, with the `read_*` function of each. */
const READS: Array<[string, string, SignatureToken]> = [
  ['typed bool', 'read_bool', S.bool],
  ['typed u8', 'read_u8', S.u8],
  ['typed u16', 'read_u16', S.u16],
  ['typed u32', 'read_u32', S.u32],
  // Updated to a u8 by `update_typed_property<u8>`.
  ['typed u64', 'read_u8', S.u8],
  ['typed u128', 'read_u128', S.u128],
  ['typed u256', 'read_u256', S.u256],
  ['typed address', 'read_address', S.address],
  ['typed vector<u8>', 'read_bytes', S.vec(S.u8)],
];

/**
 * `reader`: `#[view] all(address)` reads a token's property map from Move: `length`,
 * `contains_key`, each `read_*` of the typed properties the oracle's steps add, `read_string`
 * and `read` (type name and bytes); `#[view] mismatch(address)`: `read_bool` of a u8.
 */
export function tokenReaderModule(address: string, pkg = '0x4'): CompiledModule {
  const b = new ModuleBuilder(address, 'reader');
  const string = S.struct(b.foreignStruct('0x1', 'string', 'String', COPY_DROP_STORE));
  const tokenStruct = S.struct(b.foreignStruct(pkg, 'token', 'Token', 8));
  const object = b.foreignStruct('0x1', 'object', 'Object', COPY_DROP_STORE, 1);
  const objectT = S.struct(object, [S.param(0)]);
  const bytesTy = S.vec(S.u8);
  const toString = b.use('0x1', 'string', 'utf8', [bytesTy], [string]);
  const toObject = b.fnInst(
    b.use('0x1', 'object', 'address_to_object', [S.address], [objectT], 1),
    [tokenStruct],
  );
  const generic = (name: string, params: SignatureToken[], returns: SignatureToken[]) =>
    b.fnInst(b.use(pkg, 'property_map', name, params, returns, 1), [tokenStruct]);
  const keyed = (name: string, returns: SignatureToken[]) =>
    generic(name, [S.ref(objectT), S.ref(string)], returns);
  const text = (s: string): Bytecode[] => [
    { op: 'LdConst', index: b.constant(bytesTy, bytes(utf8(s))) },
    { op: 'Call', fn: toString },
  ];
  const read = (key: string, fn: number): Bytecode[] => [
    ...text(key),
    { op: 'StLoc', local: 2 },
    { op: 'ImmBorrowLoc', local: 1 },
    { op: 'ImmBorrowLoc', local: 2 },
    { op: 'CallGeneric', fn },
  ];
  const start: Bytecode[] = [
    { op: 'MoveLoc', local: 0 },
    { op: 'CallGeneric', fn: toObject },
    { op: 'StLoc', local: 1 },
  ];
  b.fn('all', {
    view: true,
    params: [S.address],
    returns: [S.u64, S.bool, ...READS.map(([, , ty]) => ty), string, string, bytesTy],
    locals: [S.struct(object, [tokenStruct]), string],
    code: [
      ...start,
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'CallGeneric', fn: generic('length', [S.ref(objectT)], [S.u64]) },
      ...read('typed bool', keyed('contains_key', [S.bool])),
      ...READS.flatMap(([key, name, ty]) => read(key, keyed(name, [ty]))),
      ...read('typed 0x1::string::String', keyed('read_string', [string])),
      ...read('typed address', keyed('read', [string, bytesTy])),
      { op: 'Ret' },
    ],
  });
  b.fn('mismatch', {
    view: true,
    params: [S.address],
    returns: [S.bool],
    locals: [S.struct(object, [tokenStruct]), string],
    code: [...start, ...read('typed u8', keyed('read_bool', [S.bool])), { op: 'Ret' }],
  });
  return b.build();
}
