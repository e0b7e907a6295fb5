import { Ed25519Account, Ed25519PrivateKey, Hex, isValidHardenedPath } from '@aptos-labs/ts-sdk';
import { validateMnemonic as isValidBip39Mnemonic } from '@scure/bip39';
import { wordlist as englishWordlist } from '@scure/bip39/wordlists/english';
import { MNEMONIC_WORD_COUNTS } from './constants';
import { DevWalletError } from './DevWalletError';

const ED25519_AIP80_PREFIX = 'ed25519-priv-';
const OTHER_AIP80_PREFIXES = ['secp256k1-priv-', 'secp256r1-priv-'];
const HARDENED_LIMIT = 0x80000000;

function invalidKey(message: string): DevWalletError {
  return new DevWalletError({ code: 'INVALID_PRIVATE_KEY', message });
}

/**
 * Parses an Ed25519 private key typed or pasted by a person: an AIP-80 string
 * (`ed25519-priv-0x…`) or 32 bytes of hex, with or without `0x`. Error messages say what is
 * wrong with the input but never repeat it.
 *
 * @param args.privateKey - The text as entered.
 * @returns The private key.
 * @throws DevWalletError with code `INVALID_PRIVATE_KEY`.
 * @example
 * ```ts
 * const key = parsePrivateKey({ privateKey: 'ed25519-priv-0x' + '11'.repeat(32) });
 * ```
 */
export function parsePrivateKey(args: { privateKey: string }): Ed25519PrivateKey {
  const text = args.privateKey.trim();
  if (text === '') {
    throw invalidKey(
      'Enter a private key: an AIP-80 string (ed25519-priv-0x…) or 64 hex characters.',
    );
  }
  const otherPrefix = OTHER_AIP80_PREFIXES.find((prefix) => text.startsWith(prefix));
  if (otherPrefix !== undefined) {
    throw invalidKey(
      `This is a ${otherPrefix.slice(0, -'-priv-'.length)} key; the dev wallet holds Ed25519 keys only (ed25519-priv-0x…).`,
    );
  }
  const hex = (
    text.startsWith(ED25519_AIP80_PREFIX) ? text.slice(ED25519_AIP80_PREFIX.length) : text
  ).replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]*$/.test(hex)) {
    throw invalidKey(
      'The private key contains characters that are not hex digits (0-9, a-f). Paste the key again without spaces.',
    );
  }
  if (hex.length !== 64) {
    throw invalidKey(
      `An Ed25519 private key is 32 bytes (64 hex characters); this one has ${hex.length} hex characters.`,
    );
  }
  return new Ed25519PrivateKey(Hex.fromHexString(hex).toUint8Array(), false);
}

/** Lower-cases a phrase and collapses its whitespace, as the SDK does before deriving. */
export function normalizeMnemonic(mnemonic: string): string {
  return mnemonic.trim().split(/\s+/).filter(Boolean).join(' ').toLowerCase();
}

/**
 * Checks a BIP-39 recovery phrase: 12, 15, 18, 21 or 24 English words with a valid checksum.
 * Messages start with "Invalid mnemonic" and name word positions, never the words.
 *
 * @param args.mnemonic - The phrase as entered.
 * @returns The normalised phrase (single spaces, lower case).
 * @throws DevWalletError with code `INVALID_MNEMONIC`.
 * @example
 * ```ts
 * validateMnemonic({ mnemonic: 'abandon abandon … about' });
 * ```
 */
export function validateMnemonic(args: { mnemonic: string }): string {
  const normalized = normalizeMnemonic(args.mnemonic);
  const words = normalized === '' ? [] : normalized.split(' ');
  if (!MNEMONIC_WORD_COUNTS.includes(words.length)) {
    throw new DevWalletError({
      code: 'INVALID_MNEMONIC',
      message: `Invalid mnemonic: a recovery phrase has 12, 15, 18, 21 or 24 words; this one has ${words.length}.`,
    });
  }
  const unknown = words.flatMap((word, index) =>
    englishWordlist.includes(word) ? [] : [index + 1],
  );
  if (unknown.length > 0) {
    throw new DevWalletError({
      code: 'INVALID_MNEMONIC',
      message: `Invalid mnemonic: word ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in the BIP-39 English word list. Check the spelling.`,
    });
  }
  if (!isValidBip39Mnemonic(normalized, englishWordlist)) {
    throw new DevWalletError({
      code: 'INVALID_MNEMONIC',
      message:
        'Invalid mnemonic: every word is known but the checksum does not match. Check the order of the words and that none is missing.',
    });
  }
  return normalized;
}

/**
 * Checks a derivation path for Ed25519: `m/44'/637'/{account}'/{change}'/{index}'`, every part
 * hardened and below 2^31.
 *
 * @param args.path - The path as entered.
 * @returns The trimmed path.
 * @throws DevWalletError with code `INVALID_DERIVATION_PATH`.
 * @example
 * ```ts
 * validateDerivationPath({ path: "m/44'/637'/1'/0'/0'" });
 * ```
 */
export function validateDerivationPath(args: { path: string }): string {
  const path = args.path.trim();
  const indexes = path
    .split('/')
    .slice(1)
    .map((part) => Number.parseInt(part, 10));
  if (!isValidHardenedPath(path) || indexes.some((index) => index >= HARDENED_LIMIT)) {
    throw new DevWalletError({
      code: 'INVALID_DERIVATION_PATH',
      message:
        "Invalid derivation path: Ed25519 keys need a hardened Aptos path such as m/44'/637'/0'/0'/0' (five parts, each index below 2147483648 and followed by ').",
    });
  }
  return path;
}

/**
 * Derives the Ed25519 account of a recovery phrase at a path, after validating both.
 *
 * @param args.mnemonic - The recovery phrase.
 * @param args.path - The derivation path.
 * @returns The account (it holds the private key: keep it out of logs and state snapshots).
 * @throws DevWalletError with code `INVALID_MNEMONIC` or `INVALID_DERIVATION_PATH`.
 * @example
 * ```ts
 * const account = deriveAccount({ mnemonic, path: DEFAULT_DERIVATION_PATH });
 * ```
 */
export function deriveAccount(args: { mnemonic: string; path: string }): Ed25519Account {
  const mnemonic = validateMnemonic({ mnemonic: args.mnemonic });
  const path = validateDerivationPath({ path: args.path });
  return Ed25519Account.fromDerivationPath({ mnemonic, path });
}
