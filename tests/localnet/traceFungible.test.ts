import { Account, type UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoveTrace, TraceFrame } from '../../localnet/move/vm/traceTypes.ts';
import { fundedAccount, startChain, type Chain } from './helpers.ts';
import { ModuleBuilder, S } from './move/vmBuilder.ts';
import { ownerTransactions } from './move/ownerTransactions.ts';
import { expectGasMatches } from './traceModule.ts';

/**
 * Move traces (issue 32) of fungible-asset transfers: the framework's functions are frames marked
 * native, with the events they emitted and the slots they wrote, and the trace's write set is the
 * committed transaction's `changes` exactly.
 */
let chain: Chain;
let owner: Account;
let short: string;

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  short = owner.accountAddress.toStringShort();
});
afterAll(async () => {
  await chain.localnet.stop();
});

const trace = async (committed: UserTransactionResponse) =>
  (await chain.dev('trace', { version: committed.version })) as MoveTrace;

function expectExactWrites(t: MoveTrace, committed: UserTransactionResponse) {
  expect(t.writes.map((w) => w.change)).toEqual(committed.changes);
  expect(t.events.map((e) => e.event)).toEqual(committed.events);
  // Each write and event is listed by the frame it names.
  t.writes.forEach((w, i) => expect(t.frames[w.frame]?.writes).toContain(i));
  t.events.forEach((e, i) => expect(t.frames[e.frame]?.events).toContain(i));
}

const changeType = (change: { [field: string]: unknown }) =>
  ((change.data as { type?: string } | undefined)?.type ?? change.type) as string;

describe('a fungible-asset transfer traced', () => {
  it('shows primary_fungible_store::transfer as a native frame with its events and writes', async () => {
    const to = Account.generate().accountAddress;
    const committed = await ownerTransactions(chain, owner).send({
      function: '0x1::primary_fungible_store::transfer',
      typeArguments: ['0x1::fungible_asset::Metadata'],
      functionArguments: ['0xa', to, 5],
    });
    expect(committed.success).toBe(true);
    const t = await trace(committed);
    const transfer = t.frames[1] as TraceFrame;
    expect(transfer).toMatchObject({
      function: '0x1::primary_fungible_store::transfer',
      kind: 'native',
      parent: 0,
      typeArgs: ['0x1::fungible_asset::Metadata'],
      args: [short, { inner: '0xa' }, to.toStringShort(), '5'],
      returns: [],
      status: 'success',
    });
    expectExactWrites(t, committed);
    const emitted = transfer.events.map((i) => t.events[i]?.event.type);
    expect(emitted).toEqual(['0x1::fungible_asset::Withdraw', '0x1::fungible_asset::Deposit']);
    // The recipient's new store is the transfer's; the sender's store, last written by the fee
    // withdrawal, and the sequence number are the transaction's (the root).
    const written = transfer.writes.map((i) => changeType(t.writes[i]?.change ?? {}));
    expect(written).toContain('0x1::fungible_asset::FungibleStore');
    const rootWrites = (t.frames[0] as TraceFrame).writes.map((i) =>
      changeType(t.writes[i]?.change ?? {}),
    );
    expect(rootWrites).toContain('0x1::account::Account');
    expect(BigInt(transfer.selfGas.storageOctas)).toBeGreaterThan(0n);
    expect(t.reads.filter((r) => r.frame === transfer.id).length).toBeGreaterThan(0);
    expectGasMatches(t, committed);
  });

  it('puts an abort raised by a native on its frame, named by the framework error map', async () => {
    const committed = await ownerTransactions(chain, owner).send({
      function: '0x1::primary_fungible_store::transfer',
      typeArguments: ['0x1::fungible_asset::Metadata'],
      functionArguments: ['0xa', Account.generate().accountAddress, 10_000_000_000],
    });
    expect(committed.vm_status).toContain('EINSUFFICIENT_BALANCE');
    const t = await trace(committed);
    const native = t.frames[1] as TraceFrame;
    expect(native).toMatchObject({ kind: 'native', status: 'abort', returns: null });
    expect(native.offset).toBeUndefined();
    expect(native.abort).toMatchObject({ code: String(0x10004), name: 'EINSUFFICIENT_BALANCE' });
    expect(native.abort?.description).toEqual(expect.any(String));
    expectExactWrites(t, committed);
  });

  it('nests the framework natives a published function calls under its bytecode frame', async () => {
    // `entry fun pay(s: &signer, to: address, amount: u64)`: signer::address_of(s) (a std
    // native the registry has no ABI for: typed by the call site), then aptos_account::transfer.
    const m = new ModuleBuilder(owner.accountAddress.toStringLong(), 'payer');
    const addressOf = m.use('0x1', 'signer', 'address_of', [S.ref(S.signer)], [S.address]);
    const transfer = m.use(
      '0x1',
      'aptos_account',
      'transfer',
      [S.ref(S.signer), S.address, S.u64],
      [],
    );
    m.fn('pay', {
      params: [S.ref(S.signer), S.address, S.u64],
      entry: true,
      code: [
        { op: 'CopyLoc', local: 0 },
        { op: 'Call', fn: addressOf },
        { op: 'Pop' },
        { op: 'MoveLoc', local: 0 },
        { op: 'MoveLoc', local: 1 },
        { op: 'MoveLoc', local: 2 },
        { op: 'Call', fn: transfer },
        { op: 'Ret' },
      ],
    });
    const tx = ownerTransactions(chain, owner);
    expect((await tx.publish('payer', m.build())).success).toBe(true);
    const to = Account.generate().accountAddress;
    const committed = await tx.send({
      function: `${short}::payer::pay`,
      functionArguments: [to, 7],
    });
    expect(committed.success).toBe(true);
    const t = await trace(committed);
    expect(t.frames.slice(0, 4).map((f) => [f.function, f.kind, f.parent])).toEqual([
      ['transaction', 'transaction', -1],
      [`${short}::payer::pay`, 'bytecode', 0],
      ['0x1::signer::address_of', 'native', 1],
      ['0x1::aptos_account::transfer', 'native', 1],
    ]);
    expect(t.frames[2]).toMatchObject({ callOffset: 1, args: [short], returns: [short] });
    const native = t.frames[3] as TraceFrame;
    expect(native).toMatchObject({ callOffset: 6, args: [short, to.toStringShort(), '7'] });
    expect(native.events.map((i) => t.events[i]?.event.type)).toContain(
      '0x1::fungible_asset::Deposit',
    );
    expectExactWrites(t, committed);
    expectGasMatches(t, committed);
  });
});
