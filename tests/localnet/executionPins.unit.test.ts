/**
 * Whole outputs of a few transactions pinned byte for byte (status, gas, the fee statement, every
 * write and event): APT transfers (to an account, creating one, sponsored, failing) and a fungible
 * asset published and minted. Sizing shortcuts in the executor (group slots, cached value sizes)
 * must leave every figure as the plain computation makes it; the pinned file is the executor's
 * output before them (`npx vitest run -u` rewrites it after a change meant to move a figure).
 * The sequence runs on a state that lists an address's keys, on one that only answers `get` (the
 * executor then probes a group's members) and through a block's overlay, all to the same outputs.
 */
import { Account, AccountAddress, Ed25519PrivateKey, MoveVector, U64 } from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import type { DecodedTransaction } from '../../localnet/executor/decode.ts';
import { execute } from '../../localnet/executor/execute.ts';
import { writeModule } from '../../localnet/move/binary/writer.ts';
import { must } from '../../localnet/encoding.ts';
import { readAccount } from '../../localnet/framework/assets.ts';
import { StateOverlay } from '../../localnet/storage/overlay.ts';
import type { StateReader, TransactionOutput } from '../../localnet/storage/types.ts';
import { BLOCK, long, rawTransaction, signed, signedMulti, World } from './inProcess.ts';
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

/** How the sequence's state is read: the world itself, a get-only view, a block's overlay. */
type Reading = 'listing' | 'probing' | 'overlay';

/** Runs the sequence from a fresh world read as `reading`; every output in order. */
function sequence(reading: Reading) {
  const world = new World();
  for (const who of [alice, bob, sponsor]) world.fund(who.accountAddress, 10_000_000_000n);
  // A block's running state over the world: what the sequence writes stays in the overlay.
  const overlay = new StateOverlay(world);
  const state: StateReader =
    reading === 'listing'
      ? world
      : reading === 'probing'
        ? { get: (key) => world.get(key) }
        : overlay;
  const outputs: Array<{ name: string; output: unknown }> = [];
  const run = (name: string, tx: DecodedTransaction) => {
    const output = execute(tx, state, BLOCK);
    if (reading === 'overlay')
      for (const write of output.writes) overlay.set(write.key, write.value);
    else world.apply(output.writes);
    outputs.push({ name, output: pinned(output) });
  };
  const next = (who: Account) => {
    const account = readAccount(state, long(who.accountAddress));
    return { sequenceNumber: BigInt(must(account).data.sequence_number as string) };
  };
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
    const outputs = sequence('listing');
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
    expect(sequence('probing')).toEqual(sequence('listing'));
  });

  it('are the same through a block’s overlay (keys written in the block listed with the state’s)', () => {
    expect(sequence('overlay')).toEqual(sequence('listing'));
  });
});
