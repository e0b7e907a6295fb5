import { describe, expect, it, vi } from 'vitest';
import {
  createDevWallet,
  createLocalStorageKeyStore,
  createMemoryKeyStore,
  DEV_WALLET_STORAGE_KEY,
  type DevWalletKeyStore,
} from '../../../src/devwallet';
import { NOW_MS, SDK_VECTOR, testWallet } from './helpers';

const devnetChainId = async () => 165;

describe('which keys persist', () => {
  it.each(['local', 'devnet', 'testnet'] as const)(
    'saves keys added on %s and restores them after a reload',
    async (name) => {
      const { wallet, keyStore } = testWallet({ fetchChainId: devnetChainId });
      await wallet.switchNetwork({ name });
      const first = wallet.generateAccount({ name: 'First' });
      const second = wallet.importPrivateKey({ privateKey: SDK_VECTOR.privateKey, name: 'Vector' });
      wallet.setActiveAccount({ address: second.address });
      expect(first.persisted).toBe(true);
      expect(wallet.getSnapshot().persistsNewKeys).toBe(true);
      expect(keyStore.saved()?.accounts.map((account) => account.name)).toEqual([
        'First',
        'Vector',
      ]);
      expect(keyStore.saved()?.accounts[1]?.privateKey).toBe(SDK_VECTOR.privateKey);

      const reloaded = createDevWallet({ keyStore, now: () => NOW_MS });
      const snapshot = reloaded.getSnapshot();
      expect(snapshot.accounts.map((account) => [account.name, account.address])).toEqual([
        ['First', first.address],
        ['Vector', SDK_VECTOR.address],
      ]);
      expect(snapshot.activeAccount?.address).toBe(SDK_VECTOR.address);
      expect(snapshot.network.name).toBe(name);
      expect(reloaded.generateAccount().name).toBe('Account 3');
    },
  );

  it.each([
    ['mainnet', { name: 'mainnet' as const }],
    [
      'a custom network',
      { name: 'custom' as const, nodeUrl: 'http://10.0.0.5:8080/v1', chainId: 9 },
    ],
  ])('keeps keys added on %s in memory only', async (_what, input) => {
    const { wallet, keyStore } = testWallet();
    const saved = wallet.generateAccount({ name: 'Saved on local' });
    await wallet.switchNetwork(input);
    expect(wallet.getSnapshot().persistsNewKeys).toBe(false);
    const memoryOnly = wallet.generateAccount({ name: 'Memory only' });
    expect(memoryOnly.persisted).toBe(false);
    expect(wallet.getSnapshot().accounts.map((account) => account.name)).toEqual([
      'Saved on local',
      'Memory only',
    ]);
    expect(keyStore.saved()?.accounts.map((account) => account.name)).toEqual(['Saved on local']);

    const reloaded = createDevWallet({ keyStore });
    expect(reloaded.getSnapshot().accounts.map((account) => account.address)).toEqual([
      saved.address,
    ]);
  });

  it('forgets removed keys and remembers renames', () => {
    const { wallet, keyStore } = testWallet();
    const keep = wallet.generateAccount({ name: 'Keep' });
    const drop = wallet.generateAccount({ name: 'Drop' });
    wallet.renameAccount({ address: keep.address, name: 'Kept' });
    wallet.removeAccount({ address: drop.address });
    expect(keyStore.saved()?.accounts.map((account) => account.name)).toEqual(['Kept']);
    expect(
      createDevWallet({ keyStore })
        .getSnapshot()
        .accounts.map((a) => a.name),
    ).toEqual(['Kept']);
  });
});

describe('the localStorage key store', () => {
  it('writes one record under its key, with local keys and without mainnet keys', async () => {
    const keyStore = createLocalStorageKeyStore();
    const wallet = createDevWallet({ keyStore });
    wallet.importPrivateKey({ privateKey: SDK_VECTOR.privateKey });
    await wallet.switchNetwork({ name: 'mainnet' });
    const mainnetOnly = wallet.generateAccount();
    const stored = window.localStorage.getItem(DEV_WALLET_STORAGE_KEY) ?? '';
    expect(stored).toContain(SDK_VECTOR.privateKey);
    expect(stored).not.toContain(mainnetOnly.address.slice(2));
    expect(JSON.parse(stored)).toMatchObject({
      version: 1,
      network: { name: 'mainnet', chainId: 1 },
    });
    expect(createDevWallet({ keyStore }).getSnapshot().accounts).toHaveLength(1);
  });

  it('starts empty and explains when the saved record cannot be read', () => {
    const consoleError = vi.spyOn(console, 'error');
    window.localStorage.setItem(DEV_WALLET_STORAGE_KEY, '{not json');
    const wallet = createDevWallet({ keyStore: createLocalStorageKeyStore() });
    const snapshot = wallet.getSnapshot();
    expect(snapshot.accounts).toEqual([]);
    expect(snapshot.storageError).toMatch(
      /saved dev wallet \(localStorage "transaction-workbench.dev-wallet.v1"\) could not be read/,
    );
    wallet.generateAccount();
    expect(wallet.getSnapshot().storageError).toBeUndefined();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('skips a saved key it cannot parse and says so', () => {
    const keyStore = createMemoryKeyStore({
      version: 1,
      accounts: [
        { name: 'Good', privateKey: SDK_VECTOR.privateKey, origin: 'privateKey' },
        { name: 'Bad', privateKey: 'ed25519-priv-0x1234', origin: 'generated' },
      ],
    });
    const snapshot = createDevWallet({ keyStore }).getSnapshot();
    expect(snapshot.accounts.map((account) => account.name)).toEqual(['Good']);
    expect(snapshot.storageError).toMatch(/1 saved account\(s\) could not be read/);
  });

  it('keeps working in memory when the storage refuses to save', () => {
    const full: DevWalletKeyStore = {
      load: () => undefined,
      save: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    };
    const wallet = createDevWallet({ keyStore: full });
    const account = wallet.generateAccount();
    expect(wallet.getSnapshot().accounts).toEqual([account]);
    expect(wallet.getSnapshot().storageError).toMatch(
      /Could not save the keys in browser storage \(The quota has been exceeded\.\); they stay in memory/,
    );
  });
});
