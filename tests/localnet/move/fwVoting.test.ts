import type { Account, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledModule, SignatureToken as Sig } from '../../../localnet/move/binary/types.ts';
import { VALIDATOR_ADDRESS } from '../../../localnet/framework/genesis.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { AB, eventsOf, op, short, written } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * `0x1::voting` from Move, through the REST API with the ts-sdk: a user module hosts a forum for
 * its own ProposalType, creates proposals, votes and tries to resolve them, as voting.move does
 * (the forum and its table items, the module events, the metadata keys, the checks in order).
 */
let chain: Chain;
let owner: Account;
let me: string;
let mine: ReturnType<typeof ownerTransactions>;

type Fn = `${string}::${string}::${string}`;

/** `gov`: `P has store` as the forum's ProposalType; entry functions and views over voting<P>. */
function govModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'gov');
  const p = b.struct('P', AB.store, [['dummy_field', S.bool]]);
  const P = S.struct(p.handle);
  const signer = S.ref(S.signer);
  const str = b.foreignStruct('0x1', 'string', 'String', AB.copy | AB.drop | AB.store);
  const opt = b.foreignStruct('0x1', 'option', 'Option', AB.copy | AB.drop | AB.store, 1);
  const map = b.foreignStruct('0x1', 'simple_map', 'SimpleMap', AB.copy | AB.drop | AB.store, 2);
  const T = S.param(0);
  const generic = (name: string, params: Sig[], returns: Sig[]) =>
    b.fnInst(b.use('0x1', 'voting', name, params, returns, 1), [P]);
  const addressOf = b.use('0x1', 'signer', 'address_of', [signer], [S.address]);
  const none = b.fnInst(b.use('0x1', 'option', 'none', [], [S.struct(opt, [T])], 1), [S.u128]);
  const create = b.fnInst(
    b.use('0x1', 'simple_map', 'create', [], [S.struct(map, [T, S.param(1)])], 2),
    [S.struct(str), S.vec(S.u8)],
  );
  const propose = generic(
    'create_proposal_v2',
    [
      S.address,
      S.address,
      T,
      S.vec(S.u8),
      S.u128,
      S.u64,
      S.struct(opt, [S.u128]),
      S.struct(map, [S.struct(str), S.vec(S.u8)]),
      S.bool,
    ],
    [S.u64],
  );
  const { mv, ret } = op;
  b.fn('reg', {
    entry: true,
    params: [signer],
    code: [mv(0), op.callG(generic('register', [signer], [])), ret],
  });
  b.fn('propose', {
    entry: true,
    params: [signer, S.vec(S.u8), S.u128, S.u64, S.bool],
    locals: [S.address],
    code: [
      mv(0),
      op.call(addressOf),
      op.st(5),
      op.cp(5),
      op.cp(5),
      op.ldFalse,
      { op: 'Pack', def: p.def },
      mv(1),
      mv(2),
      mv(3),
      op.callG(none),
      op.callG(create),
      mv(4),
      op.callG(propose),
      op.pop,
      ret,
    ],
  });
  b.fn('vote', {
    entry: true,
    params: [signer, S.address, S.u64, S.u64, S.bool],
    locals: [P],
    code: [
      op.ldFalse,
      { op: 'Pack', def: p.def },
      op.st(5),
      op.ref(5),
      mv(1),
      mv(2),
      mv(3),
      mv(4),
      op.callG(generic('vote', [S.ref(T), S.address, S.u64, S.u64, S.bool], [])),
      mv(5),
      { op: 'Unpack', def: p.def },
      op.pop,
      ret,
    ],
  });
  b.fn('resolve', {
    entry: true,
    params: [S.address, S.u64],
    code: [
      mv(0),
      mv(1),
      op.callG(generic('resolve', [S.address, S.u64], [T])),
      { op: 'Unpack', def: p.def },
      op.pop,
      ret,
    ],
  });
  const view = (name: string, target: string, params: Sig[], returns: Sig[]) =>
    b.fn(name, {
      view: true,
      params,
      returns,
      code: [...params.map((_, i) => mv(i)), op.callG(generic(target, params, returns)), ret],
    });
  view('next', 'next_proposal_id', [S.address], [S.u64]);
  view('state', 'get_proposal_state', [S.address, S.u64], [S.u64]);
  view('votes', 'get_votes', [S.address, S.u64], [S.u128, S.u128]);
  view('proposer', 'get_proposer', [S.address, S.u64], [S.address]);
  view('closed', 'is_voting_closed', [S.address, S.u64], [S.bool]);
  view('in_execution', 'is_multi_step_proposal_in_execution', [S.address, S.u64], [S.bool]);
  return b.build();
}

const call = (name: string, args: Array<string | number | boolean | Uint8Array> = []) =>
  mine.send({ function: `${me}::gov::${name}` as Fn, functionArguments: args });
const view = (name: string, args: Array<string | number> = []) =>
  chain.aptos.view({ payload: { function: `${me}::gov::${name}` as Fn, functionArguments: args } });

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain);
  me = owner.accountAddress.toString();
  mine = ownerTransactions(chain, owner);
  const published = await mine.publish('gov', govModule(me));
  expect(published.success, published.vm_status).toBe(true);
}, 60_000);

afterAll(async () => {
  await chain.localnet.stop();
});

describe('a forum hosted by a user module', () => {
  it('before register: MISSING_DATA; register writes the forum and RegisterForum, once', async () => {
    await expect(view('next', [me])).rejects.toThrow(/MISSING_DATA/);
    const done: UserTransactionResponse = await call('reg');
    expect(done.success, done.vm_status).toBe(true);
    const forum = written(done, `0x1::voting::VotingForum<${me}::gov::P>`).get(short(me));
    expect(forum).toMatchObject({
      next_proposal_id: '0',
      proposals: { handle: expect.any(String) },
    });
    expect(eventsOf(done, '0x1::voting::RegisterForum').map((e) => e.data)).toEqual([
      {
        hosting_account: short(me),
        proposal_type_info: {
          account_address: short(me),
          module_name: `0x${Buffer.from('gov').toString('hex')}`,
          struct_name: `0x${Buffer.from('P').toString('hex')}`,
        },
      },
    ]);
    expect((await call('reg')).vm_status).toMatch(/EVOTING_FORUM_ALREADY_REGISTERED\(0x80006\)/);
    expect(await view('next', [me])).toEqual(['0']);
  });

  it('create_proposal_v2 checks the hash, stores the proposal in the table with its metadata keys', async () => {
    const later = Math.floor(Date.now() / 1000) + 3600;
    expect((await call('propose', [new Uint8Array(), 0, later, false])).vm_status).toMatch(
      /EPROPOSAL_EMPTY_EXECUTION_HASH\(0x10004\)/,
    );
    const done = await call('propose', [new Uint8Array([0xab]), 5, later, true]);
    expect(done.success, done.vm_status).toBe(true);
    expect(eventsOf(done, '0x1::voting::CreateProposal')[0]?.data).toMatchObject({
      proposal_id: '0',
      execution_hash: '0xab',
      min_vote_threshold: '5',
      early_resolution_vote_threshold: { vec: [] },
      metadata: {
        data: [
          { key: 'IS_MULTI_STEP_PROPOSAL_KEY', value: '0x01' },
          { key: 'IS_MULTI_STEP_PROPOSAL_IN_EXECUTION', value: '0x00' },
        ],
      },
    });
    expect(done.changes.some((c) => c.type === 'write_table_item')).toBe(true);
    expect(await view('next', [me])).toEqual(['1']);
    expect(await view('proposer', [me, 0])).toEqual([short(me)]);
    expect(await view('state', [me, 0])).toEqual(['0']);
    expect(await view('in_execution', [me, 0])).toEqual([false]);
    await expect(view('state', [me, 1])).rejects.toThrow(/0x6500|NOT_FOUND/);
  });

  it('vote counts yes and no, records the resolvable time; resolving a pending proposal is refused', async () => {
    const yes = await call('vote', [me, 0, 7, true]);
    expect(yes.success, yes.vm_status).toBe(true);
    expect(eventsOf(yes, '0x1::voting::Vote').map((e) => e.data)).toEqual([
      { proposal_id: '0', num_votes: '7' },
    ]);
    expect((await call('vote', [me, 0, 2, false])).success).toBe(true);
    expect(await view('votes', [me, 0])).toEqual(['7', '2']);
    expect(await view('closed', [me, 0])).toEqual([false]);
    expect((await call('resolve', [me, 0])).vm_status).toMatch(
      /EPROPOSAL_CANNOT_BE_RESOLVED\(0x30002\)/,
    );
  });
});

describe('aptos_governance over a genesis without governance', () => {
  const gov = (name: string): Fn => `0x1::aptos_governance::${name}`;
  const send = (fn: Fn, args: Array<string | number | boolean | Uint8Array | string[]> = []) =>
    mine.send({ function: fn, functionArguments: args });
  const view0x1 = (fn: Fn, args: Array<string | number> = []) =>
    chain.aptos.view({ payload: { function: fn, functionArguments: args } });
  const bytes = new Uint8Array([1]);

  it('views: MISSING_DATA for the config, EPARTIAL_VOTING_NOT_INITIALIZED for the remaining power', async () => {
    await expect(view0x1(gov('get_voting_duration_secs'))).rejects.toThrow(/MISSING_DATA/);
    await expect(view0x1(gov('get_voting_power'), [VALIDATOR_ADDRESS])).rejects.toThrow(
      /MISSING_DATA/,
    );
    await expect(view0x1(gov('has_entirely_voted'), [VALIDATOR_ADDRESS, 0])).rejects.toThrow(
      /MISSING_DATA/,
    );
    await expect(
      view0x1(gov('get_remaining_voting_power'), [VALIDATOR_ADDRESS, 0]),
    ).rejects.toThrow(/EPARTIAL_VOTING_NOT_INITIALIZED\(0x3000d\)/);
  });

  it('proposals and votes check the stake pool and its delegated voter first', async () => {
    expect((await send(gov('create_proposal'), [me, bytes, bytes, bytes])).vm_status).toMatch(
      /ESTAKE_POOL_DOES_NOT_EXIST\(0x1000e\)/,
    );
    expect(
      (await send(gov('create_proposal'), [VALIDATOR_ADDRESS, bytes, bytes, bytes])).vm_status,
    ).toMatch(/ENOT_DELEGATED_VOTER\(0x10002\)/);
    expect((await send(gov('vote'), [VALIDATOR_ADDRESS, 0, true])).vm_status).toMatch(
      /ENOT_DELEGATED_VOTER\(0x10002\)/,
    );
    const none = await send(gov('batch_vote'), [[], 0, true]);
    expect(none.success, none.vm_status).toBe(true);
    expect((await send('0x1::stake::initialize_stake_owner', [0, me, me])).success).toBe(true);
    expect(
      (await send(gov('create_proposal_v2'), [me, bytes, bytes, bytes, true])).vm_status,
    ).toMatch(/MISSING_DATA/);
    expect((await send(gov('partial_vote'), [me, 0, 1, true])).vm_status).toMatch(
      /EPARTIAL_VOTING_NOT_INITIALIZED\(0x3000d\)/,
    );
  });

  it("governance's own functions refuse a user's signer", async () => {
    expect((await send(gov('reconfigure'))).vm_status).toMatch(
      /ENOT_APTOS_FRAMEWORK_ADDRESS\(0x50003\)/,
    );
    expect((await send(gov('force_end_epoch_test_only'))).vm_status).toMatch(
      /ENOT_CORE_RESOURCE_ADDRESS\(0x50001\)/,
    );
    expect((await send(gov('add_approved_script_hash_script'), [0])).vm_status).toMatch(
      /MISSING_DATA/,
    );
  });
});
