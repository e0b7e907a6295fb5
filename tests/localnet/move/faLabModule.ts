import type {
  Bytecode,
  CompiledModule,
  SignatureToken,
} from '../../../localnet/move/binary/types.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

const COPY_DROP_STORE = 7;
const DROP_STORE = 6;

/** BCS of a `vector<u8>` constant holding `text`. */
const bytes = (text: string): number[] => {
  const utf8 = Array.from(Buffer.from(text, 'utf8'));
  return [utf8.length, ...utf8];
};

/**
 * `module fa_lab`: an untransferable asset ("Lab", 6 decimals, 100 minted to the publisher) and
 * entry functions that use the rest of `fungible_asset` from Move.
 *
 * ```move
 * struct LabRefs has key { mint: MintRef, burn: BurnRef, mutate: MutateMetadataRef, metadata: Object<Metadata> }
 * fun init_module(account: &signer) {
 *   let c = &object::create_named_object(account, b"LAB");
 *   primary_fungible_store::create_primary_store_enabled_fungible_asset(c, none(), utf8(b"Lab"), utf8(b"LAB"), 6, utf8(b""), utf8(b""));
 *   fungible_asset::set_untransferable(c);
 *   // refs, then primary_fungible_store::mint(&mint, address_of(account), 100); move_to(account, LabRefs {…})
 * }
 * entry fun rename(admin: &signer) {     // mutate_metadata(&mutate, some(utf8(b"Renamed")), none(), some(2), none(), none())
 * entry fun store_cycle(admin: &signer) {
 *   let c = object::create_object(address_of(admin));
 *   let store = fungible_asset::create_store(&c, metadata);
 *   fungible_asset::mint_to(&mint, store, 5);
 *   let fa = fungible_asset::withdraw(admin, store, 2);
 *   let one = fungible_asset::extract(&mut fa, 1);
 *   fungible_asset::merge(&mut fa, one);
 *   fungible_asset::burn(&burn, fa);
 *   fungible_asset::burn_from(&burn, store, 3);
 *   fungible_asset::remove_store(&object::generate_delete_ref(&c));
 * }
 * entry fun deletable(admin: &signer) {  // add_fungibility on create_object's ref: EOBJECT_IS_DELETABLE
 * entry fun zero(admin: &signer) { fungible_asset::destroy_zero(fungible_asset::zero(metadata)) }
 * ```
 */
export function faLabModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'fa_lab');
  const object = b.foreignStruct('0x1', 'object', 'Object', COPY_DROP_STORE, 1);
  const cref = S.struct(b.foreignStruct('0x1', 'object', 'ConstructorRef', 2));
  const deleteRef = S.struct(b.foreignStruct('0x1', 'object', 'DeleteRef', DROP_STORE));
  const metadata = S.struct(b.foreignStruct('0x1', 'fungible_asset', 'Metadata', 11));
  const fungibleStore = S.struct(b.foreignStruct('0x1', 'fungible_asset', 'FungibleStore', 8));
  const ref = (name: string) =>
    S.struct(b.foreignStruct('0x1', 'fungible_asset', name, DROP_STORE));
  const [mintRef, burnRef, mutateRef] = [ref('MintRef'), ref('BurnRef'), ref('MutateMetadataRef')];
  const fa = S.struct(b.foreignStruct('0x1', 'fungible_asset', 'FungibleAsset', 0));
  const str = S.struct(b.foreignStruct('0x1', 'string', 'String', COPY_DROP_STORE));
  const option = b.foreignStruct('0x1', 'option', 'Option', COPY_DROP_STORE, 1);
  const metadataObject = S.struct(object, [metadata]);
  const storeObject = S.struct(object, [fungibleStore]);
  const objectT = S.struct(object, [S.param(0)]);
  const refs = b.struct('LabRefs', 8, [
    ['mint', mintRef],
    ['burn', burnRef],
    ['mutate', mutateRef],
    ['metadata', metadataObject],
  ]);
  const field = (index: number) => b.field(refs.def, index);
  const fa1 = (name: string, params: SignatureToken[], returns: SignatureToken[] = [], tps = 0) =>
    b.use('0x1', 'fungible_asset', name, params, returns, tps);

  const addressOf = b.use('0x1', 'signer', 'address_of', [S.ref(S.signer)], [S.address]);
  const utf8 = b.use('0x1', 'string', 'utf8', [S.vec(S.u8)], [str]);
  const optionT = S.struct(option, [S.param(0)]);
  const some = b.use('0x1', 'option', 'some', [S.param(0)], [optionT], 1);
  const none = b.use('0x1', 'option', 'none', [], [optionT], 1);
  const named = b.use(
    '0x1',
    'object',
    'create_named_object',
    [S.ref(S.signer), S.vec(S.u8)],
    [cref],
  );
  const createObject = b.use('0x1', 'object', 'create_object', [S.address], [cref]);
  const genDelete = b.use('0x1', 'object', 'generate_delete_ref', [S.ref(cref)], [deleteRef]);
  const fromRef = b.use(
    '0x1',
    'object',
    'object_from_constructor_ref',
    [S.ref(cref)],
    [objectT],
    1,
  );
  const assetFields = [S.struct(option, [S.u128]), str, str, S.u8, str, str];
  const createAsset = b.use(
    '0x1',
    'primary_fungible_store',
    'create_primary_store_enabled_fungible_asset',
    [S.ref(cref), ...assetFields],
    [],
  );
  const pfsMint = b.use(
    '0x1',
    'primary_fungible_store',
    'mint',
    [S.ref(mintRef), S.address, S.u64],
    [],
  );
  const addFungibility = fa1('add_fungibility', [S.ref(cref), ...assetFields], [metadataObject]);
  const setUntransferable = fa1('set_untransferable', [S.ref(cref)]);
  const genMint = fa1('generate_mint_ref', [S.ref(cref)], [mintRef]);
  const genBurn = fa1('generate_burn_ref', [S.ref(cref)], [burnRef]);
  const genMutate = fa1('generate_mutate_metadata_ref', [S.ref(cref)], [mutateRef]);
  const optionString = S.struct(option, [str]);
  const mutate = fa1('mutate_metadata', [
    S.ref(mutateRef),
    optionString,
    optionString,
    S.struct(option, [S.u8]),
    optionString,
    optionString,
  ]);
  const createStore = fa1('create_store', [S.ref(cref), objectT], [storeObject], 1);
  const mintTo = fa1('mint_to', [S.ref(mintRef), objectT, S.u64], [], 1);
  const withdraw = fa1('withdraw', [S.ref(S.signer), objectT, S.u64], [fa], 1);
  const extract = fa1('extract', [S.mut(fa), S.u64], [fa]);
  const merge = fa1('merge', [S.mut(fa), fa]);
  const burn = fa1('burn', [S.ref(burnRef), fa]);
  const burnFrom = fa1('burn_from', [S.ref(burnRef), objectT, S.u64], [], 1);
  const removeStore = fa1('remove_store', [S.ref(deleteRef)]);
  const zero = fa1('zero', [objectT], [fa], 1);
  const destroyZero = fa1('destroy_zero', [fa]);

  const text = (value: string): Bytecode[] => [
    { op: 'LdConst', index: b.constant(S.vec(S.u8), bytes(value)) },
    { op: 'Call', fn: utf8 },
  ];
  const assetArgs = (name: string, symbol: string, decimals: number): Bytecode[] => [
    { op: 'CallGeneric', fn: b.fnInst(none, [S.u128]) },
    ...text(name),
    ...text(symbol),
    { op: 'LdU8', value: decimals },
    ...text(''),
    ...text(''),
  ];
  const mine: Bytecode[] = [
    { op: 'CopyLoc', local: 0 },
    { op: 'Call', fn: addressOf },
  ];
  const borrowRefs: Bytecode[] = [...mine, { op: 'ImmBorrowGlobal', def: refs.def }];

  b.fn('init_module', {
    visibility: 'private',
    params: [S.ref(S.signer)],
    locals: [cref, mintRef, burnRef, mutateRef, metadataObject],
    code: [
      { op: 'CopyLoc', local: 0 },
      { op: 'LdConst', index: b.constant(S.vec(S.u8), bytes('LAB')) },
      { op: 'Call', fn: named },
      { op: 'StLoc', local: 1 },
      { op: 'ImmBorrowLoc', local: 1 },
      ...assetArgs('Lab', 'LAB', 6),
      { op: 'Call', fn: createAsset },
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'Call', fn: setUntransferable },
      ...([genMint, genBurn, genMutate] as const).flatMap((gen, i): Bytecode[] => [
        { op: 'ImmBorrowLoc', local: 1 },
        { op: 'Call', fn: gen },
        { op: 'StLoc', local: 2 + i },
      ]),
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'CallGeneric', fn: b.fnInst(fromRef, [metadata]) },
      { op: 'StLoc', local: 5 },
      { op: 'ImmBorrowLoc', local: 2 },
      ...mine,
      { op: 'LdU64', value: 100n },
      { op: 'Call', fn: pfsMint },
      { op: 'MoveLoc', local: 0 },
      ...[2, 3, 4, 5].map((local): Bytecode => ({ op: 'MoveLoc', local })),
      { op: 'Pack', def: refs.def },
      { op: 'MoveTo', def: refs.def },
      { op: 'Ret' },
    ],
  });
  b.fn('rename', {
    entry: true,
    params: [S.ref(S.signer)],
    acquires: [refs.def],
    code: [
      ...borrowRefs,
      { op: 'ImmBorrowField', field: field(2) },
      ...text('Renamed'),
      { op: 'CallGeneric', fn: b.fnInst(some, [str]) },
      { op: 'CallGeneric', fn: b.fnInst(none, [str]) },
      { op: 'LdU8', value: 2 },
      { op: 'CallGeneric', fn: b.fnInst(some, [S.u8]) },
      { op: 'CallGeneric', fn: b.fnInst(none, [str]) },
      { op: 'CallGeneric', fn: b.fnInst(none, [str]) },
      { op: 'Call', fn: mutate },
      { op: 'Ret' },
    ],
  });
  const onStore = (f: number) => b.fnInst(f, [fungibleStore]);
  b.fn('store_cycle', {
    entry: true,
    params: [S.ref(S.signer)],
    // 1 ConstructorRef, 2 the store, 3 fa, 4 its extracted part, 5 DeleteRef, 6 &LabRefs.
    locals: [cref, storeObject, fa, fa, deleteRef, S.ref(S.struct(refs.handle))],
    acquires: [refs.def],
    code: [
      ...borrowRefs,
      { op: 'StLoc', local: 6 },
      ...mine,
      { op: 'Call', fn: createObject },
      { op: 'StLoc', local: 1 },
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'CopyLoc', local: 6 },
      { op: 'ImmBorrowField', field: field(3) },
      { op: 'ReadRef' },
      { op: 'CallGeneric', fn: b.fnInst(createStore, [metadata]) },
      { op: 'StLoc', local: 2 },
      { op: 'CopyLoc', local: 6 },
      { op: 'ImmBorrowField', field: field(0) },
      { op: 'CopyLoc', local: 2 },
      { op: 'LdU64', value: 5n },
      { op: 'CallGeneric', fn: onStore(mintTo) },
      { op: 'MoveLoc', local: 0 },
      { op: 'CopyLoc', local: 2 },
      { op: 'LdU64', value: 2n },
      { op: 'CallGeneric', fn: onStore(withdraw) },
      { op: 'StLoc', local: 3 },
      { op: 'MutBorrowLoc', local: 3 },
      { op: 'LdU64', value: 1n },
      { op: 'Call', fn: extract },
      { op: 'StLoc', local: 4 },
      { op: 'MutBorrowLoc', local: 3 },
      { op: 'MoveLoc', local: 4 },
      { op: 'Call', fn: merge },
      { op: 'CopyLoc', local: 6 },
      { op: 'ImmBorrowField', field: field(1) },
      { op: 'MoveLoc', local: 3 },
      { op: 'Call', fn: burn },
      { op: 'MoveLoc', local: 6 },
      { op: 'ImmBorrowField', field: field(1) },
      { op: 'MoveLoc', local: 2 },
      { op: 'LdU64', value: 3n },
      { op: 'CallGeneric', fn: onStore(burnFrom) },
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'Call', fn: genDelete },
      { op: 'StLoc', local: 5 },
      { op: 'ImmBorrowLoc', local: 5 },
      { op: 'Call', fn: removeStore },
      { op: 'Ret' },
    ],
  });
  b.fn('deletable', {
    entry: true,
    params: [S.ref(S.signer)],
    locals: [cref],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: addressOf },
      { op: 'Call', fn: createObject },
      { op: 'StLoc', local: 1 },
      { op: 'ImmBorrowLoc', local: 1 },
      ...assetArgs('Gone', 'GONE', 0),
      { op: 'Call', fn: addFungibility },
      { op: 'Pop' },
      { op: 'Ret' },
    ],
  });
  b.fn('zero', {
    entry: true,
    params: [S.ref(S.signer)],
    acquires: [refs.def],
    code: [
      ...borrowRefs,
      { op: 'ImmBorrowField', field: field(3) },
      { op: 'ReadRef' },
      { op: 'CallGeneric', fn: b.fnInst(zero, [metadata]) },
      { op: 'Call', fn: destroyZero },
      { op: 'Ret' },
    ],
  });
  return b.build();
}
