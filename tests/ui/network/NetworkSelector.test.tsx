import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLocalnet } from '../../../localnet/index.ts';
import type { Localnet } from '../../../localnet/index.ts';
import type * as CreateAptosModule from '../../../src/aptos/createAptos';
import type { NetworkConfig } from '../../../src/network/networks';
import { NetworkSelector } from '../../../src/network/NetworkSelector';
import { networkStorageKey } from '../../../src/network/NetworkContext';
import { render, screen, userEvent, waitFor } from '../../test-utils/render';

const chainIds = new Map<string, number>();

/**
 * The presets name fixed URLs a test cannot serve: 127.0.0.1:8080 is shared with every other test
 * process on the machine, and testnet and mainnet are not reachable offline. Those answer from
 * `chainIds`; every other URL (a custom network) goes to the real ts-sdk client.
 */
vi.mock('../../../src/aptos/createAptos', async (importOriginal) => {
  const real = await importOriginal<typeof CreateAptosModule>();
  const { presetNetworks } = await import('../../../src/network/networks');
  const presets = new Set(Object.values(presetNetworks).map((network) => network.fullnode));
  return {
    createAptos: (network: NetworkConfig) =>
      presets.has(network.fullnode)
        ? {
            getLedgerInfo: async () => {
              const chainId = chainIds.get(network.fullnode);
              if (chainId === undefined) throw new Error('connect ECONNREFUSED');
              return { chain_id: chainId, ledger_version: '0' };
            },
          }
        : real.createAptos(network),
  };
});

let localnet: Localnet;

beforeAll(async () => {
  localnet = await startLocalnet({ blockTimeMs: 0, ephemeral: true, ports: 'auto' });
});
afterAll(async () => {
  await localnet.stop();
});

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

  it('refuses a custom network without a full node URL, then reads a real node', async () => {
    render(<NetworkSelector />);
    const user = await choose('Custom');
    const dialog = await screen.findByRole('dialog', { name: 'Custom network' });
    await user.click(screen.getByRole('button', { name: 'Use this network' }));
    expect(await screen.findByText(/needs a full node URL/)).toBeVisible();
    expect(dialog).toBeInTheDocument();

    await user.type(
      screen.getByLabelText(/Full node URL/),
      localnet.urls.rest.replace(/\/v1$/, ''),
    );
    await user.click(screen.getByRole('button', { name: 'Use this network' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Custom network' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('combobox', { name: 'Network' })).toHaveValue('Custom');
    // The embedded chain's id, read by the real client.
    expect(await screen.findByText('Chain 4', {}, { timeout: 15_000 })).toBeVisible();
  }, 20_000);
});
