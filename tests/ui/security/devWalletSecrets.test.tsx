/**
 * The dev wallet refuses mainnet, whatever its policy and however mainnet is named, and keeps its
 * keys out of every log line and out of everything it hands the app (its snapshot, request log,
 * events and answers). The key is the ts-sdk's own test vector, scanned for in every encoding.
 */
import { Ed25519PrivateKey, PrivateKey, PrivateKeyVariants } from '@aptos-labs/ts-sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAINNET_REFUSAL } from '../../../src/devwallet';
import { SDK_VECTOR, testWallet, transferTransaction } from '../devwallet/helpers';

const key = new Ed25519PrivateKey(
  PrivateKey.formatPrivateKey(SDK_VECTOR.privateKey, PrivateKeyVariants.Ed25519),
);
const hex = Buffer.from(key.toUint8Array()).toString('hex');
const ENCODINGS = [
  hex,
  hex.toUpperCase(),
  `0x${hex}`,
  SDK_VECTOR.privateKey,
  Buffer.from(key.toUint8Array()).toString('base64'),
  hex.slice(0, 32),
];
const PHRASE_PART = SDK_VECTOR.mnemonic.split(' ').slice(0, 3).join(' ');

const logged: string[] = [];
beforeEach(() => {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(
        args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '),
      );
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  logged.length = 0;
});

function leaks(text: string): string[] {
  const found = ENCODINGS.filter((encoding) => text.includes(encoding));
  if (text.includes(PHRASE_PART)) found.push('phrase');
  return found;
}

async function walletWithVectorKey(policy: 'auto-approve' | 'prompt' = 'auto-approve') {
  const setup = testWallet({ policy: 'auto-approve' });
  setup.wallet.importMnemonic({ mnemonic: SDK_VECTOR.mnemonic, derivationPath: SDK_VECTOR.path });
  await setup.wallet.connect();
  setup.wallet.setPolicy(policy);
  const account = setup.wallet.getSnapshot().activeAccount;
  if (account === null) throw new Error('no active account');
  expect(account.address).toBe(SDK_VECTOR.address);
  return { ...setup, account };
}

describe('the dev wallet refuses mainnet', () => {
  it.each([
    ['mainnet by name', { name: 'mainnet' as const }],
    [
      'a custom network that is chain id 1',
      { name: 'custom' as const, nodeUrl: 'https://node.example/v1', chainId: 1 },
    ],
  ])('%s: signing answers INVALID with the reason, even on auto-approve', async (_, network) => {
    const { wallet, account } = await walletWithVectorKey('auto-approve');
    await wallet.switchNetwork(network);
    expect(wallet.getSnapshot().network.chainId).toBe(1);
    const answer = await wallet.signTransaction(
      transferTransaction({ sender: account.address, chainId: 1 }),
    );
    expect(answer.status).toBe('Rejected');
    const last = wallet.getSnapshot().requestLog.at(-1);
    expect(last).toMatchObject({ status: 'INVALID', reason: MAINNET_REFUSAL });
  });
});

describe('the dev wallet keeps its keys out of logs and out of what the app sees', () => {
  it('import, sign, refuse on mainnet: no key in any console line, snapshot, event or answer', async () => {
    const seen: string[] = [];
    const { wallet, account, keyStore } = await walletWithVectorKey('auto-approve');
    wallet.onEvent((event) => seen.push(JSON.stringify(event)));
    const signed = await wallet.signTransaction(transferTransaction({ sender: account.address }));
    expect(signed.status).toBe('Approved');
    seen.push(JSON.stringify(signed));
    await wallet.switchNetwork({ name: 'mainnet' });
    seen.push(
      JSON.stringify(
        await wallet.signTransaction(transferTransaction({ sender: account.address, chainId: 1 })),
      ),
    );
    seen.push(JSON.stringify(wallet.getSnapshot()));
    expect(leaks(seen.join('\n'))).toEqual([]);
    expect(leaks(logged.join('\n'))).toEqual([]);
    // Only the key store holds it (localStorage in the browser), as AIP-80: the scan can find it.
    expect(leaks(JSON.stringify(keyStore.load()))).toContain(SDK_VECTOR.privateKey);
  });

  it('a refused import says why without echoing the key it was given', () => {
    const { wallet } = testWallet();
    const almost = `${SDK_VECTOR.privateKey}zz`;
    let message = '';
    try {
      wallet.importPrivateKey({ privateKey: almost });
    } catch (error) {
      message = String(error instanceof Error ? error.message : error);
    }
    expect(message).not.toBe('');
    expect(leaks(message)).toEqual([]);
    expect(leaks(logged.join('\n'))).toEqual([]);
  });
});
