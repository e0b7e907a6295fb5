import {
  Account,
  AccountAuthenticatorEd25519,
  ChainId,
  Ed25519Signature,
  generateSignedTransaction,
  RawTransaction,
  SimpleTransaction,
  type AnyRawTransaction,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, postBcs, startChain, validationBody, type Chain } from './helpers.ts';

let chain: Chain;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  chain = await startChain();
  alice = await fundedAccount(chain);
  bob = await fundedAccount(chain);
});
afterAll(async () => {
  await chain.localnet.stop();
});

type Options = {
  maxGasAmount?: number;
  gasUnitPrice?: number;
  expireTimestamp?: number;
  accountSequenceNumber?: number;
};

function transfer(sender: Account, options: Options = {}, withFeePayer = false) {
  return chain.aptos.transaction.build.simple({
    sender: sender.accountAddress,
    withFeePayer,
    data: { function: '0x1::aptos_account::transfer', functionArguments: [bob.accountAddress, 1] },
    options,
  });
}

function submit(transaction: AnyRawTransaction, signer: Account) {
  const senderAuthenticator = chain.aptos.transaction.sign({ signer, transaction });
  return postBcs(
    chain,
    '/transactions',
    generateSignedTransaction({ transaction, senderAuthenticator }),
  );
}

function withChainId(transaction: SimpleTransaction, chainId: number): SimpleTransaction {
  const raw = transaction.rawTransaction;
  return new SimpleTransaction(
    new RawTransaction(
      raw.sender,
      raw.sequence_number,
      raw.payload,
      raw.max_gas_amount,
      raw.gas_unit_price,
      raw.expiration_timestamp_secs,
      new ChainId(chainId),
    ),
  );
}

const now = () => Math.floor(Date.now() / 1000);

describe('validation errors answer 400 with the exact LOCALNET.md body', () => {
  it('INVALID_SIGNATURE (1)', async () => {
    const transaction = await transfer(alice);
    const good = chain.aptos.transaction.sign({
      signer: alice,
      transaction,
    }) as AccountAuthenticatorEd25519;
    const bad = new AccountAuthenticatorEd25519(
      good.public_key,
      new Ed25519Signature(new Uint8Array(64)),
    );
    const response = await postBcs(
      chain,
      '/transactions',
      generateSignedTransaction({ transaction, senderAuthenticator: bad }),
    );
    expect(response.status).toBe(400);
    expect(response.body).toStrictEqual(validationBody('INVALID_SIGNATURE', 1));
  });

  it('INVALID_AUTH_KEY (2): a valid signature by a key that does not own the account', async () => {
    const response = await submit(await transfer(alice), bob);
    expect(response.status).toBe(400);
    expect(response.body).toStrictEqual(validationBody('INVALID_AUTH_KEY', 2));
  });

  it('SEQUENCE_NUMBER_TOO_OLD (3)', async () => {
    const first = await chain.aptos.signAndSubmitTransaction({
      signer: alice,
      transaction: await transfer(alice),
    });
    await chain.aptos.waitForTransaction({ transactionHash: first.hash });
    const response = await submit(await transfer(alice, { accountSequenceNumber: 0 }), alice);
    expect(response.body).toStrictEqual(validationBody('SEQUENCE_NUMBER_TOO_OLD', 3));
  });

  it('INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE (5) for a fresh sender', async () => {
    const fresh = Account.generate();
    const response = await submit(await transfer(fresh), fresh);
    expect(response.body).toStrictEqual(
      validationBody('INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE', 5),
    );
  });

  it('TRANSACTION_EXPIRED (6)', async () => {
    const response = await submit(await transfer(alice, { expireTimestamp: now() - 10 }), alice);
    expect(response.body).toStrictEqual(validationBody('TRANSACTION_EXPIRED', 6));
  });

  it('SENDING_ACCOUNT_DOES_NOT_EXIST (7) for a fee payer with no account', async () => {
    const transaction = await transfer(alice, {}, true);
    const feePayer = Account.generate();
    const senderAuthenticator = chain.aptos.transaction.sign({ signer: alice, transaction });
    const feePayerAuthenticator = chain.aptos.transaction.signAsFeePayer({
      signer: feePayer,
      transaction,
    });
    const response = await postBcs(
      chain,
      '/transactions',
      generateSignedTransaction({ transaction, senderAuthenticator, feePayerAuthenticator }),
    );
    expect(response.body).toStrictEqual(validationBody('SENDING_ACCOUNT_DOES_NOT_EXIST', 7));
  });

  it.each([
    [{ maxGasAmount: 20_000_001 }, 'MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND', 13],
    [{ maxGasAmount: 2 }, 'MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS', 14],
    [{ gasUnitPrice: 99 }, 'GAS_UNIT_PRICE_BELOW_MIN_BOUND', 15],
    [{ gasUnitPrice: 10_000_000_001 }, 'GAS_UNIT_PRICE_ABOVE_MAX_BOUND', 16],
  ] as const)('gas bounds %o → %s (%i)', async (options, name, code) => {
    const response = await submit(await transfer(alice, options), alice);
    expect(response.status).toBe(400);
    expect(response.body).toStrictEqual(validationBody(name, code));
  });

  it('BAD_CHAIN_ID (23)', async () => {
    const response = await submit(withChainId(await transfer(alice), 5), alice);
    expect(response.body).toStrictEqual(validationBody('BAD_CHAIN_ID', 23));
  });

  it('checks in order: signature, gas bounds, expiration, chain id, auth key, sequence number, balance', async () => {
    const fresh = Account.generate();
    // Expired, wrong chain, wrong key, no balance: expiration comes first.
    const late = withChainId(await transfer(fresh, { expireTimestamp: now() - 10 }), 5);
    expect((await submit(late, bob)).body).toStrictEqual(validationBody('TRANSACTION_EXPIRED', 6));
    // Gas bound and expiration: gas bounds first.
    const both = await transfer(alice, { maxGasAmount: 2, expireTimestamp: now() - 10 });
    expect((await submit(both, alice)).body).toStrictEqual(
      validationBody('MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS', 14),
    );
    // Wrong chain and wrong key: chain id first; wrong key and no balance: auth key first.
    expect((await submit(withChainId(await transfer(fresh), 5), bob)).body).toStrictEqual(
      validationBody('BAD_CHAIN_ID', 23),
    );
    expect((await submit(await transfer(fresh), bob)).body).toStrictEqual(
      validationBody('INVALID_AUTH_KEY', 2),
    );
  });
});

describe('sequence numbers', () => {
  it('parks a future sequence number (202) and commits it once the gap fills, in order', async () => {
    const carol = await fundedAccount(chain);
    const { sequence_number } = await chain.aptos.getAccountInfo({
      accountAddress: carol.accountAddress,
    });
    const base = Number(sequence_number);
    const later = await submit(await transfer(carol, { accountSequenceNumber: base + 1 }), carol);
    expect(later.status).toBe(202);
    const laterHash = (later.body as { hash: string }).hash;
    expect((await chain.aptos.getTransactionByHash({ transactionHash: laterHash })).type).toBe(
      'pending_transaction',
    );
    const first = await submit(await transfer(carol, { accountSequenceNumber: base }), carol);
    expect(first.status).toBe(202);
    const committedLater = await chain.aptos.waitForTransaction({ transactionHash: laterHash });
    const committedFirst = await chain.aptos.waitForTransaction({
      transactionHash: (first.body as { hash: string }).hash,
    });
    expect(BigInt(committedFirst.version)).toBeLessThan(BigInt(committedLater.version));
  });

  it('answers 202 again for the identical bytes while pending', async () => {
    await chain.dev('mining', { mode: 'manual' });
    try {
      const transaction = await transfer(alice);
      const senderAuthenticator = chain.aptos.transaction.sign({ signer: alice, transaction });
      const bytes = generateSignedTransaction({ transaction, senderAuthenticator });
      const first = await postBcs(chain, '/transactions', bytes);
      const again = await postBcs(chain, '/transactions', bytes);
      expect(first.status).toBe(202);
      expect(again.status).toBe(202);
      expect(again.body).toStrictEqual(first.body);
      expect(first.body).not.toHaveProperty('type');
    } finally {
      await chain.dev('mining', { mode: 'instant' });
    }
  });
});
