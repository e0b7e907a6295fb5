import type { Account } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { writeModule } from '../../../localnet/move/binary/writer.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { AB, eventsOf, long, op, short, written } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { packageMetadata } from './signedModules.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * `0x1::event`, `0x1::timestamp` and `0x1::code` called from Move, through the REST API with the
 * ts-sdk: an account's event handle used and destroyed, update_global_time refused to a user,
 * the upgrade policies, and a package published by Move code (its init_module run).
 */
let chain: Chain;
let owner: Account;
let me: string;
let tx: ReturnType<typeof ownerTransactions>;

function evcModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'evc');
  const handle = b.foreignStruct('0x1', 'event', 'EventHandle', AB.store, 1);
  const policy = b.foreignStruct('0x1', 'code', 'UpgradePolicy', AB.copy | AB.drop | AB.store);
  const guid = b.foreignStruct('0x1', 'guid', 'GUID', AB.drop | AB.store);
  const ev = b.struct('Ev', AB.drop | AB.store, [['dummy_field', S.bool]]);
  const out = b.struct('Out', AB.key, [['counter', S.u64]]);
  const evTy = [S.struct(ev.handle)];
  const H = S.struct(handle, [S.param(0)]);
  const generic = (module: string, name: string, params: unknown[], returns: unknown[]) =>
    b.fnInst(b.use('0x1', module, name, params as never, returns as never, 1), evTy);
  const newHandle = generic('account', 'new_event_handle', [S.ref(S.signer)], [H]);
  const emitEvent = generic('event', 'emit_event', [S.mut(H), S.param(0)], []);
  const emit = generic('event', 'emit', [S.param(0)], []);
  const guidOf = generic('event', 'guid', [S.ref(H)], [S.ref(S.struct(guid))]);
  const counter = generic('event', 'counter', [S.ref(H)], [S.u64]);
  const destroy = generic('event', 'destroy_handle', [H], []);
  const update = b.use(
    '0x1',
    'timestamp',
    'update_global_time',
    [S.ref(S.signer), S.address, S.u64],
    [],
  );
  const P = S.struct(policy);
  const compat = b.use('0x1', 'code', 'upgrade_policy_compat', [], [P]);
  const immutable = b.use('0x1', 'code', 'upgrade_policy_immutable', [], [P]);
  const canChange = b.use('0x1', 'code', 'can_change_upgrade_policy_to', [P, P], [S.bool]);
  const publishTxn = b.use(
    '0x1',
    'code',
    'publish_package_txn',
    [S.ref(S.signer), S.vec(S.u8), S.vec(S.vec(S.u8))],
    [],
  );
  const { mv, st, ref, mut, call, callG, pop, ret } = op;
  const newEv = [op.ldFalse, { op: 'Pack', def: ev.def }] as const;
  b.fn('handles', {
    entry: true,
    params: [S.ref(S.signer)],
    locals: [S.struct(handle, evTy), S.u64],
    code: [
      op.cp(0),
      callG(newHandle),
      st(1),
      mut(1),
      ...newEv,
      callG(emitEvent),
      ...newEv,
      callG(emit),
      ref(1),
      callG(guidOf),
      pop,
      ref(1),
      callG(counter),
      st(2),
      mv(0),
      mv(2),
      { op: 'Pack', def: out.def },
      { op: 'MoveTo', def: out.def },
      mv(1),
      callG(destroy),
      ret,
    ],
  });
  b.fn('tick', {
    entry: true,
    params: [S.ref(S.signer)],
    code: [
      mv(0),
      { op: 'LdConst', index: b.constant(S.address, new Array(32).fill(0)) },
      op.u64(1n),
      call(update),
      ret,
    ],
  });
  b.fn('policies', {
    view: true,
    returns: [S.bool, S.bool],
    code: [
      call(compat),
      call(immutable),
      call(canChange),
      call(immutable),
      call(compat),
      call(canChange),
      ret,
    ],
  });
  b.fn('deploy', {
    entry: true,
    params: [S.ref(S.signer), S.vec(S.u8), S.vec(S.vec(S.u8))],
    code: [mv(0), mv(1), mv(2), call(publishTxn), ret],
  });
  return b.build();
}

/** `tiny`: its `init_module` leaves a `Flag` at the publisher. */
function tinyModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'tiny');
  const flag = b.struct('Flag', AB.key, [['dummy_field', S.bool]]);
  b.fn('init_module', {
    visibility: 'private',
    params: [S.ref(S.signer)],
    code: [
      op.mv(0),
      op.ldFalse,
      { op: 'Pack', def: flag.def },
      { op: 'MoveTo', def: flag.def },
      op.ret,
    ],
  });
  return b.build();
}

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  me = short(owner.accountAddress.toString());
  tx = ownerTransactions(chain, owner);
  const published = await tx.publish('evc', evcModule(long(me)));
  if (!published.success) throw new Error(`publish failed: ${published.vm_status}`);
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

const evc = (name: string, functionArguments: unknown[] = []) =>
  tx.send({ function: `${long(me)}::evc::${name}`, functionArguments: functionArguments as never });

describe('event from Move', () => {
  it('makes an account event handle, emits on it and as a module event, reads it and destroys it', async () => {
    const before = await chain.aptos.getAccountResource<{ guid_creation_num: string }>({
      accountAddress: me,
      resourceType: '0x1::account::Account',
    });
    const done = await evc('handles');
    expect(done.vm_status).toBe('Executed successfully');
    expect(written(done, `${me}::evc::Out`).get(me)).toEqual({ counter: '1' });
    expect(written(done, '0x1::account::Account').get(me)?.guid_creation_num).toBe(
      (BigInt(before.guid_creation_num) + 1n).toString(),
    );
    // emit_event's event is on the handle (its GUID, number 0); emit's is a module event.
    const type = `${me}::evc::Ev`;
    const data = { dummy_field: false };
    expect(eventsOf(done, type)).toEqual([
      {
        guid: { creation_number: before.guid_creation_num, account_address: me },
        sequence_number: '0',
        type,
        data,
      },
      { guid: { creation_number: '0', account_address: '0x0' }, sequence_number: '0', type, data },
    ]);
  });
});

describe('timestamp from Move', () => {
  it('refuses update_global_time to any signer but the VM', async () => {
    expect((await evc('tick')).vm_status).toBe(
      'Move abort in 0x1::system_addresses: EVM(0x50002): The operation can only be performed by the VM',
    );
  });
});

describe('code from Move', () => {
  it('answers the upgrade policies', async () => {
    expect(await chain.aptos.view({ payload: { function: `${long(me)}::evc::policies` } })).toEqual(
      [true, false],
    );
  });

  it('publishes a package from Move code and runs its init_module', async () => {
    const done = await evc('deploy', [
      packageMetadata('tiny', ['tiny']),
      [writeModule(tinyModule(long(me)))],
    ]);
    expect(done.vm_status).toBe('Executed successfully');
    expect(written(done, `${me}::tiny::Flag`).get(me)).toEqual({ dummy_field: false });
    const registry = written(done, '0x1::code::PackageRegistry').get(me) as {
      packages: Array<{ name: string }>;
    };
    expect(registry.packages.map((p) => p.name)).toEqual(['evc', 'tiny']);
    expect(eventsOf(done, '0x1::code::PublishPackage').map((e) => e.data)).toEqual([
      { code_address: me, is_upgrade: false },
    ]);
    const module = await chain.rest(`/accounts/${long(me)}/module/tiny`);
    expect(module.status).toBe(200);
  });
});
