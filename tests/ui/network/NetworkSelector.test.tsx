import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkSelector } from '../../../src/network/NetworkSelector';
import { networkStorageKey } from '../../../src/network/NetworkContext';
import { render, screen, userEvent, waitFor } from '../../test-utils/render';

const chainIds = new Map<string, number>();

vi.mock('../../../src/aptos/createAptos', () => ({
  createAptos: (network: { fullnode: string }) => ({
    getLedgerInfo: async () => {
      const chainId = chainIds.get(network.fullnode);
      if (chainId === undefined) throw new Error('connect ECONNREFUSED');
      return { chain_id: chainId, ledger_version: '0' };
    },
  }),
}));

beforeEach(() => {
  chainIds.clear();
});

async function choose(label: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: 'Network' }));
  await user.click(await screen.findByRole('option', { name: label, hidden: true }));
  return user;
}

describe('NetworkSelector', () => {
  it('starts on the embedded chain and shows its chain id', async () => {
    chainIds.set('http://127.0.0.1:8080/v1', 4);
    render(<NetworkSelector />);
    expect(screen.getByRole('combobox', { name: 'Network' })).toHaveValue('Local (embedded chain)');
    expect(await screen.findByText('Chain 4')).toBeVisible();
  });

  it('says the node is unreachable when it does not answer', async () => {
    render(<NetworkSelector />);
    expect(await screen.findByText('Unreachable', {}, { timeout: 3000 })).toBeVisible();
  });

  it('flags a chain id that does not match the network', async () => {
    chainIds.set('https://api.testnet.aptoslabs.com/v1', 4);
    render(<NetworkSelector />);
    await choose('Testnet');
    expect(await screen.findByText('Chain 4 ≠ 2')).toBeVisible();
  });

  it('persists the choice across a reload', async () => {
    const { unmount } = render(<NetworkSelector />);
    await choose('Mainnet');
    expect(JSON.parse(window.localStorage.getItem(networkStorageKey) ?? '{}')).toMatchObject({
      kind: 'mainnet',
    });
    unmount();
    render(<NetworkSelector />);
    expect(screen.getByRole('combobox', { name: 'Network' })).toHaveValue('Mainnet');
  });

  it('refuses a custom network without a full node URL, then accepts one', async () => {
    chainIds.set('http://127.0.0.1:9999/v1', 31);
    render(<NetworkSelector />);
    const user = await choose('Custom');
    const dialog = await screen.findByRole('dialog', { name: 'Custom network' });
    await user.click(screen.getByRole('button', { name: 'Use this network' }));
    expect(await screen.findByText(/needs a full node URL/)).toBeVisible();
    expect(dialog).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Full node URL/), 'http://127.0.0.1:9999');
    await user.click(screen.getByRole('button', { name: 'Use this network' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Custom network' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('combobox', { name: 'Network' })).toHaveValue('Custom');
    expect(await screen.findByText('Chain 31')).toBeVisible();
  });
});
