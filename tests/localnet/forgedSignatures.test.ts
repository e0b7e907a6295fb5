import {
  Account,
  AccountAddress,
  AccountAuthenticatorEd25519,
  Ed25519PublicKey,
  Ed25519Signature,
  generateSignedTransaction,
} from '@aptos-labs/ts-sdk';
import type { AccountAuthenticator, AnyRawTransaction } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYGROUND_ADDRESS } from '../../localnet/index.ts';
import { fundedAccount, postBcs, startChain, validationBody } from './helpers.ts';
import type { Chain } from './helpers.ts';

/**
 * A forged signature: the signer's right public key (the auth key matches) with a signature over
 * other bytes. The chain must verify every signature of a transaction, not only the sender's
 * (issue 19): each one here answers INVALID_SIGNATURE.
 */
let chain: Chain;

beforeAll(async () => {
  chain = await startChain();
});
afterAll(async () => {
  await chain.localnet.stop();
});

const STORE_VALUE_BOTH: `${string}::${string}::${string}` = `${AccountAddress.from(PLAYGROUND_ADDRESS).toStringLong()}::playground::store_value_both`;

function forged(signer: Account): AccountAuthenticator {
  const other = signer.sign(new TextEncoder().encode('not this transaction'));
  return new AccountAuthenticatorEd25519(
    new Ed25519PublicKey(signer.publicKey.toUint8Array()),
    new Ed25519Signature(other.toUint8Array()),
  );
}

async function submitSigned(args: {
  transaction: AnyRawTransaction;
  senderAuthenticator: AccountAuthenticator;
  additionalSignersAuthenticators?: AccountAuthenticator[];
  feePayerAuthenticator?: AccountAuthenticator;
}) {
  return postBcs(chain, '/transactions', generateSignedTransaction(args));
}

describe('forged signatures with the right key', () => {
  it('a forged fee-payer signature is INVALID_SIGNATURE; the genuine one commits', async () => {
    const [sponsor, sender] = await Promise.all([fundedAccount(chain), fundedAccount(chain)]);
    const transaction = await chain.aptos.transaction.build.simple({
      sender: sender.accountAddress,
      withFeePayer: true,
      data: {
        function: '0x1::aptos_account::transfer',
        functionArguments: [Account.generate().accountAddress, 1],
      },
    });
    const senderAuthenticator = chain.aptos.transaction.sign({ signer: sender, transaction });
    const rejected = await submitSigned({
      transaction,
      senderAuthenticator,
      feePayerAuthenticator: forged(sponsor),
    });
    expect(rejected.status).toBe(400);
    expect(rejected.body).toStrictEqual(validationBody('INVALID_SIGNATURE', 1));

    const accepted = await submitSigned({
      transaction,
      senderAuthenticator,
      feePayerAuthenticator: chain.aptos.transaction.signAsFeePayer({
        signer: sponsor,
        transaction,
      }),
    });
    expect(accepted.status).toBe(202);
  });

  it('a forged secondary signature is INVALID_SIGNATURE; the genuine one commits', async () => {
    const [alice, bob] = await Promise.all([fundedAccount(chain), fundedAccount(chain)]);
    const transaction = await chain.aptos.transaction.build.multiAgent({
      sender: alice.accountAddress,
      secondarySignerAddresses: [bob.accountAddress],
      data: { function: STORE_VALUE_BOTH, functionArguments: [7] },
    });
    const senderAuthenticator = chain.aptos.transaction.sign({ signer: alice, transaction });
    const rejected = await submitSigned({
      transaction,
      senderAuthenticator,
      additionalSignersAuthenticators: [forged(bob)],
    });
    expect(rejected.status).toBe(400);
    expect(rejected.body).toStrictEqual(validationBody('INVALID_SIGNATURE', 1));

    const accepted = await submitSigned({
      transaction,
      senderAuthenticator,
      additionalSignersAuthenticators: [chain.aptos.transaction.sign({ signer: bob, transaction })],
    });
    expect(accepted.status).toBe(202);
  });

  it('a forged sender signature beside genuine others is INVALID_SIGNATURE', async () => {
    const [alice, bob] = await Promise.all([fundedAccount(chain), fundedAccount(chain)]);
    const transaction = await chain.aptos.transaction.build.multiAgent({
      sender: alice.accountAddress,
      secondarySignerAddresses: [bob.accountAddress],
      data: { function: STORE_VALUE_BOTH, functionArguments: [8] },
    });
    const rejected = await submitSigned({
      transaction,
      senderAuthenticator: forged(alice),
      additionalSignersAuthenticators: [chain.aptos.transaction.sign({ signer: bob, transaction })],
    });
    expect(rejected.body).toStrictEqual(validationBody('INVALID_SIGNATURE', 1));
  });
});
