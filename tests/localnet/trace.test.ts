import type { Account, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoveTrace, TraceFrame } from '../../localnet/move/vm/traceTypes.ts';
import { fundedAccount, startChain, type Chain } from './helpers.ts';
import { ownerTransactions } from './move/ownerTransactions.ts';
import { E_TOO_BIG, traceModule } from './traceModule.ts';

/**
 * Move traces (issue 32) through `POST /workbench/trace`: a package whose entry `a` calls `b`,
 * `b` calls `c` and `c` aborts, and its gas per frame against the transaction's FeeStatement.
 */
let chain: Chain;
let owner: Account;
let short: string;
let aborted: UserTransactionResponse;
let stored: UserTransactionResponse;

const trace = async (body: unknown) => (await chain.dev('trace', body)) as MoveTrace;

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  short = owner.accountAddress.toStringShort();
  const tx = ownerTransactions(chain, owner);
  const published = await tx.publish('chain', traceModule(owner.accountAddress.toStringLong()));
  expect(published.vm_status).toBe('Executed successfully');
  const call = (x: number) =>
    tx.send({ function: `${short}::chain::a`, functionArguments: [x] } as never);
  aborted = await call(5);
  stored = await call(1);
});
afterAll(async () => {
  await chain.localnet.stop();
});

const byFunction = (t: MoveTrace, name: string): TraceFrame => {
  const frame = t.frames.find((f) => f.function.endsWith(`::chain::${name}`));
  if (frame === undefined) throw new Error(`no frame ${name}`);
  return frame;
};

type FeeStatement = {
  total_charge_gas_units: string;
  execution_gas_units: string;
  io_gas_units: string;
  storage_fee_octas: string;
};
const feeOf = (tx: UserTransactionResponse) =>
  tx.events.find((e) => e.type === '0x1::transaction_fee::FeeStatement')?.data as FeeStatement;

const sum = (frames: TraceFrame[], part: 'execution' | 'io' | 'storageOctas') =>
  frames.reduce((total, f) => total + BigInt(f.selfGas[part]), 0n);
const ceil = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** Frames' gas against the committed FeeStatement, exactly. */
function expectGasMatches(t: MoveTrace, committed: UserTransactionResponse) {
  const root = t.frames[0] as TraceFrame;
  const fee = feeOf(committed);
  const scale = BigInt(t.gasScale);
  const execution = BigInt(root.gas.execution);
  const io = BigInt(root.gas.io);
  const storage = BigInt(root.gas.storageOctas);
  expect(sum(t.frames, 'execution')).toBe(execution);
  expect(sum(t.frames, 'io')).toBe(io);
  expect(sum(t.frames, 'storageOctas')).toBe(storage);
  expect(ceil(execution, scale).toString()).toBe(fee.execution_gas_units);
  expect((ceil(execution + io, scale) - ceil(execution, scale)).toString()).toBe(fee.io_gas_units);
  expect(storage.toString()).toBe(fee.storage_fee_octas);
  const storageUnits = ceil(storage, BigInt(committed.gas_unit_price));
  expect((ceil(execution + io, scale) + storageUnits).toString()).toBe(committed.gas_used);
  expect(t.gasUsed).toBe(committed.gas_used);
  // Each frame's inclusive gas is its own plus its children's.
  for (const frame of t.frames) {
    const children = t.frames.filter((f) => f.parent === frame.id);
    for (const part of ['execution', 'io', 'storageOctas'] as const) {
      const inner = children.reduce((total, f) => total + BigInt(f.gas[part]), 0n);
      expect(BigInt(frame.gas[part])).toBe(BigInt(frame.selfGas[part]) + inner);
    }
  }
}

describe('POST /workbench/trace on a call chain that aborts', () => {
  it('shows the three frames under the transaction, their arguments, and the abort', async () => {
    expect(aborted.vm_status).toContain('E_TOO_BIG');
    const t = await trace({ version: aborted.version });
    expect(t).toMatchObject({
      format: 'tx-workbench/move-trace@1',
      kind: 'committed',
      version: aborted.version,
      hash: aborted.hash,
      success: false,
      vmStatus: aborted.vm_status,
    });
    expect(t.frames.map((f) => [f.function, f.kind, f.parent, f.depth])).toEqual([
      ['transaction', 'transaction', -1, 0],
      [`${short}::chain::a`, 'bytecode', 0, 1],
      [`${short}::chain::b`, 'bytecode', 1, 2],
      [`${short}::chain::c`, 'bytecode', 2, 3],
    ]);
    const [, a, b, c] = t.frames as [TraceFrame, TraceFrame, TraceFrame, TraceFrame];
    expect(a.args).toEqual([short, '5']);
    expect(b).toMatchObject({ args: ['5'], callOffset: 1, offset: 6, status: 'abort' });
    expect(c).toMatchObject({
      args: ['6', '3'],
      callOffset: 6,
      offset: 9,
      status: 'abort',
      returns: null,
      abort: { code: E_TOO_BIG.toString(), name: 'E_TOO_BIG', description: 'The product is past 10' },
    });
    expect(a).toMatchObject({ offset: 1, status: 'abort', returns: null });
    expect(a.abort).toBeUndefined();
    expect(t.frames[0]?.status).toBe('abort');
    // Nothing the failed call did is kept: the writes are the epilogue's, on the root.
    expect(t.writes.map((w) => w.change)).toEqual(aborted.changes);
    expect(t.writes.every((w) => w.frame === 0)).toBe(true);
    expect(t.events.map((e) => e.event)).toEqual(aborted.events);
  });

  it('splits gas over the frames so that they sum exactly to the FeeStatement', async () => {
    const t = await trace({ version: aborted.version });
    expectGasMatches(t, aborted);
    const c = byFunction(t, 'c');
    expect(BigInt(c.selfGas.execution)).toBeGreaterThan(0n);
  });

  it('puts the stored resource on the frame that wrote it, with its write IO and storage fee', async () => {
    const t = await trace({ hash: stored.hash });
    expect(t.success).toBe(true);
    const a = byFunction(t, 'a');
    const c = byFunction(t, 'c');
    expect(a.status).toBe('success');
    expect(c.returns).toEqual(['6']);
    expect(byFunction(t, 'b').returns).toEqual(['6']);
    expect(t.writes.map((w) => w.change)).toEqual(stored.changes);
    const written = t.writes.filter((w) => w.frame === a.id).map((w) => w.change);
    expect(written).toEqual([
      expect.objectContaining({
        type: 'write_resource',
        data: { type: `${short}::chain::Store`, data: { value: '6' } },
      }),
    ]);
    expect(a.writes).toEqual([t.writes.findIndex((w) => w.frame === a.id)]);
    expect(BigInt(a.selfGas.storageOctas)).toBeGreaterThan(0n);
    expect(BigInt(a.selfGas.io)).toBeGreaterThan(0n);
    expect(t.reads.some((r) => r.frame === a.id && r.path === `${short}::chain::Store`)).toBe(true);
    expectGasMatches(t, stored);
  });
});
