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
 * `module fa_refs`: one entry function, `run(account)`, that uses the refs and the primary store
 * functions not used elsewhere and checks what they return (`assert!(…, N)`: abort code N names
 * the check that failed), and two that abort in the framework.
 *
 * ```move
 * entry fun run(account: &signer) {
 *   // "More" (0 decimals, unlimited): mint, transfer, raw balance, raw supply and burn refs
 *   let store = primary_fungible_store::create_primary_store(me, meta);
 *   primary_fungible_store::mint(&mint, me, 10);
 *   assert!(fungible_asset::balance_with_ref(&raw_balance, store) == 10, 1);
 *   assert!(fungible_asset::supply_with_ref(&raw_supply, meta) == some(10), 2);
 *   fungible_asset::set_frozen_flag(&transfer, store, true);
 *   assert!(fungible_asset::is_frozen(store), 3);
 *   let fa = primary_fungible_store::withdraw_with_ref(&transfer, me, 4);     // frozen: the ref may
 *   primary_fungible_store::deposit_with_ref(&transfer, @0xb0b, fa);
 *   fungible_asset::transfer_with_ref(&transfer, primary_store(@0xb0b, meta), store, 1);
 *   primary_fungible_store::set_frozen_flag(&transfer, me, false);
 *   primary_fungible_store::deposit_with_signer(account, primary_fungible_store::withdraw(account, meta, 1));
 *   fungible_asset::deposit_sanity_check(store, true);
 *   assert!(withdraw_dispatch_function(store) == none(), 4); assert!(deposit_dispatch_function(store) == none(), 5);
 *   assert!(mint_ref_metadata(&mint) == meta, 6); // transfer_ref_metadata 7, burn_ref_metadata 8
 *   primary_fungible_store::burn(&burn, @0xb0b, 1);
 *   assert!(primary_fungible_store::balance(me, meta) == 7, 9);
 *   assert!(primary_fungible_store::balance(@0xb0b, meta) == 2, 10);
 *   assert!(fungible_asset::supply(meta) == some(9), 11);
 *   assert!(primary_fungible_store::ensure_primary_store_exists(me, meta) == store, 12);
 * }
 * entry fun upgrade(account: &signer)  // upgrade_to_concurrent of an asset without Supply: ESUPPLY_NOT_FOUND
 * entry fun grant(account: &signer)    // primary_fungible_store::grant_permission: EPERMISSIONED_SIGNER_REMOVED
 * ```
 */
export function faRefsModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'fa_refs');
  const object = b.foreignStruct('0x1', 'object', 'Object', COPY_DROP_STORE, 1);
  const cref = S.struct(b.foreignStruct('0x1', 'object', 'ConstructorRef', 2));
  const extendRef = S.struct(b.foreignStruct('0x1', 'object', 'ExtendRef', DROP_STORE));
  const metadata = S.struct(b.foreignStruct('0x1', 'fungible_asset', 'Metadata', 11));
  const fungibleStore = S.struct(b.foreignStruct('0x1', 'fungible_asset', 'FungibleStore', 8));
  const ref = (name: string) =>
    S.struct(b.foreignStruct('0x1', 'fungible_asset', name, DROP_STORE));
  const refNames = ['MintRef', 'TransferRef', 'RawBalanceRef', 'RawSupplyRef', 'BurnRef'];
  const [mintRef, transferRef, rawBalanceRef, rawSupplyRef, burnRef] = refNames.map(ref) as [
    SignatureToken,
    SignatureToken,
    SignatureToken,
    SignatureToken,
    SignatureToken,
  ];
  const fa = S.struct(b.foreignStruct('0x1', 'fungible_asset', 'FungibleAsset', 0));
  const str = S.struct(b.foreignStruct('0x1', 'string', 'String', COPY_DROP_STORE));
  const info = S.struct(b.foreignStruct('0x1', 'function_info', 'FunctionInfo', COPY_DROP_STORE));
  const option = b.foreignStruct('0x1', 'option', 'Option', COPY_DROP_STORE, 1);
  const metadataObject = S.struct(object, [metadata]);
  const storeObject = S.struct(object, [fungibleStore]);
  const objectT = S.struct(object, [S.param(0)]);
  const optionT = S.struct(option, [S.param(0)]);
  const imported = (
    module: string,
    name: string,
    params: SignatureToken[],
    returns: SignatureToken[] = [],
    tps = 0,
  ) => b.use('0x1', module, name, params, returns, tps);
  const onMeta = (f: number) => b.fnInst(f, [metadata]);
  const onStore = (f: number) => b.fnInst(f, [fungibleStore]);

  const addressOf = imported('signer', 'address_of', [S.ref(S.signer)], [S.address]);
  const utf8 = imported('string', 'utf8', [S.vec(S.u8)], [str]);
  const some = imported('option', 'some', [S.param(0)], [optionT], 1);
  const none = imported('option', 'none', [], [optionT], 1);
  const named = imported('object', 'create_named_object', [S.ref(S.signer), S.vec(S.u8)], [cref]);
  const fromRef = imported('object', 'object_from_constructor_ref', [S.ref(cref)], [objectT], 1);
  const genExtend = imported('object', 'generate_extend_ref', [S.ref(cref)], [extendRef]);
  const toObject = imported('object', 'address_to_object', [S.address], [objectT], 1);
  const pfs = (name: string, params: SignatureToken[], returns: SignatureToken[] = [], tps = 0) =>
    imported('primary_fungible_store', name, params, returns, tps);
  const fa1 = (name: string, params: SignatureToken[], returns: SignatureToken[] = [], tps = 0) =>
    imported('fungible_asset', name, params, returns, tps);
  const createAsset = pfs('create_primary_store_enabled_fungible_asset', [
    S.ref(cref),
    S.struct(option, [S.u128]),
    str,
    str,
    S.u8,
    str,
    str,
  ]);
  const generators = (
    [
      ['generate_mint_ref', mintRef],
      ['generate_transfer_ref', transferRef],
      ['generate_raw_balance_ref', rawBalanceRef],
      ['generate_raw_supply_ref', rawSupplyRef],
      ['generate_burn_ref', burnRef],
    ] as const
  ).map(([name, returns]) => fa1(name, [S.ref(cref)], [returns]));
  const createPrimary = pfs('create_primary_store', [S.address, objectT], [storeObject], 1);
  const pfsMint = pfs('mint', [S.ref(mintRef), S.address, S.u64]);
  const balanceWithRef = fa1('balance_with_ref', [S.ref(rawBalanceRef), objectT], [S.u64], 1);
  const optionU128 = S.struct(option, [S.u128]);
  const supplyWithRef = fa1('supply_with_ref', [S.ref(rawSupplyRef), objectT], [optionU128], 1);
  const setFrozen = fa1('set_frozen_flag', [S.ref(transferRef), objectT, S.bool], [], 1);
  const isFrozen = fa1('is_frozen', [objectT], [S.bool], 1);
  const withdrawWithRef = pfs('withdraw_with_ref', [S.ref(transferRef), S.address, S.u64], [fa]);
  const depositWithRef = pfs('deposit_with_ref', [S.ref(transferRef), S.address, fa]);
  const primaryStore = pfs('primary_store', [S.address, objectT], [storeObject], 1);
  const transferWithRef = fa1(
    'transfer_with_ref',
    [S.ref(transferRef), objectT, objectT, S.u64],
    [],
    1,
  );
  const pfsSetFrozen = pfs('set_frozen_flag', [S.ref(transferRef), S.address, S.bool]);
  const pfsWithdraw = pfs('withdraw', [S.ref(S.signer), objectT, S.u64], [fa], 1);
  const depositWithSigner = pfs('deposit_with_signer', [S.ref(S.signer), fa]);
  const depositSanity = fa1('deposit_sanity_check', [objectT, S.bool], [], 1);
  const optionInfo = S.struct(option, [info]);
  const withdrawDispatch = fa1('withdraw_dispatch_function', [objectT], [optionInfo], 1);
  const depositDispatch = fa1('deposit_dispatch_function', [objectT], [optionInfo], 1);
  const refGetters = (['mint', 'transfer', 'burn'] as const).map((kind) =>
    fa1(
      `${kind}_ref_metadata`,
      [S.ref({ mint: mintRef, transfer: transferRef, burn: burnRef }[kind])],
      [metadataObject],
    ),
  );
  const pfsBurn = pfs('burn', [S.ref(burnRef), S.address, S.u64]);
  const pfsBalance = pfs('balance', [S.address, objectT], [S.u64], 1);
  const supply = fa1('supply', [objectT], [optionU128], 1);
  const ensure = pfs('ensure_primary_store_exists', [S.address, objectT], [storeObject], 1);
  const upgradeToConcurrent = fa1('upgrade_to_concurrent', [S.ref(extendRef)]);
  const grantPermission = pfs(
    'grant_permission',
    [S.ref(S.signer), S.ref(S.signer), objectT, S.u64],
    [],
    1,
  );

  const bob = b.constant(S.address, Array.from(Buffer.from('b0b'.padStart(64, '0'), 'hex')));
  const text = (value: string): Bytecode[] => [
    { op: 'LdConst', index: b.constant(S.vec(S.u8), bytes(value)) },
    { op: 'Call', fn: utf8 },
  ];
  /** `create_named_object(account, seed)` made a primary-store asset; the ref in local 1. */
  const newAsset = (seed: string): Bytecode[] => [
    { op: 'CopyLoc', local: 0 },
    { op: 'LdConst', index: b.constant(S.vec(S.u8), bytes(seed)) },
    { op: 'Call', fn: named },
    { op: 'StLoc', local: 1 },
    { op: 'ImmBorrowLoc', local: 1 },
    { op: 'CallGeneric', fn: b.fnInst(none, [S.u128]) },
    ...text(seed),
    ...text(seed),
    { op: 'LdU8', value: 0 },
    ...text(''),
    ...text(''),
    { op: 'Call', fn: createAsset },
  ];

  const code: Bytecode[] = [];
  const emit = (...ops: Bytecode[]) => code.push(...ops);
  /** `assert!(<bool on the stack>, check)`. */
  const check = (n: number) => {
    emit(
      { op: 'BrTrue', offset: code.length + 3 },
      { op: 'LdU64', value: BigInt(n) },
      { op: 'Abort' },
    );
  };
  const [ACCOUNT, META, STORE, FA, ME] = [0, 7, 8, 9, 10];
  const REF = { mint: 2, transfer: 3, rawBalance: 4, rawSupply: 5, burn: 6 };
  emit(
    { op: 'CopyLoc', local: ACCOUNT },
    { op: 'Call', fn: addressOf },
    { op: 'StLoc', local: ME },
  );
  emit(...newAsset('MORE'));
  generators.forEach((gen, i) =>
    emit({ op: 'ImmBorrowLoc', local: 1 }, { op: 'Call', fn: gen }, { op: 'StLoc', local: 2 + i }),
  );
  emit(
    { op: 'ImmBorrowLoc', local: 1 },
    { op: 'CallGeneric', fn: onMeta(fromRef) },
    { op: 'StLoc', local: META },
  );
  emit(
    { op: 'CopyLoc', local: ME },
    { op: 'CopyLoc', local: META },
    { op: 'CallGeneric', fn: onMeta(createPrimary) },
    { op: 'StLoc', local: STORE },
  );
  emit(
    { op: 'ImmBorrowLoc', local: REF.mint },
    { op: 'CopyLoc', local: ME },
    { op: 'LdU64', value: 10n },
    { op: 'Call', fn: pfsMint },
  );
  emit(
    { op: 'ImmBorrowLoc', local: REF.rawBalance },
    { op: 'CopyLoc', local: STORE },
    { op: 'CallGeneric', fn: onStore(balanceWithRef) },
    { op: 'LdU64', value: 10n },
    { op: 'Eq' },
  );
  check(1);
  const someU128 = (value: bigint): Bytecode[] => [
    { op: 'LdU128', value },
    { op: 'CallGeneric', fn: b.fnInst(some, [S.u128]) },
  ];
  emit(
    { op: 'ImmBorrowLoc', local: REF.rawSupply },
    { op: 'CopyLoc', local: META },
    { op: 'CallGeneric', fn: onMeta(supplyWithRef) },
    ...someU128(10n),
    { op: 'Eq' },
  );
  check(2);
  emit(
    { op: 'ImmBorrowLoc', local: REF.transfer },
    { op: 'CopyLoc', local: STORE },
    { op: 'LdTrue' },
    { op: 'CallGeneric', fn: onStore(setFrozen) },
    { op: 'CopyLoc', local: STORE },
    { op: 'CallGeneric', fn: onStore(isFrozen) },
  );
  check(3);
  emit(
    { op: 'ImmBorrowLoc', local: REF.transfer },
    { op: 'CopyLoc', local: ME },
    { op: 'LdU64', value: 4n },
    { op: 'Call', fn: withdrawWithRef },
    { op: 'StLoc', local: FA },
    { op: 'ImmBorrowLoc', local: REF.transfer },
    { op: 'LdConst', index: bob },
    { op: 'MoveLoc', local: FA },
    { op: 'Call', fn: depositWithRef },
    { op: 'ImmBorrowLoc', local: REF.transfer },
    { op: 'LdConst', index: bob },
    { op: 'CopyLoc', local: META },
    { op: 'CallGeneric', fn: onMeta(primaryStore) },
    { op: 'CopyLoc', local: STORE },
    { op: 'LdU64', value: 1n },
    { op: 'CallGeneric', fn: onStore(transferWithRef) },
    { op: 'ImmBorrowLoc', local: REF.transfer },
    { op: 'CopyLoc', local: ME },
    { op: 'LdFalse' },
    { op: 'Call', fn: pfsSetFrozen },
    { op: 'CopyLoc', local: ACCOUNT },
    { op: 'CopyLoc', local: META },
    { op: 'LdU64', value: 1n },
    { op: 'CallGeneric', fn: onMeta(pfsWithdraw) },
    { op: 'StLoc', local: FA },
    { op: 'MoveLoc', local: ACCOUNT },
    { op: 'MoveLoc', local: FA },
    { op: 'Call', fn: depositWithSigner },
    { op: 'CopyLoc', local: STORE },
    { op: 'LdTrue' },
    { op: 'CallGeneric', fn: onStore(depositSanity) },
  );
  [withdrawDispatch, depositDispatch].forEach((getter, i) => {
    emit(
      { op: 'CopyLoc', local: STORE },
      { op: 'CallGeneric', fn: onStore(getter) },
      { op: 'CallGeneric', fn: b.fnInst(none, [info]) },
      { op: 'Eq' },
    );
    check(4 + i);
  });
  refGetters.forEach((getter, i) => {
    emit(
      { op: 'ImmBorrowLoc', local: [REF.mint, REF.transfer, REF.burn][i] as number },
      { op: 'Call', fn: getter },
      { op: 'CopyLoc', local: META },
      { op: 'Eq' },
    );
    check(6 + i);
  });
  emit(
    { op: 'ImmBorrowLoc', local: REF.burn },
    { op: 'LdConst', index: bob },
    { op: 'LdU64', value: 1n },
    { op: 'Call', fn: pfsBurn },
  );
  emit(
    { op: 'CopyLoc', local: ME },
    { op: 'CopyLoc', local: META },
    { op: 'CallGeneric', fn: onMeta(pfsBalance) },
    { op: 'LdU64', value: 7n },
    { op: 'Eq' },
  );
  check(9);
  emit(
    { op: 'LdConst', index: bob },
    { op: 'CopyLoc', local: META },
    { op: 'CallGeneric', fn: onMeta(pfsBalance) },
    { op: 'LdU64', value: 2n },
    { op: 'Eq' },
  );
  check(10);
  emit({ op: 'CopyLoc', local: META }, { op: 'CallGeneric', fn: onMeta(supply) }, ...someU128(9n), {
    op: 'Eq',
  });
  check(11);
  emit(
    { op: 'CopyLoc', local: ME },
    { op: 'CopyLoc', local: META },
    { op: 'CallGeneric', fn: onMeta(ensure) },
    { op: 'CopyLoc', local: STORE },
    { op: 'Eq' },
  );
  check(12);
  emit({ op: 'Ret' });
  b.fn('run', {
    entry: true,
    params: [S.ref(S.signer)],
    locals: [
      cref,
      mintRef,
      transferRef,
      rawBalanceRef,
      rawSupplyRef,
      burnRef,
      metadataObject,
      storeObject,
      fa,
      S.address,
    ],
    code,
  });
  b.fn('upgrade', {
    entry: true,
    params: [S.ref(S.signer)],
    locals: [cref, extendRef],
    code: [
      ...newAsset('UPGRADE'),
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'Call', fn: genExtend },
      { op: 'StLoc', local: 2 },
      { op: 'ImmBorrowLoc', local: 2 },
      { op: 'Call', fn: upgradeToConcurrent },
      { op: 'Ret' },
    ],
  });
  b.fn('grant', {
    entry: true,
    params: [S.ref(S.signer)],
    code: [
      { op: 'CopyLoc', local: 0 },
      { op: 'MoveLoc', local: 0 },
      { op: 'LdConst', index: b.constant(S.address, [...Array<number>(31).fill(0), 0xa]) },
      { op: 'CallGeneric', fn: onMeta(toObject) },
      { op: 'LdU64', value: 1n },
      { op: 'CallGeneric', fn: onMeta(grantPermission) },
      { op: 'Ret' },
    ],
  });
  return b.build();
}
