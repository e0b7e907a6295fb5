import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DERIVATION_PATH,
  DevWalletError,
  parsePrivateKey,
  validateDerivationPath,
  validateMnemonic,
} from '../../../src/devwallet';
import { SDK_VECTOR, testWallet, validPhrase } from './helpers';

const KEY_HEX = SDK_VECTOR.privateKey.slice('ed25519-priv-0x'.length);

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof DevWalletError ? error.code : `not a DevWalletError: ${String(error)}`;
  }
  return undefined;
}

describe('recovery phrases', () => {
  it.each([12, 15, 18, 21, 24])(
    'accepts a valid %i-word phrase and imports its account',
    (words) => {
      const phrase = validPhrase(words);
      expect(phrase.split(' ')).toHaveLength(words);
      expect(validateMnemonic({ mnemonic: phrase })).toBe(phrase);
      const { wallet } = testWallet();
      const account = wallet.importMnemonic({ mnemonic: phrase });
      expect(account).toMatchObject({
        origin: 'mnemonic',
        derivationPath: DEFAULT_DERIVATION_PATH,
      });
      expect(account.address).toMatch(/^0x[0-9a-f]{64}$/);
    },
  );

  it.each([11, 13, 25])('refuses %i words with "invalid mnemonic" and the count', (words) => {
    const phrase = validPhrase(24).split(' ').slice(0, Math.min(words, 24));
    while (phrase.length < words) phrase.push('abandon');
    expect(() => validateMnemonic({ mnemonic: phrase.join(' ') })).toThrow(
      new RegExp(`^Invalid mnemonic: .*12, 15, 18, 21 or 24 words; this one has ${words}\\.$`),
    );
    const { wallet } = testWallet();
    expect(codeOf(() => wallet.importMnemonic({ mnemonic: phrase.join(' ') }))).toBe(
      'INVALID_MNEMONIC',
    );
    expect(wallet.getSnapshot().accounts).toHaveLength(0);
  });

  it('refuses an empty phrase', () => {
    expect(() => validateMnemonic({ mnemonic: '   ' })).toThrow(
      /Invalid mnemonic: .*this one has 0/,
    );
  });

  it('names the position of an unknown word, never the word', () => {
    const words = SDK_VECTOR.mnemonic.split(' ');
    words[4] = 'zzzsecret';
    let message = '';
    try {
      validateMnemonic({ mnemonic: words.join(' ') });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid mnemonic: word 5 is not in the BIP-39 English word list/);
    expect(message).not.toContain('zzzsecret');
  });

  it('refuses known words with a wrong checksum', () => {
    const words = SDK_VECTOR.mnemonic.split(' ');
    [words[0], words[1]] = [words[1] as string, words[0] as string];
    expect(() => validateMnemonic({ mnemonic: words.join(' ') })).toThrow(
      /Invalid mnemonic: .*checksum does not match/,
    );
  });

  it('normalises case and spacing, and derives the ts-sdk test vector', () => {
    const messy = `  ${SDK_VECTOR.mnemonic.toUpperCase().split(' ').join('   ')}\n`;
    const { wallet } = testWallet();
    const account = wallet.importMnemonic({ mnemonic: messy, derivationPath: SDK_VECTOR.path });
    expect(account.address).toBe(SDK_VECTOR.address);
    expect(account.publicKey).toBe(SDK_VECTOR.publicKey);
  });

  it('derives another account at another path', () => {
    const { wallet } = testWallet();
    const first = wallet.importMnemonic({ mnemonic: SDK_VECTOR.mnemonic });
    const second = wallet.importMnemonic({
      mnemonic: SDK_VECTOR.mnemonic,
      derivationPath: "m/44'/637'/0'/0'/1'",
    });
    expect(first.address).toBe(SDK_VECTOR.address);
    expect(second.address).not.toBe(first.address);
    expect(second.derivationPath).toBe("m/44'/637'/0'/0'/1'");
  });

  it.each([
    ["m/44'/637'/0'/0/0", 'non-hardened parts'],
    ["m/44'/60'/0'/0'/0'", 'another coin type'],
    ["m/44'/637'/0'/0'", 'too few parts'],
    ["m/44'/637'/2147483648'/0'/0'", 'an index past 2^31'],
    ['not a path', 'garbage'],
  ])('refuses the derivation path %s (%s)', (path) => {
    expect(() => validateDerivationPath({ path })).toThrow(/^Invalid derivation path: /);
    const { wallet } = testWallet();
    expect(
      codeOf(() => wallet.importMnemonic({ mnemonic: SDK_VECTOR.mnemonic, derivationPath: path })),
    ).toBe('INVALID_DERIVATION_PATH');
  });

  it('accepts the default path and other hardened Aptos paths', () => {
    expect(validateDerivationPath({ path: ` ${DEFAULT_DERIVATION_PATH} ` })).toBe(
      DEFAULT_DERIVATION_PATH,
    );
    expect(validateDerivationPath({ path: "m/44'/637'/3'/0'/7'" })).toBe("m/44'/637'/3'/0'/7'");
  });
});

describe('private keys', () => {
  it.each([
    ['an AIP-80 string', SDK_VECTOR.privateKey],
    ['0x hex', `0x${KEY_HEX}`],
    ['bare hex', KEY_HEX],
    ['upper-case hex with spaces around', `  0x${KEY_HEX.toUpperCase()}  `],
  ])('imports %s', (_what, input) => {
    expect(parsePrivateKey({ privateKey: input }).toAIP80String()).toBe(SDK_VECTOR.privateKey);
    const { wallet } = testWallet();
    expect(wallet.importPrivateKey({ privateKey: input, name: 'Vector' })).toMatchObject({
      address: SDK_VECTOR.address,
      name: 'Vector',
      origin: 'privateKey',
    });
  });

  it.each([
    ['', /Enter a private key/],
    ['0x1234', /32 bytes \(64 hex characters\); this one has 4/],
    [`ed25519-priv-0x${KEY_HEX}00`, /this one has 66/],
    [`0x${KEY_HEX.slice(0, 62)}zz`, /not hex digits/],
    [`secp256k1-priv-0x${KEY_HEX}`, /secp256k1 key; the dev wallet holds Ed25519 keys only/],
  ])('refuses %j with a message that says what is wrong', (input, message) => {
    let caught: unknown;
    try {
      parsePrivateKey({ privateKey: input });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DevWalletError);
    expect((caught as DevWalletError).code).toBe('INVALID_PRIVATE_KEY');
    expect((caught as DevWalletError).name).toBe('DevWalletError');
    expect((caught as Error).message).toMatch(message);
    if (input.length > 20) expect((caught as Error).message).not.toContain(KEY_HEX.slice(0, 20));
  });

  it('refuses a key that is already in the wallet, naming the account', () => {
    const { wallet } = testWallet();
    wallet.importPrivateKey({ privateKey: SDK_VECTOR.privateKey, name: 'First' });
    expect(() => wallet.importPrivateKey({ privateKey: KEY_HEX })).toThrow(
      'This key is already in the wallet as "First".',
    );
    expect(() => wallet.importMnemonic({ mnemonic: SDK_VECTOR.mnemonic })).toThrow(/as "First"/);
    expect(wallet.getSnapshot().accounts).toHaveLength(1);
  });
});
