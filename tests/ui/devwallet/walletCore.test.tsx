/**
 * The dev wallet against the real adapter core (`WalletCore` from @aptos-labs/wallet-adapter-core),
 * as the React provider drives it. Each test registers a fresh wallet and unregisters it after, so
 * cores never see an earlier test's wallet.
 */
import {
  AccountAuthenticatorEd25519,
  Ed25519PublicKey,
  generateSigningMessageForTransaction,
  Network,
  type AccountAuthenticator,
} from '@aptos-labs/ts-sdk';
import { WalletCore, WalletReadyState } from '@aptos-labs/wallet-adapter-core';
import { getWallets } from '@aptos-labs/wallet-standard';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEV_WALLET_NAME,
  MAINNET_REFUSAL,
  type DevWallet,
  type DevWalletRequestRecord,
} from '../../../src/devwallet';
import {
  answerNextPrompt,
  BOB,
  STRANGER,
  fakeChainClient,
  testWallet,
  transferTransaction,
  type FakeChainClient,
} from './helpers';

const REJECTED = 'User has rejected the request';

let wallet: DevWallet;
let client: FakeChainClient;
let unregister: () => void;
let core: WalletCore;
let promptsShown: number;

/** The adapter core the React provider builds, with a dapp network whose chain id is known offline. */
function createCore(): WalletCore {
  return new WalletCore(undefined, { network: Network.TESTNET }, true);
}

beforeEach(() => {
  ({ wallet, client } = testWallet({ client: fakeChainClient() }));
  unregister = getWallets().register(wallet.standardWallet);
  promptsShown = 0;
  wallet.subscribe(() => {
    promptsShown = Math.max(promptsShown, wallet.getSnapshot().pending.length);
  });
  core = createCore();
});

afterEach(() => {
  unregister();
});

async function connect(): Promise<void> {
  wallet.setPolicy('auto-approve');
  await core.connect(DEV_WALLET_NAME);
  wallet.setPolicy('prompt');
}

function last(): DevWalletRequestRecord {
  const record = wallet.lastRequest();
  if (record === undefined) throw new Error('no request recorded');
  return record;
}

function verifyAuthenticator(
  authenticator: AccountAuthenticator,
  transaction: Parameters<typeof generateSigningMessageForTransaction>[0],
  publicKey: string,
): boolean {
  if (!(authenticator instanceof AccountAuthenticatorEd25519)) return false;
  expect(authenticator.public_key.toString()).toBe(publicKey);
  return new Ed25519PublicKey(publicKey).verifySignature({
    message: generateSigningMessageForTransaction(transaction),
    signature: authenticator.signature,
  });
}

describe('detection', () => {
  it('lists the dev wallet as Installed with every required feature', () => {
    const listed = core.wallets.find((candidate) => candidate.name === DEV_WALLET_NAME);
    expect(listed).toBeDefined();
    expect((listed as { readyState?: string }).readyState).toBe(WalletReadyState.Installed);
    expect(Object.keys(wallet.standardWallet.features).sort()).toEqual(
      [
        'aptos:account',
        'aptos:changeNetwork',
        'aptos:connect',
        'aptos:disconnect',
        'aptos:network',
        'aptos:onAccountChange',
        'aptos:onNetworkChange',
        'aptos:signAndSubmitTransaction',
        'aptos:signMessage',
        'aptos:signTransaction',
      ].sort(),
    );
    expect(wallet.standardWallet.features['aptos:signAndSubmitTransaction']?.version).toBe('1.1.0');
    expect(wallet.standardWallet.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(core.notDetectedWallets.some((w) => w.name === DEV_WALLET_NAME)).toBe(false);
  });
});

describe('connect', () => {
  it('connects after approval in the prompt and returns the AccountInfo class and the network', async () => {
    const alice = wallet.generateAccount({ name: 'Alice' });
    const answered = answerNextPrompt(wallet, 'APPROVED');
    await core.connect(DEV_WALLET_NAME);
    await answered;
    expect(core.isConnected()).toBe(true);
    expect(core.account?.address.toStringLong()).toBe(alice.address);
    expect(core.account?.publicKey.toString()).toBe(alice.publicKey);
    expect(core.network).toEqual({ name: 'local', chainId: 4, url: 'http://127.0.0.1:8080/v1' });
    expect(last()).toMatchObject({ kind: 'connect', status: 'APPROVED' });
    expect(wallet.standardWallet.accounts.map((account) => account.address)).toEqual([
      alice.address,
    ]);
  });

  it('creates the first account when approving a connect to an empty wallet', async () => {
    wallet.setPolicy('auto-approve');
    await core.connect(DEV_WALLET_NAME);
    const [created] = wallet.getSnapshot().accounts;
    expect(created?.name).toBe('Account 1');
    expect(core.account?.address.toStringLong()).toBe(created?.address);
  });

  it.each([
    ['REJECTED', 'REJECTED'],
    ['CANCELLED', 'CANCELLED'],
  ] as const)(
    'surfaces a %s connect as the adapter string and records the status',
    async (decision, status) => {
      wallet.generateAccount();
      const answered = answerNextPrompt(wallet, decision);
      await expect(core.connect(DEV_WALLET_NAME)).rejects.toBe(REJECTED);
      await answered;
      expect(core.isConnected()).toBe(false);
      expect(wallet.connected).toBe(false);
      expect(last()).toMatchObject({ kind: 'connect', status });
    },
  );

  it('records REJECTED with the policy as reason under auto-reject', async () => {
    wallet.setPolicy('auto-reject');
    await expect(core.connect(DEV_WALLET_NAME)).rejects.toBe(REJECTED);
    expect(last().status).toBe('REJECTED');
    expect(last().reason).toMatch(/auto-reject/);
    expect(promptsShown).toBe(0);
  });

  it('disconnects when the app asks', async () => {
    await connect();
    await core.disconnect();
    expect(core.isConnected()).toBe(false);
    expect(wallet.connected).toBe(false);
    await expect(wallet.account()).rejects.toThrow(/not connected/);
  });
});

describe('signTransaction', () => {
  it('returns an authenticator whose signature the SDK verifies', async () => {
    await connect();
    const sender = wallet.getSnapshot().activeAccount;
    if (sender === null) throw new Error('no active account');
    const transaction = transferTransaction({ sender: sender.address });
    const answered = answerNextPrompt(wallet, 'APPROVED');
    const { authenticator, rawTransaction } = await core.signTransaction({
      transactionOrPayload: transaction,
    });
    await answered;
    expect(rawTransaction).toEqual(transaction.rawTransaction.bcsToBytes());
    expect(verifyAuthenticator(authenticator, transaction, sender.publicKey)).toBe(true);
    expect(last()).toMatchObject({ kind: 'signTransaction', status: 'APPROVED' });
  });

  it('signs as fee payer after setting the fee payer address to the signer', async () => {
    await connect();
    const payer = wallet.getSnapshot().activeAccount;
    if (payer === null) throw new Error('no active account');
    const transaction = transferTransaction({ sender: STRANGER, feePayer: '0x0' });
    wallet.setPolicy('auto-approve');
    const { authenticator } = await core.signTransaction({
      transactionOrPayload: transaction,
      asFeePayer: true,
    });
    expect(transaction.feePayerAddress?.toStringLong()).toBe(payer.address);
    expect(verifyAuthenticator(authenticator, transaction, payer.publicKey)).toBe(true);
  });

  it.each([
    ['REJECTED', 'REJECTED'],
    ['CANCELLED', 'CANCELLED'],
  ] as const)('a %s prompt rejects with the adapter string', async (decision, status) => {
    await connect();
    const sender = wallet.getSnapshot().activeAccount?.address ?? '';
    const answered = answerNextPrompt(wallet, decision);
    await expect(
      core.signTransaction({ transactionOrPayload: transferTransaction({ sender }) }),
    ).rejects.toBe(REJECTED);
    await answered;
    expect(last()).toMatchObject({ kind: 'signTransaction', status });
  });

  it('refuses a mainnet transaction as INVALID without asking, saying why', async () => {
    await connect();
    const sender = wallet.getSnapshot().activeAccount?.address ?? '';
    await expect(
      core.signTransaction({ transactionOrPayload: transferTransaction({ sender, chainId: 1 }) }),
    ).rejects.toBe(REJECTED);
    expect(last()).toMatchObject({
      kind: 'signTransaction',
      status: 'INVALID',
      reason: MAINNET_REFUSAL,
    });
    expect(last().reason).toMatch(/never signs for mainnet \(chain id 1\)/);
    expect(promptsShown).toBe(0);
  });

  it('refuses every signature while the wallet itself is on mainnet', async () => {
    await connect();
    wallet.setPolicy('auto-approve');
    await wallet.switchNetwork({ name: 'mainnet' });
    await expect(core.signMessage({ message: 'hello', nonce: '1' })).rejects.toBe(REJECTED);
    expect(last()).toMatchObject({
      kind: 'signMessage',
      status: 'INVALID',
      reason: MAINNET_REFUSAL,
    });
  });

  it('refuses a transaction for another chain as INVALID without asking', async () => {
    await connect();
    const sender = wallet.getSnapshot().activeAccount?.address ?? '';
    await expect(
      core.signTransaction({ transactionOrPayload: transferTransaction({ sender, chainId: 2 }) }),
    ).rejects.toBe(REJECTED);
    expect(last().status).toBe('INVALID');
    expect(last().reason).toMatch(/chain id 2, but the wallet is on Local · chain id 4/);
    expect(last().summary).toMatchObject({ kind: 'signTransaction' });
    expect(promptsShown).toBe(0);
  });

  it('refuses a transaction from a sender that is not ours as INVALID without asking', async () => {
    await connect();
    await expect(
      core.signTransaction({ transactionOrPayload: transferTransaction({ sender: STRANGER }) }),
    ).rejects.toBe(REJECTED);
    expect(last().status).toBe('INVALID');
    expect(last().reason).toMatch(/sender 0x0+a11ce is not an account of this wallet/);
    expect(promptsShown).toBe(0);
  });
});

describe('signMessage', () => {
  it('passes signMessageAndVerify, with the fullMessage lines WALLET.md describes', async () => {
    await connect();
    const signer = wallet.getSnapshot().activeAccount;
    wallet.setPolicy('auto-approve');
    await expect(
      core.signMessageAndVerify({
        message: 'Welcome to the workbench',
        nonce: 'n-42',
        address: true,
        application: true,
        chainId: true,
      }),
    ).resolves.toBe(true);
    const signed = await core.signMessage({ message: 'line1\nline2', nonce: '7', chainId: true });
    expect(signed.fullMessage).toBe('APTOS\nchainId: 4\nmessage: line1\nline2\nnonce: 7');
    expect(signed.prefix).toBe('APTOS');
    const full = await core.signMessage({
      message: 'm',
      nonce: 'n',
      address: true,
      application: true,
      chainId: true,
    });
    expect(full.fullMessage).toBe(
      `APTOS\naddress: ${signer?.address}\napplication: http://workbench.test\nchainId: 4\nmessage: m\nnonce: n`,
    );
    expect(full).toMatchObject({
      address: signer?.address,
      application: 'http://workbench.test',
      chainId: 4,
    });
  });

  it('a rejected message fails signMessageAndVerify and records REJECTED', async () => {
    await connect();
    const answered = answerNextPrompt(wallet, 'REJECTED');
    await expect(core.signMessageAndVerify({ message: 'x', nonce: '1' })).rejects.toBe(
      'Failed to sign a message',
    );
    await answered;
    expect(last()).toMatchObject({ kind: 'signMessage', status: 'REJECTED' });
  });

  it('a cancelled message rejects signMessage with the adapter string', async () => {
    await connect();
    const answered = answerNextPrompt(wallet, 'CANCELLED');
    await expect(core.signMessage({ message: 'x', nonce: '1' })).rejects.toBe(REJECTED);
    await answered;
    expect(last()).toMatchObject({ kind: 'signMessage', status: 'CANCELLED' });
  });
});

describe('signAndSubmitTransaction 1.1.0', () => {
  it('builds against the wallet node, signs, submits and returns the hash', async () => {
    await connect();
    const sender = wallet.getSnapshot().activeAccount;
    if (sender === null) throw new Error('no active account');
    const answered = answerNextPrompt(wallet, 'APPROVED');
    const output = await core.signAndSubmitTransaction({
      data: { function: '0x1::aptos_account::transfer', functionArguments: [BOB, 1] },
    });
    await answered;
    expect(output).toEqual({ hash: `0x${'ab'.repeat(32)}` });
    expect(client.calls).toEqual(['buildTransaction', 'submitTransaction']);
    const [submission] = client.submitted;
    if (submission === undefined) throw new Error('nothing submitted');
    expect(
      verifyAuthenticator(submission.senderAuthenticator, submission.transaction, sender.publicKey),
    ).toBe(true);
    expect(last()).toMatchObject({
      kind: 'signAndSubmitTransaction',
      status: 'APPROVED',
      hash: output.hash,
    });
  });

  it('a rejected sign-and-submit submits nothing', async () => {
    await connect();
    const answered = answerNextPrompt(wallet, 'REJECTED');
    await expect(
      core.signAndSubmitTransaction({
        data: { function: '0x1::aptos_account::transfer', functionArguments: [BOB, 1] },
      }),
    ).rejects.toBe(REJECTED);
    await answered;
    expect(client.submitted).toHaveLength(0);
    expect(last().status).toBe('REJECTED');
  });

  it('a node that refuses the submission surfaces its message, after approval', async () => {
    wallet = testWallet({
      client: fakeChainClient({
        submitTransaction: async () => {
          throw new Error('SEQUENCE_NUMBER_TOO_OLD');
        },
      }),
    }).wallet;
    unregister();
    unregister = getWallets().register(wallet.standardWallet);
    core = createCore();
    await connect();
    wallet.setPolicy('auto-approve');
    await expect(
      core.signAndSubmitTransaction({
        data: { function: '0x1::aptos_account::transfer', functionArguments: [BOB, 1] },
      }),
    ).rejects.toBe('SEQUENCE_NUMBER_TOO_OLD');
    expect(last()).toMatchObject({ status: 'APPROVED', error: 'SEQUENCE_NUMBER_TOO_OLD' });
  });
});

describe('account and network changes', () => {
  it('tells the adapter when the active account changes inside the wallet', async () => {
    const first = wallet.generateAccount();
    const second = wallet.generateAccount();
    await connect();
    await core.onAccountChange();
    const seen: (string | undefined)[] = [];
    core.on('accountChange', (account) => seen.push(account?.address.toStringLong()));
    wallet.setActiveAccount({ address: second.address });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([second.address]);
    expect(core.account?.address.toStringLong()).toBe(second.address);
    expect(first.address).not.toBe(second.address);
  });

  it('changeNetwork goes through approval and fires onNetworkChange', async () => {
    await connect();
    await core.onNetworkChange();
    const answered = answerNextPrompt(wallet, 'APPROVED');
    await expect(core.changeNetwork(Network.TESTNET)).resolves.toEqual({ success: true });
    await answered;
    expect(core.network).toEqual({
      name: 'testnet',
      chainId: 2,
      url: 'https://api.testnet.aptoslabs.com/v1',
    });
    expect(last()).toMatchObject({
      kind: 'changeNetwork',
      status: 'APPROVED',
      summary: { from: { name: 'local', chainId: 4 }, to: { name: 'testnet', chainId: 2 } },
    });
  });

  it('a rejected changeNetwork leaves the network alone', async () => {
    await connect();
    wallet.setPolicy('auto-reject');
    await expect(core.changeNetwork(Network.MAINNET)).rejects.toBe(REJECTED);
    expect((await wallet.network()).chainId).toBe(4);
    expect(last().status).toBe('REJECTED');
  });
});
