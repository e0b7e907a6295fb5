import type { Bytecode, CompiledModule } from '../../../localnet/move/binary/types.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

const COPY_DROP_STORE = 7;
const DROP_STORE = 6;

/** BCS of a `vector<u8>` constant holding `text`. */
const bytes = (text: string): number[] => {
  const utf8 = Array.from(Buffer.from(text, 'utf8'));
  return [utf8.length, ...utf8];
};

/**
 * `module hooked`: a dispatchable fungible asset whose withdraw hook takes twice the amount and
 * whose derived supply is always 42.
 *
 * ```move
 * struct Refs has key { mint: MintRef }
 * fun create(account: &signer, seed: vector<u8>, withdraw: vector<u8>): ConstructorRef {
 *   let c = object::create_named_object(account, seed);
 *   primary_fungible_store::create_primary_store_enabled_fungible_asset(
 *     &c, option::none(), utf8(b"Hooked"), utf8(b"HK"), 0, utf8(b""), utf8(b""));
 *   let w = function_info::new_function_info(account, utf8(b"hooked"), utf8(withdraw));
 *   let d = function_info::new_function_info(account, utf8(b"hooked"), utf8(b"deposit"));
 *   dispatchable_fungible_asset::register_dispatch_functions(&c, some(w), some(d), none());
 *   dispatchable_fungible_asset::register_derive_supply_dispatch_function(
 *     &c, some(function_info::new_function_info(account, utf8(b"hooked"), utf8(b"supply"))));
 *   c
 * }
 * fun init_module(account: &signer) {
 *   let c = create(account, b"HOOK", b"withdraw");
 *   move_to(account, Refs { mint: fungible_asset::generate_mint_ref(&c) });
 * }
 * entry fun bad(account: &signer) { create(account, b"BAD", b"mint"); } // not a withdraw hook
 * entry fun mint(admin: &signer, to: address, amount: u64)           // primary_fungible_store::mint
 * public fun withdraw<T: key>(store: Object<T>, amount: u64, r: &TransferRef): FungibleAsset {
 *   fungible_asset::withdraw_with_ref(r, store, amount * 2)
 * }
 * public fun deposit<T: key>(store: Object<T>, fa: FungibleAsset, r: &TransferRef) {
 *   fungible_asset::deposit_with_ref(r, store, fa)
 * }
 * public fun supply<T: key>(_metadata: Object<T>): Option<u128> { option::some(42) }
 * ```
 */
export function hookedModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'hooked');
  const object = b.foreignStruct('0x1', 'object', 'Object', COPY_DROP_STORE, 1);
  const cref = S.struct(b.foreignStruct('0x1', 'object', 'ConstructorRef', 2));
  const mintRef = S.struct(b.foreignStruct('0x1', 'fungible_asset', 'MintRef', DROP_STORE));
  const transferRef = S.struct(b.foreignStruct('0x1', 'fungible_asset', 'TransferRef', DROP_STORE));
  const fa = S.struct(b.foreignStruct('0x1', 'fungible_asset', 'FungibleAsset', 0));
  const str = S.struct(b.foreignStruct('0x1', 'string', 'String', COPY_DROP_STORE));
  const info = S.struct(b.foreignStruct('0x1', 'function_info', 'FunctionInfo', COPY_DROP_STORE));
  const option = b.foreignStruct('0x1', 'option', 'Option', COPY_DROP_STORE, 1);
  const objectT = S.struct(object, [S.param(0)]);
  const refs = b.struct('Refs', 8, [['mint', mintRef]]);

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
  const createAsset = b.use(
    '0x1',
    'primary_fungible_store',
    'create_primary_store_enabled_fungible_asset',
    [S.ref(cref), S.struct(option, [S.u128]), str, str, S.u8, str, str],
    [],
  );
  const newInfo = b.use(
    '0x1',
    'function_info',
    'new_function_info',
    [S.ref(S.signer), str, str],
    [info],
  );
  const optionInfo = S.struct(option, [info]);
  const register = b.use(
    '0x1',
    'dispatchable_fungible_asset',
    'register_dispatch_functions',
    [S.ref(cref), optionInfo, optionInfo, optionInfo],
    [],
  );
  const registerSupply = b.use(
    '0x1',
    'dispatchable_fungible_asset',
    'register_derive_supply_dispatch_function',
    [S.ref(cref), optionInfo],
    [],
  );
  const genMint = b.use('0x1', 'fungible_asset', 'generate_mint_ref', [S.ref(cref)], [mintRef]);
  const mint = b.use(
    '0x1',
    'primary_fungible_store',
    'mint',
    [S.ref(mintRef), S.address, S.u64],
    [],
  );
  const withdrawWithRef = b.use(
    '0x1',
    'fungible_asset',
    'withdraw_with_ref',
    [S.ref(transferRef), objectT, S.u64],
    [fa],
    1,
  );
  const depositWithRef = b.use(
    '0x1',
    'fungible_asset',
    'deposit_with_ref',
    [S.ref(transferRef), objectT, fa],
    [],
    1,
  );
  const text = (value: string) => b.constant(S.vec(S.u8), bytes(value));
  const string = (value: string): Bytecode[] => [
    { op: 'LdConst', index: text(value) },
    { op: 'Call', fn: utf8 },
  ];
  const hookInfo = (nameLocal: Bytecode[]): Bytecode[] => [
    ...string('hooked'),
    ...nameLocal,
    { op: 'Call', fn: utf8 },
    { op: 'Call', fn: newInfo },
  ];

  const create = b.fn('create', {
    visibility: 'private',
    params: [S.ref(S.signer), S.vec(S.u8), S.vec(S.u8)],
    returns: [cref],
    locals: [cref, info, info],
    code: [
      { op: 'CopyLoc', local: 0 },
      { op: 'MoveLoc', local: 1 },
      { op: 'Call', fn: named },
      { op: 'StLoc', local: 3 },
      { op: 'ImmBorrowLoc', local: 3 },
      { op: 'CallGeneric', fn: b.fnInst(none, [S.u128]) },
      ...string('Hooked'),
      ...string('HK'),
      { op: 'LdU8', value: 0 },
      ...string(''),
      ...string(''),
      { op: 'Call', fn: createAsset },
      { op: 'CopyLoc', local: 0 },
      ...hookInfo([{ op: 'MoveLoc', local: 2 }]),
      { op: 'StLoc', local: 4 },
      { op: 'CopyLoc', local: 0 },
      ...hookInfo([{ op: 'LdConst', index: text('deposit') }]),
      { op: 'StLoc', local: 5 },
      { op: 'ImmBorrowLoc', local: 3 },
      { op: 'MoveLoc', local: 4 },
      { op: 'CallGeneric', fn: b.fnInst(some, [info]) },
      { op: 'MoveLoc', local: 5 },
      { op: 'CallGeneric', fn: b.fnInst(some, [info]) },
      { op: 'CallGeneric', fn: b.fnInst(none, [info]) },
      { op: 'Call', fn: register },
      { op: 'ImmBorrowLoc', local: 3 },
      { op: 'MoveLoc', local: 0 },
      ...hookInfo([{ op: 'LdConst', index: text('supply') }]),
      { op: 'CallGeneric', fn: b.fnInst(some, [info]) },
      { op: 'Call', fn: registerSupply },
      { op: 'MoveLoc', local: 3 },
      { op: 'Ret' },
    ],
  });
  b.fn('init_module', {
    visibility: 'private',
    params: [S.ref(S.signer)],
    locals: [cref],
    code: [
      { op: 'CopyLoc', local: 0 },
      { op: 'LdConst', index: text('HOOK') },
      { op: 'LdConst', index: text('withdraw') },
      { op: 'Call', fn: create },
      { op: 'StLoc', local: 1 },
      { op: 'MoveLoc', local: 0 },
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'Call', fn: genMint },
      { op: 'Pack', def: refs.def },
      { op: 'MoveTo', def: refs.def },
      { op: 'Ret' },
    ],
  });
  b.fn('bad', {
    entry: true,
    params: [S.ref(S.signer)],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'LdConst', index: text('BAD') },
      { op: 'LdConst', index: text('mint') },
      { op: 'Call', fn: create },
      { op: 'Pop' },
      { op: 'Ret' },
    ],
  });
  b.fn('mint', {
    entry: true,
    params: [S.ref(S.signer), S.address, S.u64],
    acquires: [refs.def],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: addressOf },
      { op: 'ImmBorrowGlobal', def: refs.def },
      { op: 'ImmBorrowField', field: b.field(refs.def, 0) },
      { op: 'MoveLoc', local: 1 },
      { op: 'MoveLoc', local: 2 },
      { op: 'Call', fn: mint },
      { op: 'Ret' },
    ],
  });
  b.fn('withdraw', {
    params: [objectT, S.u64, S.ref(transferRef)],
    returns: [fa],
    typeParams: 1,
    code: [
      { op: 'MoveLoc', local: 2 },
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 1 },
      { op: 'LdU64', value: 2n },
      { op: 'Mul' },
      { op: 'CallGeneric', fn: b.fnInst(withdrawWithRef, [S.param(0)]) },
      { op: 'Ret' },
    ],
  });
  b.fn('deposit', {
    params: [objectT, fa, S.ref(transferRef)],
    typeParams: 1,
    code: [
      { op: 'MoveLoc', local: 2 },
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 1 },
      { op: 'CallGeneric', fn: b.fnInst(depositWithRef, [S.param(0)]) },
      { op: 'Ret' },
    ],
  });
  b.fn('supply', {
    params: [objectT],
    returns: [S.struct(option, [S.u128])],
    typeParams: 1,
    code: [
      { op: 'LdU128', value: 42n },
      { op: 'CallGeneric', fn: b.fnInst(some, [S.u128]) },
      { op: 'Ret' },
    ],
  });
  return b.build();
}
