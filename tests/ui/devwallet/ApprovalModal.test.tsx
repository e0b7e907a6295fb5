import { describe, expect, it } from 'vitest';
import { ApprovalModal, DevWalletProvider } from '../../../src/devwallet/react';
import {
  type ApprovalDecision,
  type DevWallet,
  type DevWalletRequestStatus,
} from '../../../src/devwallet';
import { render, screen, userEvent, waitFor, within } from '../../test-utils/render';
import { BOB, testWallet, transferTransaction } from './helpers';

async function connectedWallet(): Promise<{ wallet: DevWallet; sender: string }> {
  const { wallet } = testWallet({ policy: 'auto-approve' });
  const alice = wallet.generateAccount({ name: 'Alice' });
  await wallet.connect();
  wallet.setPolicy('prompt');
  return { wallet, sender: alice.address };
}

function renderModal(wallet: DevWallet) {
  return render(
    <DevWalletProvider wallet={wallet}>
      <ApprovalModal transitionDuration={0} />
    </DevWalletProvider>,
  );
}

describe('ApprovalModal', () => {
  it('stays closed while nothing is pending', async () => {
    const { wallet } = await connectedWallet();
    renderModal(wallet);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('summarises a transaction: sender, function, arguments, fee, expiration, chain id', async () => {
    const { wallet, sender } = await connectedWallet();
    renderModal(wallet);
    const response = wallet.signTransaction(
      transferTransaction({ sender, to: BOB, amount: 150_000_005n }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sign this transaction?' });
    const details = within(dialog).getByRole('table', { name: 'Request details' });
    const row = (label: string) =>
      within(details).getByRole('rowheader', { name: label }).parentElement;
    expect(row('Signer')).toHaveTextContent(`${sender} as sender`);
    expect(row('Sender')).toHaveTextContent(sender);
    expect(row('Function')).toHaveTextContent('0x1::aptos_account::transfer');
    expect(row('Arguments')).toHaveTextContent(`to: address = ${BOB}`);
    expect(row('Arguments')).toHaveTextContent('amount: u64 = 150000005 octas (1.50000005 APT)');
    expect(row('Maximum fee')).toHaveTextContent('1000 gas × 100 octas = 100000 octas (0.001 APT)');
    expect(row('Expiration')).toHaveTextContent('2030-01-01T01:00:00.000Z');
    expect(row('Chain id')).toHaveTextContent('4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect(response).resolves.toMatchObject({ status: 'Approved' });
  });

  it('names the keys a multi-Ed25519 sender signs with, and why the wallet cannot simulate it', async () => {
    const { wallet } = await connectedWallet();
    const vault = wallet.createMultiAccount({
      kind: 'multiEd25519',
      threshold: 2,
      memberAddresses: [],
      newEd25519Keys: 3,
      name: 'Vault',
    });
    wallet.setActiveAccount({ address: vault.address });
    renderModal(wallet);
    const response = wallet.signTransaction(transferTransaction({ sender: vault.address }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign this transaction?' });
    const details = within(dialog).getByRole('table', { name: 'Request details' });
    expect(
      within(details).getByRole('rowheader', { name: 'Keys' }).parentElement,
    ).toHaveTextContent('Signs with keys 1 to 2 of its 3 keys (threshold 2).');
    expect(
      await within(dialog).findByText(/The ts-sdk cannot simulate a multi-Ed25519 signer/),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect(response).resolves.toMatchObject({ status: 'Approved' });
  });

  it('summarises a message request with its text and nonce', async () => {
    const { wallet } = await connectedWallet();
    renderModal(wallet);
    void wallet.signMessage({
      message: 'Log in to the workbench',
      nonce: 'nonce-77',
      chainId: true,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Sign this message?' });
    expect(
      within(dialog).getByRole('rowheader', { name: 'Message' }).parentElement,
    ).toHaveTextContent('Log in to the workbench');
    expect(
      within(dialog).getByRole('rowheader', { name: 'Nonce' }).parentElement,
    ).toHaveTextContent('nonce-77');
    expect(
      within(dialog).getByRole('rowheader', { name: 'Full message' }).parentElement,
    ).toHaveTextContent('APTOS chainId: 4 message: Log in to the workbench nonce: nonce-77');
  });

  it('summarises a connect request with the application and the account', async () => {
    const { wallet } = testWallet();
    const alice = wallet.generateAccount({ name: 'Alice' });
    renderModal(wallet);
    void wallet.connect();
    const dialog = await screen.findByRole('dialog', {
      name: 'Connect this app to the dev wallet?',
    });
    expect(
      within(dialog).getByRole('rowheader', { name: 'Application' }).parentElement,
    ).toHaveTextContent('http://workbench.test');
    expect(
      within(dialog).getByRole('rowheader', { name: 'Account' }).parentElement,
    ).toHaveTextContent(`Alice${alice.address}`);
  });

  const closers: [string, ApprovalDecision | 'escape' | 'close', DevWalletRequestStatus][] = [
    ['Approve', 'APPROVED', 'APPROVED'],
    ['Reject', 'REJECTED', 'REJECTED'],
    ['Cancel', 'CANCELLED', 'CANCELLED'],
    ['Escape', 'escape', 'CANCELLED'],
    ['the close button', 'close', 'CANCELLED'],
  ];

  it.each(closers)('%s ends the request %s', async (_how, action, status) => {
    const { wallet, sender } = await connectedWallet();
    const user = userEvent.setup();
    renderModal(wallet);
    const response = wallet.signTransaction(transferTransaction({ sender }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign this transaction?' });
    if (action === 'escape') await user.keyboard('{Escape}');
    else if (action === 'close') {
      await user.click(
        within(dialog).getByRole('button', { name: 'Close and cancel the request' }),
      );
    } else {
      const label = { APPROVED: 'Approve', REJECTED: 'Reject', CANCELLED: 'Cancel' }[action];
      await user.click(within(dialog).getByRole('button', { name: label }));
    }
    await expect(response).resolves.toMatchObject({
      status: status === 'APPROVED' ? 'Approved' : 'Rejected',
    });
    expect(wallet.lastRequest()?.status).toBe(status);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a click on the overlay counts as CANCELLED', async () => {
    const { wallet, sender } = await connectedWallet();
    const user = userEvent.setup();
    renderModal(wallet);
    const response = wallet.signTransaction(transferTransaction({ sender }));
    await screen.findByRole('dialog');
    const overlay = document.querySelector('.mantine-Modal-overlay');
    if (overlay === null) throw new Error('no overlay');
    await user.click(overlay);
    await expect(response).resolves.toEqual({ status: 'Rejected' });
    expect(wallet.lastRequest()?.status).toBe('CANCELLED');
  });

  it('shows queued requests one after another', async () => {
    const { wallet, sender } = await connectedWallet();
    const user = userEvent.setup();
    renderModal(wallet);
    const first = wallet.signTransaction(transferTransaction({ sender }));
    const second = wallet.signMessage({ message: 'second', nonce: '2' });
    const dialog = await screen.findByRole('dialog', { name: 'Sign this transaction?' });
    expect(dialog).toHaveTextContent('1 more waiting');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expect(first).resolves.toEqual({ status: 'Rejected' });
    const next = await screen.findByRole('dialog', { name: 'Sign this message?' });
    await user.click(within(next).getByRole('button', { name: 'Approve' }));
    await expect(second).resolves.toMatchObject({ status: 'Approved' });
    expect(
      wallet
        .getSnapshot()
        .requestLog.slice(-2)
        .map((record) => record.status),
    ).toEqual(['REJECTED', 'APPROVED']);
  });
});
