import {
  type Account,
  AccountAddress,
  type UserTransactionResponse,
  type WriteSetChangeWriteResource,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../../localnet/move/binary/reader.ts';
import type {
  Bytecode,
  CompiledModule,
  CompiledScript,
} from '../../../localnet/move/binary/types.ts';
import { writeModule, writeScript } from '../../../localnet/move/binary/writer.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { packageMetadata } from './signedModules.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * Bytecode calling into the native framework (`localnet/framework/vmBridge.ts`) as a node's
 * framework answers, through the REST API with the ts-sdk: only `public` framework functions link
 * (a private `entry` function is `LOOKUP_FAILED`, at publishing for a module and before running
 * for a script), `object::create_object` leaves ungated transfers on, and `object::transfer` makes
 * `object.move`'s checks (ungated transfer, ownership through a chain of objects).
 */
let chain: Chain;
let owner: Account;
let me: string;
let send: ReturnType<typeof ownerTransactions>['send'];
let publish: ReturnType<typeof ownerTransactions>['publish'];
let submit: ReturnType<typeof ownerTransactions>['submit'];

const RET: Bytecode = { op: 'Ret' };
const KEY = 8;
const long = (address: string): string => AccountAddress.from(address).toStringLong();
const BOB = `0x${'b0b'.padStart(64, '0')}`;

/** The `ObjectCore`s a transaction wrote, by object address. */
function objectCores(done: UserTransactionResponse): Map<string, Record<string, unknown>> {
  const cores = new Map<string, Record<string, unknown>>();
  for (const change of done.changes) {
    const write = change as WriteSetChangeWriteResource;
    if (write.type === 'write_resource' && write.data.type === '0x1::object::ObjectCore') {
      cores.set(write.address, write.data.data as Record<string, unknown>);
    }
  }
  return cores;
}

/**
 * `objects`: `make(s)` creates an object owned by `s`; `nested(s, to)` creates A owned by `s` and
 * B owned by A, then transfers B with `s`'s signer; `move_it(s, obj, to)` is
 * `object::transfer<ObjectCore>(s, address_to_object(obj), to)`.
 */
function objectsModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'objects');
  const core = b.foreignStruct('0x1', 'object', 'ObjectCore', KEY);
  const object = b.foreignStruct('0x1', 'object', 'Object', 7, 1);
  const cref = b.foreignStruct('0x1', 'object', 'ConstructorRef', 2);
  const addressOf = b.use('0x1', 'signer', 'address_of', [S.ref(S.signer)], [S.address]);
  const create = b.use('0x1', 'object', 'create_object', [S.address], [S.struct(cref)]);
  const refAddress = b.use(
    '0x1',
    'object',
    'address_from_constructor_ref',
    [S.ref(S.struct(cref))],
    [S.address],
  );
  const toObject = b.use(
    '0x1',
    'object',
    'address_to_object',
    [S.address],
    [S.struct(object, [S.param(0)])],
    1,
  );
  const transfer = b.use(
    '0x1',
    'object',
    'transfer',
    [S.ref(S.signer), S.struct(object, [S.param(0)]), S.address],
    [],
    1,
  );
  const toCore = b.fnInst(toObject, [S.struct(core)]);
  const transferCore = b.fnInst(transfer, [S.struct(core)]);
  b.fn('make', {
    entry: true,
    params: [S.ref(S.signer)],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: addressOf },
      { op: 'Call', fn: create },
      { op: 'Pop' },
      RET,
    ],
  });
  b.fn('nested', {
    entry: true,
    params: [S.ref(S.signer), S.address],
    locals: [S.struct(cref), S.address],
    code: [
      // A, owned by the signer; B, owned by A.
      { op: 'CopyLoc', local: 0 },
      { op: 'Call', fn: addressOf },
      { op: 'Call', fn: create },
      { op: 'StLoc', local: 2 },
      { op: 'ImmBorrowLoc', local: 2 },
      { op: 'Call', fn: refAddress },
      { op: 'Call', fn: create },
      { op: 'StLoc', local: 2 },
      { op: 'ImmBorrowLoc', local: 2 },
      { op: 'Call', fn: refAddress },
      { op: 'StLoc', local: 3 },
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 3 },
      { op: 'CallGeneric', fn: toCore },
      { op: 'MoveLoc', local: 1 },
      { op: 'CallGeneric', fn: transferCore },
      RET,
    ],
  });
  b.fn('move_it', {
    entry: true,
    params: [S.ref(S.signer), S.address, S.address],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 1 },
      { op: 'CallGeneric', fn: toCore },
      { op: 'MoveLoc', local: 2 },
      { op: 'CallGeneric', fn: transferCore },
      RET,
    ],
  });
  return b.build();
}

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  me = owner.accountAddress.toString();
  ({ send, publish, submit } = ownerTransactions(chain, owner));
  const published = await publish('objects', objectsModule(owner.accountAddress.toStringLong()));
  if (!published.success) throw new Error(`publish failed: ${published.vm_status}`);
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

describe('visibility of framework functions', () => {
  // `0x1::multisig_account::add_owner` is `entry fun` (private): a transaction's, not a caller's.
  it('refuses a module calling a private entry function of the framework with LOOKUP_FAILED', async () => {
    const b = new ModuleBuilder(owner.accountAddress.toStringLong(), 'sneaky');
    const addOwner = b.use(
      '0x1',
      'multisig_account',
      'add_owner',
      [S.ref(S.signer), S.address],
      [],
    );
    b.fn('add', {
      entry: true,
      params: [S.ref(S.signer), S.address],
      code: [
        { op: 'MoveLoc', local: 0 },
        { op: 'MoveLoc', local: 1 },
        { op: 'Call', fn: addOwner },
        RET,
      ],
    });
    const done = await publish('sneaky', b.build());
    expect(done.success).toBe(false);
    expect(done.vm_status).toBe('LOOKUP_FAILED');
    expect((await chain.rest(`/accounts/${me}/module/sneaky`)).status, 'nothing stored').toBe(404);
  });

  it('refuses a script calling it with LOOKUP_FAILED before running it', async () => {
    const script: CompiledScript = {
      kind: 'script',
      version: 7,
      moduleHandles: [{ address: 0, name: 0 }],
      structHandles: [],
      functionHandles: [
        {
          module: 0,
          name: 1,
          parameters: 1,
          returns: 0,
          typeParameters: [],
          accessSpecifiers: null,
          attributes: [],
        },
      ],
      functionInstantiations: [],
      signatures: [[], [S.ref(S.signer), S.address]],
      identifiers: ['multisig_account', 'add_owner'],
      addressIdentifiers: [long('0x1')],
      constantPool: [],
      metadata: [],
      typeParameters: [],
      parameters: 1,
      accessSpecifiers: null,
      code: {
        locals: 0,
        code: [
          { op: 'MoveLoc', local: 0 },
          { op: 'MoveLoc', local: 1 },
          { op: 'Call', fn: 0 },
          RET,
        ],
      },
    };
    const done = await send({
      bytecode: bytesToHex(writeScript(script)),
      functionArguments: [AccountAddress.from(BOB)],
    });
    expect(done.success).toBe(false);
    expect(done.vm_status).toBe('LOOKUP_FAILED');
  });
});

/** A module whose `f` calls `lib::name(): u64` and drops the result. */
function caller(module: string, name: string): CompiledModule {
  const b = new ModuleBuilder(owner.accountAddress.toStringLong(), module);
  const callee = b.use(owner.accountAddress.toStringLong(), 'lib', name, [], [S.u64]);
  b.fn('f', { code: [{ op: 'Call', fn: callee }, { op: 'Pop' }, RET] });
  return b.build();
}

describe('visibility of published functions', () => {
  beforeAll(async () => {
    // `lib`: private `secret`, `public(friend)` `chum` with `pal` its friend, in one package.
    const address = owner.accountAddress.toStringLong();
    const b = new ModuleBuilder(address, 'lib');
    const one: Bytecode[] = [{ op: 'LdU64', value: 1n }, RET];
    b.fn('secret', { visibility: 'private', returns: [S.u64], code: one });
    b.fn('chum', { visibility: 'friend', returns: [S.u64], code: one });
    const lib: CompiledModule = {
      ...b.build(),
      friendDecls: [{ address: b.addr(address), name: b.ident('pal') }],
    };
    const done = await submit(
      await chain.aptos.publishPackageTransaction({
        account: owner.accountAddress,
        metadataBytes: packageMetadata('friends', ['lib', 'pal']),
        moduleBytecode: [lib, caller('pal', 'chum')].map((m) => bytesToHex(writeModule(m))),
      }),
    );
    expect(done.vm_status, 'a friend calls a friend function').toBe('Executed successfully');
  });

  it('refuses a module calling a private, a friend (not its friend) or an absent function with LOOKUP_FAILED', async () => {
    for (const name of ['secret', 'chum', 'absent']) {
      const done = await publish('stranger', caller('stranger', name));
      expect(done.vm_status, name).toBe('LOOKUP_FAILED');
    }
    expect((await chain.rest(`/accounts/${me}/module/stranger`)).status).toBe(404);
  });
});

describe('object::create_object and object::transfer from bytecode', () => {
  it('creates an object with ungated transfers on, as create_object_internal does', async () => {
    const done = await send({ function: `${me}::objects::make`, functionArguments: [] });
    expect(done.vm_status).toBe('Executed successfully');
    const cores = [...objectCores(done).values()];
    expect(cores).toHaveLength(1);
    // Move values print addresses without leading zeros: compare the long forms.
    expect(long(String(cores[0]?.owner))).toBe(long(me));
    expect(cores[0]?.allow_ungated_transfer).toBe(true);
  });

  it('transfers an object the signer owns through another object', async () => {
    const done = await send({ function: `${me}::objects::nested`, functionArguments: [BOB] });
    expect(done.vm_status).toBe('Executed successfully');
    const moved = [...objectCores(done).values()].filter((core) => core.owner === '0xb0b');
    expect(moved).toHaveLength(1);
  });

  it('aborts with ENO_UNGATED_TRANSFERS on an object whose ungated transfer is off', async () => {
    const collection = 'Bridge Collection';
    const created = await submit(
      await chain.aptos.createCollectionTransaction({
        creator: owner,
        description: 'bridge test',
        name: collection,
        uri: 'https://example.com/c',
      }),
    );
    expect(created.success).toBe(true);
    const minted = await submit(
      await chain.aptos.mintDigitalAssetTransaction({
        creator: owner,
        collection,
        description: 'frozen',
        name: 'Frozen',
        uri: 'https://example.com/1',
      }),
    );
    expect(minted.success).toBe(true);
    const token =
      [...objectCores(minted).keys()].find((address) => long(address) !== long(me)) ?? '';
    const frozen = await send({
      function: '0x4::aptos_token::freeze_transfer',
      typeArguments: ['0x4::token::Token'],
      functionArguments: [token],
    });
    expect(frozen.vm_status).toBe('Executed successfully');
    const done = await send({
      function: `${me}::objects::move_it`,
      functionArguments: [token, BOB],
    });
    expect(done.success).toBe(false);
    expect(done.vm_status).toBe(
      'Move abort in 0x1::object: ENO_UNGATED_TRANSFERS(0x50003): The object does not have ungated transfers enabled',
    );
  });
});
