/**
 * The whole wallet stack in jsdom: AppProviders with the real wallet adapter provider, the wallet
 * machine with its real actors, and a registered dev wallet answered through its approval prompt.
 */
import { getWallets } from '@aptos-labs/wallet-standard';
import { MantineProvider } from '@mantine/core';
import { act, render as testingLibraryRender, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLocalnet, type Localnet } from '../../../localnet/index.ts';
import type * as CreateAptosModule from '../../../src/aptos/createAptos';
import type { NetworkConfig } from '../../../src/network/networks';
import { AppProviders } from '../../../src/app/AppProviders';
import { theme } from '../../../src/app/theme';
import type { DevWallet, MemoryKeyStore } from '../../../src/devwallet';
import { NetworkSelector } from '../../../src/network/NetworkSelector';
import { shortAddress } from '../../../src/format/address';
import { WalletButton } from '../../../src/wallet';
import { createTestQueryClient, screen, userEvent, within } from '../../test-utils/render';
import { testWallet } from '../devwallet/helpers';

/**
 * The real ts-sdk client. Local's preset names 127.0.0.1:8080, shared with every other test
 * process on the machine, so its calls go to an in-process embedded chain on free ports instead
 * (same client, another URL). Testnet cannot be reached offline and no local chain reports its
 * chain id (2), so testnet's ledger info is the one stand-in: the network check needs that id to
 * show wrongNetwork.
 */
vi.mock('../../../src/aptos/createAptos', async (importOriginal) => {
  const real = await importOriginal<typeof CreateAptosModule>();
  const { presetNetworks } = await import('../../../src/network/networks');
  return {
    createAptos: (network: NetworkConfig) => {
      if (network.fullnode === presetNetworks.testnet.fullnode) {
        return { getLedgerInfo: async () => ({ chain_id: 2, ledger_version: '0' }) };
      }
      if (network.fullnode === presetNetworks.local.fullnode) {
        return real.createAptos({
          ...network,
          fullnode: localnet.urls.rest,
          faucet: localnet.urls.faucet,
        });
      }
      return real.createAptos(network);
    },
  };
});

let localnet: Localnet;

beforeAll(async () => {
  // Default cadence: a fresh chain starts with its first 10 blocks, committed at once.
  localnet = await startLocalnet({ ephemeral: true, ports: 'auto' });
}, 30_000);
afterAll(async () => {
  await localnet.stop();
});

let wallet: DevWallet;
let keyStore: MemoryKeyStore;
let unregister: () => void;

beforeEach(() => {
  localStorage.clear();
  ({ wallet, keyStore } = testWallet());
  unregister = getWallets().register(wallet.standardWallet);
});

afterEach(() => {
  unregister();
});

function renderWorkbench() {
  return testingLibraryRender(
    <AppProviders queryClient={createTestQueryClient()} devWallet={wallet}>
      <MantineProvider theme={theme} env="test">
        <NetworkSelector />
        <WalletButton />
      </MantineProvider>
    </AppProviders>,
  );
}

async function approve(title: string) {
  const user = userEvent.setup();
  const prompt = await screen.findByRole('dialog', { name: title }, { timeout: 3000 });
  await user.click(within(prompt).getByRole('button', { name: 'Approve' }));
}

function connectedName(): RegExp {
  const address = wallet.getSnapshot().activeAccount?.address ?? '';
  return new RegExp(`^Wallet ${shortAddress(address)}, connected$`);
}

async function connect() {
  const user = userEvent.setup();
  const button = await screen.findByRole('button', { name: 'Connect wallet' }, { timeout: 3000 });
  // The panel may still be open from an earlier connection.
  if (screen.queryByRole('dialog', { name: 'Wallet' }) === null) await user.click(button);
  const panel = await screen.findByRole('dialog', { name: 'Wallet' });
  await user.click(within(panel).getByRole('button', { name: 'Connect Workbench Dev Wallet' }));
  await approve('Connect this app to the dev wallet?');
  await screen.findByRole('button', { name: connectedName() }, { timeout: 3000 });
  return { user, panel };
}

describe('the wallet machine over the real adapter', () => {
  it('lists the dev wallet, and connects through the approval prompt', async () => {
    renderWorkbench();
    const { panel } = await connect();
    expect(wallet.connected).toBe(true);
    expect(within(panel).getByLabelText('Connected account address')).toHaveTextContent(
      wallet.getSnapshot().activeAccount?.address ?? 'missing',
    );
  });

  it('follows an account switch and notices a disconnect made in the wallet', async () => {
    renderWorkbench();
    await connect();
    act(() => {
      const second = wallet.generateAccount({ name: 'Second' });
      wallet.setActiveAccount({ address: second.address });
    });
    expect(await screen.findByRole('button', { name: connectedName() })).toBeVisible();

    act(() => wallet.disconnectFromWallet());
    expect(await screen.findByRole('button', { name: 'Connect wallet' })).toBeVisible();
    // The adapter was told too: connecting again works (it would say "already connected").
    await connect();
    expect(wallet.connected).toBe(true);
  });

  it('reconnects after a reload without a prompt (the adapter remembers the wallet, the wallet the app)', async () => {
    const first = renderWorkbench();
    await connect();
    first.unmount();
    unregister();
    // A reload: a new dev wallet from the same storage, a new adapter and wallet machine.
    ({ wallet } = testWallet({ keyStore }));
    unregister = getWallets().register(wallet.standardWallet);
    renderWorkbench();
    expect(
      await screen.findByRole('button', { name: connectedName() }, { timeout: 5000 }),
    ).toBeVisible();
    expect(
      screen.queryByRole('dialog', { name: 'Connect this app to the dev wallet?' }),
    ).toBeNull();
    expect(wallet.lastRequest()).toMatchObject({
      kind: 'connect',
      status: 'APPROVED',
      reason: 'This app was approved before on this network; connected without a prompt.',
    });
  });

  it('keeps the connection across a network change and shows wrongNetwork', async () => {
    renderWorkbench();
    const { user } = await connect();
    await user.click(screen.getByRole('combobox', { name: 'Network' }));
    await user.click(await screen.findByRole('option', { name: 'Testnet', hidden: true }));
    // The adapter is remounted for testnet; its autoConnect brings the wallet back, unasked.
    const button = await screen.findByRole(
      'button',
      { name: /, wrong network$/ },
      { timeout: 3000 },
    );
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Wallet' });
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'Workbench Dev Wallet is on local (chain id 4); the workbench is on Testnet (chain id 2).',
    );
    expect(
      within(panel).getByRole('button', { name: 'Switch Workbench Dev Wallet to Testnet' }),
    ).toBeVisible();
    // The app-side fix (the wallet-side one would reach testnet's name service from the adapter).
    await user.click(
      within(panel).getByRole('button', { name: 'Use Local (embedded chain) in the workbench' }),
    );
    expect(
      await screen.findByRole('button', { name: connectedName() }, { timeout: 3000 }),
    ).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Network' })).toHaveValue('Local (embedded chain)');
    // Both switches reconnected without a prompt: one connect was asked, two were remembered. (The
    // first prompt may still be fading out under load; a stray prompt would stay open, waiting.)
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Connect this app to the dev wallet?' }),
      ).toBeNull(),
    );
    const connects = wallet
      .getSnapshot()
      .requestLog.filter((request) => request.kind === 'connect')
      .map((request) => request.reason);
    expect(connects).toEqual([
      'Approved in the approval prompt.',
      'This app was approved before on this network; connected without a prompt.',
      'This app was approved before on this network; connected without a prompt.',
    ]);
  });
});
