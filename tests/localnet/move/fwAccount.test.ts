import { type Account, Account as SdkAccount, Serializer } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bytecode, CompiledModule } from '../../../localnet/move/binary/types.ts';
import { writeModule } from '../../../localnet/move/binary/writer.ts';
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
  written,
} from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { packageMetadata } from './signedModules.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * `0x1::account` and `0x1::resource_account` from Move and as transactions, through the REST API
 * with the ts-sdk: resource accounts and their signer capabilities, a package published at a
 * resource account whose `init_module` retrieves its capability, signer capability offers with
 * their signed proof, and the aborts of account.move / resource_account.move.
 */
let chain: Chain;
let owner: Account;
let bob: Account;
let me: string;
let mine: ReturnType<typeof ownerTransactions>;
let bobs: ReturnType<typeof ownerTransactions>;

const ACCOUNT = '0x1::account::Account';
const ZERO_KEY = `0x${'0'.repeat(64)}`;
const utf8 = (text: string) => new TextEncoder().encode(text);
const resourceOf = (origin: string, seed: string) =>
  derived(addressBytes(origin), utf8(seed), Uint8Array.of(0xff));

/**
 * `ra`: `make(s, seed)` creates a resource account and keeps its capability in `Keep`;
 * `use_it(s)` marks the resource account through the capability; `act(s, offerer)` marks the
 * offerer through `create_authorized_signer`; `steal(s, source)` retrieves a capability.
 */
function raModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'ra');
  const cap = b.foreignStruct('0x1', 'account', 'SignerCapability', AB.drop | AB.store);
  const keep = b.struct('Keep', AB.key, [['cap', S.struct(cap)]]);
  const mark = b.struct('Mark', AB.key, [['dummy_field', S.bool]]);
  const signer = [S.ref(S.signer)];
  const addressOf = b.use('0x1', 'signer', 'address_of', signer, [S.address]);
  const create = b.use(
    '0x1',
    'account',
    'create_resource_account',
    [...signer, S.vec(S.u8)],
    [S.signer, S.struct(cap)],
  );
  const withCap = b.use(
    '0x1',
    'account',
    'create_signer_with_capability',
    [S.ref(S.struct(cap))],
    [S.signer],
  );
  const authorized = b.use(
    '0x1',
    'account',
    'create_authorized_signer',
    [...signer, S.address],
    [S.signer],
  );
  const retrieve = b.use(
    '0x1',
    'resource_account',
    'retrieve_resource_account_cap',
    [...signer, S.address],
    [S.struct(cap)],
  );
  const { mv, st, ref, call, pop, ret } = op;
  const markIt: Bytecode[] = [
    op.ldFalse,
    { op: 'Pack', def: mark.def },
    { op: 'MoveTo', def: mark.def },
  ];
  b.fn('make', {
    entry: true,
    params: [...signer, S.vec(S.u8)],
    locals: [S.struct(cap)],
    code: [
      op.cp(0),
      mv(1),
      call(create),
      st(2),
      pop,
      mv(0),
      mv(2),
      { op: 'Pack', def: keep.def },
      { op: 'MoveTo', def: keep.def },
      ret,
    ],
  });
  b.fn('use_it', {
    entry: true,
    params: signer,
    locals: [S.signer],
    acquires: [keep.def],
    code: [
      mv(0),
      call(addressOf),
      { op: 'ImmBorrowGlobal', def: keep.def },
      { op: 'ImmBorrowField', field: b.field(keep.def, 0) },
      call(withCap),
      st(1),
      ref(1),
      ...markIt,
      ret,
    ],
  });
  b.fn('act', {
    entry: true,
    params: [...signer, S.address],
    locals: [S.signer],
    code: [mv(0), mv(1), call(authorized), st(2), ref(2), ...markIt, ret],
  });
  b.fn('steal', {
    entry: true,
    params: [...signer, S.address],
    code: [mv(0), mv(1), call(retrieve), pop, ret],
  });
  return b.build();
}

/** `rpkg` at a resource account: `init_module` takes its capability from `origin`'s Container. */
function resourcePackage(address: string, origin: string): CompiledModule {
  const b = new ModuleBuilder(address, 'rpkg');
  const cap = b.foreignStruct('0x1', 'account', 'SignerCapability', AB.drop | AB.store);
  const held = b.struct('Cap', AB.key, [['cap', S.struct(cap)]]);
  const retrieve = b.use(
    '0x1',
    'resource_account',
    'retrieve_resource_account_cap',
    [S.ref(S.signer), S.address],
    [S.struct(cap)],
  );
  const from = b.constant(S.address, Array.from(addressBytes(origin)));
  b.fn('init_module', {
    visibility: 'private',
    params: [S.ref(S.signer)],
    code: [
      op.cp(0),
      op.mv(0),
      { op: 'LdConst', index: from },
      op.call(retrieve),
      { op: 'Pack', def: held.def },
      { op: 'MoveTo', def: held.def },
      op.ret,
    ],
  });
  return b.build();
}

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  bob = await fundedAccount(chain, 1_000_000_000);
  me = short(owner.accountAddress.toString());
  mine = ownerTransactions(chain, owner);
  bobs = ownerTransactions(chain, bob);
  const published = await mine.publish('ra', raModule(long(me)));
  if (!published.success) throw new Error(`publish failed: ${published.vm_status}`);
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

const ra = (tx: typeof mine, name: string, functionArguments: Array<string | Uint8Array>) =>
  tx.send({ function: `${long(me)}::ra::${name}`, functionArguments });
const view = (name: string, args: string[]) =>
  chain.aptos.view({
    payload: { function: `0x1::account::${name}`, functionArguments: args as never },
  });

describe('account: resource accounts and signer capabilities from Move', () => {
  it('creates a resource account (auth key zeroed, capability offered to itself) and signs with its capability', async () => {
    const made = await ra(mine, 'make', [utf8('ra-1')]);
    expect(made.vm_status).toBe('Executed successfully');
    const address = resourceOf(me, 'ra-1');
    expect(written(made, ACCOUNT).get(address)).toMatchObject({
      authentication_key: ZERO_KEY,
      sequence_number: '0',
      signer_capability_offer: { for: { vec: [address] } },
    });
    expect(written(made, `${me}::ra::Keep`).get(me)).toEqual({ cap: { account: address } });
    const used = await ra(mine, 'use_it', []);
    expect(used.vm_status).toBe('Executed successfully');
    expect(written(used, `${me}::ra::Mark`).get(address)).toEqual({ dummy_field: false });
    const again = await ra(mine, 'make', [utf8('ra-1')]);
    expect(again.vm_status).toBe(
      'Move abort in 0x1::account: ERESOURCE_ACCCOUNT_EXISTS(0x8000f): An attempt to create a resource account on a claimed account',
    );
  });

  it('takes over an unused account at the resource address', async () => {
    const address = resourceOf(short(bob.accountAddress.toString()), 'ra-4');
    const funded = await mine.send({
      function: '0x1::aptos_account::transfer',
      functionArguments: [long(address), 1],
    });
    expect(written(funded, ACCOUNT).get(address)?.authentication_key).toBe(long(address));
    const made = await ra(bobs, 'make', [utf8('ra-4')]);
    expect(made.vm_status).toBe('Executed successfully');
    expect(written(made, ACCOUNT).get(address)).toMatchObject({
      authentication_key: ZERO_KEY,
      signer_capability_offer: { for: { vec: [address] } },
    });
  });

  it('offers the signer capability with a signed proof; the recipient signs for the offerer until revoked', async () => {
    const bobAddress = short(bob.accountAddress.toString());
    const sequence = BigInt(
      (await chain.aptos.getAccountInfo({ accountAddress: me })).sequence_number,
    );
    // bcs(TypeInfo of SignerCapabilityOfferProofChallengeV2) ‖ bcs(challenge), as signature_verify_strict_t.
    const challenge = (sequenceNumber: bigint) => {
      const s = new Serializer();
      s.serializeFixedBytes(addressBytes('0x1'));
      s.serializeStr('account');
      s.serializeStr('SignerCapabilityOfferProofChallengeV2');
      s.serializeU64(sequenceNumber);
      s.serializeFixedBytes(addressBytes(me));
      s.serializeFixedBytes(addressBytes(bobAddress));
      return s.toUint8Array();
    };
    const offer = (sig: Uint8Array) =>
      mine.send({
        function: '0x1::account::offer_signer_capability',
        functionArguments: [sig, 0, owner.publicKey.toUint8Array(), long(bobAddress)],
      });
    const wrong = await offer(owner.sign(challenge(sequence + 7n)).toUint8Array());
    expect(wrong.vm_status).toMatch(
      /^Move abort in 0x1::account: EINVALID_PROOF_OF_KNOWLEDGE\(0x10008\)/,
    );
    // The failed transaction took a sequence number: the next one's challenge.
    const offered = await offer(owner.sign(challenge(sequence + 1n)).toUint8Array());
    expect(offered.vm_status).toBe('Executed successfully');
    expect(written(offered, ACCOUNT).get(me)?.signer_capability_offer).toEqual({
      for: { vec: [bobAddress] },
    });
    expect(await view('is_signer_capability_offered', [long(me)])).toEqual([true]);
    expect(await view('get_signer_capability_offer_for', [long(me)])).toEqual([bobAddress]);
    const acted = await ra(bobs, 'act', [long(me)]);
    expect(acted.vm_status).toBe('Executed successfully');
    expect(written(acted, `${me}::ra::Mark`).get(me)).toEqual({ dummy_field: false });
    const revoke = () =>
      mine.send({
        function: '0x1::account::revoke_signer_capability',
        functionArguments: [long(bobAddress)],
      });
    expect((await revoke()).vm_status).toBe('Executed successfully');
    expect(await view('is_signer_capability_offered', [long(me)])).toEqual([false]);
    expect((await revoke()).vm_status).toBe(
      "Move abort in 0x1::account: ENO_SUCH_SIGNER_CAPABILITY(0x6000e): The signer capability offer doesn't exist at the given address",
    );
    expect((await ra(bobs, 'act', [long(me)])).vm_status).toMatch(
      /^Move abort in 0x1::account: ENO_SUCH_SIGNER_CAPABILITY\(0x6000e\)/,
    );
  });

  it('rotates with proofs (KeyRotation, KeyRotationToPublicKey, OriginatingAddress) and through an offered rotation capability', async () => {
    const alice = await fundedAccount(chain, 100_000_000);
    const aliceAddress = short(alice.accountAddress.toString());
    const next = SdkAccount.generate();
    const rotated = await ownerTransactions(chain, alice).submit(
      await chain.aptos.rotateAuthKey({ fromAccount: alice, toAccount: next }),
    );
    expect(rotated.vm_status).toBe('Executed successfully');
    const oldKey = long(aliceAddress);
    const newKey = next.publicKey.authKey().toString();
    expect(eventsOf(rotated, '0x1::account::KeyRotation').map((e) => e.data)).toEqual([
      { account: aliceAddress, old_authentication_key: oldKey, new_authentication_key: newKey },
    ]);
    expect(eventsOf(rotated, '0x1::account::KeyRotationToPublicKey').map((e) => e.data)).toEqual([
      {
        account: aliceAddress,
        verified_public_key_bit_map: '0x80000000',
        public_key_scheme: 0,
        public_key: next.publicKey.toString(),
        old_auth_key: oldKey,
        new_auth_key: newKey,
      },
    ]);
    expect(await view('originating_address', [newKey])).toEqual([{ vec: [aliceAddress] }]);

    // Alice (now signing with `next`) offers her rotation capability to the owner, who rotates her key.
    const aliceNow = SdkAccount.fromPrivateKey({
      privateKey: next.privateKey,
      address: alice.accountAddress,
    });
    const sequence = BigInt(
      (await chain.aptos.getAccountInfo({ accountAddress: aliceAddress })).sequence_number,
    );
    const offer = new Serializer();
    offer.serializeFixedBytes(addressBytes('0x1'));
    offer.serializeStr('account');
    offer.serializeStr('RotationCapabilityOfferProofChallengeV2');
    offer.serializeU8(await chain.aptos.getChainId());
    offer.serializeU64(sequence);
    offer.serializeFixedBytes(addressBytes(aliceAddress));
    offer.serializeFixedBytes(addressBytes(me));
    const offered = await ownerTransactions(chain, aliceNow).send({
      function: '0x1::account::offer_rotation_capability',
      functionArguments: [
        aliceNow.sign(offer.toUint8Array()).toUint8Array(),
        0,
        next.publicKey.toUint8Array(),
        long(me),
      ],
    });
    expect(offered.vm_status).toBe('Executed successfully');
    expect(await view('get_rotation_capability_offer_for', [long(aliceAddress)])).toEqual([me]);
    const third = SdkAccount.generate();
    const proof = new Serializer();
    proof.serializeFixedBytes(addressBytes('0x1'));
    proof.serializeStr('account');
    proof.serializeStr('RotationProofChallenge');
    proof.serializeU64(
      BigInt((await chain.aptos.getAccountInfo({ accountAddress: me })).sequence_number),
    );
    proof.serializeFixedBytes(addressBytes(aliceAddress));
    proof.serializeFixedBytes(addressBytes(newKey));
    proof.serializeBytes(third.publicKey.toUint8Array());
    const delegated = await mine.send({
      function: '0x1::account::rotate_authentication_key_with_rotation_capability',
      functionArguments: [
        long(aliceAddress),
        0,
        third.publicKey.toUint8Array(),
        third.sign(proof.toUint8Array()).toUint8Array(),
      ],
    });
    expect(delegated.vm_status).toBe('Executed successfully');
    expect(written(delegated, ACCOUNT).get(aliceAddress)?.authentication_key).toBe(
      third.publicKey.authKey().toString(),
    );
    expect(await view('originating_address', [newKey])).toEqual([{ vec: [] }]);
    expect(await view('originating_address', [third.publicKey.authKey().toString()])).toEqual([
      { vec: [aliceAddress] },
    ]);
  });

  it('answers the account views with the default_account_resource feature on', async () => {
    const nobody = `0x${'c0ffee'.padStart(64, '0')}`;
    expect(await view('exists_at', [nobody])).toEqual([true]);
    expect(await view('get_sequence_number', [nobody])).toEqual(['0']);
    expect(await view('get_guid_next_creation_num', [nobody])).toEqual(['0']);
    expect(await view('is_rotation_capability_offered', [nobody])).toEqual([false]);
    expect(await view('originating_address', [nobody])).toEqual([{ vec: [] }]);
  });
});

describe('resource_account', () => {
  it('publishes a package at a resource account whose init_module retrieves the capability', async () => {
    const seed = 'pkg-1';
    const address = resourceOf(me, seed);
    const done = await mine.send({
      function: '0x1::resource_account::create_resource_account_and_publish_package',
      functionArguments: [
        utf8(seed),
        packageMetadata('rpkg', ['rpkg']),
        [writeModule(resourcePackage(long(address), long(me)))],
      ],
    });
    expect(done.vm_status).toBe('Executed successfully');
    expect(written(done, `${address}::rpkg::Cap`).get(address)).toEqual({
      cap: { account: address },
    });
    expect(written(done, ACCOUNT).get(address)?.authentication_key).toBe(ZERO_KEY);
    // The Container was created and emptied in the transaction: nothing of it is written.
    expect(written(done, '0x1::resource_account::Container').size).toBe(0);
    expect(deleted(done, '0x1::resource_account::Container')).toEqual([]);
    expect(eventsOf(done, '0x1::code::PublishPackage').map((e) => e.data)).toEqual([
      { code_address: address, is_upgrade: false },
    ]);
  });

  it('keeps the capability in the origin’s Container with the origin’s key, and guards retrieval', async () => {
    const address = resourceOf(me, 'ra-2');
    const done = await mine.send({
      function: '0x1::resource_account::create_resource_account',
      functionArguments: [utf8('ra-2'), new Uint8Array()],
    });
    expect(done.vm_status).toBe('Executed successfully');
    expect(written(done, '0x1::resource_account::Container').get(me)).toEqual({
      store: { data: [{ key: address, value: { account: address } }] },
    });
    const info = await chain.aptos.getAccountInfo({ accountAddress: me });
    expect(written(done, ACCOUNT).get(address)?.authentication_key).toBe(info.authentication_key);
    expect((await ra(mine, 'steal', [long(me)])).vm_status).toBe(
      'Move abort in 0x1::resource_account: EUNAUTHORIZED_NOT_OWNER(0x10002): The resource account was not created by the specified source account',
    );
    expect((await ra(mine, 'steal', [long(bob.accountAddress.toString())])).vm_status).toBe(
      'Move abort in 0x1::resource_account: ECONTAINER_NOT_PUBLISHED(0x60001): Container resource not found in account',
    );
  });

  it('funds a resource account from the origin', async () => {
    const address = resourceOf(me, 'ra-3');
    const done = await mine.send({
      function: '0x1::resource_account::create_resource_account_and_fund',
      functionArguments: [utf8('ra-3'), new Uint8Array(), 12_345],
    });
    expect(done.vm_status).toBe('Executed successfully');
    // The resource account's new primary store, owned by it, holds the amount.
    const stores = written(done, '0x1::fungible_asset::FungibleStore');
    const cores = written(done, '0x1::object::ObjectCore');
    const store = [...stores].find(([at]) => cores.get(at)?.owner === address);
    expect(store?.[1].balance).toBe('12345');
  });
});
