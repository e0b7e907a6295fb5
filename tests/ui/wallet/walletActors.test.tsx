/**
 * The wallet machine with its real actors (src/actors) over a scripted adapter and a real dev
 * wallet: detection, the connect mapping of every refusal, cancel, the watchWallet bridge
 * (account, network, in-wallet disconnect) and reconnection, without a prompt, after the adapter
 * is remounted or the page reloaded.
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { runWalletRequest, WalletRequestError } from '../../../src/actors';
import { DEV_WALLET_NAME } from '../../../src/devwallet';
import { presetNetworks } from '../../../src/network/networks';
import { statePath } from '../../../machines';
import { answerNextPrompt, testWallet } from '../devwallet/helpers';
import { accountOf, flush, LOCAL_WALLET_NETWORK, startWalletMachine, until } from './helpers';

const GOOGLE = 'Continue with Google';

async function connected(options: Parameters<typeof startWalletMachine>[0] = {}) {
  const setup = startWalletMachine(options);
  setup.adapter.publish({});
  setup.devWallet.setPolicy('auto-approve');
  setup.actor.send({ type: 'connect', walletName: DEV_WALLET_NAME });
  await waitFor(setup.actor, (state) => state.matches('connected'));
  setup.devWallet.setPolicy('prompt');
  return setup;
}

describe('detection', () => {
  it('waits for the adapter to list its wallets, then offers the installed ones', async () => {
    const { actor, adapter } = startWalletMachine();
    adapter.publish({ loading: true, wallets: [] });
    await flush();
    expect(actor.getSnapshot().matches('detecting')).toBe(true);
    adapter.publish({
      loading: false,
      wallets: [
        { name: DEV_WALLET_NAME, canChangeNetwork: true },
        { name: GOOGLE, canChangeNetwork: false },
      ],
    });
    expect(actor.getSnapshot().matches('disconnected')).toBe(true);
    // The keyless wallets are not offered on the local chain.
    expect(actor.getSnapshot().context.wallets).toEqual([DEV_WALLET_NAME]);
  });

  it('offers the keyless wallets on testnet', () => {
    const { actor, adapter } = startWalletMachine({ network: presetNetworks.testnet });
    adapter.publish({
      wallets: [
        { name: DEV_WALLET_NAME, canChangeNetwork: true },
        { name: GOOGLE, canChangeNetwork: false },
      ],
    });
    expect(actor.getSnapshot().context.wallets).toEqual([DEV_WALLET_NAME, GOOGLE]);
  });

  it('does not wait forever when the adapter stays loading with no wallet (unavailable)', async () => {
    const { actor, adapter } = startWalletMachine();
    adapter.publish({ loading: true, wallets: [] });
    await waitFor(actor, (state) => state.matches('unavailable'), { timeout: 1000 });
    expect(actor.getSnapshot().context.wallets).toEqual([]);
  });
});

describe('connect', () => {
  it('connects after approval with the account and network the adapter reports', async () => {
    const { actor, adapter, devWallet } = startWalletMachine();
    adapter.publish({});
    actor.send({ type: 'connect', walletName: DEV_WALLET_NAME });
    expect(actor.getSnapshot().matches('connecting')).toBe(true);
    await answerNextPrompt(devWallet, 'APPROVED');
    await waitFor(actor, (state) => state.matches({ connected: 'ready' }));
    expect(actor.getSnapshot().context.account).toEqual(accountOf(devWallet));
    expect(actor.getSnapshot().context.walletNetwork).toEqual(LOCAL_WALLET_NETWORK);
  });

  it.each([
    ['REJECTED', 'Rejected in the approval prompt.'],
    ['CANCELLED', 'The approval prompt was closed without a decision.'],
  ] as const)('keeps %s and the reason from the dev wallet', async (decision, reason) => {
    const { actor, adapter, devWallet } = startWalletMachine();
    adapter.publish({});
    actor.send({ type: 'connect', walletName: DEV_WALLET_NAME });
    await answerNextPrompt(devWallet, decision);
    await waitFor(actor, (state) => state.matches('rejected'));
    expect(actor.getSnapshot().context.error).toEqual({ message: reason, status: decision });
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
  });

  it('keeps REJECTED for the auto-reject policy, with its reason', async () => {
    const { actor, adapter, devWallet } = startWalletMachine();
    devWallet.setPolicy('auto-reject');
    adapter.publish({});
    actor.send({ type: 'connect', walletName: DEV_WALLET_NAME });
    await waitFor(actor, (state) => state.matches('rejected'));
    expect(actor.getSnapshot().context.error).toEqual({
      message: 'Rejected automatically: the approval policy is auto-reject.',
      status: 'REJECTED',
    });
  });

  it('Cancel while the prompt is open answers it CANCELLED and ends disconnected', async () => {
    const { actor, adapter, devWallet } = startWalletMachine();
    adapter.publish({});
    actor.send({ type: 'connect', walletName: DEV_WALLET_NAME });
    await until(() => devWallet.getSnapshot().pending.length === 1);
    actor.send({ type: 'disconnect' });
    await waitFor(actor, (state) => state.matches('disconnected'));
    expect(devWallet.getSnapshot().pending).toEqual([]);
    expect(devWallet.lastRequest()?.status).toBe('CANCELLED');
    await flush();
    expect(adapter.bridge.view().connected).toBe(false);
  });

  it('refuses a keyless wallet off mainnet/testnet with a clear message, without calling the adapter', async () => {
    const { actor, adapter } = startWalletMachine();
    adapter.publish({ wallets: [{ name: GOOGLE, canChangeNetwork: false }] });
    // Not offered here, so the machine has no wallet: force the case through `unavailable`.
    expect(actor.getSnapshot().matches('unavailable')).toBe(true);
    const testnet = startWalletMachine({ network: presetNetworks.testnet, online: false });
    testnet.adapter.publish({ wallets: [{ name: GOOGLE, canChangeNetwork: false }] });
    testnet.actor.send({ type: 'connect', walletName: GOOGLE });
    await waitFor(testnet.actor, (state) => state.matches('disconnected'));
    expect(testnet.actor.getSnapshot().context.error?.message).toMatch(
      /needs an internet connection .* this browser is offline/,
    );
    expect(testnet.adapter.calls).toEqual([]);
  });

  it('says when the wallet asked for is not installed (unavailable)', async () => {
    const { actor, adapter } = startWalletMachine();
    adapter.publish({});
    actor.send({ type: 'connect', walletName: 'Petra' });
    await waitFor(actor, (state) => state.matches('unavailable'));
    expect(actor.getSnapshot().context.error?.message).toBe(
      'Petra is not installed in this browser. Install it, or pick an installed wallet.',
    );
  });
});

describe('runWalletRequest', () => {
  it('turns the dev wallet INVALID (same adapter string) into INVALID with the reason', async () => {
    const { devWallet } = startWalletMachine();
    const request = runWalletRequest({
      walletName: DEV_WALLET_NAME,
      devWallet,
      run: async () => {
        const answer = await devWallet.signMessage({ message: 'hi', nonce: '1' });
        if (answer.status === 'Rejected') throw 'User has rejected the request';
        return answer.args;
      },
    });
    await expect(request).rejects.toBeInstanceOf(WalletRequestError);
    await expect(request).rejects.toMatchObject({
      status: 'INVALID',
      message: expect.stringMatching(/not connected to the dev wallet/),
    });
  });

  it('leaves other wallets’ errors alone, and explains a blocked pop-up', async () => {
    await expect(
      runWalletRequest({
        walletName: 'Petra',
        devWallet: undefined,
        run: async () => {
          throw 'User has rejected the request';
        },
      }),
    ).rejects.toBe('User has rejected the request');
    await expect(
      runWalletRequest({
        walletName: GOOGLE,
        devWallet: undefined,
        run: async () => {
          throw "Couldn't open prompt";
        },
      }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/blocked the pop-up/), status: null });
  });
});

describe('watchWallet', () => {
  it('follows an account switch inside the wallet', async () => {
    const { actor, devWallet } = await connected();
    const second = devWallet.generateAccount({ name: 'Second' });
    devWallet.setActiveAccount({ address: second.address });
    expect(actor.getSnapshot().context.account).toEqual({
      address: second.address,
      publicKey: second.publicKey,
    });
    expect(actor.getSnapshot().matches({ connected: 'ready' })).toBe(true);
  });

  it('follows an account change the adapter reports', async () => {
    const { actor, adapter } = await connected();
    const account = { address: `0x${'12'.repeat(32)}`, publicKey: `0x${'34'.repeat(32)}` };
    adapter.publish({ account });
    expect(actor.getSnapshot().context.account).toEqual(account);
  });

  it('goes to wrongNetwork when the wallet switches networks, and back', async () => {
    const { actor, devWallet } = await connected();
    await devWallet.switchNetwork({ name: 'testnet' });
    expect(actor.getSnapshot().matches({ connected: 'wrongNetwork' })).toBe(true);
    expect(actor.getSnapshot().context.walletNetwork).toMatchObject({
      name: 'testnet',
      chainId: 2,
    });
    await devWallet.switchNetwork({ name: 'local' });
    expect(actor.getSnapshot().matches({ connected: 'ready' })).toBe(true);
  });

  it('goes to wrongNetwork when the app network changes', async () => {
    const { actor } = await connected();
    actor.send({ type: 'app.networkChanged', network: { name: 'testnet', chainId: 2 } });
    expect(actor.getSnapshot().matches({ connected: 'wrongNetwork' })).toBe(true);
  });

  it('notices a disconnect made inside the dev wallet, and tells the adapter', async () => {
    const { actor, adapter, devWallet } = await connected();
    devWallet.disconnectFromWallet();
    expect(actor.getSnapshot().matches('disconnected')).toBe(true);
    expect(actor.getSnapshot().context.account).toBeNull();
    await flush();
    expect(adapter.calls).toContain('disconnect');
    expect(adapter.bridge.view().connected).toBe(false);
  });

  it('notices when the adapter loses the connection', async () => {
    const { actor, adapter } = await connected();
    adapter.publish({ connected: false, walletName: null, account: null, network: null });
    expect(actor.getSnapshot().matches('disconnected')).toBe(true);
  });
});

describe('a remounted adapter (network change) and a reload', () => {
  /** The states the machine passes through, in order, from now on. */
  function statesOf(actor: ReturnType<typeof startWalletMachine>['actor']): string[] {
    const seen = [statePath(actor.getSnapshot().value)];
    actor.subscribe((state) => {
      const path = statePath(state.value);
      if (seen.at(-1) !== path) seen.push(path);
    });
    return seen;
  }

  it('reconnects on the new adapter without a prompt, showing reconnecting, and stays connected', async () => {
    const { actor, adapter, devWallet } = await connected();
    const account = actor.getSnapshot().context.account;
    const seen = statesOf(actor);
    adapter.remount();
    await adapter.autoConnect(DEV_WALLET_NAME);
    await until(() => adapter.bridge.getState().reattaching === null);
    expect(seen).toEqual(['connected.ready', 'reconnecting', 'connected.ready']);
    expect(actor.getSnapshot().context.account).toEqual(account);
    expect(devWallet.getSnapshot().pending).toEqual([]);
    expect(devWallet.lastRequest()).toMatchObject({
      kind: 'connect',
      status: 'APPROVED',
      reason: expect.stringMatching(/approved before on this network/),
    });
  });

  it('switches and back, twice reconnecting, with no prompt in between', async () => {
    const { actor, adapter, devWallet } = await connected();
    for (const kind of ['testnet', 'local'] as const) {
      adapter.remount();
      await adapter.autoConnect(DEV_WALLET_NAME, kind);
      await until(() => adapter.bridge.getState().reattaching === null);
      expect(actor.getSnapshot().matches('connected')).toBe(true);
    }
    const connects = devWallet.getSnapshot().requestLog.filter((r) => r.kind === 'connect');
    expect(connects.map((request) => request.reason)).toEqual([
      'Approved automatically: the approval policy is auto-approve.',
      'This app was approved before on this network; connected without a prompt.',
      'This app was approved before on this network; connected without a prompt.',
    ]);
  });

  it('reconnects after a reload from the approval kept with the keys, without a prompt', async () => {
    const { wallet: devWallet, keyStore } = testWallet();
    const first = startWalletMachine({ devWallet });
    first.adapter.publish({});
    const answered = answerNextPrompt(devWallet, 'APPROVED');
    first.actor.send({ type: 'connect', walletName: DEV_WALLET_NAME });
    await answered;
    await waitFor(first.actor, (state) => state.matches('connected'));
    first.actor.stop();

    const reloaded = testWallet({ keyStore }).wallet;
    const { actor, adapter } = startWalletMachine({ devWallet: reloaded });
    const seen = statesOf(actor);
    await adapter.autoConnect(DEV_WALLET_NAME);
    await waitFor(actor, (state) => state.matches('connected'));
    expect(seen).toEqual(['detecting', 'reconnecting', 'connected.ready']);
    expect(actor.getSnapshot().context.account).toEqual(accountOf(reloaded));
    expect(reloaded.getSnapshot().pending).toEqual([]);
  });

  it('does not reconnect after a reload once the app disconnected (no prompt either)', async () => {
    const { actor: first, devWallet, adapter: firstAdapter } = await connected();
    first.send({ type: 'disconnect' });
    await waitFor(first, (state) => state.matches('disconnected'));
    expect(devWallet.getSnapshot().approvedApps).toEqual([]);
    expect(firstAdapter.calls).toContain('disconnect');

    const { actor, adapter } = startWalletMachine({ devWallet });
    await adapter.autoConnect(DEV_WALLET_NAME);
    expect(actor.getSnapshot().matches('disconnected')).toBe(true);
    expect(adapter.calls).toEqual([]);
    expect(devWallet.getSnapshot().pending).toEqual([]);
  });

  it('reports the disconnect, with a notice, when the wallet does not come back', async () => {
    const { actor, adapter, notices } = await connected();
    adapter.remount();
    adapter.publish({ loading: false });
    expect(actor.getSnapshot().matches('reconnecting')).toBe(true);
    await waitFor(actor, (state) => state.matches('disconnected'));
    expect(notices).toEqual([
      {
        title: `${DEV_WALLET_NAME} is disconnected`,
        message: expect.stringContaining('did not reconnect by itself'),
      },
    ]);
    expect(adapter.bridge.getState().reattaching).toBeNull();
  });

  it('announces the wallet list again after a remount and on request', async () => {
    const { actor, adapter } = startWalletMachine();
    adapter.publish({});
    expect(actor.getSnapshot().matches('disconnected')).toBe(true);
    adapter.publish({ wallets: [] });
    expect(actor.getSnapshot().matches('unavailable')).toBe(true);
    adapter.publish({ wallets: [{ name: DEV_WALLET_NAME, canChangeNetwork: true }] });
    expect(actor.getSnapshot().matches('disconnected')).toBe(true);
    adapter.bridge.rescan();
    expect(actor.getSnapshot().context.wallets).toEqual([DEV_WALLET_NAME]);
  });
});
