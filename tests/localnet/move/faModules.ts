import type { Bytecode, CompiledModule } from '../../../localnet/move/binary/types.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

const RET: Bytecode = { op: 'Ret' };
const COPY_DROP_STORE = 7;
const DROP_STORE = 6;
const KEY = 8;

/** BCS of a `vector<u8>` constant holding `text`. */
const bytes = (text: string): number[] => {
  const utf8 = Array.from(Buffer.from(text, 'utf8'));
  return [utf8.length, ...utf8];
};

/** The fungible asset `fa_coin` creates in `init_module`. */
export const FA_COIN = {
  seed: 'FACOIN',
  name: 'Fa Coin',
  symbol: 'FAC',
  decimals: 8,
  iconUri: 'https://example.com/fac.png',
  projectUri: 'https://example.com',
  maximum: 1_000_000n,
  initial: 1_000n,
};

/**
 * `module fa_coin` as a Move developer writes it (its code in comments):
 *
 * ```move
 * struct Refs has key { mint: MintRef, burn: BurnRef, transfer: TransferRef, metadata: Object<Metadata> }
 * fun init_module(account: &signer) {
 *   let c = &object::create_named_object(account, b"FACOIN");
 *   primary_fungible_store::create_primary_store_enabled_fungible_asset(
 *     c, option::some(1000000), utf8(b"Fa Coin"), utf8(b"FAC"), 8, utf8(icon), utf8(project));
 *   let (mint, burn, transfer) = (generate_mint_ref(c), generate_burn_ref(c), generate_transfer_ref(c));
 *   primary_fungible_store::mint(&mint, address_of(account), 1000);
 *   primary_fungible_store::set_frozen_flag(&transfer, @frozen, true);
 *   move_to(account, Refs { mint, burn, transfer, metadata: object_from_constructor_ref(c) });
 * }
 * entry fun mint(admin: &signer, to: address, amount: u64)          // primary_fungible_store::mint
 * entry fun burn(admin: &signer, from: address, amount: u64)        // primary_fungible_store::burn
 * entry fun force(admin: &signer, from: address, to: address, amount: u64) // transfer_with_ref
 * entry fun transfer(s: &signer, admin: address, to: address, amount: u64) // primary_fungible_store::transfer
 * entry fun split(s: &signer, admin: address, to: address, amount: u64) {
 *   let fa = primary_fungible_store::withdraw(s, metadata, amount);  // a FungibleAsset in bytecode
 *   primary_fungible_store::deposit(to, fa);
 * }
 * ```
 */
export function faCoinModule(address: string, frozen: string): CompiledModule {
  const b = new ModuleBuilder(address, 'fa_coin');
  const object = b.foreignStruct('0x1', 'object', 'Object', COPY_DROP_STORE, 1);
  const cref = S.struct(b.foreignStruct('0x1', 'object', 'ConstructorRef', 2));
  const metadata = S.struct(b.foreignStruct('0x1', 'fungible_asset', 'Metadata', 11));
  const ref = (name: string) =>
    S.struct(b.foreignStruct('0x1', 'fungible_asset', name, DROP_STORE));
  const [mintRef, burnRef, transferRef] = [ref('MintRef'), ref('BurnRef'), ref('TransferRef')];
  const fa = S.struct(b.foreignStruct('0x1', 'fungible_asset', 'FungibleAsset', 0));
  const str = S.struct(b.foreignStruct('0x1', 'string', 'String', COPY_DROP_STORE));
  const option = b.foreignStruct('0x1', 'option', 'Option', COPY_DROP_STORE, 1);
  const metadataObject = S.struct(object, [metadata]);
  const objectT = S.struct(object, [S.param(0)]);
  const refs = b.struct('Refs', KEY, [
    ['mint', mintRef],
    ['burn', burnRef],
    ['transfer', transferRef],
    ['metadata', metadataObject],
  ]);
  const field = (index: number) => b.field(refs.def, index);

  const addressOf = b.use('0x1', 'signer', 'address_of', [S.ref(S.signer)], [S.address]);
  const utf8 = b.use('0x1', 'string', 'utf8', [S.vec(S.u8)], [str]);
  const some = b.use('0x1', 'option', 'some', [S.param(0)], [S.struct(option, [S.param(0)])], 1);
  const named = b.use(
    '0x1',
    'object',
    'create_named_object',
    [S.ref(S.signer), S.vec(S.u8)],
    [cref],
  );
  const fromRef = b.use(
    '0x1',
    'object',
    'object_from_constructor_ref',
    [S.ref(cref)],
    [objectT],
    1,
  );
  const pfs = (name: string, params: Parameters<typeof S.vec>[0][], returns = [], tps = 0) =>
    b.use('0x1', 'primary_fungible_store', name, params, returns, tps);
  const create = pfs('create_primary_store_enabled_fungible_asset', [
    S.ref(cref),
    S.struct(option, [S.u128]),
    str,
    str,
    S.u8,
    str,
    str,
  ]);
  const generate = (name: string, returns: typeof mintRef) =>
    b.use('0x1', 'fungible_asset', name, [S.ref(cref)], [returns]);
  const genMint = generate('generate_mint_ref', mintRef);
  const genBurn = generate('generate_burn_ref', burnRef);
  const genTransfer = generate('generate_transfer_ref', transferRef);
  const mint = pfs('mint', [S.ref(mintRef), S.address, S.u64]);
  const burn = pfs('burn', [S.ref(burnRef), S.address, S.u64]);
  const freeze = pfs('set_frozen_flag', [S.ref(transferRef), S.address, S.bool]);
  const force = pfs('transfer_with_ref', [S.ref(transferRef), S.address, S.address, S.u64]);
  const transfer = pfs('transfer', [S.ref(S.signer), objectT, S.address, S.u64], [], 1);
  const withdraw = b.use(
    '0x1',
    'primary_fungible_store',
    'withdraw',
    [S.ref(S.signer), objectT, S.u64],
    [fa],
    1,
  );
  const deposit = pfs('deposit', [S.address, fa]);
  const text = (value: string) => b.constant(S.vec(S.u8), bytes(value));
  const frozenConst = b.constant(S.address, Array.from(Buffer.from(frozen.slice(2), 'hex')));

  b.fn('init_module', {
    visibility: 'private',
    params: [S.ref(S.signer)],
    locals: [cref, mintRef, burnRef, transferRef, metadataObject],
    code: [
      { op: 'CopyLoc', local: 0 },
      { op: 'LdConst', index: text(FA_COIN.seed) },
      { op: 'Call', fn: named },
      { op: 'StLoc', local: 1 },
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'LdU128', value: FA_COIN.maximum },
      { op: 'CallGeneric', fn: b.fnInst(some, [S.u128]) },
      { op: 'LdConst', index: text(FA_COIN.name) },
      { op: 'Call', fn: utf8 },
      { op: 'LdConst', index: text(FA_COIN.symbol) },
      { op: 'Call', fn: utf8 },
      { op: 'LdU8', value: FA_COIN.decimals },
      { op: 'LdConst', index: text(FA_COIN.iconUri) },
      { op: 'Call', fn: utf8 },
      { op: 'LdConst', index: text(FA_COIN.projectUri) },
      { op: 'Call', fn: utf8 },
      { op: 'Call', fn: create },
      ...([genMint, genBurn, genTransfer] as const).flatMap((gen, i): Bytecode[] => [
        { op: 'ImmBorrowLoc', local: 1 },
        { op: 'Call', fn: gen },
        { op: 'StLoc', local: 2 + i },
      ]),
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'CallGeneric', fn: b.fnInst(fromRef, [metadata]) },
      { op: 'StLoc', local: 5 },
      { op: 'ImmBorrowLoc', local: 2 },
      { op: 'CopyLoc', local: 0 },
      { op: 'Call', fn: addressOf },
      { op: 'LdU64', value: FA_COIN.initial },
      { op: 'Call', fn: mint },
      { op: 'ImmBorrowLoc', local: 4 },
      { op: 'LdConst', index: frozenConst },
      { op: 'LdTrue' },
      { op: 'Call', fn: freeze },
      { op: 'MoveLoc', local: 0 },
      ...[2, 3, 4, 5].map((local): Bytecode => ({ op: 'MoveLoc', local })),
      { op: 'Pack', def: refs.def },
      { op: 'MoveTo', def: refs.def },
      RET,
    ],
  });

  /** `entry fun name(admin: &signer, ...rest)`: `f(&borrow_global<Refs>(admin).<field>, ...rest)`. */
  const withRef = (name: string, index: number, rest: number, target: number) =>
    b.fn(name, {
      entry: true,
      params: [S.ref(S.signer), ...Array<typeof S.address>(rest - 1).fill(S.address), S.u64],
      acquires: [refs.def],
      code: [
        { op: 'MoveLoc', local: 0 },
        { op: 'Call', fn: addressOf },
        { op: 'ImmBorrowGlobal', def: refs.def },
        { op: 'ImmBorrowField', field: field(index) },
        ...Array.from({ length: rest }, (_, i): Bytecode => ({ op: 'MoveLoc', local: i + 1 })),
        { op: 'Call', fn: target },
        RET,
      ],
    });
  withRef('mint', 0, 2, mint);
  withRef('burn', 1, 2, burn);
  withRef('force', 2, 3, force);

  /** The metadata object kept at `admin` (local 1), on the stack. */
  const loadMetadata: Bytecode[] = [
    { op: 'MoveLoc', local: 1 },
    { op: 'ImmBorrowGlobal', def: refs.def },
    { op: 'ImmBorrowField', field: field(3) },
    { op: 'ReadRef' },
  ];
  const params = [S.ref(S.signer), S.address, S.address, S.u64];
  b.fn('transfer', {
    entry: true,
    params,
    acquires: [refs.def],
    code: [
      { op: 'MoveLoc', local: 0 },
      ...loadMetadata,
      { op: 'MoveLoc', local: 2 },
      { op: 'MoveLoc', local: 3 },
      { op: 'CallGeneric', fn: b.fnInst(transfer, [metadata]) },
      RET,
    ],
  });
  b.fn('split', {
    entry: true,
    params,
    locals: [fa],
    acquires: [refs.def],
    code: [
      { op: 'MoveLoc', local: 0 },
      ...loadMetadata,
      { op: 'MoveLoc', local: 3 },
      { op: 'CallGeneric', fn: b.fnInst(withdraw, [metadata]) },
      { op: 'StLoc', local: 4 },
      { op: 'MoveLoc', local: 2 },
      { op: 'MoveLoc', local: 4 },
      { op: 'Call', fn: deposit },
      RET,
    ],
  });
  return b.build();
}
