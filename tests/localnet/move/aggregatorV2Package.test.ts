import type { Account, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Bytecode,
  CompiledModule,
  SignatureToken,
} from '../../../localnet/move/binary/types.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { AB, op, short, written } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * A published package that uses `0x1::aggregator_v2` (issue 31), checked through the REST API with
 * the ts-sdk against aggregator_v2.move: the aggregators live in the user's resource and are
 * rendered as a node renders them (`{ value, max_value }`, u64/u128 as decimal strings); `add` /
 * `sub` abort `error::out_of_range(EAGGREGATOR_OVERFLOW / _UNDERFLOW)` where `try_add` answers false.
 */
let chain: Chain;
let owner: Account;
let ownerTx: ReturnType<typeof ownerTransactions>;
let me: string;

const MAX = 1000n;
const U64_MAX = (1n << 64n) - 1n;
const U128_MAX = (1n << 128n) - 1n;
const OVERFLOW =
  'Move abort in 0x1::aggregator_v2: EAGGREGATOR_OVERFLOW(0x20001): The value of aggregator overflows. Raised by uncoditional add() call';
const UNDERFLOW =
  'Move abort in 0x1::aggregator_v2: EAGGREGATOR_UNDERFLOW(0x20002): The value of aggregator underflows (goes below zero). Raised by uncoditional sub() call';

/**
 * ```move
 * module counters {
 *   use aptos_framework::aggregator_v2::{Self, Aggregator, AggregatorSnapshot};
 *   struct Counters has key { bounded: Aggregator<u64>, unbounded: Aggregator<u128>, last_try: bool }
 *   struct Snap has key { at: AggregatorSnapshot<u64> }
 *   fun init_module(s: &signer) {
 *     move_to(s, Counters { bounded: aggregator_v2::create_aggregator(1000),
 *       unbounded: aggregator_v2::create_unbounded_aggregator<u128>(), last_try: false })
 *   }
 *   entry fun add(s: &signer, n: u64, m: u128) acquires Counters {
 *     let c = &mut Counters[address_of(s)]; c.bounded.add(n); c.unbounded.add(m)
 *   }
 *   entry fun try_add(s: &signer, n: u64) acquires Counters {
 *     let c = &mut Counters[address_of(s)]; c.last_try = c.bounded.try_add(n)
 *   }
 *   entry fun sub(s: &signer, n: u64) acquires Counters { Counters[address_of(s)].bounded.sub(n) }
 *   entry fun take_snapshot(s: &signer) acquires Counters {
 *     move_to(s, Snap { at: Counters[address_of(s)].bounded.snapshot() })
 *   }
 *   #[view] fun read(a: address): (u64, u64, u128) acquires Counters {
 *     (Counters[a].bounded.read(), Counters[a].bounded.max_value(), Counters[a].unbounded.read())
 *   }
 *   #[view] fun read_snapshot(a: address): u64 acquires Snap { Snap[a].at.read_snapshot() }
 * }
 * ```
 */
function countersModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'counters');
  const aggH = b.foreignStruct('0x1', 'aggregator_v2', 'Aggregator', AB.store | AB.drop, 1);
  const snapH = b.foreignStruct(
    '0x1',
    'aggregator_v2',
    'AggregatorSnapshot',
    AB.store | AB.drop,
    1,
  );
  const agg = S.struct(aggH, [S.param(0)]);
  const snapT = S.struct(snapH, [S.param(0)]);
  const counters = b.struct('Counters', AB.key, [
    ['bounded', S.struct(aggH, [S.u64])],
    ['unbounded', S.struct(aggH, [S.u128])],
    ['last_try', S.bool],
  ]);
  const snap = b.struct('Snap', AB.key, [['at', S.struct(snapH, [S.u64])]]);
  const addressOf = b.use('0x1', 'signer', 'address_of', [S.ref(S.signer)], [S.address]);
  // One handle per framework function, instantiated at u64 or u128.
  const generic = (name: string, params: SignatureToken[], returns: SignatureToken[]) => {
    const handle = b.use('0x1', 'aggregator_v2', name, params, returns, 1);
    return { u64: b.fnInst(handle, [S.u64]), u128: b.fnInst(handle, [S.u128]) };
  };
  const create = generic('create_aggregator', [S.param(0)], [agg]);
  const createUnbounded = generic('create_unbounded_aggregator', [], [agg]);
  const add = generic('add', [S.mut(agg), S.param(0)], []);
  const tryAdd = generic('try_add', [S.mut(agg), S.param(0)], [S.bool]);
  const sub = generic('sub', [S.mut(agg), S.param(0)], []);
  const read = generic('read', [S.ref(agg)], [S.param(0)]);
  const maxValue = generic('max_value', [S.ref(agg)], [S.param(0)]);
  const snapshot = generic('snapshot', [S.ref(agg)], [snapT]);
  const readSnapshot = generic('read_snapshot', [S.ref(snapT)], [S.param(0)]);
  const bounded = () => b.field(counters.def, 0);
  const unbounded = () => b.field(counters.def, 1);
  const mutCounters: Bytecode[] = [
    op.mv(0),
    op.call(addressOf),
    { op: 'MutBorrowGlobal', def: counters.def },
  ];
  const acquires = [counters.def];

  b.fn('init_module', {
    visibility: 'private',
    params: [S.ref(S.signer)],
    code: [
      op.mv(0),
      op.u64(MAX),
      op.callG(create.u64),
      op.callG(createUnbounded.u128),
      op.ldFalse,
      { op: 'Pack', def: counters.def },
      { op: 'MoveTo', def: counters.def },
      op.ret,
    ],
  });
  b.fn('add', {
    entry: true,
    params: [S.ref(S.signer), S.u64, S.u128],
    locals: [S.mut(S.struct(counters.handle))],
    acquires,
    code: [
      ...mutCounters,
      op.st(3),
      op.cp(3),
      { op: 'MutBorrowField', field: bounded() },
      op.mv(1),
      op.callG(add.u64),
      op.mv(3),
      { op: 'MutBorrowField', field: unbounded() },
      op.mv(2),
      op.callG(add.u128),
      op.ret,
    ],
  });
  b.fn('try_add', {
    entry: true,
    params: [S.ref(S.signer), S.u64],
    locals: [S.mut(S.struct(counters.handle))],
    acquires,
    code: [
      ...mutCounters,
      op.st(2),
      op.cp(2),
      { op: 'MutBorrowField', field: bounded() },
      op.mv(1),
      op.callG(tryAdd.u64),
      op.mv(2),
      { op: 'MutBorrowField', field: b.field(counters.def, 2) },
      { op: 'WriteRef' },
      op.ret,
    ],
  });
  b.fn('sub', {
    entry: true,
    params: [S.ref(S.signer), S.u64],
    acquires,
    code: [
      ...mutCounters,
      { op: 'MutBorrowField', field: bounded() },
      op.mv(1),
      op.callG(sub.u64),
      op.ret,
    ],
  });
  b.fn('take_snapshot', {
    entry: true,
    params: [S.ref(S.signer)],
    acquires,
    code: [
      op.cp(0),
      op.mv(0),
      op.call(addressOf),
      { op: 'ImmBorrowGlobal', def: counters.def },
      { op: 'ImmBorrowField', field: bounded() },
      op.callG(snapshot.u64),
      { op: 'Pack', def: snap.def },
      { op: 'MoveTo', def: snap.def },
      op.ret,
    ],
  });
  const borrowed = (field: number, fn: number): Bytecode[] => [
    op.cp(0),
    { op: 'ImmBorrowGlobal', def: counters.def },
    { op: 'ImmBorrowField', field },
    op.callG(fn),
  ];
  b.fn('read', {
    view: true,
    params: [S.address],
    returns: [S.u64, S.u64, S.u128],
    acquires,
    code: [
      ...borrowed(bounded(), read.u64),
      ...borrowed(bounded(), maxValue.u64),
      ...borrowed(unbounded(), read.u128),
      op.ret,
    ],
  });
  b.fn('read_snapshot', {
    view: true,
    params: [S.address],
    returns: [S.u64],
    acquires: [snap.def],
    code: [
      op.mv(0),
      { op: 'ImmBorrowGlobal', def: snap.def },
      { op: 'ImmBorrowField', field: b.field(snap.def, 0) },
      op.callG(readSnapshot.u64),
      op.ret,
    ],
  });
  return b.build();
}

const view = async (name: string) =>
  chain.aptos.view({
    payload: { function: `${me}::counters::${name}`, functionArguments: [me] },
  });

const send = (name: string, args: Array<string | number>) =>
  ownerTx.send({ function: `${me}::counters::${name}`, functionArguments: args });

const countersOf = (done: UserTransactionResponse) =>
  written(done, `${me}::counters::Counters`).get(me);

function expectSuccess(done: UserTransactionResponse): void {
  expect(done.vm_status).toBe('Executed successfully');
  expect(done.success).toBe(true);
}

/** A failed transaction: its status, and no Counters written. */
function expectAbort(done: UserTransactionResponse, status: string): void {
  expect(done.success).toBe(false);
  expect(done.vm_status).toBe(status);
  expect(countersOf(done)).toBeUndefined();
}

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  ownerTx = ownerTransactions(chain, owner);
  me = short(owner.accountAddress.toStringLong());
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

describe('a package using aggregator_v2', () => {
  it('publishes; init_module stores a bounded Aggregator<u64> and an unbounded Aggregator<u128>', async () => {
    const done = await ownerTx.publish('counters', countersModule(me));
    expectSuccess(done);
    expect(countersOf(done)).toEqual({
      bounded: { value: '0', max_value: MAX.toString() },
      unbounded: { value: '0', max_value: U128_MAX.toString() },
      last_try: false,
    });
    expect(await view('read')).toEqual(['0', MAX.toString(), '0']);
  });

  it('adds to both; the u128 one goes past u64::MAX', async () => {
    const big = U64_MAX + 5n;
    const done = await send('add', [400, big.toString()]);
    expectSuccess(done);
    expect(countersOf(done)).toEqual({
      bounded: { value: '400', max_value: MAX.toString() },
      unbounded: { value: big.toString(), max_value: U128_MAX.toString() },
      last_try: false,
    });
    expect(await view('read')).toEqual(['400', MAX.toString(), big.toString()]);
  });

  it('stores a snapshot that keeps its value while the aggregator moves on', async () => {
    const taken = await send('take_snapshot', []);
    expectSuccess(taken);
    expect(written(taken, `${me}::counters::Snap`).get(me)).toEqual({ at: { value: '400' } });
    expect(await view('read_snapshot')).toEqual(['400']);
    expectSuccess(await send('add', [100, '0']));
    expect((await view('read'))[0]).toBe('500');
    expect(await view('read_snapshot')).toEqual(['400']);
  });

  it('try_add answers true up to max_value and false past it, leaving the value', async () => {
    const upToMax = await send('try_add', [500]);
    expectSuccess(upToMax);
    expect(countersOf(upToMax)).toMatchObject({
      bounded: { value: MAX.toString(), max_value: MAX.toString() },
      last_try: true,
    });
    const past = await send('try_add', [1]);
    expectSuccess(past);
    expect(countersOf(past)).toMatchObject({
      bounded: { value: MAX.toString(), max_value: MAX.toString() },
      last_try: false,
    });
    expect((await view('read'))[0]).toBe(MAX.toString());
  });

  it('add past max_value aborts EAGGREGATOR_OVERFLOW, for the bounded and the unbounded one', async () => {
    expectAbort(await send('add', [1, '0']), OVERFLOW);
    // Unbounded is bounded by its type: u128::MAX.
    expectAbort(await send('add', [0, (U128_MAX - U64_MAX - 4n).toString()]), OVERFLOW);
    const toTheTop = await send('add', [0, (U128_MAX - U64_MAX - 5n).toString()]);
    expectSuccess(toTheTop);
    expect(countersOf(toTheTop)).toMatchObject({ unbounded: { value: U128_MAX.toString() } });
    expect(await view('read')).toEqual([MAX.toString(), MAX.toString(), U128_MAX.toString()]);
  });

  it('sub below zero aborts EAGGREGATOR_UNDERFLOW; down to zero succeeds', async () => {
    expectAbort(await send('sub', [(MAX + 1n).toString()]), UNDERFLOW);
    const toZero = await send('sub', [MAX.toString()]);
    expectSuccess(toZero);
    expect(countersOf(toZero)).toMatchObject({ bounded: { value: '0', max_value: '1000' } });
    expect((await view('read'))[0]).toBe('0');
    expectAbort(await send('sub', [1]), UNDERFLOW);
  });
});
