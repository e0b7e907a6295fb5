import type { Bytecode, CompiledModule } from '../../../localnet/move/binary/types.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/** Abilities: copy 1, drop 2, store 4, key 8. */
const COPY_DROP_STORE = 7;

export const COLLECTION = 'Move Collection';
export const TOKEN = 'Sword';
export const DESCRIBED = 'forged in init_module';

const utf8 = (s: string) => Array.from(Buffer.from(s, 'utf8'));
const uleb = (n: number) => (n < 0x80 ? [n] : [(n & 0x7f) | 0x80, n >> 7]);
/** A `vector<u8>` constant's BCS bytes. */
const bytes = (data: number[]) => [...uleb(data.length), ...data];

/**
 * `nft`: what a user package does with `0x4` from Move.
 *
 * - `init_module`: `collection::create_unlimited_collection` (royalty 5/100), then
 *   `token::create_named_token` "Sword" (royalty 1/10) with a property map
 *   (`prepare_input` of `kind: String = "blade"`, then `add_typed<u64>` `power = 42`), and
 *   `token::set_description` through a token `MutatorRef`.
 * - `mint_and_burn(&signer)`: `token::create` "Temp" and `token::burn` of its `BurnRef`.
 * - `mint_again(&signer)`: `create_named_token` "Sword" a second time (the object exists).
 * - `#[view] power(address): u64` / `kind(address): String`: `property_map::read_u64` /
 *   `read_string` of the token.
 *
 * `pkg` is where the token objects modules are (`0x4`, or a re-addressed copy of them).
 */
export function tokenObjectsModule(address: string, pkg = '0x4'): CompiledModule {
  const b = new ModuleBuilder(address, 'nft');
  const string = S.struct(b.foreignStruct('0x1', 'string', 'String', COPY_DROP_STORE));
  const option = b.foreignStruct('0x1', 'option', 'Option', COPY_DROP_STORE, 1);
  const royalty = S.struct(b.foreignStruct(pkg, 'royalty', 'Royalty', 11));
  const optionRoyalty = S.struct(option, [royalty]);
  const cref = S.struct(b.foreignStruct('0x1', 'object', 'ConstructorRef', 2));
  const tokenMutator = S.struct(b.foreignStruct(pkg, 'token', 'MutatorRef', 6));
  const burnRef = S.struct(b.foreignStruct(pkg, 'token', 'BurnRef', 6));
  const propertyMap = S.struct(b.foreignStruct(pkg, 'property_map', 'PropertyMap', 10));
  const propertyMutator = S.struct(b.foreignStruct(pkg, 'property_map', 'MutatorRef', 6));
  const tokenStruct = S.struct(b.foreignStruct(pkg, 'token', 'Token', 8));
  const object = b.foreignStruct('0x1', 'object', 'Object', COPY_DROP_STORE, 1);
  const tokenObject = S.struct(object, [tokenStruct]);
  const bytesTy = S.vec(S.u8);

  const addressOf = b.use('0x1', 'signer', 'address_of', [S.ref(S.signer)], [S.address]);
  const toString = b.use('0x1', 'string', 'utf8', [bytesTy], [string]);
  const some = b.fnInst(
    b.use('0x1', 'option', 'some', [S.param(0)], [S.struct(option, [S.param(0)])], 1),
    [royalty],
  );
  const none = b.fnInst(b.use('0x1', 'option', 'none', [], [S.struct(option, [S.param(0)])], 1), [
    royalty,
  ]);
  const createRoyalty = b.use(pkg, 'royalty', 'create', [S.u64, S.u64, S.address], [royalty]);
  const createCollection = b.use(
    pkg,
    'collection',
    'create_unlimited_collection',
    [S.ref(S.signer), string, string, optionRoyalty, string],
    [cref],
  );
  const tokenParams = [S.ref(S.signer), string, string, string, optionRoyalty, string];
  const createNamed = b.use(pkg, 'token', 'create_named_token', tokenParams, [cref]);
  const create = b.use(pkg, 'token', 'create', tokenParams, [cref]);
  const tokenMutatorOf = b.use(pkg, 'token', 'generate_mutator_ref', [S.ref(cref)], [tokenMutator]);
  const setDescription = b.use(pkg, 'token', 'set_description', [S.ref(tokenMutator), string], []);
  const burnRefOf = b.use(pkg, 'token', 'generate_burn_ref', [S.ref(cref)], [burnRef]);
  const burn = b.use(pkg, 'token', 'burn', [burnRef], []);
  const prepare = b.use(
    pkg,
    'property_map',
    'prepare_input',
    [S.vec(string), S.vec(string), S.vec(bytesTy)],
    [propertyMap],
  );
  const init = b.use(pkg, 'property_map', 'init', [S.ref(cref), propertyMap], []);
  const propertyMutatorOf = b.use(
    pkg,
    'property_map',
    'generate_mutator_ref',
    [S.ref(cref)],
    [propertyMutator],
  );
  const addTyped = b.fnInst(
    b.use(pkg, 'property_map', 'add_typed', [S.ref(propertyMutator), string, S.param(0)], [], 1),
    [S.u64],
  );
  const objectT = S.struct(object, [S.param(0)]);
  const toObject = b.fnInst(
    b.use('0x1', 'object', 'address_to_object', [S.address], [objectT], 1),
    [tokenStruct],
  );
  const reader = (name: string, returns: typeof string) =>
    b.fnInst(b.use(pkg, 'property_map', name, [S.ref(objectT), S.ref(string)], [returns], 1), [
      tokenStruct,
    ]);
  const readU64 = reader('read_u64', S.u64);
  const readString = reader('read_string', string);

  const text = (s: string): Bytecode[] => [
    { op: 'LdConst', index: b.constant(bytesTy, bytes(utf8(s))) },
    { op: 'Call', fn: toString },
  ];
  const royaltyOf = (numerator: bigint, denominator: bigint, payee: Bytecode): Bytecode[] => [
    { op: 'LdU64', value: numerator },
    { op: 'LdU64', value: denominator },
    payee,
    { op: 'Call', fn: createRoyalty },
    { op: 'CallGeneric', fn: some },
  ];
  const RET: Bytecode = { op: 'Ret' };

  b.fn('init_module', {
    visibility: 'private',
    params: [S.ref(S.signer)],
    locals: [S.address, cref, tokenMutator, propertyMutator],
    code: [
      { op: 'CopyLoc', local: 0 },
      { op: 'Call', fn: addressOf },
      { op: 'StLoc', local: 1 },
      { op: 'CopyLoc', local: 0 },
      ...text('made from Move'),
      ...text(COLLECTION),
      ...royaltyOf(5n, 100n, { op: 'CopyLoc', local: 1 }),
      ...text('https://example.com/collection'),
      { op: 'Call', fn: createCollection },
      { op: 'Pop' },
      { op: 'MoveLoc', local: 0 },
      ...text(COLLECTION),
      ...text('a token'),
      ...text(TOKEN),
      ...royaltyOf(1n, 10n, { op: 'CopyLoc', local: 1 }),
      ...text('https://example.com/sword'),
      { op: 'Call', fn: createNamed },
      { op: 'StLoc', local: 2 },
      { op: 'ImmBorrowLoc', local: 2 },
      ...text('kind'),
      { op: 'VecPack', sig: b.sig([string]), count: 1n },
      ...text('0x1::string::String'),
      { op: 'VecPack', sig: b.sig([string]), count: 1n },
      { op: 'LdConst', index: b.constant(S.vec(bytesTy), [1, ...bytes(bytes(utf8('blade')))]) },
      { op: 'Call', fn: prepare },
      { op: 'Call', fn: init },
      { op: 'ImmBorrowLoc', local: 2 },
      { op: 'Call', fn: propertyMutatorOf },
      { op: 'StLoc', local: 4 },
      { op: 'ImmBorrowLoc', local: 4 },
      ...text('power'),
      { op: 'LdU64', value: 42n },
      { op: 'CallGeneric', fn: addTyped },
      { op: 'ImmBorrowLoc', local: 2 },
      { op: 'Call', fn: tokenMutatorOf },
      { op: 'StLoc', local: 3 },
      { op: 'ImmBorrowLoc', local: 3 },
      ...text(DESCRIBED),
      { op: 'Call', fn: setDescription },
      RET,
    ],
  });

  const mint = (name: string, fn: number, tail: Bytecode[]) =>
    b.fn(name, {
      entry: true,
      params: [S.ref(S.signer)],
      locals: [cref],
      code: [
        { op: 'MoveLoc', local: 0 },
        ...text(COLLECTION),
        ...text('a token'),
        ...text(name === 'mint_again' ? TOKEN : 'Temp'),
        { op: 'CallGeneric', fn: none },
        ...text('https://example.com/temp'),
        { op: 'Call', fn },
        { op: 'StLoc', local: 1 },
        ...tail,
        RET,
      ],
    });
  mint('mint_and_burn', create, [
    { op: 'ImmBorrowLoc', local: 1 },
    { op: 'Call', fn: burnRefOf },
    { op: 'Call', fn: burn },
  ]);
  mint('mint_again', createNamed, []);

  const read = (name: string, fn: number, returns: typeof string) =>
    b.fn(name, {
      view: true,
      params: [S.address],
      returns: [returns],
      locals: [tokenObject, string],
      code: [
        { op: 'MoveLoc', local: 0 },
        { op: 'CallGeneric', fn: toObject },
        { op: 'StLoc', local: 1 },
        ...text(name),
        { op: 'StLoc', local: 2 },
        { op: 'ImmBorrowLoc', local: 1 },
        { op: 'ImmBorrowLoc', local: 2 },
        { op: 'CallGeneric', fn },
        RET,
      ],
    });
  read('power', readU64, S.u64);
  read('kind', readString, string);
  return b.build();
}

export const FIXED = 'Fixed Collection';

/**
 * `refs`: the ref-based `0x4` functions from Move.
 *
 * - `make(&signer)`: `create_fixed_collection` (max 2, no royalty), its `collection::MutatorRef`
 *   for `set_description` and `set_max_supply(3)`, then `create_numbered_token_object`
 *   ("Hero #" 1 " of 3") in it and `token::set_name` "Hero" through the token's `MutatorRef`.
 * - `upgrade(&signer)`: a fixed collection and `upgrade_to_concurrent` of its `ExtendRef` (it is
 *   concurrent already).
 * - `too_long(&signer)`: `create_unlimited_collection` with a 129-byte name.
 * - `owned(&signer)`: `create_unlimited_collection_as_owner` "Owned" and
 *   `create_token_as_collection_owner` in it; `mint_into(&signer, address)`: the latter in the
 *   collection at the address.
 */
export function tokenRefsModule(address: string, pkg = '0x4'): CompiledModule {
  const b = new ModuleBuilder(address, 'refs');
  const string = S.struct(b.foreignStruct('0x1', 'string', 'String', COPY_DROP_STORE));
  const option = b.foreignStruct('0x1', 'option', 'Option', COPY_DROP_STORE, 1);
  const royalty = S.struct(b.foreignStruct(pkg, 'royalty', 'Royalty', 11));
  const optionRoyalty = S.struct(option, [royalty]);
  const cref = S.struct(b.foreignStruct('0x1', 'object', 'ConstructorRef', 2));
  const extendRef = S.struct(b.foreignStruct('0x1', 'object', 'ExtendRef', 6));
  const collectionMutator = S.struct(b.foreignStruct(pkg, 'collection', 'MutatorRef', 6));
  const tokenMutator = S.struct(b.foreignStruct(pkg, 'token', 'MutatorRef', 6));
  const collectionStruct = S.struct(b.foreignStruct(pkg, 'collection', 'Collection', 8));
  const object = b.foreignStruct('0x1', 'object', 'Object', COPY_DROP_STORE, 1);
  const collectionObject = S.struct(object, [collectionStruct]);
  const bytesTy = S.vec(S.u8);

  const toString = b.use('0x1', 'string', 'utf8', [bytesTy], [string]);
  const none = b.fnInst(b.use('0x1', 'option', 'none', [], [S.struct(option, [S.param(0)])], 1), [
    royalty,
  ]);
  const createFixed = b.use(
    pkg,
    'collection',
    'create_fixed_collection',
    [S.ref(S.signer), string, S.u64, string, optionRoyalty, string],
    [cref],
  );
  const createUnlimited = b.use(
    pkg,
    'collection',
    'create_unlimited_collection',
    [S.ref(S.signer), string, string, optionRoyalty, string],
    [cref],
  );
  const mutatorOf = b.use(
    pkg,
    'collection',
    'generate_mutator_ref',
    [S.ref(cref)],
    [collectionMutator],
  );
  const setDescription = b.use(
    pkg,
    'collection',
    'set_description',
    [S.ref(collectionMutator), string],
    [],
  );
  const setMaxSupply = b.use(
    pkg,
    'collection',
    'set_max_supply',
    [S.ref(collectionMutator), S.u64],
    [],
  );
  const upgrade = b.use(pkg, 'collection', 'upgrade_to_concurrent', [S.ref(extendRef)], []);
  const extendOf = b.use('0x1', 'object', 'generate_extend_ref', [S.ref(cref)], [extendRef]);
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
  const createNumbered = b.use(
    pkg,
    'token',
    'create_numbered_token_object',
    [S.ref(S.signer), collectionObject, string, string, string, optionRoyalty, string],
    [cref],
  );
  const tokenMutatorOf = b.use(pkg, 'token', 'generate_mutator_ref', [S.ref(cref)], [tokenMutator]);
  const createAsOwner = b.use(
    pkg,
    'collection',
    'create_unlimited_collection_as_owner',
    [S.ref(S.signer), string, string, optionRoyalty, string],
    [cref],
  );
  const tokenAsOwner = b.use(
    pkg,
    'token',
    'create_token_as_collection_owner',
    [S.ref(S.signer), collectionObject, string, string, optionRoyalty, string],
    [cref],
  );
  const toCollection = b.fnInst(
    b.use('0x1', 'object', 'address_to_object', [S.address], [S.struct(object, [S.param(0)])], 1),
    [collectionStruct],
  );
  const setName = b.use(pkg, 'token', 'set_name', [S.ref(tokenMutator), string], []);

  const text = (s: string): Bytecode[] => [
    { op: 'LdConst', index: b.constant(bytesTy, bytes(utf8(s))) },
    { op: 'Call', fn: toString },
  ];
  const fixed = (signer: Bytecode, name: string): Bytecode[] => [
    signer,
    ...text('fixed from Move'),
    { op: 'LdU64', value: 2n },
    ...text(name),
    { op: 'CallGeneric', fn: none },
    ...text('https://example.com/fixed'),
    { op: 'Call', fn: createFixed },
  ];
  const RET: Bytecode = { op: 'Ret' };

  b.fn('make', {
    entry: true,
    params: [S.ref(S.signer)],
    locals: [cref, collectionMutator, cref, tokenMutator],
    code: [
      ...fixed({ op: 'CopyLoc', local: 0 }, FIXED),
      { op: 'StLoc', local: 1 },
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'Call', fn: mutatorOf },
      { op: 'StLoc', local: 2 },
      { op: 'ImmBorrowLoc', local: 2 },
      ...text('described by a MutatorRef'),
      { op: 'Call', fn: setDescription },
      { op: 'ImmBorrowLoc', local: 2 },
      { op: 'LdU64', value: 3n },
      { op: 'Call', fn: setMaxSupply },
      { op: 'MoveLoc', local: 0 },
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'CallGeneric', fn: objectOf },
      ...text('numbered'),
      ...text('Hero #'),
      ...text(' of 3'),
      { op: 'CallGeneric', fn: none },
      ...text('https://example.com/hero'),
      { op: 'Call', fn: createNumbered },
      { op: 'StLoc', local: 3 },
      { op: 'ImmBorrowLoc', local: 3 },
      { op: 'Call', fn: tokenMutatorOf },
      { op: 'StLoc', local: 4 },
      { op: 'ImmBorrowLoc', local: 4 },
      ...text('Hero'),
      { op: 'Call', fn: setName },
      RET,
    ],
  });
  b.fn('upgrade', {
    entry: true,
    params: [S.ref(S.signer)],
    locals: [cref, extendRef],
    code: [
      ...fixed({ op: 'MoveLoc', local: 0 }, 'Other'),
      { op: 'StLoc', local: 1 },
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'Call', fn: extendOf },
      { op: 'StLoc', local: 2 },
      { op: 'ImmBorrowLoc', local: 2 },
      { op: 'Call', fn: upgrade },
      RET,
    ],
  });
  b.fn('too_long', {
    entry: true,
    params: [S.ref(S.signer)],
    code: [
      { op: 'MoveLoc', local: 0 },
      ...text('d'),
      ...text('n'.repeat(129)),
      { op: 'CallGeneric', fn: none },
      ...text('u'),
      { op: 'Call', fn: createUnlimited },
      { op: 'Pop' },
      RET,
    ],
  });
  const ownedToken: Bytecode[] = [
    ...text('owned'),
    ...text('Owned token'),
    { op: 'CallGeneric', fn: none },
    ...text('https://example.com/owned'),
    { op: 'Call', fn: tokenAsOwner },
    { op: 'Pop' },
  ];
  b.fn('owned', {
    entry: true,
    params: [S.ref(S.signer)],
    locals: [cref],
    code: [
      { op: 'CopyLoc', local: 0 },
      ...text('owned'),
      ...text('Owned'),
      { op: 'CallGeneric', fn: none },
      ...text('https://example.com/owned'),
      { op: 'Call', fn: createAsOwner },
      { op: 'StLoc', local: 1 },
      { op: 'MoveLoc', local: 0 },
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'CallGeneric', fn: objectOf },
      ...ownedToken,
      RET,
    ],
  });
  b.fn('mint_into', {
    entry: true,
    params: [S.ref(S.signer), S.address],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 1 },
      { op: 'CallGeneric', fn: toCollection },
      ...ownedToken,
      RET,
    ],
  });
  return b.build();
}
