// `0x1::multisig_account` and the `Multisig` transaction payload on the embedded chain: creation,
// the create / approve / execute flow, a rejected transaction, a failed inner call, simulation of
// a multisig payload (no prologue), and fee payer `0x0` / a fee payer without funds in simulation.
import type { Account } from '@aptos-labs/ts-sdk';
import {
  AccountAddress,
  generateSignedTransaction,
  generateTransactionPayload,
  type InputEntryFunctionData,
  type InputViewFunctionData,
  type MoveValue,
  type TransactionPayloadMultiSig,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, postBcs, startChain, validationBody, type Chain } from './helpers.ts';

let chain: Chain;
let owners: Account[];
let receiver: Account;
let multisig: string;

const view = async <T extends MoveValue[]>(
  fn: string,
  args: InputViewFunctionData['functionArguments'],
) =>
  chain.aptos.view<T>({
    payload: { function: `0x1::multisig_account::${fn}`, functionArguments: args },
  });

async function run(
  signer: Account,
  fn: `${string}::${string}::${string}`,
  args: InputEntryFunctionData['functionArguments'],
): Promise<UserTransactionResponse> {
  const transaction = await chain.aptos.transaction.build.simple({
    sender: signer.accountAddress,
    data: { function: fn, functionArguments: args },
  });
  const pending = await chain.aptos.signAndSubmitTransaction({ signer, transaction });
  return (await chain.aptos.waitForTransaction({
    transactionHash: pending.hash,
    options: { checkSuccess: false },
  })) as UserTransactionResponse;
}

/** The BCS `MultisigTransactionPayload` of a transfer, as `create_transaction` stores it. */
async function transferPayload(amount: number): Promise<Uint8Array> {
  const payload = (await generateTransactionPayload({
    multisigAddress: multisig,
    function: '0x1::aptos_account::transfer',
    functionArguments: [receiver.accountAddress, amount],
    aptosConfig: chain.aptos.config,
  })) as TransactionPayloadMultiSig;
  const inner = payload.multiSig.transaction_payload;
  if (inner === undefined) throw new Error('no inner payload');
  return inner.bcsToBytes();
}

/** An owner's `Multisig` payload transaction executing the next pending transaction. */
function buildExecution(owner: Account, amount: number) {
  return chain.aptos.transaction.build.simple({
    sender: owner.accountAddress,
    data: {
      multisigAddress: multisig,
      function: '0x1::aptos_account::transfer',
      functionArguments: [receiver.accountAddress, amount],
    },
  });
}

/** An account's address as the chain prints it in JSON (leading zeros dropped). */
const short = (account: Account) =>
  `0x${account.accountAddress
    .toStringLong()
    .slice(2)
    .replace(/^0+(?=.)/, '')}`;
const balance = (address: string) => chain.aptos.getAccountAPTAmount({ accountAddress: address });
const eventsOf = (tx: UserTransactionResponse, name: string) =>
  tx.events.filter((event) => event.type === `0x1::multisig_account::${name}`);

beforeAll(async () => {
  chain = await startChain();
  owners = [
    await fundedAccount(chain, 1_000_000_000),
    await fundedAccount(chain, 1_000_000_000),
    await fundedAccount(chain, 1_000_000_000),
  ];
  receiver = await fundedAccount(chain, 1_000);
});
afterAll(async () => {
  await chain.localnet.stop();
});

describe('0x1::multisig_account', () => {
  it('creates a 3-of-3 account at the address get_next_multisig_account_address predicts', async () => {
    const [a, b, c] = owners as [Account, Account, Account];
    [multisig] = (await view<[string]>('get_next_multisig_account_address', [short(a)])) as [
      string,
    ];
    const created = await run(a, '0x1::multisig_account::create_with_owners', [
      [short(b), short(c)],
      3,
      ['name'],
      [new Uint8Array([1, 2])],
    ]);
    expect(created.success).toBe(true);
    expect(await view<[string[]]>('owners', [multisig])).toEqual([[short(b), short(c), short(a)]]);
    expect(await view<[string]>('num_signatures_required', [multisig])).toEqual(['3']);
    expect(await view<[string]>('next_sequence_number', [multisig])).toEqual(['1']);
    const account = await chain.aptos.getAccountInfo({ accountAddress: multisig });
    expect(account.authentication_key).toBe(`0x${'0'.repeat(64)}`);
    // Creating again from the same nonce is impossible: the creator's sequence number moved on.
    expect(await view<[string]>('get_next_multisig_account_address', [short(a)])).not.toEqual([
      multisig,
    ]);
    await chain.aptos.fundAccount({ accountAddress: multisig, amount: 100_000_000 });
  });

  it('refuses a bad signature threshold with the framework abort', async () => {
    const refused = await run(owners[0] as Account, '0x1::multisig_account::create', [0, [], []]);
    expect(refused.success).toBe(false);
    expect(refused.vm_status).toContain(
      'Move abort in 0x1::multisig_account: EINVALID_SIGNATURES_REQUIRED(0x1000b)',
    );
  });

  it('creates, approves and executes a transfer as the multisig account', async () => {
    const [a, b, c] = owners as [Account, Account, Account];
    const created = await run(a, '0x1::multisig_account::create_transaction', [
      multisig,
      await transferPayload(12_345),
    ]);
    expect(created.success).toBe(true);
    expect(eventsOf(created, 'CreateTransaction')[0]?.data).toMatchObject({
      creator: short(a),
      sequence_number: '1',
    });
    // Module events only (event::emit): no CreateTransactionEvent beside it.
    expect(
      created.events
        .map((event) => event.type)
        .filter((type) => type.startsWith('0x1::multisig_account::')),
    ).toEqual(['0x1::multisig_account::CreateTransaction']);
    const [pending] = await view<[Array<{ votes: { data: unknown[] }; creator: string }>]>(
      'get_pending_transactions',
      [multisig],
    );
    expect(pending).toHaveLength(1);
    expect(pending[0]?.votes.data).toEqual([{ key: short(a), value: true }]);
    expect(await view<[boolean]>('can_be_executed', [multisig, 1])).toEqual([false]);
    const stored = await transferPayload(12_345);
    const [txn] = await view<[{ payload: unknown; payload_hash: unknown; creator: string }]>(
      'get_transaction',
      [multisig, 1],
    );
    expect(txn).toMatchObject({
      payload: { vec: [`0x${Buffer.from(stored).toString('hex')}`] },
      payload_hash: { vec: [] },
      creator: short(a),
    });
    // The same transaction as the `transactions` table item a node serves.
    const resource = await chain.aptos.getAccountResource<{
      transactions: { handle: string };
      create_transaction_events: { counter: string };
    }>({
      accountAddress: multisig,
      resourceType: '0x1::multisig_account::MultisigAccount',
    });
    expect(resource.create_transaction_events.counter).toBe('0');
    expect(
      await chain.aptos.getTableItem({
        handle: resource.transactions.handle,
        data: {
          key_type: 'u64',
          value_type: '0x1::multisig_account::MultisigTransaction',
          key: '1',
        },
      }),
    ).toEqual(txn);

    // Two approvals (a's, and b's implicit one) of three: the prologue refuses it on submit.
    const early = await buildExecution(b, 12_345);
    const tooEarly = await postBcs(
      chain,
      '/transactions',
      generateSignedTransaction({
        transaction: early,
        senderAuthenticator: chain.aptos.transaction.sign({ signer: b, transaction: early }),
      }),
    );
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body).toEqual(
      validationBody('MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS', 34),
    );

    expect(
      (await run(c, '0x1::multisig_account::approve_transaction', [multisig, 1])).success,
    ).toBe(true);
    expect(await view<[boolean]>('can_execute', [short(b), multisig, 1])).toEqual([true]);
    // A payload provided beside the stored one must be it (ABORT_IF_MULTISIG_PAYLOAD_MISMATCH).
    const other = await buildExecution(b, 12_346);
    const mismatch = await postBcs(
      chain,
      '/transactions',
      generateSignedTransaction({
        transaction: other,
        senderAuthenticator: chain.aptos.transaction.sign({ signer: b, transaction: other }),
      }),
    );
    expect(mismatch.body).toEqual(
      validationBody('MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH', 40),
    );
    const before = await balance(short(receiver));
    const transaction = await buildExecution(b, 12_345);
    const pendingTx = await chain.aptos.signAndSubmitTransaction({ signer: b, transaction });
    const executed = (await chain.aptos.waitForTransaction({
      transactionHash: pendingTx.hash,
    })) as UserTransactionResponse;
    expect(executed.success).toBe(true);
    expect(executed.payload).toEqual({
      type: 'multisig_payload',
      multisig_address: multisig,
      transaction_payload: {
        type: 'entry_function_payload',
        function: '0x1::aptos_account::transfer',
        type_arguments: [],
        arguments: [short(receiver), '12345'],
      },
    });
    expect(await balance(short(receiver))).toBe(before + 12_345);
    expect(eventsOf(executed, 'TransactionExecutionSucceeded')[0]?.data).toMatchObject({
      multisig_account: multisig,
      executor: short(b),
      sequence_number: '1',
      num_approvals: '3',
    });
    // The executor's implicit approval: a module event, as multisig_account.move emits them all
    // (its EventHandles are never used, so no `VoteEvent` and no counter moves).
    expect(eventsOf(executed, 'Vote').map((event) => event.data)).toEqual([
      { multisig_account: multisig, owner: short(b), sequence_number: '1', approved: true },
    ]);
    expect(executed.events.filter((event) => /Event$/.test(event.type))).toEqual([]);
    expect(await view<[string]>('last_resolved_sequence_number', [multisig])).toEqual(['1']);
    expect(await view<[unknown[]]>('get_pending_transactions', [multisig])).toEqual([[]]);
  });

  it('removes a transaction once enough owners reject it, not before', async () => {
    const [a, b, c] = owners as [Account, Account, Account];
    await run(a, '0x1::multisig_account::create_transaction', [multisig, await transferPayload(1)]);
    await run(b, '0x1::multisig_account::reject_transaction', [multisig, 2]);
    const notYet = await run(c, '0x1::multisig_account::execute_rejected_transaction', [multisig]);
    expect(notYet.success).toBe(false);
    expect(notYet.vm_status).toContain('ENOT_ENOUGH_REJECTIONS(0x3000a)');
    await run(a, '0x1::multisig_account::reject_transaction', [multisig, 2]);
    expect(await view<[boolean]>('can_reject', [short(c), multisig, 2])).toEqual([true]);
    const rejected = await run(c, '0x1::multisig_account::execute_rejected_transaction', [
      multisig,
    ]);
    expect(rejected.success).toBe(true);
    expect(eventsOf(rejected, 'ExecuteRejectedTransaction')[0]?.data).toEqual({
      multisig_account: multisig,
      sequence_number: '2',
      num_rejections: '3',
      executor: short(c),
    });
    expect(await view<[string]>('last_resolved_sequence_number', [multisig])).toEqual(['2']);
  });

  it('resolves a transaction whose call aborts: the outer transaction succeeds, nothing moves', async () => {
    const [a, b, c] = owners as [Account, Account, Account];
    const tooMuch = 10_000_000_000;
    await run(a, '0x1::multisig_account::create_transaction', [
      multisig,
      await transferPayload(tooMuch),
    ]);
    await run(b, '0x1::multisig_account::approve_transaction', [multisig, 3]);
    const before = await balance(multisig);
    const transaction = await buildExecution(c, tooMuch);
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: c, transaction });
    const executed = (await chain.aptos.waitForTransaction({
      transactionHash: pending.hash,
    })) as UserTransactionResponse;
    expect(executed.success).toBe(true);
    expect(eventsOf(executed, 'TransactionExecutionFailed')[0]?.data).toMatchObject({
      sequence_number: '3',
      num_approvals: '3',
      execution_error: { error_type: 'MoveAbort', abort_location: '0x1::fungible_asset' },
    });
    expect(await balance(multisig)).toBe(before);
    expect(await view<[string]>('last_resolved_sequence_number', [multisig])).toEqual(['3']);
  });

  it('executes a transaction stored as a hash only with the matching payload', async () => {
    const [a, b, c] = owners as [Account, Account, Account];
    const payload = await transferPayload(4_321);
    const hash = new Uint8Array(createHash('sha3-256').update(payload).digest());
    const created = await run(a, '0x1::multisig_account::create_transaction_with_hash', [
      multisig,
      hash,
    ]);
    expect(created.success).toBe(true);
    await run(b, '0x1::multisig_account::approve_transaction', [multisig, 4]);
    const wrong = await buildExecution(c, 4_322);
    const refused = await postBcs(
      chain,
      '/transactions',
      generateSignedTransaction({
        transaction: wrong,
        senderAuthenticator: chain.aptos.transaction.sign({ signer: c, transaction: wrong }),
      }),
    );
    expect(refused.body).toEqual(
      validationBody('MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH_HASH', 35),
    );
    const before = await balance(short(receiver));
    const transaction = await buildExecution(c, 4_321);
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: c, transaction });
    await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
    expect(await balance(short(receiver))).toBe(before + 4_321);
    expect(await view<[string]>('last_resolved_sequence_number', [multisig])).toEqual(['4']);
  });
});

describe('simulation', () => {
  it('simulates a multisig payload without the prologue and changes nothing', async () => {
    const [a] = owners as [Account];
    await run(a, '0x1::multisig_account::create_transaction', [multisig, await transferPayload(7)]);
    // One approval of three: a submission would be refused, a simulation runs it.
    const transaction = await buildExecution(a, 7);
    const [result] = await chain.aptos.transaction.simulate.simple({
      signerPublicKey: a.publicKey,
      transaction,
    });
    expect(result?.success).toBe(true);
    expect(
      result?.events.some((e) => e.type === '0x1::multisig_account::TransactionExecutionSucceeded'),
    ).toBe(true);
    expect(await view<[string]>('last_resolved_sequence_number', [multisig])).toEqual(['4']);
  });

  it('simulates with fee payer 0x0 (nobody pays) and refuses a fee payer with no funds', async () => {
    const [a] = owners as [Account];
    const build = () =>
      chain.aptos.transaction.build.simple({
        sender: a.accountAddress,
        data: {
          function: '0x1::aptos_account::transfer',
          functionArguments: [receiver.accountAddress, 1],
        },
        withFeePayer: true,
      });
    const zero = await build();
    expect(zero.feePayerAddress?.toString()).toBe('0x0');
    const [sponsored] = await chain.aptos.transaction.simulate.simple({ transaction: zero });
    expect(sponsored?.success).toBe(true);

    const broke = await build();
    broke.feePayerAddress = AccountAddress.from('0x7');
    const [refused] = await chain.aptos.transaction.simulate.simple({ transaction: broke });
    expect(refused?.success).toBe(false);
    expect(refused?.vm_status).toBe('INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE');
  });
});
