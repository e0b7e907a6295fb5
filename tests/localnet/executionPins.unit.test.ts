/**
 * Whole outputs of a few transactions pinned byte for byte (status, gas, the fee statement, every
 * write and event): APT transfers (to an account, creating one, sponsored, failing) and a fungible
 * asset published and minted. Sizing shortcuts in the executor (group slots, cached value sizes)
 * must leave every figure as the plain computation makes it; the pinned file is the executor's
 * output before them (`npx vitest run -u` rewrites it after a change meant to move a figure).
 * The sequence runs on a state that lists an address's keys, on one that only answers `get` (the
 * executor then probes a group's members), through a block's overlay and through the ledger's
 * reader, all to the same outputs.
 */
import { Account, AccountAddress, Ed25519PrivateKey, MoveVector, U64 } from '@aptos-labs/ts-sdk';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { must, type LongAddress } from '../../localnet/encoding.ts';
import {
  decodeSignedTransaction,
  type DecodedTransaction,
} from '../../localnet/executor/decode.ts';
import { execute } from '../../localnet/executor/execute.ts';
import { readAccount } from '../../localnet/framework/assets.ts';
import { CHAIN_ID, genesisWrites } from '../../localnet/framework/genesis.ts';
import { ROOT_SIGNER } from '../../localnet/framework/root.ts';
import { writeModule } from '../../localnet/move/binary/writer.ts';
import { Ledger } from '../../localnet/storage/ledger.ts';
import { DurableLog } from '../../localnet/storage/log.ts';
import { StateOverlay } from '../../localnet/storage/overlay.ts';
import type { StateReader, TransactionOutput, WriteOp } from '../../localnet/storage/types.ts';
import {
  BLOCK,
  long,
  NOW_SECONDS,
  rawTransaction,
  signed,
  signedMulti,
  World,
} from './inProcess.ts';
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

/**
 * How the sequence's state is read: the world itself, a get-only view of it, a block's overlay
 * over it, the ledger's reader (a fresh one per transaction, as the node takes them).
 */
type Reading = 'listing' | 'probing' | 'overlay' | 'ledger';

function stateFor(reading: Reading): {
  reader: () => StateReader;
  commit: (writes: WriteOp[]) => void;
  /** Called once the accounts are funded. */
  funded?: () => void;
} {
  const world = new World();
  if (reading === 'listing')
    return { reader: () => world, commit: (writes) => world.apply(writes) };
  if (reading === 'probing') {
    const view: StateReader = { get: (key) => world.get(key) };
    return { reader: () => view, commit: (writes) => world.apply(writes) };
  }
  if (reading === 'overlay') {
    // Funding commits to the world; then the sequence is one block over it, its writes in the
    // overlay (keys the world lists are written again there).
    const overlay = new StateOverlay(world);
    let inBlock = false;
    return {
      reader: () => (inBlock ? overlay : world),
      commit: (writes) => {
        if (!inBlock) world.apply(writes);
        else for (const write of writes) overlay.set(write.key, write.value);
      },
      funded: () => {
        inBlock = true;
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'execution-pins-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const { log } = DurableLog.open({ dir });
  const ledger = new Ledger(log, () => []);
  ledger.commitGenesis(genesisWrites(0n), 0n);
  return {
    reader: () => ledger.reader(),
    commit: (writes) => {
      const output = { success: true, vmStatus: '', gasUsed: 0n, writes, events: [], fee: FEE };
      const tx = { bytes: new Uint8Array(), hash: '0x' as const, sender: ROOT_SIGNER.address };
      ledger.commitBlock({
        timestamp: BLOCK.timestampMicros,
        metadataWrites: [],
        transactions: [{ ...tx, sequenceNumber: 0n, output }],
        positions: [{ offset: 0, length: 0 }],
      });
    },
  };
}
const FEE = { totalGasUnits: 0n, executionGasUnits: 0n, ioGasUnits: 0n, storageFeeOctas: 0n };

/** Runs the sequence from genesis read as `reading`; every output in order (funding aside). */
function sequence(reading: Reading) {
  const chain = stateFor(reading);
  const outputs: Array<{ name: string; output: unknown }> = [];
  const execution = (tx: DecodedTransaction) => {
    const output = execute(tx, chain.reader(), BLOCK);
    chain.commit(output.writes);
    return output;
  };
  const run = (name: string, tx: DecodedTransaction) =>
    outputs.push({ name, output: pinned(execution(tx)) });
  const sequenceOf = (address: LongAddress) =>
    BigInt(must(readAccount(chain.reader(), address)).data.sequence_number as string);
  for (const who of [alice, bob, sponsor]) {
    const funding = ROOT_SIGNER.signEntryFunction({
      function: '0x1::aptos_account::transfer',
      args: [who.accountAddress, new U64(10_000_000_000n)],
      sequenceNumber: sequenceOf(ROOT_SIGNER.address),
      expirationSecs: NOW_SECONDS + 60n,
      chainId: CHAIN_ID,
    });
    expect(execution(decodeSignedTransaction(funding)).success).toBe(true);
  }
  chain.funded?.();
  const next = (who: Account) => ({ sequenceNumber: sequenceOf(long(who.accountAddress)) });
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

  it('are the same through the ledger’s reader (its keys by address)', () => {
    expect(sequence('ledger')).toEqual(sequence('listing'));
  });

  it('are the same through a block’s overlay (keys written in the block listed with the state’s)', () => {
    expect(sequence('overlay')).toEqual(sequence('listing'));
  });
});
