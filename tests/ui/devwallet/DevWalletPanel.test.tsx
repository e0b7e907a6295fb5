import type { AccountInfo } from '@aptos-labs/wallet-standard';
import { describe, expect, it } from 'vitest';
import { createDevWallet, createMemoryKeyStore, type DevWallet } from '../../../src/devwallet';
import { DevWalletPanel, DevWalletProvider } from '../../../src/devwallet/react';
import { render, screen, userEvent, waitFor, within } from '../../test-utils/render';
import { fakeChainClient, SDK_VECTOR, testWallet, validPhrase } from './helpers';

/** An account's address: one line, shortened, the full form as its title (hover) and copy. */
function expectAddress(name: string, address: string) {
  const shown = screen.getByLabelText(`Address of ${name}`);
  expect(shown).toHaveTextContent(`${address.slice(0, 6)}…${address.slice(-4)}`);
  expect(shown).toHaveAttribute('title', address);
  expect(screen.getByRole('button', { name: `Copy ${name}'s address` })).toBeInTheDocument();
}

function renderPanel(wallet: DevWallet) {
  const user = userEvent.setup();
  render(
    <DevWalletProvider wallet={wallet}>
      <DevWalletPanel />
    </DevWalletProvider>,
  );
  return { user, panel: screen.getByRole('region', { name: 'Dev wallet' }) };
}

function accountRow(name: string | RegExp): HTMLElement {
  const table = screen.getByRole('table', { name: 'Wallet accounts' });
  return within(table).getByRole('row', { name: name instanceof RegExp ? name : new RegExp(name) });
}

describe('DevWalletPanel', () => {
  it('shows the empty wallet, its network, its connection and its policy', () => {
    const { wallet } = testWallet();
    const { panel } = renderPanel(wallet);
    expect(
      within(panel).getByText('No account yet. Generate a key or import one below.'),
    ).toBeVisible();
    expect(within(panel).getByText(/^Signing for/)).toHaveTextContent(
      'Signing for Local · chain id 4 at http://127.0.0.1:8080/v1',
    );
    expect(within(panel).getByText('Not connected')).toBeVisible();
    expect(within(panel).getByRole('radio', { name: /Ask me/ })).toBeChecked();
    expect(within(panel).getByLabelText('Wallet network')).toHaveValue('local');
    expect(within(panel).getByText(/No request yet/)).toBeVisible();
  });

  it('generates a key, marks it active and says where it is kept', async () => {
    const { wallet } = testWallet();
    const { user, panel } = renderPanel(wallet);
    await user.click(within(panel).getByRole('button', { name: 'Generate key' }));
    const [account] = wallet.getSnapshot().accounts;
    const row = accountRow('Account 1');
    expect(row).toHaveTextContent('Active');
    expectAddress('Account 1', account?.address ?? 'missing');
    expect(
      within(row).getByRole('button', { name: 'Use Account 1 as the active account' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(within(panel).getByRole('status')).toHaveTextContent(
      `Added Account 1 (${account?.address}).`,
    );
    expect(within(panel).getByText(/saved in this browser \(localStorage\)/)).toBeVisible();
  });

  it('imports a private key, showing what is wrong with a bad one next to the field', async () => {
    const { wallet } = testWallet();
    const { user, panel } = renderPanel(wallet);
    const toggle = within(panel).getByRole('button', { name: 'Import private key' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = within(panel).getByRole('form', { name: 'Import a private key' });
    const keyField = within(form).getByLabelText(/Private key/);
    await user.type(keyField, '0x1234');
    await user.click(within(form).getByRole('button', { name: 'Import key' }));
    expect(keyField).toHaveAttribute('aria-invalid', 'true');
    expect(keyField).toHaveAccessibleDescription(
      expect.stringContaining('this one has 4 hex characters'),
    );
    expect(wallet.getSnapshot().accounts).toHaveLength(0);

    await user.clear(keyField);
    await user.type(keyField, SDK_VECTOR.privateKey);
    await user.type(within(form).getByLabelText('Name'), 'Vector');
    await user.click(within(form).getByRole('button', { name: 'Import key' }));
    expectAddress('Vector', SDK_VECTOR.address);
    expect(accountRow('Vector')).toHaveTextContent('Imported key');
    expect(screen.queryByRole('form', { name: 'Import a private key' })).not.toBeInTheDocument();
  });

  it('imports a recovery phrase: shows and validates the path, refuses a bad word count', async () => {
    const { wallet } = testWallet();
    const { user, panel } = renderPanel(wallet);
    await user.click(within(panel).getByRole('button', { name: 'Import recovery phrase' }));
    const form = within(panel).getByRole('form', { name: 'Import a recovery phrase' });
    const phrase = within(form).getByLabelText(/Recovery phrase/);
    const path = within(form).getByLabelText(/Derivation path/);
    expect(path).toHaveValue("m/44'/637'/0'/0'/0'");

    await user.type(phrase, validPhrase(12).split(' ').slice(0, 11).join(' '));
    await user.click(within(form).getByRole('button', { name: 'Import phrase' }));
    expect(phrase).toHaveAttribute('aria-invalid', 'true');
    expect(phrase).toHaveAccessibleDescription(
      expect.stringMatching(/Invalid mnemonic: .*this one has 11\./),
    );

    await user.clear(phrase);
    await user.type(phrase, SDK_VECTOR.mnemonic);
    await user.clear(path);
    await user.type(path, "m/44'/637'/0'/0/0");
    await user.click(within(form).getByRole('button', { name: 'Import phrase' }));
    expect(path).toHaveAttribute('aria-invalid', 'true');
    expect(path).toHaveAccessibleDescription(expect.stringMatching(/^Invalid derivation path/));
    expect(phrase).not.toHaveAttribute('aria-invalid');

    await user.clear(path);
    await user.type(path, SDK_VECTOR.path);
    await user.click(within(form).getByRole('button', { name: 'Import phrase' }));
    const row = accountRow('Account 1');
    expectAddress('Account 1', SDK_VECTOR.address);
    expect(row).toHaveTextContent(`Recovery phrase${SDK_VECTOR.path}`);
  });

  it('renames an account, refusing an empty name inline', async () => {
    const { wallet } = testWallet();
    wallet.generateAccount({ name: 'Alice' });
    const { user } = renderPanel(wallet);
    await user.click(within(accountRow('Alice')).getByRole('button', { name: 'Rename Alice' }));
    const field = screen.getByLabelText('New name for Alice');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(field).toHaveAccessibleDescription('An account name needs 1 to 40 characters.');
    await user.type(field, 'Alice Cooper');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(accountRow('Alice Cooper')).toBeVisible();
    expect(wallet.getSnapshot().accounts[0]?.name).toBe('Alice Cooper');
  });

  it('removes an account after confirmation', async () => {
    const { wallet } = testWallet();
    wallet.generateAccount({ name: 'Alice' });
    wallet.generateAccount({ name: 'Bob' });
    const { user } = renderPanel(wallet);
    await user.click(within(accountRow('Bob')).getByRole('button', { name: 'Remove Bob' }));
    expect(accountRow('Bob')).toHaveTextContent('Remove Bob? Its key is deleted');
    await user.click(within(accountRow('Bob')).getByRole('button', { name: 'Keep' }));
    await user.click(within(accountRow('Bob')).getByRole('button', { name: 'Remove Bob' }));
    await user.click(within(accountRow('Bob')).getByRole('button', { name: 'Remove key' }));
    expect(screen.queryByRole('row', { name: /Bob/ })).not.toBeInTheDocument();
    expect(wallet.getSnapshot().accounts.map((account) => account.name)).toEqual(['Alice']);
  });

  it('switches the active account and a connected app hears of it', async () => {
    const { wallet } = testWallet({ policy: 'auto-approve' });
    wallet.generateAccount({ name: 'Alice' });
    const bob = wallet.generateAccount({ name: 'Bob' });
    await wallet.connect();
    const heard: AccountInfo[] = [];
    await wallet.onAccountChange((info) => heard.push(info));
    const { user, panel } = renderPanel(wallet);
    expect(within(panel).getByText('Connected to this app')).toBeVisible();
    const use = within(accountRow('Bob')).getByRole('button', {
      name: 'Use Bob as the active account',
    });
    expect(use).toHaveAttribute('aria-pressed', 'false');
    await user.click(use);
    expect(use).toHaveAttribute('aria-pressed', 'true');
    expect(accountRow('Bob')).toHaveTextContent('Active');
    expect(heard.map((info) => info.address.toStringLong())).toEqual([bob.address]);
  });

  it('funds from the local faucet and shows the transaction', async () => {
    const client = fakeChainClient();
    const { wallet } = testWallet({ client });
    wallet.generateAccount({ name: 'Alice' });
    const { user } = renderPanel(wallet);
    await user.click(
      within(accountRow('Alice')).getByRole('button', { name: 'Fund Alice from the faucet' }),
    );
    expect(await within(accountRow('Alice')).findByRole('status')).toHaveTextContent(
      `Funded 1 APT (100,000,000 octas). Transaction 0x${'cd'.repeat(32)}`,
    );
    expect(client.calls).toEqual(['fundAccount']);
  });

  it.each([
    ['mainnet', /^Mainnet has no faucet\.$/],
    [
      'testnet',
      /^Testnet's faucet cannot be used programmatically: .*Aptos Testnet Faucet web page/,
    ],
  ] as const)('on %s, Fund explains why it cannot fund', async (name, message) => {
    const client = fakeChainClient();
    const { wallet } = testWallet({ client });
    wallet.generateAccount({ name: 'Alice' });
    await wallet.switchNetwork({ name });
    const { user } = renderPanel(wallet);
    await user.click(
      within(accountRow('Alice')).getByRole('button', { name: 'Fund Alice from the faucet' }),
    );
    expect(within(accountRow('Alice')).getByRole('alert')).toHaveTextContent(message);
    expect(client.calls).not.toContain('fundAccount');
  });

  it('marks keys added on mainnet as not saved', async () => {
    const { wallet } = testWallet();
    await wallet.switchNetwork({ name: 'mainnet' });
    const { user, panel } = renderPanel(wallet);
    expect(
      within(panel).getByText(/added on mainnet or a custom network are not saved/),
    ).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Generate key' }));
    expect(accountRow('Account 1')).toHaveTextContent('Not saved');
    expect(within(panel).getByRole('status')).toHaveTextContent(/Its key is not saved/);
  });

  it('sets the approval policy', async () => {
    const { wallet } = testWallet();
    const { user, panel } = renderPanel(wallet);
    await user.click(within(panel).getByRole('radio', { name: /Approve everything/ }));
    expect(wallet.getSnapshot().policy).toBe('auto-approve');
    await user.click(within(panel).getByRole('radio', { name: /Reject everything/ }));
    expect(wallet.getSnapshot().policy).toBe('auto-reject');
    expect(within(panel).getByRole('radio', { name: /Reject everything/ })).toBeChecked();
  });

  it('switches the network; a custom one without a node URL is refused inline', async () => {
    const { wallet } = testWallet();
    const { user, panel } = renderPanel(wallet);
    const select = within(panel).getByLabelText('Wallet network');
    await user.selectOptions(select, 'custom');
    await user.click(within(panel).getByRole('button', { name: 'Switch network' }));
    const nodeUrl = await within(panel).findByLabelText(/Full node URL/);
    await waitFor(() => expect(nodeUrl).toHaveAttribute('aria-invalid', 'true'));
    expect(nodeUrl).toHaveAccessibleDescription(
      'A custom network needs a full node URL (for example http://127.0.0.1:8080/v1).',
    );
    expect(wallet.getSnapshot().network.name).toBe('local');

    await user.selectOptions(select, 'testnet');
    await user.click(within(panel).getByRole('button', { name: 'Switch network' }));
    expect(await within(panel).findByText('Switched to Testnet · chain id 2.')).toBeVisible();
    expect(within(panel).getAllByText('Testnet · chain id 2').length).toBeGreaterThan(0);
    expect(wallet.getSnapshot().network).toMatchObject({ name: 'testnet', chainId: 2 });
  });

  it('lists recent requests with status and reason, and disconnects the app', async () => {
    const { wallet } = testWallet({ policy: 'auto-approve' });
    wallet.generateAccount();
    await wallet.connect();
    wallet.setPolicy('auto-reject');
    await wallet.signMessage({ message: 'hi', nonce: '1' });
    const { user, panel } = renderPanel(wallet);
    const log = within(panel).getByRole('table', { name: 'Recent wallet requests' });
    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(
        /^req-2 · signMessage.*REJECTEDRejected automatically: the approval policy is auto-reject\.$/,
      ),
      expect.stringMatching(/^req-1 · connect.*APPROVED/),
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Disconnect app' }));
    expect(wallet.connected).toBe(false);
    expect(within(panel).getByText('Not connected')).toBeVisible();
  });

  it('shows a storage problem as an alert', () => {
    const wallet = createDevWallet({
      keyStore: {
        ...createMemoryKeyStore(),
        load: () => {
          throw new Error('The saved dev wallet could not be read: bad JSON.');
        },
      },
    });
    const { panel } = renderPanel(wallet);
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'The saved dev wallet could not be read: bad JSON.',
    );
  });
});
