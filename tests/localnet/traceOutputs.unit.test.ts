import {
  Account,
  AccountAddress,
  Ed25519PrivateKey,
  MoveVector,
  parseTypeTag,
  U64,
  type EntryFunctionArgumentTypes,
  type TypeTag,
} from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { execute } from '../../localnet/executor/execute.ts';
import type { TraceMode } from '../../localnet/executor/trace.ts';
import { writeModule } from '../../localnet/move/binary/writer.ts';
import type { MoveTrace } from '../../localnet/move/vm/traceTypes.ts';
import type { TransactionOutput } from '../../localnet/storage/types.ts';
import { BLOCK, rawTransaction, signed, World } from './inProcess.ts';
import { packageMetadata } from './move/signedModules.ts';
import { traceModule } from './traceModule.ts';

/**
 * Tracing changes no output (issue 32): one sequence of transactions (APT and fungible-asset
 * transfers, a new account, an abort past the balance, a publish, the call chain's abort, store,
 * VM error and message abort, one out of gas) executed untraced, traced and stepping gives the
 * same outputs, status, gas, fee statement, writes and events, in the same order.
 */
const alice = Account.fromPrivateKey({
  privateKey: new Ed25519PrivateKey(`ed25519-priv-0x${'a1'.repeat(32)}`),
});
const BOB = AccountAddress.from(`0x${'b2'.repeat(32)}`);
const ME = alice.accountAddress.toStringLong();

function sequence(mode: TraceMode | null) {
  const world = new World();
  world.fund(alice.accountAddress, 10_000_000_000n);
  let sequenceNumber = 0n;
  const outputs: TransactionOutput[] = [];
  const traces: MoveTrace[] = [];
  const run = (
    fn: `${string}::${string}::${string}`,
    args: EntryFunctionArgumentTypes[],
    options: { typeArgs?: TypeTag[]; maxGasAmount?: bigint } = {},
  ) => {
    const tx = signed(
      alice,
      rawTransaction(alice.accountAddress, fn, args, { ...options, sequenceNumber }),
    );
    const { trace, ...output } = execute(tx, world, BLOCK, mode === null ? {} : { trace: mode });
    sequenceNumber += 1n;
    world.apply(output.writes);
    outputs.push(output);
    if (trace !== undefined) traces.push(trace);
  };
  run('0x1::aptos_account::transfer', [BOB, new U64(5n)]);
  run('0x1::primary_fungible_store::transfer', [AccountAddress.from('0xa'), BOB, new U64(9n)], {
    typeArgs: [parseTypeTag('0x1::fungible_asset::Metadata')],
  });
  run('0x1::aptos_account::transfer', [BOB, new U64(10n ** 12n)]);
  run('0x1::code::publish_package_txn', [
    MoveVector.U8(packageMetadata('chain', ['chain'])),
    new MoveVector([MoveVector.U8(writeModule(traceModule(ME)))]),
  ]);
  run(`${ME}::chain::a`, [new U64(5n)]);
  run(`${ME}::chain::a`, [new U64(1n)]);
  run(`${ME}::chain::a`, [new U64(1n)]);
  run(`${ME}::chain::shout`, []);
  run(`${ME}::chain::a`, [new U64(5n)], { maxGasAmount: 31n });
  return { outputs, traces };
}

describe('tracing changes no output', () => {
  it('gives the same outputs untraced, traced and stepping', () => {
    const untraced = sequence(null);
    expect(untraced.traces).toEqual([]);
    expect(untraced.outputs.map((o) => o.vmStatus)).toEqual([
      'Executed successfully',
      'Executed successfully',
      expect.stringContaining('EINSUFFICIENT_BALANCE'),
      'Executed successfully',
      expect.stringContaining('E_TOO_BIG'),
      'Executed successfully',
      expect.stringContaining('code offset 6'),
      expect.stringContaining('E_TOO_BIG'),
      'Out of gas',
    ]);
    for (const mode of ['calls', 'steps'] as const) {
      const traced = sequence(mode);
      expect(traced.outputs).toEqual(untraced.outputs);
      expect(traced.traces.map((t) => [t.gasUsed, t.vmStatus])).toEqual(
        untraced.outputs.map((o) => [o.gasUsed.toString(), o.vmStatus]),
      );
      expect(traced.traces.every((t) => (t.steps !== undefined) === (mode === 'steps'))).toBe(true);
    }
  });
});
