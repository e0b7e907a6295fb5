/**
 * The header's wallet button and its panel, rendered for each wallet machine state. The machine
 * runs with scripted actors so each state can be reached on demand. The ts-sdk client is the real
 * one, against an in-process embedded chain on free ports: the balance is read from the chain, and
 * Send APT's transfer is signed, submitted and waited for there.
 */
import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import {
  Account,
  Aptos,
  AptosConfig,
  Network,
  type InputEntryFunctionData,
} from '@aptos-labs/ts-sdk';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  walletMachine,
  type ConnectInput,
  type ConnectOutput,
  type DisconnectInput,
  type WalletWatchEvent,
  type WalletAccount,
  type WatchWalletInput,
} from '../../../machines';
import type * as CreateAptosModule from '../../../src/aptos/createAptos';
import { createAptos } from '../../../src/aptos/createAptos';
import { presetNetworks, type NetworkConfig } from '../../../src/network/networks';
import { createAdapterBridge, WalletRequestError, type AdapterCommands } from '../../../src/actors';
import { theme } from '../../../src/app/theme';
import { DEV_WALLET_NAME } from '../../../src/devwallet';
import { networkStorageKey } from '../../../src/network/NetworkContext';
import { WalletButton, WalletMachineContext } from '../../../src/wallet';
import { render, screen, userEvent, waitFor, within } from '../../test-utils/render';
import { removeTempDirs, spawnLocalnet, tempDataDir } from '../../localnet/helpers';
import { LOCAL } from './helpers';

const ADDRESS = `0x${'ab12'.repeat(16)}`;
const ACCOUNT = { address: ADDRESS, publicKey: `0x${'cd'.repeat(32)}` };
const LOCAL_NETWORK = { name: 'local', chainId: 4, url: 'http://127.0.0.1:8080/v1' };

/**
 * Local's preset names 127.0.0.1:8080, shared with every other test process on the machine; the
 * real client is pointed at the in-process chain instead (same client, another URL).
 */
vi.mock('../../../src/aptos/createAptos', async (importOriginal) => {
  const real = await importOriginal<typeof CreateAptosModule>();
  return {
    createAptos: (network: NetworkConfig) =>
      real.createAptos({ ...network, fullnode: localnet.urls.rest, faucet: localnet.urls.faucet }),
  };
});

/**
 * The chain runs as a child process (`npm run localnet` on free ports), not in this jsdom realm:
 * in jsdom the SDK's `instanceof Uint8Array` checks fail on Node's buffers, so the chain's own
 * faucet signing breaks in process. Reads alone work in process (see the Composer test).
 */
let localnet: { child: ChildProcess; urls: { rest: string; faucet: string; indexer: string } };
/** A client of our own, for funding and for the adapter's scripted signAndSubmitTransaction. */
let aptos: Aptos;
/** The app's client (the one createAptos returns), to watch its waitForTransaction. */
let appClient: Aptos;

beforeAll(async () => {
  localnet = await spawnLocalnet(tempDataDir());
  aptos = new Aptos(
    new AptosConfig({
      network: Network.CUSTOM,
      fullnode: localnet.urls.rest,
      faucet: localnet.urls.faucet,
      indexer: localnet.urls.indexer,
    }),
  );
  // Exactly 1 APT, so the panel's balance line has a known value.
  await aptos.fundAccount({ accountAddress: ADDRESS, amount: 100_000_000 });
  appClient = createAptos(presetNetworks.local);
}, 60_000);
afterAll(async () => {
  const exited = new Promise((resolve) => localnet.child.once('exit', resolve));
  localnet.child.kill();
  await exited;
  removeTempDirs();
});

beforeEach(() => {
  vi.restoreAllMocks();
});

interface Deferred<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function setup() {
  let sendBack: ((event: WalletWatchEvent) => void) | undefined;
  let connect: Deferred<ConnectOutput> | undefined;
  let disconnect: Deferred<unknown> | undefined;
  const logic = walletMachine.provide({
    actors: {
      connect: fromPromise<ConnectOutput, ConnectInput>(
        () => new Promise((resolve, reject) => (connect = { resolve, reject })),
      ),
      disconnect: fromPromise<unknown, DisconnectInput>(
        () => new Promise((resolve, reject) => (disconnect = { resolve, reject })),
      ),
      watchWallet: fromCallback<EventObject, WatchWalletInput>(({ sendBack: send }) => {
        sendBack = send;
      }),
    },
  });
  const actor = createActor(logic, { input: { appNetwork: LOCAL } }).start();
  const bridge = createAdapterBridge();
  const commands: AdapterCommands = {
    connect: vi.fn(async () => undefined),
    disconnect: vi.fn(async () => undefined),
    changeNetwork: vi.fn(async () => undefined),
    signAndSubmitTransaction: vi.fn(async () => {
      throw new Error('this test has no signer');
    }),
    disconnectWallet: vi.fn(async () => undefined),
  };
  bridge.publish({
    view: {
      generation: bridge.attach(),
      loading: false,
      connected: false,
      walletName: null,
      account: null,
      network: null,
      wallets: [{ name: DEV_WALLET_NAME, canChangeNetwork: true }],
      notDetected: [{ name: 'Petra', url: 'https://petra.app', canChangeNetwork: false }],
    },
    commands,
  });
  // Mantine's test environment: no transitions, and popovers are not hidden as "detached"
  // (jsdom lays nothing out).
  const ui = (element: ReactElement) => (
    <MantineProvider theme={theme} env="test">
      <WalletMachineContext.Provider value={{ actorRef: actor, bridge, devWallet: undefined }}>
        {element}
      </WalletMachineContext.Provider>
    </MantineProvider>
  );
  const wallet = (event: WalletWatchEvent) => sendBack?.(event);
  return {
    actor,
    bridge,
    commands,
    ui,
    wallet,
    detected: () => wallet({ type: 'wallet.detected', wallets: [DEV_WALLET_NAME] }),
    connectSettles: (result: { output: ConnectOutput } | { error: unknown }) => {
      if ('output' in result) connect?.resolve(result.output);
      else connect?.reject(result.error);
    },
    disconnectSettles: () => disconnect?.resolve(undefined),
  };
}

async function openPanel(name: string | RegExp) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  const panel = await screen.findByRole('dialog', { name: 'Wallet' });
  return { user, panel };
}

function stateOf(panel: HTMLElement): string | null {
  return within(panel)
    .getByRole('status', { name: /^Wallet machine state: / })
    .getAttribute('aria-label');
}

async function connectedSetup(account: WalletAccount = ACCOUNT) {
  const harness = setup();
  harness.detected();
  harness.actor.send({ type: 'connect', walletName: DEV_WALLET_NAME });
  harness.connectSettles({ output: { account, network: LOCAL_NETWORK } });
  await waitFor(() => expect(harness.actor.getSnapshot().matches('connected')).toBe(true));
  return harness;
}

describe('WalletButton', () => {
  it('says it is detecting wallets before the adapter has listed them', async () => {
    const { ui } = setup();
    render(ui(<WalletButton />));
    const { panel } = await openPanel('Detecting wallets…');
    expect(stateOf(panel)).toBe('Wallet machine state: detecting');
    expect(within(panel).getByText('Looking for installed wallets (AIP-62)…')).toBeVisible();
  });

  it('shows unavailable with a way to look again', async () => {
    const { ui, wallet, bridge } = setup();
    render(ui(<WalletButton />));
    wallet({ type: 'wallet.detected', wallets: [] });
    const { user, panel } = await openPanel('No wallet available');
    expect(stateOf(panel)).toBe('Wallet machine state: unavailable');
    expect(within(panel).getByRole('alert')).toHaveTextContent('No wallet to connect');
    await user.click(within(panel).getByRole('button', { name: 'Look for wallets again' }));
    expect(bridge.getState().scan).toBe(1);
  });

  it('lists installed and not-installed wallets when disconnected, and connects by keyboard', async () => {
    const { ui, actor, detected, commands } = setup();
    render(ui(<WalletButton />));
    detected();
    const user = userEvent.setup();
    (await screen.findByRole('button', { name: 'Connect wallet' })).focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Wallet' });
    expect(stateOf(panel)).toBe('Wallet machine state: disconnected');
    expect(within(panel).getByRole('heading', { name: 'Installed' })).toBeVisible();
    expect(within(panel).getByRole('heading', { name: 'Not installed' })).toBeVisible();
    const petra = within(panel).getByText('Petra').closest('li') as HTMLElement;
    expect(within(petra).getByText('Not installed')).toBeVisible();
    expect(
      within(petra).getByRole('link', { name: 'Get it: Petra (opens its site)' }),
    ).toHaveAttribute('href', 'https://petra.app');
    expect(within(panel).getByText(/offered on Mainnet and Testnet only/)).toBeVisible();
    // The panel follows the button in the tab order.
    await user.tab();
    expect(within(panel).getByRole('button', { name: `Connect ${DEV_WALLET_NAME}` })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(actor.getSnapshot().matches('connecting')).toBe(true);
    expect(commands.connect).not.toHaveBeenCalled(); // the machine's own connect actor runs
    expect(await screen.findByRole('button', { name: 'Connecting…' })).toBeVisible();
  });

  it('closes the panel on Escape from the button that opened it, not while connecting', async () => {
    const { ui, actor, detected } = setup();
    render(ui(<WalletButton />));
    detected();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Connect wallet' });
    button.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Wallet' });
    expect(button).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Wallet' })).toBeNull());
    // While the machine is busy the panel stays, so the wallet's prompt can be answered.
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Wallet' });
    actor.send({ type: 'connect', walletName: DEV_WALLET_NAME });
    const connecting = await screen.findByRole('button', { name: 'Connecting…' });
    connecting.focus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Wallet' })).toBeVisible();
  });

  it('offers Cancel while connecting, which disconnects', async () => {
    const { ui, actor, detected, disconnectSettles } = setup();
    render(ui(<WalletButton />));
    detected();
    actor.send({ type: 'connect', walletName: DEV_WALLET_NAME });
    const { user, panel } = await openPanel('Connecting…');
    expect(within(panel).getByText(/Waiting for Workbench Dev Wallet to approve/)).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(actor.getSnapshot().matches('disconnecting')).toBe(true);
    expect(await screen.findByText(`Disconnecting from ${DEV_WALLET_NAME}…`)).toBeVisible();
    disconnectSettles();
    await waitFor(() => expect(stateOf(panel)).toBe('Wallet machine state: disconnected'));
  });

  it('shows rejected with the kept status and the reason', async () => {
    const { ui, actor, detected, connectSettles } = setup();
    render(ui(<WalletButton />));
    detected();
    actor.send({ type: 'connect', walletName: DEV_WALLET_NAME });
    connectSettles({
      error: new WalletRequestError({
        message: 'The approval prompt was closed without a decision.',
        status: 'CANCELLED',
      }),
    });
    const { panel } = await openPanel('Connection rejected');
    expect(stateOf(panel)).toBe('Wallet machine state: rejected');
    const alert = within(panel).getByRole('alert');
    expect(within(alert).getByText('CANCELLED')).toBeVisible();
    expect(alert).toHaveTextContent('The approval prompt was closed without a decision.');
    expect(within(panel).getByRole('button', { name: `Connect ${DEV_WALLET_NAME}` })).toBeEnabled();
  });

  it('shows the connected account, copy and disconnect when ready', async () => {
    const { ui, actor } = await connectedSetup();
    render(ui(<WalletButton />));
    const { user, panel } = await openPanel('Wallet 0xab12…ab12, connected');
    expect(stateOf(panel)).toBe('Wallet machine state: connected.ready');
    expect(within(panel).getByLabelText('Connected account address')).toHaveTextContent(ADDRESS);
    expect(within(panel).getByRole('button', { name: 'Copy the address' })).toBeVisible();
    expect(await within(panel).findByText('Balance: 1 APT (100,000,000 octas)')).toBeVisible();
    expect(within(panel).getByRole('heading', { name: 'Send APT' })).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Disconnect' }));
    expect(actor.getSnapshot().matches('disconnecting')).toBe(true);
  });

  it('shows both chain ids on a wrong network, and the fixes', async () => {
    const { ui, wallet, commands } = await connectedSetup();
    render(ui(<WalletButton />));
    wallet({
      type: 'wallet.networkChanged',
      network: { name: 'testnet', chainId: 2, url: 'https://api.testnet.aptoslabs.com/v1' },
    });
    const { user, panel } = await openPanel('Wallet 0xab12…ab12, wrong network');
    expect(stateOf(panel)).toBe('Wallet machine state: connected.wrongNetwork');
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'Workbench Dev Wallet is on testnet (chain id 2); the workbench is on Local (embedded chain) (chain id 4).',
    );
    expect(within(panel).queryByRole('heading', { name: 'Send APT' })).toBeNull();
    await user.click(
      within(panel).getByRole('button', {
        name: `Switch ${DEV_WALLET_NAME} to Local (embedded chain)`,
      }),
    );
    expect(commands.changeNetwork).toHaveBeenCalledWith('local');
    await user.click(within(panel).getByRole('button', { name: 'Use Testnet in the workbench' }));
    expect(JSON.parse(window.localStorage.getItem(networkStorageKey) ?? '{}')).toMatchObject({
      kind: 'testnet',
    });
  });
});

describe('Send APT', () => {
  it('refuses a bad recipient and more than 8 decimals, then sends octas as a decimal string', async () => {
    // A real account with a key: the adapter's signAndSubmitTransaction (scripted, as the wallet
    // side) signs with it and submits to the chain; the panel then waits with the app's client.
    const signer = Account.generate();
    await aptos.fundAccount({ accountAddress: signer.accountAddress, amount: 200_000_000 });
    const { ui, commands } = await connectedSetup({
      address: signer.accountAddress.toStringLong(),
      publicKey: signer.publicKey.toString(),
    });
    let hash = '';
    vi.mocked(commands.signAndSubmitTransaction).mockImplementation(async (input) => {
      const transaction = await aptos.transaction.build.simple({
        sender: signer.accountAddress,
        data: input.data as InputEntryFunctionData,
      });
      ({ hash } = await aptos.signAndSubmitTransaction({ signer, transaction }));
      return { hash };
    });
    const waitForTransaction = vi.spyOn(appClient, 'waitForTransaction');
    render(ui(<WalletButton />));
    const { user, panel } = await openPanel(/connected$/);
    const recipient = within(panel).getByRole('textbox', { name: 'Recipient' });
    const amount = within(panel).getByRole('textbox', { name: 'Amount (APT)' });
    await user.type(recipient, 'not an address');
    await user.type(amount, '0.000000001');
    await user.click(within(panel).getByRole('button', { name: 'Sign and submit' }));
    expect(
      within(panel).getByText(/^Recipient "not an address" has "n", which is not a hex digit\./),
    ).toBeVisible();
    expect(within(panel).getByText(/APT has 8 decimals/)).toBeVisible();
    expect(commands.signAndSubmitTransaction).not.toHaveBeenCalled();

    await user.clear(recipient);
    await user.type(recipient, '0x1');
    await user.clear(amount);
    await user.type(amount, '1.5');
    expect(within(panel).getByText('1.5 APT (150,000,000 octas)')).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Sign and submit' }));
    const title = await within(panel).findByText('Committed', { exact: true });
    const outcome = title.closest('[role="status"]');
    expect(outcome).not.toBeNull();
    const committed = await aptos.getTransactionByHash({ transactionHash: hash });
    if (committed.type !== 'user_transaction') throw new Error(`not committed: ${committed.type}`);
    expect(committed.success).toBe(true);
    expect(outcome).toHaveTextContent(`Executed successfully · version ${committed.version}`);
    expect(outcome).toHaveTextContent(hash);
    expect(commands.signAndSubmitTransaction).toHaveBeenCalledWith({
      data: {
        function: '0x1::aptos_account::transfer',
        functionArguments: [`0x${'0'.repeat(63)}1`, '150000000'],
      },
    });
    expect(waitForTransaction).toHaveBeenCalledWith({
      transactionHash: hash,
      options: { timeoutSecs: 30, checkSuccess: false },
    });
    // The chain committed the transfer the form asked for.
    expect(committed.payload).toMatchObject({
      function: '0x1::aptos_account::transfer',
      arguments: ['0x1', '150000000'],
    });
  });

  it('shows the wallet status when the wallet refuses', async () => {
    const { ui, commands } = await connectedSetup();
    const waitForTransaction = vi.spyOn(appClient, 'waitForTransaction');
    vi.mocked(commands.signAndSubmitTransaction).mockRejectedValue(
      new WalletRequestError({ message: 'Rejected in the approval prompt.', status: 'REJECTED' }),
    );
    render(ui(<WalletButton />));
    const { user, panel } = await openPanel(/connected$/);
    await user.type(within(panel).getByRole('textbox', { name: 'Recipient' }), '0x1');
    await user.type(within(panel).getByRole('textbox', { name: 'Amount (APT)' }), '1');
    await user.click(within(panel).getByRole('button', { name: 'Sign and submit' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('The transfer did not go through');
    expect(within(alert).getByText('REJECTED')).toBeVisible();
    expect(alert).toHaveTextContent('Rejected in the approval prompt.');
    expect(waitForTransaction).not.toHaveBeenCalled();
  });
});
