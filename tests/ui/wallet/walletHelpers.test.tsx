import { describe, expect, it } from 'vitest';
import { statePath } from '../../../machines';
import { createAdapterBridge, type AdapterCommands } from '../../../src/actors';
import { shortAddress } from '../../../src/format/address';
import { presetNetworks } from '../../../src/network/networks';
import {
  chainIdText,
  offeredWallets,
  toAppNetwork,
  UNKNOWN_CHAIN_ID,
  walletRefusal,
} from '../../../src/wallet';

describe('keyless wallets', () => {
  const wallets = [
    { name: 'Workbench Dev Wallet' },
    { name: 'Continue with Apple' },
    { name: 'Petra Web' },
  ];

  it('are offered on mainnet and testnet only', () => {
    expect(offeredWallets({ wallets, kind: 'local' }).map((w) => w.name)).toEqual([
      'Workbench Dev Wallet',
    ]);
    expect(offeredWallets({ wallets, kind: 'devnet' })).toHaveLength(1);
    expect(offeredWallets({ wallets, kind: 'mainnet' })).toHaveLength(3);
    expect(offeredWallets({ wallets, kind: 'testnet' })).toHaveLength(3);
  });

  it('are refused elsewhere, offline, or when the node is unreachable; others never', () => {
    const ok = { state: 'ok', chainId: 2 } as const;
    expect(
      walletRefusal({
        walletName: 'Continue with Google',
        network: presetNetworks.devnet,
        chainCheck: ok,
        online: true,
      }),
    ).toMatch(/serves only Mainnet and Testnet; the workbench is on Devnet/);
    expect(
      walletRefusal({
        walletName: 'Continue with Google',
        network: presetNetworks.testnet,
        chainCheck: ok,
        online: false,
      }),
    ).toMatch(/this browser is offline/);
    expect(
      walletRefusal({
        walletName: 'Petra Web',
        network: presetNetworks.mainnet,
        chainCheck: { state: 'unreachable', message: 'down' },
        online: true,
      }),
    ).toMatch(/node cannot be reached/);
    expect(
      walletRefusal({
        walletName: 'Continue with Google',
        network: presetNetworks.testnet,
        chainCheck: ok,
        online: true,
      }),
    ).toBeUndefined();
    expect(
      walletRefusal({
        walletName: 'Workbench Dev Wallet',
        network: presetNetworks.local,
        chainCheck: ok,
        online: false,
      }),
    ).toBeUndefined();
  });
});

describe('toAppNetwork', () => {
  it('uses the fixed chain id of a preset, else what the node said, else unknown', () => {
    expect(
      toAppNetwork({ network: presetNetworks.local, chainCheck: { state: 'checking' } }),
    ).toEqual({
      name: 'local',
      chainId: 4,
    });
    expect(
      toAppNetwork({ network: presetNetworks.devnet, chainCheck: { state: 'ok', chainId: 184 } }),
    ).toEqual({ name: 'devnet', chainId: 184 });
    expect(
      toAppNetwork({
        network: presetNetworks.devnet,
        chainCheck: { state: 'unreachable', message: 'x' },
      }),
    ).toEqual({ name: 'devnet', chainId: UNKNOWN_CHAIN_ID });
    expect(chainIdText(UNKNOWN_CHAIN_ID)).toBe('an unknown chain id');
    expect(chainIdText(2)).toBe('chain id 2');
  });
});

describe('statePath and shortAddress', () => {
  it('names nested states with dots and shortens addresses', () => {
    expect(statePath({ connected: 'wrongNetwork' })).toBe('connected.wrongNetwork');
    expect(statePath('rejected')).toBe('rejected');
    expect(shortAddress(`0x${'a'.repeat(60)}beef`)).toBe('0xaaaa…beef');
    expect(shortAddress('0x1')).toBe('0x1');
  });
});

describe('createAdapterBridge', () => {
  const commands = {} as AdapterCommands;
  const view = {
    loading: false,
    connected: false,
    walletName: null,
    account: null,
    network: null,
    wallets: [],
    notDetected: [],
  };

  it('ignores an older adapter generation and stays ready while a connect sets loading again', () => {
    const bridge = createAdapterBridge();
    const first = bridge.attach();
    const second = bridge.attach();
    bridge.publish({ view: { ...view, generation: second }, commands });
    expect(bridge.view()).toMatchObject({ generation: second, ready: true });
    bridge.publish({ view: { ...view, generation: first, connected: true }, commands });
    expect(bridge.view().connected).toBe(false);
    bridge.publish({ view: { ...view, generation: second, loading: true }, commands });
    expect(bridge.view().ready).toBe(true);
  });

  it('waitFor resolves on a matching view, or null after the timeout', async () => {
    const bridge = createAdapterBridge();
    const generation = bridge.attach();
    const waiting = bridge.waitFor((next) => next.connected, 1000);
    bridge.publish({ view: { ...view, generation, connected: true }, commands });
    await expect(waiting).resolves.toMatchObject({ connected: true });
    await expect(bridge.waitFor((next) => next.walletName === 'x', 10)).resolves.toBeNull();
  });
});
