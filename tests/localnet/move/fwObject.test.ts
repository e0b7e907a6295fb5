import type { Account } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import {
  AB,
  addressBytes,
  deleted,
  derived,
  eventsOf,
  long,
  op,
  short,
  u64le,
  written,
} from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * `0x1::object` called from Move and as transactions, through the REST API with the ts-sdk: the
 * constructors, every ref kind, GUIDs and event handles, gated and ungated transfers, burning and
 * the ownership views, with `object.move`'s write sets, events and aborts.
 */
let chain: Chain;
let owner: Account;
let me: string;
let send: ReturnType<typeof ownerTransactions>['send'];

const BOB = '0xb0b';
const BOB_LONG = long(BOB);
const CORE = '0x1::object::ObjectCore';
const TRANSFER = '0x1::object::Transfer';
const OBJ_INIT_GUID = 0x4000000000000n;

function objsModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'objs');
  const h = (name: string, abilities: number) => b.foreignStruct('0x1', 'object', name, abilities);
  const cref = h('ConstructorRef', AB.drop);
  const tref = h('TransferRef', AB.drop | AB.store);
  const lref = h('LinearTransferRef', AB.drop);
  const dref = h('DeleteRef', AB.drop | AB.store);
  const object = b.foreignStruct('0x1', 'object', 'Object', AB.copy | AB.drop | AB.store, 1);
  const handle = b.foreignStruct('0x1', 'event', 'EventHandle', AB.store, 1);
  const ev = b.struct('Ev', AB.drop | AB.store, [['dummy_field', S.bool]]);
  const holder = b.struct('Holder', AB.key, [['h', S.struct(handle, [S.struct(ev.handle)])]]);
  const C = S.struct(cref);
  const fnOf = (name: string, params: unknown[], returns: unknown[], tps = 0) =>
    b.use('0x1', 'object', name, params as never, returns as never, tps);
  const addressOf = b.use('0x1', 'signer', 'address_of', [S.ref(S.signer)], [S.address]);
  const create = fnOf('create_object', [S.address], [C]);
  const sticky = fnOf('create_sticky_object', [S.address], [C]);
  const named = fnOf('create_named_object', [S.ref(S.signer), S.vec(S.u8)], [C]);
  const fromAccount = fnOf('create_object_from_account', [S.ref(S.signer)], [C]);
  const fromObject = fnOf('create_object_from_object', [S.ref(S.signer)], [C]);
  const refAddress = fnOf('address_from_constructor_ref', [S.ref(C)], [S.address]);
  const withCref = fnOf('transfer_with_constructor_ref', [S.ref(C), S.address], []);
  const genDelete = fnOf('generate_delete_ref', [S.ref(C)], [S.struct(dref)]);
  const genTransfer = fnOf('generate_transfer_ref', [S.ref(C)], [S.struct(tref)]);
  const genSigner = fnOf('generate_signer', [S.ref(C)], [S.signer]);
  const untransferable = fnOf('set_untransferable', [S.ref(C)], []);
  const disable = fnOf('disable_ungated_transfer', [S.ref(S.struct(tref))], []);
  const linear = fnOf('generate_linear_transfer_ref', [S.ref(S.struct(tref))], [S.struct(lref)]);
  const withRef = fnOf('transfer_with_ref', [S.struct(lref), S.address], []);
  const del = fnOf('delete', [S.struct(dref)], []);
  const newHandle = fnOf(
    'new_event_handle',
    [S.ref(S.signer)],
    [S.struct(handle, [S.param(0)])],
    1,
  );
  const fromCref = fnOf(
    'object_from_constructor_ref',
    [S.ref(C)],
    [S.struct(object, [S.param(0)])],
    1,
  );
  const emit = b.use(
    '0x1',
    'event',
    'emit_event',
    [S.mut(S.struct(handle, [S.param(0)])), S.param(0)],
    [],
    1,
  );
  const evTy = [S.struct(ev.handle)];
  const { mv, st, ref, mut, call, callG, pop, ret } = op;
  const signer = [S.ref(S.signer)];
  b.fn('named', {
    entry: true,
    params: [...signer, S.vec(S.u8), S.address],
    locals: [C],
    code: [mv(0), mv(1), call(named), st(3), ref(3), mv(2), call(withCref), ret],
  });
  b.fn('named_delete', {
    entry: true,
    params: [...signer, S.vec(S.u8)],
    locals: [C],
    code: [mv(0), mv(1), call(named), st(2), ref(2), call(genDelete), pop, ret],
  });
  b.fn('untransferable', {
    entry: true,
    params: signer,
    locals: [C],
    code: [mv(0), call(addressOf), call(sticky), st(1), ref(1), call(untransferable), ret],
  });
  b.fn('untransferable_ref', {
    entry: true,
    params: signer,
    locals: [C],
    code: [
      mv(0),
      call(addressOf),
      call(create),
      st(1),
      ref(1),
      call(untransferable),
      ref(1),
      call(genTransfer),
      pop,
      ret,
    ],
  });
  b.fn('gated', {
    entry: true,
    params: [...signer, S.address],
    locals: [C, S.struct(tref)],
    code: [
      mv(0),
      call(addressOf),
      call(create),
      st(2),
      ref(2),
      call(genTransfer),
      st(3),
      ref(3),
      call(disable),
      ref(3),
      call(linear),
      mv(1),
      call(withRef),
      ret,
    ],
  });
  b.fn('deleted', {
    entry: true,
    params: signer,
    locals: [C],
    code: [mv(0), call(addressOf), call(create), st(1), ref(1), call(genDelete), call(del), ret],
  });
  b.fn('from_account', {
    entry: true,
    params: signer,
    code: [mv(0), call(fromAccount), pop, ret],
  });
  // An object with an event handle of its own (`Holder`), one event on it, an object created
  // from the object's GUID, and `object_from_constructor_ref<Holder>` after the `move_to`.
  b.fn('with_handle', {
    entry: true,
    params: signer,
    locals: [C, S.signer, S.struct(handle, evTy)],
    acquires: [],
    code: [
      mv(0),
      call(addressOf),
      call(create),
      st(1),
      ref(1),
      call(genSigner),
      st(2),
      ref(2),
      callG(b.fnInst(newHandle, evTy)),
      st(3),
      mut(3),
      op.ldFalse,
      { op: 'Pack', def: ev.def },
      callG(b.fnInst(emit, evTy)),
      ref(2),
      call(fromObject),
      pop,
      ref(2),
      mv(3),
      { op: 'Pack', def: holder.def },
      { op: 'MoveTo', def: holder.def },
      ref(1),
      callG(b.fnInst(fromCref, [S.struct(holder.handle)])),
      pop,
      ret,
    ],
  });
  // A owned by the signer, B owned by A.
  b.fn('chain', {
    entry: true,
    params: signer,
    locals: [C],
    code: [
      mv(0),
      call(addressOf),
      call(create),
      st(1),
      ref(1),
      call(refAddress),
      call(create),
      pop,
      ret,
    ],
  });
  return b.build();
}

const coreType = [CORE];

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  me = short(owner.accountAddress.toString());
  const tx = ownerTransactions(chain, owner);
  send = tx.send;
  const published = await tx.publish('objs', objsModule(owner.accountAddress.toStringLong()));
  if (!published.success) throw new Error(`publish failed: ${published.vm_status}`);
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

const call = (name: string, functionArguments: Array<string | Uint8Array> = []) =>
  send({ function: `${long(me)}::objs::${name}`, functionArguments });
const view = async (name: string, args: unknown[], typeArguments = coreType) =>
  chain.aptos.view({
    payload: {
      function: `0x1::object::${name}`,
      typeArguments: typeArguments as never,
      functionArguments: args as never,
    },
  });

describe('object constructors from Move', () => {
  it('creates a named object at sha3(creator ‖ seed ‖ 0xFE) and moves it with its ConstructorRef', async () => {
    const seed = new TextEncoder().encode('seed-1');
    const done = await call('named', [seed, BOB_LONG]);
    expect(done.vm_status).toBe('Executed successfully');
    const address = derived(addressBytes(me), seed, Uint8Array.of(0xfe));
    expect(written(done, CORE).get(address)).toMatchObject({
      owner: BOB,
      allow_ungated_transfer: true,
      guid_creation_num: (OBJ_INIT_GUID + 1n).toString(),
      transfer_events: {
        counter: '0',
        guid: { id: { addr: address, creation_num: OBJ_INIT_GUID.toString() } },
      },
    });
    expect(eventsOf(done, TRANSFER).map((e) => e.data)).toEqual([
      { object: address, from: me, to: BOB },
    ]);
    const again = await call('named', [seed, BOB_LONG]);
    expect(again.vm_status).toBe(
      'Move abort in 0x1::object: EOBJECT_EXISTS(0x80001): An object already exists at this address',
    );
  });

  it('refuses a DeleteRef for a named object (ECANNOT_DELETE)', async () => {
    const done = await call('named_delete', [new TextEncoder().encode('seed-2')]);
    expect(done.vm_status).toBe(
      'Move abort in 0x1::object: ECANNOT_DELETE(0x50005): The object does not allow for deletion',
    );
  });

  it('creates from the account GUID at sha3(bcs(GUID) ‖ 0xFD), bumping guid_creation_num', async () => {
    const before = await chain.aptos.getAccountResource<{ guid_creation_num: string }>({
      accountAddress: me,
      resourceType: '0x1::account::Account',
    });
    const num = BigInt(before.guid_creation_num);
    const done = await call('from_account');
    expect(done.vm_status).toBe('Executed successfully');
    const address = derived(u64le(num), addressBytes(me), Uint8Array.of(0xfd));
    expect(written(done, CORE).get(address)?.owner).toBe(me);
    expect(written(done, '0x1::account::Account').get(me)?.guid_creation_num).toBe(
      (num + 1n).toString(),
    );
  });

  it('gives an object its own GUIDs: an event handle, an object from the object, object_from_constructor_ref after move_to', async () => {
    const done = await call('with_handle');
    expect(done.vm_status).toBe('Executed successfully');
    const holders = written(done, `${me}::objs::Holder`);
    expect(holders.size).toBe(1);
    const [address, holder] = [...holders][0] as [string, Record<string, unknown>];
    expect(holder).toEqual({
      h: {
        counter: '1',
        guid: { id: { addr: address, creation_num: (OBJ_INIT_GUID + 1n).toString() } },
      },
    });
    const cores = written(done, CORE);
    expect(cores.get(address)?.guid_creation_num).toBe((OBJ_INIT_GUID + 3n).toString());
    const child = derived(u64le(OBJ_INIT_GUID + 2n), addressBytes(address), Uint8Array.of(0xfd));
    expect(cores.get(child)?.owner).toBe(address);
    // A handle event carries the handle's GUID and its number on it, as a node's V1 event.
    expect(eventsOf(done, `${me}::objs::Ev`)).toEqual([
      {
        guid: { creation_number: (OBJ_INIT_GUID + 1n).toString(), account_address: address },
        sequence_number: '0',
        type: `${me}::objs::Ev`,
        data: { dummy_field: false },
      },
    ]);
  });

  it('deletes an object through its DeleteRef: nothing of it is written', async () => {
    const done = await call('deleted');
    expect(done.vm_status).toBe('Executed successfully');
    expect(written(done, CORE).size).toBe(0);
  });
});

describe('object transfers', () => {
  it('moves an object through a LinearTransferRef with ungated transfers off', async () => {
    const done = await call('gated', [BOB_LONG]);
    expect(done.vm_status).toBe('Executed successfully');
    const [[address, core]] = [...written(done, CORE)] as Array<[string, Record<string, unknown>]>;
    expect(core).toMatchObject({ owner: BOB, allow_ungated_transfer: false });
    expect(eventsOf(done, TRANSFER).map((e) => e.data)).toEqual([
      { object: address, from: me, to: BOB },
    ]);
  });

  it('marks an object Untransferable: no TransferRef, no ungated transfer', async () => {
    const done = await call('untransferable');
    expect(done.vm_status).toBe('Executed successfully');
    const [[address, core]] = [...written(done, CORE)] as Array<[string, Record<string, unknown>]>;
    expect(core.allow_ungated_transfer).toBe(false);
    expect(written(done, '0x1::object::Untransferable').get(address)).toEqual({
      dummy_field: false,
    });
    expect(await view('is_untransferable', [address])).toEqual([true]);
    const moved = await send({
      function: '0x1::object::transfer',
      typeArguments: coreType,
      functionArguments: [address, BOB_LONG],
    });
    expect(moved.vm_status).toBe(
      'Move abort in 0x1::object: ENO_UNGATED_TRANSFERS(0x50003): The object does not have ungated transfers enabled',
    );
    const refused = await call('untransferable_ref');
    expect(refused.vm_status).toBe(
      'Move abort in 0x1::object: EOBJECT_NOT_TRANSFERRABLE(0x50009): Object is untransferable any operations that might result in a transfer are disallowed.',
    );
  });

  it('answers owns and root_owner along a chain, and transfers to an object', async () => {
    const done = await call('chain');
    const cores = written(done, CORE);
    const a = [...cores].find(([, core]) => core.owner === me)?.[0] as string;
    const b = [...cores].find(([, core]) => core.owner === a)?.[0] as string;
    expect(await view('owns', [b, me])).toEqual([true]);
    expect(await view('owns', [b, BOB_LONG])).toEqual([false]);
    expect(await view('root_owner', [b])).toEqual([me]);
    expect(await view('owner', [b])).toEqual([a]);
    const c = [...written(await call('chain'), CORE)].find(([, core]) => core.owner === me)?.[0];
    const moved = await send({
      function: '0x1::object::transfer_to_object',
      typeArguments: [CORE, CORE],
      functionArguments: [c as string, b],
    });
    expect(moved.vm_status).toBe('Executed successfully');
    expect(written(moved, CORE).get(c as string)?.owner).toBe(b);
    expect(await view('root_owner', [c])).toEqual([me]);
  });

  it('burns and unburns by the owner: a TombStone, then none; aborts as object.move', async () => {
    const done = await call('chain');
    const a = [...written(done, CORE)].find(([, core]) => core.owner === me)?.[0] as string;
    const entry = (name: string) =>
      send({ function: `0x1::object::${name}`, typeArguments: coreType, functionArguments: [a] });
    const burnt = await entry('burn');
    expect(burnt.vm_status).toBe('Executed successfully');
    expect(written(burnt, '0x1::object::TombStone').get(a)).toEqual({ original_owner: me });
    expect(await view('is_burnt', [a])).toEqual([true]);
    expect((await entry('burn')).vm_status).toBe(
      'Move abort in 0x1::object: EOBJECT_ALREADY_BURNT(0xa): Cannot burn an object that is already burnt.',
    );
    const unburnt = await entry('unburn');
    expect(unburnt.vm_status).toBe('Executed successfully');
    expect(deleted(unburnt, '0x1::object::TombStone')).toEqual([a]);
    expect((await entry('unburn')).vm_status).toBe(
      "Move abort in 0x1::object: EOBJECT_NOT_BURNT(0x10008): Cannot reclaim objects that weren't burnt.",
    );
  });
});
