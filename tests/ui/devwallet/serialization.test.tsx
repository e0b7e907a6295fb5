/**
 * Private keys must never reach anything public: snapshots, events, the request log, the
 * registered wallet object, errors, `toJSON`, `util.inspect`, or the console.
 */
import { inspect } from 'node:util';
import { expect, it, vi } from 'vitest';
import type { DevWalletEvent } from '../../../src/devwallet';
import { SDK_VECTOR, STRANGER, testWallet, transferTransaction } from './helpers';

it('no serialisation of public state contains a private key or the recovery phrase', async () => {
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
    vi.spyOn(console, method),
  );
  const { wallet, keyStore } = testWallet({ policy: 'auto-approve' });
  const events: DevWalletEvent[] = [];
  wallet.onEvent((event) => events.push(event));
  const errors: unknown[] = [];

  wallet.generateAccount({ name: 'Generated' });
  wallet.importPrivateKey({ privateKey: SDK_VECTOR.privateKey, name: 'Imported' });
  wallet.importMnemonic({
    mnemonic: SDK_VECTOR.mnemonic,
    derivationPath: "m/44'/637'/0'/0'/1'",
    name: 'Phrase',
  });
  for (const attempt of [
    () => wallet.importPrivateKey({ privateKey: SDK_VECTOR.privateKey }),
    () => wallet.importMnemonic({ mnemonic: SDK_VECTOR.mnemonic, derivationPath: SDK_VECTOR.path }),
    () => wallet.importPrivateKey({ privateKey: `${SDK_VECTOR.privateKey}ff` }),
  ]) {
    try {
      attempt();
    } catch (error) {
      errors.push(error);
    }
  }
  expect(errors).toHaveLength(3);

  await wallet.connect();
  const active = wallet.getSnapshot().activeAccount?.address ?? '';
  await wallet.signTransaction(transferTransaction({ sender: active }));
  await wallet.signTransaction(transferTransaction({ sender: STRANGER }));
  await wallet.signMessage({ message: 'hello', nonce: '1', address: true });
  await wallet.signAndSubmitTransaction({
    payload: { function: '0x1::aptos_account::transfer', functionArguments: [STRANGER, 1] },
  });
  wallet.setActiveAccount({ address: SDK_VECTOR.address });
  await wallet.switchNetwork({ name: 'testnet' });

  const secrets = (keyStore.saved()?.accounts ?? []).map((account) =>
    account.privateKey.replace(/^ed25519-priv-0x/, '').toLowerCase(),
  );
  expect(secrets).toHaveLength(3);
  expect(secrets).toContain(SDK_VECTOR.privateKey.replace(/^ed25519-priv-0x/, ''));

  const publicViews = [
    JSON.stringify(wallet),
    JSON.stringify(wallet.getSnapshot()),
    JSON.stringify(events),
    JSON.stringify(wallet.getSnapshot().requestLog),
    JSON.stringify(wallet.standardWallet),
    JSON.stringify(await wallet.account()),
    JSON.stringify(await wallet.network()),
    inspect(wallet, { depth: Infinity, showHidden: true, getters: true }),
    inspect(wallet.standardWallet, { depth: Infinity, showHidden: true, getters: true }),
    inspect(events, { depth: Infinity }),
    errors.map((error) => `${String(error)} ${inspect(error, { depth: Infinity })}`).join('\n'),
  ].map((text) => text.toLowerCase());

  expect(events.length).toBeGreaterThan(5);
  expect(publicViews.join('\n')).toContain(SDK_VECTOR.address.slice(2));
  for (const view of publicViews) {
    for (const secret of secrets) expect(view).not.toContain(secret);
    expect(view).not.toContain('signingkey');
    expect(view).not.toContain('ed25519-priv');
    expect(view).not.toContain(SDK_VECTOR.mnemonic.split(' ').slice(0, 4).join(' '));
  }
  for (const spy of spies) expect(spy).not.toHaveBeenCalled();
});
