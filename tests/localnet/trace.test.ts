import {
  generateSignedTransactionForSimulation,
  type Account,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoveTrace, TraceFrame } from '../../localnet/move/vm/traceTypes.ts';
import { fundedAccount, startChain, type Chain } from './helpers.ts';
import { ownerTransactions } from './move/ownerTransactions.ts';
import {
  ABORT_MESSAGE,
  E_TOO_BIG,
  expectGasMatches,
  feeOf,
  sum,
  traceModule,
} from './traceModule.ts';

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

async function post(body: unknown, headers: Record<string, string> = {}) {
  const origin = chain.localnet.urls.rest.replace(/\/v1$/, '');
  const response = await fetch(`${origin}/workbench/trace`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { message?: string } };
}

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
      abort: {
        code: E_TOO_BIG.toString(),
        name: 'E_TOO_BIG',
        description: 'The product is past 10',
      },
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

describe('an abort with a message (bytecode v10)', () => {
  it('carries the message beside the name and description of the error map', async () => {
    const committed = await ownerTransactions(chain, owner).send({
      function: `${short}::chain::shout`,
      functionArguments: [],
    });
    expect(committed.success).toBe(false);
    const t = await trace({ version: committed.version });
    expect(t.frames[1]).toMatchObject({
      function: `${short}::chain::shout`,
      status: 'abort',
      offset: 2,
      abort: {
        code: E_TOO_BIG.toString(),
        name: 'E_TOO_BIG',
        description: 'The product is past 10',
        message: ABORT_MESSAGE,
      },
    });
  });
});

describe('stepping through the call chain (steps: true)', () => {
  it('records each instruction from the entry to the abort with the stack and locals the bytecode computes', async () => {
    const t = await trace({ version: aborted.version, steps: true });
    const steps = t.steps ?? [];
    const a = byFunction(t, 'a');
    const b = byFunction(t, 'b');
    const c = byFunction(t, 'c');
    // a: 0–1, b: 0–6, c: 0–9, the abort last.
    expect(steps.map((s) => [s.frame, s.offset])).toEqual([
      ...[0, 1].map((offset) => [a.id, offset]),
      ...[0, 1, 2, 3, 4, 5, 6].map((offset) => [b.id, offset]),
      ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((offset) => [c.id, offset]),
    ]);
    expect(steps[0]).toMatchObject({
      instruction: 'MoveLoc(1)',
      stack: [],
      locals: [expect.any(String), '5', null],
    });
    expect(steps[1]).toMatchObject({ instruction: `Call ${short}::chain::b`, stack: ['5'] });
    const at = (frame: number, offset: number) =>
      steps.find((s) => s.frame === frame && s.offset === offset);
    // b about to call c: w = 5 + 1 in local 1, x moved out; c's arguments on the stack.
    expect(at(b.id, 6)).toMatchObject({
      instruction: `Call ${short}::chain::c`,
      stack: ['6', '3'],
      locals: [null, '6'],
    });
    // c about to multiply: z unset.
    expect(at(c.id, 2)).toMatchObject({
      instruction: 'Mul',
      stack: ['6', '3'],
      locals: ['6', '3', null],
    });
    // c at the abort: z = 18 > 10, the code on the stack.
    expect(at(c.id, 9)).toMatchObject({
      instruction: 'Abort',
      stack: [E_TOO_BIG.toString()],
      locals: ['6', '3', '18'],
    });
    expect(at(c.id, 7)?.instruction).toBe('BrFalse(10)');
    const left = steps.map((s) => BigInt(s.gasLeft));
    expect(left.every((g, i) => i === 0 || g < (left[i - 1] as bigint))).toBe(true);
    expect(t.truncated).toEqual({ frames: false, steps: false });
  });

  it('records no steps unless asked', async () => {
    const t = await trace({ version: aborted.version });
    expect(t.steps).toBeUndefined();
  });
});

describe('tracing changes no output', () => {
  async function simulationOf(x: number, maxGasAmount: number) {
    const transaction = await chain.aptos.transaction.build.simple({
      sender: owner.accountAddress,
      data: { function: `${short}::chain::a`, functionArguments: [x] } as never,
      options: { maxGasAmount },
    });
    const bytes = generateSignedTransactionForSimulation({
      transaction,
      signerPublicKey: owner.publicKey,
    });
    const [simulated] = await chain.aptos.transaction.simulate.simple({
      signerPublicKey: owner.publicKey,
      transaction,
    });
    return {
      simulated: simulated as UserTransactionResponse,
      hex: `0x${Buffer.from(bytes).toString('hex')}`,
    };
  }

  it.each([
    ['an abort', 5, 10_000],
    ['out of gas during the call', 5, 33],
  ])('a simulation traced (%s) answers as /v1/transactions/simulate', async (_name, x, maxGas) => {
    const { simulated, hex } = await simulationOf(x, maxGas);
    const t = await trace({ transaction: hex });
    expect(t.kind).toBe('simulation');
    expect(t.version).toBeUndefined();
    expect({ gasUsed: t.gasUsed, vmStatus: t.vmStatus, success: t.success }).toEqual({
      gasUsed: simulated.gas_used,
      vmStatus: simulated.vm_status,
      success: simulated.success,
    });
    expect(t.writes.map((w) => w.change)).toEqual(simulated.changes);
    expect(t.events.map((e) => e.event)).toEqual(simulated.events);
    const root = t.frames[0] as TraceFrame;
    expect(sum(t.frames, 'execution')).toBe(BigInt(root.gas.execution));
    expect(sum(t.frames, 'io')).toBe(BigInt(root.gas.io));
    const fee = feeOf(simulated);
    expect(t.fee).toEqual({
      totalGasUnits: fee.total_charge_gas_units,
      executionGasUnits: fee.execution_gas_units,
      ioGasUnits: fee.io_gas_units,
      storageFeeOctas: fee.storage_fee_octas,
    });
  });

  it('marks the frame that ran out of gas', async () => {
    // Less gas each time until a frame runs out (reading Store in `a`'s move_to).
    let found: TraceFrame | undefined;
    const fee = feeOf(stored);
    const unstored = Number(fee.execution_gas_units) + Number(fee.io_gas_units);
    for (let maxGas = unstored; maxGas > 28 && found === undefined; maxGas -= 1) {
      const { simulated, hex } = await simulationOf(1, maxGas);
      const t = await trace({ transaction: hex });
      expect(t.gasUsed).toBe(simulated.gas_used);
      if (simulated.vm_status !== 'Out of gas') continue;
      expect(t.frames[0]?.status).toBe('out_of_gas');
      expect(t.frames.filter((f) => f.error === 'OUT_OF_GAS')).toHaveLength(1);
      found = t.frames.find((f) => f.id > 0 && f.error === 'OUT_OF_GAS');
    }
    expect(found).toMatchObject({
      function: `${short}::chain::a`,
      status: 'out_of_gas',
      offset: 6,
    });
  });

  it('marks the frame where a VM error was raised, at its offset', async () => {
    // Store exists since `a(1)` committed: move_to fails in `a`.
    const { simulated, hex } = await simulationOf(1, 10_000);
    expect(simulated.vm_status).toContain('code offset 6');
    const t = await trace({ transaction: hex });
    expect(byFunction(t, 'a')).toMatchObject({
      status: 'error',
      error: 'RESOURCE_ALREADY_EXISTS',
      offset: 6,
      returns: null,
    });
    expect(byFunction(t, 'b')).toMatchObject({ status: 'success', returns: ['6'] });
    expect(t.frames[0]).toMatchObject({ status: 'error' });
  });

  it('re-executing with the trace on gives what the chain committed, which /workbench/reexecute also gives', async () => {
    const [plain] = (await chain.dev('reexecute', {
      version: stored.version,
    })) as UserTransactionResponse[];
    const t = await trace({ version: stored.version });
    expect(plain?.gas_used).toBe(stored.gas_used);
    expect(t.gasUsed).toBe(stored.gas_used);
    expect(t.writes.map((w) => w.change)).toEqual(plain?.changes);
    expect(t.events.map((e) => e.event)).toEqual(plain?.events);
  });
});

describe('POST /workbench/trace refuses what it cannot trace', () => {
  it.each([
    ['no body fields', {}, 400, 'Give a `version`'],
    ['a version that is not a decimal string', { version: 12 }, 400, 'decimal string'],
    ['a version and a hash', { version: '1', hash: `0x${'ab'.repeat(32)}` }, 400, 'not both'],
    ['an unknown field', { versions: '1' }, 400, 'Unknown field `versions`'],
    ['steps that are not a boolean', { version: '1', steps: 'yes' }, 400, '`steps`'],
    ['a malformed hash', { hash: '0x12' }, 400, 'transaction hash'],
    ['bytes that are not hex', { transaction: 'zz' }, 400, 'BCS SignedTransaction'],
    ['bytes that do not decode', { transaction: '0x00' }, 400, 'Failed to deserialize'],
    ['genesis', { version: '0' }, 400, 'genesis'],
    ['a version past the ledger', { version: '99999999' }, 404, 'Ledger version not found'],
    ['an unknown hash', { hash: `0x${'ab'.repeat(32)}` }, 404, 'Transaction not found'],
  ])('%s', async (_name, body, status, message) => {
    const answer = await post(body);
    expect(answer.status).toBe(status);
    expect(answer.json.message).toContain(message);
  });

  it('refuses a signed transaction to simulate, as /v1/transactions/simulate does', async () => {
    const pending = await chain.aptos.transaction.build.simple({
      sender: owner.accountAddress,
      data: { function: `${short}::chain::a`, functionArguments: [1] } as never,
    });
    const signed = chain.aptos.transaction.sign({ signer: owner, transaction: pending });
    const bytes = new Uint8Array([...pending.rawTransaction.bcsToBytes(), ...signed.bcsToBytes()]);
    const answer = await post({ transaction: `0x${Buffer.from(bytes).toString('hex')}` });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe('Simulated transactions must not have a valid signature');
  });

  it('answers only JSON bodies from loopback origins, as every dev control', async () => {
    const text = await post({ version: stored.version }, { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    const foreign = await post({ version: stored.version }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
  });
});
