import type { Account } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bytecode, CompiledModule } from '../../../localnet/move/binary/types.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { AB, deleted, op, short, written } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * `0x3::token`'s public functions called from Move, through the REST API with the ts-sdk: a
 * module creates token data and mints with `create_tokendata` / `mint_token`, holds `Token`
 * values (withdrawn, split, merged, kept in its own resource, deposited back), withdraws with a
 * capability, and reads balances in a `#[view]`.
 */
let chain: Chain;
let owner: Account;
let friend: Account;
let me: string;
let send: ReturnType<typeof ownerTransactions>['send'];

const { mv, cp, st, ref, mut, call, u64, pop, ret } = op;
const FALSE3 = [3, 0, 0, 0];
const FALSE5 = [5, 0, 0, 0, 0, 0];

function holderModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'holder');
  const token = (name: string, abilities: number) =>
    b.foreignStruct('0x3', 'token', name, abilities);
  const STRING = S.struct(b.foreignStruct('0x1', 'string', 'String', AB.copy | AB.drop | AB.store));
  const ID = S.struct(token('TokenId', AB.copy | AB.drop | AB.store));
  const DATA_ID = S.struct(token('TokenDataId', AB.copy | AB.drop | AB.store));
  const TOKEN = S.struct(token('Token', AB.store));
  const CONFIG = S.struct(token('TokenMutabilityConfig', AB.copy | AB.drop | AB.store));
  const CAP = S.struct(token('WithdrawCapability', AB.drop | AB.store));
  const option = b.foreignStruct('0x1', 'option', 'Option', AB.copy | AB.drop | AB.store, 1);
  const vault = b.struct('Vault', AB.key, [['token', TOKEN]]);
  const SIGNER = S.ref(S.signer);
  const tokenFn = (name: string, params: unknown[], returns: unknown[]) =>
    b.use('0x3', 'token', name, params as never, returns as never);
  const addressOf = b.use('0x1', 'signer', 'address_of', [SIGNER], [S.address]);
  const createCollection = tokenFn(
    'create_collection',
    [SIGNER, STRING, STRING, STRING, S.u64, S.vec(S.bool)],
    [],
  );
  const config = tokenFn('create_token_mutability_config', [S.ref(S.vec(S.bool))], [CONFIG]);
  const createTokendata = tokenFn(
    'create_tokendata',
    [
      SIGNER,
      STRING,
      STRING,
      STRING,
      S.u64,
      STRING,
      S.address,
      S.u64,
      S.u64,
      CONFIG,
      S.vec(STRING),
      S.vec(S.vec(S.u8)),
      S.vec(STRING),
    ],
    [DATA_ID],
  );
  const mint = tokenFn('mint_token', [SIGNER, DATA_ID, S.u64], [ID]);
  const withdraw = tokenFn('withdraw_token', [SIGNER, ID, S.u64], [TOKEN]);
  const split = tokenFn('split', [S.mut(TOKEN), S.u64], [TOKEN]);
  const merge = tokenFn('merge', [S.mut(TOKEN), TOKEN], []);
  const amountOf = tokenFn('get_token_amount', [S.ref(TOKEN)], [S.u64]);
  const idOf = tokenFn('token_id', [S.ref(TOKEN)], [S.ref(ID)]);
  const deposit = tokenFn('deposit_token', [SIGNER, TOKEN], []);
  const rawId = tokenFn('create_token_id_raw', [S.address, STRING, STRING, S.u64], [ID]);
  const balanceOf = tokenFn('balance_of', [S.address, ID], [S.u64]);
  const capability = tokenFn('create_withdraw_capability', [SIGNER, ID, S.u64, S.u64], [CAP]);
  const partial = tokenFn(
    'partial_withdraw_with_capability',
    [CAP, S.u64],
    [TOKEN, S.struct(option, [CAP])],
  );
  const vec3 = b.constant(S.vec(S.bool), FALSE3);
  const vec5 = b.constant(S.vec(S.bool), FALSE5);
  const empty = (inner: Parameters<typeof S.vec>[0]): Bytecode => ({
    op: 'VecPack',
    sig: b.sig([inner]),
    count: 0n,
  });
  const check = (at: number): Bytecode[] => [{ op: 'BrFalse', offset: at }];
  // make(s, collection, name, amount): a collection and token data from Move, `amount` minted;
  // 2 withdrawn, split 1 + 1, checked, merged back and kept in the module's Vault.
  const makeCode: Bytecode[] = [
    cp(0),
    cp(1),
    cp(2),
    cp(2),
    u64(0n),
    { op: 'LdConst', index: vec3 },
    call(createCollection),
    { op: 'LdConst', index: vec5 },
    st(4),
    ref(4),
    call(config),
    st(9),
    cp(0),
    cp(1),
    cp(2),
    cp(2),
    u64(0n),
    cp(2),
    cp(0),
    call(addressOf),
    u64(100n),
    u64(1n),
    mv(9),
    empty(STRING),
    empty(S.vec(S.u8)),
    empty(STRING),
    call(createTokendata),
    st(5),
    cp(0),
    mv(5),
    cp(3),
    call(mint),
    st(6),
    cp(0),
    cp(6),
    u64(2n),
    call(withdraw),
    st(7),
    mut(7),
    u64(1n),
    call(split),
    st(8),
    ref(7),
    call(amountOf),
    u64(1n),
    { op: 'Eq' },
  ];
  const abortAt = makeCode.length + 1 + 5 + 1 + 3 + 5;
  makeCode.push(...check(abortAt));
  makeCode.push(ref(8), call(idOf), { op: 'ReadRef' }, cp(6), { op: 'Eq' }, ...check(abortAt));
  makeCode.push(mut(7), mv(8), call(merge));
  makeCode.push(
    mv(0),
    mv(7),
    { op: 'Pack', def: vault.def },
    { op: 'MoveTo', def: vault.def },
    ret,
  );
  makeCode.push(u64(77n), { op: 'Abort' });
  if (makeCode[abortAt]?.op !== 'LdU64') throw new Error('abort offset');
  b.fn('make', {
    entry: true,
    params: [SIGNER, STRING, STRING, S.u64],
    locals: [S.vec(S.bool), DATA_ID, ID, TOKEN, TOKEN, CONFIG],
    code: makeCode,
  });
  b.fn('give_back', {
    entry: true,
    params: [SIGNER],
    locals: [TOKEN],
    acquires: [vault.def],
    code: [
      cp(0),
      call(addressOf),
      { op: 'MoveFrom', def: vault.def },
      { op: 'Unpack', def: vault.def },
      st(1),
      mv(0),
      mv(1),
      call(deposit),
      ret,
    ],
  });
  // cap(s, creator, collection, name): a capability for 2, 1 withdrawn with it, deposited back.
  b.fn('cap', {
    entry: true,
    params: [SIGNER, S.address, STRING, STRING],
    code: [
      cp(0),
      mv(1),
      mv(2),
      mv(3),
      u64(0n),
      call(rawId),
      u64(2n),
      u64(0xffffffffffffffffn),
      call(capability),
      u64(1n),
      call(partial),
      pop,
      st(4),
      mv(0),
      mv(4),
      call(deposit),
      ret,
    ],
    locals: [TOKEN],
  });
  const ROYALTY = S.struct(token('Royalty', AB.copy | AB.drop | AB.store));
  const OPTION_U64 = S.struct(option, [S.u64]);
  const dataIdOf = tokenFn('create_token_data_id', [S.address, STRING, STRING], [DATA_ID]);
  const collectionSupply = tokenFn('get_collection_supply', [S.address, STRING], [OPTION_U64]);
  const tokenSupply = tokenFn('get_token_supply', [S.address, DATA_ID], [OPTION_U64]);
  const royaltyOf = tokenFn('get_tokendata_royalty', [DATA_ID], [ROYALTY]);
  const configOf = tokenFn('get_tokendata_mutability_config', [DATA_ID], [CONFIG]);
  const exists = tokenFn('check_tokendata_exists', [S.address, STRING, STRING], [S.bool]);
  const hasStore = tokenFn('has_token_store', [S.address], [S.bool]);
  const transfer = tokenFn('transfer', [SIGNER, ID, S.address, S.u64], []);
  const mintTo = tokenFn('mint_token_to', [SIGNER, S.address, DATA_ID, S.u64], []);
  // info(creator, collection, name): supplies, royalty, mutability, existence and store.
  b.fn('info', {
    view: true,
    params: [S.address, STRING, STRING],
    returns: [OPTION_U64, OPTION_U64, ROYALTY, CONFIG, S.bool, S.bool],
    locals: [DATA_ID],
    code: [
      ...[cp(0), cp(1), call(collectionSupply)],
      ...[cp(0), cp(1), cp(2), call(dataIdOf), st(3)],
      ...[cp(0), cp(3), call(tokenSupply), cp(3), call(royaltyOf), mv(3), call(configOf)],
      ...[cp(0), mv(1), mv(2), call(exists), mv(0), call(hasStore), ret],
    ],
  });
  // send(s, to, collection, name, amount): token::transfer of the signer's token.
  b.fn('send', {
    entry: true,
    params: [SIGNER, S.address, STRING, STRING, S.u64],
    code: [
      ...[cp(0), cp(0), call(addressOf), mv(2), mv(3), u64(0n), call(rawId)],
      ...[mv(1), mv(4), call(transfer), ret],
    ],
  });
  // mint_to(s, to, collection, name, amount): token::mint_token_to.
  b.fn('mint_to', {
    entry: true,
    params: [SIGNER, S.address, STRING, STRING, S.u64],
    code: [
      ...[cp(0), mv(1), mv(0), call(addressOf), mv(2), mv(3), call(dataIdOf)],
      ...[mv(4), call(mintTo), ret],
    ],
  });
  b.fn('balance', {
    view: true,
    params: [S.address, S.address, STRING, STRING],
    returns: [S.u64],
    code: [mv(0), mv(1), mv(2), mv(3), u64(0n), call(rawId), call(balanceOf), ret],
  });
  return b.build();
}

async function balance(collection: string, name: string, holder = me): Promise<unknown> {
  const [amount] = await chain.aptos.view({
    payload: {
      function: `${me}::holder::balance`,
      functionArguments: [holder, me, collection, name],
    },
  });
  return amount;
}

beforeAll(async () => {
  chain = await startChain();
  [owner, friend] = await Promise.all([fundedAccount(chain, 1_000_000_000), fundedAccount(chain)]);
  me = short(owner.accountAddress.toString());
  const txs = ownerTransactions(chain, owner);
  send = txs.send;
  const published = await txs.publish('holder', holderModule(owner.accountAddress.toStringLong()));
  if (!published.success) throw new Error(`publish failed: ${published.vm_status}`);
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

describe('0x3::token from Move', () => {
  it('creates, mints and holds a Token in a module resource, then deposits it back', async () => {
    const made = await send({
      function: `${me}::holder::make`,
      functionArguments: ['Vaulted', 'Coin', 5],
    });
    expect(made.vm_status).toBe('Executed successfully');
    expect(made.events.map((e) => e.type)).toEqual([
      '0x3::token::CreateCollection',
      '0x3::token::TokenDataCreation',
      '0x3::token::Mint',
      '0x3::token::TokenDeposit',
      '0x3::token::TokenWithdraw',
      '0x1::transaction_fee::FeeStatement',
    ]);
    const id = {
      token_data_id: { creator: me, collection: 'Vaulted', name: 'Coin' },
      property_version: '0',
    };
    expect(written(made, `${me}::holder::Vault`).get(me)).toEqual({
      token: { id, amount: '2', token_properties: { map: { data: [] } } },
    });
    expect(await balance('Vaulted', 'Coin')).toBe('3');

    const back = await send({ function: `${me}::holder::give_back`, functionArguments: [] });
    expect(back.success).toBe(true);
    expect(deleted(back, `${me}::holder::Vault`)).toEqual([me]);
    expect(await balance('Vaulted', 'Coin')).toBe('5');
  });

  it('withdraws with a capability and returns what is left of it', async () => {
    const done = await send({
      function: `${me}::holder::cap`,
      functionArguments: [me, 'Vaulted', 'Coin'],
    });
    expect(done.success).toBe(true);
    expect(
      done.events.slice(0, 2).map((e) => [e.type, (e.data as { amount: string }).amount]),
    ).toEqual([
      ['0x3::token::TokenWithdraw', '1'],
      ['0x3::token::TokenDeposit', '1'],
    ]);
    expect(await balance('Vaulted', 'Coin')).toBe('5');
  });

  it("aborts as token.move does when the bytecode's withdrawal exceeds the balance", async () => {
    const done = await send({
      function: `${me}::holder::make`,
      functionArguments: ['Thin', 'Coin', 1],
    });
    expect(done.success).toBe(false);
    expect(done.vm_status).toBe(
      'Move abort in 0x3::token: EINSUFFICIENT_BALANCE(0x10005): Insufficient token balance',
    );
    expect(await balance('Thin', 'Coin')).toBe('0');
  });

  it('reads supplies, royalty and mutability through the getters in a #[view]', async () => {
    const info = await chain.aptos.view({
      payload: { function: `${me}::holder::info`, functionArguments: [me, 'Vaulted', 'Coin'] },
    });
    const immutable = { maximum: false, uri: false, royalty: false, description: false };
    expect(info).toEqual([
      { vec: [] },
      { vec: [] },
      { royalty_points_numerator: '1', royalty_points_denominator: '100', payee_address: me },
      { ...immutable, properties: false },
      true,
      true,
    ]);
  });

  it('mint_token_to and transfer reach only a store that opted in', async () => {
    const them = short(friend.accountAddress.toString());
    const mintTo = (amount: number) =>
      send({
        function: `${me}::holder::mint_to`,
        functionArguments: [them, 'Vaulted', 'Coin', amount],
      });
    expect((await mintTo(2)).vm_status).toBe(
      "Move abort in 0x3::token: ETOKEN_STORE_NOT_PUBLISHED(0x6000b): TokenStore doesn't exist",
    );
    const optedIn = await ownerTransactions(chain, friend).send({
      function: '0x3::token::opt_in_direct_transfer',
      functionArguments: [true],
    });
    expect(optedIn.success).toBe(true);
    expect((await mintTo(2)).success).toBe(true);
    const sent = await send({
      function: `${me}::holder::send`,
      functionArguments: [them, 'Vaulted', 'Coin', 1],
    });
    expect(sent.success).toBe(true);
    expect(await balance('Vaulted', 'Coin', them)).toBe('3');
    expect(await balance('Vaulted', 'Coin')).toBe('4');
  });
});
