import type { Bytecode, CompiledModule } from '../../../localnet/move/binary/types.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

const RET: Bytecode = { op: 'Ret' };
const COPY_STORE = 5;
const STORE = 4;
const DROP_STORE = 6;
const COPY_DROP_STORE = 7;
const KEY = 8;

/** BCS of a `vector<u8>` constant holding `text`. */
const bytes = (text: string): number[] => {
  const utf8 = Array.from(Buffer.from(text, 'utf8'));
  return [utf8.length, ...utf8];
};

/** The managed coin `my_coin` initializes in `init_module`, and the coin it runs by hand. */
export const MY_COIN = { name: 'My Coin', symbol: 'MYC', decimals: 6 };
export const GOLD = { name: 'Gold', symbol: 'GLD', decimals: 2 };

/**
 * `module my_coin` as a Move developer writes it (its code in comments):
 *
 * ```move
 * struct MyCoin {}
 * struct Gold {}
 * struct Caps has key { burn: BurnCapability<Gold>, freeze: FreezeCapability<Gold>, mint: MintCapability<Gold> }
 * fun init_module(s: &signer) { managed_coin::initialize<MyCoin>(s, b"My Coin", b"MYC", 6, true) }
 * entry fun init_gold(s: &signer) {
 *   let (burn, freeze, mint) = coin::initialize<Gold>(s, utf8(b"Gold"), utf8(b"GLD"), 2, true);
 *   move_to(s, Caps { burn, freeze, mint });
 * }
 * entry fun mint_gold(s: &signer, to: address, amount: u64) acquires Caps {
 *   coin::deposit(to, coin::mint<Gold>(amount, &borrow_global<Caps>(address_of(s)).mint));
 * }
 * entry fun burn_gold(s: &signer, amount: u64) acquires Caps {
 *   coin::burn(coin::withdraw<Gold>(s, amount), &borrow_global<Caps>(address_of(s)).burn);
 * }
 * entry fun split_gold(s: &signer, to: address, amount: u64) {
 *   let coins = coin::withdraw<Gold>(s, amount);
 *   let part = coin::extract(&mut coins, 1);
 *   aptos_account::deposit_coins(to, part);
 *   coin::deposit(address_of(s), coins);
 * }
 * entry fun lend_mint_ref(s: &signer) acquires Caps {
 *   let (mint_ref, receipt) = coin::get_paired_mint_ref(&borrow_global<Caps>(address_of(s)).mint);
 *   coin::return_paired_mint_ref(mint_ref, receipt);
 * }
 * entry fun take_burn_ref(s: &signer) acquires Caps {
 *   let _ = coin::convert_and_take_paired_burn_ref(borrow_global<Caps>(address_of(s)).burn);
 * }
 * entry fun apt_as_asset(s: &signer, to: address, amount: u64) {
 *   primary_fungible_store::deposit(to, coin::coin_to_fungible_asset(coin::withdraw<AptosCoin>(s, amount)));
 * }
 * ```
 */
export function myCoinModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'my_coin');
  const myCoin = b.struct('MyCoin', 0, [['dummy_field', S.bool]]);
  const gold = S.struct(b.struct('Gold', 0, [['dummy_field', S.bool]]).handle);
  const str = S.struct(b.foreignStruct('0x1', 'string', 'String', COPY_DROP_STORE));
  // `coin`'s structs, their type parameter phantom as the framework declares it.
  const coinStruct = (name: string, abilities: number) => {
    const handle = b.foreignStruct('0x1', 'coin', name, abilities, 1);
    phantoms.push(handle);
    return handle;
  };
  const phantoms: number[] = [];
  const [burnH, freezeH, mintH] = ['Burn', 'Freeze', 'Mint'].map((kind) =>
    coinStruct(`${kind}Capability`, COPY_STORE),
  ) as [number, number, number];
  const coinH = coinStruct('Coin', STORE);
  const [burnCap, freezeCap, mintCap] = [burnH, freezeH, mintH].map((h) => S.struct(h, [gold]));
  const capT = (handle: number) => S.struct(handle, [S.param(0)]);
  const coinT = capT(coinH);
  const goldCoin = S.struct(coinH, [gold]);
  const caps = b.struct('Caps', KEY, [
    ['burn', burnCap],
    ['freeze', freezeCap],
    ['mint', mintCap],
  ]);
  const text = (value: string) => b.constant(S.vec(S.u8), bytes(value));
  const addressOf = b.use('0x1', 'signer', 'address_of', [S.ref(S.signer)], [S.address]);
  const utf8 = b.use('0x1', 'string', 'utf8', [S.vec(S.u8)], [str]);
  const managedInit = b.use(
    '0x1',
    'managed_coin',
    'initialize',
    [S.ref(S.signer), S.vec(S.u8), S.vec(S.u8), S.u8, S.bool],
    [],
    1,
  );
  const coinFn = (name: string, params: (typeof str)[], returns: (typeof str)[]) =>
    b.fnInst(b.use('0x1', 'coin', name, params, returns, 1), [gold]);
  const initialize = coinFn(
    'initialize',
    [S.ref(S.signer), str, str, S.u8, S.bool],
    [capT(burnH), capT(freezeH), capT(mintH)],
  );
  const mint = coinFn('mint', [S.u64, S.ref(capT(mintH))], [coinT]);
  const deposit = coinFn('deposit', [S.address, coinT], []);
  const withdraw = coinFn('withdraw', [S.ref(S.signer), S.u64], [coinT]);
  const burn = coinFn('burn', [coinT, S.ref(capT(burnH))], []);
  const extract = coinFn('extract', [S.mut(coinT), S.u64], [coinT]);
  const depositCoins = b.fnInst(
    b.use('0x1', 'aptos_account', 'deposit_coins', [S.address, coinT], [], 1),
    [gold],
  );

  b.fn('init_module', {
    visibility: 'private',
    params: [S.ref(S.signer)],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'LdConst', index: text(MY_COIN.name) },
      { op: 'LdConst', index: text(MY_COIN.symbol) },
      { op: 'LdU8', value: MY_COIN.decimals },
      { op: 'LdTrue' },
      { op: 'CallGeneric', fn: b.fnInst(managedInit, [S.struct(myCoin.handle)]) },
      RET,
    ],
  });
  b.fn('init_gold', {
    entry: true,
    params: [S.ref(S.signer)],
    locals: [S.struct(caps.handle)],
    code: [
      { op: 'CopyLoc', local: 0 },
      { op: 'LdConst', index: text(GOLD.name) },
      { op: 'Call', fn: utf8 },
      { op: 'LdConst', index: text(GOLD.symbol) },
      { op: 'Call', fn: utf8 },
      { op: 'LdU8', value: GOLD.decimals },
      { op: 'LdTrue' },
      { op: 'CallGeneric', fn: initialize },
      { op: 'Pack', def: caps.def },
      { op: 'StLoc', local: 1 },
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 1 },
      { op: 'MoveTo', def: caps.def },
      RET,
    ],
  });
  const capsOf = (field: number): Bytecode[] => [
    { op: 'MoveLoc', local: 0 },
    { op: 'Call', fn: addressOf },
    { op: 'ImmBorrowGlobal', def: caps.def },
    { op: 'ImmBorrowField', field: b.field(caps.def, field) },
  ];
  b.fn('mint_gold', {
    entry: true,
    params: [S.ref(S.signer), S.address, S.u64],
    acquires: [caps.def],
    code: [
      { op: 'MoveLoc', local: 1 },
      { op: 'MoveLoc', local: 2 },
      ...capsOf(2),
      { op: 'CallGeneric', fn: mint },
      { op: 'CallGeneric', fn: deposit },
      RET,
    ],
  });
  b.fn('burn_gold', {
    entry: true,
    params: [S.ref(S.signer), S.u64],
    acquires: [caps.def],
    code: [
      { op: 'CopyLoc', local: 0 },
      { op: 'MoveLoc', local: 1 },
      { op: 'CallGeneric', fn: withdraw },
      ...capsOf(0),
      { op: 'CallGeneric', fn: burn },
      RET,
    ],
  });
  b.fn('split_gold', {
    entry: true,
    params: [S.ref(S.signer), S.address, S.u64],
    locals: [goldCoin],
    code: [
      { op: 'CopyLoc', local: 0 },
      { op: 'MoveLoc', local: 2 },
      { op: 'CallGeneric', fn: withdraw },
      { op: 'StLoc', local: 3 },
      { op: 'MoveLoc', local: 1 },
      { op: 'MutBorrowLoc', local: 3 },
      { op: 'LdU64', value: 1n },
      { op: 'CallGeneric', fn: extract },
      { op: 'CallGeneric', fn: depositCoins },
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: addressOf },
      { op: 'MoveLoc', local: 3 },
      { op: 'CallGeneric', fn: deposit },
      RET,
    ],
  });
  const mintRef = S.struct(b.foreignStruct('0x1', 'fungible_asset', 'MintRef', DROP_STORE));
  const burnRef = S.struct(b.foreignStruct('0x1', 'fungible_asset', 'BurnRef', DROP_STORE));
  const receipt = S.struct(b.foreignStruct('0x1', 'coin', 'MintRefReceipt', 0));
  const getMint = coinFn('get_paired_mint_ref', [S.ref(capT(mintH))], [mintRef, receipt]);
  const returnMint = b.use('0x1', 'coin', 'return_paired_mint_ref', [mintRef, receipt], []);
  const takeBurn = coinFn('convert_and_take_paired_burn_ref', [capT(burnH)], [burnRef]);
  b.fn('lend_mint_ref', {
    entry: true,
    params: [S.ref(S.signer)],
    acquires: [caps.def],
    code: [...capsOf(2), { op: 'CallGeneric', fn: getMint }, { op: 'Call', fn: returnMint }, RET],
  });
  b.fn('take_burn_ref', {
    entry: true,
    params: [S.ref(S.signer)],
    acquires: [caps.def],
    code: [
      ...capsOf(0),
      { op: 'ReadRef' },
      { op: 'CallGeneric', fn: takeBurn },
      { op: 'Pop' },
      RET,
    ],
  });
  const apt = S.struct(b.foreignStruct('0x1', 'aptos_coin', 'AptosCoin', KEY));
  const fa = S.struct(b.foreignStruct('0x1', 'fungible_asset', 'FungibleAsset', 0));
  const aptCoin = (name: string, params: (typeof str)[], returns: (typeof str)[]) =>
    b.fnInst(b.use('0x1', 'coin', name, params, returns, 1), [apt]);
  const withdrawApt = aptCoin('withdraw', [S.ref(S.signer), S.u64], [coinT]);
  const toAsset = aptCoin('coin_to_fungible_asset', [coinT], [fa]);
  const depositAsset = b.use('0x1', 'primary_fungible_store', 'deposit', [S.address, fa], []);
  b.fn('apt_as_asset', {
    entry: true,
    params: [S.ref(S.signer), S.address, S.u64],
    code: [
      { op: 'MoveLoc', local: 1 },
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 2 },
      { op: 'CallGeneric', fn: withdrawApt },
      { op: 'CallGeneric', fn: toAsset },
      { op: 'Call', fn: depositAsset },
      RET,
    ],
  });
  const module = b.build();
  return {
    ...module,
    structHandles: module.structHandles.map((handle, i) =>
      phantoms.includes(i)
        ? { ...handle, typeParameters: [{ constraints: 0, isPhantom: true }] }
        : handle,
    ),
  };
}
