/**
 * A run cancelled while the dev wallet's prompt is open withdraws the request: the prompt closes
 * and the request settles as CANCELLED with the reason, instead of staying open with an answer
 * nobody reads. Through the transaction machine's real signing actors (src/actors).
 */
import { Aptos, AptosConfig, Network, type UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  statePath,
  transactionClock,
  transactionMachine,
  type BuildTransactionInput,
  type BuiltTransaction,
  type BuiltTransactionInput,
  type SignTransactionInput,
} from '../../../machines';
import { runWalletRequest } from '../../../src/actors';
import {
  createTransactionActors,
  type TransactionSigner,
} from '../../../src/actors/transactionActors';
import { WITHDRAWN_REASON } from '../../../src/actors/walletRequestError';
import { DEV_WALLET_NAME, type DevWallet } from '../../../src/devwallet';
import { promiseActor, toHex } from '../../../chainActors';
import { answerNextPrompt, testWallet, transferTransaction } from '../devwallet/helpers';
import { flush } from './helpers';

async function connectedWallet() {
  const { wallet } = testWallet({ policy: 'auto-approve' });
  wallet.generateAccount({ name: 'Alice' });
  await wallet.connect();
  wallet.setPolicy('prompt');
  const alice = wallet.getSnapshot().activeAccount;
  if (alice === null) throw new Error('no active account');
  return { wallet, alice };
}

/** The dev wallet as the adapter presents it to the actors (a refusal throws the adapter's string). */
function adapterSigner(wallet: DevWallet): TransactionSigner {
  return {
    walletName: DEV_WALLET_NAME,
    publicKey: null,
    signTransaction: async (transaction, asFeePayer) => {
      const answer = await wallet.signTransaction(transaction, asFeePayer);
      if (answer.status === 'Rejected') throw 'User has rejected the request';
      return { authenticator: answer.args };
    },
    signAndSubmitTransaction: async () => {
      throw new Error('not used here');
    },
  };
}

function built(sender: string): BuiltTransaction {
  return {
    rawTransactionHex: toHex(transferTransaction({ sender }).bcsToBytes()),
    sender,
    sequenceNumber: '7',
    maxGasAmount: '1000',
    gasUnitPrice: '100',
    expirationTimestampSecs: '0',
    chainId: 4,
  };
}

function actorsFor(wallet: DevWallet) {
  return createTransactionActors({
    aptos: new Aptos(new AptosConfig({ network: Network.LOCAL })),
    getSigner: () => adapterSigner(wallet),
    devWallet: wallet,
  });
}

/** Resolves once a request is waiting in the prompt. */
function prompted(wallet: DevWallet): Promise<string> {
  return new Promise((resolve) => {
    const check = () => {
      const request = wallet.getSnapshot().pending[0];
      if (request === undefined) return;
      stop();
      resolve(request.id);
    };
    const stop = wallet.subscribe(check);
    check();
  });
}

describe('withdrawing a dev wallet request when its run stops waiting', () => {
  it('closes the prompt of a single signer and logs CANCELLED with the reason', async () => {
    const { wallet, alice } = await connectedWallet();
    const actor = createActor(actorsFor(wallet).signTransaction, {
      input: { built: built(alice.address) },
    }).start();
    const id = await prompted(wallet);
    actor.stop();
    // The prompt closes at once; the request settles as its handler resumes.
    expect(wallet.getSnapshot().pending).toEqual([]);
    await flush();
    expect(wallet.findRequest(id)).toMatchObject({
      kind: 'signTransaction',
      status: 'CANCELLED',
      reason: WITHDRAWN_REASON,
    });
  });

  it('closes the prompt of one signer of several (the dev wallet asked directly)', async () => {
    const { wallet, alice } = await connectedWallet();
    const input: SignTransactionInput = {
      built: {
        ...built(alice.address),
        signers: [
          { role: 'sender', address: alice.address, index: 0 },
          { role: 'feePayer', address: null, index: 1 },
        ],
      },
      signer: { role: 'sender', address: alice.address, index: 0 },
    };
    const actor = createActor(actorsFor(wallet).signTransaction, { input }).start();
    const id = await prompted(wallet);
    actor.stop();
    expect(wallet.getSnapshot().pending).toEqual([]);
    await flush();
    expect(wallet.findRequest(id)?.status).toBe('CANCELLED');
  });

  it('withdraws a request that reaches the prompt only after the stop', async () => {
    const { wallet, alice } = await connectedWallet();
    const actor = createActor(actorsFor(wallet).signTransaction, {
      input: { built: built(alice.address) },
    }).start();
    // Stopped at once: the wallet is still preparing the request (its checks are asynchronous).
    expect(wallet.getSnapshot().pending).toEqual([]);
    actor.stop();
    await flush();
    expect(wallet.getSnapshot().pending).toEqual([]);
    expect(wallet.lastRequest()).toMatchObject({ status: 'CANCELLED', reason: WITHDRAWN_REASON });
  });

  it('leaves an answered request as it was, and other requests alone', async () => {
    const { wallet, alice } = await connectedWallet();
    const controller = new AbortController();
    const signing = runWalletRequest({
      walletName: DEV_WALLET_NAME,
      devWallet: wallet,
      withdrawOn: { signal: controller.signal, kind: 'signTransaction' },
      run: () =>
        adapterSigner(wallet).signTransaction(transferTransaction({ sender: alice.address })),
    });
    const signed = await answerNextPrompt(wallet, 'APPROVED');
    await signing;
    // A message request of the same page is not this call's to withdraw.
    const message = wallet.signMessage({ message: 'hi', nonce: '1' });
    const messageId = await prompted(wallet);
    controller.abort();
    expect(wallet.findRequest(signed)?.status).toBe('APPROVED');
    expect(wallet.getSnapshot().pending.map(({ id }) => id)).toEqual([messageId]);
    wallet.respond({ id: messageId, decision: 'REJECTED' });
    await expect(message).resolves.toEqual({ status: 'Rejected' });
  });

  it('cancel in signing: the machine goes back to simulated and the prompt closes', async () => {
    const { wallet, alice } = await connectedWallet();
    const executed = {
      type: 'user_transaction',
      hash: `0x${'01'.repeat(32)}`,
      version: '1',
      success: true,
      vm_status: 'Executed successfully',
      gas_used: '7',
      gas_unit_price: '100',
      events: [],
      changes: [],
    } as unknown as UserTransactionResponse;
    const logic = transactionMachine.provide({
      actions: transactionClock(Date.now),
      actors: {
        ...actorsFor(wallet),
        buildTransaction: promiseActor<BuiltTransaction, BuildTransactionInput>(async () =>
          built(alice.address),
        ),
        simulateTransaction: promiseActor<UserTransactionResponse[], BuiltTransactionInput>(
          async () => [executed],
        ),
      },
    });
    const actor = createActor(logic, {
      input: {
        draft: {
          sender: alice.address,
          payload: {
            function: '0x1::aptos_account::transfer',
            typeArguments: [],
            functionArguments: [alice.address, '1'],
          },
          options: {},
        },
        network: { name: 'local', chainId: 4, nodeUrl: 'http://127.0.0.1:8080/v1' },
      },
    }).start();
    actor.send({ type: 'run' });
    const id = await prompted(wallet);
    expect(actor.getSnapshot().matches('signing')).toBe(true);
    actor.send({ type: 'cancel' });
    expect(statePath(actor.getSnapshot().value)).toBe('simulated.success');
    expect(wallet.getSnapshot().pending).toEqual([]);
    // Nothing comes back later to move the machine on.
    await flush();
    expect(wallet.findRequest(id)?.status).toBe('CANCELLED');
    expect(statePath(actor.getSnapshot().value)).toBe('simulated.success');
  });
});
