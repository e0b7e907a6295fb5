import {
  type Account,
  I32,
  type InputGenerateTransactionPayloadData,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import { shortAddress } from '../../../localnet/encoding.ts';
import { bytesToHex } from '../../../localnet/move/binary/reader.ts';
import { writeModule, writeScript } from '../../../localnet/move/binary/writer.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { specErrors } from '../openApi.ts';
import { msgModule, packageMetadata, signedScript, sintModule } from './signedModules.ts';

/**
 * Packages at bytecode v9 and v10, built with the project's writer, published through the REST
 * API with the ts-sdk and run: signed arithmetic and its overflow aborts, casts, `$` names, signed
 * values in arguments, views, events and resources as a node renders them, `abort` with a message
 * in `vm_status`, and a script.
 */
let chain: Chain;
let owner: Account;
/** The owner's address as a node prints it (short). */
let me: string;
/** `module::function` (or `module::Struct`) at the owner's address. */
let fn: (name: string) => `${string}::${string}::${string}`;

async function send(data: InputGenerateTransactionPayloadData): Promise<UserTransactionResponse> {
  const transaction = await chain.aptos.transaction.build.simple({
    sender: owner.accountAddress,
    data,
  });
  const pending = await chain.aptos.signAndSubmitTransaction({ signer: owner, transaction });
  return (await chain.aptos.waitForTransaction({
    transactionHash: pending.hash,
    options: { checkSuccess: false },
  })) as UserTransactionResponse;
}

/**
 * A committed VM failure (not an abort) in `where` at `offset`: the bare status name, or as a
 * node prints it, `Execution failed in 0x…::m::f at code offset N` (the localnet is moving from
 * the first to the second).
 */
function expectFailure(
  done: UserTransactionResponse,
  status: string,
  where: string,
  offset: number,
): void {
  expect(done.success).toBe(false);
  if (done.vm_status.startsWith(status)) return;
  expect(done.vm_status).toBe(`Execution failed in ${where} at code offset ${offset}`);
}

/** POST /view with JSON arguments (as the REST API takes them), status and body. */
async function viewJson(name: string, args: unknown[]): Promise<{ status: number; body: unknown }> {
  const response = await chain.rest('/view', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ function: fn(name), type_arguments: [], arguments: args }),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  const address = owner.accountAddress.toStringLong();
  me = shortAddress(address as LongAddress);
  fn = (name) => `${me}::${name}` as `${string}::${string}::${string}`;
  const modules = [sintModule(address), msgModule(address)].map((m) => bytesToHex(writeModule(m)));
  const transaction = await chain.aptos.publishPackageTransaction({
    account: owner.accountAddress,
    metadataBytes: packageMetadata('signed', ['sint', 'msg']),
    moduleBytecode: modules,
  });
  const pending = await chain.aptos.signAndSubmitTransaction({ signer: owner, transaction });
  const published = (await chain.aptos.waitForTransaction({
    transactionHash: pending.hash,
    options: { checkSuccess: false },
  })) as UserTransactionResponse;
  if (!published.success) throw new Error(`publish failed: ${published.vm_status}`);
});
afterAll(async () => {
  await chain.localnet.stop();
});

describe('a v9 module: signed integers', () => {
  it(
    'serves the ABI with i8…i256 types and the `$` name, as a node does',
    { timeout: 30_000 },
    async () => {
      const module = await chain.aptos.getAccountModule({
        accountAddress: owner.accountAddress,
        moduleName: 'sint',
      });
      expect(module.bytecode.slice(0, 18)).toBe('0xa11ceb0b0900000a');
      const fns = Object.fromEntries((module.abi?.exposed_functions ?? []).map((f) => [f.name, f]));
      expect(fns['sum$checked']?.params).toEqual(['i64', 'i64']);
      expect(fns['record']?.params).toEqual(['&signer', 'i64', 'i64', 'i8']);
      expect(fns['consts']?.return).toEqual(['i8', 'i16', 'i32', 'i64', 'i128', 'i256']);
      expect(module.abi?.structs.find((s) => s.name === 'Reading')?.fields).toEqual([
        { name: 'value', type: 'i64' },
        { name: 'small', type: 'i8' },
        { name: 'wide', type: 'i256' },
      ]);
      expect(specErrors('MoveModuleBytecode', module)).toEqual([]);
    },
  );

  it('runs an entry function with signed arguments: the resource and the event render them', async () => {
    const done = await send({ function: fn('sint::record'), functionArguments: ['-40', '2', -7] });
    expect(done.vm_status).toBe('Executed successfully');
    // The payload's arguments print as the node prints signed values.
    expect(done.payload).toMatchObject({ arguments: ['-40', '2', -7] });
    const expected = {
      value: '-38',
      small: 7,
      wide: '120',
    };
    const event = done.events.find((e) => e.type.endsWith('::sint::Reading'));
    expect(event?.data).toEqual(expected);
    const resource = await chain.aptos.getAccountResource({
      accountAddress: owner.accountAddress,
      resourceType: `${fn('sint::Reading')}`,
    });
    expect(resource).toEqual(expected);
    expect(specErrors('UserTransaction', done)).toEqual([]);
  });

  it('runs an entry function whose name has a `$`', async () => {
    const done = await send({ function: fn('sint::touch$v2'), functionArguments: [] });
    expect(done.vm_status).toBe('Executed successfully');
    expect(done.payload).toMatchObject({ function: fn('sint::touch$v2') });
  });

  it('aborts with ARITHMETIC_ERROR on signed overflow, as a node does', async () => {
    const max = '9223372036854775807';
    const overflow = await send({ function: fn('sint::record'), functionArguments: [max, '1', 0] });
    expectFailure(overflow, 'ARITHMETIC_ERROR', fn('sint::sum$checked'), 2);
    // -(-128) does not fit an i8.
    const negation = await send({
      function: fn('sint::record'),
      functionArguments: ['1', '1', -128],
    });
    expectFailure(negation, 'ARITHMETIC_ERROR', fn('sint::record'), 4);
  });

  it('answers views with signed results (ts-sdk, BCS arguments from the ABI)', async () => {
    expect(
      await chain.aptos.view({
        payload: { function: fn('sint::arith'), functionArguments: ['-7', '2'] },
      }),
    ).toEqual(['-9', '-14', '-3', '-1']);
    expect(
      await chain.aptos.view({ payload: { function: fn('sint::consts'), functionArguments: [] } }),
    ).toEqual([
      -128,
      -300,
      2147483647,
      '-9000000000000',
      (-(1n << 100n)).toString(),
      (-(1n << 255n)).toString(),
    ]);
    expect(
      await chain.aptos.view({
        payload: { function: fn('sint::less'), functionArguments: [-5, 3] },
      }),
    ).toEqual([true]);
    expect(
      await chain.aptos.view({
        payload: { function: fn('sint::to_i8'), functionArguments: ['127'] },
      }),
    ).toEqual([127]);
  });

  it('takes signed JSON arguments at POST /view and refuses out-of-range ones', async () => {
    expect(await viewJson('sint::echo', [[-1, 2147483647, -2147483648]])).toEqual({
      status: 200,
      body: [[-1, 2147483647, -2147483648]],
    });
    expect(await viewJson('sint::neg', ['-170141183460469231731687303715884105727'])).toEqual({
      status: 200,
      body: ['170141183460469231731687303715884105727'],
    });
    const outOfRange = await viewJson('sint::echo', [[2147483648]]);
    expect(outOfRange.status).toBe(400);
  });

  it('fails views on overflow, bad casts and i128::MIN negated with ARITHMETIC_ERROR', async () => {
    const cases: Array<[string, unknown[]]> = [
      ['sint::neg', ['-170141183460469231731687303715884105728']],
      ['sint::to_u8', [-1]],
      ['sint::to_u8', [256]],
      ['sint::to_i8', ['128']],
      ['sint::arith', ['-9223372036854775808', '-1']],
      ['sint::arith', ['1', '0']],
    ];
    for (const [name, args] of cases) {
      const { status, body } = await viewJson(name, args);
      expect(status, `${name}(${JSON.stringify(args)})`).toBe(400);
      expect((body as { vm_error_code?: number }).vm_error_code).toBe(4017);
    }
  });
});

describe('a v10 module: abort with a message', () => {
  it('shows the message in vm_status under the error map name, as a node does', async () => {
    const named = await send({ function: fn('msg::fail'), functionArguments: [7] });
    expect(named.success).toBe(false);
    expect(named.vm_status).toBe(`Move abort in ${me}::msg: E_TOO_LARGE(0x7): value too large: -5`);
    const unnamed = await send({ function: fn('msg::fail'), functionArguments: [42] });
    expect(unnamed.vm_status).toBe(`Move abort in ${me}::msg: (0x2a): value too large: -5`);
  });

  it('refuses a message that is not UTF-8 with INVALID_ABORT_MESSAGE', async () => {
    const done = await send({ function: fn('msg::garbled'), functionArguments: [] });
    expectFailure(done, 'INVALID_ABORT_MESSAGE', fn('msg::garbled'), 2);
  });

  it('fails a view with the message', async () => {
    expect(await viewJson('msg::check', ['5'])).toEqual({ status: 200, body: ['5'] });
    const { status, body } = await viewJson('msg::check', ['-5']);
    expect(status).toBe(400);
    expect((body as { message: string }).message).toContain(`::msg: E_TOO_LARGE(0x7): negative`);
  });

  it('runs a v10 script with a signed argument, Negate and AbortMsg', async () => {
    const bytecode = bytesToHex(writeScript(signedScript()));
    const ok = await send({ bytecode, functionArguments: [new I32(-3)] });
    expect(ok.vm_status).toBe('Executed successfully');
    expect(ok.payload).toMatchObject({ type: 'script_payload', arguments: [-3] });
    const big = await send({ bytecode, functionArguments: [new I32(-11)] });
    expect(big.vm_status).toBe('Move abort: code 0x3');
    const min = await send({ bytecode, functionArguments: [new I32(-2147483648)] });
    expectFailure(min, 'ARITHMETIC_ERROR', 'script', 1);
  });
});
