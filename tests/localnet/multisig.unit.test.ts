/**
 * `0x1::multisig_account` and the `Multisig` payload in process (no HTTP, no ports), so the
 * executor's multisig path is in the fast mutation scope: an owner executes an approved transfer
 * as the multisig account, and an approved call that aborts leaves the outer transaction
 * successful with nothing moved. The HTTP flow, events and refusals are in `multisig.test.ts`.
 */
import type { MoveString, U8 } from '@aptos-labs/ts-sdk';
import {
  Account,
  AccountAddress,
  EntryFunction,
  MoveVector,
  MultiSig,
  MultiSigTransactionPayload,
  RawTransaction,
  ChainId,
  TransactionPayloadMultiSig,
  U64,
} from '@aptos-labs/ts-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LongAddress } from '../../localnet/encoding.ts';
import { nextMultisigAddress } from '../../localnet/framework/multisig/accounts.ts';
import { CHAIN_ID } from '../../localnet/framework/genesis.ts';
import { long, NOW_SECONDS, rawTransaction, signed, World } from './inProcess.ts';

const world = new World();
const a = Account.generate();
const b = Account.generate();
const receiver = Account.generate();
let multisig: LongAddress;

const transfer = (amount: bigint) =>
  EntryFunction.build(
    '0x1::aptos_account',
    'transfer',
    [],
    [receiver.accountAddress, new U64(amount)],
  );

/** Runs an entry call from `signer` at its next sequence number. */
function run(
  signer: Account,
  fn: `${string}::${string}::${string}`,
  args: Parameters<typeof rawTransaction>[2],
) {
  return world.run(
    signed(
      signer,
      rawTransaction(signer.accountAddress, fn, args, {
        sequenceNumber: world.sequenceNumber(signer.accountAddress),
      }),
    ),
  );
}

/** `owner` executes the multisig account's next transaction, carrying its payload. */
function execute(owner: Account, call: EntryFunction) {
  const raw = new RawTransaction(
    owner.accountAddress,
    world.sequenceNumber(owner.accountAddress),
    new TransactionPayloadMultiSig(
      new MultiSig(AccountAddress.from(multisig), new MultiSigTransactionPayload(call)),
    ),
    200_000n,
    100n,
    NOW_SECONDS + 60n,
    new ChainId(CHAIN_ID),
  );
  return world.run(signed(owner, raw));
}

/** `a` proposes `call`, `b` approves it (2 of 2). */
function propose(call: EntryFunction): void {
  const payload = new MultiSigTransactionPayload(call).bcsToBytes();
  const created = run(a, '0x1::multisig_account::create_transaction', [
    AccountAddress.from(multisig),
    MoveVector.U8(payload),
  ]);
  expect(created.vmStatus).toBe('Executed successfully');
}

beforeAll(() => {
  world.fund(a.accountAddress, 1_000_000_000n);
  world.fund(b.accountAddress, 1_000_000_000n);
  world.fund(receiver.accountAddress, 1_000n);
  multisig = nextMultisigAddress(world, long(a.accountAddress));
  const created = run(a, '0x1::multisig_account::create_with_owners', [
    new MoveVector([b.accountAddress]),
    new U64(2n),
    new MoveVector<MoveString>([]),
    new MoveVector<MoveVector<U8>>([]),
  ]);
  expect(created.vmStatus).toBe('Executed successfully');
  world.fund(multisig, 100_000_000n);
});

describe('multisig payloads in process', () => {
  it('runs an approved transfer as the multisig account', () => {
    propose(transfer(4_321n));
    run(b, '0x1::multisig_account::approve_transaction', [
      AccountAddress.from(multisig),
      new U64(1n),
    ]);
    const before = world.balance(receiver.accountAddress);
    const fromMultisig = world.balance(multisig);
    const output = execute(b, transfer(4_321n));
    expect(output.vmStatus).toBe('Executed successfully');
    expect(world.balance(receiver.accountAddress)).toBe(before + 4_321n);
    expect(world.balance(multisig)).toBe(fromMultisig - 4_321n);
  });

  it('an approved call that aborts: the outer transaction succeeds and nothing moves', () => {
    propose(transfer(10_000_000_000n));
    run(b, '0x1::multisig_account::approve_transaction', [
      AccountAddress.from(multisig),
      new U64(2n),
    ]);
    const fromMultisig = world.balance(multisig);
    const output = execute(b, transfer(10_000_000_000n));
    expect(output.success).toBe(true);
    const failed = output.events.find((event) =>
      event.type.endsWith('::multisig_account::TransactionExecutionFailed'),
    );
    expect(failed?.data).toMatchObject({ sequence_number: '2' });
    expect(world.balance(multisig)).toBe(fromMultisig);
  });
});
