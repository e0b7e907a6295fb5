import type { Account, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Bytecode,
  CompiledModule,
  SignatureToken as Sig,
} from '../../../localnet/move/binary/types.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { AB, op, short, written } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * stdRest's natives called from a published module through the REST API with the ts-sdk: a
 * `Vault` resource holds a pool_u64::Pool, a pool_u64_unbound::Pool (shares in a table), a
 * bit_vector::BitVector and an acl::ACL; entry functions change them in place through
 * `&mut` field borrows, and the write set shows them as a node renders those structs.
 */
let chain: Chain;
let owner: Account;
let me: string;
let mine: ReturnType<typeof ownerTransactions>;

function vaultModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'vault');
  const signer = S.ref(S.signer);
  const pool = S.struct(b.foreignStruct('0x1', 'pool_u64', 'Pool', AB.store));
  const unbound = S.struct(b.foreignStruct('0x1', 'pool_u64_unbound', 'Pool', AB.store));
  const bits = S.struct(b.foreignStruct('0x1', 'bit_vector', 'BitVector', 7));
  const acl = S.struct(b.foreignStruct('0x1', 'acl', 'ACL', 7));
  const vault = b.struct('Vault', AB.key, [
    ['pool', pool],
    ['unbound', unbound],
    ['bits', bits],
    ['acl', acl],
  ]);
  const [fPool, fUnbound, fBits, fAcl] = [0, 1, 2, 3].map((i) => b.field(vault.def, i)) as [
    number,
    number,
    number,
    number,
  ];
  const fw = (m: string, f: string, params: Sig[], ret: Sig[] = []) =>
    b.use('0x1', m, f, params, ret);
  const addressOf = fw('signer', 'address_of', [signer], [S.address]);
  const { mv, cp, st, call, ret, pop } = op;
  b.fn('init', {
    entry: true,
    params: [signer],
    code: [
      op.u64(2n),
      call(fw('pool_u64', 'new', [S.u64], [pool])),
      call(fw('pool_u64_unbound', 'new', [], [unbound])),
      op.u64(10n),
      call(fw('bit_vector', 'new', [S.u64], [bits])),
      call(fw('acl', 'empty', [], [acl])),
      { op: 'Pack', def: vault.def },
      st(1),
      mv(0),
      mv(1),
      { op: 'MoveTo', def: vault.def },
      ret,
    ],
    locals: [S.struct(vault.handle)],
  });
  const borrow = (field: number): Bytecode[] => [cp(3), { op: 'MutBorrowField', field }];
  b.fn('buy', {
    entry: true,
    params: [signer, S.u64],
    acquires: [vault.def],
    locals: [S.address, S.mut(S.struct(vault.handle))],
    code: [
      mv(0),
      call(addressOf),
      st(2),
      cp(2),
      { op: 'MutBorrowGlobal', def: vault.def },
      st(3),
      ...borrow(fPool),
      cp(2),
      cp(1),
      call(fw('pool_u64', 'buy_in', [S.mut(pool), S.address, S.u64], [S.u64])),
      pop,
      ...borrow(fUnbound),
      cp(2),
      cp(1),
      call(fw('pool_u64_unbound', 'buy_in', [S.mut(unbound), S.address, S.u64], [S.u128])),
      pop,
      ...borrow(fBits),
      cp(1),
      call(fw('bit_vector', 'set', [S.mut(bits), S.u64])),
      mv(3),
      { op: 'MutBorrowField', field: fAcl },
      mv(2),
      call(fw('acl', 'add', [S.mut(acl), S.address])),
      ret,
    ],
  });
  return b.build();
}

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain);
  me = owner.accountAddress.toString();
  mine = ownerTransactions(chain, owner);
  const published = await mine.publish('vault', vaultModule(me));
  expect(published.success, published.vm_status).toBe(true);
}, 60_000);

afterAll(async () => {
  await chain.localnet.stop();
});

const call = (name: string, args: Array<string | number> = []) =>
  mine.send({
    function: `${me}::vault::${name}` as `${string}::${string}::${string}`,
    functionArguments: args,
  });

describe('pool_u64, pool_u64_unbound, bit_vector and acl held by a Move resource', () => {
  it('init stores the four values; buy changes each through &mut borrows', async () => {
    const init = await call('init');
    expect(init.success, init.vm_status).toBe(true);
    const done: UserTransactionResponse = await call('buy', [3]);
    expect(done.success, done.vm_status).toBe(true);
    const vault = written(done, `${short(me)}::vault::Vault`).get(short(me)) as Record<
      string,
      unknown
    >;
    expect(vault.pool).toEqual({
      shareholders_limit: '2',
      total_coins: '3',
      total_shares: '3',
      shares: { data: [{ key: short(me), value: '3' }] },
      shareholders: [short(me)],
      scaling_factor: '1',
    });
    expect(vault.unbound).toMatchObject({
      total_coins: '3',
      total_shares: '3',
      shares: { length: '1' },
      scaling_factor: '1',
    });
    expect(vault.bits).toEqual({
      length: '10',
      bit_field: [false, false, false, true, false, false, false, false, false, false],
    });
    expect(vault.acl).toEqual({ list: [short(me)] });
    const items = done.changes.filter((c) => c.type === 'write_table_item');
    expect(items).toHaveLength(1);
  });

  it('a second buy by the same address aborts in acl::add, an index past the bits in bit_vector', async () => {
    const again = await call('buy', [4]);
    expect(again.success).toBe(false);
    expect(again.vm_status).toBe(
      'Move abort in 0x1::acl: ECONTAIN(0x10000): The ACL already contains the address.',
    );
    const past = await call('buy', [10]);
    expect(past.vm_status).toMatch(/^Move abort in 0x1::bit_vector: EINDEX\(0x20000\)/);
  });
});
