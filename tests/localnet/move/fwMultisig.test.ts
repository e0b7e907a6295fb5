import type { Account } from '@aptos-labs/ts-sdk';
import { Serializer } from '@aptos-labs/ts-sdk';
import { CHAIN_ID } from '../../../localnet/framework/genesis.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { AB, addressBytes, op, short, written } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * multisig_account's functions on the VM's values, through the REST API with the ts-sdk, as
 * multisig_account.move answers: the views returning its structs, an existing account made a
 * multisig by its own signer, the timelock functions with the MULTISIG_TIMELOCK feature off
 * (this chain's genesis, as devnet's): no timelock can be set, so the views answer 0 and none;
 * the order of the source's checks; and its public functions called from published bytecode.
 */
let chain: Chain;
let owner: Account;
let me: string;
let mine: ReturnType<typeof ownerTransactions>;
type Fn = `${string}::${string}::${string}`;
const ms = (name: string): Fn => `0x1::multisig_account::${name}`;
const NOT_ENABLED =
  'Move abort in 0x1::multisig_account: ETIMELOCK_NOT_ENABLED(0xd0019): Feature flag for multisig timelock is not enabled.';

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain);
  me = owner.accountAddress.toString();
  mine = ownerTransactions(chain, owner);
}, 60_000);

afterAll(async () => {
  await chain.localnet.stop();
});

describe("the views returning structs, on the VM's values", () => {
  const view = (name: string, args: Array<string | number>) =>
    chain.aptos.view({ payload: { function: ms(name), functionArguments: args } });

  it('metadata is the SimpleMap; get_transaction checks the sequence number', async () => {
    const [next] = await view('get_next_multisig_account_address', [me]);
    const created = await mine.send({
      function: ms('create_with_owners'),
      functionArguments: [[], 1, ['k'], [new Uint8Array([1])]],
    });
    expect(created.success, created.vm_status).toBe(true);
    expect(await view('metadata', [next as string])).toEqual([
      { data: [{ key: 'k', value: '0x01' }] },
    ]);
    expect(await view('get_pending_transactions', [next as string])).toEqual([[]]);
    await expect(view('get_transaction', [next as string, 1])).rejects.toThrow(
      /EINVALID_SEQUENCE_NUMBER\(0x10011\)/,
    );
    await expect(view('metadata', [me])).rejects.toThrow(/MISSING_DATA/);
  });
});

describe('an existing account made a multisig account by its own signer', () => {
  it('create_with_existing_account_call: the owners as given, no signer capability, the key kept', async () => {
    const account = await fundedAccount(chain);
    const address = account.accountAddress.toString();
    const theirs = ownerTransactions(chain, account);
    const tooMany = await theirs.send({
      function: ms('create_with_existing_account_call'),
      functionArguments: [[me], 2, [], []],
    });
    expect(tooMany.vm_status).toMatch(/EINVALID_SIGNATURES_REQUIRED\(0x1000b\)/);
    const done = await theirs.send({
      function: ms('create_with_existing_account_call'),
      functionArguments: [[me], 1, [], []],
    });
    expect(done.success, done.vm_status).toBe(true);
    const multisig = written(done, '0x1::multisig_account::MultisigAccount').get(short(address));
    expect(multisig).toMatchObject({
      owners: [short(me)],
      num_signatures_required: '1',
      signer_cap: { vec: [] },
    });
    const key = written(done, '0x1::account::Account').get(short(address))?.['authentication_key'];
    expect(key).toBe(account.publicKey.authKey().toString());
  });

  it('create_with_existing_account_and_revoke_auth_key_call zeroes the key', async () => {
    const account = await fundedAccount(chain);
    const address = account.accountAddress.toString();
    const done = await ownerTransactions(chain, account).send({
      function: ms('create_with_existing_account_and_revoke_auth_key_call'),
      functionArguments: [[me], 1, [], []],
    });
    expect(done.success, done.vm_status).toBe(true);
    expect(written(done, '0x1::account::Account').get(short(address))).toMatchObject({
      authentication_key: `0x${'0'.repeat(64)}`,
      signer_capability_offer: { for: { vec: [] } },
    });
    expect(
      await chain.aptos.view({ payload: { function: ms('owners'), functionArguments: [address] } }),
    ).toEqual([[short(me)]]);
  });
});

describe("an existing account made a multisig account with its key's signature", () => {
  /** bcs(TypeInfo of the message) ‖ bcs(message), as account::verify_signed_message checks it. */
  const message = (
    name: string,
    address: string,
    sequence: bigint,
    owners: string[],
    required: bigint,
  ) => {
    const s = new Serializer();
    s.serializeFixedBytes(addressBytes('0x1'));
    s.serializeStr('multisig_account');
    s.serializeStr(name);
    s.serializeU8(CHAIN_ID);
    s.serializeFixedBytes(addressBytes(address));
    s.serializeU64(sequence);
    s.serializeU32AsUleb128(owners.length);
    for (const owner of owners) s.serializeFixedBytes(addressBytes(owner));
    s.serializeU64(required);
    return s.toUint8Array();
  };

  it('create_with_existing_account: a wrong signature is EINVALID_PROOF_OF_KNOWLEDGE, the right one makes it', async () => {
    const account = await fundedAccount(chain);
    const address = account.accountAddress.toString();
    const sequence = BigInt(
      (await chain.aptos.getAccountInfo({ accountAddress: address })).sequence_number,
    );
    const send = (signed: Uint8Array) =>
      mine.send({
        function: ms('create_with_existing_account'),
        functionArguments: [address, [me], 1, 0, account.publicKey.toUint8Array(), signed, [], []],
      });
    const wrong = await send(
      account
        .sign(message('MultisigAccountCreationMessage', address, sequence + 1n, [me], 1n))
        .toUint8Array(),
    );
    expect(wrong.vm_status).toMatch(/EINVALID_PROOF_OF_KNOWLEDGE\(0x10008\)/);
    const done = await send(
      account
        .sign(message('MultisigAccountCreationMessage', address, sequence, [me], 1n))
        .toUint8Array(),
    );
    expect(done.success, done.vm_status).toBe(true);
    expect(
      written(done, '0x1::multisig_account::MultisigAccount').get(short(address)),
    ).toMatchObject({
      owners: [short(me)],
      signer_cap: { vec: [] },
    });
  });

  it('create_with_existing_account_and_revoke_auth_key signs its own message and zeroes the key', async () => {
    const account = await fundedAccount(chain);
    const address = account.accountAddress.toString();
    const sequence = BigInt(
      (await chain.aptos.getAccountInfo({ accountAddress: address })).sequence_number,
    );
    const signed = account
      .sign(
        message('MultisigAccountCreationWithAuthKeyRevocationMessage', address, sequence, [me], 1n),
      )
      .toUint8Array();
    const done = await mine.send({
      function: ms('create_with_existing_account_and_revoke_auth_key'),
      functionArguments: [address, [me], 1, 0, account.publicKey.toUint8Array(), signed, [], []],
    });
    expect(done.success, done.vm_status).toBe(true);
    expect(written(done, '0x1::account::Account').get(short(address))).toMatchObject({
      authentication_key: `0x${'0'.repeat(64)}`,
    });
  });
});

describe('multisig timelock with the feature off', () => {
  it('the views: 0 and none', async () => {
    const view = (name: string) =>
      chain.aptos.view({ payload: { function: ms(name), functionArguments: [me] } });
    expect(await view('timelock_period')).toEqual(['0']);
    expect(await view('timelock_override_threshold')).toEqual([{ vec: [] }]);
  });

  it('creating or setting a timelock is ETIMELOCK_NOT_ENABLED; removing one needs a multisig account', async () => {
    const create = await mine.send({
      function: ms('create_with_owners_and_timelock'),
      functionArguments: [[], 1, [], [], 3600, undefined],
    });
    expect(create.vm_status).toBe(NOT_ENABLED);
    const upsert = await mine.send({
      function: ms('upsert_timelock'),
      functionArguments: [3600, undefined],
    });
    expect(upsert.vm_status).toBe(NOT_ENABLED);
    const remove = await mine.send({ function: ms('remove_timelock'), functionArguments: [] });
    expect(remove.vm_status).toMatch(/EACCOUNT_NOT_MULTISIG\(0x307d2\)/);
  });
});

describe("the source's order of checks", () => {
  it('update_metadata checks the key and value counts before the account (ENUMBER_… on a plain account)', async () => {
    const done = await mine.send({
      function: ms('update_metadata'),
      functionArguments: [['a', 'b'], [new Uint8Array([1])]],
    });
    expect(done.vm_status).toMatch(/ENUMBER_OF_METADATA_KEYS_AND_VALUES_DONT_MATCH\(0x1000f\)/);
  });

  it('execute_rejected_transactions reads the account with borrow_global: MISSING_DATA on a plain account', async () => {
    const done = await mine.send({
      function: ms('execute_rejected_transactions'),
      functionArguments: [me, 1],
    });
    expect(done.success).toBe(false);
    expect(done.vm_status).toMatch(/MISSING_DATA/);
  });

  it('making an account multisig twice is RESOURCE_ALREADY_EXISTS (move_to), the first one kept', async () => {
    const account = await fundedAccount(chain);
    const theirs = ownerTransactions(chain, account);
    const make = (required: number) =>
      theirs.send({
        function: ms('create_with_existing_account_call'),
        functionArguments: [[me], required, [], []],
      });
    expect((await make(1)).success).toBe(true);
    const again = await make(1);
    expect(again.success).toBe(false);
    expect(again.vm_status).toMatch(/RESOURCE_ALREADY_EXISTS/);
  });
});

/**
 * `msuse`: `make(s, owners, keys, values)` is `create_with_owners(s, owners, 1, keys, values)`,
 * `propose(s, multisig, payload)` is `create_transaction`, and the views `threshold(multisig)` and
 * `next(multisig)` return `num_signatures_required` and `next_sequence_number`.
 */
function msuseModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'msuse');
  const text = b.foreignStruct('0x1', 'string', 'String', AB.copy | AB.drop | AB.store);
  const [signer, owners, keys, values] = [
    S.ref(S.signer),
    S.vec(S.address),
    S.vec(S.struct(text)),
    S.vec(S.vec(S.u8)),
  ];
  const create = b.use(
    '0x1',
    'multisig_account',
    'create_with_owners',
    [signer, owners, S.u64, keys, values],
    [],
  );
  const propose = b.use(
    '0x1',
    'multisig_account',
    'create_transaction',
    [signer, S.address, S.vec(S.u8)],
    [],
  );
  const threshold = b.use(
    '0x1',
    'multisig_account',
    'num_signatures_required',
    [S.address],
    [S.u64],
  );
  const next = b.use('0x1', 'multisig_account', 'next_sequence_number', [S.address], [S.u64]);
  b.fn('make', {
    entry: true,
    params: [signer, owners, keys, values],
    code: [op.mv(0), op.mv(1), op.u64(1n), op.mv(2), op.mv(3), op.call(create), op.ret],
  });
  b.fn('propose', {
    entry: true,
    params: [signer, S.address, S.vec(S.u8)],
    code: [op.mv(0), op.mv(1), op.mv(2), op.call(propose), op.ret],
  });
  for (const [name, callee] of [
    ['threshold', threshold],
    ['next', next],
  ] as const) {
    b.fn(name, {
      view: true,
      params: [S.address],
      returns: [S.u64],
      code: [op.mv(0), op.call(callee), op.ret],
    });
  }
  return b.build();
}

describe('multisig_account from published bytecode', () => {
  it('a module creates a multisig account and a transaction through the natives; its views read them', async () => {
    const account = await fundedAccount(chain);
    const address = account.accountAddress.toStringLong();
    const theirs = ownerTransactions(chain, account);
    const published = await theirs.publish('msuse', msuseModule(address));
    expect(published.success, published.vm_status).toBe(true);
    const [multisig] = (await chain.aptos.view({
      payload: {
        function: ms('get_next_multisig_account_address'),
        functionArguments: [address],
      },
    })) as [string];
    const fn = (name: string): Fn => `${address}::msuse::${name}`;
    const made = await theirs.send({
      function: fn('make'),
      functionArguments: [[me], ['k'], [new Uint8Array([7])]],
    });
    expect(made.success, made.vm_status).toBe(true);
    expect(written(made, '0x1::multisig_account::MultisigAccount').get(multisig)).toMatchObject({
      owners: [short(me), short(address)],
      num_signatures_required: '1',
      metadata: { data: [{ key: 'k', value: '0x07' }] },
    });
    const view = (name: string) =>
      chain.aptos.view({ payload: { function: fn(name), functionArguments: [multisig] } });
    expect(await view('threshold')).toEqual(['1']);
    const proposed = await theirs.send({
      function: fn('propose'),
      functionArguments: [multisig, new Uint8Array([1, 2, 3])],
    });
    expect(proposed.success, proposed.vm_status).toBe(true);
    expect(
      proposed.events
        .filter((event) => event.type.startsWith('0x1::multisig_account::'))
        .map((event) => [event.type, event.data as Record<string, unknown>]),
    ).toMatchObject([
      [
        '0x1::multisig_account::CreateTransaction',
        { multisig_account: multisig, creator: short(address), sequence_number: '1' },
      ],
    ]);
    expect(await view('next')).toEqual(['2']);
    // The native's abort reaches the caller as the framework's: an empty payload.
    const empty = await theirs.send({ function: fn('propose'), functionArguments: [multisig, []] });
    expect(empty.vm_status).toMatch(/EPAYLOAD_CANNOT_BE_EMPTY\(0x10004\)/);
  });
});
