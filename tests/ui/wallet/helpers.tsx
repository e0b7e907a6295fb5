import { createActor } from 'xstate';
import { walletMachine, type AppNetwork, type WalletAccount } from '../../../machines';
import {
  createAdapterBridge,
  createWalletActors,
  type AdapterBridge,
  type AdapterCommands,
  type AdapterView,
  type WalletEnvironment,
  type WalletNotice,
} from '../../../src/actors';
import { DEV_WALLET_NAME, type DevWallet } from '../../../src/devwallet';
import { presetNetworks, type NetworkConfig } from '../../../src/network/networks';
import { createAutoConnect } from '../../../src/wallet/useAutoConnect';
import { testWallet } from '../devwallet/helpers';

export const LOCAL: AppNetwork = { name: 'local', chainId: 4 };

/** An account as the adapter reports it (long address, hex key). */
export function accountOf(wallet: DevWallet): WalletAccount {
  const active = wallet.getSnapshot().activeAccount;
  if (active === null) throw new Error('the wallet has no active account');
  return { address: active.address, publicKey: active.publicKey };
}

export const LOCAL_WALLET_NETWORK = { name: 'local', chainId: 4, url: 'http://127.0.0.1:8080/v1' };

/** Lets promises and the actor's reactions run. */
export async function flush(times = 5): Promise<void> {
  for (let i = 0; i < times; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

export type Publish = (
  view: Partial<Omit<AdapterView, 'generation' | 'ready'>> & { loading?: boolean },
) => void;

/**
 * The adapter as the actors see it, scripted: a bridge with one mounted "adapter" whose
 * connect goes to the dev wallet's own `aptos:connect` (and reports the connection the way the
 * React adapter would), plus a way to remount it (a new generation, as a network change does).
 */
export function fakeAdapter(args: { devWallet: DevWallet; bridge?: AdapterBridge }) {
  const bridge = args.bridge ?? createAdapterBridge({ detectionTimeoutMs: 50 });
  const calls: string[] = [];
  let generation = bridge.attach();
  let current: Omit<AdapterView, 'generation' | 'ready'> & { loading: boolean } = {
    loading: false,
    connected: false,
    walletName: null,
    account: null,
    network: null,
    wallets: [{ name: DEV_WALLET_NAME, canChangeNetwork: true }],
    notDetected: [{ name: 'Petra', url: 'https://petra.app', canChangeNetwork: false }],
  };
  const commands: AdapterCommands = {
    connect: async (walletName) => {
      calls.push(`connect ${walletName}`);
      const response = await args.devWallet.connect();
      if (response.status === 'Rejected') throw 'User has rejected the request';
      publish({
        connected: true,
        walletName,
        account: {
          address: response.args.address.toStringLong(),
          publicKey: response.args.publicKey.toString(),
        },
        network: LOCAL_WALLET_NETWORK,
      });
    },
    disconnect: async () => {
      calls.push('disconnect');
      await args.devWallet.disconnect();
      publish({ connected: false, walletName: null, account: null, network: null });
    },
    changeNetwork: async () => {
      calls.push('changeNetwork');
    },
    signAndSubmitTransaction: async () => {
      calls.push('signAndSubmitTransaction');
      return { hash: `0x${'ab'.repeat(32)}` };
    },
    disconnectWallet: async (walletName) => {
      calls.push(`disconnectWallet ${walletName}`);
    },
  };
  const publish: Publish = (view) => {
    current = { ...current, ...view };
    bridge.publish({ view: { ...current, generation }, commands });
  };
  return {
    bridge,
    calls,
    commands,
    publish,
    /** A new adapter mount: not connected, loading, as after a network change or a reload. */
    remount() {
      generation = bridge.attach();
      current = { ...current, connected: false, walletName: null, account: null, network: null };
      publish({ loading: true });
    },
    /**
     * What the adapter does once it lists its wallets with `autoConnect` set and a remembered
     * wallet: asks the workbench's decision, connects if allowed, then stops loading.
     */
    async autoConnect(walletName: string, networkKind: NetworkConfig['kind'] = 'local') {
      const decide = createAutoConnect({ bridge, devWallet: args.devWallet, networkKind });
      if (await decide(null, { name: walletName })) await commands.connect(walletName);
      publish({ loading: false });
    },
  };
}

/**
 * A started wallet machine with the real actors over a scripted adapter and a test dev wallet.
 */
export function startWalletMachine(
  options: { network?: NetworkConfig; online?: boolean; devWallet?: DevWallet } = {},
) {
  const devWallet = options.devWallet ?? testWallet().wallet;
  const adapter = fakeAdapter({ devWallet });
  const notices: WalletNotice[] = [];
  const environment: WalletEnvironment = {
    network: options.network ?? presetNetworks.local,
    chainCheck: { state: 'ok', chainId: 4 },
    online: options.online ?? true,
  };
  const actor = createActor(
    walletMachine.provide({
      actors: createWalletActors({
        bridge: adapter.bridge,
        devWallet,
        getEnvironment: () => environment,
        notify: (notice) => notices.push(notice),
        reportTimeoutMs: 200,
      }),
    }),
    { input: { appNetwork: LOCAL } },
  );
  actor.start();
  return { actor, devWallet, adapter, notices, environment };
}

/** Resolves once `predicate` holds (polled), or fails after `timeoutMs`. */
export async function until(predicate: () => boolean, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
