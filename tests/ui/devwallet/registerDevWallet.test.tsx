/**
 * Registration through `registerDevWallet` (the standard's `registerWallet`) as the app does it,
 * seen through the real React provider in the app's providers. The wallet registers after the
 * provider mounted, which the standard allows.
 */
import { useWallet } from '@aptos-labs/wallet-adapter-react';
import { getWallets } from '@aptos-labs/wallet-standard';
import { describe, expect, it } from 'vitest';
import { DEV_WALLET_NAME, registerDevWallet } from '../../../src/devwallet';
import { render, screen, userEvent, waitFor } from '../../test-utils/render';
import { testWallet } from './helpers';

function WalletProbe() {
  const { wallets, connect, connected, account, network } = useWallet();
  const dev = wallets.filter((wallet) => wallet.name === DEV_WALLET_NAME);
  return (
    <div>
      <p data-testid="listed">
        {dev.map((wallet) => `${wallet.name}: ${wallet.readyState ?? 'unknown'}`).join(', ') ||
          'missing'}
      </p>
      <button type="button" onClick={() => void connect(DEV_WALLET_NAME)}>
        Connect the dev wallet
      </button>
      <p data-testid="account">
        {connected
          ? `${account?.address.toStringLong()} on chain ${network?.chainId}`
          : 'disconnected'}
      </p>
    </div>
  );
}

describe('registerDevWallet', () => {
  it('makes the provider list the wallet as Installed, once, and connect to it', async () => {
    const { wallet } = testWallet({ policy: 'auto-approve' });
    const alice = wallet.generateAccount();
    render(<WalletProbe />);
    expect(screen.getByTestId('listed')).toHaveTextContent('missing');

    expect(registerDevWallet({ wallet })).toBe(wallet);
    registerDevWallet({ wallet });
    await waitFor(() =>
      expect(screen.getByTestId('listed')).toHaveTextContent(`${DEV_WALLET_NAME}: Installed`),
    );
    expect(screen.getByTestId('listed').textContent).toBe(`${DEV_WALLET_NAME}: Installed`);
    expect(
      getWallets()
        .get()
        .filter((w) => w.name === DEV_WALLET_NAME),
    ).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Connect the dev wallet' }));
    await waitFor(() =>
      expect(screen.getByTestId('account')).toHaveTextContent(`${alice.address} on chain 4`),
    );
    expect(wallet.connected).toBe(true);
  });
});
