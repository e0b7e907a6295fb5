/**
 * Multi-Ed25519 and multi-key accounts in the dev wallet (issue 16): the keyring keeps them in the
 * same key store record and reads them back, and the panel's form creates them, explaining each
 * of the library's limits.
 */
import {
  AccountAuthenticatorMultiEd25519,
  generateSigningMessageForTransaction,
} from '@aptos-labs/ts-sdk';
import type { AptosConnectFeature, AptosSignTransactionFeature } from '@aptos-labs/wallet-standard';
import { describe, expect, it } from 'vitest';
import { createDevWallet, createMemoryKeyStore, type DevWallet } from '../../../src/devwallet';
import { DevWalletPanel, DevWalletProvider } from '../../../src/devwallet/react';
import { render, screen, userEvent, within } from '../../test-utils/render';
import { answerNextPrompt, testWallet, transferTransaction } from './helpers';

function renderPanel(wallet: DevWallet) {
  const user = userEvent.setup();
  render(
    <DevWalletProvider wallet={wallet}>
      <DevWalletPanel />
    </DevWalletProvider>,
  );
  return { user, panel: screen.getByRole('region', { name: 'Dev wallet' }) };
}

describe('the keyring keeps multi-signer accounts', () => {
  it('saves a multi-Ed25519 account in the same record and restores the same address', () => {
    const { wallet, keyStore } = testWallet();
    const alice = wallet.generateAccount({ name: 'Alice' });
    const multi = wallet.createMultiAccount({
      kind: 'multiEd25519',
      threshold: 2,
      memberAddresses: [alice.address],
      newEd25519Keys: 2,
      name: 'Treasury',
    });
    expect(multi.origin).toBe('multiEd25519');
    expect(multi.keys).toEqual({ threshold: 2, schemes: ['Ed25519', 'Ed25519', 'Ed25519'] });
    const saved = keyStore.saved();
    expect(saved?.accounts.map((account) => account.name)).toEqual(['Alice']);
    expect(saved?.multiAccounts).toHaveLength(1);
    const [entry] = saved?.multiAccounts ?? [];
    expect(entry?.kind).toBe('multiEd25519');
    expect(entry?.threshold).toBe(2);
    expect(entry?.privateKeys).toHaveLength(3);
    expect(entry?.privateKeys.every((key) => key.startsWith('ed25519-priv-0x'))).toBe(true);
    // Alice's key is the first key of the account.
    expect(entry?.privateKeys[0]).toBe(saved?.accounts[0]?.privateKey);

    const reloaded = createDevWallet({ keyStore: createMemoryKeyStore(saved) });
    const restored = reloaded.getSnapshot().accounts;
    expect(restored.map((account) => account.address)).toEqual([alice.address, multi.address]);
    expect(restored[1]).toMatchObject({
      name: 'Treasury',
      origin: 'multiEd25519',
      keys: multi.keys,
    });
  });

  it('restores a multi-key account with Ed25519 and Secp256k1 keys', () => {
    const { wallet, keyStore } = testWallet();
    const multi = wallet.createMultiAccount({
      kind: 'multiKey',
      threshold: 2,
      memberAddresses: [],
      newEd25519Keys: 1,
      newSecp256k1Keys: 2,
    });
    expect(multi.keys?.schemes).toEqual(['Ed25519', 'Secp256k1', 'Secp256k1']);
    const saved = keyStore.saved();
    expect(saved?.multiAccounts?.[0]?.privateKeys[1]).toMatch(/^secp256k1-priv-0x/);
    const reloaded = createDevWallet({ keyStore: createMemoryKeyStore(saved) });
    expect(reloaded.getSnapshot().accounts[0]?.address).toBe(multi.address);
    // Removing it drops it from the record.
    wallet.removeAccount({ address: multi.address });
    expect(keyStore.saved()?.multiAccounts).toBeUndefined();
  });

  it('refuses Secp256k1 keys in a multi-Ed25519 account and the library’s limits', () => {
    const { wallet } = testWallet();
    expect(() =>
      wallet.createMultiAccount({
        kind: 'multiEd25519',
        threshold: 1,
        memberAddresses: [],
        newEd25519Keys: 1,
        newSecp256k1Keys: 1,
      }),
    ).toThrow('A multi-Ed25519 account takes Ed25519 keys only');
    expect(() =>
      wallet.createMultiAccount({
        kind: 'multiEd25519',
        threshold: 1,
        memberAddresses: [],
        newEd25519Keys: 1,
      }),
    ).toThrow('A multi-Ed25519 account needs at least 2 keys; it has 1.');
    expect(wallet.getSnapshot().accounts).toHaveLength(0);
  });
});

describe('the panel’s multi-signer form', () => {
  it('creates a 2-of-3 multi-Ed25519 account from a wallet key and two new keys', async () => {
    const { wallet } = testWallet();
    wallet.generateAccount({ name: 'Alice' });
    const { user, panel } = renderPanel(wallet);
    await user.click(within(panel).getByRole('button', { name: 'Create multi-signer account' }));
    const form = within(panel).getByRole('form', { name: 'Create a multi-signer account' });
    await user.click(within(form).getByRole('checkbox', { name: 'Alice' }));
    await user.type(within(form).getByRole('textbox', { name: /New Ed25519 keys/ }), '2');
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Vault');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    const vault = wallet.getSnapshot().accounts.find((account) => account.name === 'Vault');
    expect(vault?.keys).toEqual({ threshold: 2, schemes: ['Ed25519', 'Ed25519', 'Ed25519'] });
    expect(within(panel).getByRole('status')).toHaveTextContent(`Added Vault (${vault?.address}).`);
    const table = screen.getByRole('table', { name: 'Wallet accounts' });
    expect(within(table).getByRole('row', { name: /Vault/ })).toHaveTextContent(
      'Multi-Ed255192 of 3 keys (Ed25519 ×3)',
    );
  });

  it('explains a threshold above the key count and leaves the wallet unchanged', async () => {
    const { wallet } = testWallet();
    const { user, panel } = renderPanel(wallet);
    await user.click(within(panel).getByRole('button', { name: 'Create multi-signer account' }));
    const form = within(panel).getByRole('form', { name: 'Create a multi-signer account' });
    await user.type(within(form).getByRole('textbox', { name: /New Ed25519 keys/ }), '2');
    const threshold = within(form).getByRole('textbox', { name: /Threshold/ });
    await user.clear(threshold);
    await user.type(threshold, '3');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'The threshold (3) is above the number of keys (2); lower it to at most 2.',
    );
    expect(wallet.getSnapshot().accounts).toHaveLength(0);
  });

  it('explains more than 32 keys and a count that is not a number', async () => {
    const { wallet } = testWallet();
    const { user, panel } = renderPanel(wallet);
    await user.click(within(panel).getByRole('button', { name: 'Create multi-signer account' }));
    const form = within(panel).getByRole('form', { name: 'Create a multi-signer account' });
    await user.click(within(form).getByRole('radio', { name: /Multi-key/ }));
    const ed = within(form).getByRole('textbox', { name: /New Ed25519 keys/ });
    await user.type(ed, '30');
    await user.type(within(form).getByRole('textbox', { name: /New Secp256k1 keys/ }), '3');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'An account holds at most 32 keys; this one would have 33. Remove 1.',
    );
    await user.clear(ed);
    await user.type(ed, 'two');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'New Ed25519 keys must be a whole number (0 or more).',
    );
    expect(wallet.getSnapshot().accounts).toHaveLength(0);
  });
});

describe('a multi-Ed25519 account signs through the prompt', () => {
  it('signs as a 2-of-3 sender with two of its keys; the prompt names them', async () => {
    const { wallet } = testWallet();
    const vault = wallet.createMultiAccount({
      kind: 'multiEd25519',
      threshold: 2,
      memberAddresses: [],
      newEd25519Keys: 3,
    });
    const features = wallet.standardWallet.features as unknown as AptosConnectFeature &
      AptosSignTransactionFeature;
    wallet.setPolicy('auto-approve');
    await features['aptos:connect'].connect();
    wallet.setPolicy('prompt');
    const transaction = transferTransaction({ sender: vault.address });
    const answered = answerNextPrompt(wallet, 'APPROVED');
    const response = await features['aptos:signTransaction'].signTransaction(transaction);
    await answered;
    if (response.status !== 'Approved') throw new Error('the request was not approved');
    const authenticator = response.args;
    expect(authenticator).toBeInstanceOf(AccountAuthenticatorMultiEd25519);
    const multi = authenticator as AccountAuthenticatorMultiEd25519;
    expect(multi.signature.signatures).toHaveLength(2);
    expect(
      multi.public_key.verifySignature({
        message: generateSigningMessageForTransaction(transaction),
        signature: multi.signature,
      }),
    ).toBe(true);
    expect(multi.public_key.authKey().derivedAddress().toStringLong()).toBe(vault.address);
    expect(wallet.lastRequest()?.summary).toMatchObject({
      signer: vault.address,
      signerRole: 'sender',
      signerKeys: 'Signs with keys 1 to 2 of its 3 keys (threshold 2).',
    });
  });
});
