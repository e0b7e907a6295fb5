import {
  Account,
  Ed25519PrivateKey,
  generateSignedTransaction,
  MultiEd25519Account,
  MultiEd25519PublicKey,
  MultiKey,
  MultiKeyAccount,
  SigningSchemeInput,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  fundedAccount,
  postBcs,
  startChain,
  validationBody,
  type Chain,
} from './helpers.ts';

let chain: Chain;

beforeAll(async () => {
  chain = await startChain();
});
afterAll(async () => {
  await chain.localnet.stop();
});

/** The playground module (`0xcafe`), long form as the SDK wants it. */
const PLAYGROUND = '0x000000000000000000000000000000000000000000000000000000000000cafe::playground';

async function transferFrom(signer: Account) {
  await chain.aptos.fundAccount({ accountAddress: signer.accountAddress, amount: 100_000_000 });
  const recipient = Account.generate();
  const transaction = await chain.aptos.transaction.build.simple({
    sender: signer.accountAddress,
    data: {
      function: '0x1::aptos_account::transfer',
      functionArguments: [recipient.accountAddress, 99],
    },
  });
  const pending = await chain.aptos.signAndSubmitTransaction({ signer, transaction });
  const committed = await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
  expect(await chain.aptos.getAccountAPTAmount({ accountAddress: recipient.accountAddress })).toBe(
    99,
  );
  return committed;
}

describe('signature schemes', () => {
  it('verifies SingleKey Ed25519', async () => {
    const committed = await transferFrom(
      Account.generate({ scheme: SigningSchemeInput.Ed25519, legacy: false }),
    );
    expect(committed.success).toBe(true);
  });

  it('verifies SingleKey Secp256k1', async () => {
    const committed = await transferFrom(
      Account.generate({ scheme: SigningSchemeInput.Secp256k1Ecdsa }),
    );
    expect(committed.success).toBe(true);
  });

  it('verifies MultiEd25519 (2 of 3)', async () => {
    const keys = [
      Ed25519PrivateKey.generate(),
      Ed25519PrivateKey.generate(),
      Ed25519PrivateKey.generate(),
    ];
    const publicKey = new MultiEd25519PublicKey({
      publicKeys: keys.map((key) => key.publicKey()),
      threshold: 2,
    });
    const [first, , third] = keys;
    if (first === undefined || third === undefined) throw new Error('three keys expected');
    const account = new MultiEd25519Account({ publicKey, signers: [first, third] });
    const committed = await transferFrom(account);
    expect(asUser(committed).signature?.type).toBe('multi_ed25519_signature');
  });

  it('verifies MultiKey (2 of 3, mixed schemes) and rejects too few signatures', async () => {
    const ed25519 = Account.generate({ scheme: SigningSchemeInput.Ed25519, legacy: false });
    const secp256k1 = Account.generate({ scheme: SigningSchemeInput.Secp256k1Ecdsa });
    const spare = Account.generate({ scheme: SigningSchemeInput.Ed25519, legacy: false });
    const members = [ed25519, secp256k1, spare];
    const multiKey = new MultiKey({
      publicKeys: members.map((member) => member.publicKey),
      signaturesRequired: 2,
    });
    const account = new MultiKeyAccount({ multiKey, signers: [ed25519, secp256k1] });
    const committed = await transferFrom(account);
    expect(committed.success).toBe(true);

    const lone = new MultiKeyAccount({
      multiKey: new MultiKey({ publicKeys: multiKey.publicKeys, signaturesRequired: 1 }),
      signers: [spare],
    });
    const transaction = await chain.aptos.transaction.build.simple({
      sender: account.accountAddress,
      data: {
        function: '0x1::aptos_account::transfer',
        functionArguments: [ed25519.accountAddress, 1],
      },
    });
    // One signature under a 1-of-3 key does not match the 2-of-3 account's authentication key.
    const response = await postBcs(
      chain,
      '/transactions',
      generateSignedTransaction({
        transaction,
        senderAuthenticator: chain.aptos.transaction.sign({ signer: lone, transaction }),
      }),
    );
    expect(response.body).toStrictEqual(validationBody('INVALID_AUTH_KEY', 2));
  });

  it('verifies a multi-agent transaction and rejects a wrong secondary signature', async () => {
    const [alice, bob] = await Promise.all([fundedAccount(chain), fundedAccount(chain)]);
    const transaction = await chain.aptos.transaction.build.multiAgent({
      sender: alice.accountAddress,
      secondarySignerAddresses: [bob.accountAddress],
      data: { function: `${PLAYGROUND}::store_value_both`, functionArguments: [5] },
    });
    const senderAuthenticator = chain.aptos.transaction.sign({ signer: alice, transaction });
    const wrong = chain.aptos.transaction.sign({ signer: Account.generate(), transaction });
    const rejected = await postBcs(
      chain,
      '/transactions',
      generateSignedTransaction({
        transaction,
        senderAuthenticator,
        additionalSignersAuthenticators: [wrong],
      }),
    );
    expect(rejected.body).toStrictEqual(validationBody('INVALID_AUTH_KEY', 2));
    const bobAuthenticator = chain.aptos.transaction.sign({ signer: bob, transaction });
    const pending = await chain.aptos.transaction.submit.multiAgent({
      transaction,
      senderAuthenticator,
      additionalSignersAuthenticators: [bobAuthenticator],
    });
    const committed = await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
    expect(asUser(committed).signature?.type).toBe('multi_agent_signature');
    for (const owner of [alice, bob]) {
      expect(
        await chain.aptos.view({
          payload: {
            function: `${PLAYGROUND}::get_value`,
            functionArguments: [owner.accountAddress],
          },
        }),
      ).toEqual(['5']);
    }
  });

  it('verifies a fee-payer transaction: the sponsor pays the fee', async () => {
    const [sponsor, sender] = await Promise.all([fundedAccount(chain), fundedAccount(chain)]);
    const recipient = Account.generate();
    const transaction = await chain.aptos.transaction.build.simple({
      sender: sender.accountAddress,
      withFeePayer: true,
      data: {
        function: '0x1::aptos_account::transfer',
        functionArguments: [recipient.accountAddress, 1_000],
      },
    });
    const senderAuthenticator = chain.aptos.transaction.sign({ signer: sender, transaction });
    const feePayerAuthenticator = chain.aptos.transaction.signAsFeePayer({
      signer: sponsor,
      transaction,
    });
    const pending = await chain.aptos.transaction.submit.simple({
      transaction,
      senderAuthenticator,
      feePayerAuthenticator,
    });
    const committed = await chain.aptos.waitForTransaction({ transactionHash: pending.hash });
    expect(asUser(committed).signature?.type).toBe('fee_payer_signature');
    const fee =
      Number(committed.gas_used) * Number((committed as { gas_unit_price: string }).gas_unit_price);
    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: sender.accountAddress })).toBe(
      100_000_000 - 1_000,
    );
    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: sponsor.accountAddress })).toBe(
      100_000_000 - fee,
    );
  });
});
