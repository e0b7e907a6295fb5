import { readFileSync } from 'node:fs';
import {
  Account,
  AccountAddress,
  parseTypeTag,
  U64,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import { shortAddress } from '../../../localnet/encoding.ts';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { setModuleSource } from '../../../localnet/move/vm/moduleSource.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * Bytecode on the running chain: entry functions through the executor (committed and simulated),
 * a call into the native `coin::transfer`, an abort with its error name, out of gas, and `/view`.
 * Modules come from a test source (publishing through `0x1::code` is the reader's side).
 */
const published = new Map<string, CompiledModule>();

/** `module pay { entry fun pay(s, to, amount) { coin::transfer<AptosCoin>(s, to, amount); … } }` */
function payModule(address: LongAddress): CompiledModule {
  const b = new ModuleBuilder(address, 'pay');
  const aptosCoin = b.foreignStruct('0x1', 'aptos_coin', 'AptosCoin', 8);
  const transfer = b.use('0x1', 'coin', 'transfer', [S.ref(S.signer), S.address, S.u64], [], 1);
  const balance = b.use('0x1', 'coin', 'balance', [S.address], [S.u64], 1);
  const apt = [S.struct(aptosCoin)];
  const paid = b.struct('Paid', 2 | 4, [
    ['to', S.address],
    ['amount', S.u64],
  ]);
  const emit = b.use('0x1', 'event', 'emit', [S.param(0)], [], 1);
  b.error(2n, 'E_ZERO', 'Nothing to pay');
  b.fn('pay', {
    entry: true,
    params: [S.ref(S.signer), S.address, S.u64],
    code: [
      { op: 'CopyLoc', local: 2 },
      { op: 'LdU64', value: 0n },
      { op: 'Eq' },
      { op: 'BrFalse', offset: 6 },
      { op: 'LdU64', value: 0x10002n },
      { op: 'Abort' },
      { op: 'MoveLoc', local: 0 },
      { op: 'CopyLoc', local: 1 },
      { op: 'CopyLoc', local: 2 },
      { op: 'CallGeneric', fn: b.fnInst(transfer, apt) },
      { op: 'MoveLoc', local: 1 },
      { op: 'MoveLoc', local: 2 },
      { op: 'Pack', def: paid.def },
      { op: 'CallGeneric', fn: b.fnInst(emit, [S.struct(paid.handle)]) },
      { op: 'Ret' },
    ],
  });
  b.fn('spin', { entry: true, params: [S.ref(S.signer)], code: [{ op: 'Branch', offset: 0 }] });
  b.fn('balance_of', {
    view: true,
    params: [S.address],
    returns: [S.u64],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'CallGeneric', fn: b.fnInst(balance, apt) },
      { op: 'Ret' },
    ],
  });
  return b.build();
}

/** `module book { struct Book has key { entries: Table<u64, address> } entry fun init(s, key) }` */
function bookModule(address: LongAddress): CompiledModule {
  const b = new ModuleBuilder(address, 'book');
  const table = b.foreignStruct('0x1', 'table', 'Table', 4, 2);
  const book = b.struct('Book', 8, [['entries', S.struct(table, [S.u64, S.address])]]);
  const generic = S.struct(table, [S.param(0), S.param(1)]);
  const newTable = b.use('0x1', 'table', 'new', [], [generic], 2);
  const add = b.use('0x1', 'table', 'add', [S.mut(generic), S.param(0), S.param(1)], [], 2);
  const addressOf = b.use('0x1', 'signer', 'address_of', [S.ref(S.signer)], [S.address]);
  b.fn('init', {
    entry: true,
    params: [S.ref(S.signer), S.u64],
    locals: [S.struct(book.handle)],
    code: [
      { op: 'CallGeneric', fn: b.fnInst(newTable, [S.u64, S.address]) },
      { op: 'Pack', def: book.def },
      { op: 'StLoc', local: 2 },
      { op: 'MutBorrowLoc', local: 2 },
      { op: 'MutBorrowField', field: b.field(book.def, 0) },
      { op: 'MoveLoc', local: 1 },
      { op: 'CopyLoc', local: 0 },
      { op: 'Call', fn: addressOf },
      { op: 'CallGeneric', fn: b.fnInst(add, [S.u64, S.address]) },
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 2 },
      { op: 'MoveTo', def: book.def },
      { op: 'Ret' },
    ],
  });
  return b.build();
}

/**
 * `module gallery { entry fun open(s: &signer, name: vector<u8>) {
 *   aptos_token::create_collection(s, utf8(b"d"), 10, utf8(name), utf8(b"u"), true ×9, 0, 1) } }`:
 * a call from bytecode into the native `0x4` framework, `0x1::string::String` arguments included.
 */
function galleryModule(address: LongAddress): CompiledModule {
  const b = new ModuleBuilder(address, 'gallery');
  const str = S.struct(b.foreignStruct('0x1', 'string', 'String', 1 | 2 | 4));
  const utf8 = b.use('0x1', 'string', 'utf8', [S.vec(S.u8)], [str]);
  const create = b.use(
    '0x4',
    'aptos_token',
    'create_collection',
    [S.ref(S.signer), str, S.u64, str, str, ...Array<typeof S.bool>(9).fill(S.bool), S.u64, S.u64],
    [],
  );
  const description = b.constant(S.vec(S.u8), [1, 0x64]);
  const uri = b.constant(S.vec(S.u8), [1, 0x75]);
  b.fn('open', {
    entry: true,
    params: [S.ref(S.signer), S.vec(S.u8)],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'LdConst', index: description },
      { op: 'Call', fn: utf8 },
      { op: 'LdU64', value: 10n },
      { op: 'MoveLoc', local: 1 },
      { op: 'Call', fn: utf8 },
      { op: 'LdConst', index: uri },
      { op: 'Call', fn: utf8 },
      ...Array.from({ length: 9 }, () => ({ op: 'LdTrue' }) as const),
      { op: 'LdU64', value: 0n },
      { op: 'LdU64', value: 1n },
      { op: 'Call', fn: create },
      { op: 'Ret' },
    ],
  });
  return b.build();
}

const ABI = {
  pay: { typeParameters: [], parameters: [parseTypeTag('address'), parseTypeTag('u64')] },
  spin: { typeParameters: [], parameters: [] },
};

describe('Move VM on the chain', () => {
  let chain: Chain;
  let owner: Account;

  beforeAll(async () => {
    setModuleSource((_state, address, name) => published.get(`${address}::${name}`) ?? null);
    chain = await startChain();
    owner = await fundedAccount(chain, 500_000_000);
    const address = owner.accountAddress.toStringLong() as LongAddress;
    published.set(`${address}::pay`, payModule(address));
    published.set(`${address}::book`, bookModule(address));
    published.set(`${address}::gallery`, galleryModule(address));
  });

  afterAll(async () => {
    setModuleSource(null);
    await chain.localnet.stop();
  });

  const submit = async (
    fn: 'pay' | 'spin',
    args: Array<string | number>,
    maxGasAmount = 20_000,
  ) => {
    const transaction = await chain.aptos.transaction.build.simple({
      sender: owner.accountAddress,
      data: {
        function: `${owner.accountAddress.toString()}::pay::${fn}`,
        functionArguments: args,
        abi: ABI[fn],
      },
      options: { maxGasAmount },
    });
    const [simulated] = await chain.aptos.transaction.simulate.simple({
      signerPublicKey: owner.publicKey,
      transaction,
    });
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: owner, transaction });
    const committed = (await chain.aptos.waitForTransaction({
      transactionHash: pending.hash,
      options: { checkSuccess: false },
    })) as UserTransactionResponse;
    return { simulated: simulated as UserTransactionResponse, committed };
  };

  it('calls coin::transfer from bytecode, emits its own event, and simulation agrees', async () => {
    const to = Account.generate().accountAddress.toString();
    const { simulated, committed } = await submit('pay', [to, 1234]);
    expect(committed.vm_status).toBe('Executed successfully');
    expect(committed.success).toBe(true);
    expect(simulated.vm_status).toBe(committed.vm_status);
    expect(simulated.gas_used).toBe(committed.gas_used);
    const paid = committed.events.find((event) => event.type.endsWith('::pay::Paid'));
    expect(paid?.data).toEqual({ to: shortAddress(to as LongAddress), amount: '1234' });
    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: to })).toBe(1234);
  });

  it('calls 0x4::aptos_token::create_collection from bytecode (String arguments bridged)', async () => {
    const transaction = await chain.aptos.transaction.build.simple({
      sender: owner.accountAddress,
      data: {
        function: `${owner.accountAddress.toString()}::gallery::open`,
        functionArguments: [Buffer.from('Bytecode gallery')],
        abi: { typeParameters: [], parameters: [parseTypeTag('vector<u8>')] },
      },
    });
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: owner, transaction });
    const committed = (await chain.aptos.waitForTransaction({
      transactionHash: pending.hash,
      options: { checkSuccess: false },
    })) as UserTransactionResponse;
    expect(committed.vm_status).toBe('Executed successfully');
    const collection = committed.changes.find(
      (change) =>
        change.type === 'write_resource' &&
        (change as { data: { type: string } }).data.type === '0x4::collection::Collection',
    ) as unknown as {
      data: { data: { name: string; description: string; uri: string; creator: string } };
    };
    expect(collection.data.data).toMatchObject({
      name: 'Bytecode gallery',
      description: 'd',
      uri: 'u',
      // JSON addresses are short (leading zeros stripped), as a node renders them.
      creator: owner.accountAddress.toStringShort(),
    });
  });

  it('commits an abort with the error name from the module metadata', async () => {
    const { simulated, committed } = await submit('pay', [owner.accountAddress.toString(), 0]);
    // Abort locations print the address short (leading zeros stripped), as a node does.
    const module = `${shortAddress(owner.accountAddress.toStringLong() as LongAddress)}::pay`;
    expect(committed.success).toBe(false);
    expect(committed.vm_status).toBe(`Move abort in ${module}: E_ZERO(0x10002): Nothing to pay`);
    expect(simulated.vm_status).toBe(committed.vm_status);
  });

  it('runs out of gas in an endless loop and charges the whole budget', async () => {
    const { committed } = await submit('spin', [], 500);
    expect(committed.success).toBe(false);
    expect(committed.vm_status).toBe('Out of gas');
    expect(committed.gas_used).toBe('500');
  });

  it('answers a #[view] of bytecode through /view', async () => {
    const [balance] = await chain.aptos.view<[string]>({
      payload: {
        function: `${owner.accountAddress.toString()}::pay::balance_of`,
        functionArguments: [owner.accountAddress.toString()],
        // The module's ABI endpoint is the publisher's side; the SDK takes the ABI given here.
        abi: {
          typeParameters: [],
          parameters: [parseTypeTag('address')],
          returnTypes: [parseTypeTag('u64')],
        },
      },
    });
    expect(BigInt(balance)).toBeGreaterThan(0n);
    const missing = await chain.rest('/view', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        function: `${owner.accountAddress.toString()}::pay::pay`,
        type_arguments: [],
        arguments: [],
      }),
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toMatch(
      /is not marked as a view function/,
    );
  });

  it('runs a script payload (the ts-sdk e2e coin script) and prints its code and arguments', async () => {
    const fixtures = JSON.parse(readFileSync('tests/fixtures/move/sdkBinaries.json', 'utf8')) as {
      binaries: Array<{ name: string; hex: string }>;
    };
    const bytecode = fixtures.binaries.find((b) => b.name === 'helper.ts#0')?.hex ?? '';
    const to = Account.generate().accountAddress;
    await chain.aptos.fundAccount({ accountAddress: to, amount: 1 });
    const transaction = await chain.aptos.transaction.build.simple({
      sender: owner.accountAddress,
      data: {
        bytecode,
        typeArguments: ['0x1::aptos_coin::AptosCoin'],
        functionArguments: [new U64(777), AccountAddress.from(to)],
      },
    });
    const [simulated] = await chain.aptos.transaction.simulate.simple({
      signerPublicKey: owner.publicKey,
      transaction,
    });
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: owner, transaction });
    const committed = (await chain.aptos.waitForTransaction({
      transactionHash: pending.hash,
    })) as UserTransactionResponse;
    expect(committed.vm_status).toBe('Executed successfully');
    expect((simulated as UserTransactionResponse).gas_used).toBe(committed.gas_used);
    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: to })).toBe(778);
    expect(committed.payload).toMatchObject({
      type: 'script_payload',
      code: {
        bytecode: `0x${bytecode}`,
        abi: { name: 'main', params: ['&signer', 'u64', 'address'] },
      },
      type_arguments: ['0x1::aptos_coin::AptosCoin'],
      arguments: ['777', shortAddress(to.toStringLong() as LongAddress)],
    });
  });

  it('writes a table item a node serves at /tables/{handle}/item, and renders the write set', async () => {
    const transaction = await chain.aptos.transaction.build.simple({
      sender: owner.accountAddress,
      data: {
        function: `${owner.accountAddress.toString()}::book::init`,
        functionArguments: [7],
        abi: { typeParameters: [], parameters: [parseTypeTag('u64')] },
      },
    });
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: owner, transaction });
    const committed = (await chain.aptos.waitForTransaction({
      transactionHash: pending.hash,
    })) as UserTransactionResponse;
    const me = shortAddress(owner.accountAddress.toStringLong() as LongAddress);
    const book = await chain.aptos.getAccountResource<{ entries: { handle: string } }>({
      accountAddress: owner.accountAddress,
      resourceType: `${owner.accountAddress.toString()}::book::Book`,
    });
    const item = await chain.aptos.getTableItem<string>({
      handle: book.entries.handle,
      data: { key_type: 'u64', value_type: 'address', key: '7' },
    });
    expect(item).toBe(me);
    // A handle with a leading zero nibble prints 63 digits as a Move `address` field and 64 as
    // the change's `handle` (hex bytes), as on a node: compare them as addresses.
    const longHandle = AccountAddress.from(book.entries.handle).toStringLong();
    const change = committed.changes.find(
      (c) =>
        c.type === 'write_table_item' &&
        AccountAddress.from((c as { handle: string }).handle).toStringLong() === longHandle,
    );
    expect(change).toMatchObject({ key: '0x0700000000000000' });
  });
});
