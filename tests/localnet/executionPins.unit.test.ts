/**
 * Whole outputs of a few transactions pinned byte for byte (status, gas, the fee statement, every
 * write and event): APT transfers (to an account, creating one, sponsored, failing) and a fungible
 * asset published and minted. Sizing shortcuts in the executor (group slots, cached value sizes)
 * must leave every figure as the plain computation makes it; the pinned file is the executor's
 * output before them (`npx vitest run -u` rewrites it after a change meant to move a figure).
 * Each sequence runs twice: on a state that lists an address's keys and on one that only answers
 * `get` (the executor then probes a group's members), both against the same pins.
 */
import { Account, AccountAddress, Ed25519PrivateKey, MoveVector, U64 } from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import type { DecodedTransaction } from '../../localnet/executor/decode.ts';
import { execute } from '../../localnet/executor/execute.ts';
import { writeModule } from '../../localnet/move/binary/writer.ts';
import type { StateReader, TransactionOutput } from '../../localnet/storage/types.ts';
import { BLOCK, rawTransaction, signed, signedMulti, World } from './inProcess.ts';
import { faCoinModule } from './move/faModules.ts';
import { packageMetadata } from './move/signedModules.ts';

const account = (byte: string) =>
  Account.fromPrivateKey({
    privateKey: new Ed25519PrivateKey(`ed25519-priv-0x${byte.repeat(32)}`),
  });
const alice = account('a1');
const bob = account('b2');
const sponsor = account('c3');
const NEWCOMER = AccountAddress.from(`0x${'e5'.repeat(32)}`);

/** JSON of an output with its bigints as decimal strings (what the pins hold). */
const pinned = (output: TransactionOutput) =>
  JSON.parse(
    JSON.stringify(output, (_, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    ),
  ) as unknown;

/** Runs the sequence on `world`, executing on `reader(world)`; every output in order. */
function sequence(world: World, reader: (world: World) => StateReader) {
  const outputs: Array<{ name: string; output: unknown }> = [];
  const run = (name: string, tx: DecodedTransaction) => {
    const output = execute(tx, reader(world), BLOCK);
    world.apply(output.writes);
    outputs.push({ name, output: pinned(output) });
  };
  const next = (who: Account) => ({ sequenceNumber: world.sequenceNumber(who.accountAddress) });
  for (const who of [alice, bob, sponsor]) world.fund(who.accountAddress, 10_000_000_000n);
  const transfer = (from: Account, to: AccountAddress, amount: bigint) =>
    rawTransaction(
      from.accountAddress,
      '0x1::aptos_account::transfer',
      [to, new U64(amount)],
      next(from),
    );
  run('transfer', signed(alice, transfer(alice, bob.accountAddress, 5n)));
  run('transfer back', signed(bob, transfer(bob, alice.accountAddress, 1_000n)));
  run('transfer creating an account', signed(alice, transfer(alice, NEWCOMER, 777n)));
  run(
    'sponsored transfer',
    signedMulti({ sender: bob, raw: transfer(bob, NEWCOMER, 3n), feePayer: sponsor }),
  );
  run(
    'transfer beyond the balance',
    signed(alice, transfer(alice, bob.accountAddress, 10n ** 11n)),
  );
  const me = alice.accountAddress.toStringLong();
  run(
    'publish a fungible asset (init_module mints)',
    signed(
      alice,
      rawTransaction(
        alice.accountAddress,
        '0x1::code::publish_package_txn',
        [
          MoveVector.U8(packageMetadata('fa_coin', ['fa_coin'])),
          new MoveVector([
            MoveVector.U8(writeModule(faCoinModule(me, bob.accountAddress.toStringLong()))),
          ]),
        ],
        next(alice),
      ),
    ),
  );
  const mint = (to: AccountAddress, amount: bigint) =>
    signed(
      alice,
      rawTransaction(
        alice.accountAddress,
        `${me}::fa_coin::mint`,
        [to, new U64(amount)],
        next(alice),
      ),
    );
  run('mint to a new store', mint(sponsor.accountAddress, 40n));
  run('mint to an existing store', mint(sponsor.accountAddress, 2n));
  return outputs;
}

describe('pinned execution outputs', () => {
  it('are unchanged on a state that lists an address’s keys', async () => {
    const outputs = sequence(new World(), (world) => world);
    expect(outputs.map(({ output }) => (output as { vmStatus: string }).vmStatus)).toEqual([
      ...Array<string>(4).fill('Executed successfully'),
      expect.stringContaining('EINSUFFICIENT_BALANCE'),
      ...Array<string>(3).fill('Executed successfully'),
    ]);
    await expect(JSON.stringify(outputs, null, 1)).toMatchFileSnapshot(
      '../fixtures/executionPins.json',
    );
  });

  it('are the same when the state only answers get (group members probed)', () => {
    const listing = sequence(new World(), (world) => world);
    const probing = sequence(new World(), (world) => ({ get: (key) => world.get(key) }));
    expect(probing).toEqual(listing);
  });
});
