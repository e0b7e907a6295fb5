/**
 * `POST /v1/transactions/batch`, the node's batch submission: a BCS vector of signed transactions;
 * 202 with no failures, 206 with the refused ones by index, 400 for the whole batch when it does
 * not decode or is longer than 100. The bodies validate against the official OpenAPI spec.
 */
import {
  Account,
  AccountAuthenticatorEd25519,
  Ed25519Signature,
  generateSignedTransaction,
  generateUserTransactionHash,
  type SimpleTransaction,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bcsVector,
  buildTransfer,
  fundedAccount,
  postBcs,
  startChain,
  validationBody,
  type Chain,
} from './helpers.ts';
import { specErrors } from './openApi.ts';

let chain: Chain;

beforeAll(async () => {
  chain = await startChain();
});
afterAll(async () => {
  await chain.localnet.stop();
});

function signed(signer: Account, transaction: SimpleTransaction) {
  const senderAuthenticator = chain.aptos.transaction.sign({ signer, transaction });
  return {
    bytes: generateSignedTransaction({ transaction, senderAuthenticator }),
    hash: generateUserTransactionHash({ transaction, senderAuthenticator }),
  };
}

const submitBatch = (body: Uint8Array, contentType?: string) =>
  postBcs(chain, '/transactions/batch', body, contentType);

async function committed(hash: string): Promise<boolean> {
  const tx = await chain.aptos.waitForTransaction({ transactionHash: hash });
  return tx.success;
}

describe('POST /transactions/batch', () => {
  it('accepts a whole batch with 202 and commits every transaction, one sender in order', async () => {
    const alice = await fundedAccount(chain);
    const bob = await fundedAccount(chain);
    const transactions = [
      signed(alice, await buildTransfer(chain, alice, { accountSequenceNumber: 0 })),
      signed(bob, await buildTransfer(chain, bob, { accountSequenceNumber: 0 })),
      signed(alice, await buildTransfer(chain, alice, { accountSequenceNumber: 1 })),
      // A shape the chain's fast decoder leaves to the SDK's: a type argument.
      signed(
        alice,
        await chain.aptos.transaction.build.simple({
          sender: alice.accountAddress,
          data: {
            function: '0x1::coin::transfer',
            typeArguments: ['0x1::aptos_coin::AptosCoin'],
            functionArguments: [bob.accountAddress, 7],
          },
          options: { accountSequenceNumber: 2 },
        }),
      ),
    ];
    const response = await submitBatch(bcsVector(transactions.map((tx) => tx.bytes)));
    expect(response.status).toBe(202);
    expect(response.body).toStrictEqual({ transaction_failures: [] });
    expect(specErrors('TransactionsBatchSubmissionResult', response.body)).toEqual([]);
    expect(response.headers.get('x-aptos-chain-id')).toBe('4');
    for (const tx of transactions) expect(await committed(tx.hash)).toBe(true);
    const account = await chain.aptos.getAccountInfo({ accountAddress: alice.accountAddress });
    expect(account.sequence_number).toBe('3');
  });

  it('answers 206 with each refused transaction by index and its error; the others commit', async () => {
    const alice = await fundedAccount(chain);
    const good = signed(alice, await buildTransfer(chain, alice, { accountSequenceNumber: 0 }));
    await chain.aptos.waitForTransaction({
      transactionHash: (
        await postBcs(chain, '/transactions', good.bytes).then((r) => r.body as { hash: string })
      ).hash,
    });
    const tooOld = signed(alice, await buildTransfer(chain, alice, { accountSequenceNumber: 0 }));
    const transaction = await buildTransfer(chain, alice, { accountSequenceNumber: 1 });
    const genuine = chain.aptos.transaction.sign({
      signer: alice,
      transaction,
    }) as AccountAuthenticatorEd25519;
    const forged = generateSignedTransaction({
      transaction,
      senderAuthenticator: new AccountAuthenticatorEd25519(
        genuine.public_key,
        new Ed25519Signature(new Uint8Array(64)),
      ),
    });
    const next = signed(alice, transaction);

    const response = await submitBatch(bcsVector([tooOld.bytes, forged, next.bytes]));
    expect(response.status).toBe(206);
    expect(response.body).toStrictEqual({
      transaction_failures: [
        { error: validationBody('SEQUENCE_NUMBER_TOO_OLD', 3), transaction_index: 0 },
        { error: validationBody('INVALID_SIGNATURE', 1), transaction_index: 1 },
      ],
    });
    expect(specErrors('TransactionsBatchSubmissionResult', response.body)).toEqual([]);
    expect(await committed(next.hash)).toBe(true);
  });

  it('answers 206 listing every transaction when none is accepted', async () => {
    const fresh = Account.generate(); // no account, no balance: every one is refused
    const transactions = [
      signed(fresh, await buildTransfer(chain, fresh, { accountSequenceNumber: 0 })),
      signed(fresh, await buildTransfer(chain, fresh, { accountSequenceNumber: 1 })),
    ];
    const response = await submitBatch(bcsVector(transactions.map((tx) => tx.bytes)));
    expect(response.status).toBe(206);
    const failures = (response.body as { transaction_failures: { transaction_index: number }[] })
      .transaction_failures;
    expect(failures.map((failure) => failure.transaction_index)).toEqual([0, 1]);
    expect(specErrors('TransactionsBatchSubmissionResult', response.body)).toEqual([]);
  });

  it('accepts an empty batch, and a transaction already pending is not a failure', async () => {
    expect(await submitBatch(Uint8Array.from([0]))).toMatchObject({
      status: 202,
      body: { transaction_failures: [] },
    });
    const alice = await fundedAccount(chain);
    const tx = signed(alice, await buildTransfer(chain, alice, { accountSequenceNumber: 0 }));
    await chain.dev('mining', { mode: 'manual' });
    try {
      const response = await submitBatch(bcsVector([tx.bytes, tx.bytes]));
      expect(response).toMatchObject({ status: 202, body: { transaction_failures: [] } });
    } finally {
      await chain.dev('mining', { mode: 'instant' });
    }
    expect(await committed(tx.hash)).toBe(true);
  });

  it('refuses the whole batch with 400 when it does not decode, naming why', async () => {
    const alice = await fundedAccount(chain);
    const tx = signed(alice, await buildTransfer(chain, alice, { accountSequenceNumber: 0 }));
    const body = bcsVector([tx.bytes, tx.bytes]);
    expect(await submitBatch(body.subarray(0, body.length - 1))).toMatchObject({
      status: 400,
      body: {
        error_code: 'invalid_input',
        message: 'Failed to deserialize input into SignedTransaction: unexpected end of input',
        vm_error_code: null,
      },
    });
    expect(await submitBatch(new Uint8Array([...body, 0]))).toMatchObject({
      status: 400,
      body: { message: 'Failed to deserialize input into SignedTransaction: remaining input' },
    });
    // Nothing of a refused batch reaches the mempool.
    const account = await chain.aptos.getAccountInfo({ accountAddress: alice.accountAddress });
    expect(account.sequence_number).toBe('0');
    expect(
      (await chain.rest(`/transactions/by_hash/${tx.hash}`)).status,
      'the refused batch left nothing pending',
    ).toBe(404);
  });

  it('refuses more than 100 transactions, more than 8 MiB, and a body that is not BCS', async () => {
    const alice = await fundedAccount(chain);
    const one = signed(alice, await buildTransfer(chain, alice, { accountSequenceNumber: 0 }));
    expect(
      await submitBatch(bcsVector(Array.from({ length: 101 }, () => one.bytes))),
    ).toMatchObject({
      status: 400,
      body: {
        error_code: 'invalid_input',
        message: 'Submitted too many transactions: 101, while limit: 100',
      },
    });
    // 300 transfers are about 66 KB, over the 64 KiB of a single submission: a batch may be larger
    // (the node's 8 MiB content limit), so the answer is the count, not 413.
    const many = bcsVector(Array.from({ length: 300 }, () => one.bytes));
    expect(many.length).toBeGreaterThan(65_536);
    expect(await submitBatch(many)).toMatchObject({
      status: 400,
      body: { message: 'Submitted too many transactions: 300, while limit: 100' },
    });
    expect(await submitBatch(new Uint8Array(8 * 1024 * 1024 + 1))).toMatchObject({
      status: 413,
      body: {
        error_code: 'web_framework_error',
        message: 'Payload too large: the request body exceeds the limit of 8388608 bytes',
      },
    });
    const json = await submitBatch(new TextEncoder().encode('[]'), 'application/json');
    expect(json.status).toBe(415);
    expect((json.body as { message: string }).message).toContain(
      'submit a BCS vector of SignedTransaction as application/x.aptos.signed_transaction+bcs',
    );
  });
});
