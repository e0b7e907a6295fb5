import type { Account, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Bytecode,
  CompiledModule,
  SignatureToken as Sig,
} from '../../../localnet/move/binary/types.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { AB, deleted, op, short, written } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * `0x1::storage_slot` and `storage_slot_or_inline` from Move through the REST API with the
 * ts-sdk: a slot's value lives in a `StorageSlotResource<u64>` at its own address, is changed in
 * place through `borrow_mut`, read through `borrow` in a view and removed by `destroy`; a
 * `StorageSlotOrInline` moved from inline to a slot and back.
 */
let chain: Chain;
let owner: Account;
let me: string;
let mine: ReturnType<typeof ownerTransactions>;

const RESOURCE = '0x1::storage_slot::StorageSlotResource<u64>';

function slotsModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'slots');
  const slotH = b.foreignStruct('0x1', 'storage_slot', 'StorageSlot', AB.store, 1);
  const eitherH = b.foreignStruct(
    '0x1',
    'storage_slot_or_inline',
    'StorageSlotOrInline',
    AB.store,
    1,
  );
  const SLOT = S.struct(slotH, [S.u64]);
  const EITHER = S.struct(eitherH, [S.u64]);
  const holder = b.struct('Holder', AB.key, [['slot', SLOT]]);
  const either = b.struct('Either', AB.key, [['x', EITHER]]);
  const T = S.param(0);
  const generic = (m: string, name: string, params: Sig[], ret: Sig[]) =>
    b.fnInst(b.use('0x1', m, name, params, ret, 1), [S.u64]);
  const slotOf = S.struct(slotH, [T]);
  const eitherOf = S.struct(eitherH, [T]);
  const newSlot = generic('storage_slot', 'new', [T], [slotOf]);
  const borrowMut = generic('storage_slot', 'borrow_mut', [S.mut(slotOf)], [S.mut(T)]);
  const borrow = generic('storage_slot', 'borrow', [S.ref(slotOf)], [S.ref(T)]);
  const destroy = generic('storage_slot', 'destroy', [slotOf], [T]);
  const newInline = generic('storage_slot_or_inline', 'new_inline', [T], [eitherOf]);
  const toSlot = generic('storage_slot_or_inline', 'move_to_storage_slot', [S.mut(eitherOf)], []);
  const toInline = generic('storage_slot_or_inline', 'move_to_inline', [S.mut(eitherOf)], []);
  const eitherBorrow = generic('storage_slot_or_inline', 'borrow', [S.ref(eitherOf)], [S.ref(T)]);
  const addressOf = b.use('0x1', 'signer', 'address_of', [S.ref(S.signer)], [S.address]);
  const field = b.field(holder.def, 0);
  const entry = (
    name: string,
    params: Sig[],
    code: Bytecode[],
    locals: Sig[] = [],
    acquires: number[] = [],
  ) => b.fn(name, { entry: true, params, locals, acquires, code: [...code, op.ret] });
  entry(
    'make',
    [S.ref(S.signer), S.u64],
    [
      op.mv(0),
      op.mv(1),
      op.callG(newSlot),
      { op: 'Pack', def: holder.def },
      { op: 'MoveTo', def: holder.def },
    ],
  );
  entry(
    'bump',
    [S.ref(S.signer)],
    [
      op.mv(0),
      op.call(addressOf),
      { op: 'MutBorrowGlobal', def: holder.def },
      { op: 'MutBorrowField', field },
      op.callG(borrowMut),
      { op: 'StLoc', local: 1 },
      op.cp(1),
      { op: 'ReadRef' },
      op.u64(1n),
      { op: 'Add' },
      op.mv(1),
      { op: 'WriteRef' },
    ],
    [S.mut(S.u64)],
    [holder.def],
  );
  b.fn('get', {
    view: true,
    params: [S.address],
    returns: [S.u64],
    acquires: [holder.def],
    code: [
      op.mv(0),
      { op: 'ImmBorrowGlobal', def: holder.def },
      { op: 'ImmBorrowField', field },
      op.callG(borrow),
      { op: 'ReadRef' },
      op.ret,
    ],
  });
  entry(
    'drop_it',
    [S.ref(S.signer)],
    [
      op.mv(0),
      op.call(addressOf),
      { op: 'MoveFrom', def: holder.def },
      { op: 'Unpack', def: holder.def },
      op.callG(destroy),
      op.pop,
    ],
    [],
    [holder.def],
  );
  // inline, to a slot, kept in Either; then back inline, its value read.
  entry(
    'either',
    [S.ref(S.signer), S.u64],
    [
      op.mv(1),
      op.callG(newInline),
      { op: 'StLoc', local: 2 },
      op.mut(2),
      op.callG(toSlot),
      op.mut(2),
      op.callG(toInline),
      op.mut(2),
      op.callG(toSlot),
      op.ref(2),
      op.callG(eitherBorrow),
      op.pop,
      op.mv(0),
      op.mv(2),
      { op: 'Pack', def: either.def },
      { op: 'MoveTo', def: either.def },
    ],
    [EITHER],
  );
  return b.build();
}

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain);
  me = owner.accountAddress.toString();
  mine = ownerTransactions(chain, owner);
  const published = await mine.publish('slots', slotsModule(me));
  expect(published.success, published.vm_status).toBe(true);
}, 60_000);

afterAll(async () => {
  await chain.localnet.stop();
});

const send = async (name: string, args: Array<number> = []): Promise<UserTransactionResponse> => {
  const done = await mine.send({ function: `${me}::slots::${name}`, functionArguments: args });
  expect(done.success, done.vm_status).toBe(true);
  return done;
};

describe('storage_slot', () => {
  it('keeps the value at its own address, changed in place and read in a view, then destroyed', async () => {
    const made = await send('make', [41]);
    const holder = written(made, `${me}::slots::Holder`).get(short(me)) as {
      slot: { addr: string };
    };
    const at = holder.slot.addr;
    expect(at).not.toBe(short(me));
    expect(written(made, RESOURCE).get(at)).toEqual({ val: '41' });
    const bumped = await send('bump');
    expect(written(bumped, RESOURCE).get(at)).toEqual({ val: '42' });
    const [value] = await chain.aptos.view({
      payload: { function: `${me}::slots::get`, functionArguments: [me] },
    });
    expect(value).toBe('42');
    const dropped = await send('drop_it');
    expect(deleted(dropped, RESOURCE)).toEqual([at]);
  });

  it('storage_slot_or_inline moves its value between a slot and inline', async () => {
    const done = await send('either', [9]);
    const either = written(done, `${me}::slots::Either`).get(short(me)) as {
      x: { __variant__: string; slot: { addr: string } };
    };
    expect(either.x.__variant__).toBe('StorageSlot');
    // The first slot was destroyed in the same transaction; only the second is written.
    expect([...written(done, RESOURCE)]).toEqual([[either.x.slot.addr, { val: '9' }]]);
  });
});
