import type {
  Account,
  UserTransactionResponse,
  WriteSetChangeWriteResource,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * A framework function written once on the VM's own values (`NativeFunction.native`) answers the
 * same three ways a node's Move function does: as a transaction's entry function, as a `/view`,
 * and as a call from user bytecode — `object::burn` / `object::is_burnt` here, checked through the
 * REST API with the ts-sdk.
 */
let chain: Chain;
let owner: Account;
let stranger: Account;
let ownerTx: ReturnType<typeof ownerTransactions>;
let strangerTx: ReturnType<typeof ownerTransactions>;

const KEY = 8;
const CORE = '0x1::object::ObjectCore';

/** `make(s)`: a new object owned by `s`; `expect_burnt(obj, want)`: aborts 77 unless `is_burnt` is `want`. */
function probeModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'probe');
  const core = b.foreignStruct('0x1', 'object', 'ObjectCore', KEY);
  const object = b.foreignStruct('0x1', 'object', 'Object', 7, 1);
  const cref = b.foreignStruct('0x1', 'object', 'ConstructorRef', 2);
  const addressOf = b.use('0x1', 'signer', 'address_of', [S.ref(S.signer)], [S.address]);
  const create = b.use('0x1', 'object', 'create_object', [S.address], [S.struct(cref)]);
  const toObject = b.use(
    '0x1',
    'object',
    'address_to_object',
    [S.address],
    [S.struct(object, [S.param(0)])],
    1,
  );
  const isBurnt = b.use('0x1', 'object', 'is_burnt', [S.struct(object, [S.param(0)])], [S.bool], 1);
  const toCore = b.fnInst(toObject, [S.struct(core)]);
  const isBurntCore = b.fnInst(isBurnt, [S.struct(core)]);
  b.fn('make', {
    entry: true,
    params: [S.ref(S.signer)],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: addressOf },
      { op: 'Call', fn: create },
      { op: 'Pop' },
      { op: 'Ret' },
    ],
  });
  b.fn('expect_burnt', {
    entry: true,
    params: [S.address, S.bool],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'CallGeneric', fn: toCore },
      { op: 'CallGeneric', fn: isBurntCore },
      { op: 'MoveLoc', local: 1 },
      { op: 'Eq' },
      { op: 'BrTrue', offset: 8 },
      { op: 'LdU64', value: 77n },
      { op: 'Abort' },
      { op: 'Ret' },
    ],
  });
  return b.build();
}

/** The address of the object a transaction created (its `ObjectCore` write). */
function createdObject(done: UserTransactionResponse): string {
  const write = done.changes.find(
    (change) =>
      change.type === 'write_resource' &&
      (change as WriteSetChangeWriteResource).data.type === CORE,
  ) as WriteSetChangeWriteResource | undefined;
  if (write === undefined) throw new Error('no object was created');
  return write.address;
}

const isBurnt = async (object: string): Promise<boolean> => {
  const [burnt] = await chain.aptos.view<[boolean]>({
    payload: {
      function: '0x1::object::is_burnt',
      typeArguments: [CORE],
      functionArguments: [object],
    },
  });
  return burnt;
};

const burn = (tx: typeof ownerTx, object: string) =>
  tx.send({ function: '0x1::object::burn', typeArguments: [CORE], functionArguments: [object] });

const expectBurnt = (object: string, want: boolean) =>
  ownerTx.send({
    function: `${owner.accountAddress.toString()}::probe::expect_burnt`,
    functionArguments: [object, want],
  });

let object: string;

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  stranger = await fundedAccount(chain, 1_000_000_000);
  ownerTx = ownerTransactions(chain, owner);
  strangerTx = ownerTransactions(chain, stranger);
  const published = await ownerTx.publish(
    'probe',
    probeModule(owner.accountAddress.toStringLong()),
  );
  if (!published.success) throw new Error(`publish failed: ${published.vm_status}`);
  const made = await ownerTx.send({
    function: `${owner.accountAddress.toString()}::probe::make`,
    functionArguments: [],
  });
  object = createdObject(made);
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

describe('a framework function on the VM’s values', () => {
  it('answers /view before and after, and bytecode sees the same answer', async () => {
    expect(await isBurnt(object)).toBe(false);
    expect((await expectBurnt(object, false)).success).toBe(true);
    const wrong = await expectBurnt(object, true);
    expect(wrong.vm_status).toMatch(/^Move abort in 0x[0-9a-f]+::probe: 0x4d/);
  });

  it('refuses a burn by someone who does not own the object, as object.move does', async () => {
    const done = await burn(strangerTx, object);
    expect(done.success).toBe(false);
    expect(done.vm_status).toBe(
      'Move abort in 0x1::object: ENOT_OBJECT_OWNER(0x50004): The caller does not have ownership permissions',
    );
    expect(await isBurnt(object)).toBe(false);
  });

  it('runs as a transaction’s entry function: a TombStone with the original owner', async () => {
    const done = await burn(ownerTx, object);
    expect(done.success, done.vm_status).toBe(true);
    const tomb = done.changes.find(
      (change) =>
        change.type === 'write_resource' &&
        (change as WriteSetChangeWriteResource).data.type === '0x1::object::TombStone',
    ) as WriteSetChangeWriteResource | undefined;
    expect(tomb?.address).toBe(object);
    // Move values print an address without its leading zeros.
    const original = owner.accountAddress.toStringLong().replace(/^0x0+/, '0x');
    expect(tomb?.data.data).toEqual({ original_owner: original });
    expect(await isBurnt(object)).toBe(true);
    expect((await expectBurnt(object, true)).success).toBe(true);
  });

  it('aborts a second burn with the bare code object.move uses', async () => {
    const done = await burn(ownerTx, object);
    expect(done.success).toBe(false);
    expect(done.vm_status).toBe(
      'Move abort in 0x1::object: EOBJECT_ALREADY_BURNT(0xa): Cannot burn an object that is already burnt.',
    );
  });

  it('answers a missing object with the framework’s not-found abort', async () => {
    const nowhere = `0x${'e'.repeat(64)}`;
    const done = await burn(ownerTx, nowhere);
    expect(done.vm_status).toBe(
      'Move abort in 0x1::object: EOBJECT_DOES_NOT_EXIST(0x60002): An object does not exist at this address',
    );
  });
});
